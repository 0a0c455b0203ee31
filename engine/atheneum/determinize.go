package atheneum

import "slices"

// Determinize returns a playable game consistent with everything seat sees
// in g (a view for seat, or a full game, of which only seat's view is
// used), with the unknowns sampled reproducibly from seed: the hands seat
// may not look at (see Game.HandVisible: during the resolve step, seat's
// own new hand too), drawn from the cards seat cannot see, deck by deck;
// the secret picks of the seats that have picked (among their sampled
// hands); the order of both decks and of the objective deck, the bag's
// order and a fresh random generator. Computer players search such games. Pass Spectator for a seat
// that sees no hand. The result is never Hidden; its undo stacks are empty.
func (g *Game) Determinize(seat int, seed uint64) *Game {
	var d *Game
	if g.Hidden {
		d = g.Clone()
	} else {
		d = g.View(seat)
	}
	d.Hidden = false
	r := rng{state: seed ^ 0xd1ce5eed0b57ac1e}
	c := d.Content
	me := -1
	if seat >= 0 && seat < len(d.Seats) {
		me = seat
	}

	// The cards seat can see: the hands it may look at, the cards played
	// this turn and the discard pile.
	seen := make([]bool, len(c.Cards))
	for i := range d.Seats {
		if d.HandVisible(me, i) {
			for _, k := range d.Seats[i].Hand {
				seen[k] = true
			}
		}
		if p := d.Seats[i].Played; p >= 0 {
			seen[p] = true
		}
	}
	for _, k := range d.Discard {
		seen[k] = true
	}
	for deck := 0; deck < 2; deck++ {
		var unseen []int
		for k := range c.Cards {
			if c.Cards[k].Deck == deck && !seen[k] {
				unseen = append(unseen, k)
			}
		}
		shuffle(&r, unseen)
		if deck == d.Phase && d.Step != StepOver {
			for i := range d.Seats {
				if d.HandVisible(me, i) {
					continue
				}
				s := &d.Seats[i]
				n := min(s.HandCount, len(unseen))
				s.Hand = slices.Clone(unseen[:n])
				unseen = unseen[n:]
			}
		}
		n := min(d.DeckCounts[deck], len(unseen))
		d.Decks[deck] = slices.Clone(unseen[:n])
	}
	for i := range d.Seats {
		s := &d.Seats[i]
		s.Undo = nil
		if i != me && s.Status == StatusPicked && d.Step == StepPick && len(s.Hand) > 0 {
			s.Pick = s.Hand[r.intn(len(s.Hand))]
		}
	}

	// The objectives seat has not seen, in a sampled order.
	shown := make([]bool, len(c.Objectives))
	for _, slot := range d.Row {
		if slot.Objective >= 0 {
			shown[slot.Objective] = true
		}
	}
	for _, o := range d.ObjectiveDiscard {
		shown[o] = true
	}
	var objs []int
	for o := range c.Objectives {
		if !shown[o] {
			objs = append(objs, o)
		}
	}
	shuffle(&r, objs)
	d.ObjectiveDeck = objs[:min(d.ObjectiveCount, len(objs))]

	d.Bag = slices.Clone(d.Bag)
	shuffle(&r, d.Bag)
	d.Seed = seed
	d.RNG = r.next()
	d.syncCounts()
	return d
}
