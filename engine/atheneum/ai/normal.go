package ai

import (
	"atheneum/engine"
)

// normalPlayer is the greedy player: it values each choice by a one-step
// evaluation of its own shelves (see evaluator).
type normalPlayer struct {
	o   Options
	pol policy
}

func (p *normalPlayer) Level() string { return "normal" }

func (p *normalPlayer) Propose(view *engine.Game, seat int) (engine.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return engine.Action{}, ErrNothingToDo
	}
	return p.pol.decide(g, seat), nil
}

// policy is the greedy decision procedure, with buffers reused between
// decisions. It reads only what seat may see: its own hand and the public
// state. The zero value uses the default weights.
type policy struct {
	p     *params
	buf   []engine.Action
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
func (pol *policy) decide(g *engine.Game, seat int) engine.Action {
	if g.Step == engine.StepPick {
		return pol.pick(g, seat)
	}
	return pol.resolve(g, seat)
}

// pick chooses the card whose own section is worth most to the seat now,
// less a little of what it gives the neighbours.
func (pol *policy) pick(g *engine.Game, seat int) engine.Action {
	s := &g.Seats[seat]
	best, bestV := -1, -inf
	left, right := g.LeftOf(seat), g.RightOf(seat)
	for _, card := range s.Hand {
		c := &g.Content.Cards[card]
		v := pol.bundle(&pol.ev, g, seat, c.Sections[engine.SectionSelf], nil)
		if w := pol.params().neighbours; w > 0 {
			if left == right {
				v -= w * pol.bundle(&pol.other, g, left, c.Sections[engine.SectionToLeft], c.Sections[engine.SectionToRight])
			} else {
				v -= w * pol.bundle(&pol.other, g, left, c.Sections[engine.SectionToLeft], nil)
				v -= w * pol.bundle(&pol.other, g, right, c.Sections[engine.SectionToRight], nil)
			}
		}
		if v > bestV {
			best, bestV = card, v
		}
	}
	return engine.Action{Type: engine.ActPick, Seat: seat, Card: g.Content.Cards[best].Code}
}

// bundle values benefits a and b for seat: the books shelved greedily on
// a copy of its shelves, the rest at fixed worth.
func (pol *policy) bundle(e *evaluator, g *engine.Game, seat int, a, b []engine.Benefit) float64 {
	e.reset(pol.params(), g, seat)
	p := pol.params()
	v := 0.0
	sides := g.Seats[seat].SideShelves()
	for pass := 0; pass < 3; pass++ {
		// Bound books first, then coloured books, then books of any colour.
		for _, list := range [2][]engine.Benefit{a, b} {
			for _, be := range list {
				var col engine.Color
				only := engine.CompID(-1)
				switch {
				case pass == 0 && be.Kind == engine.BenefitCompartmentBook:
					col, only = engine.AnyColor, be.Comp
				case pass == 1 && be.Kind == engine.BenefitBook && be.Color != engine.AnyColor:
					col = be.Color
				case pass == 2 && be.Kind == engine.BenefitBook && be.Color == engine.AnyColor:
					col = engine.AnyColor
				default:
					continue
				}
				gain, at, k, ok := e.bestBook(col, only)
				if !ok {
					continue
				}
				v += gain
				t := e.comps[at.Comp]
				t.Cells[at.Level*t.Width+at.Space] = engine.Space{Color: k}
				e.set(at.Comp, &t)
			}
		}
	}
	for _, list := range [2][]engine.Benefit{a, b} {
		for _, be := range list {
			switch be.Kind {
			case engine.BenefitReshelve:
				v += p.reshelve * float64(be.N)
			case engine.BenefitSideShelf:
				if sides < engine.MaxSideShelves {
					if x, _, ok := e.bestSide(); ok {
						v += x
						sides++
					}
				}
			case engine.BenefitWand:
				v += e.wandValue()
			case engine.BenefitToken:
				v += e.tokenValue()
			case engine.BenefitPoints:
				v += float64(be.N)
			}
		}
	}
	return v
}

// resolve chooses the next resolve action: place side shelves, decide
// tokens and spiders, shelve every book that has a legal space, move books
// when it pays, then score objectives and finish.
func (pol *policy) resolve(g *engine.Game, seat int) engine.Action {
	s := &g.Seats[seat]
	pol.buf = g.AppendLegal(pol.buf[:0], seat)
	legal := pol.buf
	if s.Status == engine.StatusScoring {
		return pol.score(g, seat, legal)
	}
	e := &pol.ev
	e.reset(pol.params(), g, seat)

	// Side shelves: the best one of the supply.
	for _, a := range legal {
		if a.Type != engine.ActSideShelf {
			continue
		}
		_, id, ok := e.bestSide()
		if !ok {
			break
		}
		for _, b := range legal {
			if b.Type == engine.ActSideShelf && b.Item == a.Item && b.Shelf == id {
				return b
			}
		}
		return a
	}

	// Bonus tokens: a candle or the benefit, whichever is worth more.
	for i := range s.Held {
		it := &s.Held[i]
		if it.Kind != engine.ItemToken {
			continue
		}
		candle, slot := bestCandle(g, seat)
		benefit, usable := -inf, false
		for _, a := range legal {
			if a.Type == engine.ActToken && a.Item == it.ID && a.Use == engine.UseBenefit {
				usable = true
			}
		}
		if usable {
			benefit = pol.tokenBenefit(e, g, seat, it.Token)
		}
		if slot >= 0 && candle >= benefit {
			return engine.Action{Type: engine.ActToken, Seat: seat, Item: it.ID, Use: engine.UseCandle, Candle: slot}
		}
		if usable {
			return engine.Action{Type: engine.ActToken, Seat: seat, Item: it.ID, Use: engine.UseBenefit}
		}
	}

	// Spiders' rewards.
	for i := range s.Held {
		it := &s.Held[i]
		if it.Kind != engine.ItemSpider {
			continue
		}
		var best engine.Action
		bestV := -inf
		for _, a := range legal {
			if a.Type != engine.ActReward || a.Item != it.ID {
				continue
			}
			var v float64
			switch a.Reward {
			case engine.RewardWand:
				v = e.wandValue()
			case engine.RewardToken:
				v = e.tokenValue() - 0.05
			case engine.RewardBook:
				if gain, _, _, ok := e.bestBook(engine.AnyColor, -1); ok {
					v = gain
				}
			case engine.RewardSideShelf:
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
func (pol *policy) tokenBenefit(e *evaluator, g *engine.Game, seat, tok int) float64 {
	t := g.Content.Tokens[tok]
	switch t.Kind {
	case engine.TokenWand:
		return e.wandValue()
	case engine.TokenPair:
		if gain, _, _, ok := e.bestPair(t.Colors[0], t.Colors[1]); ok {
			return gain
		}
		return 0
	case engine.TokenBook:
		if gain, _, _, ok := e.bestBook(engine.AnyColor, -1); ok {
			return gain
		}
		return 0
	case engine.TokenReshelve:
		return pol.params().reshelve * engine.ReshelveTokenCount
	case engine.TokenSideShelf:
		if x, _, ok := e.bestSide(); ok {
			return x
		}
	}
	return 0
}

// itemRank orders held pieces: bound books, pairs, coloured books, books of
// any colour.
func itemRank(it *engine.Item) int {
	switch {
	case it.Kind == engine.ItemBook && it.Bound:
		return 0
	case it.Kind == engine.ItemPair:
		return 1
	case it.Kind == engine.ItemBook && it.Color != engine.AnyColor:
		return 2
	case it.Kind == engine.ItemBook:
		return 3
	}
	return -1
}

// shelve places the most constrained held piece that has a legal space.
func (pol *policy) shelve(e *evaluator, g *engine.Game, seat int, legal []engine.Action) (engine.Action, bool) {
	s := &g.Seats[seat]
	for rank := 0; rank < 4; rank++ {
		var best engine.Action
		bestV := -inf
		for i := range s.Held {
			it := &s.Held[i]
			if itemRank(it) != rank || !hasShelve(legal, it.ID) {
				continue
			}
			var (
				gain float64
				a    engine.Action
				ok   bool
			)
			if it.Kind == engine.ItemPair {
				var at engine.Pos
				var flip bool
				gain, at, flip, ok = e.bestPair(it.Color, it.Color2)
				a = engine.Action{Type: engine.ActShelve, Seat: seat, Item: it.ID, Flip: flip, At: at}
			} else {
				only := engine.CompID(-1)
				if it.Bound {
					only = it.Comp
				}
				var at engine.Pos
				var col engine.Color
				gain, at, col, ok = e.bestBook(it.Color, only)
				a = engine.Action{Type: engine.ActShelve, Seat: seat, Item: it.ID, At: at}
				if it.Color == engine.AnyColor {
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
				if a.Type == engine.ActShelve && a.Item == s.Held[i].ID {
					return a, true
				}
			}
		}
	}
	return engine.Action{}, false
}

func hasShelve(legal []engine.Action, item int) bool {
	for _, a := range legal {
		if a.Type == engine.ActShelve && a.Item == item {
			return true
		}
	}
	return false
}

func isLegal(legal []engine.Action, a engine.Action) bool {
	for _, b := range legal {
		if b == a {
			return true
		}
	}
	return false
}

// reshelve returns a removal whose piece has a better space elsewhere.
func (pol *policy) reshelve(e *evaluator, g *engine.Game, seat int, legal []engine.Action) (engine.Action, bool) {
	var best engine.Action
	bestV := pol.params().reshelveGain
	found := false
	for _, a := range legal {
		if a.Type != engine.ActRemove {
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
func (pol *policy) removeGain(e *evaluator, a engine.Action) float64 {
	id := a.At.Comp
	old := e.comps[id]
	sp := old.At(a.At.Level, a.At.Space)
	t := old
	pair := sp.Pair == engine.PairLeft
	c1, c2 := sp.Color, engine.NoColor
	t.Cells[a.At.Level*t.Width+a.At.Space] = engine.Space{}
	if pair {
		c2 = old.At(a.At.Level, a.At.Space+1).Color
		t.Cells[a.At.Level*t.Width+a.At.Space+1] = engine.Space{}
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
func (pol *policy) score(g *engine.Game, seat int, legal []engine.Action) engine.Action {
	var best engine.Action
	bestV := -inf
	for _, a := range legal {
		if a.Type != engine.ActScore {
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
	return engine.Action{Type: engine.ActDone, Seat: seat}
}

// scored is an action with the policy's estimate of its worth.
type scored struct {
	a engine.Action
	v float64
}

// alternatives lists up to m actions of the same kind as greedy (the
// policy's own choice, always first) that the policy rates highest: other
// spaces for the same book, the other uses of the same token or reward,
// other side shelves, or, when it would score or finish, every objective it
// could score and finishing at once (or moving a book first). A search
// compares them by play-outs.
func (pol *policy) alternatives(g *engine.Game, seat int, greedy engine.Action, m int) []engine.Action {
	pol.buf = g.AppendLegal(pol.buf[:0], seat)
	legal := pol.buf
	s := &g.Seats[seat]
	e := &pol.ev
	e.reset(pol.params(), g, seat)
	var list []scored
	switch greedy.Type {
	case engine.ActShelve:
		_, it := heldItem(s, greedy.Item)
		for _, a := range legal {
			if a.Type != engine.ActShelve || a.Item != greedy.Item || a == greedy {
				continue
			}
			c := e.comps[a.At.Comp]
			w := c.Width
			if it.Kind == engine.ItemPair {
				c1, c2 := it.Color, it.Color2
				if a.Flip {
					c1, c2 = c2, c1
				}
				c.Cells[a.At.Level*w+a.At.Space] = engine.Space{Color: c1, Pair: engine.PairLeft}
				c.Cells[a.At.Level*w+a.At.Space+1] = engine.Space{Color: c2, Pair: engine.PairRight}
			} else {
				col := it.Color
				if col == engine.AnyColor {
					col = a.Color
				}
				c.Cells[a.At.Level*w+a.At.Space] = engine.Space{Color: col}
			}
			list = append(list, scored{a, e.delta(a.At.Comp, &c)})
		}
	case engine.ActToken:
		candle, slot := bestCandle(g, seat)
		for _, a := range legal {
			if a.Type != engine.ActToken || a.Item != greedy.Item || a == greedy {
				continue
			}
			if a.Use == engine.UseCandle && a.Candle == slot {
				list = append(list, scored{a, candle})
			} else if a.Use == engine.UseBenefit {
				_, it := heldItem(s, a.Item)
				list = append(list, scored{a, pol.tokenBenefit(e, g, seat, it.Token)})
			}
		}
	case engine.ActReward:
		for _, a := range legal {
			if a.Type == engine.ActReward && a.Item == greedy.Item && a != greedy {
				list = append(list, scored{a, 0})
			}
		}
	case engine.ActSideShelf:
		for _, a := range legal {
			if a.Type != engine.ActSideShelf || a.Item != greedy.Item || a.Side != greedy.Side || a == greedy {
				continue
			}
			spec, _ := g.Content.SideShelf(a.Shelf)
			list = append(list, scored{a, e.sideValue(spec)})
		}
	case engine.ActScore, engine.ActDone:
		for _, a := range legal {
			if (a.Type == engine.ActScore || a.Type == engine.ActDone) && a != greedy {
				list = append(list, scored{a, 1})
			}
		}
		if s.Reshelves > 0 && s.Status == engine.StatusShelving {
			for _, a := range legal {
				if a.Type == engine.ActRemove {
					list = append(list, scored{a, pol.removeGain(e, a)})
				}
			}
		}
	case engine.ActRemove:
		list = append(list, scored{pol.score(g, seat, legal), 0})
	}
	// Best first (a stable insertion sort: the lists are short).
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].v > list[j-1].v; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	out := []engine.Action{greedy}
	for _, x := range list {
		if len(out) >= m {
			break
		}
		out = append(out, x.a)
	}
	return out
}

func heldItem(s *engine.Seat, id int) (int, *engine.Item) {
	for i := range s.Held {
		if s.Held[i].ID == id {
			return i, &s.Held[i]
		}
	}
	return -1, &engine.Item{}
}
