package ai

import (
	"testing"

	"atheneum/engine/atheneum"
)

// sideShelfPosition plays normal players until a seat is about to place a
// side shelf, and returns the game and that seat.
func sideShelfPosition(t *testing.T) (*atheneum.Game, int) {
	t.Helper()
	for seed := uint64(1); seed < 50; seed++ {
		g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var pol policy
		for g.Step != atheneum.StepOver {
			seat := firstWaiting(g)
			a := pol.decide(g, seat)
			if a.Type == atheneum.ActSideShelf && len(g.SideSupply) == len(g.Content.SideShelves) {
				return g, seat
			}
			if err := g.Act(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no game placed a side shelf from a full supply")
	return nil, 0
}

func TestNormalTellsEquallyGoodSideShelvesApartByThePosition(t *testing.T) {
	g, seat := sideShelfPosition(t)
	p, _ := New("normal", Options{})
	chosen := map[int]int{}
	for seq := 0; seq < 60; seq++ {
		c := g.Clone()
		c.Seq = seq
		a, err := p.Propose(c.View(seat), seat)
		if err != nil || a.Type != atheneum.ActSideShelf {
			t.Fatalf("seq %d: %v, %v", seq, a, err)
		}
		again, _ := p.Propose(c.View(seat), seat)
		if again != a {
			t.Fatalf("seq %d: %s then %s for the same view", seq, a, again)
		}
		chosen[a.Shelf]++
	}
	t.Run("shelves the evaluation values alike are all taken, whatever their place in the supply", func(t *testing.T) {
		var e evaluator
		e.reset(&defaultParams, g, seat)
		best, _, _ := e.bestSide()
		tied := 0
		for _, id := range g.SideSupply {
			spec, _ := g.Content.SideShelf(id)
			if e.sideValue(spec) == best {
				tied++
				if chosen[id] == 0 {
					t.Errorf("S%d is worth as much as the best and was never taken in 60 positions: %v", id, chosen)
				}
			} else if chosen[id] > 0 {
				t.Errorf("S%d is worth less than the best and was taken: %v", id, chosen)
			}
		}
		if tied < 2 {
			t.Fatalf("only %d shelves share the best value: the position tests nothing", tied)
		}
	})
}
