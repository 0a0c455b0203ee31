package anludim

import (
	"testing"

	"atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
	"atheneum/render"
)

// The fixed game states the golden images are drawn from: games from a
// seed played by the engine's computer players, so they are the same on
// every run.

var testNames = []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri", "Éloïse"}

var (
	en = render.Options{Lang: i18n.English, Names: testNames}
	fr = render.Options{Lang: i18n.French, Names: testNames}
)

// players returns one computer player per seat, of the levels given in
// turn.
func players(t testing.TB, seats int, seed uint64, levels ...string) []ai.Player {
	t.Helper()
	ps := make([]ai.Player, seats)
	for i := range ps {
		p, err := ai.New(levels[i%len(levels)], seed*31+uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

// playUntil plays the players' moves until stop reports true or the game
// ends, and returns the number of moves played.
func playUntil(t testing.TB, g *anludim.Game, ps []ai.Player, stop func(*anludim.Game) bool) int {
	t.Helper()
	n := 0
	for !g.Over() && !stop(g) {
		s := g.Awaited()[0]
		m := ps[s].Propose(g.View(s), s)
		if _, err := g.Apply(m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		n++
	}
	return n
}

// newGame sets up a game.
func newGame(t testing.TB, seed uint64, seats int, expert bool) *anludim.Game {
	t.Helper()
	g, err := anludim.New(seed, seats, anludim.Options{Expert: expert})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// midState is a three-seat game between normal players in round 1, turn
// 14: combinations on the table, professors taken, items held.
func midState(t testing.TB) *anludim.Game {
	g := newGame(t, 7, 3, false)
	playUntil(t, g, players(t, 3, 7, "normal"), func(g *anludim.Game) bool { return g.Turn() >= 14 })
	return g
}

// roundEndState is the same game once its first round has ended, while
// the seats choose the cards to keep.
func roundEndState(t testing.TB) *anludim.Game {
	g := newGame(t, 7, 3, false)
	playUntil(t, g, players(t, 3, 7, "normal"), func(g *anludim.Game) bool { return g.Keeping() })
	return g
}

// overState is the same game played to its end.
func overState(t testing.TB) *anludim.Game {
	g := newGame(t, 7, 3, false)
	playUntil(t, g, players(t, 3, 7, "normal"), func(*anludim.Game) bool { return false })
	return g
}

// tieState is a four-seat game between normal players at the end of its
// first round, which seat 2 won on a tie of totals with seat 0, as the
// first of them after seat 1, who ended it.
func tieState(t testing.TB) *anludim.Game {
	g := newGame(t, 37, 4, false)
	playUntil(t, g, players(t, 4, 37, "normal"), func(g *anludim.Game) bool { return g.Keeping() })
	return g
}

// fiveSeatState is a five-seat expert game between normal and random
// players in its first round, a crowded table.
func fiveSeatState(t testing.TB) *anludim.Game {
	g := newGame(t, 11, 5, true)
	playUntil(t, g, players(t, 5, 11, "normal", "random"), func(g *anludim.Game) bool { return g.Turn() >= 30 })
	return g
}
