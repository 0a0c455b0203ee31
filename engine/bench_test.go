package engine

import "testing"

// BenchmarkRandomGame4Seats plays one whole 4-seat game with random legal
// actions per iteration. The target is at least 1,000 games per second on
// one core (at most 1 ms per op).
func BenchmarkRandomGame4Seats(b *testing.B) {
	b.ReportAllocs()
	p := NewRandomPlayer(1)
	actions := 0
	for i := 0; i < b.N; i++ {
		g, err := NewGame(Config{Subjects: Colors[:4], Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		acts, err := p.Playout(g, nil)
		if err != nil {
			b.Fatal(err)
		}
		actions += len(acts)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
