package ai

import (
	"flag"
	"math"
	"testing"

	"atheneum/engine/atheneum"
)

var (
	matchGames    = flag.Int("match", 0, "play this many games per match in TestMatch (0 skips it)")
	matchA        = flag.String("mine", "hard", "TestMatch: the level measured")
	matchB        = flag.String("vs", "normal", "TestMatch: its opponent")
	matchPlayouts = flag.Int("playouts", 8, "TestMatch: play-outs per decision of hard")
	matchSeats    = flag.Int("seats", 2, "TestMatch: seats per game (seat 0 level a, the others level b, rotated)")
	matchFirst    = flag.Int("first", 0, "TestMatch: seed of the first game")
)

// TestMatch prints a head-to-head result; run with -match N. Game i
// rotates the seats so that level a sits at seat i mod seats; a win shared
// by k seats counts 1/k.
func TestMatch(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -match N")
	}
	n := *matchSeats
	wins := 0.0
	ties := 0
	var sa, sb float64
	for i := 0; i < *matchGames; i++ {
		me := i % n
		levels := make([]string, n)
		for k := range levels {
			levels[k] = *matchB
		}
		levels[me] = *matchA
		players := make([]Player, n)
		for k, l := range levels {
			if l == "hardpicks" {
				players[k] = &hardPlayer{o: Options{Seed: uint64(i*7 + k), Playouts: *matchPlayouts}, picksOnly: true}
				continue
			}
			players[k], _ = New(l, Options{Seed: uint64(i*7 + k), Playouts: *matchPlayouts})
		}
		g, _, err := PlayGame(atheneum.Config{Subjects: atheneum.Colors[:n], Seed: uint64(*matchFirst + i)}, players)
		if err != nil {
			t.Fatal(err)
		}
		w := winShare(g, me)
		wins += w
		if w > 0 && w < 1 {
			ties++
		}
		for _, r := range g.Results {
			if r.Seat == me {
				sa += float64(r.Total)
			} else {
				sb += float64(r.Total) / float64(n-1)
			}
		}
	}
	g := float64(*matchGames)
	p := wins / g
	h := 1.96 * math.Sqrt(p*(1-p)/g)
	t.Logf("%s vs %s: %.1f%% ± %.1f wins (%d ties), mean scores %.2f vs %.2f", *matchA, *matchB, 100*p, 100*h, ties, sa/g, sb/g)
}
