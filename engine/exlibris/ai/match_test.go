package ai

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// The long runs: a match of hard against normal, and the balance report.
// Neither runs in the normal test run; each is asked for with its flag
// (run them with nice: they keep both cores busy for minutes).
var (
	matchGames    = flag.Int("match.games", 0, "play this many 2-seat games of hard against normal, seats alternating, and fail if hard wins less than 65 %")
	matchPlayouts = flag.Int("match.playouts", DefaultPlayouts, "the hard player's budget per decision in the match")
	balanceGames  = flag.Int("balance.games", 0, "play this many games between normal players at 2, 3 and 4 seats and write the balance report")
	balanceOut    = flag.String("balance.out", "", "the file the balance report goes to (its part between the report markers, if it has them); the test log if empty")
	matchWorkers  = flag.Int("match.workers", 2, "games played at once in the long runs")
)

// TestMatchHardAgainstNormal measures the hard player against the normal
// one over 2-seat games with the seats alternating:
//
//	nice -n 10 go test ./engine/exlibris/ai -run TestMatchHardAgainstNormal -match.games=300 -timeout 3h -v
func TestMatchHardAgainstNormal(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("set -match.games to play the match")
	}
	sum := engine.PlayMatch(Game(Players{Playouts: *matchPlayouts}), engine.Match{
		Games: *matchGames, Seed: 2026, Seats: 2, Levels: []string{"hard", "normal"}, Rotate: true, Workers: *matchWorkers,
	})
	if sum.Errors > 0 {
		t.Fatalf("%d games failed: %v", sum.Errors, sum.FirstErrors)
	}
	for _, lv := range sum.Levels {
		t.Logf("%s: %d games, win rate %.1f %% (95 %% interval %.1f–%.1f %%), %.1f points on average",
			lv.Level, lv.Played, 100*lv.WinRate, 100*lv.CILow, 100*lv.CIHigh, lv.Score)
	}
	for _, st := range sum.Seats {
		t.Logf("seat %d won %.1f %%", st.Seat, 100*st.WinRate)
	}
	if hard := sum.Levels[0]; hard.Level != "hard" || hard.WinRate < 0.65 {
		t.Fatalf("hard won %.1f %% of its games against normal at %d play-outs, want at least 65 %%", 100*hard.WinRate, *matchPlayouts)
	}
}

// Markers around the generated part of a balance report.
const (
	reportStart = "<!-- the report, written by TestBalanceReport -->"
	reportEnd   = "<!-- end of the report -->"
)

// TestBalanceReport plays games between normal players at 2, 3 and 4
// seats, the libraries drafted at random, and writes the figures of
// docs/exlibris/balance.md:
//
//	nice -n 10 go test ./engine/exlibris/ai -run TestBalanceReport -balance.games=2000 -balance.out=$PWD/docs/exlibris/balance.md -timeout 1h
func TestBalanceReport(t *testing.T) {
	if *balanceGames == 0 {
		t.Skip("set -balance.games to write the balance report")
	}
	b := NewBalance()
	game := engine.Game{Rules: exlibris.Rules, Players: drafting{Players{}}}
	for seats := 2; seats <= 4; seats++ {
		sum := engine.PlayMatch(game, engine.Match{Games: *balanceGames, Seed: 7, Seats: seats, Levels: []string{"normal"},
			Workers: *matchWorkers, Each: b.Add})
		if sum.Errors > 0 {
			t.Fatalf("%d games of %d seats failed: %v", sum.Errors, seats, sum.FirstErrors)
		}
	}
	// The seats once more, the players drafting as they prefer: the draft
	// runs from the last seat to the first, which takes what is left.
	var own strings.Builder
	own.WriteString("## The seats when the players draft as they prefer\n\n| seats | seat | win rate | 95 % interval |\n|---|---|---|---|\n")
	for seats := 2; seats <= 4; seats++ {
		sum := engine.PlayMatch(Game(Players{}), engine.Match{Games: *balanceGames, Seed: 7, Seats: seats, Levels: []string{"normal"}, Workers: *matchWorkers})
		if sum.Errors > 0 {
			t.Fatalf("%d games of %d seats failed: %v", sum.Errors, seats, sum.FirstErrors)
		}
		for _, st := range sum.Seats {
			fmt.Fprintf(&own, "| %d | %d | %.1f %% | %.1f–%.1f %% |\n", seats, st.Seat, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
		}
	}
	report := fmt.Sprintf("Normal players at every seat, the libraries drafted at random, %d games per number of seats, seeds from 7 (game i of a run is dealt from seed 7+i).\n\n%s%s\n",
		*balanceGames, b.Report(), own.String())
	if *balanceOut == "" {
		t.Log("\n" + report)
		return
	}
	old, err := os.ReadFile(*balanceOut)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	doc := reportStart + "\n\n" + report + reportEnd + "\n"
	if before, rest, ok := strings.Cut(string(old), reportStart); ok {
		if _, after, ok := strings.Cut(rest, reportEnd); ok {
			doc = before + reportStart + "\n\n" + report + reportEnd + after
		}
	}
	if err := os.WriteFile(*balanceOut, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

// drafting wraps the computer players so that the library draft is drawn
// at random, every other decision left to them: a balance run then holds
// every library about as often, whatever order the players prefer.
type drafting struct{ Players }

func (d drafting) Player(level string, seed uint64) (engine.Player, error) {
	inner, err := d.Players.Player(level, seed)
	if err != nil {
		return nil, err
	}
	return randomDraft{inner: inner, random: &seamPlayer{p: &Random{seed: seed}}}, nil
}

type randomDraft struct{ inner, random engine.Player }

func (r randomDraft) Level() string { return r.inner.Level() }

func (r randomDraft) Propose(view engine.State, seat int) (engine.Move, error) {
	if g, err := gameOf(view); err == nil {
		if d, _ := g.Decision(seat); d.Kind == "library" || d.Kind == "library_discard" {
			return r.random.Propose(view, seat)
		}
	}
	return r.inner.Propose(view, seat)
}
