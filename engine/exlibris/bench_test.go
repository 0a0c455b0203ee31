package exlibris

import "testing"

// BenchmarkRandomGame plays one whole 4-seat standard game per iteration
// between uniformly random movers, through Do (no events), as play-outs
// and searches do.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	var buf []Action
	for i := 0; i < b.N; i++ {
		g, err := New(uint64(i), 4, Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := newTestRNG(uint64(i) * 7)
		for !g.Over() {
			var seat int
			var a Action
			buf, seat, a = randomAction(g, r, buf)
			if err := g.Do(seat, a); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRandomGameEvents is the same game played with Apply, moves in
// notation and events built, as the bot plays.
func BenchmarkRandomGameEvents(b *testing.B) {
	b.ReportAllocs()
	var buf []Action
	for i := 0; i < b.N; i++ {
		g, err := New(uint64(i), 4, Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := newTestRNG(uint64(i) * 7)
		for !g.Over() {
			var seat int
			var a Action
			buf, seat, a = randomAction(g, r, buf)
			if _, err := g.Apply(Move{Seat: seat, Keys: a.Keys()}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// cloneSink keeps the compiler from dropping the clones measured.
var cloneSink *Game

// BenchmarkClone copies a mid-game position, as a search does before each
// play-out.
func BenchmarkClone(b *testing.B) {
	g, _ := playRandomPrefix(b, 3, 4, 120)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		cloneSink = g.Clone()
	}
}

// playRandomPrefix plays n random decisions of a game.
func playRandomPrefix(t testing.TB, seed uint64, seats, n int) (*Game, []Move) {
	g, err := New(seed, seats, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf []Action
	var moves []Move
	for len(moves) < n && !g.Over() {
		var seat int
		var a Action
		buf, seat, a = randomAction(g, r, buf)
		m := Move{Seat: seat, Keys: a.Keys()}
		if _, err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return g, moves
}
