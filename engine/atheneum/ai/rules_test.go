package ai

import (
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
)

// TestShelvingRulesAgreeWithTheEngine checks the players' own copy of the
// placement rules (canPlace) against the engine's legal actions, over the
// positions of random games: a book may go exactly where the engine lists it.
func TestShelvingRulesAgreeWithTheEngine(t *testing.T) {
	for seats := atheneum.MinSeats; seats <= atheneum.MaxSeats; seats += 3 {
		t.Run(fmt.Sprintf("in %d-seat games every listed space is one canPlace accepts, and back", seats), func(t *testing.T) {
			g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(seats)})
			if err != nil {
				t.Fatal(err)
			}
			rp := atheneum.NewRandomPlayer(uint64(seats))
			checked := 0
			for g.Step != atheneum.StepOver {
				for seat := range g.Seats {
					s := &g.Seats[seat]
					if s.Status != atheneum.StatusShelving {
						continue
					}
					listed := map[[4]int]bool{}
					for _, a := range g.LegalActions(seat) {
						if a.Type != atheneum.ActShelve || a.Flip {
							continue
						}
						_, it := heldItem(s, a.Item)
						w := 1
						if it.Kind == atheneum.ItemPair {
							w = 2
						}
						listed[[4]int{int(a.At.Comp), a.At.Level, a.At.Space, w}] = true
					}
					for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
						c := &s.Comps[id]
						for l := 0; l < c.Levels; l++ {
							for x := 0; x < c.Width; x++ {
								for w := 1; w <= 2; w++ {
									if !hasPiece(s, w) {
										continue
									}
									k := [4]int{int(id), l, x, w}
									if canPlace(c, l, x, w) != listed[k] {
										t.Fatalf("%s: canPlace(%s.%d.%d, width %d) = %v, the engine lists it: %v\n%s", g, id, l+1, x+1, w, canPlace(c, l, x, w), listed[k], g.Shelves(seat))
									}
									checked++
								}
							}
						}
					}
				}
				a, _ := rp.Next(g)
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if checked < 1000 {
				t.Fatalf("only %d spaces checked", checked)
			}
		})
	}
}

// hasPiece reports whether the seat holds a free book (w 1) or a pair (w 2).
func hasPiece(s *atheneum.Seat, w int) bool {
	for _, it := range s.Held {
		if w == 2 && it.Kind == atheneum.ItemPair || w == 1 && it.Kind == atheneum.ItemBook && !it.Bound {
			return true
		}
	}
	return false
}
