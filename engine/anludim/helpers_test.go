package anludim

import (
	"math/bits"
	"testing"

	"atheneum/engine"
)

// testRNG is the tests' own SplitMix64, apart from the game's.
type testRNG struct{ *engine.Rand }

func newTestRNG(seed uint64) *testRNG { return &testRNG{engine.NewRand(seed)} }

func (r *testRNG) intn(n int) int { return r.IntN(n) }

// randomMove picks uniformly among the Legal moves but Undo (a player's
// convenience, not a game move) and one play per takeable professor (its
// strongest, built only once picked).
func randomMove(g *Game, r *testRNG, buf []Move) ([]Move, Move) {
	seat := g.awaited()
	buf = g.AppendLegal(buf[:0], seat)
	if n := len(buf); n > 0 && buf[n-1].Kind == Undo {
		buf = buf[:n-1]
	}
	take := g.Takeable(seat)
	n := len(buf) + bits.OnesCount8(take)
	i := r.intn(n)
	if i < len(buf) {
		return buf, buf[i]
	}
	i -= len(buf)
	for p := Professor(0); p < NumProfessors; p++ {
		if take&(1<<p) == 0 {
			continue
		}
		if i == 0 {
			m, _ := g.BestPlay(seat, p)
			return buf, m
		}
		i--
	}
	return buf, buf[0]
}

// playRandom plays a whole game and returns it with its moves.
func playRandom(t testing.TB, seed uint64, seats int, opts Options) (*Game, []Move) {
	t.Helper()
	g, err := New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf, moves []Move
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		var m Move
		buf, m = randomMove(g, r, buf)
		if _, err := g.Apply(m); err != nil {
			t.Fatalf("seed %d move %d %s: %v", seed, len(moves), m, err)
		}
		moves = append(moves, m)
	}
	return g, moves
}
