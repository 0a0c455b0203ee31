package ai

import (
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// placementAt plays a game between normal players up to the
// first placement of round (round 1: the first of the game), for a hard
// decision to be measured there.
func placementAt(tb testing.TB, seed uint64, seats, round int) (*exlibris.Game, int) {
	tb.Helper()
	g, err := exlibris.New(seed, seats, exlibris.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var p Normal
	for !g.Over() {
		s := g.Awaited()[0]
		if d, _ := g.Decision(s); d.Kind == "place" && g.Round() >= round {
			return g, s
		}
		a, err := p.Propose(g.View(s), s)
		if err != nil {
			tb.Fatal(err)
		}
		if err := g.Do(s, a); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("the game ended before round %d", round)
	return nil, 0
}

// BenchmarkHardDecision is one hard decision at the default budget: the
// first placement of round 3 of a two-seat game.
func BenchmarkHardDecision(b *testing.B) {
	g, seat := placementAt(b, 11, 2, 3)
	v := g.View(seat)
	h := NewHard(1, DefaultPlayouts)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := h.Propose(v, seat); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNormalDecision is one normal placement, as in the hard level's
// play-outs.
func BenchmarkNormalDecision(b *testing.B) {
	g, seat := placementAt(b, 11, 2, 3)
	var p Normal
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := p.Propose(g, seat); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomPlayers4Seats plays a whole 4-seat game between random
// players at the seam, each deciding from its view and answering in
// notation, as engine.PlayMatch plays them.
func BenchmarkRandomPlayers4Seats(b *testing.B) {
	game := Game(Players{})
	b.ReportAllocs()
	defer reportCPU(b, processCPU())
	for i := 0; i < b.N; i++ {
		sum := engine.PlayMatch(game, engine.Match{Games: 1, Seed: uint64(i), Seats: 4, Levels: []string{"random"}})
		if sum.Errors > 0 {
			b.Fatal(sum.FirstErrors)
		}
	}
}

// BenchmarkNormalGame2Seats plays a whole 2-seat game between normal
// players at the seam.
func BenchmarkNormalGame2Seats(b *testing.B) {
	game := Game(Players{})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sum := engine.PlayMatch(game, engine.Match{Games: 1, Seed: uint64(i), Seats: 2, Levels: []string{"normal"}})
		if sum.Errors > 0 {
			b.Fatal(sum.FirstErrors)
		}
	}
}

// BenchmarkRandomGameEngine is the engine alone: the same 4-seat games
// played by uniform choices among AppendOptions, through Do, with no view
// and no notation; the yardstick for BenchmarkRandomPlayers4Seats.
func BenchmarkRandomGameEngine(b *testing.B) {
	b.ReportAllocs()
	var buf []exlibris.Action
	var aw []int
	defer reportCPU(b, processCPU())
	for i := 0; i < b.N; i++ {
		g, err := exlibris.New(uint64(i), 4, exlibris.Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := engine.NewRand(uint64(i))
		for !g.Over() {
			aw = g.AppendAwaited(aw[:0])
			seat := aw[0]
			buf = g.AppendOptions(buf[:0], seat)
			if err := g.Do(seat, buf[r.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkHardDecision4Seats is one hard decision at the default budget
// at the first placement of round 2 of a four-seat game, where each
// play-out runs a whole round of four seats.
func BenchmarkHardDecision4Seats(b *testing.B) {
	g, seat := placementAt(b, 11, 4, 2)
	v := g.View(seat)
	h := NewHard(1, DefaultPlayouts)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := h.Propose(v, seat); err != nil {
			b.Fatal(err)
		}
	}
}

// reportCPU reports the process's CPU time per game since start
// (cpu-ns/op) and the games a core plays in a second at that cost
// (games/s/core): on a loaded machine, the time on the clock counts the
// waits for a core as well.
func reportCPU(b *testing.B, start time.Duration) {
	used := processCPU() - start
	if used <= 0 {
		return
	}
	perGame := float64(used.Nanoseconds()) / float64(b.N)
	b.ReportMetric(perGame, "cpu-ns/op")
	b.ReportMetric(1e9/perGame, "games/s/core")
}
