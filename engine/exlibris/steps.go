package exlibris

// The steps many effects share (the home action, drawing, archiving,
// discarding) and the special assistants' powers.

// gain puts card c into seat's hand as taken by task t: t remembers it
// for "you may archive the cards taken", and the witch's power goes off
// (rulings 16 and 31).
func (g *Game) gain(t *task, seat, c int, public bool, ev *[]Event) {
	g.toHand(seat, c, public)
	t.set.add(c)
	if !public {
		g.seen[seat].add(c)
	}
	if t.by == int8(Witch) && g.lib[seat] == Witch && cardIcons[c][g.banned] > 0 && g.canDraw() {
		g.push(task{op: opWitch, seat: int8(seat), who: int8(seat), card: int16(c), by: t.by, x: t.x})
	}
}

// archive takes card c from seat's hand into its collection.
func (g *Game) archive(seat, c int, a Action, ev *[]Event) {
	g.fromHand(seat, c)
	g.placeCard(seat, c, int8(a.B), a.C, a.D)
	emit(ev, Event{Kind: EvArchived, Seat: seat, Card: c, R: int(a.B), C: int(a.C), Mode: int(a.D)})
}

// --- the home action ---

func (g *Game) execHome(t *task) { t.waitFor(askHome, int(t.seat)) }

func (g *Game) answerHome(t *task, a Action, ev *[]Event) {
	seat := int(t.seat)
	switch a.Kind {
	case ActWord:
		g.pop()
		if a.A == WordDraw {
			g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: 1, by: t.by, x: t.x})
		}
	case ActCardPos:
		g.archive(seat, int(a.A), a, ev)
		g.pop()
	}
}

// archiveOptions lists seat's archive actions for the cards of from.
func (g *Game) archiveOptions(seat int, by int8, from cardSet, dst []Action) []Action {
	if from.empty() {
		return dst
	}
	var pbuf [48]Action
	places := pbuf[:0]
	g.archivePlaces(seat, by, func(r int8, c int16, mode int16) {
		places = append(places, Action{B: int16(r), C: c, D: mode})
	})
	for c := from.first(); c >= 0; c = from.next(c) {
		for _, p := range places {
			dst = append(dst, Action{Kind: ActCardPos, A: int16(c), B: p.B, C: p.C, D: p.D})
		}
	}
	return dst
}

// --- drawing ---

// execDraw draws t.n cards one at a time (each may set the witch off),
// then hands the cards drawn to the task that asked for them.
func (g *Game) execDraw(t *task, ev *[]Event) {
	seat := int(t.seat)
	if t.n > 0 {
		t.n--
		c := g.draw(ev)
		if c < 0 {
			t.n = 0
			return
		}
		g.reveal()
		if ev != nil {
			emit(ev, Event{Kind: EvDrew, Seat: seat, Cards: []int{c}, Count: 1, Private: true})
		}
		g.gain(t, seat, c, false, ev)
		return
	}
	set := t.set
	g.pop()
	if p := g.top(); p != nil {
		p.set = p.set.or(set)
	}
}

// --- archiving ---

// An archive task lets who archive from the hand, between n (done) and
// the bounds min (m) and max (k); when arr[0] is 1 only cards of set.
func archiveTask(seat int8, by int8, from *cardSet, least, most int) task {
	t := task{op: opArchive, seat: seat, who: seat, by: by, m: int16(least), k: int16(most), x: -1}
	if from != nil {
		t.set, t.arr[0] = *from, 1
	}
	return t
}

func (g *Game) archiveFrom(t *task) cardSet {
	h := g.hand[t.who]
	if t.arr[0] == 1 {
		h = h.and(t.set)
	}
	return h
}

func (g *Game) execArchive(t *task) {
	if t.n >= t.k || g.archiveFrom(t).empty() {
		g.pop()
		return
	}
	t.waitFor(askArchive, int(t.who))
}

func (g *Game) answerArchive(t *task, a Action, ev *[]Event) {
	if a.Kind == ActWord {
		g.pop()
		return
	}
	g.archive(int(t.who), int(a.A), a, ev)
	t.n++
}

// --- discarding ---

// A discard task lets who discard cards (arr[1]: 1 from the hand, 2 from
// the collection, 3 both) between min (m) and max (k); the cards go to
// the task below through reg.
func discardTask(seat int8, from int8, least, most int) task {
	t := task{op: opDiscard, seat: seat, who: seat, m: int16(least), k: int16(most), x: -1}
	t.arr[1] = from
	return t
}

func (g *Game) execDiscard(t *task) {
	if t.n >= t.k || !g.canDiscard(int(t.who), t.arr[1]) {
		g.reg = t.set
		g.pop()
		return
	}
	t.waitFor(askDiscard, int(t.who))
}

func (g *Game) canDiscard(seat int, from int8) bool {
	return from&1 != 0 && g.handN[seat] > 0 || from&2 != 0 && !g.coll[seat].empty()
}

// discardOptions lists the cards seat may discard: from the hand, and the
// top cards of the collection that can leave it (ruling 14).
func (g *Game) discardOptions(seat int, from int8, only cardSet, dst []Action) []Action {
	if from&1 != 0 {
		h := g.hand[seat].and(only)
		for c := h.first(); c >= 0; c = h.next(c) {
			dst = append(dst, Action{Kind: ActCard, A: int16(c)})
		}
	}
	if from&2 != 0 {
		var s cardSet
		if c := only.first(); c >= 0 && only.next(c) < 0 {
			if g.coll[seat].has(c) && g.removable(seat, c) {
				s.add(c)
			}
		} else {
			s = g.removableSet(seat).and(only)
		}
		for c := s.first(); c >= 0; c = s.next(c) {
			dst = append(dst, Action{Kind: ActPos, B: int16(g.posR[c]), C: g.posC[c]})
		}
	}
	return dst
}

// discardOne discards what a discard option names, returning the card.
func (g *Game) discardOne(seat int, a Action, ev *[]Event) int {
	var c int
	if a.Kind == ActCard {
		c = int(a.A)
		g.fromHand(seat, c)
		if ev != nil {
			emit(ev, Event{Kind: EvDiscarded, Seat: seat, Cards: []int{c}})
		}
	} else {
		c = g.topAt(seat, int8(a.B), a.C)
		g.takeOut(seat, c)
		if ev != nil {
			emit(ev, Event{Kind: EvDiscarded, Seat: seat, Cards: []int{c}, FromCollection: true, R: int(a.B), C: int(a.C)})
		}
	}
	g.toDiscard(c)
	return c
}

func (g *Game) answerDiscard(t *task, a Action, ev *[]Event) {
	if a.Kind == ActWord {
		g.reg = t.set
		g.pop()
		return
	}
	t.set.add(g.discardOne(int(t.who), a, ev))
	t.n++
}

// --- the witch ---

// execWitch turns the deck's top card over beside the banned card the
// witch took; its owner keeps one of the two.
func (g *Game) execWitch(t *task, ev *[]Event) {
	c := g.draw(ev)
	if c < 0 {
		g.pop()
		return
	}
	g.reveal()
	g.limbo.add(c)
	t.n = int16(c)
	if ev != nil {
		emit(ev, Event{Kind: EvRevealed, Seat: int(t.seat), Cards: []int{c}})
	}
	t.waitFor(askWitch, int(t.seat))
}

// witchCards are the card taken and the card turned over.
func witchCards(t *task) (taken, shown int) { return int(t.card), int(t.n) }

func (g *Game) answerWitch(t *task, a Action, ev *[]Event) {
	seat := int(t.seat)
	taken, shown := witchCards(t)
	g.limbo.remove(shown)
	g.pop()
	if int(a.A) == taken {
		g.toDiscard(shown)
		emit(ev, Event{Kind: EvWitchKept, Seat: seat, Card: taken, Other: shown})
		return
	}
	g.fromHand(seat, taken)
	g.toDiscard(taken)
	g.toHand(seat, shown, true)
	emit(ev, Event{Kind: EvWitchKept, Seat: seat, Card: shown, Other: taken})
	if p := g.top(); p != nil {
		if p.set.has(taken) {
			p.set.remove(taken)
			p.set.add(shown)
		}
		if g.gained[seat].has(taken) {
			g.gained[seat].remove(taken)
			g.gained[seat].add(shown)
		}
	}
}

// --- the gelatinous cube ---

// execCube asks the seat arriving on the cube's tile (who) to give its
// owner a random card or both home actions.
func (g *Game) execCube(t *task) { t.waitFor(askCube, int(t.who)) }

func (g *Game) answerCube(t *task, a Action, ev *[]Event) {
	owner, victim := int(t.seat), int(t.who)
	g.pop()
	if a.A == WordGive {
		c := g.hand[victim].nth(g.rng.IntN(int(g.handN[victim])))
		g.fromHand(victim, c)
		g.toHand(owner, c, false)
		g.seen[owner].add(c)
		g.seen[victim].add(c)
		g.reveal()
		emit(ev, Event{Kind: EvGaveAtRandom, Seat: owner, Other: victim, Card: c, Private: true})
		return
	}
	emit(ev, Event{Kind: EvCubeHome, Seat: owner, Other: victim})
	g.push(archiveTask(int8(owner), int8(Cube), nil, 0, 1))
	g.push(task{op: opDraw, seat: int8(owner), who: int8(owner), n: 1, by: int8(Cube), x: -1})
}

// --- the sasquatch ---

func (g *Game) answerSasquatch(t *task, a Action, ev *[]Event) {
	owner := int(t.seat)
	g.pop()
	if a.A == WordRecall {
		id := aid(owner, g.special(owner))
		l := Location(g.asstOf(id).loc)
		g.lift(id, aReserve)
		emit(ev, Event{Kind: EvRecalled, Seat: owner, Lib: Sasquatch, Loc: l})
	}
}

// --- the sneaky goblin ---

// execGoblin: its owner picks an opponent on the tile and a category
// (t.m marks the opponents already asked, t.k the one asked now).
func (g *Game) execGoblin(t *task, ev *[]Event) {
	owner := int(t.seat)
	switch t.stage {
	case 0:
		if len(g.goblinTargets(t, nil)) == 0 {
			t.stage = 2
			return
		}
		t.waitFor(askGoblin, owner)
	case 1:
		victim := int(t.k)
		if g.matching(g.hand[victim], Category(t.cat)).empty() {
			// Nothing to give: the hand is shown to the goblin's owner.
			hand := g.hand[victim].appendTo(nil)
			g.seen[owner] = g.seen[owner].or(g.hand[victim])
			g.reveal()
			emit(ev, Event{Kind: EvHandShown, Seat: owner, Other: victim, Cards: hand, Cat: Category(t.cat), Private: true})
			t.stage = 0
			return
		}
		t.waitFor(askGoblinGive, victim)
	case 2:
		t.stage = 3
		g.push(archiveTask(t.seat, t.by, &t.set, 0, NumCards))
	default:
		g.pop()
	}
}

// goblinTargets lists the opponents the goblin may still ask, with every
// category.
func (g *Game) goblinTargets(t *task, dst []Action) []Action {
	owner := int(t.seat)
	for s := 0; s < g.n; s++ {
		if s == owner || t.m&(1<<s) != 0 || g.countOn(Location(t.loc), s) == 0 {
			continue
		}
		for c := Category(0); c < NumCategories; c++ {
			dst = append(dst, Action{Kind: ActSeatCat, A: int16(s), B: int16(c)})
		}
	}
	return dst
}

// matching are the cards of s with a book of category c.
func (g *Game) matching(s cardSet, c Category) cardSet {
	var out cardSet
	for k := s.first(); k >= 0; k = s.next(k) {
		if cardIcons[k][c] > 0 {
			out.add(k)
		}
	}
	return out
}

func (g *Game) answerGoblin(t *task, a Action, ev *[]Event) {
	owner := int(t.seat)
	switch t.last {
	case askGoblin:
		if a.Kind == ActWord {
			t.stage = 2
			return
		}
		t.m |= 1 << a.A
		t.k, t.cat = a.A, int8(a.B)
		t.stage = 1
		emit(ev, Event{Kind: EvGoblinAsks, Seat: owner, Other: int(a.A), Cat: Category(a.B)})
	case askGoblinGive:
		victim, c := int(t.k), int(a.A)
		g.fromHand(victim, c)
		g.seen[victim].add(c)
		emit(ev, Event{Kind: EvGave, Seat: victim, Other: owner, Card: c})
		g.gain(t, owner, c, true, ev)
		t.stage = 0
	}
}

// --- the automaton ---

func (g *Game) execAutomaton(t *task) {
	if t.n == 0 {
		g.pop()
		return
	}
	t.n--
	g.push(task{op: opHome, seat: t.seat, who: t.seat, by: t.by, x: t.x})
}

// --- the will-o'-the-wisp ---

func (g *Game) execWisp(t *task) { t.waitFor(askWisp, int(t.seat)) }

func (g *Game) answerWisp(t *task, a Action, ev *[]Event) {
	seat, l := t.seat, Location(t.loc)
	by, x := t.by, t.x
	g.pop()
	homes := 0
	switch {
	case a.Kind == ActWord && a.A == WordOne:
		// An unseen card, chosen at random (ruling 37).
		c := g.tiles[l].cards.nth(g.rng.IntN(int(g.tiles[l].cardN)))
		g.fromTile(l, c)
		g.toDiscard(c)
		if ev != nil {
			emit(ev, Event{Kind: EvTileDiscarded, Seat: int(seat), Loc: l, Cards: []int{c}})
		}
		homes = 1
	case a.Kind == ActWordCard:
		c := int(a.B)
		g.fromTile(l, c)
		g.toDiscard(c)
		if ev != nil {
			emit(ev, Event{Kind: EvTileDiscarded, Seat: int(seat), Loc: l, Cards: []int{c}})
		}
		homes = 1
	case a.A == WordAll:
		cards := g.tiles[l].cards
		for c := cards.first(); c >= 0; c = cards.next(c) {
			g.fromTile(l, c)
			g.toDiscard(c)
		}
		if ev != nil {
			emit(ev, Event{Kind: EvTileDiscarded, Seat: int(seat), Loc: l, Cards: cards.appendTo(nil)})
		}
		homes = 2
	}
	if homes > 0 && locInfo[l].faceDown {
		g.reveal()
	}
	for i := 0; i < homes; i++ {
		g.push(task{op: opHome, seat: seat, who: seat, by: by, x: x})
	}
}

// --- the bookworm ---

// execBookworm: both home actions, draw then archive (ruling 34), then
// once more for a discarded card (t.m: the second time).
func (g *Game) execBookworm(t *task) {
	switch t.stage {
	case 0:
		t.stage = 1
		if g.canDraw() {
			t.waitFor(askBookwormDraw, int(t.seat))
		}
	case 1:
		t.stage = 2
		g.push(archiveTask(t.seat, t.by, nil, 0, 1))
	case 2:
		if t.m == 1 || g.handN[t.seat] == 0 {
			g.pop()
			return
		}
		t.waitFor(askBookwormAgain, int(t.seat))
	}
}

func (g *Game) answerBookworm(t *task, a Action, ev *[]Event) {
	switch t.last {
	case askBookwormDraw:
		if a.A == WordDraw {
			g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: 1, by: t.by, x: t.x})
		}
	case askBookwormAgain:
		if a.Kind == ActWord {
			g.pop()
			return
		}
		c := int(a.A)
		g.fromHand(int(t.seat), c)
		g.toDiscard(c)
		if ev != nil {
			emit(ev, Event{Kind: EvDiscarded, Seat: int(t.seat), Cards: []int{c}})
		}
		t.m, t.stage = 1, 0
	}
}

// --- the junk golem ---

func (g *Game) execGolem(t *task) { t.waitFor(askGolem, int(t.seat)) }

func (g *Game) answerGolem(t *task, a Action, ev *[]Event) {
	seat, l := int(t.seat), Location(t.loc)
	g.pop()
	switch a.Kind {
	case ActCardWord:
		c := int(a.A)
		g.fromTile(l, c)
		g.toHand(seat, c, true)
		if ev != nil {
			emit(ev, Event{Kind: EvTook, Seat: seat, Loc: l, Cards: []int{c}})
		}
	case ActCardPos:
		c := int(a.A)
		g.fromTile(l, c)
		g.placeCard(seat, c, int8(a.B), a.C, a.D)
		emit(ev, Event{Kind: EvArchived, Seat: seat, Card: c, R: int(a.B), C: int(a.C), Loc: l})
	}
	if locInfo[l].faceDown && a.Kind != ActWord {
		g.reveal()
	}
}
