package bot

import (
	"atheneum/bot/face"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// playUntil drives the players round-robin until done returns true.
func (h *harness) playUntil(players []*drive.Player, done func() bool) {
	h.t.Helper()
	for rounds := 0; !done(); rounds++ {
		if rounds > 3000 {
			h.t.Fatal("the game did not finish in 3,000 rounds")
		}
		for _, p := range players {
			h.step(p)
			if done() {
				return
			}
		}
	}
}

// gameOver reports whether the test channel's game is finished, from the
// store (not from what the bot wrote).
func (h *harness) gameOver() bool {
	rec, err := h.db.GetGame(h.Ctx, h.gameID())
	return err == nil && rec.Status == store.StatusFinished
}

// finalPosts are the channel posts of the final results: those with the
// results picture (whatever the game's language).
func (h *harness) finalPosts() []discordtest.Message {
	var out []discordtest.Message
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		if _, ok := m.Attachment("results.png"); ok && !m.Ephemeral {
			out = append(out, m)
		}
	}
	return out
}

// checkFinalScores compares the scores the bot posted with the engine's.
func (h *harness) checkFinalScores() {
	h.t.Helper()
	posts := h.finalPosts()
	if len(posts) != 1 {
		h.t.Fatalf("%d end-of-game posts, want 1", len(posts))
	}
	rec, err := h.db.GetGame(h.Ctx, h.gameID())
	if err != nil {
		h.t.Fatal(err)
	}
	if rec.Status != store.StatusFinished {
		h.t.Fatalf("the stored game is %s, want finished", rec.Status)
	}
	full, err := h.db.LoadGame(h.Ctx, rec.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	g := ath(full.State)
	if g.Step != atheneum.StepOver {
		h.t.Fatalf("the engine's game is in step %s", g.Step)
	}
	line := regexp.MustCompile(`(?m)^(\d+)\. (.+?) — \*\*(\d+)\*\*`)
	found := line.FindAllStringSubmatch(posts[0].Content, -1)
	if len(found) != len(g.Results) {
		h.t.Fatalf("the results post lists %d players, the engine %d:\n%s", len(found), len(g.Results), posts[0].Content)
	}
	for i, r := range g.Results {
		total, _ := strconv.Atoi(found[i][3])
		if found[i][2] != full.Seats[r.Seat].Name || total != r.Total || found[i][1] != strconv.Itoa(r.Rank) {
			h.t.Errorf("posted %q, engine says %s rank %d with %d", found[i][0], full.Seats[r.Seat].Name, r.Rank, r.Total)
		}
	}
	stored, err := h.db.Results(h.Ctx, rec.ID)
	if err != nil || len(stored) != len(g.Results) {
		h.t.Fatalf("stored results %v, %v", stored, err)
	}
	lang := face.GameLang(full)
	if title := lang.T("play.game.over", "Count", len(g.Winners()), "Winners", face.JoinAnd(lang, winnerMentions(full))); !strings.HasPrefix(posts[0].Content, title) {
		h.t.Errorf("the results post does not open with %q:\n%s", title, posts[0].Content)
	}
}

// winnerMentions mentions the winners of a finished game.
func winnerMentions(rec *store.Game) []string {
	var w []string
	for _, s := range ath(rec.State).Winners() {
		w = append(w, face.Mention(rec, s))
	}
	return w
}

// gameID finds the game of the test channel from the lobby's custom ids.
func (h *harness) gameID() string {
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		for _, r := range m.Revisions {
			if c, ok := drive.Component(r, "join"); ok {
				id, _ := face.ParseID(c.CustomID)
				return id.Game
			}
		}
	}
	h.t.Fatal("no lobby found")
	return ""
}

func newPlayers(h *harness, seed uint64, closedDMs ...string) []*drive.Player {
	var ps []*drive.Player
	for i, u := range h.world.Users {
		p := &drive.Player{User: u, Rng: rand.New(rand.NewPCG(seed, uint64(i)))}
		for _, c := range closedDMs {
			if u.Username == c {
				p.ViaSlash = true
				h.Srv.SetDMsClosed(u.ID, true)
			}
		}
		ps = append(ps, p)
	}
	return ps
}

func TestFullGameThroughDiscord(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	players := newPlayers(h, 1, "cy")
	h.openGame(h.world.Users...)
	h.playUntil(players, h.gameOver)
	h.checkFinalScores()

	// A button from the game's first turn, pressed after the end.
	first := h.Srv.DMMessages(h.user("ana").ID)[0]
	if cards := drive.Cards(first.Revisions[0]); len(cards) > 0 {
		seen := h.forge(h.user("ana"), first, cards[0].CustomID, cards[0].Values...)
		if seen.Content != refusalText(game.CodeGameOver) {
			t.Errorf("a button pressed after the end answered %q", seen.Content)
		}
	} else {
		t.Error("ana's first DM had no card to pick")
	}

	// Cy's DMs are closed: the bot said so in the channel, once, without
	// revealing anything, and never sent Cy a direct message.
	notes := h.channelPosts(stem(i18n.English, "flow.dm.closed"))
	if len(notes) != 1 || !strings.Contains(notes[0].Content, h.user("cy").ID) {
		t.Errorf("closed-DM notices: %d", len(notes))
	}
	if n := len(h.Srv.DMMessages(h.user("cy").ID)); n != 0 {
		t.Errorf("%d direct messages reached the user whose DMs are closed", n)
	}
	// One channel post per completed step (the last one with the results),
	// besides the closed-DM notice and the reminders of cy, who is reached
	// in the channel: each pings cy and nobody else.
	reveals, turns := len(h.channelPosts(stem(i18n.English, "play.reveal.title"))), len(h.channelPosts(stem(i18n.English, "play.turn.over")))
	if reveals != 10 || turns != 9 {
		t.Errorf("%d reveal posts and %d end-of-turn posts, want 10 and 9", reveals, turns)
	}
	cy := h.user("cy")
	others := 0
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		_, final := m.Attachment("results.png")
		if m.Ephemeral || m.InteractionID != "" || strings.Contains(m.Content, stem(i18n.English, "play.reveal.title")) ||
			strings.Contains(m.Content, stem(i18n.English, "play.turn.over")) || final || strings.Contains(m.Content, stem(i18n.English, "flow.dm.closed")) {
			continue
		}
		others++
		if !m.Pings(cy.ID) || m.Pings(h.user("ana").ID) || m.Pings(h.user("bo").ID) {
			t.Errorf("a channel post other than a step's does not ping cy alone: %q", m.Content)
		}
	}
	if others > 2*10 {
		t.Errorf("%d reminders for cy in the channel, more than one per step", others)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
	for _, in := range h.Srv.Interactions() {
		if !in.AckedInTime() || in.Late() {
			t.Errorf("interaction %s was not acknowledged within 3 seconds", in.ID)
		}
	}
	if strings.Contains(h.logs.String(), secretToken) {
		t.Error("the token appears in the logs")
	}
	t.Logf("%d interactions; ack p99 %v", len(h.Srv.Interactions()), discordtest.Percentile(h.Srv.AckLatencies(), 99))
	h.transcript(os.Getenv("ATHENEUM_TRANSCRIPT"))
	checkAtheneumWords(t, h, i18n.English, "ana")
}

func countEphemeral(h *harness) int {
	n := 0
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		if m.Ephemeral || m.InteractionID != "" {
			n++
		}
	}
	return n
}

// TestMovesWithinAStepCostNoChannelCall checks that shelving moves, and a
// player finishing while others still play, touch nothing in the channel:
// only a new step does.
func TestMovesWithinAStepCostNoChannelCall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	h.pickFirst(ana, bo)
	channelCalls := func() int {
		n := 0
		for _, r := range h.Srv.Requests() {
			if strings.HasPrefix(r.Path, "/channels/"+h.world.Channel.ID+"/") {
				n++
			}
		}
		return n
	}
	before := channelCalls()
	bench, _ := h.LastDM(ana)
	if len(drive.Choices(bench)) == 0 {
		t.Fatal("the fixed seed no longer gives ana something to shelve: choose a seed that does")
	}
	seq := h.state(h.world.Channel.ID).Seq
	for i := 0; i < 5 && h.state(h.world.Channel.ID).Seq == seq; i++ {
		choices := drive.Choices(h.refresh(bench))
		last := choices[len(choices)-1]
		h.click(ana, h.refresh(bench), last.CustomID, last.Values...)
	}
	if h.state(h.world.Channel.ID).Seq != seq+1 {
		t.Fatal("following the buttons and menus applied no action")
	}
	if got := channelCalls(); got != before {
		t.Fatalf("moves within a step made %d channel calls", got-before)
	}
	// Finishing the step costs one edit: the step's post no longer names
	// ana among those it waits for.
	done, _ := drive.Component(h.refresh(bench), "done")
	h.click(ana, h.refresh(bench), done.CustomID)
	if got := channelCalls(); got != before+1 {
		t.Fatalf("finishing the step made %d channel calls, want the one edit of the waiting line", got-before)
	}
	if post := h.lastPost(); len(post.Embeds) != 1 || strings.Contains(post.Embeds[0].Description, "Ana") || !strings.Contains(post.Embeds[0].Description, "Bo") {
		t.Fatalf("the step's post says %+v once ana has finished", post.Embeds)
	}
}
