package exlibris

import (
	"testing"

	"atheneum/engine"
)

// testRNG is the tests' own SplitMix64, apart from the game's.
type testRNG struct{ *engine.Rand }

func newTestRNG(seed uint64) *testRNG { return &testRNG{engine.NewRand(seed)} }

// randomAction picks an awaited seat and one of its decisions uniformly.
func randomAction(g *Game, r *testRNG, buf []Action) ([]Action, int, Action) {
	aw := g.Awaited()
	seat := aw[r.IntN(len(aw))]
	buf = g.AppendOptions(buf[:0], seat)
	return buf, seat, buf[r.IntN(len(buf))]
}

// playRandom plays a whole game at random and returns it with its moves.
func playRandom(t testing.TB, seed uint64, seats int, opts Options) (*Game, []Move) {
	t.Helper()
	g, err := New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf []Action
	var moves []Move
	for steps := 0; !g.Over(); steps++ {
		if steps > 50000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		if len(g.Awaited()) == 0 {
			t.Fatalf("seed %d: nobody awaited at %s", seed, g.StepKey())
		}
		var seat int
		var a Action
		buf, seat, a = randomAction(g, r, buf)
		m := Move{Seat: seat, Keys: a.Keys()}
		if _, err := g.Apply(m); err != nil {
			t.Fatalf("seed %d move %d %s: %v", seed, len(moves), m, err)
		}
		moves = append(moves, m)
	}
	return g, moves
}
