package atheneum

import (
	"bytes"
	"fmt"
	"testing"
)

// determinizePositions plays random games and keeps positions from every
// step of them.
func determinizePositions(t *testing.T, seats int, seed uint64) []*Game {
	t.Helper()
	g, err := NewGame(Config{Subjects: Colors[:seats], Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	p := NewRandomPlayer(seed)
	var out []*Game
	for i := 0; ; i++ {
		if i%7 == 0 || g.Step == StepOver {
			out = append(out, g.Clone())
		}
		a, ok := p.Next(g)
		if !ok {
			return out
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

func encoded(t *testing.T, g *Game) []byte {
	t.Helper()
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkConservation checks that every card and objective is in exactly one
// place and the counts match the lists.
func checkConservation(g *Game) error {
	cards := make([]int, len(g.Content.Cards))
	for d := 0; d < 2; d++ {
		if len(g.Decks[d]) != g.DeckCounts[d] {
			return fmt.Errorf("deck %d holds %d cards, count %d", d, len(g.Decks[d]), g.DeckCounts[d])
		}
		for _, k := range g.Decks[d] {
			if g.Content.Cards[k].Deck != d {
				return fmt.Errorf("card %s in deck %d", g.CardCode(k), d)
			}
			cards[k]++
		}
	}
	for _, k := range g.Discard {
		cards[k]++
	}
	for i := range g.Seats {
		s := &g.Seats[i]
		if len(s.Hand) != s.HandCount {
			return fmt.Errorf("seat %d holds %d cards, count %d", i, len(s.Hand), s.HandCount)
		}
		for _, k := range s.Hand {
			if g.Content.Cards[k].Deck != g.Phase {
				return fmt.Errorf("seat %d holds %s in phase %s", i, g.CardCode(k), g.PhaseName())
			}
			cards[k]++
		}
		if s.Played >= 0 {
			cards[s.Played]++
		}
		if s.Status == StatusPicked {
			found := false
			for _, k := range s.Hand {
				found = found || k == s.Pick
			}
			if !found {
				return fmt.Errorf("seat %d picked %s, not in its hand", i, g.CardCode(s.Pick))
			}
		}
	}
	for k, n := range cards {
		if n != 1 {
			return fmt.Errorf("card %s is in %d places", g.CardCode(k), n)
		}
	}
	objs := make([]int, len(g.Content.Objectives))
	for _, o := range g.ObjectiveDeck {
		objs[o]++
	}
	for _, o := range g.ObjectiveDiscard {
		objs[o]++
	}
	for _, s := range g.Row {
		if s.Objective >= 0 {
			objs[s.Objective]++
		}
	}
	for o, n := range objs {
		if n != 1 {
			return fmt.Errorf("objective %s is in %d places", g.Content.Objectives[o].Code, n)
		}
	}
	if len(g.ObjectiveDeck) != g.ObjectiveCount {
		return fmt.Errorf("objective deck of %d, count %d", len(g.ObjectiveDeck), g.ObjectiveCount)
	}
	return nil
}

func TestDeterminize(t *testing.T) {
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		positions := determinizePositions(t, seats, uint64(40+seats))
		t.Run(fmt.Sprintf("with %d seats the sample shows each seat exactly what it saw", seats), func(t *testing.T) {
			for _, g := range positions {
				for seat := Spectator; seat < seats; seat++ {
					v := g.View(seat)
					want := encoded(t, v)
					for _, d := range []*Game{v.Determinize(seat, 7), g.Determinize(seat, 7)} {
						if d.Hidden {
							t.Fatal("a determinized game is hidden")
						}
						if got := encoded(t, d.View(seat)); !bytes.Equal(got, want) {
							t.Fatalf("%s, seat %d: the sample's view differs:\n%s\n%s", g, seat, got, want)
						}
					}
					if got := encoded(t, v); !bytes.Equal(got, want) {
						t.Fatalf("Determinize changed the view it was given")
					}
				}
			}
		})
		t.Run(fmt.Sprintf("with %d seats every card and objective is in one place", seats), func(t *testing.T) {
			for _, g := range positions {
				for seat := Spectator; seat < seats; seat++ {
					if err := checkConservation(g.View(seat).Determinize(seat, uint64(seat+9))); err != nil {
						t.Fatalf("%s, seat %d: %v", g, seat, err)
					}
				}
			}
		})
		t.Run(fmt.Sprintf("with %d seats a sample is a function of its seed", seats), func(t *testing.T) {
			differ := 0
			for _, g := range positions {
				v := g.View(0)
				a, b := encoded(t, v.Determinize(0, 3)), encoded(t, v.Determinize(0, 3))
				if !bytes.Equal(a, b) {
					t.Fatalf("%s: two samples with one seed differ", g)
				}
				if !bytes.Equal(a, encoded(t, v.Determinize(0, 4))) {
					differ++
				}
			}
			if differ < len(positions)/2 {
				t.Fatalf("only %d of %d positions sampled differently with another seed", differ, len(positions))
			}
		})
		t.Run(fmt.Sprintf("with %d seats random play-outs on samples stay legal", seats), func(t *testing.T) {
			for i, g := range positions {
				if i%3 != 0 {
					continue
				}
				seat := i % seats
				d := g.View(seat).Determinize(seat, uint64(i))
				if _, err := NewRandomPlayer(uint64(i)).Playout(d, func(Action, []Event) error { return checkConservation(d) }); err != nil {
					t.Fatalf("%s: %v", g, err)
				}
				if d.Step != StepOver {
					t.Fatalf("play-out stopped at %s", d)
				}
			}
		})
	}
}
