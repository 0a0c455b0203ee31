package ai

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// The screen's flags: a quicker look than the balance report at what a
// change does to the libraries (docs/exlibris/balance.md, item 11).
var (
	screenGames = flag.Int("screen.games", 0, "play this many games between normal players at each number of seats, the libraries drafted at random, and log the libraries' win rates")
	screenSeats = flag.String("screen.seats", "234", "the numbers of seats the screen plays, as digits")
	screenSeed  = flag.Uint64("screen.seed", 7, "the screen's first seed (the balance report's is 7)")
)

// TestBalanceScreen plays the balance report's first part only (the same
// games for the same seeds) and logs each library's win rate, interval and
// flag on one line, then the flagged locations: a change to the content
// data (content/exlibris.json: what a tile lays out, its slots) or to the
// normal player is screened in half a minute where the report takes
// minutes, and a number of seats a change cannot reach is left out:
//
//	nice -n 10 go test ./engine/exlibris/ai -run TestBalanceScreen -screen.games=2000 -screen.seats=34 -v
func TestBalanceScreen(t *testing.T) {
	if *screenGames == 0 {
		t.Skip("set -screen.games to screen the libraries")
	}
	b := NewBalance()
	game := engine.Game{Rules: exlibris.Rules, Players: drafting{Players{}}}
	var seats []int
	for _, c := range *screenSeats {
		if c < '2' || c > '4' {
			t.Fatalf("-screen.seats=%s: want digits 2 to 4", *screenSeats)
		}
		seats = append(seats, int(c-'0'))
	}
	for _, n := range seats {
		sum := engine.PlayMatch(game, engine.Match{Games: *screenGames, Seed: *screenSeed, Seats: n, Levels: []string{"normal"},
			Workers: *matchWorkers, Each: b.Add})
		if sum.Errors > 0 {
			t.Fatalf("%d games of %d seats failed: %v", sum.Errors, n, sum.FirstErrors)
		}
	}
	var out strings.Builder
	for lib := exlibris.Library(0); lib < exlibris.NumLibraries; lib++ {
		fmt.Fprintf(&out, "%-10s", lib.ID())
		for _, n := range seats {
			u := b.tables[n].libs[lib]
			lo, hi := engine.Wilson(u.wins, u.seatGames)
			fmt.Fprintf(&out, " | %d: %5.1f (%4.1f-%4.1f) %-8s", n, 100*u.wins/float64(u.seatGames), 100*lo, 100*hi, Flag(u.wins, u.seatGames, n))
		}
		out.WriteString("\n")
	}
	for _, n := range seats {
		tb := b.tables[n]
		for loc := exlibris.Location(1); loc <= exlibris.NumLocations; loc++ {
			if u := tb.locs[loc]; Flag(u.wins, u.seatGames, n) != "" {
				fmt.Fprintf(&out, "location %s at %d seats: %.1f %% %s\n", loc.ID(), n, 100*u.wins/float64(u.seatGames), Flag(u.wins, u.seatGames, n))
			}
		}
	}
	t.Log("\n" + out.String())
}
