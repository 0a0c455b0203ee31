package exlibris

import (
	"testing"
)

// randomPositions plays random games and calls f every step decisions.
func randomPositions(t *testing.T, games, step int, f func(g *Game)) {
	n := 0
	for i := 0; i < games; i++ {
		g, err := New(uint64(500+i), 1+i%4, Options{Mode: Mode(i % 3)})
		if err != nil {
			t.Fatal(err)
		}
		r := newTestRNG(uint64(i))
		var buf []Action
		for !g.Over() {
			if n%step == 0 {
				f(g)
			}
			n++
			var seat int
			var a Action
			buf, seat, a = randomAction(g, r, buf)
			if err := g.Do(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// joined is a plain breadth-first check of one group, apart from the
// engine's grids.
func joined(cells map[[2]int]bool) bool {
	var start [2]int
	for p := range cells {
		start = p
		break
	}
	seen := map[[2]int]bool{start: true}
	queue := [][2]int{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if cells[q] && !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return len(seen) == len(cells)
}

func (g *Game) placesOf(seat int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for c := g.coll[seat].first(); c >= 0; c = g.coll[seat].next(c) {
		out[[2]int{int(g.posR[c]), int(g.posC[c])}] = true
	}
	return out
}

func TestCollectionsStayOneGroupWithinThreeRows(t *testing.T) {
	randomPositions(t, 40, 1, func(g *Game) {
		for s := 0; s < g.n; s++ {
			places := g.placesOf(s)
			if len(places) != g.coll[s].count() {
				t.Fatalf("seat %d: two cards share a place", s)
			}
			if len(places) > 1 && !joined(places) {
				t.Fatalf("seat %d's collection is split: %v", s, places)
			}
			lo, hi := 1000, -1000
			for p := range places {
				lo, hi = min(lo, p[0]), max(hi, p[0])
			}
			if len(places) > 0 && hi-lo >= MaxRows {
				t.Fatalf("seat %d's collection spans %d rows", s, hi-lo+1)
			}
		}
		g.checkCards(t)
	})
}

func TestRemovableCardsAreThoseThatSplitNothing(t *testing.T) {
	randomPositions(t, 30, 5, func(g *Game) {
		for s := 0; s < g.n; s++ {
			set := g.removableSet(s)
			for c := g.coll[s].first(); c >= 0; c = g.coll[s].next(c) {
				places := g.placesOf(s)
				if g.under[c] == 0 {
					delete(places, [2]int{int(g.posR[c]), int(g.posC[c])})
				}
				want := len(places) == 0 || joined(places)
				if set.has(c) != want || g.removable(s, c) != want {
					t.Fatalf("seat %d card %s: removable %v/%v, want %v", s, CardCode(c), set.has(c), g.removable(s, c), want)
				}
			}
		}
	})
}

func TestCabinetMovesAgreeWithABruteForce(t *testing.T) {
	checked := 0
	randomPositions(t, 16, 13, func(g *Game) {
		for s := 0; s < g.n; s++ {
			if g.coll[s].count() < 2 || g.coll[s].count() > 12 {
				continue
			}
			listed := map[[5]int]bool{}
			g.cabinetMoves(s, func(r int8, c1, c2 int16, r2 int8, d int16) bool {
				listed[[5]int{int(r), int(c1), int(c2), int(r2), int(d)}] = true
				if !g.cabinetMoveOK(s, r, c1, c2, r2, d) {
					t.Fatalf("a listed move is not OK")
				}
				return true
			})
			// Brute force: every run, every target within reach of the
			// collection (beyond it nothing can touch).
			places := g.placesOf(s)
			loR, hiR, loC, hiC := 1000, -1000, 1000, -1000
			for q := range places {
				loR, hiR = min(loR, q[0]), max(hiR, q[0])
				loC, hiC = min(loC, q[1]), max(hiC, q[1])
			}
			for p := range places {
				for length := 1; length <= len(places); length++ {
					run := true
					for k := 0; k < length; k++ {
						run = run && places[[2]int{p[0], p[1] + k}]
					}
					if !run || length == len(places) {
						continue
					}
					for r2 := loR - 3; r2 <= hiR+3; r2++ {
						for d := loC - length - 2; d <= hiC+2; d++ {
							if r2 == p[0] && d == p[1] {
								continue
							}
							moved := map[[2]int]bool{}
							for q := range places {
								if q[0] != p[0] || q[1] < p[1] || q[1] >= p[1]+length {
									moved[q] = true
								}
							}
							ok := true
							for k := 0; k < length; k++ {
								q := [2]int{r2, d + k}
								ok = ok && !moved[q]
								moved[q] = true
							}
							lo, hi := 1000, -1000
							for q := range moved {
								lo, hi = min(lo, q[0]), max(hi, q[0])
							}
							ok = ok && hi-lo < MaxRows && joined(moved)
							key := [5]int{p[0], p[1], p[1] + length - 1, r2, d}
							if ok != listed[key] {
								t.Fatalf("seat %d move %v: brute force %v, listed %v", s, key, ok, listed[key])
							}
							checked++
						}
					}
				}
			}
		}
	})
	if checked == 0 {
		t.Fatal("nothing was checked")
	}
}

func TestArchivePlacesTouchTheCollection(t *testing.T) {
	randomPositions(t, 30, 7, func(g *Game) {
		for s := 0; s < g.n; s++ {
			places := g.placesOf(s)
			g.archivePlaces(s, plainKind, func(r int8, c int16, mode int16) {
				q := [2]int{int(r), int(c)}
				if places[q] {
					t.Fatalf("an occupied place is offered")
				}
				if len(places) == 0 {
					return
				}
				places[q] = true
				if !joined(places) {
					t.Fatalf("a place touching nothing is offered")
				}
				delete(places, q)
			})
		}
	})
}

func TestCloneIsIndependent(t *testing.T) {
	g, _ := playRandomPrefix(t, 11, 4, 80)
	c := g.Clone()
	r := newTestRNG(3)
	var buf []Action
	for i := 0; i < 40 && !c.Over(); i++ {
		var s int
		var a Action
		buf, s, a = randomAction(c, r, buf)
		if err := c.Do(s, a); err != nil {
			t.Fatal(err)
		}
	}
	again, _ := playRandomPrefix(t, 11, 4, 80)
	if !sameGame(again, g) {
		t.Fatal("playing on a clone changed the original")
	}
}

func TestAllSeatCountsAndModesPlayToTheEnd(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		for mode := Standard; mode <= Friendly; mode++ {
			for _, long := range []bool{false, true} {
				for i := 0; i < propertyGames; i++ {
					g, _ := playRandom(t, uint64(7000+100*seats+i), seats, Options{Mode: mode, Long: long, Level: i % 7})
					if err := checkResults(g); err != nil {
						t.Fatalf("%d seats, mode %d, long %v, game %d: %v", seats, mode, long, i, err)
					}
				}
			}
		}
	}
}

func checkResults(g *Game) error {
	res := g.Results()
	if len(res) != g.n {
		return errString("results missing")
	}
	for _, r := range res {
		sum := 0
		for _, row := range r.Rows[:5] {
			sum += row.Points
		}
		if sum != r.Score {
			return errString("rows do not add up to the score")
		}
	}
	return nil
}

type errString string

func (e errString) Error() string { return string(e) }

// TestTheTaskStackKeepsItsMargin: the deepest chain of tasks the rules
// build is eight, and maxDepth keeps four more (every task costs a view
// its bytes); random games in every mode never stand deeper than that
// chain at a decision.
func TestTheTaskStackKeepsItsMargin(t *testing.T) {
	most := 0
	randomPositions(t, 12*propertyGames, 1, func(g *Game) { most = max(most, int(g.depth)) })
	if most > maxDepth-4 {
		t.Fatalf("a decision stands %d tasks deep; maxDepth %d keeps no margin", most, maxDepth)
	}
}
