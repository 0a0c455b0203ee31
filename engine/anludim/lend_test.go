package anludim

import (
	"reflect"
	"testing"

	"atheneum/engine"
)

// TestALentViewIsTheView plays random games and, before every move,
// holds the view the state lends each seat (and a spectator) to be the
// view View makes, written over the view lent before, in the one buffer
// the state keeps; the game itself never changes by lending.
func TestALentViewIsTheView(t *testing.T) {
	for _, tc := range []struct {
		what  string
		seats int
		opts  Options
	}{
		{"a three-seat base game", 3, Options{}},
		{"a five-seat expert game", 5, Options{Expert: true}},
	} {
		t.Run("every lent view of "+tc.what+" is its View", func(t *testing.T) {
			g, err := New(11, tc.seats, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			s := &State{Game: g}
			r := newTestRNG(5)
			var buf []Move
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
				var m Move
				buf, m = randomMove(g, r, buf)
				if err := g.Do(m); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestAppendApplyGivesApplysEvents plays a random game twice, once with
// Apply and once with AppendApply into one reused buffer, and compares
// the events of every move; a refused move leaves the buffer as it was.
func TestAppendApplyGivesApplysEvents(t *testing.T) {
	_, moves := playRandom(t, 21, 4, Options{})
	a, _ := New(21, 4, Options{})
	b, _ := New(21, 4, Options{})
	evs := []Event{{Kind: EvDrew}} // something before: it stays
	for i, m := range moves {
		want, err := a.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.AppendApply(evs[:1], m)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got[1:], want) && !(len(want) == 0 && len(got) == 1) {
			t.Fatalf("move %d (%s): AppendApply's events differ from Apply's", i, m)
		}
		evs = got
	}
	if got, err := b.AppendApply(evs[:1], Move{Seat: 0, Kind: EndTurn}); err == nil || len(got) != 1 || got[0].Kind != EvDrew {
		t.Errorf("a move after the end: %v, %d events", err, len(got))
	}
}
