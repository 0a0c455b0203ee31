package exlibris

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
}{
	{"standard-4-seats.txt", 20261127, 4, Options{}},
	{"friendly-long-3-seats.txt", 777, 3, Options{Mode: Friendly, Long: true}},
	{"beginner-2-seats.txt", 31, 2, Options{Mode: Beginner}},
	{"solo-professor.txt", 4242, 1, Options{Level: 2}},
}

// summary is what a replayed game must give back.
type summary struct {
	Rounds  int
	Results []Result
	Public  []Row `json:",omitempty"`
}

func TestGoldenGamesReplayIdentically(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run("the recorded game "+gg.file+" replays to its recorded result", func(t *testing.T) {
			path := filepath.Join("testdata", gg.file)
			if *update {
				g, moves := playRandom(t, gg.seed, gg.seats, gg.opts)
				var b bytes.Buffer
				fmt.Fprintf(&b, "# seed %d, %d seats, options %v\n", gg.seed, gg.seats, gg.opts.Named())
				for _, m := range moves {
					b.WriteString(m.String() + "\n")
				}
				sum, _ := json.Marshal(summary{g.Round(), g.Results(), g.PublicLibrary()})
				b.WriteString("= " + string(sum) + "\n")
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
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
			got, _ := json.Marshal(summary{g.Round(), g.Results(), g.PublicLibrary()})
			if !g.Over() || string(got) != want {
				t.Fatalf("replayed to\n%s\nwant\n%s", got, want)
			}
		})
	}
}
