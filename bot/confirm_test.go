package bot

import (
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// performUntil has the people of the channel's game play the normal computer
// player's moves through the bot's components until a person's seat on
// its workbench satisfies want, and returns that seat.
func (h *harness) performUntil(players map[string]*drive.Player, want func(g *atheneum.Game, seat int) bool) int {
	h.t.Helper()
	for moves := 0; moves < 400; moves++ {
		rec := h.state(h.Channel)
		if rec.Status != store.StatusPlaying {
			h.t.Fatalf("the game is %s", rec.Status)
		}
		g := ath(rec.State)
		waiting := g.Waiting()
		if len(waiting) == 0 {
			h.t.Fatal("the game waits for nobody")
		}
		seat := waiting[0]
		if g.Step == atheneum.StepResolve {
			for _, s := range waiting {
				if want(g, s) {
					return s
				}
			}
		}
		chooser, _ := ai.New("normal", ai.Options{Seed: uint64(seat + 1)})
		a, err := chooser.Propose(g.View(seat), seat)
		if err != nil {
			h.t.Fatal(err)
		}
		if err := h.Driver.Perform(players[rec.Seats[seat].UserID], a); err != nil {
			h.t.Fatal(err)
		}
	}
	h.t.Fatal("no seat reached the state wanted")
	return -1
}

// TestDoneAsksToConfirmWhenAnObjectiveWouldBeLost plays until a player
// could score an objective, then presses Done: the bot asks first, naming
// the objective; Go back changes nothing, and only the confirmation ends
// the player's turn. Forged confirmations change nothing either.
func TestDoneAsksToConfirmWhenAnObjectiveWouldBeLost(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	players := map[string]*drive.Player{ana.ID: {User: ana}, bo.ID: {User: bo}}
	seat := h.performUntil(players, func(g *atheneum.Game, seat int) bool {
		for _, a := range g.LegalActions(seat) {
			if a.Type == atheneum.ActScore {
				return true
			}
		}
		return false
	})
	rec := h.state(h.Channel)
	user := players[rec.Seats[seat].UserID].User
	var codes []string
	for _, a := range ath(rec.State).LegalActions(seat) {
		if a.Type == atheneum.ActScore {
			codes = append(codes, a.Objective)
		}
	}
	bench, _ := h.LastDM(user)
	done, ok := drive.Component(bench, "done")
	if !ok || done.Disabled {
		t.Fatalf("%s's workbench has no Done button", user.Username)
	}
	before := h.encoded(h.Channel)
	seen, _ := h.click(user, bench, done.CustomID)
	if !strings.HasPrefix(seen.Content, en("play.done.confirm.title")) {
		t.Fatalf("Done answered %q, want a confirmation", seen.Content)
	}
	for _, code := range codes {
		if !strings.Contains(seen.Content, code) {
			t.Errorf("the confirmation does not name objective %s: %q", code, seen.Content)
		}
	}
	if h.encoded(h.Channel) != before {
		t.Fatal("Done changed the game before it was confirmed")
	}
	confirm, ok := drive.Component(seen, "dok")
	back, ok2 := drive.Component(seen, "dback")
	if !ok || !ok2 || confirm.Label != en("play.done.confirm.label") || back.Label != en("play.done.back.label") {
		t.Fatalf("the confirmation offers %+v", seen.Components)
	}
	if len(drive.Selects(seen)) != 0 {
		t.Errorf("the confirmation still shows menus")
	}
	t.Logf("%s sees:\n%s", user.Username, seen.Content)

	// A confirmation forged without Done, or for another seat, changes
	// nothing.
	id, _ := face.ParseID(confirm.CustomID)
	forged := id
	forged.Args = []string{"", "0", "-", "-1", "-"}
	other := players[rec.Seats[1-seat].UserID].User
	for _, f := range []struct {
		who discordtest.User
		id  string
	}{{user, forged.String()}, {other, confirm.CustomID}} {
		if got := h.forge(f.who, seen, f.id); got.Content == "" || h.encoded(h.Channel) != before {
			t.Errorf("forged %s by %s: answer %q, game changed: %v", f.id, f.who.Username, got.Content, h.encoded(h.Channel) != before)
		}
	}

	seen, _ = h.click(user, seen, back.CustomID)
	if _, ok := drive.Component(seen, "done"); !ok || h.encoded(h.Channel) != before {
		t.Fatalf("Go back shows %q; game changed: %v", seen.Content, h.encoded(h.Channel) != before)
	}
	if len(drive.Offers(seen, "it")) == 0 {
		t.Fatal("Go back shows no choice to score with")
	}
	done, _ = drive.Component(seen, "done")
	seen, _ = h.click(user, seen, done.CustomID)
	confirm, _ = drive.Component(seen, "dok")
	seq := h.state(h.Channel).Seq
	seen, _ = h.click(user, seen, confirm.CustomID)
	after := h.state(h.Channel)
	if after.Seq != seq+1 {
		t.Fatalf("the confirmation did not end %s's turn (seq %d -> %d): %q", user.Username, seq, after.Seq, seen.Content)
	}
	actions, err := parseActions(h.db.Actions(h.Ctx, after.ID))
	if err != nil || actions[len(actions)-1] != (atheneum.Action{Type: atheneum.ActDone, Seat: seat}) {
		t.Fatalf("the last move stored is not %s's Done: %v %v", user.Username, actions[len(actions)-1:], err)
	}
}
