package bot

import (
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"slices"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
)

func TestARestartInTheMiddleOfAResolveStepKeepsTheWorkbench(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	players := newPlayers(h, 2, "bo")
	h.openGame(h.world.Users...)
	channel := h.world.Channel.ID
	// Play until turn 3's resolve step, where one seat has acted but not
	// finished.
	h.playUntil(players, func() bool {
		g := ath(h.state(channel).State)
		return g.TurnNumber() == 3 && g.Step == atheneum.StepResolve && g.Seats[0].Moves > 0 && g.Seats[0].Status == atheneum.StatusShelving
	})
	before := h.state(channel)
	anaBench, ok := h.LastDM(h.user("ana"))
	if !ok || len(drive.Selects(anaBench))+len(anaBench.Components) == 0 {
		t.Fatalf("ana has no workbench before the restart: %q", anaBench.Content)
	}
	reveals := len(h.channelPosts(stem(i18n.English, "play.reveal.title")))

	h.restart()

	after := h.state(channel)
	a, _ := ath(before.State).Encode()
	b, _ := ath(after.State).Encode()
	if string(a) != string(b) {
		t.Fatal("the game changed across the restart")
	}
	// Ana's workbench from before the restart still works.
	done, ok := drive.Component(anaBench, "done")
	if !ok {
		t.Fatalf("no Done button on ana's workbench")
	}
	seen, _ := h.click(h.user("ana"), anaBench, done.CustomID)
	if seen.Content == en("play.refuse.outdated") || strings.HasPrefix(seen.Content, stem(i18n.English, "play.refuse.earlier")) || seen.Content == en("play.internal") {
		t.Fatalf("a button from before the restart was refused: %q", seen.Content)
	}
	if got := ath(h.state(channel).State).Seats[0].Status; got != atheneum.StatusDone {
		t.Fatalf("ana's Done after the restart left her %s", got)
	}
	// The rest of the game is the same as without a restart (the fixture
	// game's restart test plays one to its end); what matters here is that
	// each step was posted once: the restart repeated none.
	if reveals != 3 {
		t.Errorf("%d reveal posts before the restart in turn 3, want 3", reveals)
	}
	if n := len(h.channelPosts(stem(i18n.English, "play.reveal.title"))); n != 3 {
		t.Errorf("%d reveal posts after the restart in turn 3, want 3", n)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}

// TestAGameGoesOnAcrossARestart restarts the bot in the middle of a game of
// the fixture game: the game is the same afterwards, a prompt built before
// the restart still plays, no step is posted twice, and the game ends.
func TestAGameGoesOnAcrossARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}})
	if err != nil {
		t.Fatal(err)
	}
	people := []*drive.Player{{User: ana}, {User: bo}}
	for range 3 {
		rec := h.state(h.Channel)
		seat := rec.State.Awaited()[0]
		m, _ := tictactoe.Players.Autopilot(rec.State.View(seat), seat, 0)
		if err := h.PressMove(people[seat], tictactoe.ID, rec.State.View(seat), seat, m); err != nil {
			t.Fatal(err)
		}
	}
	before := h.state(h.Channel)
	seat := before.State.Awaited()[0]
	prompt, ok, err := h.PromptIn(people[seat], tictactoe.ID)
	if err != nil || !ok {
		t.Fatalf("no prompt before the restart: %v", err)
	}
	posts := len(h.Srv.Messages(h.Channel))

	h.restart()

	after := h.state(h.Channel)
	if after.Seq != before.Seq || game.StepKey(after.State) != game.StepKey(before.State) {
		t.Fatalf("the game changed across the restart: move %d at %s, then %d at %s", before.Seq, game.StepKey(before.State), after.Seq, game.StepKey(after.State))
	}
	if n := len(h.Srv.Messages(h.Channel)); n != posts {
		t.Errorf("the restart posted %d messages", n-posts)
	}
	var button string
	for _, row := range prompt.Components {
		for _, c := range row.Components {
			if c.CustomID != "" && button == "" {
				button = c.CustomID
			}
		}
	}
	if _, _, err := h.Click(people[seat].User, prompt, button); err != nil {
		t.Fatal(err)
	}
	if got := h.state(h.Channel); got.Seq != before.Seq+1 {
		t.Fatalf("a button built before the restart played nothing: move %d", got.Seq)
	}
	rec, err := h.PlayGame(id, tictactoe.ID, people, tictactoe.Players, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Each move's end is told once in the channel (as a post, or an edit
	// of the game's live post): none was lost or told again.
	told := map[string]int{}
	for _, m := range h.Srv.Messages(h.Channel) {
		seen := map[string]bool{}
		for _, v := range append(slices.Clone(m.Revisions), m) {
			if strings.Contains(v.Content, " marks ") && !seen[v.Content] {
				seen[v.Content] = true
				told[v.Content]++
			}
		}
	}
	if len(told) != rec.Seq {
		t.Errorf("%d moves told in the channel for %d played: %v", len(told), rec.Seq, told)
	}
	for text, n := range told {
		if n > 1 {
			t.Errorf("%q was told %d times", text, n)
		}
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}
