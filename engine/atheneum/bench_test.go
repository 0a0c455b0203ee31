package atheneum

import "testing"

// BenchmarkRandomGame4Seats plays one whole 4-seat game with random legal
// actions per iteration. The target is at least 1,500 games per second on
// one core (at most 667 µs per op with -cpu 1) and at most 200 KB allocated
// per game.
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

// benchPosition is a position from a random play-out and the seat about to act.
type benchPosition struct {
	g    *Game
	seat int
}

// benchPositions collects about 160 positions from random 2-5 seat
// play-outs: pick steps and resolve steps in which the acting seat held
// items, sampled every tenth action so that the mix follows real play. The
// set is kept near 1 MB: a larger one mostly measures the garbage
// collector marking the positions themselves.
func benchPositions(tb testing.TB) []benchPosition {
	tb.Helper()
	var out []benchPosition
	for n := 0; n < 8; n++ {
		g, err := NewGame(Config{Subjects: Colors[:2+n%4], Seed: uint64(500 + n)})
		if err != nil {
			tb.Fatal(err)
		}
		p := NewRandomPlayer(uint64(n))
		for k := 0; ; k++ {
			a, ok := p.Next(g)
			if !ok {
				break
			}
			s := &g.Seats[a.Seat]
			if k%10 == 0 && (g.Step == StepPick || len(s.Held) > 0) {
				out = append(out, benchPosition{g.Clone(), a.Seat})
			}
			if _, err := g.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkLegalActions lists the legal actions of one position per
// iteration, over a mix of pick and resolve positions (with held items)
// from real play-outs. The target is at most 3 µs per call.
func BenchmarkLegalActions(b *testing.B) {
	pos := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		p := pos[i%len(pos)]
		n += len(p.g.LegalActions(p.seat))
	}
	b.ReportMetric(float64(n)/float64(b.N), "actions/call")
}

// BenchmarkAppendLegal is BenchmarkLegalActions with a reused buffer, as
// the random players and searches call it.
func BenchmarkAppendLegal(b *testing.B) {
	pos := benchPositions(b)
	var buf []Action
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pos[i%len(pos)]
		buf = p.g.AppendLegal(buf[:0], p.seat)
	}
}

// BenchmarkRandomGame4SeatsWithEvents is BenchmarkRandomGame4Seats through
// Apply, which also returns every action's events (as the bot needs them).
func BenchmarkRandomGame4SeatsWithEvents(b *testing.B) {
	b.ReportAllocs()
	p := NewRandomPlayer(1)
	events := 0
	count := func(a Action, ev []Event) error { events += len(ev); return nil }
	for i := 0; i < b.N; i++ {
		g, err := NewGame(Config{Subjects: Colors[:4], Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.Playout(g, count); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events)/float64(b.N), "events/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkClone copies positions from real play-outs, as a search does
// before trying a move.
func BenchmarkClone(b *testing.B) {
	pos := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = pos[i%len(pos)].g.Clone()
	}
}
