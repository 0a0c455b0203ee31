package exlibris

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
)

// TestALentViewIsTheView plays random games and, before every move,
// holds the view the state lends each seat (and a spectator) to be the
// view View makes, written over the view lent before, in the one buffer
// the state keeps; the game itself never changes by lending, and the
// seats the state awaits are the game's.
func TestALentViewIsTheView(t *testing.T) {
	for _, tc := range []struct {
		what  string
		seats int
		opts  Options
	}{
		{"a four-seat standard game", 4, Options{}},
		{"a two-seat friendly game", 2, Options{Mode: Friendly}},
		{"a solo game", 1, Options{}},
	} {
		t.Run("every lent view of "+tc.what+" is its View", func(t *testing.T) {
			g, err := New(11, tc.seats, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			s := &State{Game: g}
			r := newTestRNG(5)
			var buf []Action
			var first *Game
			for moves := 0; !g.Over() && moves < 400; moves++ {
				before := *g
				for seat := -1; seat < tc.seats; seat++ {
					lent := engine.LendView(s, seat).(*State).Game
					if first == nil {
						first = lent
					} else if lent != first {
						t.Fatal("a second lent view was not written into the first one's place")
					}
					if want := g.View(seat); !reflect.DeepEqual(lent, want) {
						t.Fatalf("move %d, seat %d: the lent view differs from View's", moves, seat)
					}
				}
				if !reflect.DeepEqual(*g, before) {
					t.Fatalf("move %d: lending views changed the game", moves)
				}
				if got, want := s.Awaited(), g.Awaited(); !slices.Equal(got, want) {
					t.Fatalf("move %d: the state awaits %v, the game %v", moves, got, want)
				}
				var seat int
				var a Action
				buf, seat, a = randomAction(g, r, buf)
				if err := g.Do(seat, a); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestTheSharedListsOfSeatsAreFullToCapacity: Awaited's lists are shared
// by every game, so appending to one must copy it, never write past it
// into another's.
func TestTheSharedListsOfSeatsAreFullToCapacity(t *testing.T) {
	for mask, l := range awaitedLists {
		if len(l) != cap(l) {
			t.Errorf("the list of mask %04b has room past its seats", mask)
		}
	}
}

// TestAMoveSplitsIntoWordsAsStringsSplitDoes: parseMove's own split, with
// no allocation, reads the words strings.Split would.
func TestAMoveSplitsIntoWordsAsStringsSplitDoes(t *testing.T) {
	for _, s := range []string{"", "s0", "s0 draw", "s0  draw", "s0 draw ", " s0", "s1 a b c d", "s1 a b c d e", "s1 a b c d e f g"} {
		var words [1 + maxKeys]string
		n, ok := splitWords(s, &words)
		want := strings.Split(s, " ")
		if ok != (len(want) <= len(words)) {
			t.Errorf("%q: fits %v, strings.Split gives %d words", s, ok, len(want))
			continue
		}
		if ok && !slices.Equal(words[:n], want) {
			t.Errorf("%q: %q, strings.Split gives %q", s, words[:n], want)
		}
	}
}
