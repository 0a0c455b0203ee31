package exlibris

// The locations' effects. Each runs as a task of its tile (t.loc) for the
// seat whose assistant set it off (t.seat), acting assistant t.by (its
// kind) and t.x (its id); t.set gathers the cards it took.

// execEffect runs a tile's instant effect.
func (g *Game) execEffect(t *task, ev *[]Event) {
	seat := int(t.seat)
	l := Location(t.loc)
	tl := &g.tiles[l]
	if !t.started {
		t.started = true
		emit(ev, Event{Kind: EvEffect, Seat: seat, Loc: l})
	}
	switch l {
	case Tent:
		switch t.stage {
		case 0:
			t.stage = 1
			n := 0
			for i := 0; i < int(g.nAsst[seat]); i++ {
				if g.asst[seat][i].placed {
					n++
				}
			}
			g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: int16(n), by: t.by, x: t.x})
		default:
			g.first = t.seat
			emit(ev, Event{Kind: EvFirstPlayer, Seat: seat})
			g.pop()
		}
	case Exchange:
		switch t.stage {
		case 0:
			if g.handN[seat] == 0 || tl.cardN == 0 {
				g.pop()
				return
			}
			t.waitFor(askExchange, seat)
		case 1:
			g.archiveTaken(t, 1)
		default:
			g.pop()
		}
	case Bindery:
		switch t.stage {
		case 0:
			if !g.canDiscard(seat, 3) {
				g.pop()
				return
			}
			t.stage = 1
			g.push(discardTask(t.seat, 3, 1, NumCards))
		case 1:
			t.stage = 2
			g.push(archiveTask(t.seat, t.by, nil, 1, 2))
		default:
			g.pop()
		}
	case Community:
		switch t.stage {
		case 0:
			if tl.cardN == 0 {
				g.pop()
				return
			}
			t.waitFor(askTake, seat)
		case 1:
			t.stage = 2
			if tl.cardN > 0 && g.n > 1 {
				t.waitFor(askGive, seat)
			}
		case 2:
			g.archiveTaken(t, 1)
		default:
			g.pop()
		}
	case Bookseller:
		switch t.stage {
		case 0:
			t.stage = 1
			g.push(discardTask(t.seat, 1, 0, NumCards))
		case 1:
			t.stage = 2
			g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: int16(g.reg.count() + 1), by: t.by, x: t.x})
		case 2:
			g.archiveTaken(t, 1)
		default:
			g.pop()
		}
	case Den:
		g.execDen(t, ev)
	case Salon:
		switch t.stage {
		case 0:
			var buf [8]Action
			if len(g.salonOptions(t, buf[:0])) == 1 && len(g.salonB(t, nil)) == 0 { // only "done"
				g.pop()
				return
			}
			t.waitFor(askSalon, seat)
		default:
			g.pop()
		}
	case Collector:
		switch t.stage {
		case 0:
			if tl.cardN == 0 || !g.canDiscard(seat, 3) {
				g.pop()
				return
			}
			t.stage = 1
			g.push(discardTask(t.seat, 3, 0, NumCards))
		case 1:
			t.stage = 2
			n := collectorBooks(tl.cards.first(), g.reg)
			emit(ev, Event{Kind: EvCollectorCount, Seat: seat, Count: n})
			if n/2 > 0 {
				g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: int16(n / 2), by: t.by, x: t.x})
			}
		case 2:
			g.archiveTaken(t, 2)
		default:
			g.pop()
		}
	case Bookshop:
		switch t.stage {
		case 0:
			if tl.cardN == 0 {
				g.pop()
				return
			}
			t.waitFor(askTake, seat)
		case 1:
			g.archiveTaken(t, 1)
		default:
			g.pop()
		}
	case Flea:
		switch t.stage {
		case 0:
			if tl.cardN == 0 {
				g.pop()
				return
			}
			t.k = 1
			if g.countOn(l, -1) > 1 {
				t.k = 2
			}
			t.stage = 1
		case 1:
			if t.k == 0 || tl.cardN == 0 {
				t.stage = 2
				return
			}
			t.waitFor(askTake, seat)
		case 2:
			g.archiveTaken(t, NumCards)
		default:
			g.pop()
		}
	case Hut:
		switch t.stage {
		case 0:
			if tl.cardN == 0 {
				g.pop()
				return
			}
			t.waitFor(askCategory, seat)
		case 1:
			if g.matching(tl.cards, Category(t.cat)).empty() {
				t.stage = 2
				return
			}
			t.waitFor(askHutTake, seat)
		case 2:
			g.archiveTaken(t, 1)
		default:
			g.pop()
		}
	case Guild:
		switch t.stage {
		case 0:
			var buf [64]Action
			if len(g.guildOptions(seat, buf[:0])) == 0 {
				g.pop()
				return
			}
			t.waitFor(askGuild, seat)
		default:
			g.pop()
		}
	case Taxes:
		g.execTaxes(t)
	case Sale:
		g.execSale(t, ev)
	case Cabinet:
		switch t.stage {
		case 0:
			found := false
			g.cabinetMoves(seat, func(int8, int16, int16, int8, int16) bool { found = true; return false })
			if !found {
				g.pop()
				return
			}
			t.waitFor(askCabinet, seat)
		default:
			g.pop()
		}
	default:
		g.pop()
	}
}

// archiveTaken lets the seat archive up to most of the cards the effect
// took, then ends the effect.
func (g *Game) archiveTaken(t *task, most int) {
	t.stage = 99
	g.push(archiveTask(t.seat, t.by, &t.set, 0, most))
}

// collectorBooks counts the books of the discarded cards in the
// categories of the collector's card (ruling 22).
func collectorBooks(card int, discarded cardSet) int {
	if card < 0 {
		return 0
	}
	n := 0
	for c := discarded.first(); c >= 0; c = discarded.next(c) {
		for k := 0; k < NumCategories; k++ {
			if cardMask[card]&(1<<k) != 0 {
				n += int(cardIcons[c][k])
			}
		}
	}
	return n
}

func (g *Game) answerEffect(t *task, seat int, a Action, ev *[]Event) {
	l := Location(t.loc)
	switch t.last {
	case askExchange:
		give, take := int(a.A), int(a.B)
		g.fromHand(seat, give)
		g.fromTile(l, take)
		g.toTile(l, give)
		g.pub.add(give)
		emit(ev, Event{Kind: EvExchanged, Seat: seat, Card: give, Other: take, Loc: l})
		t.stage = 1
		g.gain(t, seat, take, true, ev)
	case askTake:
		c := int(a.A)
		g.fromTile(l, c)
		if ev != nil {
			emit(ev, Event{Kind: EvTook, Seat: seat, Loc: l, Cards: []int{c}})
		}
		switch l {
		case Taxes:
			t.k--
		case Flea:
			t.k--
		default:
			t.stage = 1
		}
		g.gain(t, seat, c, true, ev)
	case askGive:
		c, to := int(a.A), int(a.B)
		g.fromTile(l, c)
		g.toHand(to, c, true)
		emit(ev, Event{Kind: EvGave, Seat: seat, Other: to, Card: c, Loc: l})
		t.stage = 2
	case askCategory:
		t.cat = int8(a.A)
		emit(ev, Event{Kind: EvNamed, Seat: seat, Cat: Category(a.A), Loc: l})
		switch l {
		case Hut:
			cards := g.tiles[l].cards
			g.seen[seat] = g.seen[seat].or(cards)
			g.reveal()
			if ev != nil {
				emit(ev, Event{Kind: EvLooked, Seat: seat, Loc: l, Cards: cards.appendTo(nil), Private: true})
			}
			t.stage = 1
		case Den:
			t.arr[seat] = int8(a.A)
			t.m++
		}
	case askHutTake:
		if a.Kind == ActWord {
			t.stage = 2
			return
		}
		c := int(a.A)
		g.fromTile(l, c)
		if ev != nil {
			emit(ev, Event{Kind: EvTook, Seat: seat, Loc: l, Cards: []int{c}})
		}
		g.gain(t, seat, c, true, ev)
	case askSalon:
		g.answerSalon(t, seat, a, ev)
	case askSalonMove:
		id := g.findAssistant(seat, int8(a.A), Location(a.B))
		from := Location(g.asstOf(id).loc)
		g.lift(id, aReserve)
		as := g.asstOf(id)
		for h := 0; h < HomeSlots; h++ {
			if g.home[seat][h] == 0 {
				g.home[seat][h] = id + 1
				as.where, as.slot = aHome, int8(h)
				break
			}
		}
		t.m |= 1
		emit(ev, Event{Kind: EvMovedHome, Seat: seat, Lib: Library(as.kind), Loc: from})
		g.push(task{op: opHome, seat: t.seat, who: t.seat, by: as.kind, x: id})
	case askGuild:
		g.answerGuild(t, seat, a, ev)
	case askTax:
		c := g.discardOneTo(seat, a, l, ev)
		_ = c
		t.m++
	case askDiscard:
	case askSaleReveal, askSaleBuy:
		g.answerSale(t, seat, a, ev)
	case askCabinet:
		if a.Kind == ActShift {
			g.cabinetMove(seat, a)
			emit(ev, Event{Kind: EvRearranged, Seat: seat, Loc: l})
		}
		t.stage = 1
	}
}

// --- the gambling den ---

// execDen: each seat with an assistant in the den names a category, from
// the acting seat round the table (t.m counts the seats asked); four
// cards are turned over; the best named category takes its cards.
func (g *Game) execDen(t *task, ev *[]Event) {
	seat := int(t.seat)
	switch t.stage {
	case 0:
		for ; int(t.m) < g.n; t.m++ {
			s := (seat + int(t.m)) % g.n
			if g.countOn(Den, s) > 0 {
				t.waitFor(askCategory, s)
				return
			}
			t.arr[s] = -1
		}
		// Turn four cards over.
		var buf [4]int
		shown := buf[:0]
		for i := 0; i < 4; i++ {
			c := g.draw(ev)
			if c < 0 {
				break
			}
			g.limbo.add(c)
			shown = append(shown, c)
		}
		g.reveal()
		emit(ev, Event{Kind: EvRevealed, Seat: seat, Cards: copied(ev, shown), Loc: Den})
		best, winner := -1, -1
		for k := 0; k < g.n; k++ {
			s := (seat + k) % g.n
			if t.arr[s] < 0 {
				continue
			}
			n := 0
			for _, c := range shown {
				n += int(cardIcons[c][t.arr[s]])
			}
			if n > best {
				best, winner = n, s
			}
		}
		t.k = int16(winner)
		t.set2 = g.matching(g.limbo, Category(t.arr[winner]))
		if ev != nil {
			emit(ev, Event{Kind: EvDenWon, Seat: winner, Cat: Category(t.arr[winner]), Count: best, Cards: t.set2.appendTo(nil)})
		}
		t.stage = 1
	case 1:
		winner := int(t.k)
		if c := t.set2.first(); c >= 0 {
			t.set2.remove(c)
			g.limbo.remove(c)
			if winner != seat {
				// The winner takes the cards, not the acting assistant.
				g.toHand(winner, c, true)
				t.set.add(c)
				return
			}
			g.gain(t, winner, c, true, ev)
			return
		}
		rest := g.limbo.appendTo(nil)
		for _, c := range rest {
			g.limbo.remove(c)
			g.toDiscard(c)
		}
		t.stage = 2
		by := t.by
		if winner != seat {
			by = plainKind
		}
		g.push(archiveTask(int8(winner), by, &t.set, 0, g.countOn(Den, -1)))
	default:
		g.pop()
	}
}

// --- the literary salon ---

// salonOptions: "a" moves an assistant of the seat from another tile
// home for a home action, the "b" actions rearrange the collection
// (ruling 21), each once (t.m: 1 a done, 2 b done); "done" ends.
func (g *Game) salonOptions(t *task, dst []Action) []Action {
	seat := int(t.seat)
	var buf [maxAssistants]Action
	if t.m&1 == 0 && g.freeHome(seat) >= 0 && len(g.salonMoves(t, buf[:0])) > 0 {
		dst = append(dst, word(WordA))
	}
	dst = append(dst, word(WordDone))
	return dst
}

// salonB lists the collection changes of the salon's second action.
func (g *Game) salonB(t *task, dst []Action) []Action {
	seat := int(t.seat)
	if t.m&2 != 0 || g.coll[seat].empty() {
		return dst
	}
	coll := g.coll[seat]
	// A place's card for a hand card.
	for c := coll.first(); c >= 0; c = coll.next(c) {
		h := g.hand[seat]
		for k := h.first(); k >= 0; k = h.next(k) {
			dst = append(dst, Action{Kind: ActWordPos, A: WordSwap, B: int16(g.posR[c]), C: g.posC[c], D: int16(k)})
		}
	}
	// Two places' cards for each other.
	for c := coll.first(); c >= 0; c = coll.next(c) {
		for d := coll.next(c); d >= 0; d = coll.next(d) {
			dst = append(dst, Action{Kind: ActWordPos2, A: WordSwap2, B: int16(g.posR[c]), C: g.posC[c], D: int16(g.posR[d]), E: g.posC[d]})
		}
	}
	// A card taken out and archived again elsewhere.
	var b cellBuf
	var gr grid
	var cp comps
	for c := coll.first(); c >= 0; c = coll.next(c) {
		b.n = 0
		for d := coll.first(); d >= 0; d = coll.next(d) {
			if d != c || g.under[c] != 0 {
				b.add(g.posR[d], g.posC[d], d)
			}
		}
		gr.build(b.list())
		cp = comps{}
		cp.label(&gr, b.list())
		for r := gr.minR - 1; r <= gr.maxR+1; r++ {
			if !gr.rowsOK(r) {
				continue
			}
			for col := gr.minC - 1; col <= gr.maxC+1; col++ {
				if r == g.posR[c] && col == g.posC[c] {
					continue
				}
				if gr.n == 0 || runFits(&gr, &cp, r, col, 1) {
					dst = append(dst, Action{Kind: ActWordPos2, A: WordMove, B: int16(g.posR[c]), C: g.posC[c], D: int16(r), E: col})
				}
			}
		}
	}
	return dst
}

// salonMoves lists the seat's assistants on other tiles (not the one
// that set the salon off).
func (g *Game) salonMoves(t *task, dst []Action) []Action {
	seat := int(t.seat)
	for i := 0; i < int(g.nAsst[seat]); i++ {
		a := &g.asst[seat][i]
		if a.where != aTile || aid(seat, i) == t.x {
			continue
		}
		act := Action{Kind: ActPlace, A: int16(a.kind), B: int16(a.loc)}
		dup := false
		for _, d := range dst {
			dup = dup || d == act
		}
		if !dup {
			dst = append(dst, act)
		}
	}
	return dst
}

func (g *Game) freeHome(seat int) int {
	for h := 0; h < HomeSlots; h++ {
		if g.home[seat][h] == 0 {
			return h
		}
	}
	return -1
}

// findAssistant is seat's assistant of kind on tile l.
func (g *Game) findAssistant(seat int, kind int8, l Location) int8 {
	for i := 0; i < int(g.nAsst[seat]); i++ {
		a := &g.asst[seat][i]
		if a.where == aTile && a.kind == kind && Location(a.loc) == l {
			return aid(seat, i)
		}
	}
	return -1
}

func (g *Game) answerSalon(t *task, seat int, a Action, ev *[]Event) {
	switch {
	case a.Kind == ActWord && a.A == WordA:
		t.waitFor(askSalonMove, seat)
	case a.Kind == ActWord:
		t.stage = 1
	case a.A == WordSwap:
		top := g.topAt(seat, int8(a.B), a.C)
		card := int(a.D)
		g.fromHand(seat, card)
		g.coll[seat].remove(top)
		wasDown := g.down.has(top)
		g.down.remove(top)
		g.under[card], g.under[top] = g.under[top], 0
		g.coll[seat].add(card)
		g.setPos(card, int8(a.B), a.C)
		g.toHand(seat, top, true)
		_ = wasDown
		t.m |= 2
		emit(ev, Event{Kind: EvSwapped, Seat: seat, Card: card, Other: top, R: int(a.B), C: int(a.C)})
	case a.A == WordSwap2:
		c1, c2 := g.topAt(seat, int8(a.B), a.C), g.topAt(seat, int8(a.D), a.E)
		g.setPos(c1, int8(a.D), a.E)
		g.setPos(c2, int8(a.B), a.C)
		t.m |= 2
		emit(ev, Event{Kind: EvRearranged, Seat: seat, Loc: Salon})
	case a.A == WordMove:
		c := g.topAt(seat, int8(a.B), a.C)
		g.takeOut(seat, c)
		g.coll[seat].add(c)
		g.setPos(c, int8(a.D), a.E)
		t.m |= 2
		emit(ev, Event{Kind: EvRearranged, Seat: seat, Loc: Salon})
	}
}

// --- the assistants' guild ---

// guildOptions: one of the seat's assistants at home to the place of an
// opponent's assistant on another tile (ruling 25).
func (g *Game) guildOptions(seat int, dst []Action) []Action {
	var kinds [maxAssistants]int8
	nk := 0
	for h := 0; h < HomeSlots; h++ {
		if g.home[seat][h] == 0 {
			continue
		}
		k := g.asstOf(g.home[seat][h] - 1).kind
		dup := false
		for _, o := range kinds[:nk] {
			dup = dup || o == k
		}
		if !dup {
			kinds[nk] = k
			nk++
		}
	}
	for _, kind := range kinds[:nk] {
		for l := Location(1); l <= NumLocations; l++ {
			if l == Guild || !g.inPlay(l) {
				continue
			}
			tl := &g.tiles[l]
			for k := range tl.occ {
				if tl.occ[k] != 0 && aidSeat(tl.occ[k]-1) != seat {
					dst = append(dst, Action{Kind: ActTarget, A: int16(kind), B: int16(l), C: int16(k)})
				}
				if tl.ghost[k] != 0 && aidSeat(tl.ghost[k]-1) != seat {
					dst = append(dst, Action{Kind: ActTarget, A: int16(kind), B: int16(l), C: int16(k), D: 1})
				}
			}
		}
	}
	return dst
}

func (g *Game) answerGuild(t *task, seat int, a Action, ev *[]Event) {
	l := Location(a.B)
	tl := &g.tiles[l]
	slot := int(a.C)
	victim := tl.occ[slot] - 1
	if a.D == 1 {
		victim = tl.ghost[slot] - 1
	}
	g.lift(victim, aReserve)
	emit(ev, Event{Kind: EvBumped, Seat: aidSeat(victim), Lib: Library(g.asstOf(victim).kind), Loc: l})
	var id int8 = -1
	for h := 0; h < HomeSlots; h++ {
		if x := g.home[seat][h]; x != 0 && g.asstOf(x-1).kind == int8(a.A) {
			id = x - 1
			break
		}
	}
	g.lift(id, aReserve)
	as := g.asstOf(id)
	g.arrivals++
	as.placed, as.arrival = true, g.arrivals
	as.where, as.loc, as.slot = aTile, int8(l), int8(slot)
	if tl.occ[slot] == 0 {
		tl.occ[slot] = id + 1
	} else {
		tl.ghost[slot] = id + 1
		as.shared = true
	}
	emit(ev, Event{Kind: EvPlaced, Seat: seat, Lib: Library(as.kind), Loc: l, Slot: slot, Guild: true})
	t.stage = 1
	if !locInfo[l].delayed {
		g.push(task{op: opEffect, seat: t.seat, who: t.seat, loc: int8(l), by: as.kind, x: id})
	}
}

// --- the tax collector ---

// execTaxes: each opponent in turn pays a card onto the tile (t.m counts
// the opponents asked), then the seat may trade its own discards for as
// many of those cards.
func (g *Game) execTaxes(t *task) {
	seat := int(t.seat)
	switch t.stage {
	case 0:
		for ; int(t.m) < g.n-1; t.m++ {
			s := (seat + 1 + int(t.m)) % g.n
			if g.canDiscard(s, 3) {
				t.waitFor(askTax, s)
				return
			}
		}
		t.stage = 1
		if g.tiles[Taxes].cardN > 0 && g.canDiscard(seat, 3) {
			g.push(discardTask(t.seat, 3, 0, int(g.tiles[Taxes].cardN)))
		} else {
			g.reg = cardSet{}
		}
	case 1:
		t.k = int16(g.reg.count())
		t.stage = 2
	case 2:
		if t.k == 0 || g.tiles[Taxes].cardN == 0 {
			g.archiveTaken(t, NumCards)
			return
		}
		t.waitFor(askTake, seat)
	default:
		g.pop()
	}
}

// discardOneTo discards a card of seat's hand or collection onto tile l.
func (g *Game) discardOneTo(seat int, a Action, l Location, ev *[]Event) int {
	var c int
	if a.Kind == ActCard {
		c = int(a.A)
		g.fromHand(seat, c)
	} else {
		c = g.topAt(seat, int8(a.B), a.C)
		g.takeOut(seat, c)
	}
	g.toTile(l, c)
	g.pub.add(c)
	emit(ev, Event{Kind: EvPaid, Seat: seat, Card: c, Loc: l, FromCollection: a.Kind == ActPos})
	return c
}

// --- the great clearance sale ---

// execSale: the seat shows cards of its hand (t.set2), the opponents in
// turn take or archive them one at a time until all are gone or all pass
// in a row (ruling 27; t.m the opponent asked, t.k passes in a row, t.n
// cards sold); then, for each card sold, the seat draws two and archives
// one.
func (g *Game) execSale(t *task, ev *[]Event) {
	seat := int(t.seat)
	switch t.stage {
	case 0:
		if g.handN[seat] == 0 || g.n == 1 {
			g.pop()
			return
		}
		t.waitFor(askSaleReveal, seat)
	case 1:
		if g.hand[seat].and(t.set2).empty() || int(t.k) >= g.n-1 {
			t.stage = 2
			return
		}
		t.waitFor(askSaleBuy, (seat+1+int(t.m))%g.n)
	case 2:
		if t.n == 0 {
			g.pop()
			return
		}
		t.n--
		g.push(archiveTask(t.seat, t.by, nil, 1, 1))
		g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: 2, by: t.by, x: t.x})
	}
}

func (g *Game) answerSale(t *task, seat int, a Action, ev *[]Event) {
	seller := int(t.seat)
	switch t.last {
	case askSaleReveal:
		if a.Kind == ActWord {
			if t.set2.empty() {
				g.pop()
				return
			}
			t.stage = 1
			if ev != nil {
				emit(ev, Event{Kind: EvSaleOpened, Seat: seller, Cards: t.set2.appendTo(nil)})
			}
			return
		}
		c := int(a.A)
		t.set2.add(c)
		g.pub.add(c)
	case askSaleBuy:
		t.m = (t.m + 1) % int16(g.n-1)
		switch a.Kind {
		case ActWord:
			t.k++
			emit(ev, Event{Kind: EvPassed, Seat: seat})
		case ActCardWord:
			c := int(a.A)
			g.fromHand(seller, c)
			g.toHand(seat, c, true)
			t.k = 0
			t.n++
			emit(ev, Event{Kind: EvBought, Seat: seat, Other: seller, Card: c})
		case ActCardPos:
			c := int(a.A)
			g.fromHand(seller, c)
			g.placeCard(seat, c, int8(a.B), a.C, a.D)
			t.k = 0
			t.n++
			emit(ev, Event{Kind: EvBought, Seat: seat, Other: seller, Card: c, Archived: true, R: int(a.B), C: int(a.C)})
		}
	}
}

// --- the cabinetmaker ---

// cabinetMove moves a run of places of row a.B, columns a.C to a.D, to
// row a.E from column a.F.
func (g *Game) cabinetMove(seat int, a Action) {
	var moving [NumCards]int
	n := 0
	s := g.coll[seat]
	for c := s.first(); c >= 0; c = s.next(c) {
		if g.posR[c] == int8(a.B) && g.posC[c] >= a.C && g.posC[c] <= a.D {
			moving[n] = c
			n++
		}
	}
	for _, c := range moving[:n] {
		g.setPos(c, int8(a.E), a.F+g.posC[c]-a.C)
	}
}

// --- delayed effects ---

// execDelayed resolves a tile's delayed effect for the assistants on it.
func (g *Game) execDelayed(t *task, ev *[]Event) {
	l := Location(t.loc)
	switch l {
	case Auction:
		g.execAuction(t, ev)
	case Dump:
		g.execDump(t, ev)
	case Brewery:
		g.execBrewery(t, ev)
	default:
		g.pop()
	}
}

// slotOccupant is the assistant in slot k of l, -1 if none.
func (g *Game) slotOccupant(l Location, k int) int8 { return g.tiles[l].occ[k] - 1 }

// execAuction: the bidder pays as many cards as its bid, then takes the
// tile's cards (t.k cards still to pay).
func (g *Game) execAuction(t *task, ev *[]Event) {
	tl := &g.tiles[Auction]
	switch t.stage {
	case 0:
		for k := range tl.occ {
			if id := tl.occ[k] - 1; id >= 0 {
				s := aidSeat(id)
				t.seat, t.who, t.by, t.x, t.k = int8(s), int8(s), g.asstOf(id).kind, id, int16(k+1)
			}
		}
		if tl.cardN == 0 || int(g.handN[t.seat]) < int(t.k) {
			emit(ev, Event{Kind: EvNoEffect, Seat: int(t.seat), Loc: Auction})
			g.pop()
			return
		}
		t.stage = 1
	case 1:
		if t.k == 0 {
			t.stage = 2
			return
		}
		t.waitFor(askPay, int(t.seat))
	case 2:
		if c := tl.cards.first(); c >= 0 {
			g.fromTile(Auction, c)
			if ev != nil {
				emit(ev, Event{Kind: EvTook, Seat: int(t.seat), Loc: Auction, Cards: []int{c}})
			}
			g.gain(t, int(t.seat), c, true, ev)
			return
		}
		g.archiveTaken(t, NumCards)
	default:
		g.pop()
	}
}

// execDump: each assistant in slot order names a category and may archive
// one card of the discard pile with a book of it (t.m the next slot).
func (g *Game) execDump(t *task, ev *[]Event) {
	switch t.stage {
	case 0:
		for ; int(t.m) < maxSlots; t.m++ {
			id := g.slotOccupant(Dump, int(t.m))
			if id < 0 {
				continue
			}
			s := aidSeat(id)
			t.seat, t.who, t.by, t.x = int8(s), int8(s), g.asstOf(id).kind, id
			if g.discardN == 0 {
				emit(ev, Event{Kind: EvNoEffect, Seat: s, Loc: Dump})
				continue
			}
			t.m++
			t.waitFor(askCategory, s)
			return
		}
		g.pop()
	case 1:
		t.stage = 0
		if g.matching(g.discardSet(), Category(t.cat)).empty() {
			emit(ev, Event{Kind: EvNoEffect, Seat: int(t.seat), Loc: Dump})
			return
		}
		t.waitFor(askDumpTake, int(t.seat))
	}
}

// execBrewery: the first slot's seat turns two cards over per assistant;
// the assistants take one each in slot order until none is left; then
// every seat may archive what it took, all at once.
func (g *Game) execBrewery(t *task, ev *[]Event) {
	switch t.stage {
	case 0:
		n := g.countOn(Brewery, -1)
		first := -1
		g.occupants(Brewery, func(id int8, _ int, _ bool) {
			if first < 0 {
				first = aidSeat(id)
			}
		})
		var buf [2 * 2 * maxSlots]int
		shown := buf[:0]
		for i := 0; i < 2*n; i++ {
			c := g.draw(ev)
			if c < 0 {
				break
			}
			g.limbo.add(c)
			shown = append(shown, c)
		}
		g.reveal()
		emit(ev, Event{Kind: EvRevealed, Seat: first, Cards: copied(ev, shown), Loc: Brewery})
		g.gained = [MaxSeats]cardSet{}
		t.m, t.stage = 0, 1
	case 1:
		if g.limbo.empty() {
			t.stage = 2
			return
		}
		for i := 0; i < maxSlots; i++ {
			k := (int(t.m) + i) % maxSlots
			if id := g.slotOccupant(Brewery, k); id >= 0 {
				s := aidSeat(id)
				t.m = int16(k)
				t.seat, t.by, t.x = int8(s), g.asstOf(id).kind, id
				t.waitFor(askBreweryPick, s)
				return
			}
		}
		t.stage = 2
	case 2:
		t.mask = 0
		for s := 0; s < g.n; s++ {
			if !g.gained[s].and(g.hand[s]).empty() {
				t.mask |= 1 << s
			}
		}
		t.stage = 3
		if t.mask != 0 {
			t.ask = askBreweryArchive
		}
	default:
		g.pop()
	}
}

// breweryBy is the kind that archives for seat at the brewery: its special
// assistant if it is there (ruling 16), else a plain one.
func (g *Game) breweryBy(seat int) int8 {
	if i := g.special(seat); i >= 0 {
		a := &g.asst[seat][i]
		if a.where == aTile && Location(a.loc) == Brewery {
			return a.kind
		}
	}
	return plainKind
}

func (g *Game) answerDelayed(t *task, seat int, a Action, ev *[]Event) {
	switch t.last {
	case askPay:
		c := int(a.A)
		g.fromHand(seat, c)
		g.toDiscard(c)
		if ev != nil {
			emit(ev, Event{Kind: EvDiscarded, Seat: seat, Cards: []int{c}, Loc: Auction})
		}
		t.k--
	case askCategory:
		t.cat = int8(a.A)
		emit(ev, Event{Kind: EvNamed, Seat: seat, Cat: Category(a.A), Loc: Dump})
		t.stage = 1
	case askDumpTake:
		if a.Kind == ActCardPos {
			c := int(a.A)
			g.fromDiscard(c)
			g.placeCard(seat, c, int8(a.B), a.C, a.D)
			emit(ev, Event{Kind: EvArchived, Seat: seat, Card: c, R: int(a.B), C: int(a.C), Mode: int(a.D), Loc: Dump})
		}
	case askBreweryPick:
		c := int(a.A)
		g.limbo.remove(c)
		if ev != nil {
			emit(ev, Event{Kind: EvTook, Seat: seat, Loc: Brewery, Cards: []int{c}})
		}
		g.gained[seat].add(c)
		t.m = (t.m + 1) % maxSlots
		g.gain(t, seat, c, true, ev)
	case askBreweryArchive:
		if a.Kind == ActWord {
			t.mask &^= 1 << seat
			if t.mask == 0 {
				t.ask = askNone
			}
			return
		}
		c := int(a.A)
		g.gained[seat].remove(c)
		g.archive(seat, c, a, ev)
		if g.gained[seat].and(g.hand[seat]).empty() {
			t.mask &^= 1 << seat
			if t.mask == 0 {
				t.ask = askNone
			}
		}
	}
}
