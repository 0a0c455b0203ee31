package ai

import (
	"flag"
	"testing"

	"atheneum/engine"
)

var matchGames = flag.Int("match", 0, "play this many games per match in TestMatch (0 skips it)")

// TestMatch prints a head-to-head result; run with -match N.
func TestMatch(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -match N")
	}
	a, b := "normal", "random"
	wins, ties := 0.0, 0
	var sa, sb float64
	for i := 0; i < *matchGames; i++ {
		levels := []string{a, b}
		me := i % 2
		if me == 1 {
			levels = []string{b, a}
		}
		players := make([]Player, 2)
		for k, l := range levels {
			players[k], _ = New(l, Options{Seed: uint64(i*7 + k), Playouts: 8})
		}
		g, _, err := PlayGame(engine.Config{Subjects: engine.Colors[:2], Seed: uint64(i)}, players)
		if err != nil {
			t.Fatal(err)
		}
		var ra, rb engine.Result
		for _, r := range g.Results {
			if r.Seat == me {
				ra = r
			} else {
				rb = r
			}
		}
		sa += float64(ra.Total)
		sb += float64(rb.Total)
		switch {
		case ra.Rank < rb.Rank:
			wins++
		case ra.Rank == rb.Rank:
			wins += 0.5
			ties++
		}
	}
	n := float64(*matchGames)
	t.Logf("%s vs %s: %.1f%% wins (%d ties), mean scores %.2f vs %.2f", a, b, 100*wins/n, ties, sa/n, sb/n)
}
