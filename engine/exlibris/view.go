package exlibris

import (
	"slices"

	"atheneum/engine"
)

// known is what seat may see of the cards in hidden places (others'
// hands, face-down tiles): what everyone saw, and what it saw alone.
func (g *Game) known(seat int) cardSet {
	if seat < 0 || seat >= g.n {
		return g.pub
	}
	return g.pub.or(g.seen[seat])
}

// View returns what seat may see (-1: a spectator): its own hand, of the
// other hands only the cards seen arriving there, no deck order, no
// face-down card it has not looked at, no other seat's speciality (solo:
// neither the public library's nor the hints not yet shown) and no
// randomness. A view answers every question and lists moves, but Apply
// refuses it.
func (g *Game) View(seat int) *Game {
	v := new(Game)
	g.viewInto(v, seat)
	return v
}

// viewInto writes seat's view of g into v (see View).
func (g *Game) viewInto(v *Game, seat int) {
	*v = *g
	v.view = seat
	// The game before the placement under way holds what the view hides;
	// the view keeps only whether it may be gone back to (CanUndo).
	v.undo = nil
	v.seed = 0
	v.rng = engine.Rand{}
	v.deck = [NumCards]uint8{}
	v.reg = cardSet{}
	slices.Sort(v.pile[:v.pileN])
	known := g.known(seat)
	visible := known.or(g.limbo)
	for s := 0; s < g.n; s++ {
		if s != seat {
			v.seen[s] = cardSet{}
			v.hand[s] = g.hand[s].and(known)
			if !g.over {
				v.spec[s] = -1
			}
		} else {
			visible = visible.or(g.hand[s])
		}
		visible = visible.or(g.coll[s]).or(g.buried[s])
	}
	visible = visible.or(g.discardSet())
	for l := Location(1); l <= NumLocations; l++ {
		if locInfo[l].faceDown {
			v.tiles[l].cards = g.tiles[l].cards.and(known)
		}
		visible = visible.or(v.tiles[l].cards)
	}
	if g.solo && !g.over {
		v.publicSpec = -1
		for i := int(g.hintsShown); i < len(v.hints); i++ {
			v.hints[i] = -1
		}
	}
	for i := 0; i < int(v.depth); i++ {
		t := &v.stack[i]
		t.set = t.set.and(visible)
		t.set2 = t.set2.and(visible)
		if t.op == opWitch && int(t.seat) != seat {
			t.card = -1
		}
	}
}

// Determinize returns a whole, playable game that seat's view cannot tell
// from the real one: the cards it cannot see are dealt at random (from
// seed) to the other hands, the face-down tiles and the deck; the unseen
// specialities and the tile pile are drawn again.
func (g *Game) Determinize(seat int, seed uint64) *Game {
	d := g.View(seat)
	d.view = -2
	// A draw has no game before the placement to go back to: its undo
	// would rebuild what the view never saw.
	d.undoBy = 0
	d.rng = *engine.NewRand(seed ^ 0x5eed5eed5eed5eed)
	var seen cardSet
	seen = seen.or(d.limbo).or(d.discardSet())
	for s := 0; s < d.n; s++ {
		seen = seen.or(d.hand[s]).or(d.coll[s]).or(d.buried[s])
	}
	for l := Location(1); l <= NumLocations; l++ {
		seen = seen.or(d.tiles[l].cards)
	}
	var unseen [NumCards]uint8
	n := 0
	for c := 0; c < NumCards; c++ {
		if !seen.has(c) {
			unseen[n] = uint8(c)
			n++
		}
	}
	engine.Shuffle(&d.rng, unseen[:n])
	for s := 0; s < d.n; s++ {
		for d.hand[s].count() < int(d.handN[s]) && n > 0 {
			n--
			d.hand[s].add(int(unseen[n]))
		}
	}
	for l := Location(1); l <= NumLocations; l++ {
		tl := &d.tiles[l]
		for tl.cards.count() < int(tl.cardN) && n > 0 {
			n--
			tl.cards.add(int(unseen[n]))
		}
	}
	d.deckN = 0
	for i := 0; i < n; i++ {
		d.deck[d.deckN] = unseen[i]
		d.deckN++
	}
	// Specialities and hints nobody showed.
	var cats [NumCategories]Category
	nc := 0
	for c := Category(0); c < NumCategories; c++ {
		used := c == d.popular || c == d.banned
		for s := 0; s < d.n; s++ {
			used = used || d.spec[s] == c
		}
		for i := 0; i < int(d.hintsShown); i++ {
			used = used || d.hints[i] == c
		}
		if !used {
			cats[nc] = c
			nc++
		}
	}
	engine.Shuffle(&d.rng, cats[:nc])
	take := func() Category {
		nc--
		return cats[nc]
	}
	for s := 0; s < d.n; s++ {
		if d.spec[s] < 0 {
			d.spec[s] = take()
		}
	}
	if d.solo {
		if d.publicSpec < 0 {
			d.publicSpec = take()
		}
		for i := range d.hints {
			if d.hints[i] < 0 {
				d.hints[i] = take()
			}
		}
	}
	engine.Shuffle(&d.rng, d.pile[:d.pileN])
	for i := 0; i < int(d.depth); i++ {
		if t := &d.stack[i]; t.op == opWitch && t.card < 0 {
			// Another seat's witch: the card it took, drawn again.
			if c := d.hand[t.seat].first(); c >= 0 {
				t.card = int16(c)
			}
		}
	}
	return d
}
