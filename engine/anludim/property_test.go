package anludim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"atheneum/engine"
)

// checkInvariants holds the state to the rules' bookkeeping: every card
// in exactly one place, pawns and combinations agreeing, items conserved.
func checkInvariants(t *testing.T, g *Game, discarded *[NumProfessors]int) {
	// t.Helper is called where the check fails only: called on every one
	// of the property test's moves, it cost a twentieth of its time.
	var all cardSet
	put := func(c int, where string) {
		if all.has(c) {
			t.Helper()
			t.Fatalf("card %d is twice (second in %s)", c, where)
		}
		all.add(c)
	}
	// putSet puts every card of set, as put would one by one, without
	// listing them (the lists were a fifth of the test's allocations).
	putSet := func(set cardSet, where string) {
		if twice := all.and(set); !twice.empty() {
			t.Helper()
			t.Fatalf("card %d is twice (second in %s)", twice.min(), where)
		}
		all = all.or(set)
	}
	for i := 0; i < g.deckN; i++ {
		put(int(g.deck[i]), "deck")
	}
	for i := 0; i < g.discardN; i++ {
		put(int(g.discard[i]), "discard")
	}
	for _, c := range g.faceUp {
		if c >= 0 {
			put(int(c), "face up")
		}
	}
	for s := 0; s < g.n; s++ {
		if g.hands[s].count() != g.handN[s] {
			t.Helper()
			t.Fatalf("seat %d hand count %d != %d", s, g.hands[s].count(), g.handN[s])
		}
		if !g.public[s].andNot(g.hands[s]).empty() {
			t.Helper()
			t.Fatalf("seat %d public cards not in hand", s)
		}
		putSet(g.hands[s], "hand")
	}
	for i := range g.combos {
		c := &g.combos[i]
		if c.owner < 0 {
			continue
		}
		putSet(c.cards, "combination")
		if c.holds != (int(g.profAt[c.prof]) == i) {
			t.Helper()
			t.Fatalf("combination %d and its pawn disagree", i)
		}
	}
	if all.count() != NumCards {
		t.Helper()
		t.Fatalf("%d cards accounted for, want %d", all.count(), NumCards)
	}
	parch := 0
	for k := 0; k < NumProfessors; k++ {
		var st stack
		st.fill(ItemKind(k), g.n)
		held := 0
		for s := 0; s < g.n; s++ {
			for v := 1; v <= maxItemValue; v++ {
				held += int(g.items[s][k][v])
			}
		}
		if int(g.stacks[k].n)+held+discarded[k] != int(st.n) {
			t.Helper()
			t.Fatalf("kind %d: stack %d + held %d + discarded %d != %d", k, g.stacks[k].n, held, discarded[k], st.n)
		}
	}
	for s := 0; s < g.n; s++ {
		parch += g.parch[s]
	}
	if parch > 3 {
		t.Helper()
		t.Fatalf("%d parchments held", parch)
	}
}

// checkViews holds every view to showing no hidden card, and every
// determinization to being a full game the viewer cannot tell apart.
func checkViews(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	for v := -1; v < g.n; v++ {
		view := g.View(v)
		if view.deck != [NumCards]uint8{} || view.rng != (engine.Rand{}) || view.seed != 0 || view.undoBase != nil {
			t.Fatalf("view %d leaks the deck, the randomness or the undo state", v)
		}
		for s := 0; s < g.n; s++ {
			if s != v && !view.hands[s].andNot(g.public[s]).empty() {
				t.Fatalf("view %d shows hidden cards of seat %d", v, s)
			}
			if s != v && !view.kept[s].empty() {
				t.Fatalf("view %d shows seat %d's kept cards", v, s)
			}
		}
		if v < 0 {
			continue
		}
		if _, err := view.Apply(Move{Seat: g.awaited(), Kind: EndTurn}); err == nil || err.(*Refusal).Code != CodeHiddenView {
			t.Fatalf("a view accepted a move: %v", err)
		}
		d := view.Determinize(v, seed)
		if d.hands[v] != g.hands[v] || d.handN != g.handN || d.deckN != g.deckN {
			t.Fatalf("determinization for %d changes what the seat sees", v)
		}
		var all cardSet
		for s := 0; s < d.n; s++ {
			all = all.or(d.hands[s])
		}
		for i := 0; i < d.deckN; i++ {
			all.add(int(d.deck[i]))
		}
		if all.and(g.hands[v]) != g.hands[v] || d.IsView() {
			t.Fatalf("determinization for %d is not a full game", v)
		}
	}
}

func TestPropertyRandomGames(t *testing.T) {
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		for _, expert := range []bool{false, true} {
			name := fmt.Sprintf("%d seats, expert %v: every legal move applies and the books balance", seats, expert)
			t.Run(name, func(t *testing.T) {
				for i := 0; i < propertyGames; i++ {
					seed := uint64(seats*100000+i) + uint64(b2i(expert))*7777777
					propertyGame(t, seed, seats, Options{Expert: expert}, i%20 == 0)
				}
			})
		}
		// The first edition differs in the expert variant only; its games
		// still in play must hold together as well.
		name := fmt.Sprintf("%d seats, expert, first edition: every legal move applies and the books balance", seats)
		t.Run(name, func(t *testing.T) {
			for i := 0; i < max(propertyGames/4, 2); i++ {
				seed := uint64(seats*100000+i) + 3*7777777
				propertyGame(t, seed, seats, Options{Expert: true, Edition: EditionFirst}, i%20 == 0)
			}
		})
	}
}

func propertyGame(t *testing.T, seed uint64, seats int, opts Options, deep bool) {
	g, err := New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed ^ 0xabc)
	var buf, moves []Move
	var discarded [NumProfessors]int
	round := g.Round()
	for step := 0; !g.Over(); step++ {
		if step > 20000 {
			t.Fatalf("seed %d: no end after %d moves", seed, step)
		}
		var m Move
		buf, m = randomMove(g, r, buf)
		// The notation and JSON forms give the move back.
		back, err := ParseMove(m.String())
		if err != nil || back.String() != m.String() {
			t.Fatalf("notation round trip of %s: %v", m, err)
		}
		if deep {
			// A refused move changes nothing.
			before := g.Clone()
			bad := m
			bad.Seat = (m.Seat + 1) % seats
			if _, err := g.Apply(bad); err == nil {
				t.Fatalf("seed %d: a move by the wrong seat was accepted", seed)
			}
			if !sameState(before, g) {
				t.Fatalf("seed %d: a refused move changed the state", seed)
			}
		}
		if deep {
			// Random, mostly wrong, moves: accepted ones were legal (on a
			// clone), refused ones must leave the state untouched.
			for k := 0; k < 3; k++ {
				junk := randomJunk(g, r)
				c := g.Clone()
				if _, err := c.Apply(junk); err != nil && !sameState(c, g) {
					t.Fatalf("seed %d: refused %s changed the state", seed, junk)
				}
			}
		}
		if deep && (m.Kind == Play || m.Kind == TakeBack || m.Kind == Keep) {
			// An undone move leaves no trace, unless it ended the step.
			c := g.Clone()
			if _, err := c.Apply(m); err != nil {
				t.Fatalf("seed %d: %s refused on a clone: %v", seed, m, err)
			}
			if c.StepKey() == g.StepKey() && !c.Over() {
				if _, err := c.Apply(Move{Seat: m.Seat, Kind: Undo}); err != nil {
					t.Fatalf("seed %d: undo of %s: %v", seed, m, err)
				}
				if !sameState(c, g) {
					t.Fatalf("seed %d: undo of %s did not restore the state", seed, m)
				}
			}
		}
		if m.Kind == Discard && m.Item.Kind != Parchment {
			discarded[m.Item.Kind]++
		}
		if _, err := g.Apply(m); err != nil {
			t.Fatalf("seed %d move %d %s: %v", seed, len(moves), m, err)
		}
		moves = append(moves, m)
		if g.Round() != round {
			round, discarded = g.Round(), [NumProfessors]int{}
		}
		checkInvariants(t, g, &discarded)
		if deep && step%7 == 0 {
			checkViews(t, g, seed+uint64(step))
		}
	}
	for s := 0; s < seats; s++ {
		want := 0
		if s == g.Winner() {
			want = 2
		}
		if got := g.RoundsWon(s); (s == g.Winner() && got != want) || (s != g.Winner() && got > 1) {
			t.Fatalf("seed %d: seat %d won %d rounds (winner %d)", seed, s, got, g.Winner())
		}
	}
	if res := g.Results(); res[g.Winner()].Rank != 1 {
		t.Fatalf("seed %d: the winner ranks %d", seed, res[g.Winner()].Rank)
	}
	if deep {
		data, err := json.Marshal(moves)
		if err != nil {
			t.Fatal(err)
		}
		var back []Move
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		again, err := Replay(seed, seats, opts, back)
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if !sameState(again, g) {
			t.Fatalf("seed %d: the replayed game differs from the played one", seed)
		}
	}
}

// sameState compares two games, leaving out the undo buffers (their
// capacity is history, not state) but for the number of moves to undo.
// Every other field of Game is of a comparable type without pointers, so
// == says what reflect.DeepEqual said, some fifty times faster (DeepEqual
// was a third of the property test's processor time);
// TestSameStateComparesEveryField holds the list to Game's fields.
func sameState(a, b *Game) bool {
	return len(a.undoMoves) == len(b.undoMoves) &&
		a.seed == b.seed && a.opts == b.opts && a.n == b.n && a.rng == b.rng && a.view == b.view &&
		a.deck == b.deck && a.deckN == b.deckN && a.discard == b.discard && a.discardN == b.discardN && a.faceUp == b.faceUp &&
		a.hands == b.hands && a.handN == b.handN && a.public == b.public &&
		a.combos == b.combos && a.profAt == b.profAt && a.bars == b.bars &&
		a.stacks == b.stacks && a.items == b.items && a.parch == b.parch && a.gold == b.gold && a.wins == b.wins &&
		a.round == b.round && a.turn == b.turn && a.first == b.first && a.active == b.active && a.phase == b.phase &&
		a.mainDone == b.mainDone && a.optDone == b.optDone && a.revealed == b.revealed && a.viewUndo == b.viewUndo &&
		a.nextFirst == b.nextFirst && a.nextParch == b.nextParch && a.keepIdx == b.keepIdx && a.kept == b.kept && a.keptN == b.keptN &&
		a.rounds == b.rounds && a.nRounds == b.nRounds && a.winner == b.winner
}

// TestSameStateComparesEveryField changes each field of a game in turn (the
// first byte of its memory) and holds sameState to see every change: a
// field added to Game and left out of sameState fails here. It also checks
// that the fields sameState compares with == hold no pointer, slice, map,
// interface or float, for which == and reflect.DeepEqual differ.
func TestSameStateComparesEveryField(t *testing.T) {
	g, err := New(7, 3, Options{Expert: true})
	if err != nil {
		t.Fatal(err)
	}
	var flat func(reflect.Type) bool
	flat = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.String:
			return true
		case reflect.Array:
			return flat(ty.Elem())
		case reflect.Struct:
			for f := range ty.Fields() {
				if !flat(f.Type) {
					return false
				}
			}
			return true
		}
		return false
	}
	ty := reflect.TypeFor[Game]()
	for f := range ty.Fields() {
		if f.Name == "undoBase" || f.Name == "undoMoves" {
			continue
		}
		if !flat(f.Type) {
			t.Errorf("Game.%s (%s) holds what == compares otherwise than reflect.DeepEqual", f.Name, f.Type)
			continue
		}
		c := g.Clone()
		if !sameState(c, g) {
			t.Fatal("a clone differs from its game")
		}
		*(*byte)(unsafe.Add(unsafe.Pointer(c), f.Offset)) ^= 1
		if sameState(c, g) {
			t.Errorf("sameState does not see a change of Game.%s", f.Name)
		}
	}
}

// randomJunk builds a move with random fields, seat mostly right.
func randomJunk(g *Game, r *testRNG) Move {
	m := Move{Seat: g.awaited(), Kind: MoveKind(r.intn(10)), Slot: r.intn(5) - 1, Card: r.intn(70) - 2,
		Prof: Professor(r.intn(7) - 1), Item: Item{Kind: ItemKind(r.intn(7) - 1), Value: r.intn(7) - 1}}
	if r.intn(5) == 0 {
		m.Seat = r.intn(6) - 1
	}
	s := m.Seat
	if s < 0 || s >= g.n {
		s = 0
	}
	hand := g.hands[s].appendTo(nil)
	for i := r.intn(5); i > 0; i-- {
		c := r.intn(NumCards)
		if len(hand) > 0 && r.intn(3) > 0 {
			c = hand[r.intn(len(hand))]
		}
		m.Cards = append(m.Cards, Use{Card: c, Side: r.intn(2)})
	}
	return m
}
