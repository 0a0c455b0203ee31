package ai

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"atheneum/engine/atheneum"
)

func newPlayers(t testing.TB, levels []string, seed uint64, playouts int) []Player {
	t.Helper()
	ps := make([]Player, len(levels))
	for i, l := range levels {
		p, err := New(l, Options{Seed: seed*31 + uint64(i), Playouts: playouts})
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

func TestNew(t *testing.T) {
	for _, l := range Levels {
		t.Run("level "+l+" is known and says its name", func(t *testing.T) {
			p, err := New(l, Options{})
			if err != nil || p.Level() != l {
				t.Fatalf("New(%q) = %v, %v", l, p, err)
			}
		})
	}
	t.Run("an unknown level is refused with the valid ones named", func(t *testing.T) {
		_, err := New("expert", Options{})
		if err == nil || !strings.Contains(err.Error(), "random, normal, hard") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestProposeWithNothingToDo(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(g.LegalActions(0)[0]); err != nil {
		t.Fatal(err)
	}
	for _, l := range Levels {
		t.Run(l+" refuses to act for a seat that has already picked", func(t *testing.T) {
			p, _ := New(l, Options{Playouts: 2})
			if _, err := p.Propose(g.View(0), 0); !errors.Is(err, ErrNothingToDo) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run(l+" refuses a seat that does not exist", func(t *testing.T) {
			p, _ := New(l, Options{Playouts: 2})
			if _, err := p.Propose(g.View(5), 5); !errors.Is(err, ErrNothingToDo) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

// TestNoIllegalAction plays games of every seat count between every level
// and checks that the engine accepts every proposal and the games end.
func TestNoIllegalAction(t *testing.T) {
	const games = 8
	for n := atheneum.MinSeats; n <= atheneum.MaxSeats; n++ {
		t.Run(fmt.Sprintf("%d seats of random and normal players, one game with some hard decisions, make legal moves only", n), func(t *testing.T) {
			for i := 0; i < games; i++ {
				levels := make([]string, n)
				for k := range levels {
					levels[k] = Levels[(i+k)%2]
				}
				players := newPlayers(t, levels, uint64(i), 1)
				if i == 0 {
					// Hard is slow under the race detector: it makes every
					// fifth decision of the last seat, normal the others.
					h, _ := New("hard", Options{Seed: uint64(i), Playouts: 1})
					players[n-1] = &sometimes{Player: h, other: players[n-1], every: 5}
				}
				g, acts, err := PlayGame(atheneum.Config{Subjects: atheneum.Colors[:n], Seed: uint64(100*n + i)}, players)
				if err != nil {
					t.Fatalf("game %d (%v): %v", i, levels, err)
				}
				if g.Step != atheneum.StepOver || len(g.Results) != n {
					t.Fatalf("game %d stopped at %s", i, g)
				}
				for _, a := range acts {
					if a.Type == atheneum.ActUndo {
						t.Fatalf("game %d: an AI chose %s", i, a)
					}
				}
			}
		})
	}
}

// sometimes lets Player make every n-th decision and other the rest.
type sometimes struct {
	Player
	other Player
	every int
	n     int
}

func (s *sometimes) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	s.n++
	if s.n%s.every == 0 {
		return s.Player.Propose(view, seat)
	}
	return s.other.Propose(view, seat)
}

// doneChecker wraps a player and checks, whenever it finishes a resolve
// step, that it holds no book or pair with a legal space.
type doneChecker struct {
	Player
	t       *testing.T
	checked int
}

func (d *doneChecker) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	a, err := d.Player.Propose(view, seat)
	if err == nil && a.Type == atheneum.ActDone {
		d.checked++
		for _, b := range playable(view).LegalActions(seat) {
			if b.Type == atheneum.ActShelve {
				d.t.Fatalf("pressed Done at %s while %s was legal; held %+v", view, b, view.Seats[seat].Held)
			}
		}
	}
	return a, err
}

func TestNormalNeverLeavesBooksUnshelved(t *testing.T) {
	for n := atheneum.MinSeats; n <= atheneum.MaxSeats; n++ {
		t.Run(strings.Repeat("normal ", n)+"shelve every book that has a space before Done", func(t *testing.T) {
			for i := 0; i < 6; i++ {
				ps := newPlayers(t, make([]string, 0), 0, 0)
				for k := 0; k < n; k++ {
					p, _ := New("normal", Options{Seed: uint64(k)})
					ps = append(ps, &doneChecker{Player: p, t: t})
				}
				if _, _, err := PlayGame(atheneum.Config{Subjects: atheneum.Colors[:n], Seed: uint64(7*n + i)}, ps); err != nil {
					t.Fatal(err)
				}
				if ps[0].(*doneChecker).checked != 10 {
					t.Fatalf("seat 0 finished %d resolve steps, want 10", ps[0].(*doneChecker).checked)
				}
			}
		})
	}
}

func TestNormalBeatsRandom(t *testing.T) {
	const games = 50
	wins := 0.0
	for i := 0; i < games; i++ {
		levels := []string{"normal", "random"}
		me := i % 2
		if me == 1 {
			levels = []string{"random", "normal"}
		}
		g, _, err := PlayGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: uint64(1000 + i)}, newPlayers(t, levels, uint64(i), 0))
		if err != nil {
			t.Fatal(err)
		}
		wins += winShare(g, me)
	}
	if wins < 0.9*games {
		t.Fatalf("normal won %.1f of %d games against random", wins, games)
	}
}

// winShare is 1 for a win, 1/k for a k-way shared win, 0 for a loss.
func winShare(g *atheneum.Game, seat int) float64 {
	w := g.Winners()
	for _, s := range w {
		if s == seat {
			return 1 / float64(len(w))
		}
	}
	return 0
}

func TestPlayerIsAPureFunctionOfItsInputs(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rp := atheneum.NewRandomPlayer(5)
	for g.Step != atheneum.StepOver {
		for _, seat := range g.Waiting() {
			for _, l := range []string{"random", "normal"} {
				p1, _ := New(l, Options{Seed: 9})
				p2, _ := New(l, Options{Seed: 9})
				a1, err1 := p1.Propose(g.View(seat), seat)
				a2, err2 := p2.Propose(g.View(seat), seat)
				if err1 != nil || err2 != nil || a1 != a2 {
					t.Fatalf("%s at %s: %v (%v) then %v (%v)", l, g, a1, err1, a2, err2)
				}
				if _, err := g.Clone().Apply(a1); err != nil {
					t.Fatalf("%s proposed %s: %v", l, a1, err)
				}
			}
		}
		a, _ := rp.Next(g)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestHardWithFixedPlayoutsIsDeterministic(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rp := atheneum.NewRandomPlayer(11)
	checked := map[atheneum.Step]int{}
	for g.Step != atheneum.StepOver && (checked[atheneum.StepPick] < 2 || checked[atheneum.StepResolve] < 2) {
		seat := g.Waiting()[0]
		if g.TurnNumber() >= 3 && checked[g.Step] < 2 {
			checked[g.Step]++
			t.Run(fmt.Sprintf("hard proposes the same action twice at %s", g), func(t *testing.T) {
				var first atheneum.Action
				for k := 0; k < 2; k++ {
					p, _ := New("hard", Options{Seed: 4, Playouts: 2})
					a, err := p.Propose(g.View(seat), seat)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := g.Clone().Apply(a); err != nil {
						t.Fatalf("hard proposed %s: %v", a, err)
					}
					if k == 0 {
						first = a
					} else if a != first {
						t.Fatalf("%s then %s", first, a)
					}
				}
			})
		}
		a, _ := rp.For(g, seat)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPlayersSeeOnlyTheirView checks that a player decides the same from
// the full game as from the seat's view: nothing hidden from the seat
// changes its choice.
func TestPlayersSeeOnlyTheirView(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:4], Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	rp := atheneum.NewRandomPlayer(21)
	hardChecks := 0
	for g.Step != atheneum.StepOver {
		for _, seat := range g.Waiting() {
			levels := []string{"random", "normal"}
			if g.Seq%60 == 0 && hardChecks < 3 {
				levels = append(levels, "hard")
				hardChecks++
			}
			for _, l := range levels {
				p, _ := New(l, Options{Seed: 2, Playouts: 1})
				fromView, err1 := p.Propose(g.View(seat), seat)
				fromGame, err2 := p.Propose(g, seat)
				if err1 != nil || err2 != nil || fromView != fromGame {
					t.Fatalf("%s at %s, seat %d: %v (%v) from the view, %v (%v) from the game", l, g, seat, fromView, err1, fromGame, err2)
				}
			}
		}
		a, _ := rp.Next(g)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTheHardPlayersDefaultEffortIsACountOfPlayouts: by default the hard
// player searches DefaultPlayouts per candidate at a pick and
// DefaultResolvePlayouts at a shelving choice, not for a time, so that it
// plays the same move however busy the machine is.
func TestTheHardPlayersDefaultEffortIsACountOfPlayouts(t *testing.T) {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	// The last pick with a choice, and the last shelving choice with
	// something to search: the quickest searches.
	views := make([]*atheneum.Game, 2)
	var pol policy
	for g.Step != atheneum.StepOver {
		seat := g.Waiting()[0]
		pick := g.Step == atheneum.StepPick
		switch {
		case seat != 0:
		case pick && len(g.AppendLegal(nil, 0)) > 1:
			views[0] = g.View(0)
		case !pick && len(pol.alternatives(g, 0, pol.decide(g, 0), resolveCandidates)) > 1:
			views[1] = g.View(0)
		}
		if _, err := g.Apply(pol.decide(g, seat)); err != nil {
			t.Fatal(err)
		}
	}
	if views[0] == nil || views[1] == nil {
		t.Fatal("nothing to search")
	}
	propose := func(o Options, v *atheneum.Game) atheneum.Action {
		p, _ := New("hard", o)
		a, err := p.Propose(v, 0)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for i, v := range views {
		name := []string{"a pick", "a shelving choice"}[i]
		t.Run("at "+name+" the default is the default count", func(t *testing.T) {
			calm := propose(Options{Seed: 3}, v)
			if counted := propose(Options{Seed: 3, Playouts: DefaultPlayouts, ResolvePlayouts: DefaultResolvePlayouts}, v); calm != counted {
				t.Errorf("the default plays %s, %d and %d play-outs %s", calm, DefaultPlayouts, DefaultResolvePlayouts, counted)
			}
			// Every processor kept busy meanwhile.
			stop := make(chan struct{})
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for x := 0; ; x++ {
						select {
						case <-stop:
							return
						default:
						}
					}
				})
			}
			busy := propose(Options{Seed: 3}, v)
			close(stop)
			wg.Wait()
			if busy != calm {
				t.Errorf("on a busy machine the default plays %s, on a calm one %s", busy, calm)
			}
		})
	}
}
