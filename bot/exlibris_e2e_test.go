package bot

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/engine/exlibris/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// exlibrisGame is one whole game of Ex Libris played through the real bot
// and the fake Discord by two people, ana (by direct message) and bo
// (whose direct messages are closed: he plays by /exlibris play), with a
// normal computer player the host adds in the lobby. On the way:
//
//   - bo forges a click on ana's prompt, which is refused and changes
//     nothing;
//   - the host extends the step's deadline (a host tool);
//   - the first time a person owes an answer to another seat's visit,
//     they miss it: the clock passes the deadline, the autopilot answers,
//     the channel is told, and they come back with /exlibris back;
//   - when a step asks both people at once, each has their prompt: ana in
//     her direct messages, bo mentioned in the channel's post;
//   - mid-game bo asks /exlibris hand, collection, city and status;
//   - a person, asked within a placement they may still take back, presses
//     Undo this placement: the game stands again where it stood before
//     the placement and goes on, the move log holds the undo, the channel
//     is told; and a person presses an Undo button forged when there is
//     nothing to take back, which is refused in words and changes nothing.
type exlibrisGame struct {
	h    *harness
	lang i18n.Lang
	id   string
	rec  *store.Game
	// during are the answers of the commands asked mid-game.
	during map[string][]discordtest.Message
	// forged is what bo saw when he forged a click on ana's prompt, and
	// whether the game stood still.
	forged      discordtest.Message
	forgedStill bool
	// extended are the deadlines before and after the host's extend.
	extended [2]time.Time
	// missed is the seat that missed an answer, its decision, and whether
	// the autopilot answered it.
	missed       int
	missedKind   string
	missedPlayed bool
	// together is set once both people were asked at once with their
	// prompts both live.
	together bool
	took     time.Duration
	// placing is the seat of the last person asked to place, and the game
	// as everyone saw it then (exlibrisPosition).
	placing       int
	beforePlacing string
	// undo is the person's placement taken back: the seat (-1 before),
	// the game before the placement and after the undo as everyone sees
	// it, the move the log ends with and who made it, and whether the seat
	// was asked to place again.
	undoSeat    int
	undoBefore  string
	undoAfter   string
	undoLogged  store.LoggedMove
	undoReplace bool
	// forgedUndo is what a person saw pressing an Undo button forged when
	// there was nothing to take back, and whether the game stood still.
	forgedUndo      discordtest.Message
	forgedUndoSeat  int
	forgedUndoStill bool
}

// exlibrisPeople are the game's people: ana by direct message, bo by
// command.
func exlibrisPeople(h *harness) []*drive.Player {
	return []*drive.Player{{User: h.user("ana")}, {User: h.user("bo"), ViaSlash: true}}
}

// playExlibris opens and plays the game, in lang.
func playExlibris(t *testing.T, lang i18n.Lang) *exlibrisGame {
	t.Helper()
	start := time.Now()
	h := newHarness(t, "ana", "bo")
	if lang == i18n.French {
		speakFrench(h)
	}
	ana, bo := h.user("ana"), h.user("bo")
	h.Srv.SetDMsClosed(bo.ID, true)
	lo := drive.Lobby{Command: ex.ID, People: []discordtest.User{ana, bo}, AI: []string{"normal"}}
	if lang == i18n.French {
		lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
	}
	id, err := h.Open(lo)
	if err != nil {
		t.Fatal(err)
	}
	g := &exlibrisGame{h: h, lang: lang, id: id, during: map[string][]discordtest.Message{}, missed: -1, placing: -1, undoSeat: -1}
	people := exlibrisPeople(h)
	// Moves are pressed one at a time until a person has missed an answer
	// and another has taken a placement back (moves the test makes happen,
	// which the driver's whole game must not meet in its middle); then the
	// driver plays the rest.
	for g.missed < 0 || g.undoSeat < 0 || g.forgedUndo.ID == "" {
		rec, err := h.db.LoadGame(h.Ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.State.Over() {
			break
		}
		if g.meet(t, rec, people) {
			continue
		}
		if err := pressOne(h, rec, people); err != nil {
			g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_EXLIBRIS"))
			t.Fatal(err)
		}
	}
	rec, err := h.PlayGame(id, ex.ID, people, ai.Players{}, func(rec *store.Game) { g.look(t, rec, people) })
	if err != nil {
		g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_EXLIBRIS"))
		t.Fatal(err)
	}
	g.rec, g.took = rec, time.Since(start)
	return g
}

// pressOne makes the move of the first person the game waits for, the one
// the normal computer player would make, by pressing its keys.
func pressOne(h *harness, rec *store.Game, people []*drive.Player) error {
	for _, seat := range rec.State.Awaited() {
		i := slices.IndexFunc(people, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })
		if i < 0 || rec.Seats[seat].Autopilot {
			continue
		}
		view := rec.State.View(seat)
		m, err := ai.Players{}.Autopilot(view, seat, rec.Seed+uint64(rec.Seq))
		if err != nil {
			return err
		}
		return h.PressMove(people[i], ex.ID, view, seat, m)
	}
	return fmt.Errorf("the game waits for nobody the test plays at %s", rec.State.StepKey())
}

// persons are the seats asked now whose people play them.
func persons(rec *store.Game) []int {
	var out []int
	for _, s := range rec.State.Awaited() {
		if game.IsPerson(rec, s) && !rec.Seats[s].Autopilot {
			out = append(out, s)
		}
	}
	return out
}

// meet does what the game meets on its way, before a person's move, and
// reports whether it changed the game (the autopilot answered).
func (g *exlibrisGame) meet(t *testing.T, rec *store.Game, people []*drive.Player) bool {
	h := g.h
	st := rec.State.(*ex.State).Game
	asked := persons(rec)
	switch {
	case g.forged.ID == "" && slices.Contains(asked, 0):
		// bo presses a button of ana's prompt.
		prompt, ok, err := h.PromptIn(people[0], ex.ID)
		if err != nil || !ok {
			t.Fatalf("ana has no prompt: %v", err)
		}
		var id string
		for _, row := range prompt.Components {
			for _, c := range row.Components {
				if id == "" && c.CustomID != "" {
					id = c.CustomID
				}
			}
		}
		g.forged = h.forge(h.user("bo"), prompt, id)
		g.forgedStill = h.state(h.world.Channel.ID).Seq == rec.Seq
	case g.extended[0].IsZero() && st.Round() >= 1:
		snap, _ := h.bot.Service().SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
		g.extended[0] = snap.Deadline
		if _, err := h.SlashWith(ex.ID, h.world.Channel.ID, h.user("ana"), discordtest.SubGroup("admin", discordtest.Sub("extend", discordtest.IntOpt("hours", 3)))); err != nil {
			t.Fatalf("/exlibris admin extend: %v", err)
		}
		snap, _ = h.bot.Service().SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
		g.extended[1] = snap.Deadline
	case g.forgedUndo.ID == "" && g.forged.ID != "" && len(asked) == 1 && !st.CanUndo(asked[0]):
		// A person presses an Undo button forged on their own prompt,
		// when there is nothing to take back.
		seat := asked[0]
		p := people[slices.IndexFunc(people, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })]
		prompt, ok, err := h.PromptIn(p, ex.ID)
		if err != nil || !ok {
			t.Fatalf("%s has no prompt: %v", p.User.Username, err)
		}
		id := face.ID{Game: rec.ID, Step: game.StepKey(rec.State), Seq: rec.Seq, Seat: seat, Verb: face.VerbButton,
			Args: append(face.KeyCodec{}.Encode(nil), ex.UndoKey)}
		g.forgedUndo, g.forgedUndoSeat = h.forge(p.User, prompt, id.String()), seat
		after := h.state(h.world.Channel.ID)
		g.forgedUndoStill = after.Seq == rec.Seq && exlibrisPosition(after) == exlibrisPosition(rec)
	case g.undoSeat < 0 && len(asked) == 1 && asked[0] == g.placing && st.CanUndo(asked[0]):
		// The person who just placed takes the placement back.
		seat := asked[0]
		p := people[slices.IndexFunc(people, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })]
		if err := h.PressMove(p, ex.ID, rec.State.View(seat), seat, engine.Move(fmt.Sprintf("s%d %s", seat, ex.UndoKey))); err != nil {
			t.Fatal(err)
		}
		after := h.state(h.world.Channel.ID)
		log, err := h.db.MoveLog(h.Ctx, g.id)
		if err != nil || len(log) != rec.Seq+1 {
			t.Fatalf("the undo was not logged: %d moves, %v", len(log), err)
		}
		d, _ := after.State.(*ex.State).Game.Decision(seat)
		g.undoSeat, g.undoBefore, g.undoAfter = seat, g.beforePlacing, exlibrisPosition(after)
		g.undoLogged, g.undoReplace = log[len(log)-1], d.Kind == "place"
		return true
	case g.missed < 0 && len(asked) == 1 && owed(st, asked[0]):
		seat := asked[0]
		d, _ := st.Decision(seat)
		g.missed, g.missedKind = seat, d.Kind
		before := rec.Seq
		snap, _ := h.bot.Service().SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
		h.elapse(snap.Deadline.Sub(h.now()) + time.Minute)
		log, err := h.db.MoveLog(h.Ctx, g.id)
		if err != nil || len(log) <= before {
			t.Fatalf("the deadline passed and nothing was played: %v", err)
		}
		m := log[before]
		g.missedPlayed = m.By == "autopilot" && strings.HasPrefix(string(m.Move), "s"+string(rune('0'+seat))+" ")
		user := people[slices.IndexFunc(people, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })].User
		g.during["back"] = g.slash(user, "back")
		return true
	}
	if len(asked) == 1 && decisionKind(st, asked[0]) == "place" {
		g.placing, g.beforePlacing = asked[0], exlibrisPosition(rec)
	}
	g.look(t, rec, people)
	return false
}

// decisionKind is what seat is asked ("" when it is not).
func decisionKind(st *ex.Game, seat int) string {
	d, _ := st.Decision(seat)
	return d.Kind
}

// exlibrisPosition is the game as everyone sees it, and what each seat
// holds: whom it waits for and for what, the round, the first player, the
// deck and the discard pile, each seat's hand, collection, assistants at
// home and to place, and each location's cards and assistants. It leaves
// out how many moves were made.
func exlibrisPosition(rec *store.Game) string {
	g := rec.State.(*ex.State).Game
	var b strings.Builder
	fmt.Fprintln(&b, g.Awaited(), g.Round(), g.FirstPlayer(), g.DeckSize(), g.Discard(), g.Reveals())
	for s := 0; s < g.Seats(); s++ {
		d, _ := g.Decision(s)
		fmt.Fprintln(&b, s, d, g.Hand(s), g.Collection(s), g.Home(s), g.Reserve(s))
	}
	tiles, _ := g.TilesInPlay()
	for _, l := range tiles {
		cards, n := g.TileCards(l)
		fmt.Fprintln(&b, l, cards, n, g.Occupants(l))
	}
	return b.String()
}

// look reads what a person may read along the game, changing nothing:
// when a step asks both people at once, whether each has their prompt
// (ana in her direct messages, bo mentioned in the channel); mid-game, bo's
// read-only commands.
func (g *exlibrisGame) look(t *testing.T, rec *store.Game, people []*drive.Player) {
	h := g.h
	asked := persons(rec)
	if !g.together && len(asked) >= 2 {
		_, anaLive, _ := h.PromptIn(people[0], ex.ID)
		posts := h.Srv.Messages(h.world.Channel.ID)
		boTold := false
		for i := len(posts) - 1; i >= 0 && !boTold; i-- {
			boTold = !posts[i].Ephemeral && strings.Contains(posts[i].Content, "<@"+h.user("bo").ID+">")
		}
		g.together = anaLive && boTold
	}
	if _, asked := g.during["hand"]; !asked && rec.State.(*ex.State).Game.Round() >= 2 && slices.Contains(persons(rec), 1) {
		bo := h.user("bo")
		for _, sub := range []string{"hand", "collection", "city", "status"} {
			g.during[sub] = g.slash(bo, sub)
		}
		g.during["collection ana"] = g.slash(bo, "collection", discordtest.UserOpt("player", h.user("ana")))
	}
}

// owed reports whether seat is asked an answer owed to another seat's
// visit (a tax, a card on sale, the goblin's card, the cube's toll...).
func owed(st *ex.Game, seat int) bool {
	d, ok := st.Decision(seat)
	return ok && d.Asker >= 0 && d.Asker < st.Seats() && d.Asker != seat
}

// slash runs /exlibris SUB and returns its answer's messages.
func (g *exlibrisGame) slash(user discordtest.User, sub string, opts ...discordtest.Option) []discordtest.Message {
	g.h.t.Helper()
	ms, err := g.h.Slash(ex.ID, g.h.world.Channel.ID, user, sub, opts...)
	if err != nil {
		g.h.t.Fatal(err)
	}
	if len(ms) == 0 {
		g.h.t.Fatalf("/exlibris %s answered nothing", sub)
	}
	return ms
}

// transcript writes what everyone saw into dir, when it is set.
func (g *exlibrisGame) transcript(dir string) {
	if dir == "" {
		return
	}
	if err := drive.WriteTranscriptWithEdits(g.h.Srv, g.h.world.Channel.ID, g.h.world.Users, dir); err != nil {
		g.h.t.Error(err)
	}
}

// check runs what every Ex Libris game must show, in the game's language.
func (g *exlibrisGame) check(t *testing.T) {
	h, l := g.h, g.lang
	bo := h.user("bo")
	words := func(key string, kv ...any) string { return l.T(key, append([]any{"Command", ex.ID}, kv...)...) }
	t.Run("the game finishes with its results stored", func(t *testing.T) {
		if !g.rec.State.Over() {
			t.Fatal("the game is not over")
		}
		stored, err := h.db.Results(h.Ctx, g.id)
		if err != nil || len(stored) != 3 {
			t.Fatalf("stored results %v, %v", stored, err)
		}
		for _, s := range stored {
			r := g.rec.State.Results()[s.Seat]
			if s.Rank != r.Rank || s.Score != r.Score {
				t.Errorf("seat %d is stored at rank %d with %d, the rules say rank %d with %d", s.Seat, s.Rank, s.Score, r.Rank, r.Score)
			}
		}
		final := h.channelPosts(l.T("play.scores.final.title"))
		if len(final) == 0 {
			t.Error("no channel post gives the final results")
		}
	})
	t.Run("a click forged on another player's prompt is refused and changes nothing", func(t *testing.T) {
		if g.forged.ID == "" {
			t.Fatal("no click was forged")
		}
		if g.forged.Content != words("play.refuse.not.yours") || !g.forgedStill {
			t.Errorf("the forged click answered %q; the game stood still: %v", g.forged.Content, g.forgedStill)
		}
	})
	t.Run("a person takes a placement back with Undo, and the game goes on from before it", func(t *testing.T) {
		if g.undoSeat < 0 {
			t.Fatal("no person took a placement back")
		}
		if g.undoAfter != g.undoBefore || !g.undoReplace {
			t.Errorf("after the undo the game is not as it was before the placement (asked to place again: %v):\n%s\nwas\n%s", g.undoReplace, g.undoAfter, g.undoBefore)
		}
		if want := engine.Move(fmt.Sprintf("s%d %s", g.undoSeat, ex.UndoKey)); g.undoLogged.Move != want || g.undoLogged.By != "player" {
			t.Errorf("the move log ends with %q by %q, want %q by the player", g.undoLogged.Move, g.undoLogged.By, want)
		}
		tail := strings.Split(l.T("exlibris.event.undone", "Name", "\x00", "Assistant", "\x00", "Location", "\x00"), "\x00")
		// The round's live post tells it in one of its versions (it is
		// edited as the round's steps end).
		told, said := false, strings.TrimSpace(tail[len(tail)-1])
		for _, m := range h.Srv.Messages(h.world.Channel.ID) {
			for _, v := range append(m.Revisions, m) {
				told = told || strings.Contains(v.Content, said) && strings.Contains(v.Content, g.rec.Seats[g.undoSeat].Name)
			}
		}
		if !told {
			t.Errorf("the channel was not told that %s took the placement back", g.rec.Seats[g.undoSeat].Name)
		}
	})
	t.Run("an Undo press forged when there is nothing to take back is refused in words and changes nothing", func(t *testing.T) {
		if g.forgedUndo.ID == "" {
			t.Fatal("no Undo press was forged")
		}
		want := l.T("exlibris.refusal.cannot_undo", "Seat", g.rec.Seats[g.forgedUndoSeat].Name)
		if g.forgedUndo.Content != want || !g.forgedUndoStill {
			t.Errorf("the forged Undo answered %q, want %q; the game stood still: %v", g.forgedUndo.Content, want, g.forgedUndoStill)
		}
	})
	t.Run("the host extends the deadline", func(t *testing.T) {
		if !g.extended[1].Equal(g.extended[0].Add(3 * time.Hour)) {
			t.Errorf("the deadline went from %v to %v", g.extended[0], g.extended[1])
		}
	})
	t.Run("an answer owed to another seat's visit, missed, is played by the autopilot", func(t *testing.T) {
		if g.missed < 0 {
			t.Fatal("no person owed an answer to another seat's visit in this game: the test proves nothing")
		}
		if !g.missedPlayed {
			t.Errorf("the %s answer of seat %d was not the autopilot's", g.missedKind, g.missed)
		}
		// A person whose direct messages are closed is mentioned instead.
		note := words("flow.autopilot.on", "Name", g.rec.Seats[g.missed].Name)
		mention := words("flow.autopilot.on", "Name", "<@"+g.rec.Seats[g.missed].UserID+">")
		if len(h.channelPosts(note))+len(h.channelPosts(mention)) == 0 {
			t.Errorf("the channel was not told %q", note)
		}
		if back := text(g.during["back"]); back == "" || strings.Contains(back, l.T("away.back.none", "Command", ex.ID)) {
			t.Errorf("/exlibris back answered %q", back)
		}
	})
	t.Run("answers that do not depend on each other are asked of both people at once", func(t *testing.T) {
		if !g.together {
			t.Error("the people were never asked at once with their prompts live")
		}
	})
	t.Run("the channel sees each placement with the city's picture in its round's live post, and the results at the end", func(t *testing.T) {
		placements, rounds := 0, 0
		if _, err := h.bot.Service().Replay(h.Ctx, g.id, func(st game.Step) error {
			seat, _ := engine.MoveSeat(st.Move)
			rounds = max(rounds, st.Before.(*ex.State).Game.Round())
			if d, _ := st.Before.(*ex.State).Game.Decision(seat); d.Kind == "place" {
				placements++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// A round has one live post, edited as its steps end: each
		// placement shows a new city picture in a post or an edit, and
		// the channel gets a handful of posts per round, not one per step.
		cities := map[string]bool{}
		posts, results := 0, 0
		for _, m := range h.Srv.Messages(h.world.Channel.ID) {
			if m.Ephemeral || m.InteractionID != "" {
				continue
			}
			posts++
			for _, v := range append(m.Revisions, m) {
				if a, ok := v.Attachment("city.png"); ok {
					cities[a.ID] = true
				}
			}
			if _, ok := m.Attachment("results.png"); ok {
				results++
			}
		}
		if len(cities) < placements || results != 1 {
			t.Errorf("%d city pictures shown for %d placements, %d posts with the results", len(cities), placements, results)
		}
		if posts > 4*(rounds+1) {
			t.Errorf("%d channel posts for %d rounds and the draft: more than 4 a round", posts, rounds)
		}
	})
	t.Run("a person's prompt shows their hand when they place", func(t *testing.T) {
		found := false
		for _, m := range h.Srv.DMMessages(h.user("ana").ID) {
			for _, v := range append(m.Revisions, m) {
				if _, ok := v.Attachment("hand.png"); ok {
					found = true
				}
			}
		}
		if !found {
			t.Error("ana's direct messages never showed her hand")
		}
	})
	t.Run("nothing anyone saw lacks a message or a value", func(t *testing.T) {
		for _, s := range seenByEveryone(h) {
			if strings.Contains(s.text, "[exlibris.") || strings.Contains(s.text, "<no value>") || missingMessage.MatchString(s.text) {
				t.Errorf("%s shows %q", s.where, s.text)
			}
		}
	})
	t.Run("hidden things stay hidden from the channel", func(t *testing.T) {
		hand := stem(l, "exlibris.face.hand")
		secret := stem(l, "exlibris.face.speciality")
		for _, m := range h.Srv.Messages(h.world.Channel.ID) {
			if m.Ephemeral {
				continue
			}
			for _, v := range append(m.Revisions, m) {
				if strings.Contains(v.Content, hand) || strings.Contains(v.Content, secret) {
					t.Errorf("the channel shows a hand or a speciality: %q", v.Content)
				}
			}
		}
	})
	t.Run("each person is spoken to in their language, bo never by direct message", func(t *testing.T) {
		if n := len(h.Srv.DMMessages(bo.ID)); n != 0 {
			t.Errorf("bo, whose direct messages are closed, got %d of them", n)
		}
		if n := len(h.Srv.DMMessages(h.user("ana").ID)); n == 0 {
			t.Error("ana got no direct message")
		}
		if l == i18n.French {
			checkNoEnglish(t, seenByEveryone(h))
		}
	})
	t.Run("the commands answer during the game, privately", func(t *testing.T) {
		wants := map[string]string{
			"hand":           stem(l, "exlibris.face.hand"),
			"collection":     stem(l, "exlibris.face.books"),
			"collection ana": "Ana",
			"city":           stem(l, "exlibris.face.categories"),
			"status":         stem(l, "status.help"),
		}
		for sub, want := range wants {
			ms := g.during[sub]
			if len(ms) == 0 {
				t.Errorf("/exlibris %s was never asked", sub)
				continue
			}
			if !strings.Contains(text(ms), want) {
				t.Errorf("/exlibris %s answered %q, want %q in it", sub, text(ms), want)
			}
			if !ms[len(ms)-1].Ephemeral {
				t.Errorf("/exlibris %s was answered for everyone to see", sub)
			}
		}
	})
	t.Run("Discord accepts every payload and every answer is in time", func(t *testing.T) {
		if v := h.Srv.TakeViolations(); len(v) > 0 {
			t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
		}
		for _, in := range h.Srv.Interactions() {
			if !in.AckedInTime() || in.Late() {
				t.Errorf("interaction %s was not acknowledged within 3 seconds", in.ID)
			}
		}
	})
	t.Logf("%s: %d moves, %s answer of seat %d missed, a placement of seat %d taken back, %d interactions, %d channel posts, in %v", g.id, g.rec.Seq, g.missedKind,
		g.missed, g.undoSeat, len(h.Srv.Interactions()), len(h.Srv.Messages(h.world.Channel.ID)), g.took.Round(time.Millisecond))
}

// TestExlibrisInEnglishThroughDiscord plays a whole game in English.
func TestExlibrisInEnglishThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	g := playExlibris(t, i18n.English)
	g.check(t)
	g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_EXLIBRIS"))
}

// TestExlibrisInFrenchThroughDiscord plays a whole game opened with
// /exlibris new language:fr on a French server, and reads everything
// every member saw for English.
func TestExlibrisInFrenchThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	g := playExlibris(t, i18n.French)
	g.check(t)
	g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_EXLIBRIS_FR"))
}

// TestExlibrisSoloThroughDiscord plays the solo game: one person against
// the public library, with the typed archive (/exlibris archive and its
// suggestions) used for one move.
func TestExlibrisSoloThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana")
	ana := h.user("ana")
	id, err := h.Open(drive.Lobby{Command: ex.ID, People: []discordtest.User{ana}, NewOptions: []discordtest.Option{discordtest.IntOpt("seats", 1)}})
	if err != nil {
		t.Fatal(err)
	}
	people := []*drive.Player{{User: ana}}
	typed := ""
	// Moves are pressed until the first archive, which ana types with the
	// place chosen among the suggestions; the driver plays the rest.
	for typed == "" {
		rec := h.state(h.world.Channel.ID)
		if rec.State.Over() {
			t.Fatal("the game ended without an archive")
		}
		m, err := ai.Players{}.Autopilot(rec.State.View(0), 0, rec.Seed+uint64(rec.Seq))
		if err != nil {
			t.Fatal(err)
		}
		path := engine.PathOf(rec.State.View(0), 0, m)
		if _, card := ex.CardByCode(path[0]); len(path) != 2 || !card || !strings.HasPrefix(path[1], "r") {
			if err := pressOne(h, rec, people); err != nil {
				t.Fatal(err)
			}
			continue
		}
		in, err := h.Srv.Autocomplete(h.Ctx, ana, h.world.Channel.ID, ex.ID, discordtest.Sub("archive",
			discordtest.StringOpt("card", path[0]), discordtest.StringOpt("place", "").Focus()))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := in.WaitAck(h.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(cb.Choices, func(c discordtest.Choice) bool { return c.Value == path[1] }) {
			t.Fatalf("the suggestions %v lack %s", cb.Choices, path[1])
		}
		answer := text(slashOrFail(t, h, ana, "archive", discordtest.StringOpt("card", path[0]), discordtest.StringOpt("place", path[1])))
		if after := h.state(h.world.Channel.ID).Seq; after != rec.Seq+1 {
			t.Fatalf("/exlibris archive answered %q and stored %d moves", answer, after-rec.Seq)
		}
		typed = answer
	}
	rec, err := h.PlayGame(id, ex.ID, people, ai.Players{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("the solo game ends with its results against the public library", func(t *testing.T) {
		if !rec.State.Over() {
			t.Fatal("the game is not over")
		}
		res := rec.State.Results()
		if len(res) != 1 || len(res[0].Rows) == 0 || res[0].Rows[len(res[0].Rows)-1].Category != ex.RowPublic {
			t.Errorf("results %+v", res)
		}
		if len(h.channelPosts(i18n.English.T("exlibris.category.public_library"))) == 0 {
			t.Error("no post gives the public library's total")
		}
	})
	t.Run("an archive was typed with the places suggested", func(t *testing.T) {
		if typed == "" {
			t.Error("no archive was typed")
		}
	})
	t.Run("Discord accepts every payload", func(t *testing.T) {
		if v := h.Srv.TakeViolations(); len(v) > 0 {
			t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
		}
	})
}

// slashOrFail runs /exlibris SUB and returns its answer.
func slashOrFail(t *testing.T, h *harness, user discordtest.User, sub string, opts ...discordtest.Option) []discordtest.Message {
	t.Helper()
	ms, err := h.Slash(ex.ID, h.world.Channel.ID, user, sub, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}
