package exlibris

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
)

// testRNG is the tests' own SplitMix64, apart from the game's.
type testRNG struct{ *engine.Rand }

func newTestRNG(seed uint64) *testRNG { return &testRNG{engine.NewRand(seed)} }

// randomAction picks an awaited seat and one of its decisions uniformly.
func randomAction(g *Game, r *testRNG, buf []Action) ([]Action, int, Action) {
	var seats [MaxSeats]int
	aw := g.AppendAwaited(seats[:0])
	seat := aw[r.IntN(len(aw))]
	buf = g.AppendOptions(buf[:0], seat)
	return buf, seat, buf[r.IntN(len(buf))]
}

// playRandom plays a whole game at random and returns it with its moves.
func playRandom(t testing.TB, seed uint64, seats int, opts Options) (*Game, []Move) {
	t.Helper()
	g, err := New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf []Action
	var moves []Move
	for steps := 0; !g.Over(); steps++ {
		if steps > 50000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		if len(g.Awaited()) == 0 {
			t.Fatalf("seed %d: nobody awaited at %s", seed, g.StepKey())
		}
		var seat int
		var a Action
		buf, seat, a = randomAction(g, r, buf)
		m := Move{Seat: seat, Keys: a.Keys()}
		if _, err := g.Apply(m); err != nil {
			t.Fatalf("seed %d move %d %s: %v", seed, len(moves), m, err)
		}
		moves = append(moves, m)
	}
	return g, moves
}

// rig sets up a game past the library draft, each seat holding libs[s]
// (none given: plain tiles), waiting for the first placement of round 1;
// tiles lists the tiles in play (none: those dealt), emptied of cards.
func rig(t testing.TB, seats int, opts Options, libs []Library, tiles ...Location) *Game {
	t.Helper()
	g, err := New(1, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	// Put the draft aside: the libraries are the test's.
	g.depth = 0
	g.pool = 0
	for s := 0; s < seats; s++ {
		g.lib[s] = NoLibrary
		if s < len(libs) {
			g.lib[s] = libs[s]
		}
	}
	g.push(task{op: opGame, seat: -1, stage: 1})
	g.run(nil)
	if tiles != nil {
		for l := Location(1); l <= NumLocations; l++ {
			g.clearTile(l)
			g.tiles[l].state = tOff
		}
		for _, l := range tiles {
			g.tiles[l].state = tInPlay
		}
	}
	g.checkCards(t)
	return g
}

// clearTile sends a tile's cards back under the deck.
func (g *Game) clearTile(l Location) {
	for c := g.tiles[l].cards.first(); c >= 0; c = g.tiles[l].cards.first() {
		g.fromTile(l, c)
		g.toDeckBottom(c)
	}
}

func (g *Game) toDeckBottom(c int) {
	copy(g.deck[1:g.deckN+1], g.deck[:g.deckN])
	g.deck[0] = uint8(c)
	g.deckN++
}

// extract takes card c out of wherever it is (top of a collection place
// only), for a test to put it elsewhere.
func (g *Game) extract(c int) {
	for i := int16(0); i < g.deckN; i++ {
		if int(g.deck[i]) == c {
			copy(g.deck[i:g.deckN-1], g.deck[i+1:g.deckN])
			g.deckN--
			return
		}
	}
	if g.fromDiscard(c) {
		return
	}
	for s := 0; s < g.n; s++ {
		if g.hand[s].has(c) {
			g.fromHand(s, c)
			return
		}
		if g.coll[s].has(c) {
			g.takeOut(s, c)
			return
		}
	}
	for l := Location(1); l <= NumLocations; l++ {
		if g.tiles[l].cards.has(c) {
			g.fromTile(l, c)
			return
		}
	}
	if g.limbo.has(c) {
		g.limbo.remove(c)
		return
	}
	panic("card not found: " + CardCode(c))
}

// card finds a card by code, failing the test on a bad one.
func card(t testing.TB, code string) int {
	t.Helper()
	c, ok := CardByCode(code)
	if !ok {
		t.Fatalf("no card %s", code)
	}
	return c
}

// setHand gives seat exactly these cards (its old hand goes under the deck).
func (g *Game) setHand(t testing.TB, seat int, codes ...string) {
	t.Helper()
	for c := g.hand[seat].first(); c >= 0; c = g.hand[seat].first() {
		g.fromHand(seat, c)
		g.toDeckBottom(c)
	}
	for _, code := range codes {
		c := card(t, code)
		g.extract(c)
		g.toHand(seat, c, false)
	}
}

// layTile puts these cards on tile l (face up unless the tile says not).
func (g *Game) layTile(t testing.TB, l Location, codes ...string) {
	t.Helper()
	for _, code := range codes {
		c := card(t, code)
		g.extract(c)
		g.toTile(l, c)
		if !locInfo[l].faceDown {
			g.pub.add(c)
		}
	}
}

// stackDeck puts these cards on top of the deck, the first drawn first.
func (g *Game) stackDeck(t testing.TB, codes ...string) {
	t.Helper()
	for i := len(codes) - 1; i >= 0; i-- {
		c := card(t, codes[i])
		g.extract(c)
		g.deck[g.deckN] = uint8(c)
		g.deckN++
	}
}

// setCollection lays cards in seat's collection: "E2@0,1" puts E2 at row
// 0, column 1.
func (g *Game) setCollection(t testing.TB, seat int, places ...string) {
	t.Helper()
	for _, p := range places {
		var code string
		var r, c int
		at := strings.IndexByte(p, '@')
		code = p[:at]
		if _, err := fmt.Sscanf(p[at+1:], "%d,%d", &r, &c); err != nil {
			t.Fatal(err)
		}
		k := card(t, code)
		g.extract(k)
		g.placeCard(seat, k, int8(r), int16(c), PosPlain)
	}
}

// checkCards holds the game to its invariant: every card is in exactly
// one place, and counts agree with sets.
func (g *Game) checkCards(t testing.TB) {
	t.Helper()
	var count [NumCards]int
	for i := int16(0); i < g.deckN; i++ {
		count[g.deck[i]]++
	}
	for i := int16(0); i < g.discardN; i++ {
		count[g.discard[i]]++
	}
	add := func(s cardSet) {
		for c := s.first(); c >= 0; c = s.next(c) {
			count[c]++
		}
	}
	for s := 0; s < g.n; s++ {
		add(g.hand[s])
		add(g.coll[s])
		add(g.buried[s])
		if g.hand[s].count() != int(g.handN[s]) {
			t.Fatalf("seat %d holds %d cards, counted %d", s, g.hand[s].count(), g.handN[s])
		}
	}
	for l := Location(1); l <= NumLocations; l++ {
		add(g.tiles[l].cards)
		if g.tiles[l].cards.count() != int(g.tiles[l].cardN) {
			t.Fatalf("tile %d: %d cards, counted %d", l, g.tiles[l].cards.count(), g.tiles[l].cardN)
		}
	}
	add(g.limbo)
	for c, n := range count {
		if n != 1 {
			t.Fatalf("card %s is in %d places", CardCode(c), n)
		}
	}
}

// play applies moves in notation, failing the test on a refusal.
func play(t testing.TB, g *Game, moves ...string) []Event {
	t.Helper()
	var all []Event
	for _, s := range moves {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := g.Apply(m)
		if err != nil {
			d, _ := g.Decision(m.Seat)
			t.Fatalf("%s refused at %s (%+v, awaited %v): %v; offered %v", s, g.StepKey(), d, g.Awaited(), err, offered(g, m.Seat))
		}
		all = append(all, ev...)
		g.checkCards(t)
	}
	return all
}

// refused applies a move that must be refused with code.
func refused(t testing.TB, g *Game, move, code string) {
	t.Helper()
	m, err := ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	before := g.Clone()
	_, err = g.Apply(m)
	var r *Refusal
	if !errors.As(err, &r) || r.Code != code {
		t.Fatalf("%s: got %v, want %s", move, err, code)
	}
	if !sameGame(before, g) {
		t.Fatalf("refusing %s changed the game", move)
	}
}

// sameGame reports whether a and b are the same game, the game kept for
// the undo move compared by what it holds (each game has its own), and
// only while it counts.
func sameGame(a, b *Game) bool {
	x, y := *a, *b
	x.undo, y.undo = nil, nil
	if x != y {
		return false
	}
	if a.undoBy == 0 {
		return true
	}
	return a.undo != nil && b.undo != nil && *a.undo == *b.undo
}

// offered lists seat's moves now, in notation.
func offered(g *Game, seat int) []string {
	var out []string
	for _, a := range g.AppendOptions(nil, seat) {
		out = append(out, Move{Seat: seat, Keys: a.Keys()}.String())
	}
	return out
}

// offers reports whether seat is offered move.
func offers(g *Game, move string) bool {
	m, _ := ParseMove(move)
	return slices.Contains(offered(g, m.Seat), move)
}

// decision is the kind of what seat is asked ("" if it is not awaited).
func decision(g *Game, seat int) string {
	d, _ := g.Decision(seat)
	return d.Kind
}

// hand lists seat's hand by code.
func hand(g *Game, seat int) []string {
	var out []string
	for c := g.hand[seat].first(); c >= 0; c = g.hand[seat].next(c) {
		out = append(out, CardCode(c))
	}
	return out
}

// cardsWith lists the codes of the cards with a book of cat and none of
// the categories in not, in id order.
func cardsWith(cat Category, not ...Category) []string {
	var out []string
	for c := 0; c < NumCards; c++ {
		ok := cardIcons[c][cat] > 0
		for _, n := range not {
			ok = ok && cardIcons[c][n] == 0
		}
		if ok {
			out = append(out, CardCode(c))
		}
	}
	return out
}

// putAssistant stands one of seat's assistants of kind on tile l (slot
// the first free one) without setting anything off, as if it had been
// placed earlier in the round.
func (g *Game) putAssistant(t testing.TB, seat int, kind int8, l Location) int8 {
	t.Helper()
	for i := 0; i < int(g.nAsst[seat]); i++ {
		a := &g.asst[seat][i]
		if a.where != aReserve || a.kind != kind {
			continue
		}
		slot := g.freeSlot(l)
		if slot < 0 {
			t.Fatalf("no free slot on tile %d", l)
		}
		id := aid(seat, i)
		g.tiles[l].occ[slot] = id + 1
		g.arrivals++
		a.where, a.loc, a.slot, a.placed, a.arrival = aTile, int8(l), int8(slot), true, g.arrivals
		return id
	}
	t.Fatalf("seat %d has no assistant of kind %d to put", seat, kind)
	return -1
}

// finishRound plays the rest of the round the quiet way: assistants go
// home, optional steps are passed, other questions take their first offer.
func finishRound(t testing.TB, g *Game) {
	t.Helper()
	round := g.Round()
	for !g.Over() && g.Round() == round {
		seat := g.Awaited()[0]
		s := "s" + itoa(seat)
		switch {
		case offers(g, s+" assistant home"):
			play(t, g, s+" assistant home")
		case offers(g, s+" pass"):
			play(t, g, s+" pass")
		case offers(g, s+" done"):
			play(t, g, s+" done")
		default:
			play(t, g, offered(g, seat)[0])
		}
	}
}
