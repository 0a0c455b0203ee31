package anludim

// Legal lists the seat's moves that need no combinatorial choice: take
// backs, recruits, discards, EndTurn, Undo and, between rounds, one Keep
// per card. Plays are built with CardsToAdd and ProfessorsFor, or taken
// ready-made from BestPlays. A seat not awaited has no moves.
func (g *Game) Legal(seat int) []Move {
	return g.AppendLegal(nil, seat)
}

// AppendLegal appends Legal's moves to dst, so a search can reuse one
// buffer.
func (g *Game) AppendLegal(dst []Move, seat int) []Move {
	if seat < 0 || seat != g.awaited() {
		return dst
	}
	if g.phase == phaseKeep {
		if g.keptN[seat] < g.KeepLimit(seat) {
			x := g.hands[seat].andNot(g.kept[seat])
			for w := 0; w < 2; w++ {
				for b := x[w]; b != 0; b &= b - 1 {
					dst = append(dst, Move{Seat: seat, Kind: Keep, Card: w*64 + tz(b)})
				}
			}
		}
		dst = append(dst, Move{Seat: seat, Kind: EndTurn})
		if g.canUndo() {
			dst = append(dst, Move{Seat: seat, Kind: Undo})
		}
		return dst
	}
	if g.canTakeBack(seat) {
		for s := range g.combos {
			if int(g.combos[s].owner) == seat {
				dst = append(dst, Move{Seat: seat, Kind: TakeBack, Card: g.combos[s].cards.min()})
			}
		}
	}
	if !g.mainDone {
		if g.canDraw() {
			dst = append(dst, Move{Seat: seat, Kind: RecruitHidden})
		}
		for i, c := range g.faceUp {
			if c >= 0 {
				dst = append(dst, Move{Seat: seat, Kind: RecruitFaceUp, Slot: i})
			}
		}
	}
	if !g.optDone && g.canDraw() {
		for k := 0; k < NumProfessors; k++ {
			for v := 1; v <= maxItemValue; v++ {
				if g.items[seat][k][v] > 0 {
					dst = append(dst, Move{Seat: seat, Kind: Discard, Item: Item{Kind: ItemKind(k), Value: v}})
				}
			}
		}
		if g.parch[seat] > 0 {
			dst = append(dst, Move{Seat: seat, Kind: Discard, Item: Item{Kind: Parchment, Value: 1}})
		}
	}
	if g.mainDone {
		dst = append(dst, Move{Seat: seat, Kind: EndTurn})
	}
	if g.canUndo() {
		dst = append(dst, Move{Seat: seat, Kind: Undo})
	}
	return dst
}

// availFor returns the cards a seat may put into a combination for p: the
// hand and, in the expert variant, the cards of its own combinations of a
// lower professor. same lists its own combinations of p itself, which a
// play may take in only whole: since EditionHigherOnly, one of them at
// most and with at least one card more (ruling 17).
func (g *Game) availFor(seat int, p Professor) (avail cardSet, same uint64) {
	avail = g.hands[seat]
	if !g.opts.Expert {
		return avail, 0
	}
	for s := range g.combos {
		c := &g.combos[s]
		if int(c.owner) != seat {
			continue
		}
		if Professor(c.prof) < p {
			avail = avail.or(c.cards)
		} else if Professor(c.prof) == p {
			same |= 1 << s
		}
	}
	return avail, same
}

// canPlayNow reports whether the seat may make a play at all.
func (g *Game) canPlayNow(seat int) bool {
	return g.phase == phasePlay && seat == g.active && !g.mainDone
}

// canTake reports whether some combination lets the seat take p now.
func (g *Game) canTake(seat int, p Professor) bool {
	return g.reachable(seat, p, cardSet{})
}

// reachable reports whether the chosen cards can be completed, from what
// the seat may use, into a combination that takes p.
func (g *Game) reachable(seat int, p Professor, req cardSet) bool {
	ok, _ := g.reach(seat, p, req)
	return ok
}

// reach is reachable that also returns the cards of the combination found:
// each of them, added to the chosen cards, still reaches p (the same
// search, with one more card required, finds that combination again).
func (g *Game) reach(seat int, p Professor, req cardSet) (bool, cardSet) {
	avail, same := g.availFor(seat, p)
	var forced uint64 // the seat's own combinations of p the chosen cards take in
	for s := 0; s < maxCombos; s++ {
		if same&(1<<s) == 0 || g.combos[s].cards.and(req).empty() {
			continue
		}
		if forced != 0 && g.higherOnly() {
			return false, cardSet{} // two of its combinations of p are never joined
		}
		forced |= 1 << s
		req = req.or(g.combos[s].cards)
		avail = avail.or(g.combos[s].cards)
	}
	if !req.andNot(avail).empty() {
		return false, cardSet{}
	}
	var pl pool
	pl.init(avail, req)
	if r, _ := pl.best(p, g.extendBar(p, forced), modeExist); r.strength > 0 {
		return true, r.cards(&pl)
	}
	if forced != 0 && g.higherOnly() {
		return false, cardSet{}
	}
	// Taking in one more of its own combinations of p may be what it takes.
	for s := 0; s < maxCombos; s++ {
		if same&^forced&(1<<s) == 0 {
			continue
		}
		c := g.combos[s].cards
		pl.init(avail.or(c), req.or(c))
		if r, _ := pl.best(p, g.extendBar(p, forced|1<<s), modeExist); r.strength > 0 {
			return true, r.cards(&pl)
		}
	}
	return false, cardSet{}
}

// chosenSet turns a list of chosen cards into a set; ok is false for an
// unknown id or a repeat. Whether the seat may use them is for the
// callers' searches to find.
func chosenSet(chosen []int) (cardSet, bool) {
	var s cardSet
	for _, c := range chosen {
		if c < 0 || c >= NumCards || s.has(c) {
			return s, false
		}
		s.add(c)
	}
	return s, true
}

// CardsToAdd returns the cards the seat may add to chosen (hand cards, and
// in the expert variant cards of its own combinations) such that chosen,
// that card and possibly more can still take some professor. Empty when
// the seat cannot play now or chosen is not a valid start.
func (g *Game) CardsToAdd(seat int, chosen []int) []int {
	if !g.canPlayNow(seat) {
		return nil
	}
	req, ok := chosenSet(chosen)
	if !ok {
		return nil
	}
	cands := g.hands[seat]
	if g.opts.Expert {
		for s := range g.combos {
			if int(g.combos[s].owner) == seat {
				cands = cands.or(g.combos[s].cards)
			}
		}
	}
	cands = cands.andNot(req)
	// Per professor, one search for the chosen cards alone settles most
	// candidates: the cards of the combination it finds may all be added,
	// and when it finds none, no card may be added for that professor but
	// one of the seat's own combinations of it not yet taken in (which
	// changes the bar and may bring in more cards); only the rest are
	// searched one by one.
	var found cardSet
	for p := Professor(0); p < NumProfessors; p++ {
		todo := cands.andNot(found)
		if todo.empty() {
			break
		}
		ok, with := g.reach(seat, p, req)
		if ok {
			found = found.or(with.and(todo))
			todo = todo.andNot(with)
		} else {
			todo = todo.and(g.ownUntaken(seat, p, req))
		}
		for w := 0; w < 2; w++ {
			for x := todo[w]; x != 0; x &= x - 1 {
				c := w*64 + tz(x)
				if found.has(c) {
					continue
				}
				r := req
				r.add(c)
				if ok, with := g.reach(seat, p, r); ok {
					// Its cards may be added too: with c, which must be
					// added first to take in the same combinations.
					found.add(c)
					if g.ownUntaken(seat, p, req).and(with).empty() {
						found = found.or(with.and(todo))
					}
				}
			}
		}
	}
	return found.appendTo(nil)
}

// ownUntaken returns the cards of the seat's own combinations of p that
// chosen does not take in.
func (g *Game) ownUntaken(seat int, p Professor, chosen cardSet) cardSet {
	var out cardSet
	if !g.opts.Expert {
		return out
	}
	for s := range g.combos {
		c := &g.combos[s]
		if int(c.owner) == seat && Professor(c.prof) == p && c.cards.and(chosen).empty() {
			out = out.or(c.cards)
		}
	}
	return out
}

// ProfessorChoice is a professor the chosen cards can take exactly as
// they are, with the readings the game picks (the strongest).
type ProfessorChoice struct {
	Prof Professor
	Uses []Use
	// Choice is set when other readings of the same cards also take the
	// professor with a different strength, so a UI may ask which.
	Choice bool
}

// ProfessorsFor returns the professors the exact set of chosen cards can
// take now.
func (g *Game) ProfessorsFor(seat int, chosen []int) []ProfessorChoice {
	if !g.canPlayNow(seat) || len(chosen) < 2 {
		return nil
	}
	req, ok := chosenSet(chosen)
	if !ok {
		return nil
	}
	var out []ProfessorChoice
	for p := Professor(0); p < NumProfessors; p++ {
		avail, same := g.availFor(seat, p)
		var taken uint64 // the seat's own combinations of p the cards take in
		for s := 0; s < maxCombos; s++ {
			if same&(1<<s) == 0 || g.combos[s].cards.and(req).empty() {
				continue
			}
			if taken != 0 && g.higherOnly() {
				avail = cardSet{} // two of its combinations of p are never joined
				break
			}
			taken |= 1 << s
			avail = avail.or(g.combos[s].cards)
			if !g.combos[s].cards.andNot(req).empty() {
				avail = cardSet{} // a combination of p is only extended whole
			}
		}
		if !req.andNot(avail).empty() {
			continue
		}
		var pl pool
		pl.init(req, req)
		r, alt := pl.best(p, g.extendBar(p, taken), modeBest)
		if r.strength > 0 {
			out = append(out, ProfessorChoice{Prof: p, Uses: r.uses(&pl), Choice: alt})
		}
	}
	return out
}

// Takeable returns the professors the seat can take now with some play,
// as a bitmask (bit p set for professor p). It is cheaper than BestPlays:
// it stops at the first combination found.
func (g *Game) Takeable(seat int) uint8 {
	if !g.canPlayNow(seat) {
		return 0
	}
	var out uint8
	var pl pool
	var last cardSet
	for p := Professor(0); p < NumProfessors; p++ {
		avail, same := g.availFor(seat, p)
		if same != 0 {
			if g.reachable(seat, p, cardSet{}) {
				out |= 1 << p
			}
			continue
		}
		if p == 0 || avail != last {
			pl.init(avail, cardSet{})
			last = avail
		}
		if r, _ := pl.best(p, g.bar(p, 0), modeExist); r.strength > 0 {
			out |= 1 << p
		}
	}
	return out
}

// BestPlay returns the strongest play by which the seat takes p now; ok
// is false when none does.
func (g *Game) BestPlay(seat int, p Professor) (m Move, ok bool) {
	if !g.canPlayNow(seat) || p < 0 || p >= NumProfessors {
		return Move{}, false
	}
	var pl pool
	avail, _ := g.availFor(seat, p)
	pl.init(avail, cardSet{})
	return g.bestPlay(seat, p, &pl)
}

// bestPlay is BestPlay with the pool of availFor(seat, p) already built.
func (g *Game) bestPlay(seat int, p Professor, pl *pool) (Move, bool) {
	avail, same := g.availFor(seat, p)
	best, _ := pl.best(p, g.bar(p, 0), modeBest)
	bestPool := pl
	for s := 0; s < maxCombos; s++ {
		if same&(1<<s) == 0 {
			continue
		}
		q := new(pool)
		c := g.combos[s].cards
		q.init(avail.or(c), c)
		floor := g.extendBar(p, 1<<s)
		if best.strength > floor {
			floor = best.strength
		}
		if r, _ := q.best(p, floor, modeBest); r.strength > 0 {
			best, bestPool = r, q
		}
	}
	if best.strength == 0 {
		return Move{}, false
	}
	return Move{Seat: seat, Kind: Play, Prof: p, Cards: best.uses(bestPool)}, true
}

// BestPlays returns, for each professor the seat can take now, the
// strongest play that takes it (at most one per professor): what a search
// AI needs without enumerating combinations.
func (g *Game) BestPlays(seat int) []Move {
	return g.AppendBestPlays(nil, seat)
}

// AppendBestPlays appends BestPlays' moves to dst.
func (g *Game) AppendBestPlays(dst []Move, seat int) []Move {
	if !g.canPlayNow(seat) {
		return dst
	}
	var pl pool
	var last cardSet
	for p := Professor(0); p < NumProfessors; p++ {
		avail, _ := g.availFor(seat, p)
		// The pool is the same for every professor in the base game.
		if p == 0 || avail != last {
			pl.init(avail, cardSet{})
			last = avail
		}
		if m, ok := g.bestPlay(seat, p, &pl); ok {
			dst = append(dst, m)
		}
	}
	return dst
}

// ReadingOptions lists the ways of reading the exact chosen cards that
// take p now, one per distinct combination strength, strongest first:
// what a UI shows when ProfessorsFor flags a Choice. Nil when the cards
// cannot take p, or when more than maxAuto cards are chosen.
func (g *Game) ReadingOptions(seat int, p Professor, chosen []int) [][]Use {
	if len(chosen) > maxAuto {
		return nil
	}
	ok := false
	for _, c := range g.ProfessorsFor(seat, chosen) {
		ok = ok || c.Prof == p
	}
	if !ok {
		return nil
	}
	// The bar leaves out the player's own combinations this play would
	// absorb, exactly as checkPlay computes it.
	m := Move{Seat: seat, Kind: Play, Prof: p}
	for _, c := range chosen {
		m.Cards = append(m.Cards, Use{Card: c})
	}
	var out [][]Use
	seen := map[uint64]bool{}
	var strengths []uint64
	for code := 0; code < 1<<len(chosen); code++ {
		for i := range m.Cards {
			m.Cards[i].Side = code >> i & 1
		}
		pl, f := g.playFault(m)
		if f.code != "" || seen[pl.strength] {
			continue
		}
		seen[pl.strength] = true
		// Insert in order, strongest first.
		at := len(strengths)
		for at > 0 && strengths[at-1] < pl.strength {
			at--
		}
		strengths = append(strengths[:at], append([]uint64{pl.strength}, strengths[at:]...)...)
		out = append(out[:at], append([][]Use{append([]Use(nil), m.Cards...)}, out[at:]...)...)
	}
	return out
}
