package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/engine"
)

func TestSimPrintsTotalsAndRecordsReplayableGames(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if err := run([]string{"sim", "--games", "20", "--players", "3", "--seed", "9", "--json", "--record", dir}, &out, &errOut); err != nil {
		t.Fatalf("sim: %v\n%s", err, errOut.String())
	}
	var sum simSummary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatalf("sim --json printed %q: %v", out.String(), err)
	}
	if sum.Games != 20 || sum.Errors != 0 || len(sum.Seats) != 3 || sum.GamesPerSec <= 0 || sum.Seats[0].Total <= 0 {
		t.Fatalf("summary %+v", sum)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 20 {
		t.Fatalf("%d records, want 20", len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var rec simRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	subjects := make([]engine.Color, len(rec.Seats))
	for i, s := range rec.Seats {
		subjects[i], _ = engine.ParseColor(s)
	}
	g, err := engine.Replay(engine.Config{Subjects: subjects, Seed: rec.Seed}, rec.Actions)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		if g.Shelves(i) != rec.Shelves[i] {
			t.Fatalf("replayed shelves %q, record says %q", g.Shelves(i), rec.Shelves[i])
		}
	}
	if g.Results[0] != rec.Results[0] {
		t.Fatalf("replayed results differ from the record")
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"sim", "--players", "6"}, {"sim", "--games", "0"}, {"nonsense"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if err := run(args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
				t.Fatalf("%v accepted", args)
			}
		})
	}
}

func TestSimPrintsATable(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"sim", "--games", "5", "--players", "5"}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "games 5 (5 players") || strings.Count(out.String(), "\n") != 7 {
		t.Fatalf("output:\n%s", out.String())
	}
}
