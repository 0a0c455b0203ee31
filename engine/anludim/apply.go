package anludim

import (
	"math/bits"
	"sync"
)

// Apply plays one move. A refused move returns a *Refusal and leaves the
// game exactly as it was: every check runs before anything changes.
func (g *Game) Apply(m Move) ([]Event, error) {
	// Events are gathered in a pooled buffer and copied out at their exact
	// size: most moves make one or two, and Event is wide.
	buf := eventBuffers.Get().(*[]Event)
	err := g.apply(m, buf)
	var out []Event
	if err == nil {
		out = make([]Event, len(*buf))
		copy(out, *buf)
	}
	clear(*buf)
	*buf = (*buf)[:0]
	eventBuffers.Put(buf)
	return out, err
}

// AppendApply plays one move as Apply does, appending its events to evs
// instead of returning new ones: a caller that reads the events of many
// moves (a replay, a simulation's statistics) reuses one slice. A refused
// move returns evs as it was.
func (g *Game) AppendApply(evs []Event, m Move) ([]Event, error) {
	n := len(evs)
	if err := g.apply(m, &evs); err != nil {
		clear(evs[n:])
		return evs[:n], err
	}
	return evs, nil
}

var eventBuffers = sync.Pool{New: func() any {
	b := make([]Event, 0, 16)
	return &b
}}

// Do plays one move like Apply but records no events: the fast path for
// searches and play-outs.
func (g *Game) Do(m Move) error { return g.apply(m, nil) }

func (g *Game) apply(m Move, ev *[]Event) error {
	if g.view != -2 {
		return refuse(CodeHiddenView)
	}
	if g.phase == phaseOver {
		return refuse(CodeGameOver)
	}
	if w := g.awaited(); m.Seat != w {
		return refuse(CodeNotYourTurn, "Seat", m.Seat, "Awaited", w)
	}
	if g.phase == phaseKeep {
		return g.applyKeepPhase(m, ev)
	}
	switch m.Kind {
	case RecruitHidden:
		if g.mainDone {
			return refuse(CodeMainDone)
		}
		if !g.canDraw() {
			return refuse(CodeNothingToDraw)
		}
		g.reveal()
		var got [2]int
		n := 0
		for i := 0; i < 2; i++ {
			if c := g.draw(ev); c >= 0 {
				g.toHand(m.Seat, c, false)
				got[n] = c
				n++
			}
		}
		if ev != nil {
			emit(ev, Event{Kind: EvDrew, Seat: m.Seat, Cards: append([]int(nil), got[:n]...), Private: true})
		}
		g.mainDone = true
	case RecruitFaceUp:
		if g.mainDone {
			return refuse(CodeMainDone)
		}
		if m.Slot < 0 || m.Slot > 2 {
			return refuse(CodeBadSlot, "Slot", m.Slot)
		}
		c := int(g.faceUp[m.Slot])
		if c < 0 {
			return refuse(CodeEmptySlot, "Slot", m.Slot)
		}
		g.toHand(m.Seat, c, true)
		emit(ev, Event{Kind: EvTookFaceUp, Seat: m.Seat, Slot: m.Slot, Card: c})
		g.faceUp[m.Slot] = -1
		// A recruit is never undone (ruling 18), even when no new card is
		// turned up: it ends the undo history like a revealed card.
		g.reveal()
		if g.canDraw() {
			g.faceUp[m.Slot] = int8(g.draw(ev))
		}
		emit(ev, Event{Kind: EvFaceUp, Slot: m.Slot, Card: int(g.faceUp[m.Slot])})
		g.mainDone = true
	case Play:
		pl, err := g.checkPlay(m)
		if err != nil {
			return err
		}
		g.pushUndo(m)
		g.doPlay(m, pl, ev)
		g.mainDone = true
		if g.fiveKinds(m.Seat) {
			// Ruling 6: a pawn standing in for an empty stack can complete
			// the five kinds at once, before the income.
			g.endRound(m.Seat, EndFiveKinds, ev)
			return nil
		}
	case TakeBack:
		slot, err := g.checkTakeBack(m)
		if err != nil {
			return err
		}
		g.pushUndo(m)
		g.doTakeBack(m.Seat, slot, ev)
	case Discard:
		if g.optDone {
			return refuse(CodeOptionalDone)
		}
		if !g.holds(m.Seat, m.Item) {
			return refuse(CodeNoItem, "Kind", m.Item.Kind.ID(), "Value", m.Item.Value)
		}
		if !g.canDraw() {
			return refuse(CodeNothingToDraw)
		}
		g.reveal()
		if m.Item.Kind == Parchment {
			m.Item.Value = 1 // a parchment has no other value
			g.parch[m.Seat]--
		} else {
			g.items[m.Seat][m.Item.Kind][m.Item.Value]--
		}
		emit(ev, Event{Kind: EvItemDiscarded, Seat: m.Seat, Item: m.Item})
		c := g.draw(ev)
		g.toHand(m.Seat, c, false)
		if ev != nil {
			emit(ev, Event{Kind: EvDrew, Seat: m.Seat, Cards: []int{c}, Private: true})
		}
		g.optDone = true
	case EndTurn:
		if !g.mainDone {
			return refuse(CodeMainNeeded)
		}
		g.endTurn(ev)
		return nil
	case Undo:
		return g.applyUndo(m, ev)
	case Keep:
		return refuse(CodeNotKeeping)
	default:
		return refuse(CodeUnknownMove, "Kind", int(m.Kind))
	}
	if g.mainDone && g.optDone {
		g.endTurn(ev)
	} else if !g.mainDone {
		g.checkBlocked(ev)
	}
	return nil
}

// reveal marks that this turn showed a hidden card, which ends undo.
func (g *Game) reveal() {
	g.revealed = true
	g.clearUndo()
}

func (g *Game) clearUndo() { g.undoMoves = g.undoMoves[:0] }

func (g *Game) canUndo() bool { return len(g.undoMoves) > 0 || g.viewUndo }

// pushUndo records an undoable move about to be played, saving the state
// first if it is the step's first.
func (g *Game) pushUndo(m Move) {
	if len(g.undoMoves) == 0 {
		if g.undoBase == nil {
			g.undoBase = new(Game)
		}
		*g.undoBase = *g
		g.undoBase.undoBase, g.undoBase.undoMoves = nil, nil
	}
	m.Cards = append([]Use(nil), m.Cards...)
	g.undoMoves = append(g.undoMoves, m)
}

// applyUndo restores the step's saved state and replays its moves but the
// last; none of them reveals anything, so the replay is exact.
func (g *Game) applyUndo(m Move, ev *[]Event) error {
	if len(g.undoMoves) == 0 {
		if g.revealed {
			return refuse(CodeUndoAfterReveal)
		}
		return refuse(CodeNothingToUndo)
	}
	var redo [8]Move
	again := append(redo[:0], g.undoMoves[:len(g.undoMoves)-1]...)
	base, buf := g.undoBase, g.undoMoves[:0]
	*g = *base
	g.undoBase, g.undoMoves = base, buf
	for _, r := range again {
		if err := g.apply(r, nil); err != nil {
			// Cannot happen: these moves were accepted from this very state.
			return err
		}
	}
	emit(ev, Event{Kind: EvUndone, Seat: m.Seat})
	return nil
}

func (g *Game) toHand(seat, c int, public bool) {
	g.hands[seat].add(c)
	g.handN[seat]++
	if public {
		g.public[seat].add(c)
	}
}

func (g *Game) holds(seat int, it Item) bool {
	if it.Kind == Parchment {
		return g.parch[seat] > 0
	}
	return it.Kind >= 0 && it.Kind < NumProfessors && it.Value >= 1 && it.Value <= maxItemValue &&
		g.items[seat][it.Kind][it.Value] > 0
}

// plan is a checked play: the combination's strength and the combos its
// cards come from (expert variant).
type plan struct {
	strength uint64
	sources  uint64 // combo slots the play draws cards from
	cards    cardSet
	uses     []Use // the cards with every side decided
}

// checkPlay validates a Play without changing anything: the refusal Apply
// returns. Callers that only ask whether a play stands, and drop the
// refusal (ReadingOptions tries every reading of the chosen cards), call
// playFault, which builds none.
func (g *Game) checkPlay(m Move) (plan, error) {
	pl, f := g.playFault(m)
	if f.code != "" {
		return pl, f.refusal(m)
	}
	return pl, nil
}

// fault is why a play is refused, without its Refusal built: the code and
// the card it names, if any; the professor a refusal names is the move's.
// The zero fault is none.
type fault struct {
	code string
	card int
}

// refusal is the Refusal f stands for, on play m.
func (f fault) refusal(m Move) *Refusal {
	switch f.code {
	case CodeBadProfessor:
		return refuse(f.code, "Prof", int(m.Prof))
	case CodeNotCombination, CodeMergedCombinations, CodeNothingAdded, CodeNotStrongest:
		return refuse(f.code, "Prof", m.Prof.ID())
	case CodeBadCard, CodeDuplicateCard, CodeNotInHand, CodeCardNotMovable, CodeWholeCombination:
		return refuse(f.code, "Card", f.card)
	}
	return refuse(f.code) // CodeMainDone
}

// playFault validates a Play without changing anything, as checkPlay
// does, and says why it is refused without building the refusal.
func (g *Game) playFault(m Move) (plan, fault) {
	var pl plan
	if g.mainDone {
		return pl, fault{code: CodeMainDone}
	}
	if m.Prof < 0 || m.Prof >= NumProfessors {
		return pl, fault{code: CodeBadProfessor}
	}
	if len(m.Cards) < 2 || len(m.Cards) > NumCards {
		return pl, fault{code: CodeNotCombination}
	}
	auto := 0
	for _, u := range m.Cards {
		if u.Side == AutoSide {
			auto++
		}
		if u.Card < 0 || u.Card >= NumCards || u.Side < AutoSide || u.Side > 1 || auto > maxAuto {
			return pl, fault{code: CodeBadCard, card: u.Card}
		}
		if pl.cards.has(u.Card) {
			return pl, fault{code: CodeDuplicateCard, card: u.Card}
		}
		pl.cards.add(u.Card)
		if g.hands[m.Seat].has(u.Card) {
			continue
		}
		slot := g.comboOf(u.Card)
		if !g.opts.Expert || slot < 0 {
			return pl, fault{code: CodeNotInHand, card: u.Card}
		}
		c := &g.combos[slot]
		if int(c.owner) != m.Seat || Professor(c.prof) > m.Prof {
			return pl, fault{code: CodeCardNotMovable, card: u.Card}
		}
		pl.sources |= 1 << slot
	}
	// Ruling 17: cards move only to a higher combination. The seat's own
	// combinations of the same professor are only taken whole; since
	// EditionHigherOnly, one of them at most, and with at least one card
	// more, never laid again as it was nor joined to another of that
	// professor (the first edition allowed both).
	var same uint64
	for s := 0; s < maxCombos; s++ {
		if pl.sources&(1<<s) != 0 && Professor(g.combos[s].prof) == m.Prof {
			same |= 1 << s
		}
	}
	if bits.OnesCount64(same) > 1 && g.higherOnly() {
		return pl, fault{code: CodeMergedCombinations}
	}
	for s := 0; s < maxCombos; s++ {
		if same&(1<<s) == 0 {
			continue
		}
		if missing := g.combos[s].cards.andNot(pl.cards); !missing.empty() {
			return pl, fault{code: CodeWholeCombination, card: missing.min()}
		}
		if pl.cards == g.combos[s].cards && g.higherOnly() {
			return pl, fault{code: CodeNothingAdded}
		}
	}
	bar := g.bar(m.Prof, pl.sources)
	pl.uses = m.Cards
	if auto > 0 {
		// Sides left to the game: the strongest reading that takes the
		// professor, else the strongest valid one to say why it fails.
		pl.uses = bestReading(m.Prof, m.Cards, auto, bar)
	}
	pl.strength = strengthOf(m.Prof, pl.uses)
	if pl.strength == 0 {
		return pl, fault{code: CodeNotCombination}
	}
	if pl.strength <= bar {
		return pl, fault{code: CodeNotStrongest}
	}
	return pl, fault{}
}

// maxAuto bounds the cards whose side the game picks in one play; each
// doubles the readings tried, and no real combination comes close.
const maxAuto = 14

// bestReading fills in the sides left to the game (AutoSide) with the
// reading that makes the strongest combination of p.
func bestReading(p Professor, uses []Use, auto int, bar uint64) []Use {
	out := append([]Use(nil), uses...)
	var free []int
	for i, u := range out {
		if u.Side == AutoSide {
			free = append(free, i)
			out[i].Side = 0
		}
	}
	best := append([]Use(nil), out...)
	var bestS uint64
	for code := 0; code < 1<<len(free); code++ {
		for j, i := range free {
			out[i].Side = code >> j & 1
		}
		if s := strengthOf(p, out); s > bestS {
			bestS = s
			copy(best, out)
		}
	}
	return best
}

// comboOf returns the slot of the combination holding card c, or -1.
func (g *Game) comboOf(c int) int {
	for s := range g.combos {
		if g.combos[s].owner >= 0 && g.combos[s].cards.has(c) {
			return s
		}
	}
	return -1
}

// bar is the strongest combination in play for professor p (ruling 4),
// leaving out the combos in skip (those a play dissolves); 0 if none.
func (g *Game) bar(p Professor, skip uint64) uint64 {
	if skip == 0 {
		return g.bars[p]
	}
	var b uint64
	for s := range g.combos {
		c := &g.combos[s]
		if c.owner >= 0 && Professor(c.prof) == p && skip&(1<<s) == 0 && c.strength > b {
			b = c.strength
		}
	}
	return b
}

// extendBar is what a play taking in the seat's own combinations of p in
// slots (whole) must beat: the other combinations of p and, since
// EditionHigherOnly, each combination taken in by at least one card
// (ruling 17; that edition lets a play take in one at most).
func (g *Game) extendBar(p Professor, slots uint64) uint64 {
	b := g.bar(p, slots)
	if slots == 0 || !g.higherOnly() {
		return b
	}
	for s := 0; s < maxCombos; s++ {
		if slots&(1<<s) != 0 {
			b = max(b, sizeCeiling(p, g.combos[s].cards.count()))
		}
	}
	return b
}

// updateBars recomputes the strongest combination of each professor after
// the table changed; bar reads it on the hot path.
func (g *Game) updateBars() {
	g.bars = [NumProfessors]uint64{}
	for s := range g.combos {
		c := &g.combos[s]
		if c.owner >= 0 && c.strength > g.bars[c.prof] {
			g.bars[c.prof] = c.strength
		}
	}
}

func (g *Game) doPlay(m Move, pl plan, ev *[]Event) {
	defer g.updateBars()
	seat := m.Seat
	if ev != nil {
		emit(ev, Event{Kind: EvPlayed, Seat: seat, Prof: m.Prof, Uses: append([]Use(nil), pl.uses...)})
	}
	// Dissolve the source combinations: leftovers are discarded and their
	// pawns go back to the board (expert variant).
	for s := 0; s < maxCombos; s++ {
		if pl.sources&(1<<s) == 0 {
			continue
		}
		c := &g.combos[s]
		left := c.cards.andNot(pl.cards)
		if !left.empty() {
			ids := left.appendTo(nil)
			for _, id := range ids {
				g.discard[g.discardN] = uint8(id)
				g.discardN++
			}
			emit(ev, Event{Kind: EvCardsDiscarded, Seat: seat, Cards: ids})
		}
		if c.holds && Professor(c.prof) != m.Prof {
			g.profAt[c.prof] = -1
			emit(ev, Event{Kind: EvProfessorReturned, Seat: seat, Prof: Professor(c.prof)})
		}
		if c.holds && Professor(c.prof) == m.Prof {
			g.profAt[c.prof] = -1
		}
		*c = combo{owner: -1}
	}
	slot := 0
	for g.combos[slot].owner >= 0 {
		slot++
	}
	nc := combo{owner: int8(seat), prof: int8(m.Prof), holds: true, cards: pl.cards, strength: pl.strength}
	for _, u := range pl.uses {
		if u.Side == 1 {
			nc.second.add(u.Card)
		}
		if g.hands[seat].has(u.Card) {
			g.hands[seat].del(u.Card)
			g.public[seat].del(u.Card)
			g.handN[seat]--
		}
	}
	from := -1
	if at := g.profAt[m.Prof]; at >= 0 {
		from = int(g.combos[at].owner)
		g.combos[at].holds = false
	}
	g.combos[slot] = nc
	g.profAt[m.Prof] = int8(slot)
	emit(ev, Event{Kind: EvProfessorTaken, Seat: seat, Prof: m.Prof, From: from})
}

func (g *Game) checkTakeBack(m Move) (int, error) {
	if g.opts.Expert {
		return -1, refuse(CodeTakeBackExpert)
	}
	if g.mainDone || g.optDone {
		return -1, refuse(CodeTakeBackLate)
	}
	if m.Card < 0 || m.Card >= NumCards {
		return -1, refuse(CodeBadCard, "Card", m.Card)
	}
	s := g.comboOf(m.Card)
	if s < 0 || int(g.combos[s].owner) != m.Seat {
		return -1, refuse(CodeNoCombination, "Card", m.Card)
	}
	return s, nil
}

func (g *Game) doTakeBack(seat, slot int, ev *[]Event) {
	defer g.updateBars()
	c := &g.combos[slot]
	ids := c.cards.appendTo(nil)
	for _, id := range ids {
		g.toHand(seat, id, true)
	}
	emit(ev, Event{Kind: EvTookBack, Seat: seat, Cards: ids})
	if c.holds {
		g.profAt[c.prof] = -1
		emit(ev, Event{Kind: EvProfessorReturned, Seat: seat, Prof: Professor(c.prof)})
	}
	*c = combo{owner: -1}
}

// endTurn pays the income, checks the ends of round and passes the turn.
func (g *Game) endTurn(ev *[]Event) {
	seat := g.active
	for p := 0; p < NumProfessors; p++ {
		at := g.profAt[p]
		if at < 0 || int(g.combos[at].owner) != seat || g.stacks[p].n == 0 {
			continue
		}
		st := &g.stacks[p]
		st.n--
		v := st.v[st.n]
		g.items[seat][p][v]++
		emit(ev, Event{Kind: EvIncome, Seat: seat, Prof: Professor(p), Item: Item{Kind: ItemKind(p), Value: int(v)}})
	}
	g.clearUndo()
	// Ruling 6: the five kinds win over the three stacks when both happen.
	if g.fiveKinds(seat) {
		g.endRound(seat, EndFiveKinds, ev)
		return
	}
	if g.emptyStacks() >= 3 {
		g.endRound(seat, EndStacks, ev)
		return
	}
	g.active = (seat + 1) % g.n
	g.turn++
	g.mainDone, g.optDone, g.revealed = false, false, false
	emit(ev, Event{Kind: EvTurnEnded, Seat: seat, Seat2: g.active})
	if g.turn > RoundTurnLimit {
		g.endRound(g.active, EndTurnLimit, ev)
		return
	}
	g.checkBlocked(ev)
}

// checkBlocked ends the round when the seat to move can neither recruit,
// nor take a combination back, nor take any professor (ruling 9).
func (g *Game) checkBlocked(ev *[]Event) {
	if g.phase != phasePlay || g.mainDone || g.canDraw() || g.faceUp != [3]int8{-1, -1, -1} {
		return
	}
	if g.canTakeBack(g.active) {
		return
	}
	for p := Professor(0); p < NumProfessors; p++ {
		if g.canTake(g.active, p) {
			return
		}
	}
	g.endRound(g.active, EndBlocked, ev)
}

func (g *Game) canTakeBack(seat int) bool {
	if g.opts.Expert || g.mainDone || g.optDone {
		return false
	}
	for s := range g.combos {
		if int(g.combos[s].owner) == seat {
			return true
		}
	}
	return false
}

// order returns the seats from the trigger round the table: the tie-break
// order of rulings 5 and 8.
func (g *Game) order(trigger int) [MaxSeats]int {
	var o [MaxSeats]int
	for i := 0; i < g.n; i++ {
		o[i] = (trigger + i) % g.n
	}
	return o
}

// endRound crowns the round's winner, hands out the next round's
// parchments and starts the choice of cards to keep.
func (g *Game) endRound(trigger int, reason EndReason, ev *[]Event) {
	o := g.order(trigger)
	var values [MaxSeats]int
	for s := 0; s < g.n; s++ {
		values[s] = g.Value(s)
	}
	win := trigger
	if reason != EndFiveKinds {
		for i := 1; i < g.n; i++ {
			if values[o[i]] > values[win] {
				win = o[i]
			}
		}
	}
	rec := roundRecord{winner: int8(win), trigger: int8(trigger), reason: reason}
	vals := make([]int, g.n)
	for s := 0; s < g.n; s++ {
		rec.values[s] = int16(values[s])
		vals[s] = values[s]
	}
	if g.nRounds < maxRounds {
		g.rounds[g.nRounds] = rec
		g.nRounds++
	}
	emit(ev, Event{Kind: EvRoundEnded, Seat: win, Seat2: trigger, Round: g.round, Reason: reason, Values: vals})
	g.wins[win]++
	g.clearUndo()
	if g.gold[win] {
		g.phase = phaseOver
		g.winner = win
		emit(ev, Event{Kind: EvGameWon, Seat: win})
		return
	}
	g.gold[win] = true
	emit(ev, Event{Kind: EvCrestFlipped, Seat: win})
	// Parchments: two to the best of the others, one to the next; none at
	// two players; ties go to the seat nearest the trigger (ruling 8).
	if g.n > 2 {
		var given [MaxSeats]bool
		given[win] = true
		for _, count := range [2]int{2, 1} {
			best := -1
			for i := 0; i < g.n; i++ {
				s := o[i]
				if !given[s] && (best < 0 || values[s] > values[best]) {
					best = s
				}
			}
			given[best] = true
			g.nextParch[best] = count
			emit(ev, Event{Kind: EvParchments, Seat: best, Count: count})
		}
	}
	g.nextFirst = (trigger + 1) % g.n
	g.phase = phaseKeep
	g.keepIdx = 0
	g.mainDone, g.optDone, g.revealed = false, false, false
	g.skipKeepers(ev)
}

// skipKeepers moves past seats with nothing to choose and starts the next
// round once every seat has chosen.
func (g *Game) skipKeepers(ev *[]Event) {
	for g.keepIdx < g.n {
		s := g.keeper()
		if g.handN[s] > 0 && g.keptN[s] < g.KeepLimit(s) && g.keptN[s] < g.handN[s] {
			return
		}
		if g.keptN[s] > 0 || g.handN[s] > 0 {
			emit(ev, Event{Kind: EvKeepDone, Seat: s, Count: g.keptN[s]})
		}
		g.keepIdx++
		g.clearUndo()
	}
	g.startRound(ev)
}

func (g *Game) applyKeepPhase(m Move, ev *[]Event) error {
	s := m.Seat
	switch m.Kind {
	case Keep:
		if m.Card < 0 || m.Card >= NumCards {
			return refuse(CodeBadCard, "Card", m.Card)
		}
		if !g.hands[s].has(m.Card) {
			return refuse(CodeNotInHand, "Card", m.Card)
		}
		if g.kept[s].has(m.Card) {
			return refuse(CodeAlreadyKept, "Card", m.Card)
		}
		g.pushUndo(m)
		g.kept[s].add(m.Card)
		g.keptN[s]++
		emit(ev, Event{Kind: EvKept, Seat: s, Card: m.Card, Private: true})
		g.skipKeepers(ev)
	case EndTurn:
		emit(ev, Event{Kind: EvKeepDone, Seat: s, Count: g.keptN[s]})
		g.keepIdx++
		g.clearUndo()
		g.skipKeepers(ev)
	case Undo:
		return g.applyUndo(m, ev)
	default:
		if m.Kind < RecruitHidden || m.Kind > Keep {
			return refuse(CodeUnknownMove, "Kind", int(m.Kind))
		}
		return refuse(CodeKeeping)
	}
	return nil
}
