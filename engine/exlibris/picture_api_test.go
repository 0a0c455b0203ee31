package exlibris

import (
	"fmt"
	"slices"
	"testing"
)

// TestInspectionTellsWhatWasTurnedAndWhy plays random games to their end
// and checks that Inspection reports exactly the cards the flipped and
// checked events named, seat by seat, that those cards lie face down in
// the seat's collection, and that a view reports the same.
func TestInspectionTellsWhatWasTurnedAndWhy(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		t.Run(fmt.Sprintf("a %d-seat game's inspection is reported as its events told it", seats), func(t *testing.T) {
			seen := [2]int{}
			for i := range 6 {
				seed := uint64(900 + 10*seats + i)
				g, err := New(seed, seats, Options{})
				if err != nil {
					t.Fatal(err)
				}
				r := newTestRNG(seed)
				var buf []Action
				flipped, checked := make([][]int, seats), make([][]int, seats)
				inspecting := false
				for steps := 0; !g.Over(); steps++ {
					if steps > 50000 {
						t.Fatalf("seed %d: the game did not end", seed)
					}
					if steps%25 == 0 && !inspecting {
						for s := range seats {
							if f, c := g.Inspection(s); len(f)+len(c) > 0 {
								t.Fatalf("seed %d: seat %d has cards turned (%v, %v) before the inspection", seed, s, f, c)
							}
						}
					}
					var seat int
					var a Action
					buf, seat, a = randomAction(g, r, buf)
					ev, err := g.Apply(Move{Seat: seat, Keys: a.Keys()})
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range ev {
						switch e.Kind {
						case EvInspection:
							inspecting = true
						case EvFlipped:
							flipped[e.Seat] = append(flipped[e.Seat], e.Card)
						case EvChecked:
							checked[e.Seat] = append(checked[e.Seat], e.Cards...)
						}
					}
				}
				for s := range seats {
					seen[0] += len(flipped[s])
					seen[1] += len(checked[s])
					slices.Sort(flipped[s])
					slices.Sort(checked[s])
					for _, v := range []*Game{g, g.View(-1), g.View(s)} {
						f, c := v.Inspection(s)
						if !slices.Equal(f, flipped[s]) || !slices.Equal(c, checked[s]) {
							t.Errorf("seed %d seat %d: Inspection gives %v and %v, the events %v and %v", seed, s, f, c, flipped[s], checked[s])
						}
					}
					down := map[int]bool{}
					for _, p := range g.Collection(s) {
						down[p.Card] = p.FaceDown
					}
					for _, c := range append(slices.Clone(flipped[s]), checked[s]...) {
						if !down[c] {
							t.Errorf("seed %d seat %d: %s is reported turned down but is not face down on top of a place", seed, s, CardCode(c))
						}
					}
				}
				if f, c := g.Inspection(seats); f != nil || c != nil {
					t.Errorf("a seat the game does not have has cards turned: %v %v", f, c)
				}
			}
			if seen[0] == 0 || seen[1] == 0 {
				t.Errorf("the games turned %d cards by hand and %d by the check: nothing was tested", seen[0], seen[1])
			}
		})
	}
}

// TestEveryViewWalksNextWithoutPanicking: the pictures ask a view what a
// seat may choose (to light the places of a card being archived), also a
// view of another seat or a spectator's, which hides cards the seat's
// choices name (the witch's card): walking Next two keys deep from every
// view, for every awaited seat, at every step of random games, never
// panics and names no card outside the game.
func TestEveryViewWalksNextWithoutPanicking(t *testing.T) {
	walked := 0
	for seats := 1; seats <= MaxSeats; seats++ {
		for i := range 4 {
			seed := uint64(700 + 10*seats + i)
			g, err := New(seed, seats, Options{})
			if err != nil {
				t.Fatal(err)
			}
			r := newTestRNG(seed)
			var buf []Action
			for steps := 0; !g.Over(); steps++ {
				if steps > 50000 {
					t.Fatalf("seed %d: the game did not end", seed)
				}
				for v := -1; v < seats; v++ {
					view := g.View(v)
					for _, s := range g.Awaited() {
						for _, st := range view.Next(s, nil) {
							walked++
							if st.Key == "" || st.Key[0] == 'r' && st.Key[1] == 'c' {
								t.Fatalf("seed %d step %d: view %d offers seat %d the key %q", seed, steps, v, s, st.Key)
							}
							for _, st2 := range view.Next(s, []string{st.Key}) {
								if st2.Key == "" {
									t.Fatalf("seed %d step %d: an empty key after %q", seed, steps, st.Key)
								}
							}
						}
					}
				}
				var seat int
				var a Action
				buf, seat, a = randomAction(g, r, buf)
				if _, err := g.Apply(Move{Seat: seat, Keys: a.Keys()}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if walked == 0 {
		t.Fatal("nothing was walked")
	}
}
