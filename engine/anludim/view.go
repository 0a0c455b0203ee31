package anludim

import "atheneum/engine"

// View returns what seat may see: its own hand and kept cards, every
// other hand reduced to the cards seen entering it (face-up recruits,
// combinations taken back), the deck's size but not its order, and no
// randomness or undo history to recover them from. Seat -1 is a spectator.
// A view answers every question and lists moves, but Apply refuses it.
func (g *Game) View(seat int) *Game {
	v := new(Game)
	g.viewInto(v, seat)
	return v
}

// viewInto writes seat's view of g into v (see View), which may be a view
// written before: nothing of it is kept.
func (g *Game) viewInto(v *Game, seat int) {
	*v = *g
	v.view = seat
	v.seed = 0
	v.rng = engine.Rand{}
	v.deck = [NumCards]uint8{}
	v.undoBase, v.undoMoves = nil, nil
	v.viewUndo = seat >= 0 && seat == g.awaited() && g.canUndo()
	for s := 0; s < g.n; s++ {
		if s == seat {
			continue
		}
		v.hands[s] = g.public[s]
		v.kept[s] = cardSet{}
	}
}

// IsView reports whether the game is a View (hidden cards missing).
func (g *Game) IsView() bool { return g.view != -2 }

// Determinize returns a full, playable game consistent with what seat
// sees: the cards it cannot see are dealt at random (from seed) to the
// other hands, their kept cards and the deck. Search AIs sample these.
// Undo history is not carried over.
func (g *Game) Determinize(seat int, seed uint64) *Game {
	d := g.View(seat)
	d.view = -2
	d.viewUndo = false
	d.rng = *engine.NewRand(seed ^ 0x5eed5eed5eed5eed)
	var seen cardSet
	for s := 0; s < d.n; s++ {
		seen = seen.or(d.hands[s])
	}
	for i := range d.combos {
		if d.combos[i].owner >= 0 {
			seen = seen.or(d.combos[i].cards)
		}
	}
	for _, c := range d.faceUp {
		if c >= 0 {
			seen.add(int(c))
		}
	}
	for i := 0; i < d.discardN; i++ {
		seen.add(int(d.discard[i]))
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
		if s == seat {
			continue
		}
		for k := d.hands[s].count(); k < d.handN[s] && n > 0; k++ {
			n--
			d.hands[s].add(int(unseen[n]))
		}
		// Cards already kept between rounds are some of that hand's cards.
		if d.keptN[s] > 0 {
			ids := d.hands[s].appendTo(nil)
			for i := 0; i < d.keptN[s] && i < len(ids); i++ {
				d.kept[s].add(ids[i])
			}
		}
	}
	d.deckN = 0
	for i := 0; i < n && d.deckN < NumCards; i++ {
		d.deck[d.deckN] = unseen[i]
		d.deckN++
	}
	return d
}
