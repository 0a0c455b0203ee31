package ai

import (
	"fmt"
	"runtime"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/engine/enginetest"
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

// BenchmarkDefaultHardDecision is one main action of the hard player at
// its default effort (DefaultPlayouts), over the main actions of seat 0 in
// a game between normal players, at two to five seats. Besides ns/op
// (wall time, which other work on the machine inflates) it reports
// cpu-ms/op, the processor time of the searching thread alone.
func BenchmarkDefaultHardDecision(b *testing.B) {
	for seats := 2; seats <= 5; seats++ {
		b.Run(fmt.Sprintf("%d-seats", seats), func(b *testing.B) {
			g, err := anludim.New(11, seats, anludim.Options{})
			if err != nil {
				b.Fatal(err)
			}
			var views []*anludim.Game
			var normal Normal
			for n := 0; !g.Over() && n < 5000; n++ {
				seat := g.Awaited()[0]
				if seat == 0 && !g.Keeping() && !g.MainDone() {
					views = append(views, g.View(0))
				}
				if err := g.Do(normal.Propose(g.View(seat), seat)); err != nil {
					b.Fatal(err)
				}
			}
			h := NewHard(1, DefaultPlayouts)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := enginetest.ThreadCPU()
			i := 0
			for b.Loop() {
				h.Propose(views[(i*37)%len(views)], 0)
				i++
			}
			b.ReportMetric(float64((enginetest.ThreadCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
