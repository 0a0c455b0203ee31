package bot

import (
	"atheneum/bot/drive"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

func TestFullGameWithARestartInTheMiddleOfAResolveStep(t *testing.T) {
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
	h.playUntil(players, h.gameOver)
	h.checkFinalScores()
	// Each step was posted once: the restart repeated none.
	if reveals != 3 {
		t.Errorf("%d reveal posts before the restart in turn 3, want 3", reveals)
	}
	if n, turns := len(h.channelPosts(stem(i18n.English, "play.reveal.title"))), len(h.channelPosts(stem(i18n.English, "play.turn.over"))); n != 10 || turns != 9 {
		t.Errorf("%d reveal posts and %d end-of-turn posts, want 10 and 9", n, turns)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}
