package atheneum

import (
	"slices"
	"testing"

	"atheneum/engine/atheneum"
)

// The fixed game states the golden images are drawn from. They are built
// from a seed and random play, so they are the same on every run, with the
// frozen content pack atheneum-1 (the shelves written below fit its side
// shelves), so tuning a newer pack does not redraw them.

var testNames = []string{"Ada", "Bartholomew the Long-Named", "Céline"}

func newTestGame(t testing.TB) *atheneum.Game {
	t.Helper()
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 7, Content: goldenContent(t)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playUntil plays random moves until stop reports true or the game ends.
func playUntil(t testing.TB, g *atheneum.Game, seed uint64, stop func(*atheneum.Game) bool) {
	t.Helper()
	p := atheneum.NewRandomPlayer(seed)
	for !stop(g) {
		a, ok := p.Next(g)
		if !ok {
			return
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
}

// startState is a new game: empty shelves, first hands dealt.
func startState(t testing.TB) *atheneum.Game { return newTestGame(t) }

// midState is turn 3 of phase B, just after the cards are revealed, with
// seat 0's shelves set to show side shelves on both sides, paired sets,
// candles on the main and side shelves, a full compartment and spiders.
func midState(t testing.TB) *atheneum.Game {
	g := newTestGame(t)
	playUntil(t, g, 11, func(g *atheneum.Game) bool {
		return g.Phase == 1 && g.Turn == 3 && g.Step == atheneum.StepResolve
	})
	shelves := []string{
		"I:TVGP II*:T../Tvv III*:../K. IV:ktKTG V*:.../G../GGT L3*:.../tg. R4:./T/T c=o.o|.o|o.",
		"I*:.... II*:.../... III:PP/KK IV*:V.... V*:.../.../P.. L6*:../../gk/GG c=.o.|..|--",
		"I*:K... II*:.../GT. III*:../.. IV*:T.... V:PPG/TVK/KKG c=...|--|--",
	}
	for i, s := range shelves {
		if err := g.SetShelves(i, s); err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
	}
	return g
}

// endState is a finished game.
func endState(t testing.TB) *atheneum.Game {
	g := newTestGame(t)
	playUntil(t, g, 5, func(g *atheneum.Game) bool { return g.Step == atheneum.StepOver })
	if g.Step != atheneum.StepOver {
		t.Fatal("the game did not end")
	}
	return g
}

// tiedState is a finished game in which the second seat is given the
// winner's points, and loses the tie on books shelved.
func tiedState(t testing.TB) *atheneum.Game {
	g := endState(t)
	res := slices.Clone(g.Results)
	res[1].Total, res[1].Books = res[0].Total, res[0].Books-2
	g.Results = atheneum.Rank(res)
	return g
}

// pickedState is a new game in which seat 0 has chosen its third card.
func pickedState(t testing.TB) *atheneum.Game {
	g := newTestGame(t)
	code := g.CardCode(g.Seats[0].Hand[2])
	if _, err := g.Apply(atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: code}); err != nil {
		t.Fatal(err)
	}
	return g
}

// twoSeatReveal is a two-seat game just after its first cards are
// revealed: each seat receives both outer sections of the other's card.
func twoSeatReveal(t testing.TB) *atheneum.Game {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: []atheneum.Color{atheneum.Pink, atheneum.Black}, Seed: 7, Content: goldenContent(t)})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, g, 3, func(g *atheneum.Game) bool { return g.Step == atheneum.StepResolve })
	return g
}

// goldenContent is the pack the golden states are played with.
func goldenContent(t testing.TB) *atheneum.Content {
	t.Helper()
	c, err := atheneum.Load("atheneum-1")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// workbenchState is a game in phase B in which seat 0, shelving, has just
// shelved a book and holds another; it returns the game, the held book to
// light, and the move.
func workbenchState(t testing.TB) (*atheneum.Game, int, atheneum.Action) {
	t.Helper()
	g := newTestGame(t)
	playUntil(t, g, 11, func(g *atheneum.Game) bool {
		s := &g.Seats[0]
		books := 0
		for _, it := range s.Held {
			if it.Kind == atheneum.ItemBook || it.Kind == atheneum.ItemPair {
				books++
			}
		}
		return g.Phase == 1 && g.Step == atheneum.StepResolve && s.Status == atheneum.StatusShelving && books >= 2
	})
	var last atheneum.Action
	for _, a := range g.LegalActions(0) {
		if a.Type == atheneum.ActShelve {
			last = a
			break
		}
	}
	if last.Type == "" {
		t.Fatal("seat 0 has nothing to shelve")
	}
	if _, err := g.Apply(last); err != nil {
		t.Fatal(err)
	}
	for _, it := range g.Seats[0].Held {
		if it.Kind == atheneum.ItemBook || it.Kind == atheneum.ItemPair {
			return g, it.ID, last
		}
	}
	t.Fatal("seat 0 holds no other book")
	return nil, 0, last
}

// replayState plays a game to its end and returns it with each seat's
// score after every turn, the last row being the final totals.
func replayState(t testing.TB) (*atheneum.Game, [][]int) {
	t.Helper()
	g := newTestGame(t)
	var scores [][]int
	row := func() []int {
		r := make([]int, len(g.Seats))
		for s := range g.Seats {
			r[s], _ = score(g, s)
		}
		return r
	}
	turn := g.TurnNumber()
	p := atheneum.NewRandomPlayer(5)
	for g.Step != atheneum.StepOver {
		a, ok := p.Next(g)
		if !ok {
			t.Fatal("the game stopped before its end")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if n := g.TurnNumber(); n != turn && g.Step != atheneum.StepOver {
			scores = append(scores, row())
			turn = n
		}
	}
	return g, append(scores, row())
}
