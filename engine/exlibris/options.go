package exlibris

// waiting is the task waiting for seat's answer, nil when none is.
func (g *Game) waiting(seat int) *task {
	if g.over || seat < 0 || seat >= g.n {
		return nil
	}
	t := g.top()
	if t == nil || t.ask == askNone {
		return nil
	}
	if t.ask.parallel() {
		if t.mask&(1<<seat) != 0 {
			return t
		}
		return nil
	}
	if int(t.who) == seat {
		return t
	}
	return nil
}

// AppendOptions appends every decision seat may make now (none when it is
// not awaited): the moves Next builds, decoded.
func (g *Game) AppendOptions(dst []Action, seat int) []Action {
	return g.appendOptions(dst, seat, allCards)
}

// allCards lets every card through appendOptions.
var allCards = cardSet{^uint64(0), ^uint64(0), ^uint64(0)}

// appendOptions is AppendOptions leaving out the archives and discards of
// cards not in only: checking one decision need not list them all.
func (g *Game) appendOptions(dst []Action, seat int, only cardSet) []Action {
	t := g.waiting(seat)
	if t == nil {
		return dst
	}
	who := seat
	switch t.ask {
	case askLibrary, askLibraryDiscard:
		for l := Library(0); l < NumLibraries; l++ {
			if g.pool&(1<<l) != 0 {
				dst = append(dst, Action{Kind: ActLib, A: int16(l)})
			}
		}
	case askPlace:
		dst = g.placeOptions(who, dst)
	case askHome:
		if g.canDraw() {
			dst = append(dst, word(WordDraw))
		}
		dst = g.archiveOptions(who, t.by, g.hand[who].and(only), dst)
		dst = append(dst, word(WordPass))
	case askArchive:
		dst = g.archiveOptions(who, t.by, g.archiveFrom(t).and(only), dst)
		if t.n >= t.m {
			dst = append(dst, word(WordPass))
		}
	case askDiscard:
		dst = g.discardOptions(who, t.arr[1], only, dst)
		if t.n >= t.m {
			dst = append(dst, word(WordDone))
		}
	case askTake, askBreweryPick:
		from := g.limbo
		if t.ask == askTake {
			from = g.tiles[t.loc].cards
		}
		for c := from.first(); c >= 0; c = from.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
	case askExchange:
		h, tl := g.hand[who], g.tiles[t.loc].cards
		for a := h.first(); a >= 0; a = h.next(a) {
			for b := tl.first(); b >= 0; b = tl.next(b) {
				dst = append(dst, Action{Kind: ActCardCard, A: int16(a), B: int16(b)})
			}
		}
	case askGive:
		tl := g.tiles[t.loc].cards
		for c := tl.first(); c >= 0; c = tl.next(c) {
			for s := 0; s < g.n; s++ {
				if s != who {
					dst = append(dst, Action{Kind: ActCardSeat, A: int16(c), B: int16(s)})
				}
			}
		}
	case askCategory:
		for c := 0; c < NumCategories; c++ {
			dst = append(dst, Action{Kind: ActCategory, A: int16(c)})
		}
	case askSalon:
		dst = g.salonOptions(t, dst)
		dst = g.salonB(t, dst)
	case askSalonMove:
		dst = g.salonMoves(t, dst)
	case askGuild:
		dst = g.guildOptions(who, dst)
	case askTax:
		dst = g.discardOptions(who, 3, only, dst)
	case askSaleReveal:
		h := g.hand[who].andNot(t.set2)
		for c := h.first(); c >= 0; c = h.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
		dst = append(dst, word(WordDone))
	case askSaleBuy:
		on := g.hand[t.seat].and(t.set2)
		for c := on.first(); c >= 0; c = on.next(c) {
			dst = append(dst, Action{Kind: ActCardWord, A: int16(c), B: WordTake})
		}
		dst = g.archiveOptions(who, plainKind, on.and(only), dst)
		dst = append(dst, word(WordPass))
	case askCabinet:
		g.cabinetMoves(who, func(r int8, c1, c2 int16, r2 int8, d int16) bool {
			dst = append(dst, Action{Kind: ActShift, B: int16(r), C: c1, D: c2, E: int16(r2), F: d})
			return true
		})
		dst = append(dst, word(WordPass))
	case askPay:
		h := g.hand[who]
		for c := h.first(); c >= 0; c = h.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
	case askDumpTake:
		dst = g.archiveOptions(who, t.by, g.matching(g.discardSet(), Category(t.cat)).and(only), dst)
		dst = append(dst, word(WordPass))
	case askBreweryArchive:
		dst = g.archiveOptions(who, g.breweryBy(who), g.gained[who].and(g.hand[who]).and(only), dst)
		dst = append(dst, word(WordDone))
	case askGolem:
		tl := g.tiles[t.loc].cards
		for c := tl.first(); c >= 0; c = tl.next(c) {
			dst = append(dst, Action{Kind: ActCardWord, A: int16(c), B: WordTake})
		}
		dst = g.archiveOptions(who, int8(Golem), tl.and(only), dst)
		dst = append(dst, word(WordPass))
	case askCube:
		if g.handN[who] > 0 {
			dst = append(dst, word(WordGive))
		}
		dst = append(dst, word(WordHome))
	case askSasquatch:
		dst = append(dst, word(WordRecall), word(WordStay))
	case askGoblin:
		dst = g.goblinTargets(t, dst)
		dst = append(dst, word(WordPass))
	case askGoblinGive:
		m := g.matching(g.hand[who], Category(t.cat))
		for c := m.first(); c >= 0; c = m.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
	case askWisp:
		tl := &g.tiles[t.loc]
		if locInfo[t.loc].faceDown {
			// Unseen cards are not named (ruling 37): one goes at random.
			dst = append(dst, word(WordOne))
		} else {
			for c := tl.cards.first(); c >= 0; c = tl.cards.next(c) {
				dst = append(dst, Action{Kind: ActWordCard, A: WordOne, B: int16(c)})
			}
		}
		if tl.cardN >= 2 {
			dst = append(dst, word(WordAll))
		}
		dst = append(dst, word(WordPass))
	case askBookwormDraw:
		dst = append(dst, word(WordDraw), word(WordPass))
	case askBookwormAgain:
		h := g.hand[who]
		for c := h.first(); c >= 0; c = h.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
		dst = append(dst, word(WordPass))
	case askWitch:
		taken, shown := witchCards(t)
		for _, c := range [2]int{min(taken, shown), max(taken, shown)} {
			// Another seat's view does not know the card taken.
			if c >= 0 {
				dst = append(dst, Action{Kind: ActCard, A: int16(c)})
			}
		}
	case askHutTake:
		m := g.matching(g.tiles[t.loc].cards, Category(t.cat))
		for c := m.first(); c >= 0; c = m.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
		dst = append(dst, word(WordDone))
	case askFlip:
		up := g.faceUp(who)
		for c := up.first(); c >= 0; c = up.next(c) {
			dst = append(dst, Action{Kind: ActPos, B: int16(g.posR[c]), C: g.posC[c]})
		}
		dst = append(dst, word(WordDone))
	case askEliminate:
		for l := Location(1); l <= NumLocations; l++ {
			if g.inPlay(l) {
				dst = append(dst, Action{Kind: ActLocKey, A: int16(l)})
			}
		}
	}
	return dst
}

// DecisionKinds lists every Decision Kind, for the message catalogue.
var DecisionKinds = askNames[1:]

// Decision describes what a seat is asked, for whoever words it: Kind is
// its catalogue name ("place", "archive", "tax"...: docs/exlibris/
// notation.md lists them), Location the tile whose effect asks (0 none),
// Power the special assistant whose power asks (NoLibrary none), Asker
// the seat whose effect it is, Min and Done bound a repeated decision
// (cards archived or discarded so far against the fewest required).
type Decision struct {
	Kind     string
	Seat     int
	Asker    int
	Location Location
	Power    Library
	Category Category // the category named, where one was (-1 none)
	Done     int
	Min, Max int
}

// Decision says what seat is asked now; ok is false when it is not
// awaited.
func (g *Game) Decision(seat int) (d Decision, ok bool) {
	t := g.waiting(seat)
	if t == nil {
		return Decision{}, false
	}
	d = Decision{Kind: askNames[t.ask], Seat: seat, Asker: int(t.seat), Power: NoLibrary, Category: -1}
	// The tile and power come from the nearest effect below.
	for i := int(g.depth) - 1; i >= 0; i-- {
		u := &g.stack[i]
		if d.Location == 0 && u.loc > 0 && (u.op == opEffect || u.op == opDelayed || u.op == opGolem || u.op == opWisp || u.op == opGoblin || u.op == opCube || u.op == opSasquatch) {
			d.Location = Location(u.loc)
		}
		if d.Power == NoLibrary {
			switch u.op {
			case opCube, opSasquatch, opGoblin, opAutomaton, opWisp, opBookworm, opGolem, opWitch:
				d.Power = Library(u.by)
			}
		}
		if u.op == opRound || u.op == opGame {
			break
		}
	}
	if t.ask == askGoblinGive || t.ask == askHutTake || t.ask == askDumpTake {
		d.Category = Category(t.cat)
	}
	switch t.op {
	case opArchive, opDiscard:
		d.Done, d.Min, d.Max = int(t.n), int(t.m), int(t.k)
	case opDelayed:
		if t.ask == askPay {
			d.Min, d.Max = int(t.k), int(t.k)
		}
	}
	return d, true
}
