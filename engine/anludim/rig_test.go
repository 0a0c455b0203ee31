package anludim

import (
	"errors"
	"testing"
)

// id returns the card whose first reading is value v in colour c.
func id(v int, c Colour) int { return int(c)*13 + v - 1 }

// a and b read card c on its first or second side.
func a(c int) Use { return Use{Card: c, Side: 0} }
func b(c int) Use { return Use{Card: c, Side: 1} }

// rig deals a fresh game, then gives each seat exactly the listed hand,
// taking the cards from wherever they were (the deck takes back the rest).
func rig(t *testing.T, seats int, opts Options, hands ...[]int) *Game {
	t.Helper()
	g, err := New(42, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	for s, h := range hands {
		setHand(g, s, h)
	}
	return g
}

func setHand(g *Game, seat int, cards []int) {
	for _, c := range g.hands[seat].appendTo(nil) {
		g.hands[seat].del(c)
		g.deck[g.deckN] = uint8(c)
		g.deckN++
	}
	g.handN[seat], g.public[seat] = 0, cardSet{}
	for _, c := range cards {
		pull(g, c)
		g.hands[seat].add(c)
		g.handN[seat]++
	}
}

// pull removes card c from the deck, the face-up row or a hand.
func pull(g *Game, c int) {
	for i := 0; i < g.deckN; i++ {
		if int(g.deck[i]) == c {
			copy(g.deck[i:], g.deck[i+1:g.deckN])
			g.deckN--
			return
		}
	}
	for i, f := range g.faceUp {
		if int(f) == c {
			g.faceUp[i] = int8(g.popDeck())
			return
		}
	}
	for s := 0; s < g.n; s++ {
		if g.hands[s].has(c) {
			g.hands[s].del(c)
			g.public[s].del(c)
			g.handN[s]--
		}
	}
}

func play(p Professor, seat int, uses ...Use) Move {
	return Move{Seat: seat, Kind: Play, Prof: p, Cards: uses}
}

func mv(seat int, k MoveKind) Move { return Move{Seat: seat, Kind: k} }

func must(t *testing.T, g *Game, moves ...Move) []Event {
	t.Helper()
	var all []Event
	for _, m := range moves {
		ev, err := g.Apply(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		all = append(all, ev...)
	}
	return all
}

func refused(t *testing.T, g *Game, m Move, code string) {
	t.Helper()
	before := g.Clone()
	_, err := g.Apply(m)
	var r *Refusal
	if !errors.As(err, &r) || r.Code != code {
		t.Fatalf("%s: got %v, want refusal %s", m, err, code)
	}
	if !sameState(before, g) {
		t.Fatalf("%s: the refusal changed the state", m)
	}
}

func hasEvent(evs []Event, k EventKind) (Event, bool) {
	for _, e := range evs {
		if e.Kind == k {
			return e, true
		}
	}
	return Event{}, false
}

// giveItem puts an item in front of a seat without touching the stacks.
func giveItem(g *Game, seat int, k ItemKind, v int) { g.items[seat][k][v]++ }
