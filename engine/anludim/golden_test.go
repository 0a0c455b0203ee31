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
// -update only for an intended rules change, which needs a new edition
// (docs/anludim/rulings.md, ruling 17).
var goldenGames = []struct {
	file  string
	seed  uint64
	seats int
	opts  Options
	undo  bool // the players sometimes undo a move
	// frozen games were written by an older program and stand for the
	// games it stored: -update never rewrites them.
	frozen bool
}{
	{"base-4-seats.txt", 20261124, 4, Options{}, false, false},
	{"expert-3-seats.txt", 777, 3, Options{Expert: true}, true, false},
	{"base-2-seats.txt", 31, 2, Options{}, true, false},
	// The expert game above as the rules recorded it before ruling 17's
	// fix (commit fc3212e), when it was the golden expert game: its 38th
	// move lays a combination again unchanged, which the first edition
	// accepts.
	{"expert-3-seats-edition-1.txt", 777, 3, Options{Expert: true, Edition: EditionFirst}, true, true},
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
			if *update && !gg.frozen {
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
			moves, want := readGolden(t, gg.file)
			g, err := Replay(gg.seed, gg.seats, gg.opts, moves)
			if err != nil {
				t.Fatal(err)
			}
			got := summaryJSON(g)
			if !g.Over() || got != want {
				t.Fatalf("replayed to\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// readGolden reads a recorded game: its moves and the summary it must
// replay to.
func readGolden(t *testing.T, file string) (moves []Move, want string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
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
	return moves, want
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
