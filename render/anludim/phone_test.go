package anludim

import (
	"fmt"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tallest is how much taller than wide a picture may be: Discord caps a
// picture's height on a phone, and a taller one would be shrunk further.
const tallest = 1.6

// TestEveryPictureReadsOnAPhone draws every kind of picture for 2 to 5
// seats, base and expert, in both languages, in the middle of a round,
// between rounds and at the end of a game, and checks its smallest text
// once the picture is shrunk to a phone's width (its font size, and the
// height of its smallest capitals and digits: a value, a colour's letter),
// and its height.
func TestEveryPictureReadsOnAPhone(t *testing.T) {
	for seats := anludim.MinSeats; seats <= anludim.MaxSeats; seats++ {
		for _, expert := range []bool{false, true} {
			for li, l := range i18n.Langs {
				if raceEnabled && (seats+2*li+b2i(expert))%4 != 0 {
					// The race detector makes drawing some twenty times
					// slower: it checks a quarter of the cases, each seat count once.
					continue
				}
				t.Run(fmt.Sprintf("every picture of a %d-seat game (expert %v) in %s has text of %d px and capitals of %d px or more at %d px wide", seats, expert, l,
					render.PhoneText, render.PhoneCapHeight, render.PhoneWidth), func(t *testing.T) {
					t.Parallel()
					g := newGame(t, uint64(40+seats), seats, expert)
					ps := players(t, seats, uint64(seats), "normal", "random")
					o := render.Options{Lang: l, Names: testNames}
					states := []*anludim.Game{g.Clone()}
					playUntil(t, g, ps, func(g *anludim.Game) bool { return g.Turn() >= 12 })
					states = append(states, g.Clone())
					playUntil(t, g, ps, func(g *anludim.Game) bool { return g.Keeping() })
					states = append(states, g.Clone())
					playUntil(t, g, ps, func(*anludim.Game) bool { return false })
					states = append(states, g)
					drawn := map[string]bool{}
					for _, st := range states {
						for seat := -1; seat < seats; seat++ {
							v := st.View(seat)
							for _, k := range kinds() {
								if seat >= 0 && k.name != "hand" {
									continue // only a hand differs between views
								}
								p, err := k.draw(v, max(seat, 0), o)
								if notYet(err) {
									continue
								}
								if err != nil {
									t.Fatalf("%s: %v", k.name, err)
								}
								drawn[k.name] = true
								if msg := p.PhoneProblem(); msg != "" {
									t.Errorf("%s at %s: %s", k.name, st.StepKey(), msg)
								}
								if msg := p.PhoneCapProblem(); msg != "" {
									t.Errorf("%s at %s: %s", k.name, st.StepKey(), msg)
								}
								if s := p.Shortened(); s != "" {
									t.Errorf("%s at %s: %q was shortened to fit", k.name, st.StepKey(), s)
								}
								if float64(p.Height) > tallest*float64(p.Width) {
									t.Errorf("%s at %s is %d×%d px, taller than %.1f times its width", k.name, st.StepKey(), p.Width, p.Height, tallest)
								}
								if p.Alt == "" || len(p.Alt) > render.AltLimit {
									t.Errorf("%s at %s has an alt text of %d bytes", k.name, st.StepKey(), len(p.Alt))
								}
							}
						}
					}
					for _, k := range kinds() {
						if !drawn[k.name] {
							t.Errorf("no %s picture was drawn", k.name)
						}
					}
				})
			}
		}
	}
}

// TestTheFullestHandAndTableStayWithinBounds draws hands of up to every
// card, and tables fuller than any game can make them: every seat with
// every card in combinations, and as many items as the stacks hold, at
// every seat count. They stay readable and within bounds.
func TestTheFullestHandAndTableStayWithinBounds(t *testing.T) {
	for seats := anludim.MinSeats; seats <= anludim.MaxSeats; seats++ {
		if raceEnabled && seats != anludim.MaxSeats {
			continue
		}
		g := newGame(t, 1, seats, false)
		for _, n := range []int{0, 1, 8, 20, 40, anludim.NumCards} {
			cards := make([]int, 0, n)
			kept := map[int]bool{}
			for id := range n {
				cards = append(cards, id)
				kept[id] = id%3 == 0
			}
			for _, hidden := range []int{0, n / 2} {
				p, err := finish(handCanvas(g, 0, cards[:n-hidden], hidden, kept, en))
				checkPicture(t, fmt.Sprintf("a hand of %d cards, %d hidden", n, hidden), p, err)
			}
		}
		for _, long := range []bool{false, true} {
			views := make([]seatView, seats)
			for s := range views {
				var uses []anludim.Use
				for id := range anludim.NumCards {
					uses = append(uses, anludim.Use{Card: id, Side: id % 2})
				}
				// One long combination, or thirteen of five cards.
				var combos []anludim.Combination
				if long {
					combos = []anludim.Combination{{Seat: s, Prof: anludim.Arcanist, Holds: true, Uses: uses}}
				} else {
					for k := 0; k < len(uses); k += 5 {
						combos = append(combos, anludim.Combination{Seat: s, Prof: anludim.Professor(k % 5), Holds: k < 25, Uses: uses[k : k+5]})
					}
				}
				var items []anludim.Item
				for k := anludim.ItemKind(0); k < anludim.NumProfessors; k++ {
					for _, v := range anludim.StackValues(k, seats) {
						items = append(items, anludim.Item{Kind: k, Value: v})
					}
				}
				items = append(items, anludim.Item{Kind: anludim.Parchment, Value: 1}, anludim.Item{Kind: anludim.Parchment, Value: 1})
				views[s] = seatView{combos: combos, items: items, hand: 65, total: 99, wins: 1, gold: true, active: s == 1}
			}
			for _, o := range []render.Options{en, fr} {
				p, err := finish(tableCanvas(g, views, o))
				checkPicture(t, fmt.Sprintf("a %d-seat table with every card in front of every seat (long %v) in %s", seats, long, o.Lang), p, err)
			}
		}
	}
}

// checkPicture fails the test when a picture could not be drawn or does not
// read on a phone.
func checkPicture(t *testing.T, what string, p render.Picture, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if msg := p.PhoneProblem(); msg != "" {
		t.Errorf("%s: %s", what, msg)
	}
	if msg := p.PhoneCapProblem(); msg != "" {
		t.Errorf("%s: %s", what, msg)
	}
	if float64(p.Height) > tallest*float64(p.Width) {
		t.Errorf("%s is %d×%d px, taller than %.1f times its width", what, p.Width, p.Height, tallest)
	}
}
