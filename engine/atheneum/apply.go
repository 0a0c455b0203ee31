package atheneum

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Apply validates a and, if it is legal, applies it to g and returns the
// events it caused. A refused action returns an *Error and leaves g exactly
// as it was.
func (g *Game) Apply(a Action) ([]Event, error) {
	buf := eventBuffers.Get().(*[]Event)
	ev, err := g.apply(a, (*buf)[:0])
	var out []Event
	if err == nil {
		// One allocation of the exact size; the scratch buffer goes back.
		out = make([]Event, len(ev))
		copy(out, ev)
		*buf = ev[:0]
	}
	eventBuffers.Put(buf)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Act is Apply without the events, for searches and play-outs that do not
// read them: it validates and applies a in the same way and allocates less.
func (g *Game) Act(a Action) error {
	buf := eventBuffers.Get().(*[]Event)
	ev, err := g.apply(a, (*buf)[:0])
	if err == nil {
		*buf = ev[:0]
	}
	eventBuffers.Put(buf)
	if err != nil {
		return err
	}
	return nil
}

// eventBuffers holds scratch slices that Apply builds events in before
// copying them out at their exact size (a Game may be used from any
// goroutine, so the scratch cannot live in it).
var eventBuffers = sync.Pool{New: func() any { return new([]Event) }}

// Play is the immutable form of Apply: it returns a new game and leaves g
// untouched.
func Play(g *Game, a Action) (*Game, []Event, error) {
	next := g.Clone()
	ev, err := next.Apply(a)
	if err != nil {
		return g, nil, err
	}
	return next, ev, nil
}

// Replay rebuilds a game from its configuration and actions. It stops at the
// first refused action and reports its index.
func Replay(cfg Config, actions []Action) (*Game, error) {
	g, err := NewGame(cfg)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if _, err := g.Apply(a); err != nil {
			return g, &ReplayError{Index: i, Action: a, Err: err}
		}
	}
	return g, nil
}

// ReplayError reports an action of a record that the rules refuse.
type ReplayError struct {
	Index  int
	Action Action
	Err    error
}

func (e *ReplayError) Error() string {
	return "action " + strconv.Itoa(e.Index) + " (" + e.Action.String() + ") was refused: " + e.Err.Error()
}

func (e *ReplayError) Unwrap() error { return e.Err }

// apply applies a, appending its events to ev, and counts the action.
func (g *Game) apply(a Action, ev []Event) ([]Event, *Error) {
	ev, err := g.applyRules(a, ev)
	if err != nil {
		return nil, err
	}
	g.Seq++
	g.Seats[a.Seat].Moves++
	return ev, nil
}

func (g *Game) applyRules(a Action, ev []Event) ([]Event, *Error) {
	switch {
	case g.Content == nil:
		return nil, errf(CodeNoContent, "this game has no content loaded")
	case g.Hidden:
		return nil, errf(CodeHiddenView, "a view of a game cannot be played on")
	case g.Step == StepOver:
		return nil, errf(CodeGameOver, "the game is over: see the final results")
	case a.Seat < 0 || a.Seat >= len(g.Seats):
		return nil, errf(CodeNoSuchSeat, "there is no seat %d in this game", a.Seat+1).with("Seat", a.Seat+1)
	}
	switch a.Type {
	case ActPick:
		return g.applyPick(a, ev)
	case ActShelve, ActRemove, ActToken, ActReward, ActSideShelf, ActScore, ActDone, ActUndo:
		return g.applyResolve(a, ev)
	}
	return nil, errf(CodeUnknownAction, "%q is not an action of this game", a.Type).with("Action", string(a.Type))
}

func (g *Game) applyPick(a Action, ev []Event) ([]Event, *Error) {
	if g.Step != StepPick {
		return nil, errf(CodeNotPicking, "cards are not being picked now: players are resolving their benefits")
	}
	s := &g.Seats[a.Seat]
	idx, ok := g.Content.CardIndex(a.Card)
	if !ok || !slices.Contains(s.Hand, idx) {
		return nil, errf(CodeNotInHand, "%q is not in your hand: pick one of %s", a.Card, g.handCodes(a.Seat)).with("Card", a.Card).with("Hand", g.handCodes(a.Seat))
	}
	s.Pick = idx
	s.Status = StatusPicked
	ev = append(ev, Event{Type: EvPicked, Seat: a.Seat})
	for i := range g.Seats {
		if g.Seats[i].Status != StatusPicked {
			return ev, nil
		}
	}
	return g.reveal(ev), nil
}

func (g *Game) handCodes(seat int) string {
	codes := make([]string, 0, len(g.Seats[seat].Hand))
	for _, c := range g.Seats[seat].Hand {
		codes = append(codes, g.CardCode(c))
	}
	return strings.Join(codes, ", ")
}

// reveal turns the picks over, passes the hands and hands out benefits.
func (g *Game) reveal(ev []Event) []Event {
	n := len(g.Seats)
	for i := range g.Seats {
		s := &g.Seats[i]
		s.Played = s.Pick
		s.Pick = -1
		s.Hand = slices.DeleteFunc(s.Hand, func(c int) bool { return c == s.Played })
		ev = append(ev, Event{Type: EvRevealed, Seat: i, Card: g.CardCode(s.Played)})
	}
	if g.Turn == TurnsPerPhase {
		for i := range g.Seats {
			g.Discard = append(g.Discard, g.Seats[i].Hand...)
			g.Seats[i].Hand = nil
		}
	} else {
		hands := make([][]int, n)
		for i := range g.Seats {
			hands[g.PassesTo(i)] = g.Seats[i].Hand
		}
		for i := range g.Seats {
			g.Seats[i].Hand = hands[i]
		}
	}
	for i := range g.Seats {
		s := &g.Seats[i]
		s.Status = StatusShelving
		s.Held = nil
		s.Reshelves = 0
		s.NextItem = 0
		s.Undo = s.Undo[:0]
	}
	g.Step = StepResolve
	for i := range g.Seats {
		left, right := g.LeftOf(i), g.RightOf(i)
		sources := [3]struct {
			from int
			sec  Section
		}{{i, SectionSelf}, {left, SectionToRight}, {right, SectionToLeft}}
		for _, src := range sources {
			card := &g.Content.Cards[g.Seats[src.from].Played]
			for _, b := range card.Sections[src.sec] {
				ev = append(ev, Event{Type: EvReceived, Seat: i, From: src.from, Card: card.Code, Benefit: b.String()})
				ev = g.grant(i, b, src.from, ev)
			}
		}
	}
	g.syncCounts()
	return ev
}

// grant gives seat i one benefit from a card.
func (g *Game) grant(i int, b Benefit, from int, ev []Event) []Event {
	s := &g.Seats[i]
	switch b.Kind {
	case BenefitBook:
		s.addItem(Item{Kind: ItemBook, Color: b.Color, From: from})
	case BenefitCompartmentBook:
		s.addItem(Item{Kind: ItemBook, Color: AnyColor, Bound: true, Comp: b.Comp, From: from})
	case BenefitReshelve:
		s.Reshelves += b.N
	case BenefitSideShelf:
		if g.sideShelfProblem(i) != nil {
			ev = append(ev, Event{Type: EvSideShelfLost, Seat: i})
		} else {
			s.addItem(Item{Kind: ItemSideShelf, From: from})
		}
	case BenefitWand:
		ev = g.gainWand(i, ev)
	case BenefitToken:
		var tok int
		tok, ev = g.drawToken(i, ev)
		if tok >= 0 {
			s.addItem(Item{Kind: ItemToken, Token: tok, From: from})
		}
	case BenefitPoints:
		s.CardPoints += b.N
		ev = append(ev, Event{Type: EvPoints, Seat: i, Points: b.N, Card: g.CardCode(g.Seats[from].Played)})
	}
	return ev
}

func (g *Game) gainWand(i int, ev []Event) []Event {
	s := &g.Seats[i]
	if s.WandSupply == 0 {
		return append(ev, Event{Type: EvWandLost, Seat: i})
	}
	s.WandSupply--
	s.Wands++
	return append(ev, Event{Type: EvWandGained, Seat: i})
}

// drawToken draws a bonus token at random, refilling the bag from the used
// tokens when it is empty. It returns -1 when no token is left anywhere.
func (g *Game) drawToken(seat int, ev []Event) (int, []Event) {
	if len(g.Bag) == 0 {
		if len(g.Used) == 0 {
			return -1, ev
		}
		g.Bag, g.Used = g.Used, nil
		ev = append(ev, Event{Type: EvBagRefilled, Seat: -1, N: len(g.Bag)})
	}
	r := rng{state: g.RNG}
	k := r.intn(len(g.Bag))
	g.RNG = r.state
	tok := g.Bag[k]
	g.Bag = slices.Delete(g.Bag, k, k+1)
	return tok, append(ev, Event{Type: EvTokenDrawn, Seat: seat, Token: tok})
}

func (g *Game) sideShelfProblem(i int) *Error {
	if g.Seats[i].SideShelves() >= MaxSideShelves {
		return errf(CodeSideShelvesFull, "you already have %d side shelves, the most allowed", MaxSideShelves).with("Count", MaxSideShelves)
	}
	if len(g.SideSupply) == 0 {
		return errf(CodeSideSupplyEmpty, "the side-shelf supply is empty")
	}
	return nil
}

func (g *Game) applyResolve(a Action, ev []Event) ([]Event, *Error) {
	if g.Step != StepResolve {
		return nil, errf(CodeNotResolving, "benefits are not being resolved now: players are picking their cards")
	}
	s := &g.Seats[a.Seat]
	if s.Status == StatusDone {
		return nil, errf(CodeSeatFinished, "you have already finished this turn; the others are still resolving")
	}
	switch a.Type {
	case ActDone:
		return g.applyDone(a.Seat, ev), nil
	case ActUndo:
		return g.applyUndo(a.Seat, ev)
	case ActScore:
	default:
		if s.Status == StatusScoring {
			return nil, errf(CodeScoring, "you have started scoring objectives, so shelving is over for this turn: score another objective or press Done")
		}
	}
	entry := s.undoEntry()
	var (
		err     *Error
		barrier bool
	)
	switch a.Type {
	case ActShelve:
		ev, err = g.applyShelve(a, &entry, ev)
	case ActRemove:
		ev, err = g.applyRemove(a, &entry, ev)
	case ActToken:
		ev, err = g.applyToken(a, &entry, ev)
	case ActReward:
		ev, err, barrier = g.applyReward(a, ev)
	case ActSideShelf:
		ev, err = g.applySideShelf(a, &entry, ev)
	case ActScore:
		ev, err = g.applyScore(a, &entry, ev)
	}
	if err != nil {
		return nil, err
	}
	if barrier {
		// A token drawn from the bag is seen: nothing before it can be undone.
		// (The stack keeps its array for the rest of the game.)
		s.Undo = s.Undo[:0]
	} else {
		if s.Undo == nil {
			// The stack keeps its array from turn to turn; most turns need
			// fewer than eight entries.
			s.Undo = make([]UndoEntry, 0, 8)
		}
		s.Undo = append(s.Undo, entry)
	}
	return ev, nil
}

func (g *Game) heldItem(seat, id int) (int, *Item, *Error) {
	i, it := g.Seats[seat].item(id)
	if it == nil {
		return -1, nil, errf(CodeNoSuchItem, "you no longer hold that item: it was used, or the turn has moved on")
	}
	return i, it, nil
}

func (g *Game) compartment(seat int, id CompID) (*Compartment, *Error) {
	if id < 0 || int(id) >= NumComps {
		return nil, errf(CodeNoSuchCompartment, "there is no compartment %s", id).with("Name", id.String())
	}
	c := &g.Seats[seat].Comps[id]
	if !c.Present {
		return nil, missingSideShelf(id)
	}
	return c, nil
}

func (g *Game) applyShelve(a Action, entry *UndoEntry, ev []Event) ([]Event, *Error) {
	s := &g.Seats[a.Seat]
	idx, it, err := g.heldItem(a.Seat, a.Item)
	if err != nil {
		return nil, err
	}
	c, err := g.compartment(a.Seat, a.At.Comp)
	if err != nil {
		return nil, err
	}
	var cells [2]Space
	width := 1
	switch it.Kind {
	case ItemBook:
		if a.Flip {
			return nil, errf(CodeFlipNotPair, "only a paired set can be turned around")
		}
		col := it.Color
		if col == AnyColor {
			if !a.Color.IsBook() {
				return nil, errf(CodeChooseColor, "choose a colour for this book")
			}
			col = a.Color
		} else if a.Color != NoColor && a.Color != col {
			return nil, errf(CodeWrongColor, "that book is %s, not %s", col, a.Color).with("Color", col).with("Chosen", a.Color)
		}
		if it.Bound && a.At.Comp != it.Comp {
			return nil, errf(CodeWrongCompart, "this book may only go in %s", it.Comp.Long()).with("Compartment", it.Comp)
		}
		cells[0] = Space{Color: col}
	case ItemPair:
		if a.Color != NoColor {
			return nil, errf(CodePairColor, "a paired set's colours are printed on it and cannot be chosen")
		}
		width = 2
		c1, c2 := it.Color, it.Color2
		if a.Flip {
			c1, c2 = c2, c1
		}
		cells[0], cells[1] = Space{Color: c1, Pair: PairLeft}, Space{Color: c2, Pair: PairRight}
	default:
		return nil, errf(CodeNotABook, "%s is not a book to shelve", it.Describe(g.Content)).with("Item", it.Kind)
	}
	if p := c.placeProblem(a.At.Comp, a.At.Level, a.At.Space, width); p != nil {
		return nil, p
	}
	entry.keepComp(a.At.Comp, c)
	for k := 0; k < width; k++ {
		c.Cells[a.At.Level*c.Width+a.At.Space+k] = cells[k]
	}
	s.dropItem(idx)
	ev = append(ev, Event{Type: EvShelved, Seat: a.Seat, At: a.At, Color: cells[0].Color, N: width})
	if c.Spider && c.Full() {
		c.Spider = false
		s.addItem(Item{Kind: ItemSpider, From: -1})
		ev = append(ev, Event{Type: EvSpiderCaptured, Seat: a.Seat, Comp: a.At.Comp})
	}
	return ev, nil
}

func (g *Game) applyRemove(a Action, entry *UndoEntry, ev []Event) ([]Event, *Error) {
	s := &g.Seats[a.Seat]
	c, err := g.compartment(a.Seat, a.At.Comp)
	if err != nil {
		return nil, err
	}
	if p := c.removeProblem(a.At.Comp, a.At.Level, a.At.Space); p != nil {
		return nil, p
	}
	x0, w := c.piece(a.At.Level, a.At.Space)
	if s.Reshelves < w {
		if s.Reshelves == 0 {
			return nil, errf(CodeNoReshelve, "you have no reshelving left this turn")
		}
		return nil, errf(CodePairReshelve, "moving a paired set uses 2 reshelves and you have %d left", s.Reshelves)
	}
	first, second := c.At(a.At.Level, x0), Space{}
	if w == 2 {
		second = c.At(a.At.Level, x0+1)
	}
	entry.keepComp(a.At.Comp, c)
	c.clear(a.At.Level, x0, w)
	s.Reshelves -= w
	at := Pos{a.At.Comp, a.At.Level, x0}
	if w == 2 {
		s.addItem(Item{Kind: ItemPair, Color: first.Color, Color2: second.Color, From: -1, Reshelved: true})
	} else {
		s.addItem(Item{Kind: ItemBook, Color: first.Color, From: -1, Reshelved: true})
	}
	return append(ev, Event{Type: EvRemoved, Seat: a.Seat, At: at, Color: first.Color, N: w}), nil
}

func (g *Game) applyToken(a Action, entry *UndoEntry, ev []Event) ([]Event, *Error) {
	s := &g.Seats[a.Seat]
	idx, it, err := g.heldItem(a.Seat, a.Item)
	if err != nil {
		return nil, err
	}
	if it.Kind != ItemToken {
		return nil, errf(CodeNotAToken, "%s is not a bonus token", it.Describe(g.Content)).with("Item", it.Kind)
	}
	tokID := it.Token
	switch a.Use {
	case UseCandle:
		if g.CandleValue(a.Seat, a.Candle) == 0 {
			return nil, errf(CodeNoCandle, "there is no candle space %d on your shelves", a.Candle+1).with("Candle", a.Candle+1)
		}
		if s.Candles[a.Candle] >= 0 {
			return nil, errf(CodeCandleTaken, "candle space %d already has a candle", a.Candle+1).with("Candle", a.Candle+1)
		}
		entry.Candle = a.Candle
		s.Candles[a.Candle] = tokID
		s.dropItem(idx)
		return append(ev, Event{Type: EvCandlePlaced, Seat: a.Seat, Token: tokID, Candle: a.Candle}), nil
	case UseBenefit:
	default:
		return nil, errf(CodeTokenUse, "a bonus token is used either as a candle or for its benefit")
	}
	tok := g.Content.Tokens[tokID]
	switch tok.Kind {
	case TokenWand:
		if s.WandSupply == 0 {
			return nil, errf(CodeTokenNoWand, "your wand supply is empty, so this token can only become a candle")
		}
	case TokenSideShelf:
		if p := g.sideShelfProblem(a.Seat); p != nil {
			if p.Code == CodeSideShelvesFull {
				return nil, errf(CodeTokenSideShelvesFull, "%s, so this token can only become a candle", p.Message).with("Count", MaxSideShelves)
			}
			return nil, errf(CodeTokenSideSupplyEmpty, "%s, so this token can only become a candle", p.Message)
		}
	}
	s.dropItem(idx)
	g.Used = append(g.Used, tokID)
	entry.TokenUsed = tokID
	ev = append(ev, Event{Type: EvTokenUsed, Seat: a.Seat, Token: tokID})
	switch tok.Kind {
	case TokenWand:
		ev = g.gainWand(a.Seat, ev)
	case TokenPair:
		s.addItem(Item{Kind: ItemPair, Color: tok.Colors[0], Color2: tok.Colors[1], From: -1})
	case TokenBook:
		s.addItem(Item{Kind: ItemBook, Color: AnyColor, From: -1})
	case TokenReshelve:
		s.Reshelves += ReshelveTokenCount
	case TokenSideShelf:
		s.addItem(Item{Kind: ItemSideShelf, From: -1})
	}
	return ev, nil
}

func (g *Game) applyReward(a Action, ev []Event) ([]Event, *Error, bool) {
	s := &g.Seats[a.Seat]
	idx, it, err := g.heldItem(a.Seat, a.Item)
	if err != nil {
		return nil, err, false
	}
	if it.Kind != ItemSpider {
		return nil, errf(CodeNotAReward, "%s is not a spider's reward", it.Describe(g.Content)).with("Item", it.Kind), false
	}
	ev = append(ev, Event{Type: EvRewardChosen, Seat: a.Seat, Reward: a.Reward})
	switch a.Reward {
	case RewardWand:
		if s.WandSupply == 0 {
			return nil, errf(CodeRewardNoWand, "your wand supply is empty: choose another reward"), false
		}
		s.dropItem(idx)
		return g.gainWand(a.Seat, ev), nil, false
	case RewardToken:
		if len(g.Bag)+len(g.Used) == 0 {
			return nil, errf(CodeRewardNoToken, "no bonus token is left to draw: choose another reward"), false
		}
		s.dropItem(idx)
		var tok int
		tok, ev = g.drawToken(a.Seat, ev)
		s.addItem(Item{Kind: ItemToken, Token: tok, From: -1})
		return ev, nil, true
	case RewardBook:
		s.dropItem(idx)
		s.addItem(Item{Kind: ItemBook, Color: AnyColor, From: -1})
		return ev, nil, false
	case RewardSideShelf:
		if p := g.sideShelfProblem(a.Seat); p != nil {
			if p.Code == CodeSideShelvesFull {
				return nil, errf(CodeRewardSideShelvesFull, "%s: choose another reward", p.Message).with("Count", MaxSideShelves), false
			}
			return nil, errf(CodeRewardSideSupplyEmpty, "%s: choose another reward", p.Message), false
		}
		s.dropItem(idx)
		s.addItem(Item{Kind: ItemSideShelf, From: -1})
		return ev, nil, false
	}
	return nil, errf(CodeUnknownReward, "a spider's reward is a wand, a bonus token, a book or a side shelf"), false
}

func (g *Game) applySideShelf(a Action, entry *UndoEntry, ev []Event) ([]Event, *Error) {
	s := &g.Seats[a.Seat]
	idx, it, err := g.heldItem(a.Seat, a.Item)
	if err != nil {
		return nil, err
	}
	if it.Kind != ItemSideShelf {
		return nil, errf(CodeNotASideShelf, "%s is not a side shelf", it.Describe(g.Content)).with("Item", it.Kind)
	}
	if a.Side != SideLeft && a.Side != SideRight {
		return nil, errf(CodeUnknownSide, "a side shelf goes on the left or on the right of your main shelf")
	}
	slot := a.Side.Comp()
	if s.Comps[slot].Present {
		return nil, errf(CodeSideTaken, "you already have a side shelf on the %s", a.Side).with("Side", a.Side)
	}
	k := slices.Index(g.SideSupply, a.Shelf)
	if k < 0 {
		return nil, errf(CodeSideShelfGone, "side shelf S%d is not in the supply", a.Shelf).with("Shelf", a.Shelf)
	}
	spec, _ := g.Content.SideShelf(a.Shelf)
	g.SideSupply = slices.Delete(g.SideSupply, k, k+1)
	entry.SideTaken = a.Shelf
	entry.keepComp(slot, &s.Comps[slot])
	s.Comps[slot] = Compartment{Present: true, SideShelf: a.Shelf, Width: spec.Width, Levels: spec.Levels, Spider: true}
	s.dropItem(idx)
	return append(ev, Event{Type: EvSideShelfPlaced, Seat: a.Seat, Comp: slot, N: a.Shelf}), nil
}

func (g *Game) applyScore(a Action, entry *UndoEntry, ev []Event) ([]Event, *Error) {
	s := &g.Seats[a.Seat]
	o, ok := g.Content.ObjectiveIndex(a.Objective)
	slot := -1
	for k := range g.Row {
		if ok && g.Row[k].Objective == o {
			slot = k
		}
	}
	if slot < 0 {
		return nil, errf(CodeObjectiveNotInRow, "objective %q is not in the row now", a.Objective).with("Objective", a.Objective)
	}
	if s.HasScored(o) {
		return nil, errf(CodeObjectiveScored, "you have already scored %s", a.Objective).with("Objective", a.Objective)
	}
	if s.Wands == 0 {
		return nil, errf(CodeNoWand, "you have no wand left: scoring an objective costs one")
	}
	if !g.Completes(a.Seat, o) {
		return nil, errf(CodeObjectiveIncomplete, "your shelves do not show %s's configuration yet", a.Objective).with("Objective", a.Objective)
	}
	obj := &g.Content.Objectives[o]
	s.Wands--
	g.Row[slot].Wands = append(g.Row[slot].Wands, a.Seat)
	s.Scored = append(s.Scored, o)
	s.ObjectivePoints += obj.Points
	s.Status = StatusScoring
	entry.WandOn = obj.Code
	ev = append(ev, Event{Type: EvObjectiveScored, Seat: a.Seat, Objective: obj.Code, Points: obj.Points, Wand: obj.Wand})
	if obj.Wand {
		ev = g.gainWand(a.Seat, ev)
	}
	return ev, nil
}

func (g *Game) applyUndo(seat int, ev []Event) ([]Event, *Error) {
	s := &g.Seats[seat]
	if len(s.Undo) == 0 {
		return nil, errf(CodeNothingUndo, "there is nothing to undo this turn (a bonus token drawn from the bag cannot be put back)")
	}
	stack := s.Undo
	e := stack[len(stack)-1]
	before := s.Score()
	if e.WandOn != "" {
		o, _ := g.Content.ObjectiveIndex(e.WandOn)
		for k := range g.Row {
			if g.Row[k].Objective != o {
				continue
			}
			if i := slices.Index(g.Row[k].Wands, seat); i >= 0 {
				g.Row[k].Wands = slices.Delete(slices.Clone(g.Row[k].Wands), i, i+1)
			}
		}
	}
	// Moves is not restored: it stays monotonic, so menus from before the
	// undo stay stale.
	e.restore(s)
	s.Undo = stack[:len(stack)-1]
	if id := e.SideTaken; id >= 0 {
		g.SideSupply = append(g.SideSupply, id)
		slices.Sort(g.SideSupply)
	}
	if t := e.TokenUsed; t >= 0 {
		if k := slices.Index(g.Used, t); k >= 0 {
			g.Used = slices.Delete(g.Used, k, k+1)
		} else if k := slices.Index(g.Bag, t); k >= 0 {
			g.Bag = slices.Delete(g.Bag, k, k+1)
		}
	}
	return append(ev, Event{Type: EvUndone, Seat: seat, Points: s.Score() - before}), nil
}

func (g *Game) applyDone(seat int, ev []Event) []Event {
	s := &g.Seats[seat]
	if len(s.Held) > 0 {
		for _, it := range s.Held {
			if it.Kind == ItemToken {
				g.Used = append(g.Used, it.Token)
			}
		}
		ev = append(ev, Event{Type: EvItemsLost, Seat: seat, N: len(s.Held)})
	}
	s.Held = nil
	s.Reshelves = 0
	s.Undo = s.Undo[:0]
	s.Status = StatusDone
	ev = append(ev, Event{Type: EvSeatDone, Seat: seat})
	for i := range g.Seats {
		if g.Seats[i].Status != StatusDone {
			return ev
		}
	}
	return g.cleanup(ev)
}

// cleanup ends the turn: the rightmost objective leaves (its wands go back
// to their owners' supplies), the row slides right, a new objective enters on
// the left, played cards are discarded, and the next turn, phase or final
// scoring begins.
func (g *Game) cleanup(ev []Event) []Event {
	last := g.Row[RowSize-1]
	if last.Objective >= 0 {
		for _, seat := range last.Wands {
			g.Seats[seat].WandSupply++
		}
		g.ObjectiveDiscard = append(g.ObjectiveDiscard, last.Objective)
		ev = append(ev, Event{Type: EvObjectiveLeft, Seat: -1, Objective: g.Content.Objectives[last.Objective].Code, N: len(last.Wands)})
	}
	copy(g.Row[1:], g.Row[:RowSize-1])
	g.Row[0] = RowSlot{Objective: -1}
	if len(g.ObjectiveDeck) > 0 {
		g.Row[0].Objective = g.ObjectiveDeck[0]
		g.ObjectiveDeck = g.ObjectiveDeck[1:]
		ev = append(ev, Event{Type: EvObjectiveDrawn, Seat: -1, Objective: g.Content.Objectives[g.Row[0].Objective].Code})
	}
	for i := range g.Seats {
		g.Discard = append(g.Discard, g.Seats[i].Played)
		g.Seats[i].Played = -1
	}
	switch {
	case g.Turn == TurnsPerPhase && g.Phase == 1:
		ev = g.finish(ev)
		g.syncCounts()
		return ev
	case g.Turn == TurnsPerPhase:
		g.Phase, g.Turn = 1, 1
		g.deal()
		ev = append(ev, Event{Type: EvPhaseStarted, Seat: -1, Phase: 1, Turn: 1})
	default:
		g.Turn++
		for i := range g.Seats {
			g.Seats[i].Status = StatusPicking
		}
	}
	g.Step = StepPick
	g.syncCounts()
	return append(ev, Event{Type: EvTurnStarted, Seat: -1, Phase: g.Phase, Turn: g.Turn})
}
