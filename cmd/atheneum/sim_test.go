package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
)

func TestSimPrintsTotalsAndRecordsReplayableGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"random players record games that replay exactly", []string{"--players", "3", "--seed", "9"}},
		{"normal and random players record games that replay exactly", []string{"--players", "3", "--seed", "9", "--ai", "normal,random,normal"}},
		{"hard players with fixed play-outs record games that replay exactly", []string{"--players", "2", "--seed", "4", "--ai", "hard,normal", "--playouts", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			games := 20
			if strings.Contains(tc.name, "hard") {
				games = 1
			}
			var out, errOut bytes.Buffer
			args := append([]string{"sim", "--games", strconv.Itoa(games), "--json", "--record", dir}, tc.args...)
			if err := run(args, &out, &errOut); err != nil {
				t.Fatalf("sim: %v\n%s", err, errOut.String())
			}
			var sum simSummary
			if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
				t.Fatalf("sim --json printed %q: %v", out.String(), err)
			}
			if sum.Games != games || sum.Errors != 0 || len(sum.Seats) != sum.Players || sum.GamesPerSec <= 0 || sum.Seats[0].Total <= 0 {
				t.Fatalf("summary %+v", sum)
			}
			checkRecordsReplay(t, dir, atheneum.GameID, games)
		})
	}
}

// checkRecordsReplay replays every record in dir through the game's
// registered rules (engine.Record.Replay), as anyone checking the rules
// from outside would, and checks there is one per game.
func checkRecordsReplay(t *testing.T, dir, game string, games int) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, game+"-*.json"))
	if len(files) != games {
		t.Fatalf("%d records of %s, want %d", len(files), game, games)
	}
	for _, f := range files {
		rec, err := readRecord(f)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Game != game || filepath.Base(f) != fmt.Sprintf("%s-%d.json", game, rec.Seed) || len(rec.Moves) == 0 || len(rec.Results) != rec.Seats {
			t.Fatalf("%s: record %+v", f, rec)
		}
		if _, err := rec.Replay(); err != nil {
			t.Fatalf("%s does not replay: %v", f, err)
		}
	}
}

// TestSimRecordsEveryGameInOneFormat: `sim --record` writes every game of
// every game in simGames as an engine.Record that replays to the same
// results through the rules registered under its name; the same seeds
// write the same records; and a record changed by a move does not replay.
func TestSimRecordsEveryGameInOneFormat(t *testing.T) {
	t.Parallel()
	type kind struct{ game, variant string }
	var kinds []kind
	for _, id := range simGameIDs() {
		kinds = append(kinds, kind{game: id})
	}
	kinds = append(kinds, kind{anludim.ID, "expert"})
	for _, r := range kinds {
		name := r.game
		if r.variant != "" {
			name += " (" + r.variant + ")"
		}
		t.Run("games of "+name+" are recorded and replay", func(t *testing.T) {
			game := simGames[r.game]
			g, err := game.play(&simOptions{content: atheneumDefaultContent(), variant: "base"})
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := g.SeatRange()
			seats := min(lo+1, hi)
			levels := g.Levels()
			args := []string{"sim", "--game", r.game, "--games", "3", "--players", strconv.Itoa(seats), "--seed", "70",
				"--ai", strings.Join(slices.Repeat([]string{levels[min(1, len(levels)-1)]}, seats), ","), "--workers", "2"}
			if r.variant != "" {
				args = append(args, "--variant", r.variant)
			}
			one, two := t.TempDir(), t.TempDir()
			for _, dir := range []string{one, two} {
				if err := run(append(args, "--record", dir), &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
					t.Fatal(err)
				}
				checkRecordsReplay(t, dir, r.game, 3)
			}
			for seed := 70; seed < 73; seed++ {
				name := fmt.Sprintf("%s-%d.json", r.game, seed)
				a, _ := os.ReadFile(filepath.Join(one, name))
				b, _ := os.ReadFile(filepath.Join(two, name))
				if len(a) == 0 || !bytes.Equal(a, b) {
					t.Fatalf("%s differs between two runs of the same seeds", name)
				}
			}
			rec, err := readRecord(filepath.Join(one, fmt.Sprintf("%s-70.json", r.game)))
			if err != nil {
				t.Fatal(err)
			}
			if r.variant != "" && rec.Options[anludim.OptionVariant] != r.variant {
				t.Fatalf("the record's options %v do not say the variant", rec.Options)
			}
			rec.Moves = rec.Moves[:len(rec.Moves)-1]
			if _, err := rec.Replay(); err == nil {
				t.Fatal("a record short of its last move replayed")
			}
		})
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sim", "--players", "6"},
		{"sim", "--games", "0"},
		{"sim", "--ai", "expert"},
		{"sim", "--players", "3", "--ai", "normal,random"},
		{"sim", "--playouts", "-1"},
		{"sim", "--game", "chess"},
		{"sim", "--variant", "expert"},
		{"sim", "--game", "anludim", "--players", "6"},
		{"sim", "--game", "anludim", "--variant", "blitz"},
		{"sim", "--game", "anludim", "--content", "atheneum-1"},
		{"sim", "--game", "atheneum", "--variant", "base"},
		{"sim", "--game", "anludim", "--budget", "1s"},
		{"sim", "--game", "anludim", "--ai", "genius"},
		{"nonsense"},
	} {
		t.Run(strings.Join(args, " ")+" is refused", func(t *testing.T) {
			if err := run(args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
				t.Fatalf("%v accepted", args)
			}
		})
	}
}

func TestSimPrintsATable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		args  []string
		lines int
	}{
		{"random players get a header, one row per seat and the decision times", []string{"--players", "5"}, 8},
		{"two levels also get one row per level and the decision times", []string{"--players", "2", "--ai", "normal,random"}, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := run(append([]string{"sim", "--games", "5"}, tc.args...), &out, &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "games 5 (") || strings.Count(out.String(), "\n") != tc.lines {
				t.Fatalf("output:\n%s", out.String())
			}
		})
	}
}

func TestSimInParallelMatchesSequential(t *testing.T) {
	t.Parallel()
	summary := func(workers string) simSummary {
		var out bytes.Buffer
		if err := run([]string{"sim", "--games", "12", "--players", "3", "--ai", "normal,random,random", "--json", "--workers", workers}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		var sum simSummary
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	a, b := summary("1"), summary("3")
	for i := range a.Seats {
		if a.Seats[i] != b.Seats[i] {
			t.Fatalf("seat %d: one worker %+v, three workers %+v", i, a.Seats[i], b.Seats[i])
		}
	}
	for i := range a.Levels {
		if a.Levels[i] != b.Levels[i] {
			t.Fatalf("level %s: one worker %+v, three workers %+v", a.Levels[i].Level, a.Levels[i], b.Levels[i])
		}
	}
}

// TestSimKeepsItsAtheneumGames: sim plays Atheneum on engine.PlayMatch
// with the players' seeds and subjects it always gave, so a seed plays the
// game it played before (the figures below are those of the loop sim had
// before, at commit fc3212e).
func TestSimKeepsItsAtheneumGames(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run([]string{"sim", "--players", "3", "--ai", "normal,random,normal", "--games", "60", "--content", "atheneum-3", "--json"}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var sum simSummary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%.4f %.4f %.4f, %d %d %d, %.4f", sum.Seats[0].Total, sum.Seats[1].Total, sum.Seats[2].Total,
		sum.Seats[0].Wins, sum.Seats[1].Wins, sum.Seats[2].Wins, sum.Actions)
	if want := wantAtheneumGames; got != want {
		t.Fatalf("seat totals, wins and actions per game %s, want %s", got, want)
	}
}

// TestSimPlaysAnludim: `sim --game anludim` plays Anludim between computer
// players, prints what the balance report needs (turns and rounds per
// game, how rounds end, the first player's advantage, each professor's
// value), gives the same figures with one worker or two, and writes the
// report.
func TestSimPlaysAnludim(t *testing.T) {
	t.Parallel()
	report := filepath.Join(t.TempDir(), "balance.md")
	args := []string{"sim", "--game", "anludim", "--games", "12", "--players", "3", "--ai", "normal,random,random", "--json"}
	var one, two bytes.Buffer
	if err := run(append(args, "--workers", "1", "--report", report), &one, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "--workers", "2"), &two, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var a, b anludimSummary
	if err := json.Unmarshal(one.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(two.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	a.Seconds, a.GamesPerSec, a.Decisions, b.Seconds, b.GamesPerSec, b.Decisions = 0, 0, nil, 0, 0, nil
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("one worker and two differ:\n%+v\n%+v", a, b)
	}
	if a.Games != 12 || a.Turns <= a.Rounds || a.Rounds < 2 || len(a.Ends) == 0 || len(a.Seats) != 3 || len(a.Professors) != 5 {
		t.Errorf("summary %+v", a)
	}
	t.Run("the figures add up", func(t *testing.T) {
		ends, wins, paid := 0.0, 0, 0.0
		for _, share := range a.Ends {
			ends += share
		}
		for _, st := range a.Seats {
			wins += st.Wins
		}
		for _, p := range a.Professors {
			paid += p.PointsPerRound
		}
		if math.Abs(ends-1) > 1e-9 || wins != a.Games || paid <= 0 {
			t.Errorf("round ends add up to %v, seat wins to %d of %d games, professors pay %v a round", ends, wins, a.Games, paid)
		}
	})
	if len(a.Levels) != 2 || a.Levels[0].Level != "random" || a.Levels[1].Level != "normal" || a.Levels[1].WinRate <= a.Levels[0].WinRate {
		t.Errorf("levels %+v", a.Levels)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Anludim balance", "| round ended by |", "| professor |", "first player of a round"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the report lacks %q:\n%s", want, data)
		}
	}
}

// wantAtheneumGames are the figures of `sim --players 3 --ai
// normal,random,normal --games 60 --content atheneum-3` before sim ran on
// engine.PlayMatch.
const wantAtheneumGames = "55.7500 54.7667 55.4500, 22 19 19, 220.0667"

// TestSimSumsUpAGameWithoutStatisticsOfItsOwn: a game entered in simGames
// with no stats hook (as Ex Libris may be at first) still gets each seat's
// and level's score and win rate, in text, JSON and a report. It swaps
// Atheneum's entry in the process-wide simGames, so it runs alone, before
// the parallel tests: run beside them, the other Atheneum sims summed their
// games without Atheneum's statistics (totals of 0) and read a map being
// written.
func TestSimSumsUpAGameWithoutStatisticsOfItsOwn(t *testing.T) {
	plain := atheneumSim
	plain.stats = nil
	saved := simGames[atheneum.GameID]
	simGames[atheneum.GameID] = plain
	t.Cleanup(func() { simGames[atheneum.GameID] = saved })
	args := []string{"sim", "--games", "6", "--players", "2", "--ai", "normal,random"}
	var text, js bytes.Buffer
	report := filepath.Join(t.TempDir(), "balance.md")
	if err := run(append(args, "--report", report), &text, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "--json"), &js, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var sum matchSummaryJSON
	if err := json.Unmarshal(js.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Game != atheneum.GameID || sum.Games != 6 || len(sum.Seats) != 2 || len(sum.Levels) != 2 || sum.Levels[0].Level != "normal" ||
		sum.Levels[0].WinShare+sum.Levels[1].WinShare != 6 || sum.Steps != 20 {
		t.Fatalf("summary %+v", sum)
	}
	if lines := strings.Count(text.String(), "\n"); lines != 7 || !strings.Contains(text.String(), "atheneum: 6 games (2 players, seeds 1..6)") {
		t.Fatalf("%d lines:\n%s", lines, text.String())
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# atheneum balance (2 seats)", "go run ./cmd/atheneum sim --games 6", "| level | mean score |", "| normal |"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the report lacks %q:\n%s", want, data)
		}
	}
}

// TestSimPlaysExLibrisWithItsBalance: `sim --game exlibris` prints, after
// every game's summary, the balance figures of docs/exlibris/balance.md
// (rounds, the first player's advantage, each library and location), the
// same with one worker or two, and writes them with --report.
func TestSimPlaysExLibrisWithItsBalance(t *testing.T) {
	t.Parallel()
	balance := func(workers string, more ...string) exlibrisSummaryJSON {
		var out bytes.Buffer
		args := append([]string{"sim", "--game", "exlibris", "--games", "6", "--players", "3", "--seed", "11", "--ai", "normal", "--json", "--workers", workers}, more...)
		if err := run(args, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		var sum exlibrisSummaryJSON
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	report := filepath.Join(t.TempDir(), "balance.md")
	one, two := balance("1"), balance("2", "--report", report)
	if one.Errors != 0 || one.Games != 6 {
		t.Fatalf("%d games, %d errors: %v", one.Games, one.Errors, one.FirstErrors)
	}
	for _, want := range []string{"## 3 seats", "6 games", "Rounds per game", "0 (first player)", "| library |", "| location |"} {
		if !strings.Contains(one.Balance, want) {
			t.Errorf("the balance figures lack %q:\n%s", want, one.Balance)
		}
	}
	if one.Balance != two.Balance {
		t.Errorf("one worker and two give different figures:\n%s\n---\n%s", one.Balance, two.Balance)
	}
	written, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(written), one.Balance) {
		t.Errorf("the report does not hold the figures:\n%s", written)
	}
}
