package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
)

func TestSimPrintsTotalsAndRecordsReplayableGames(t *testing.T) {
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
			files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			if len(files) != games {
				t.Fatalf("%d records, want %d", len(files), games)
			}
			for _, f := range files {
				checkRecordReplays(t, f)
			}
		})
	}
}

func checkRecordReplays(t *testing.T, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec simRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	subjects := make([]atheneum.Color, len(rec.Seats))
	for i, s := range rec.Seats {
		subjects[i], _ = atheneum.ParseColor(s)
	}
	content, err := atheneum.Load(rec.Content)
	if err != nil {
		t.Fatal(err)
	}
	g, err := atheneum.Replay(atheneum.Config{Subjects: subjects, Seed: rec.Seed, Content: content}, rec.Actions)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		if g.Shelves(i) != rec.Shelves[i] {
			t.Fatalf("%s: replayed shelves %q, record says %q", file, g.Shelves(i), rec.Shelves[i])
		}
	}
	for i := range g.Results {
		if g.Results[i] != rec.Results[i] {
			t.Fatalf("%s: replayed results differ from the record", file)
		}
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
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
	for _, tc := range []struct {
		name  string
		args  []string
		lines int
	}{
		{"random players get a header and one row per seat", []string{"--players", "5"}, 7},
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

func TestPlaySimGame(t *testing.T) {
	t.Run("the same seed and levels give the same game", func(t *testing.T) {
		_, a1, err := playSimGame(5, []string{"normal", "random", "normal"}, ai.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, a2, _ := playSimGame(5, []string{"normal", "random", "normal"}, ai.Options{})
		if len(a1) != len(a2) {
			t.Fatalf("%d then %d actions", len(a1), len(a2))
		}
		for i := range a1 {
			if a1[i] != a2[i] {
				t.Fatalf("action %d: %s then %s", i, a1[i], a2[i])
			}
		}
	})
	t.Run("rotation moves every level one seat along per game", func(t *testing.T) {
		got := strings.Join(simSeatLevels([]string{"hard", "normal", "random"}, 1, true), ",")
		if got != "normal,random,hard" {
			t.Fatalf("got %s", got)
		}
	})
	t.Run("an unknown level is an error", func(t *testing.T) {
		if _, _, err := playSimGame(5, []string{"normal", "expert"}, ai.Options{}); err == nil {
			t.Fatal("accepted")
		}
	})
}

// TestSimPlaysAnludim: `sim --game anludim` plays Anludim between computer
// players, prints what the balance report needs (turns and rounds per
// game, how rounds end, the first player's advantage, each professor's
// value), gives the same figures with one worker or two, and writes the
// report.
func TestSimPlaysAnludim(t *testing.T) {
	report := filepath.Join(t.TempDir(), "balance.md")
	args := []string{"sim", "--game", "anludim", "--games", "12", "--players", "3", "--ai", "normal,random,random", "--json"}
	var one, two bytes.Buffer
	if err := run(append(args, "--workers", "1", "--report", report), &one, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "--workers", "2"), &two, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var a, b anludimSim
	if err := json.Unmarshal(one.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(two.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	a.Seconds, a.GamesPerSec, b.Seconds, b.GamesPerSec = 0, 0, 0, 0
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("one worker and two differ:\n%+v\n%+v", a, b)
	}
	if a.Games != 12 || a.Turns <= 0 || a.Rounds < 2 || len(a.Ends) == 0 || len(a.Seats) != 3 || len(a.Professors) != 5 {
		t.Errorf("summary %+v", a)
	}
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
