package atheneum

import (
	"fmt"
	"slices"
	"testing"
)

// Tests named TestRulingNN are named for ruling NN of docs/atheneum/rulings.md
// (TestEveryRulingHasATest holds the two lists together).

// resolveAt returns a game of seats seats in the resolve step of turn
// (1-10), every seat having picked the first card of its hand each turn.
func resolveAt(t *testing.T, seats, turn int) *Game {
	t.Helper()
	g, err := NewGame(Config{Subjects: Colors[:seats], Seed: uint64(90 + seats)})
	if err != nil {
		t.Fatal(err)
	}
	for g.TurnNumber() < turn {
		pickAll(t, g)
		doneAll(t, g)
	}
	pickAll(t, g)
	if g.Step != StepResolve || g.TurnNumber() != turn {
		t.Fatalf("wanted the resolve step of turn %d, got %s", turn, g)
	}
	return g
}

func TestRuling29PassedHandStaysHiddenUntilTheNextPick(t *testing.T) {
	type position struct {
		seats, turn int
	}
	var positions []position
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		// Turn 2 passes left (phase A), turn 7 passes right (phase B).
		positions = append(positions, position{seats, 2}, position{seats, 7})
	}
	checks := []struct {
		name  string
		check func(t *testing.T, g *Game)
	}{
		{"a seat does not see the hand it has just received, only how many cards it holds", func(t *testing.T, g *Game) {
			for i := range g.Seats {
				v := g.View(i).Seats[i]
				if v.Hand != nil || v.HandCount != len(g.Seats[i].Hand) || v.HandCount == 0 {
					t.Errorf("seat %d sees hand %v (count %d) of its %d cards", i, v.Hand, v.HandCount, len(g.Seats[i].Hand))
				}
			}
		}},
		{"the seat that passed a hand still sees it, and no other", func(t *testing.T, g *Game) {
			for i := range g.Seats {
				v := g.View(i)
				to := g.PassesTo(i)
				for k := range g.Seats {
					switch {
					case k == to && !slices.Equal(v.Seats[k].Hand, g.Seats[k].Hand):
						t.Errorf("seat %d passed %v to seat %d but sees %v", i, g.Seats[k].Hand, k, v.Seats[k].Hand)
					case k != to && v.Seats[k].Hand != nil:
						t.Errorf("seat %d sees seat %d's hand", i, k)
					}
				}
			}
		}},
		{"a spectator sees no hand", func(t *testing.T, g *Game) {
			for k, s := range g.View(Spectator).Seats {
				if s.Hand != nil || s.HandCount != len(g.Seats[k].Hand) {
					t.Errorf("a spectator sees seat %d's hand %v (count %d)", k, s.Hand, s.HandCount)
				}
			}
		}},
		{"a sample drawn for a seat keeps the hand it passed and deals its own from the cards it has not seen", func(t *testing.T, g *Game) {
			for i := range g.Seats {
				v := g.View(i)
				to := g.PassesTo(i)
				seen := map[int]bool{}
				for _, k := range slices.Concat(g.Seats[to].Hand, g.Discard) {
					seen[k] = true
				}
				for k := range g.Seats {
					seen[g.Seats[k].Played] = true
				}
				hands := map[string]bool{}
				for seed := uint64(0); seed < 20; seed++ {
					d := v.Determinize(i, seed)
					if err := checkConservation(d); err != nil {
						t.Fatalf("seat %d, seed %d: %v", i, seed, err)
					}
					if !slices.Equal(d.Seats[to].Hand, g.Seats[to].Hand) {
						t.Fatalf("seat %d, seed %d: the hand it passed became %v, was %v", i, seed, d.Seats[to].Hand, g.Seats[to].Hand)
					}
					own := d.Seats[i].Hand
					if len(own) != len(g.Seats[i].Hand) {
						t.Fatalf("seat %d, seed %d: a sampled hand of %d cards, holds %d", i, seed, len(own), len(g.Seats[i].Hand))
					}
					for _, k := range own {
						if seen[k] || g.Content.Cards[k].Deck != g.Phase {
							t.Fatalf("seat %d, seed %d: its sampled hand holds %s, which it has seen or is of the other deck", i, seed, g.CardCode(k))
						}
					}
					hands[fmt.Sprint(own)] = true
				}
				if len(hands) < 2 {
					t.Errorf("seat %d: 20 samples dealt it the same hand every time", i)
				}
			}
		}},
		{"when the next pick begins each seat sees its own hand again, and only that one", func(t *testing.T, g *Game) {
			g = g.Clone()
			doneAll(t, g)
			if g.Step != StepPick {
				t.Fatalf("step %s after every seat finished", g.Step)
			}
			for i := range g.Seats {
				v := g.View(i)
				for k := range g.Seats {
					if mine := k == i; mine != (v.Seats[k].Hand != nil) || mine && !slices.Equal(v.Seats[k].Hand, g.Seats[k].Hand) {
						t.Errorf("at the pick, seat %d sees seat %d's hand as %v", i, k, v.Seats[k].Hand)
					}
				}
			}
		}},
	}
	for _, p := range positions {
		g := resolveAt(t, p.seats, p.turn)
		for _, c := range checks {
			t.Run(fmt.Sprintf("%s, with %d seats in phase %s", c.name, p.seats, g.PhaseName()), func(t *testing.T) {
				c.check(t, g)
			})
		}
	}
	t.Run("on the last turn of a phase no hand is passed and none is hidden", func(t *testing.T) {
		for _, turn := range []int{TurnsPerPhase, 2 * TurnsPerPhase} {
			g := resolveAt(t, 3, turn)
			for i := range g.Seats {
				if n := g.View(i).Seats[i].HandCount; n != 0 || len(g.Seats[i].Hand) != 0 {
					t.Errorf("turn %d: seat %d holds %d cards, its view says %d", turn, i, len(g.Seats[i].Hand), n)
				}
			}
		}
	})
}

func TestTheTenthTurnEndsWithACleanup(t *testing.T) {
	g := testGameAt(t, 2, 2*TurnsPerPhase)
	pickAll(t, g)
	before := g.Row
	next := g.ObjectiveDeck[0]
	ev := doneAll(t, g)
	if g.Step != StepOver {
		t.Fatalf("step %s after the tenth turn", g.Step)
	}
	for k := 1; k < RowSize; k++ {
		if g.Row[k].Objective != before[k-1].Objective {
			t.Errorf("slot %d holds %d, want %d slid from slot %d", k+1, g.Row[k].Objective, before[k-1].Objective, k)
		}
	}
	if g.Row[0].Objective != next || g.ObjectiveDiscard[len(g.ObjectiveDiscard)-1] != before[RowSize-1].Objective {
		t.Errorf("row %+v, discard %v: the rightmost objective did not leave or none entered", g.Row, g.ObjectiveDiscard)
	}
	left := slices.IndexFunc(ev, func(e Event) bool { return e.Type == EvObjectiveLeft })
	over := slices.IndexFunc(ev, func(e Event) bool { return e.Type == EvGameOver })
	if left < 0 || over < left {
		t.Errorf("the objective leaves at event %d and the game ends at %d", left, over)
	}
}

func TestEachPatternOfAnObjectiveNeedsItsOwnCompartment(t *testing.T) {
	tests := []struct {
		name    string
		shelves string
		want    bool
	}{
		{"two patterns side by side in one compartment do not complete it", "IV:TTKK.", false},
		{"two patterns in two compartments complete it", "IV:TT... I:KK..", true},
		{"one pattern alone does not complete it", "IV:TT...", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			tt, err := ParsePattern("TT")
			if err != nil {
				t.Fatal(err)
			}
			kk, err := ParsePattern("KK")
			if err != nil {
				t.Fatal(err)
			}
			c := *g.Content
			c.Objectives = append(slices.Clone(c.Objectives), Objective{Code: "T02", Kind: ObjectiveAnyCompartment, Points: 5,
				Reqs: []Requirement{{Pattern: tt}, {Pattern: kk}}})
			g.Content = &c
			mustShelves(t, g, 0, tc.shelves)
			if got := g.Completes(0, len(c.Objectives)-1); got != tc.want {
				t.Errorf("Completes on %s = %v, want %v", tc.shelves, got, tc.want)
			}
		})
	}
}
