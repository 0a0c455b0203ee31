package exlibris

// What a game shows, for whoever draws or words it (its Discord face, its
// pictures, its computer players). In a View, hidden things read as
// unknown: a hand lists only the cards the viewer may see, a hidden
// category is -1.

// Place is one place of a collection.
type Place struct {
	Card int
	R, C int
	// FaceDown: turned down (voluntarily, by the check, or left over a
	// buried card's removal); its books do not count.
	FaceDown bool
	// Buried is the card buried under this one by the mummy, -1 if none.
	Buried int
}

// Occupant is an assistant on a tile.
type Occupant struct {
	Seat int
	// Kind is the special assistant's library, NoLibrary for a plain one.
	Kind Library
	Slot int
	// Shared: a ghost sharing the slot.
	Shared bool
}

// Hand lists seat's cards (in a view of another seat: those it may see).
func (g *Game) Hand(seat int) []int { return g.hand[seat].appendTo(nil) }

// HandSize is how many cards seat holds.
func (g *Game) HandSize(seat int) int { return int(g.handN[seat]) }

// Collection lists seat's places.
func (g *Game) Collection(seat int) []Place {
	var out []Place
	s := g.coll[seat]
	for c := s.first(); c >= 0; c = s.next(c) {
		p := Place{Card: c, R: int(g.posR[c]), C: int(g.posC[c]), FaceDown: g.down.has(c), Buried: int(g.under[c]) - 1}
		out = append(out, p)
	}
	return out
}

// CollectionSize counts the cards in seat's collection, buried ones too.
func (g *Game) CollectionSize(seat int) int { return g.collectionSize(seat) }

// TilesInPlay lists the tiles in play by number; permanent reports which
// of them stay from round to round.
func (g *Game) TilesInPlay() (tiles []Location, permanent []bool) {
	for l := Location(1); l <= NumLocations; l++ {
		if g.inPlay(l) {
			tiles = append(tiles, l)
			permanent = append(permanent, g.tiles[l].state == tPermanent)
		}
	}
	return tiles, permanent
}

// TileCards lists the cards on tile l that the game (or the view's seat)
// may see, and how many cards lie there in all.
func (g *Game) TileCards(l Location) (cards []int, count int) {
	if l < 1 || l > NumLocations {
		return nil, 0
	}
	return g.tiles[l].cards.appendTo(nil), int(g.tiles[l].cardN)
}

// Occupants lists the assistants on tile l in slot order.
func (g *Game) Occupants(l Location) []Occupant {
	if l < 1 || l > NumLocations {
		return nil
	}
	var out []Occupant
	g.occupants(l, func(id int8, slot int, ghost bool) {
		out = append(out, Occupant{Seat: aidSeat(id), Kind: Library(g.asstOf(id).kind), Slot: slot, Shared: ghost})
	})
	return out
}

// Home lists the kinds of seat's assistants on its home slots (-2 for a
// free slot).
func (g *Game) Home(seat int) [HomeSlots]Library {
	var out [HomeSlots]Library
	for h := range out {
		out[h] = -2
		if id := g.home[seat][h]; id != 0 {
			out[h] = Library(g.asstOf(id - 1).kind)
		}
	}
	return out
}

// Reserve lists the kinds of seat's assistants still to place this round.
func (g *Game) Reserve(seat int) []Library {
	var out []Library
	for i := 0; i < int(g.nAsst[seat]); i++ {
		if a := &g.asst[seat][i]; a.where == aReserve {
			out = append(out, Library(a.kind))
		}
	}
	return out
}

// LibraryOf is seat's library (NoLibrary in the beginner mode and during
// the draft).
func (g *Game) LibraryOf(seat int) Library { return g.lib[seat] }

// Speciality is seat's secret category (-1 where a view hides it).
func (g *Game) Speciality(seat int) Category { return g.spec[seat] }

// Popular and Banned are the table's two public categories.
func (g *Game) Popular() Category { return g.popular }

// Banned is the banned category.
func (g *Game) Banned() Category { return g.banned }

// PublicSpeciality is the solo public library's speciality (-1 hidden,
// and in a game of several seats).
func (g *Game) PublicSpeciality() Category { return g.publicSpec }

// Hints lists the categories shown to the solo player so far: none of
// them is the public library's speciality.
func (g *Game) Hints() []Category { return append([]Category(nil), g.hints[:g.hintsShown]...) }

// FirstPlayer is the seat holding the first player token.
func (g *Game) FirstPlayer() int { return int(g.first) }

// DeckSize is the number of cards in the deck.
func (g *Game) DeckSize() int { return int(g.deckN) }

// Discard lists the discard pile from the bottom up (the solo public
// library).
func (g *Game) Discard() []int {
	out := make([]int, g.discardN)
	for i := range out {
		out[i] = int(g.discard[i])
	}
	return out
}

// OnTable lists the cards turned over from the deck and not yet handed
// out (the den's, the brewery's, the witch's).
func (g *Game) OnTable() []int { return g.limbo.appendTo(nil) }

// LastRound reports whether the last round has been called, and by whose
// collection (-1: the round limit).
func (g *Game) LastRound() (called bool, by int) { return g.lastRound, int(g.trigger) }

// DraftPool lists the libraries on the table during the draft.
func (g *Game) DraftPool() []Library { return g.poolList() }

// The Append forms below give the same answers as Hand, Collection,
// TileCards and Occupants into buffers the caller keeps, for computer
// players and play-outs, which ask them at every decision.

// AppendHand appends the cards of seat's hand (in a view of another seat:
// those it may see), in id order.
func (g *Game) AppendHand(dst []int, seat int) []int { return g.hand[seat].appendTo(dst) }

// AppendCollection appends seat's places (see Collection).
func (g *Game) AppendCollection(dst []Place, seat int) []Place {
	s := g.coll[seat]
	for c := s.first(); c >= 0; c = s.next(c) {
		dst = append(dst, Place{Card: c, R: int(g.posR[c]), C: int(g.posC[c]), FaceDown: g.down.has(c), Buried: int(g.under[c]) - 1})
	}
	return dst
}

// AppendTileCards appends the cards on tile l that the game (or the
// view's seat) may see; TileCardCount counts them all.
func (g *Game) AppendTileCards(dst []int, l Location) []int {
	if l < 1 || l > NumLocations {
		return dst
	}
	return g.tiles[l].cards.appendTo(dst)
}

// TileCardCount is how many cards lie on tile l, seen or not.
func (g *Game) TileCardCount(l Location) int {
	if l < 1 || l > NumLocations {
		return 0
	}
	return int(g.tiles[l].cardN)
}

// AppendOccupants appends the assistants on tile l in slot order (see
// Occupants).
func (g *Game) AppendOccupants(dst []Occupant, l Location) []Occupant {
	if l < 1 || l > NumLocations {
		return dst
	}
	g.occupants(l, func(id int8, slot int, ghost bool) {
		dst = append(dst, Occupant{Seat: aidSeat(id), Kind: Library(g.asstOf(id).kind), Slot: slot, Shared: ghost})
	})
	return dst
}

// PlacedThisRound counts seat's assistants placed at least once this
// round (what the fortune teller's tent draws for), and ToPlace those
// still waiting in its reserve.
func (g *Game) PlacedThisRound(seat int) (placed, toPlace int) {
	for i := 0; i < int(g.nAsst[seat]); i++ {
		a := &g.asst[seat][i]
		if a.placed {
			placed++
		}
		if a.where == aReserve {
			toPlace++
		}
	}
	return placed, toPlace
}

// InPlay reports whether tile l is in play this round.
func (g *Game) InPlay(l Location) bool { return l >= 1 && l <= NumLocations && g.inPlay(l) }

// Scores are each seat's points by the inspection's rules if the game
// ended now, its collection as it stands (the alphabetical check applied,
// no card turned down by choice), for computer players weighing a
// position; solo: the public library's total as well.
func (g *Game) Scores() (seats [MaxSeats]int, public int) {
	c := g.scratch()
	for s := 0; s < c.n; s++ {
		for _, k := range c.outOfOrder(s) {
			c.down.add(k)
		}
	}
	if c.solo {
		for k := c.hand[0].first(); k >= 0; k = c.hand[0].next(k) {
			c.toDiscard(k)
		}
	}
	rows, pub := c.tally()
	for s := 0; s < c.n; s++ {
		seats[s] = rows[s].total
	}
	return seats, pub.total
}
