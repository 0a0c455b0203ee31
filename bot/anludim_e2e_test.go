package bot

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// anludimGame is one whole game of Anludim played through the real bot and
// the fake Discord by two people, ana (by direct message) and bo (whose
// direct messages are closed: he plays by /anludim play), against a normal
// computer player the host adds in the lobby.
type anludimGame struct {
	h      *harness
	lang   i18n.Lang
	expert bool
	id     string
	rec    *store.Game
	// during are the answers of the read-only commands asked mid-game, by
	// subcommand.
	during map[string][]discordtest.Message
	// took is how long the game took, from the lobby to the results.
	took time.Duration
}

// playAnludim opens and plays the game. Mid-game (at bo's first turn of
// the second round, or his tenth move) bo asks /anludim status, table,
// items and hand, and /atheneum status.
func playAnludim(t *testing.T, lang i18n.Lang, expert bool) *anludimGame {
	t.Helper()
	start := time.Now()
	h := newHarness(t, "ana", "bo")
	if lang == i18n.French {
		speakFrench(h)
	}
	ana, bo := h.user("ana"), h.user("bo")
	h.Srv.SetDMsClosed(bo.ID, true)
	lo := drive.Lobby{Command: an.ID, People: []discordtest.User{ana, bo}, AI: []string{"normal"}}
	if lang == i18n.French {
		lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
	}
	if expert {
		lo.GameOptions = map[string]string{an.OptionVariant: "expert"}
	}
	id, err := h.Open(lo)
	if err != nil {
		t.Fatal(err)
	}
	g := &anludimGame{h: h, lang: lang, expert: expert, id: id, during: map[string][]discordtest.Message{}}
	people := []*drive.Player{{User: ana}, {User: bo, ViaSlash: true}}
	boMoves := 0
	rec, err := h.PlayAnludimGame(id, people, func(rec *store.Game) {
		if len(g.during) > 0 || rec.State.Awaited()[0] != 1 {
			return
		}
		boMoves++
		if st := rec.State.(*an.State).Game; st.Round() < 2 && boMoves < 10 {
			return
		}
		for _, sub := range []string{"status", "table", "items", "hand"} {
			g.during[sub] = g.slash(bo, an.ID, sub)
		}
		g.during["atheneum status"] = g.slash(bo, "atheneum", "status")
	})
	if err != nil {
		g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_ANLUDIM"))
		t.Fatal(err)
	}
	g.rec, g.took = rec, time.Since(start)
	return g
}

// transcript writes what everyone saw, every version of each message, into
// dir (when it is set: the tests' ATHENEUM_TRANSCRIPT_ANLUDIM* variables).
func (g *anludimGame) transcript(dir string) {
	if dir == "" {
		return
	}
	if err := drive.WriteTranscriptWithEdits(g.h.Srv, g.h.world.Channel.ID, g.h.world.Users, dir); err != nil {
		g.h.t.Error(err)
	}
}

// slash runs a command and returns its answer's messages.
func (g *anludimGame) slash(user discordtest.User, command, sub string, opts ...discordtest.Option) []discordtest.Message {
	g.h.t.Helper()
	ms, err := g.h.Slash(command, g.h.world.Channel.ID, user, sub, opts...)
	if err != nil {
		g.h.t.Fatal(err)
	}
	if len(ms) == 0 {
		g.h.t.Fatalf("/%s %s answered nothing", command, sub)
	}
	return ms
}

// records runs /COMMAND records SUB and returns its answer's messages.
func (g *anludimGame) records(user discordtest.User, command, sub string, opts ...discordtest.Option) []discordtest.Message {
	g.h.t.Helper()
	ms, err := g.h.SlashWith(command, g.h.world.Channel.ID, user, discordtest.SubGroup("records", discordtest.Sub(sub, opts...)))
	if err != nil {
		g.h.t.Fatal(err)
	}
	if len(ms) == 0 {
		g.h.t.Fatalf("/%s records %s answered nothing", command, sub)
	}
	return ms
}

// text joins the contents of an answer's messages.
func text(ms []discordtest.Message) string {
	var parts []string
	for _, m := range ms {
		parts = append(parts, m.Content)
	}
	return strings.Join(parts, "\n")
}

// steps counts the game's steps that ended, from its stored moves: each
// should have had its post in the channel.
func (g *anludimGame) steps(t *testing.T) int {
	t.Helper()
	n := 0
	_, err := g.h.bot.Service().Replay(g.h.Ctx, g.id, func(st game.Step) error {
		if game.StepKey(st.Before) != game.StepKey(st.After) {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// check runs what every Anludim game must show, in the game's language.
func (g *anludimGame) check(t *testing.T) {
	h, l := g.h, g.lang
	ana, bo := h.user("ana"), h.user("bo")
	results := drive.AnludimResults(g.rec)
	t.Run("the game finishes with its standings stored", func(t *testing.T) {
		if !g.rec.State.Over() || len(results) != 3 {
			t.Fatalf("the game is over: %v, with %d results", g.rec.State.Over(), len(results))
		}
		stored, err := h.db.Results(h.Ctx, g.id)
		if err != nil || len(stored) != len(results) {
			t.Fatalf("stored results %v, %v", stored, err)
		}
		for _, s := range stored {
			r := g.rec.State.Results()[s.Seat]
			if s.Rank != r.Rank || s.Score != r.Score {
				t.Errorf("seat %d is stored at rank %d with %d, the rules say rank %d with %d", s.Seat, s.Rank, s.Score, r.Rank, r.Score)
			}
		}
		if results[0].Score != 2 {
			t.Errorf("the winner won %d rounds, want 2", results[0].Score)
		}
		if got := g.rec.GameOptions[an.OptionVariant]; (got == "expert") != g.expert {
			t.Errorf("the game was played in the variant %q", got)
		}
	})
	t.Run("the channel tells the game as a story: each step's end edits its round's live post, each round's end and the results have posts of their own", func(t *testing.T) {
		posts, shown, final := 0, 0, []discordtest.Message{}
		for _, m := range h.Srv.Messages(h.world.Channel.ID) {
			if m.Ephemeral || m.InteractionID != "" {
				continue
			}
			posts++
			for _, v := range append(slices.Clone(m.Revisions), m) {
				if _, ok := v.Attachment("table.png"); ok {
					shown++ // each version showing the table: a step's end
				}
			}
			if _, ok := m.Attachment("results.png"); ok {
				final = append(final, m)
			}
		}
		rounds := g.rec.State.(*an.State).Game.RoundsFinished()
		if want := g.steps(t); shown < want {
			t.Errorf("the table was shown %d times in the channel, for %d steps", shown, want)
		}
		// The live post and the end of each round, a mention of the person
		// playing by command once a round, the lobby and the results.
		if most := 3*rounds + 2; posts > most {
			t.Errorf("%d channel posts for %d rounds, more than %d", posts, rounds, most)
		}
		if len(final) != 1 {
			t.Fatalf("%d posts with the results", len(final))
		}
		winner := g.rec.Seats[results[0].Seat].Name
		if c := final[0].Content; !strings.Contains(c, l.T("anludim.post.results")) || !strings.Contains(c, winner) {
			t.Errorf("the final post does not give the results with the winner %s:\n%s", winner, c)
		}
	})
	t.Run("nothing anyone saw lacks a message or a value", func(t *testing.T) {
		for _, s := range seenByEveryone(h) {
			if strings.Contains(s.text, "[anludim.") || strings.Contains(s.text, "<no value>") || missingMessage.MatchString(s.text) {
				t.Errorf("%s shows %q", s.where, s.text)
			}
		}
	})
	t.Run("each person is spoken to in their language", func(t *testing.T) {
		turn := stem(l, "anludim.prompt.turn")
		sawTurn := func(ms []discordtest.Message) bool {
			for _, m := range ms {
				for _, v := range append(m.Revisions, m) {
					if strings.Contains(v.Content, turn) {
						return true
					}
				}
			}
			return false
		}
		if !sawTurn(h.Srv.DMMessages(ana.ID)) {
			t.Errorf("ana's direct messages never read %q", turn)
		}
		var answers []discordtest.Message
		for _, in := range h.Srv.Interactions() {
			answers = append(answers, in.Responses()...)
		}
		if !sawTurn(answers) {
			t.Errorf("bo's answers never read %q", turn)
		}
		if n := len(h.Srv.DMMessages(bo.ID)); n != 0 {
			t.Errorf("bo, whose direct messages are closed, got %d of them", n)
		}
		if l == i18n.French {
			checkNoEnglish(t, seenByEveryone(h))
		}
	})
	t.Run("the read-only commands answer during the game", func(t *testing.T) {
		wants := map[string]string{
			"status":          stem(l, "status.help"),
			"table":           stem(l, "anludim.cmd.position"),
			"items":           l.T("anludim.cmd.items.title"),
			"hand":            stem(l, "anludim.cmd.crest"),
			"atheneum status": l.T("cmd.other.game", "Game", l.T("anludim.title"), "Command", an.ID),
		}
		for sub, want := range wants {
			ms := g.during[sub]
			if len(ms) == 0 {
				t.Errorf("/%s was never asked", sub)
				continue
			}
			if !strings.Contains(text(ms), want) {
				t.Errorf("/%s answered %q, want %q in it", sub, text(ms), want)
			}
			if !ms[len(ms)-1].Ephemeral {
				t.Errorf("/%s was answered for everyone to see", sub)
			}
		}
		for _, sub := range []string{"table", "items", "hand"} {
			if ms := g.during[sub]; len(ms) > 0 && len(ms[len(ms)-1].Attachments) == 0 {
				t.Errorf("/anludim %s shows no picture", sub)
			}
		}
	})
	t.Run("the records answer once the game is over", func(t *testing.T) {
		winner := g.rec.Seats[results[0].Seat].Name
		history := text(g.records(ana, an.ID, "history"))
		if !strings.Contains(history, g.id) || !strings.Contains(history, winner) {
			t.Errorf("/anludim history does not list the game won by %s:\n%s", winner, history)
		}
		if stats := text(g.records(ana, an.ID, "stats")); !strings.Contains(stats, stem(l, "stats.text")) {
			t.Errorf("/anludim stats answered %q", stats)
		}
		if board := text(g.records(bo, an.ID, "leaderboard")); !strings.Contains(board, l.T("leaderboard.none", "Min", 3)) {
			t.Errorf("/anludim leaderboard, after one game, answered %q", board)
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
	t.Logf("%s: %d moves, %d interactions, ack p99 %v, in %v", g.id, g.rec.Seq, len(h.Srv.Interactions()),
		discordtest.Percentile(h.Srv.AckLatencies(), 99), g.took.Round(time.Millisecond))
}

// TestAnludimInEnglishThroughDiscord plays a base game in English.
func TestAnludimInEnglishThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	g := playAnludim(t, i18n.English, false)
	g.check(t)
	g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_ANLUDIM"))
	checkAnludimWords(t, g, i18n.English)
}

// TestAnludimInFrenchThroughDiscord plays a base game opened with
// /anludim new language:fr on a French server, and reads everything every
// member saw for English.
func TestAnludimInFrenchThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	g := playAnludim(t, i18n.French, false)
	g.check(t)
	g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_ANLUDIM_FR"))
	checkAnludimWords(t, g, i18n.French)
}

// TestAnludimExpertThroughDiscord plays a game in the expert variant,
// which the host chose in the lobby's menu.
func TestAnludimExpertThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	g := playAnludim(t, i18n.English, true)
	g.check(t)
	t.Run("the channel was told the game is the expert variant", func(t *testing.T) {
		want := i18n.English.T("anludim.variant.expert.choice")
		found := false
		for _, m := range g.h.Srv.Messages(g.h.world.Channel.ID) {
			for _, v := range append(m.Revisions, m) {
				found = found || strings.Contains(v.Content, want)
			}
		}
		if !found {
			t.Errorf("no channel post names %q", want)
		}
	})
	g.transcript(os.Getenv("ATHENEUM_TRANSCRIPT_ANLUDIM_EXPERT"))
}
