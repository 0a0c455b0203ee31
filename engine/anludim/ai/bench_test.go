package ai

import (
	"testing"

	"atheneum/engine/anludim"
)

// BenchmarkHardDecision is one hard decision at the default budget, at
// the start of a two-seat game.
func BenchmarkHardDecision(b *testing.B) {
	g, err := anludim.New(11, 2, anludim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	v := g.View(0)
	h := NewHard(1, DefaultPlayouts)
	for i := 0; i < b.N; i++ {
		h.Propose(v, 0)
	}
}

// BenchmarkNormalGame4Seats plays a whole game between four normal
// players, each deciding from its view.
func BenchmarkNormalGame4Seats(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if sum := match([]string{"normal", "normal", "normal", "normal"}, 1, uint64(i), 0, false, 1, nil); sum.Errors > 0 {
			b.Fatal(sum.FirstErrors)
		}
	}
}
