package exlibris

import "testing"

var viewSink *Game

// BenchmarkView is one seat's view of a mid-game position, which the
// seam's players receive before every decision.
func BenchmarkView(b *testing.B) {
	g, _ := playRandomPrefix(b, 3, 4, 120)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		viewSink = g.View(i % 4)
	}
}
