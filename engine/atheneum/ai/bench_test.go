package ai

import (
	"fmt"
	"runtime"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/enginetest"
)

// benchPositions collects views from a few 2-seat games between normal
// players: every decision of seat 0, picks and resolve steps alike.
func benchPositions(b *testing.B) []*atheneum.Game { return positionsAt(b, 2, 3) }

// positionsAt collects views from games of seats seats between normal
// players, seeds 1 to games: every decision of seat 0.
func positionsAt(b *testing.B, seats int, games uint64) []*atheneum.Game {
	b.Helper()
	var views []*atheneum.Game
	for seed := uint64(1); seed <= games; seed++ {
		g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		var pol policy
		for g.Step != atheneum.StepOver {
			seat := g.Waiting()[0]
			if seat == 0 {
				views = append(views, g.View(0))
			}
			if _, err := g.Apply(pol.decide(g, seat)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return views
}

func benchDecisions(b *testing.B, level string, o Options, picksOnly bool) {
	views := benchPositions(b)
	if picksOnly {
		k := 0
		for _, v := range views {
			if v.Step == atheneum.StepPick {
				views[k] = v
				k++
			}
		}
		views = views[:k]
	}
	p, err := New(level, o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Propose(views[i%len(views)], 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNormalDecision is one decision of the normal player, over every
// kind of decision of a few games.
func BenchmarkNormalDecision(b *testing.B) { benchDecisions(b, "normal", Options{Seed: 1}, false) }

// BenchmarkNormalGame2Seats is a whole 2-seat game between normal players.
func BenchmarkNormalGame2Seats(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := PlayGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: uint64(i)}, newPlayers(b, []string{"normal", "normal"}, 1, 0)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHardDecision is one decision of the hard player with a fixed 16
// play-outs per candidate, over every kind of decision of a few games.
func BenchmarkHardDecision(b *testing.B) {
	benchDecisions(b, "hard", Options{Seed: 1, Playouts: 16}, false)
}

// BenchmarkHardPick is one card pick of the hard player with a fixed 16
// play-outs per candidate: the decisions it searches.
func BenchmarkHardPick(b *testing.B) {
	benchDecisions(b, "hard", Options{Seed: 1, Playouts: 16}, true)
}

// BenchmarkDefaultHardDecision is one decision of the hard player at its
// default effort (DefaultPlayouts per candidate at a pick,
// DefaultResolvePlayouts at a shelving choice), at two to five seats: the
// calibration of the default, about a second per pick on one core of an
// idle two-core machine. Besides ns/op (wall time, which other work on
// the machine inflates) it reports cpu-ms/op, the processor time of the
// searching thread alone. The decisions of two games are taken in a
// scattered order, so that a few ops already span whole games; run it
// with -benchtime 20x (one op takes up to a second).
func BenchmarkDefaultHardDecision(b *testing.B) {
	for _, pick := range []bool{true, false} {
		kind := "pick"
		if !pick {
			kind = "shelve"
		}
		for seats := 2; seats <= 5; seats++ {
			b.Run(fmt.Sprintf("%s/%d-seats", kind, seats), func(b *testing.B) {
				var views []*atheneum.Game
				for _, v := range positionsAt(b, seats, 2) {
					if (v.Step == atheneum.StepPick) == pick {
						views = append(views, v)
					}
				}
				p, err := New("hard", Options{Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				// The thread's own processor time, free of the time other
				// processes took from it.
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cpu := enginetest.ThreadCPU()
				i := 0
				for b.Loop() {
					if _, err := p.Propose(views[(i*37)%len(views)], 0); err != nil {
						b.Fatal(err)
					}
					i++
				}
				b.ReportMetric(float64((enginetest.ThreadCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
