package engine

// LegalActions lists every action seat may take now. The bot builds its
// menus from this list and the random players choose from it, so anything it
// lists must be accepted by Apply and anything Apply accepts must be listed.
func (g *Game) LegalActions(seat int) []Action {
	return g.AppendLegal(nil, seat)
}

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
		for i := range s.Held {
			dst = g.appendItemActions(dst, seat, &s.Held[i])
		}
		if s.Reshelves > 0 {
			dst = g.appendRemovals(dst, seat)
		}
		fallthrough
	case StatusScoring:
		for _, o := range g.Completable(seat) {
			dst = append(dst, Action{Type: ActScore, Seat: seat, Objective: g.Content.Objectives[o].Code})
		}
		dst = append(dst, Action{Type: ActDone, Seat: seat})
		if len(s.Undo) > 0 {
			dst = append(dst, Action{Type: ActUndo, Seat: seat})
		}
	}
	return dst
}

func (g *Game) appendItemActions(dst []Action, seat int, it *Item) []Action {
	s := &g.Seats[seat]
	switch it.Kind {
	case ItemBook:
		colors := []Color{NoColor}
		if it.Color == AnyColor {
			colors = Colors[:]
		}
		for id := CompID(0); id < NumComps; id++ {
			if it.Bound && id != it.Comp {
				continue
			}
			c := &s.Comps[id]
			if !c.Present {
				continue
			}
			for l := 0; l < c.Levels; l++ {
				for x := 0; x < c.Width; x++ {
					if !c.canPlace(l, x, 1) {
						continue
					}
					for _, col := range colors {
						dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, Color: col, At: Pos{id, l, x}})
					}
				}
			}
		}
	case ItemPair:
		flips := []bool{false, true}
		if it.Color == it.Color2 {
			flips = flips[:1]
		}
		for id := CompID(0); id < NumComps; id++ {
			c := &s.Comps[id]
			if !c.Present {
				continue
			}
			for l := 0; l < c.Levels; l++ {
				for x := 0; x+1 < c.Width; x++ {
					if !c.canPlace(l, x, 2) {
						continue
					}
					for _, f := range flips {
						dst = append(dst, Action{Type: ActShelve, Seat: seat, Item: it.ID, Flip: f, At: Pos{id, l, x}})
					}
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
		for _, side := range []Side{SideLeft, SideRight} {
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
