package main

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"atheneum/bot/drive"
	"atheneum/engine/anludim"
)

// kitTapReport gathers the taps of the kit driver's moves by kind.
type kitTapReport struct {
	mu sync.Mutex
	by map[string][]int
}

func (r *kitTapReport) hear(t drive.KitTap) {
	r.mu.Lock()
	defer r.mu.Unlock()
	kind := "?"
	if m, err := anludim.ParseMove(string(t.Move)); err == nil {
		kind = anludimKinds[m.Kind]
		if m.Kind == anludim.Play {
			kind = fmt.Sprintf("play of %d cards", len(m.Cards))
		}
	}
	if r.by == nil {
		r.by = map[string][]int{}
	}
	r.by[kind] = append(r.by[kind], t.Taps)
}

var anludimKinds = map[anludim.MoveKind]string{
	anludim.RecruitHidden: "recruit face down", anludim.RecruitFaceUp: "recruit face up", anludim.TakeBack: "take back",
	anludim.Discard: "discard to draw", anludim.EndTurn: "end the turn", anludim.Undo: "undo", anludim.Keep: "keep a card",
}

func (r *kitTapReport) String() string {
	kinds := make([]string, 0, len(r.by))
	for k := range r.by {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var sb strings.Builder
	for _, k := range kinds {
		ts := r.by[k]
		sum := 0
		for _, n := range ts {
			sum += n
		}
		fmt.Fprintf(&sb, "%-24s %4d moves, taps mean %.2f max %d\n", k, len(ts), float64(sum)/float64(len(ts)), slices.Max(ts))
	}
	return sb.String()
}

// TestDemoTapsPerAnludimMove plays Anludim's demo on a few seeds, reports
// how many taps each kind of move took its people (go test -v shows it; a
// button is one tap, a menu two), and checks that no combination took more
// than five.
//
// It is not parallel: the taps are heard process-wide, and the parallel
// tests, the other demos among them, run only once it has finished.
func TestDemoTapsPerAnludimMove(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole demo games")
	}
	for _, seed := range []string{"1", "2", "3"} {
		r := &kitTapReport{}
		stop := drive.CountKitTaps(r.hear)
		err := run([]string{"demo", "--game", "anludim", "--seed", seed, "--out", t.TempDir()}, &bytes.Buffer{}, &bytes.Buffer{})
		stop()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("demo --game anludim --seed %s:\n%s", seed, r)
		plays := 0
		for kind, ts := range r.by {
			if !strings.HasPrefix(kind, "play") {
				continue
			}
			for _, n := range ts {
				plays++
				if n > 5 {
					t.Errorf("demo --seed %s: a %s took %d taps", seed, kind, n)
				}
			}
		}
		if plays == 0 {
			t.Errorf("demo --seed %s: no combination was played", seed)
		}
	}
}
