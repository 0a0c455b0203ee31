package ai

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/anludim"
)

// TestThePathOfEveryMoveTheAutopilotPlaysBuildsIt: a person is led to the
// computer player's move by pressing, key by key, what Next offers
// (engine.PathOf, through anludim's Path), in both variants.
func TestThePathOfEveryMoveTheAutopilotPlaysBuildsIt(t *testing.T) {
	for _, expert := range []bool{false, true} {
		g, err := anludim.New(7, 3, anludim.Options{Expert: expert})
		if err != nil {
			t.Fatal(err)
		}
		st := &anludim.State{Game: g}
		for n := 0; n < 600 && !g.Over(); n++ {
			seat := g.Awaited()[0]
			m := engine.Move(Autopilot(g.View(seat), seat).String())
			if engine.PathOf(st, seat, m) == nil {
				t.Fatalf("expert %v, move %d: no path builds %s", expert, n, m)
			}
			if _, err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
