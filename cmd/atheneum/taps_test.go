package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

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

// String is one line per kind of action (count, mean and max taps), then
// the books together, then every tap of the shelving step per book shelved.
func (r *tapReport) String() string {
	by := map[string][]drive.Tap{}
	var kinds []string
	var books []drive.Tap
	resolve, shelved, over, most := 0, 0, 0, 0
	for _, t := range r.taps {
		if _, ok := by[t.Kind]; !ok {
			kinds = append(kinds, t.Kind)
		}
		by[t.Kind] = append(by[t.Kind], t)
		if t.Action.Type == atheneum.ActShelve {
			books = append(books, t)
			shelved++
			most = max(most, t.Spaces)
			if t.Spaces > face.MaxOptions {
				over++
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
	fmt.Fprintf(&sb, "books with more legal spaces than one menu holds: %d of %d (most spaces: %d)\n", over, shelved, most)
	fmt.Fprintf(&sb, "every tap of the shelving steps (Done included) per book shelved: %.2f\n", float64(resolve)/float64(max(1, shelved)))
	return sb.String()
}

// TestDemoTapsPerBook plays `atheneum demo --seed 1` (and a few more seeds),
// reports how many taps each action took, by kind (go test -v shows it),
// and checks that no book took more than the workbench promises.
func TestDemoTapsPerBook(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole demo games")
	}
	for _, seed := range []string{"1", "2", "3"} {
		r := &tapReport{}
		stop := drive.CountTaps(r.hear)
		err := run([]string{"demo", "--seed", seed, "--out", t.TempDir()}, &bytes.Buffer{}, &bytes.Buffer{})
		stop()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("demo --seed %s:\n%s", seed, r)
		// A book takes two taps when its spaces fit one menu (the item, in
		// its colour or the way round; then the space), else three.
		for _, tap := range r.taps {
			bound := 2
			if tap.Spaces > face.MaxOptions {
				bound = 3
			}
			if tap.Action.Type == atheneum.ActShelve && tap.Presses > bound {
				t.Errorf("demo --seed %s: %s (%s, %d spaces) took %d taps", seed, tap.Action, tap.Kind, tap.Spaces, tap.Presses)
			}
		}
	}
}
