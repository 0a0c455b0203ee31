package atheneum

import (
	"math/bits"
	"sync"
)

// LegalActions lists every action seat may take now. The bot builds its
// menus from this list and the random players choose from it, so anything it
// lists must be accepted by Apply and anything Apply accepts must be listed.
func (g *Game) LegalActions(seat int) []Action {
	// Build in a pooled scratch buffer, then allocate once at the exact size.
	buf := legalBuffers.Get().(*[]Action)
	acts := g.AppendLegal((*buf)[:0], seat)
	var out []Action
	if len(acts) > 0 {
		out = make([]Action, len(acts))
		copy(out, acts)
	}
	*buf = acts[:0]
	legalBuffers.Put(buf)
	return out
}

// legalBuffers holds scratch slices for LegalActions.
var legalBuffers = sync.Pool{New: func() any { s := make([]Action, 0, 64); return &s }}

// AppendLegal appends seat's legal actions to dst (to reuse a buffer).
func (g *Game) AppendLegal(dst []Action, seat int) []Action {
	if seat < 0 || seat >= len(g.Seats) || g.Hidden {
		return dst
	}
	s := &g.Seats[seat]
	switch g.Step {
	case StepPick:
		for _, c := range s.Hand {
			dst = append(dst, Action{Type: ActPick, Seat: seat, Card: g.Content.Cards[c].Code})
		}
		return dst
	case StepResolve:
	default:
		return dst
	}
	switch s.Status {
	case StatusShelving:
		var fit placements
		for i := range s.Held {
			dst = g.appendItemActions(dst, seat, &s.Held[i], &fit)
		}
		if s.Reshelves > 0 {
			dst = g.appendRemovals(dst, seat)
		}
		fallthrough
	case StatusScoring:
		if s.Wands > 0 {
			for _, slot := range g.Row {
				if o := slot.Objective; o >= 0 && !s.HasScored(o) && g.Completes(seat, o) {
					dst = append(dst, Action{Type: ActScore, Seat: seat, Objective: g.Content.Objectives[o].Code})
				}
			}
		}
		dst = append(dst, Action{Type: ActDone, Seat: seat})
		if len(s.Undo) > 0 {
			dst = append(dst, Action{Type: ActUndo, Seat: seat})
		}
	}
	return dst
}

// placements caches, for one listing, the spaces of each compartment where
// a piece of width 1 or 2 may be shelved (bit level*Width+space), so that
// several held books share one pass over the shelves.
type placements struct {
	done  [2]bool
	masks [2][NumComps]uint16
}

// of returns the placement masks for pieces of the given width (1 or 2).
func (p *placements) of(s *Seat, width int) *[NumComps]uint16 {
	w := width - 1
	if !p.done[w] {
		p.done[w] = true
		for id := CompID(0); id < NumComps; id++ {
			p.masks[w][id] = s.Comps[id].placeMask(width)
		}
	}
	return &p.masks[w]
}

// placeMask is canPlace for every space at once, with one bit mask per
// level: bit level*Width+space is set where a piece of the given width (1
// or 2) may be shelved with its left end at that space.
func (c *Compartment) placeMask(width int) uint16 {
	if !c.Present || width > c.Width {
		return 0
	}
	full := uint16(1)<<c.Width - 1
	var m uint16
	below := full // level 0 stands on the shelf itself
	for l := 0; l < c.Levels; l++ {
		var occ uint16
		for x := 0; x < c.Width; x++ {
			if c.Cells[l*c.Width+x].Color != NoColor {
				occ |= 1 << x
			}
		}
		free := full &^ occ
		var ok uint16
		if width == 1 {
			// Empty, a book below, and a wall or a book on one side.
			support := uint16(1) | 1<<(c.Width-1) | occ<<1 | occ>>1
			ok = free & below & support
		} else {
			// Both spaces empty with books below, and a wall or a book at
			// one end of the pair (bit x stands for spaces x and x+1).
			support := uint16(1) | 1<<(c.Width-2) | occ<<1 | occ>>2
			ok = free & (free >> 1) & below & (below >> 1) & support & (full >> 1)
		}
		m |= ok << (l * c.Width)
		below = occ
	}
	return m
}

func (g *Game) appendItemActions(dst []Action, seat int, it *Item, fit *placements) []Action {
	s := &g.Seats[seat]
	switch it.Kind {
	case ItemBook:
		masks := fit.of(s, 1)
		for id := CompID(0); id < NumComps; id++ {
			if it.Bound && id != it.Comp {
				continue
			}
			w := s.Comps[id].Width
			for m := masks[id]; m != 0; m &= m - 1 {
				k := bits.TrailingZeros16(m)
				at := Pos{id, k / w, k % w}
				if it.Color != AnyColor {
					dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, At: at})
					continue
				}
				for _, col := range Colors {
					dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, Color: col, At: at})
				}
			}
		}
	case ItemPair:
		masks := fit.of(s, 2)
		for id := CompID(0); id < NumComps; id++ {
			w := s.Comps[id].Width
			for m := masks[id]; m != 0; m &= m - 1 {
				k := bits.TrailingZeros16(m)
				at := Pos{id, k / w, k % w}
				dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, At: at})
				if it.Color != it.Color2 {
					dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, Flip: true, At: at})
				}
			}
		}
	case ItemToken:
		for k := 0; k < NumCandles; k++ {
			if s.Candles[k] < 0 && g.CandleValue(seat, k) > 0 {
				dst = append(dst, Action{Type: ActToken, Seat: seat, Item: it.ID, Use: UseCandle, Candle: k})
			}
		}
		switch g.Content.Tokens[it.Token].Kind {
		case TokenWand:
			if s.WandSupply == 0 {
				return dst
			}
		case TokenSideShelf:
			if g.sideShelfProblem(seat) != nil {
				return dst
			}
		}
		dst = append(dst, Action{Type: ActToken, Seat: seat, Item: it.ID, Use: UseBenefit})
	case ItemSpider:
		for _, r := range Rewards {
			switch r {
			case RewardWand:
				if s.WandSupply == 0 {
					continue
				}
			case RewardToken:
				if len(g.Bag)+len(g.Used) == 0 {
					continue
				}
			case RewardSideShelf:
				if g.sideShelfProblem(seat) != nil {
					continue
				}
			}
			dst = append(dst, Action{Type: ActReward, Seat: seat, Item: it.ID, Reward: r})
		}
	case ItemSideShelf:
		for _, side := range [...]Side{SideLeft, SideRight} {
			if s.Comps[side.Comp()].Present {
				continue
			}
			for _, id := range g.SideSupply {
				dst = append(dst, Action{Type: ActSideShelf, Seat: seat, Item: it.ID, Shelf: id, Side: side})
			}
		}
	}
	return dst
}

func (g *Game) appendRemovals(dst []Action, seat int) []Action {
	s := &g.Seats[seat]
	for id := CompID(0); id < NumComps; id++ {
		c := &s.Comps[id]
		if !c.Present {
			continue
		}
		for l := 0; l < c.Levels; l++ {
			for x := 0; x < c.Width; x++ {
				sp := c.At(l, x)
				if sp.Color == NoColor || sp.Pair == PairRight {
					continue
				}
				if sp.Pair == PairLeft && s.Reshelves < 2 {
					continue
				}
				if c.canRemove(l, x) {
					dst = append(dst, Action{Type: ActRemove, Seat: seat, At: Pos{id, l, x}})
				}
			}
		}
	}
	return dst
}
