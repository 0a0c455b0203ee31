package ai

import (
	"atheneum/engine/atheneum"
)

// normalPlayer is the greedy player: it values each choice by a one-step
// evaluation of its own shelves (see evaluator).
type normalPlayer struct {
	o   Options
	pol policy
}

func (p *normalPlayer) Level() string { return "normal" }

func (p *normalPlayer) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return atheneum.Action{}, ErrNothingToDo
	}
	return p.pol.decide(g, seat), nil
}

// policy is the greedy decision procedure, with buffers reused between
// decisions. It reads only what seat may see: its own hand and the public
// state. The zero value uses the default weights.
type policy struct {
	p     *params
	buf   []atheneum.Action
	ev    evaluator
	other evaluator
}

func (pol *policy) params() *params {
	if pol.p == nil {
		return &defaultParams
	}
	return pol.p
}

// decide returns seat's next action in g, a game the seat is waiting in
// (not hidden). It never returns Undo.
func (pol *policy) decide(g *atheneum.Game, seat int) atheneum.Action {
	if g.Step == atheneum.StepPick {
		return pol.pick(g, seat)
	}
	return pol.resolve(g, seat)
}

// pick chooses the card whose own section is worth most to the seat now,
// less a little of what it gives the neighbours.
func (pol *policy) pick(g *atheneum.Game, seat int) atheneum.Action {
	s := &g.Seats[seat]
	best, bestV := -1, -inf
	left, right := g.LeftOf(seat), g.RightOf(seat)
	for _, card := range s.Hand {
		c := &g.Content.Cards[card]
		v := pol.bundle(&pol.ev, g, seat, c.Sections[atheneum.SectionSelf], nil)
		if w := pol.params().neighbours; w > 0 {
			if left == right {
				v -= w * pol.bundle(&pol.other, g, left, c.Sections[atheneum.SectionToLeft], c.Sections[atheneum.SectionToRight])
			} else {
				v -= w * pol.bundle(&pol.other, g, left, c.Sections[atheneum.SectionToLeft], nil)
				v -= w * pol.bundle(&pol.other, g, right, c.Sections[atheneum.SectionToRight], nil)
			}
		}
		if v > bestV {
			best, bestV = card, v
		}
	}
	return atheneum.Action{Type: atheneum.ActPick, Seat: seat, Card: g.Content.Cards[best].Code}
}

// bundle values benefits a and b for seat: the books shelved greedily on
// a copy of its shelves, the rest at fixed worth.
func (pol *policy) bundle(e *evaluator, g *atheneum.Game, seat int, a, b []atheneum.Benefit) float64 {
	e.reset(pol.params(), g, seat)
	p := pol.params()
	v := 0.0
	sides := g.Seats[seat].SideShelves()
	for pass := 0; pass < 3; pass++ {
		// Bound books first, then coloured books, then books of any colour.
		for _, list := range [2][]atheneum.Benefit{a, b} {
			for _, be := range list {
				var col atheneum.Color
				only := atheneum.CompID(-1)
				switch {
				case pass == 0 && be.Kind == atheneum.BenefitCompartmentBook:
					col, only = atheneum.AnyColor, be.Comp
				case pass == 1 && be.Kind == atheneum.BenefitBook && be.Color != atheneum.AnyColor:
					col = be.Color
				case pass == 2 && be.Kind == atheneum.BenefitBook && be.Color == atheneum.AnyColor:
					col = atheneum.AnyColor
				default:
					continue
				}
				gain, at, k, ok := e.bestBook(col, only)
				if !ok {
					continue
				}
				v += gain
				t := e.comps[at.Comp]
				t.Cells[at.Level*t.Width+at.Space] = atheneum.Space{Color: k}
				e.set(at.Comp, &t)
			}
		}
	}
	for _, list := range [2][]atheneum.Benefit{a, b} {
		for _, be := range list {
			switch be.Kind {
			case atheneum.BenefitReshelve:
				v += p.reshelve * float64(be.N)
			case atheneum.BenefitSideShelf:
				if sides < atheneum.MaxSideShelves {
					if x, _, ok := e.bestSide(); ok {
						v += x
						sides++
					}
				}
			case atheneum.BenefitWand:
				v += e.wandValue()
			case atheneum.BenefitToken:
				v += e.tokenValue()
			case atheneum.BenefitPoints:
				v += float64(be.N)
			}
		}
	}
	return v
}

// resolve chooses the next resolve action: place side shelves, decide
// tokens and spiders, shelve every book that has a legal space, move books
// when it pays, then score objectives and finish.
func (pol *policy) resolve(g *atheneum.Game, seat int) atheneum.Action {
	s := &g.Seats[seat]
	pol.buf = g.AppendLegal(pol.buf[:0], seat)
	legal := pol.buf
	if s.Status == atheneum.StatusScoring {
		return pol.score(g, seat, legal)
	}
	e := &pol.ev
	e.reset(pol.params(), g, seat)

	// Side shelves: the best one of the supply.
	for _, a := range legal {
		if a.Type != atheneum.ActSideShelf {
			continue
		}
		_, id, ok := e.bestSide()
		if !ok {
			break
		}
		for _, b := range legal {
			if b.Type == atheneum.ActSideShelf && b.Item == a.Item && b.Shelf == id {
				return b
			}
		}
		return a
	}

	// Bonus tokens: a candle or the benefit, whichever is worth more.
	for i := range s.Held {
		it := &s.Held[i]
		if it.Kind != atheneum.ItemToken {
			continue
		}
		candle, slot := bestCandle(g, seat)
		benefit, usable := -inf, false
		for _, a := range legal {
			if a.Type == atheneum.ActToken && a.Item == it.ID && a.Use == atheneum.UseBenefit {
				usable = true
			}
		}
		if usable {
			benefit = pol.tokenBenefit(e, g, seat, it.Token)
		}
		if slot >= 0 && candle >= benefit {
			return atheneum.Action{Type: atheneum.ActToken, Seat: seat, Item: it.ID, Use: atheneum.UseCandle, Candle: slot}
		}
		if usable {
			return atheneum.Action{Type: atheneum.ActToken, Seat: seat, Item: it.ID, Use: atheneum.UseBenefit}
		}
	}

	// Spiders' rewards.
	for i := range s.Held {
		it := &s.Held[i]
		if it.Kind != atheneum.ItemSpider {
			continue
		}
		var best atheneum.Action
		bestV := -inf
		for _, a := range legal {
			if a.Type != atheneum.ActReward || a.Item != it.ID {
				continue
			}
			var v float64
			switch a.Reward {
			case atheneum.RewardWand:
				v = e.wandValue()
			case atheneum.RewardToken:
				v = e.tokenValue() - 0.05
			case atheneum.RewardBook:
				if gain, _, _, ok := e.bestBook(atheneum.AnyColor, -1); ok {
					v = gain
				}
			case atheneum.RewardSideShelf:
				if x, _, ok := e.bestSide(); ok {
					v = x
				}
			}
			if v > bestV {
				best, bestV = a, v
			}
		}
		if bestV > -inf {
			return best
		}
	}

	// Books and paired sets: the most constrained first, each at its best
	// space. Anything with a legal space is always shelved.
	if a, ok := pol.shelve(e, g, seat, legal); ok {
		return a
	}

	// Reshelving: move a book when its best other space is worth more.
	if s.Reshelves > 0 {
		if a, ok := pol.reshelve(e, g, seat, legal); ok {
			return a
		}
	}
	return pol.score(g, seat, legal)
}

// tokenBenefit values the benefit side of token tok.
func (pol *policy) tokenBenefit(e *evaluator, g *atheneum.Game, seat, tok int) float64 {
	t := g.Content.Tokens[tok]
	switch t.Kind {
	case atheneum.TokenWand:
		return e.wandValue()
	case atheneum.TokenPair:
		if gain, _, _, ok := e.bestPair(t.Colors[0], t.Colors[1]); ok {
			return gain
		}
		return 0
	case atheneum.TokenBook:
		if gain, _, _, ok := e.bestBook(atheneum.AnyColor, -1); ok {
			return gain
		}
		return 0
	case atheneum.TokenReshelve:
		return pol.params().reshelve * atheneum.ReshelveTokenCount
	case atheneum.TokenSideShelf:
		if x, _, ok := e.bestSide(); ok {
			return x
		}
	}
	return 0
}

// itemRank orders held pieces: bound books, pairs, coloured books, books of
// any colour.
func itemRank(it *atheneum.Item) int {
	switch {
	case it.Kind == atheneum.ItemBook && it.Bound:
		return 0
	case it.Kind == atheneum.ItemPair:
		return 1
	case it.Kind == atheneum.ItemBook && it.Color != atheneum.AnyColor:
		return 2
	case it.Kind == atheneum.ItemBook:
		return 3
	}
	return -1
}

// shelve places the most constrained held piece that has a legal space.
func (pol *policy) shelve(e *evaluator, g *atheneum.Game, seat int, legal []atheneum.Action) (atheneum.Action, bool) {
	s := &g.Seats[seat]
	for rank := 0; rank < 4; rank++ {
		var best atheneum.Action
		bestV := -inf
		for i := range s.Held {
			it := &s.Held[i]
			if itemRank(it) != rank || !hasShelve(legal, it.ID) {
				continue
			}
			var (
				gain float64
				a    atheneum.Action
				ok   bool
			)
			if it.Kind == atheneum.ItemPair {
				var at atheneum.Pos
				var flip bool
				gain, at, flip, ok = e.bestPair(it.Color, it.Color2)
				a = atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: it.ID, Flip: flip, At: at}
			} else {
				only := atheneum.CompID(-1)
				if it.Bound {
					only = it.Comp
				}
				var at atheneum.Pos
				var col atheneum.Color
				gain, at, col, ok = e.bestBook(it.Color, only)
				a = atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: it.ID, At: at}
				if it.Color == atheneum.AnyColor {
					a.Color = col
				}
			}
			if ok && gain > bestV && isLegal(legal, a) {
				best, bestV = a, gain
			}
		}
		if bestV > -inf {
			return best, true
		}
		// The evaluator's rules agree with the engine's, but should they
		// ever differ, take the first legal placement rather than drop a book.
		for i := range s.Held {
			if itemRank(&s.Held[i]) != rank {
				continue
			}
			for _, a := range legal {
				if a.Type == atheneum.ActShelve && a.Item == s.Held[i].ID {
					return a, true
				}
			}
		}
	}
	return atheneum.Action{}, false
}

func hasShelve(legal []atheneum.Action, item int) bool {
	for _, a := range legal {
		if a.Type == atheneum.ActShelve && a.Item == item {
			return true
		}
	}
	return false
}

func isLegal(legal []atheneum.Action, a atheneum.Action) bool {
	for _, b := range legal {
		if b == a {
			return true
		}
	}
	return false
}

// reshelve returns a removal whose piece has a better space elsewhere.
func (pol *policy) reshelve(e *evaluator, g *atheneum.Game, seat int, legal []atheneum.Action) (atheneum.Action, bool) {
	var best atheneum.Action
	bestV := pol.params().reshelveGain
	found := false
	for _, a := range legal {
		if a.Type != atheneum.ActRemove {
			continue
		}
		if v := pol.removeGain(e, a); v > bestV {
			best, bestV, found = a, v, true
		}
	}
	return best, found
}

// removeGain is what taking the piece at a.At off and shelving it at its
// best space would gain.
func (pol *policy) removeGain(e *evaluator, a atheneum.Action) float64 {
	id := a.At.Comp
	old := e.comps[id]
	sp := old.At(a.At.Level, a.At.Space)
	t := old
	pair := sp.Pair == atheneum.PairLeft
	c1, c2 := sp.Color, atheneum.NoColor
	t.Cells[a.At.Level*t.Width+a.At.Space] = atheneum.Space{}
	if pair {
		c2 = old.At(a.At.Level, a.At.Space+1).Color
		t.Cells[a.At.Level*t.Width+a.At.Space+1] = atheneum.Space{}
	}
	loss := e.delta(id, &t)
	e.set(id, &t)
	var gain float64
	var ok bool
	if pair {
		gain, _, _, ok = e.bestPair(c1, c2)
	} else {
		gain, _, _, ok = e.bestBook(c1, -1)
	}
	e.set(id, &old)
	if !ok {
		return -inf
	}
	return loss + gain
}

// score scores the best completable objective (those that give a wand back
// first), or finishes.
func (pol *policy) score(g *atheneum.Game, seat int, legal []atheneum.Action) atheneum.Action {
	var best atheneum.Action
	bestV := -inf
	for _, a := range legal {
		if a.Type != atheneum.ActScore {
			continue
		}
		o, _ := g.Content.ObjectiveIndex(a.Objective)
		obj := &g.Content.Objectives[o]
		v := float64(obj.Points)
		if obj.Wand && g.Seats[seat].WandSupply > 0 {
			v += 100
		}
		if v > bestV {
			best, bestV = a, v
		}
	}
	if bestV > -inf {
		return best
	}
	return atheneum.Action{Type: atheneum.ActDone, Seat: seat}
}

// scored is an action with the policy's estimate of its worth.
type scored struct {
	a atheneum.Action
	v float64
}

// alternatives lists up to m actions of the same kind as greedy (the
// policy's own choice, always first) that the policy rates highest: other
// spaces for the same book, the other uses of the same token or reward,
// other side shelves, or, when it would score or finish, every objective it
// could score and finishing at once (or moving a book first). A search
// compares them by play-outs.
func (pol *policy) alternatives(g *atheneum.Game, seat int, greedy atheneum.Action, m int) []atheneum.Action {
	pol.buf = g.AppendLegal(pol.buf[:0], seat)
	legal := pol.buf
	s := &g.Seats[seat]
	e := &pol.ev
	e.reset(pol.params(), g, seat)
	var list []scored
	switch greedy.Type {
	case atheneum.ActShelve:
		_, it := heldItem(s, greedy.Item)
		for _, a := range legal {
			if a.Type != atheneum.ActShelve || a.Item != greedy.Item || a == greedy {
				continue
			}
			c := e.comps[a.At.Comp]
			w := c.Width
			if it.Kind == atheneum.ItemPair {
				c1, c2 := it.Color, it.Color2
				if a.Flip {
					c1, c2 = c2, c1
				}
				c.Cells[a.At.Level*w+a.At.Space] = atheneum.Space{Color: c1, Pair: atheneum.PairLeft}
				c.Cells[a.At.Level*w+a.At.Space+1] = atheneum.Space{Color: c2, Pair: atheneum.PairRight}
			} else {
				col := it.Color
				if col == atheneum.AnyColor {
					col = a.Color
				}
				c.Cells[a.At.Level*w+a.At.Space] = atheneum.Space{Color: col}
			}
			list = append(list, scored{a, e.delta(a.At.Comp, &c)})
		}
	case atheneum.ActToken:
		candle, slot := bestCandle(g, seat)
		for _, a := range legal {
			if a.Type != atheneum.ActToken || a.Item != greedy.Item || a == greedy {
				continue
			}
			if a.Use == atheneum.UseCandle && a.Candle == slot {
				list = append(list, scored{a, candle})
			} else if a.Use == atheneum.UseBenefit {
				_, it := heldItem(s, a.Item)
				list = append(list, scored{a, pol.tokenBenefit(e, g, seat, it.Token)})
			}
		}
	case atheneum.ActReward:
		for _, a := range legal {
			if a.Type == atheneum.ActReward && a.Item == greedy.Item && a != greedy {
				list = append(list, scored{a, 0})
			}
		}
	case atheneum.ActSideShelf:
		for _, a := range legal {
			if a.Type != atheneum.ActSideShelf || a.Item != greedy.Item || a.Side != greedy.Side || a == greedy {
				continue
			}
			spec, _ := g.Content.SideShelf(a.Shelf)
			list = append(list, scored{a, e.sideValue(spec)})
		}
	case atheneum.ActScore, atheneum.ActDone:
		for _, a := range legal {
			if (a.Type == atheneum.ActScore || a.Type == atheneum.ActDone) && a != greedy {
				list = append(list, scored{a, 1})
			}
		}
		if s.Reshelves > 0 && s.Status == atheneum.StatusShelving {
			for _, a := range legal {
				if a.Type == atheneum.ActRemove {
					list = append(list, scored{a, pol.removeGain(e, a)})
				}
			}
		}
	case atheneum.ActRemove:
		list = append(list, scored{pol.score(g, seat, legal), 0})
	}
	// Best first (a stable insertion sort: the lists are short).
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].v > list[j-1].v; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	out := []atheneum.Action{greedy}
	for _, x := range list {
		if len(out) >= m {
			break
		}
		out = append(out, x.a)
	}
	return out
}

func heldItem(s *atheneum.Seat, id int) (int, *atheneum.Item) {
	for i := range s.Held {
		if s.Held[i].ID == id {
			return i, &s.Held[i]
		}
	}
	return -1, &atheneum.Item{}
}
