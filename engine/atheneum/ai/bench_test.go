package ai

import (
	"testing"

	"atheneum/engine/atheneum"
)

// benchPositions collects views from a few 2-seat games between normal
// players: every decision of seat 0, picks and resolve steps alike.
func benchPositions(b *testing.B) []*atheneum.Game {
	b.Helper()
	var views []*atheneum.Game
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2], Seed: seed})
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
