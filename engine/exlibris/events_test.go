package exlibris

import (
	"maps"
	"slices"
	"testing"

	"atheneum/engine"
)

// TestEveryEventTellsWhatTheCatalogueWords plays random games in every
// mode and seat count with events: each event is of a listed kind, gives
// only the details EventArgs lists for it, and names texts of its kind
// (EventIDs: a listed variant, ".hidden" for the others exactly when it
// is private); every kind and every variant turns up.
func TestEveryEventTellsWhatTheCatalogueWords(t *testing.T) {
	seenKinds := map[EventKind]bool{}
	seenIDs := map[string]bool{}
	for i := 0; i < eventGames; i++ {
		g, err := New(uint64(3000+i), 1+i%4, Options{Mode: Mode(i / 4 % 3), Long: i%5 == 0})
		if err != nil {
			t.Fatal(err)
		}
		r := newTestRNG(uint64(i))
		var buf []Action
		for !g.Over() {
			var seat int
			var a Action
			buf, seat, a = randomAction(g, r, buf)
			if g.CanUndo(seat) {
				// The random players never undo: the undo's events are
				// checked on a copy, the game going on as drawn.
				events, err := g.Clone().Apply(Move{Seat: seat, Keys: []string{UndoKey}})
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					checkEvent(t, e)
					seenKinds[e.Kind] = true
					id, _ := EventIDs(engine.Event{Kind: string(e.Kind), Seat: e.Seat, Args: e.Args(), Private: e.Private})
					seenIDs[id] = true
				}
			}
			events, err := g.Apply(Move{Seat: seat, Keys: a.Keys()})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				checkEvent(t, e)
				seenKinds[e.Kind] = true
				id, _ := EventIDs(engine.Event{Kind: string(e.Kind), Seat: e.Seat, Args: e.Args(), Private: e.Private})
				seenIDs[id] = true
			}
		}
	}
	for _, k := range EventKinds {
		if _, ok := EventArgs[k]; !ok {
			t.Errorf("%s has no EventArgs", k)
		}
		if !seenKinds[k] {
			t.Logf("no random game raised %s", k)
		}
		for _, v := range EventVariants[k] {
			if !seenIDs["exlibris.event."+string(k)+v] {
				t.Logf("no random game raised %s%s", k, v)
			}
		}
	}
	if len(seenKinds) < len(EventKinds)-4 {
		t.Errorf("only %d of %d kinds raised", len(seenKinds), len(EventKinds))
	}
	if len(EventArgs) != len(EventKinds) {
		t.Errorf("EventArgs has %d kinds, EventKinds %d", len(EventArgs), len(EventKinds))
	}
}

func checkEvent(t *testing.T, e Event) {
	t.Helper()
	if !slices.Contains(EventKinds, e.Kind) {
		t.Fatalf("unknown event kind %q", e.Kind)
	}
	args := e.Args()
	for name := range args {
		if !slices.Contains(EventArgs[e.Kind], name) {
			t.Fatalf("%s gives %s, which EventArgs does not list (%v)", e.Kind, name, slices.Sorted(maps.Keys(args)))
		}
	}
	id, hidden := EventIDs(engine.Event{Kind: string(e.Kind), Seat: e.Seat, Args: args, Private: e.Private})
	base := "exlibris.event." + string(e.Kind)
	if variant := id[len(base):]; variant != "" && !slices.Contains(EventVariants[e.Kind], variant) {
		t.Fatalf("%s names the variant %s, not listed", e.Kind, variant)
	}
	if (hidden != "") != e.Private || hidden != "" && hidden != id+".hidden" {
		t.Fatalf("%s (private %v) names %q for the others", e.Kind, e.Private, hidden)
	}
	if e.Private && len(e.Cards) == 0 && e.Kind != EvGaveAtRandom && e.Kind != EvHandShown {
		t.Fatalf("a private %s shows no card", e.Kind)
	}
}

// eventGames is how many random games the event test plays: a fixed
// number, not scaled down under the race detector, since the rarest kinds
// (a hand shown empty, a den won by nobody) need that many games to turn up.
const eventGames = 144
