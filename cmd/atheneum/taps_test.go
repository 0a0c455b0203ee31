package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/engine/atheneum"
)

// tapReport gathers the taps of the demo's actions by kind.
type tapReport struct {
	mu   sync.Mutex
	taps []drive.Tap
}

func (r *tapReport) hear(t drive.Tap) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.taps = append(r.taps, t)
}

// String is one line per kind of action (count, mean and max taps and
// interactions), then the books together, then every tap of the shelving
// step per book shelved.
func (r *tapReport) String() string {
	by := map[string][]drive.Tap{}
	var kinds []string
	var books []drive.Tap
	resolve, shelved, over, overMenu, most := 0, 0, 0, 0, 0
	for _, t := range r.taps {
		if _, ok := by[t.Kind]; !ok {
			kinds = append(kinds, t.Kind)
		}
		by[t.Kind] = append(by[t.Kind], t)
		if t.Action.Type == atheneum.ActShelve {
			books = append(books, t)
			shelved++
			most = max(most, t.Spaces)
			if t.Spaces > (face.MaxRows-2)*face.MaxButtons {
				over++
			}
			if t.Spaces > face.MaxOptions {
				overMenu++
			}
		}
		if t.Action.Type != atheneum.ActPick {
			resolve += t.Taps
		}
	}
	slices.Sort(kinds)
	var sb strings.Builder
	line := func(name string, ts []drive.Tap) {
		taps, presses, most, mostPresses := 0, 0, 0, 0
		for _, t := range ts {
			taps, presses = taps+t.Taps, presses+t.Presses
			most, mostPresses = max(most, t.Taps), max(mostPresses, t.Presses)
		}
		n := float64(max(1, len(ts)))
		fmt.Fprintf(&sb, "%-24s %4d actions, taps mean %.2f max %d (interactions mean %.2f max %d)\n", name, len(ts), float64(taps)/n, most, float64(presses)/n, mostPresses)
	}
	for _, k := range kinds {
		line(k, by[k])
	}
	line("every book shelved", books)
	fmt.Fprintf(&sb, "books with more legal spaces than three rows of buttons hold: %d of %d, than one menu holds: %d (most spaces: %d)\n", over, shelved, overMenu, most)
	fmt.Fprintf(&sb, "every tap of the shelving steps (Done included) per book shelved: %.2f\n", float64(resolve)/float64(max(1, shelved)))
	return sb.String()
}

// TestDemoTapsPerBook plays `atheneum demo --seed 1` (and a few more seeds),
// reports how many taps each action took, by kind (go test -v shows it),
// and checks that no action took more than the prompts promise, taps
// counted as a person touches the screen (a button one, a menu choice
// two): a card pick one (the cards are buttons); a book two, its item's
// button then its space's, or one when the workbench has chosen its item
// already (the demo's people play the normal computer player's moves, so
// they always find their book chosen and press its suggested space),
// while its item choices and its spaces fit the message as buttons; three
// where they do not fit together (one of them a menu), four where
// neither fits (bot/atheneum.TapsAtMost says exactly when); Done one, or
// two when it asks to confirm.
//
// It is not parallel: the taps are heard process-wide, and the parallel
// tests, the other demos among them, run only once it has finished.
func TestDemoTapsPerBook(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole demo games")
	}
	for _, seed := range []string{"1", "2", "3"} {
		r := &tapReport{}
		dir, out := t.TempDir(), &bytes.Buffer{}
		if seed == seedOfDemoPlays {
			// The game TestDemoPlaysAGameAndWritesWhatEveryoneSaw plays
			// first: it reads this run's progress and files and plays the
			// seed again, instead of playing it a third time.
			var err error
			if dir, err = os.MkdirTemp("", "demo-seed-"+seed+"-"); err != nil {
				t.Fatal(err)
			}
			tempDirs.add(dir)
		}
		stop := drive.CountTaps(r.hear)
		err := run([]string{"demo", "--seed", seed, "--out", dir}, out, &bytes.Buffer{})
		stop()
		if err != nil {
			t.Fatal(err)
		}
		if seed == seedOfDemoPlays {
			demoPlayed.Store(&playedDemo{dir: dir, progress: out.String()})
		}
		t.Logf("demo --seed %s:\n%s", seed, r)
		for _, tap := range r.taps {
			bound := 0
			switch tap.Action.Type {
			case atheneum.ActPick, atheneum.ActUndo:
				bound = 1
			case atheneum.ActDone:
				bound = 2
			case atheneum.ActShelve:
				bound = atheneumface.TapsAtMost(tap.Items, tap.Spaces)
				if tap.Spaces <= 2*face.MaxButtons && tap.Items <= 2*face.MaxButtons-2 && bound > 2 {
					t.Fatalf("the bound for %d items and %d spaces is %d taps: two rows of items and two of spaces fit the message", tap.Items, tap.Spaces, bound)
				}
			default:
				continue
			}
			if tap.Taps > bound {
				t.Errorf("demo --seed %s: %s (%s, %d item choices, %d spaces) took %d taps, at most %d expected", seed, tap.Action, tap.Kind, tap.Items, tap.Spaces, tap.Taps, bound)
			}
		}
	}
}

// seedOfDemoPlays is the seed TestDemoPlaysAGameAndWritesWhatEveryoneSaw
// plays with the demo's default people and computer player, as
// TestDemoTapsPerBook plays it.
const seedOfDemoPlays = "3"

// playedDemo is a demo TestDemoTapsPerBook played with seedOfDemoPlays:
// the folder it wrote (which outlives the test) and its progress.
type playedDemo struct {
	dir, progress string
}

// demoPlayed is set by TestDemoTapsPerBook, which is not parallel and so
// ends before TestDemoPlaysAGameAndWritesWhatEveryoneSaw goes on past
// t.Parallel; nil when it did not run (go test -short, -run).
var demoPlayed atomic.Pointer[playedDemo]

// tempDirs are folders made for more than one test, removed by TestMain
// once every test has run.
var tempDirs dirList

// dirList is a list of folders to remove.
type dirList struct {
	mu   sync.Mutex
	dirs []string
}

func (l *dirList) add(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dirs = append(l.dirs, dir)
}

// removeAll removes the folders.
func (l *dirList) removeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.dirs {
		os.RemoveAll(d)
	}
	l.dirs = nil
}
