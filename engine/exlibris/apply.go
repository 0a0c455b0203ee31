package exlibris

import "strconv"

// Awaited lists the seats whose decision the game waits for, in seat
// order: one seat, or several in a shared step (the final flips, the
// brewery's archiving); none once the game is over.
func (g *Game) Awaited() []int { return g.AppendAwaited(nil) }

// AppendAwaited appends the seats Awaited lists, for callers that reuse a
// buffer.
func (g *Game) AppendAwaited(dst []int) []int {
	t := g.top()
	if g.over || t == nil || t.ask == askNone {
		return dst
	}
	if t.ask.parallel() {
		for s := 0; s < g.n; s++ {
			if t.mask&(1<<s) != 0 {
				dst = append(dst, s)
			}
		}
		return dst
	}
	return append(dst, int(t.who))
}

// awaitedMask is the set of the seats Awaited lists, seat s at bit s.
func (g *Game) awaitedMask() uint8 {
	t := g.top()
	if g.over || t == nil || t.ask == askNone {
		return 0
	}
	if t.ask.parallel() {
		return t.mask & (uint8(1)<<g.n - 1)
	}
	return uint8(1) << t.who
}

// StepKey names the current step: "r3.s41" (round 3, the 41st step of
// the game; r0 during the library draft), "over" at the end. It changes
// whenever a decision is taken, except within a shared step, which it
// names until every seat in it is done.
func (g *Game) StepKey() string {
	if g.over {
		return "over"
	}
	b := make([]byte, 0, 16)
	b = append(b, 'r')
	b = strconv.AppendInt(b, int64(g.round), 10)
	b = append(b, ".s"...)
	b = strconv.AppendInt(b, int64(g.steps), 10)
	return string(b)
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Round is the round under way (0 during the library draft).
func (g *Game) Round() int { return int(g.round) }

// check refuses a move of a seat that cannot move now.
func (g *Game) check(seat int) error {
	if g.view != -2 {
		return refuse(CodeHiddenView)
	}
	if g.over {
		return refuse(CodeGameOver)
	}
	if g.waiting(seat) == nil {
		return refuse(CodeNotAwaited, "Seat", seat, "Awaited", g.Awaited())
	}
	return nil
}

// Apply plays a move, answering with what happened; a move that is not
// one of those Next offers is refused with a *Refusal and changes
// nothing.
func (g *Game) Apply(m Move) ([]Event, error) {
	ev := []Event{}
	if err := g.play(m, &ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// PlayMove is Apply without the events, for play-outs and simulations
// that keep moves in notation.
func (g *Game) PlayMove(m Move) error { return g.play(m, nil) }

// play finds the decision a move names among those offered and plays it.
func (g *Game) play(m Move, ev *[]Event) error {
	if err := g.check(m.Seat); err != nil {
		return err
	}
	if len(m.Keys) == 1 && m.Keys[0] == UndoKey {
		if !g.CanUndo(m.Seat) || g.undo == nil {
			return refuse(CodeCannotUndo, "Seat", m.Seat)
		}
		g.takeBack(m.Seat, ev)
		return nil
	}
	var buf [64]Action
	only := allCards
	if len(m.Keys) > 0 {
		if c, ok := CardByCode(m.Keys[0]); ok {
			only = setOf(c)
		}
	}
	for _, a := range g.appendOptions(buf[:0], m.Seat, only) {
		if a.matches(m.Keys) {
			g.do(m.Seat, a, ev, true)
			return nil
		}
	}
	return refuse(CodeNotOffered, "Move", m.String())
}

// Do plays a decision AppendOptions offers, without building events (for
// play-outs and searches). Nor does it keep the game as it stood before a
// placement, which only the undo move needs and a play-out never plays:
// after a placement played by Do, CanUndo is false (Apply and PlayMove
// keep it).
func (g *Game) Do(seat int, a Action) error {
	if err := g.check(seat); err != nil {
		return err
	}
	if a.Kind == ActShift {
		if t := g.waiting(seat); t.ask == askCabinet && g.cabinetMoveOK(seat, int8(a.B), a.C, a.D, int8(a.E), a.F) && a.A == 0 {
			g.do(seat, a, nil, false)
			return nil
		}
		return refuse(CodeNotOffered, "Move", Move{Seat: seat, Keys: a.Keys()}.String())
	}
	var buf [64]Action
	for _, o := range g.appendOptions(buf[:0], seat, g.cardsNamed(seat, a)) {
		if o == a {
			g.do(seat, a, nil, false)
			return nil
		}
	}
	return refuse(CodeNotOffered, "Move", Move{Seat: seat, Keys: a.Keys()}.String())
}

// cardsNamed narrows the check of a decision to the card it archives or
// discards (all cards for the others).
func (g *Game) cardsNamed(seat int, a Action) cardSet {
	switch a.Kind {
	case ActCard, ActCardPos:
		if a.A >= 0 && a.A < NumCards {
			return setOf(int(a.A))
		}
	case ActPos:
		if c := g.topAt(seat, int8(a.B), a.C); c >= 0 {
			return setOf(c)
		}
	}
	return allCards
}

// do applies an offered decision and runs the game on to the next one,
// keeping the game as it stood before a placement for the undo move when
// keep is set (a copy of the game: play-outs go without).
func (g *Game) do(seat int, a Action, ev *[]Event, keep bool) {
	g.revealed = false
	t := g.waiting(seat)
	placing := t.ask == askPlace
	if placing && keep {
		g.keepUndo()
	}
	wasParallel := t.ask.parallel()
	g.answer(t, seat, a, ev)
	stillShared := wasParallel && t.ask != askNone
	g.run(ev)
	if !stillShared {
		g.steps++
	}
	g.played++
	g.afterMove(seat, placing, keep)
}

// Next lists the keys that may follow chosen in the move seat is
// building; a Step whose Move is set completes a move. At the start of a
// move, the undo move comes last while the seat may take its placement
// back (CanUndo).
func (g *Game) Next(seat int, chosen []string) []Step {
	if g.waiting(seat) == nil {
		return nil
	}
	var buf [64]Action
	opts := g.AppendOptions(buf[:0], seat)
	var out []Step
	var kb [24]byte
	for _, a := range opts {
		if !a.matchesPrefix(chosen) {
			continue
		}
		key := string(a.appendKey(kb[:0], len(chosen)))
		done := a.numKeys() == len(chosen)+1
		found := false
		for i := range out {
			if out[i].Key == key {
				found = true
				if done && out[i].Move == nil {
					m := Move{Seat: seat, Keys: append(append([]string(nil), chosen...), key)}
					out[i].Move = &m
				}
				break
			}
		}
		if found {
			continue
		}
		st := Step{Key: key}
		if done {
			m := Move{Seat: seat, Keys: append(append([]string(nil), chosen...), key)}
			st.Move = &m
		}
		out = append(out, st)
	}
	if len(chosen) == 0 && g.CanUndo(seat) {
		out = append(out, Step{Key: UndoKey, Move: &Move{Seat: seat, Keys: []string{UndoKey}}})
	}
	return out
}

// Step is one choice in building a move: Key is passed back to Next in
// chosen; Move is set when the choice completes a move.
type Step struct {
	Key  string
	Move *Move
}
