package anludim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden game records in testdata")

// goldenGames are recorded games: the store keeps moves, so a change that
// replays them differently would corrupt every saved game. Regenerate with
// -update only for an intended rules change.
var goldenGames = []struct {
	file  string
	seed  uint64
	seats int
	opts  Options
	undo  bool // the players sometimes undo a move
}{
	{"base-4-seats.txt", 20261124, 4, Options{}, false},
	{"expert-3-seats.txt", 777, 3, Options{Expert: true}, true},
	{"base-2-seats.txt", 31, 2, Options{}, true},
}

// summary is what a replayed game must give back.
type summary struct {
	Rounds  []RoundSummary
	Results []Result
	Winner  int
}

func TestGoldenGamesReplayIdentically(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run("the recorded game "+gg.file+" replays to its recorded result", func(t *testing.T) {
			path := filepath.Join("testdata", gg.file)
			if *update {
				g, moves := playRandomUndoing(t, gg.seed, gg.seats, gg.opts, gg.undo)
				var b bytes.Buffer
				fmt.Fprintf(&b, "# seed %d, %d seats, expert %v\n", gg.seed, gg.seats, gg.opts.Expert)
				for _, m := range moves {
					b.WriteString(m.String() + "\n")
				}
				sum, _ := json.Marshal(summary{g.Rounds(), g.Results(), g.Winner()})
				b.WriteString("= " + string(sum) + "\n")
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var moves []Move
			var want string
			sc := bufio.NewScanner(bytes.NewReader(data))
			for sc.Scan() {
				line := sc.Text()
				switch {
				case strings.HasPrefix(line, "#"):
				case strings.HasPrefix(line, "= "):
					want = line[2:]
				default:
					m, err := ParseMove(line)
					if err != nil {
						t.Fatal(err)
					}
					moves = append(moves, m)
				}
			}
			g, err := Replay(gg.seed, gg.seats, gg.opts, moves)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(summary{g.Rounds(), g.Results(), g.Winner()})
			if !g.Over() || string(got) != want {
				t.Fatalf("replayed to\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// playRandomUndoing plays a random game in which, if undo is set, a third
// of the moves that can be undone are undone at once.
func playRandomUndoing(t *testing.T, seed uint64, seats int, opts Options, undo bool) (*Game, []Move) {
	g, err := New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf, moves []Move
	for !g.Over() {
		var m Move
		buf, m = randomMove(g, r, buf)
		if err := g.Do(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		if undo && g.canUndo() && r.intn(3) == 0 {
			u := Move{Seat: m.Seat, Kind: Undo}
			if err := g.Do(u); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, u)
		}
	}
	return g, moves
}
