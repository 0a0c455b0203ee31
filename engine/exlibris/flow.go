package exlibris

// The game runs as a stack of small procedures (tasks). A task advances
// by stages; when it needs a decision it sets ask and the game waits for
// the seat asked (who), whose move the task then takes in. Everything
// between two decisions runs at once, so a position is always "waiting
// for these seats to answer this question".

// op is a task's procedure.
type op uint8

const (
	opGame op = iota + 1
	opRound
	opArrive
	opResolve
	opFinal
	opEffect  // a location's instant effect
	opDelayed // a location's delayed effect
	opHome
	opDraw
	opArchive
	opDiscard
	opWitch
	opCube
	opSasquatch
	opGoblin
	opAutomaton
	opWisp
	opBookworm
	opGolem
)

// ask is a question a task waits on; its name is the Decision's Kind.
type ask uint8

const (
	askNone ask = iota
	askLibrary
	askLibraryDiscard
	askPlace
	askHome
	askArchive
	askDiscard
	askTake
	askExchange
	askGive
	askCategory
	askSalon
	askSalonMove
	askGuild
	askTax
	askSaleReveal
	askSaleBuy
	askCabinet
	askPay
	askDumpTake
	askBreweryPick
	askBreweryArchive
	askGolem
	askCube
	askSasquatch
	askGoblin
	askGoblinGive
	askWisp
	askBookwormDraw
	askBookwormAgain
	askWitch
	askHutTake
	askFlip
	askEliminate
	numAsks
)

var askNames = [numAsks]string{"", "library", "library_discard", "place", "home", "archive", "discard", "take",
	"exchange", "give", "category", "salon", "salon_move", "guild", "tax", "sale_reveal", "sale_buy", "cabinet",
	"pay", "dump_take", "brewery_pick", "brewery_archive", "golem", "cube", "sasquatch", "goblin", "goblin_give",
	"wisp", "bookworm_draw", "bookworm_again", "witch", "hut_take", "flip", "eliminate"}

// parallel asks wait on several seats at once (mask), each answering
// for itself until it says it is done.
func (a ask) parallel() bool { return a == askFlip || a == askBreweryArchive }

// maxDepth bounds the task stack. The deepest chain is eight tasks (the
// game, a round, an arrival, the guild, the salon it sends to, a home
// action, a draw, the witch); random games never stand deeper than seven
// at a decision. Four more are a margin: every task costs a view 72
// bytes.
const maxDepth = 12

// task fields run from the widest to the narrowest, so that a task packs
// into 72 bytes.
type task struct {
	set  cardSet // the cards this step took, for "you may archive them"
	set2 cardSet
	n    int16
	m    int16
	k    int16
	card int16 // a card the step is about
	op   op
	// stage is where the task is in its procedure.
	stage uint8
	ask   ask
	last  ask  // the ask being answered (answer clears ask first)
	seat  int8 // whose procedure it is
	who   int8 // who answers the ask
	loc   int8 // the tile concerned, 0 none or home
	by    int8 // the acting assistant's kind (plainKind or a Library)
	x     int8 // the acting assistant's id, -1 none
	cat   int8
	mask  uint8 // parallel asks: the seats still answering
	// started: the step has told its start (an effect's event).
	started bool
	arr     [MaxSeats]int8
}

func (g *Game) push(t task) {
	if g.depth == maxDepth {
		panic("exlibris: task stack overflow")
	}
	g.stack[g.depth] = t
	g.depth++
}

func (g *Game) pop() { g.depth-- }

// top is the task on top of the stack, nil when none.
func (g *Game) top() *task {
	if g.depth == 0 {
		return nil
	}
	return &g.stack[g.depth-1]
}

// parent is the task under t (which must be on top), nil for none.
func (g *Game) parent() *task {
	if g.depth < 2 {
		return nil
	}
	return &g.stack[g.depth-2]
}

// run advances the tasks until one waits for a decision or none is left.
func (g *Game) run(ev *[]Event) {
	for g.depth > 0 {
		t := &g.stack[g.depth-1]
		if t.ask != askNone {
			return
		}
		g.exec(t, ev)
	}
}

// waitFor makes t wait for seat's answer to a.
func (t *task) waitFor(a ask, seat int) {
	t.ask, t.who = a, int8(seat)
}

func (g *Game) exec(t *task, ev *[]Event) {
	switch t.op {
	case opGame:
		g.execGame(t, ev)
	case opRound:
		g.execRound(t, ev)
	case opArrive:
		g.execArrive(t, ev)
	case opResolve:
		g.execResolve(t, ev)
	case opFinal:
		g.execFinal(t, ev)
	case opEffect:
		g.execEffect(t, ev)
	case opDelayed:
		g.execDelayed(t, ev)
	case opHome:
		g.execHome(t)
	case opDraw:
		g.execDraw(t, ev)
	case opArchive:
		g.execArchive(t)
	case opDiscard:
		g.execDiscard(t)
	case opWitch:
		g.execWitch(t, ev)
	case opCube:
		g.execCube(t)
	case opSasquatch:
		t.waitFor(askSasquatch, int(t.seat))
	case opGoblin:
		g.execGoblin(t, ev)
	case opAutomaton:
		g.execAutomaton(t)
	case opWisp:
		g.execWisp(t)
	case opBookworm:
		g.execBookworm(t)
	case opGolem:
		g.execGolem(t)
	default:
		panic("exlibris: unknown task")
	}
}

// answer feeds seat's decision to the task waiting for it.
func (g *Game) answer(t *task, seat int, a Action, ev *[]Event) {
	t.last = t.ask
	if !t.ask.parallel() {
		t.ask = askNone
	}
	switch t.op {
	case opGame:
		g.answerGame(t, a, ev)
	case opRound:
		g.answerRound(t, a, ev)
	case opEffect:
		g.answerEffect(t, seat, a, ev)
	case opDelayed:
		g.answerDelayed(t, seat, a, ev)
	case opFinal:
		g.answerFinal(t, seat, a, ev)
	case opHome:
		g.answerHome(t, a, ev)
	case opArchive:
		g.answerArchive(t, a, ev)
	case opDiscard:
		g.answerDiscard(t, a, ev)
	case opWitch:
		g.answerWitch(t, a, ev)
	case opCube:
		g.answerCube(t, a, ev)
	case opSasquatch:
		g.answerSasquatch(t, a, ev)
	case opGoblin:
		g.answerGoblin(t, a, ev)
	case opWisp:
		g.answerWisp(t, a, ev)
	case opBookworm:
		g.answerBookworm(t, a, ev)
	case opGolem:
		g.answerGolem(t, a, ev)
	default:
		panic("exlibris: a task that asks nothing was answered")
	}
}

// --- the game ---

func (g *Game) execGame(t *task, ev *[]Event) {
	switch t.stage {
	case 0: // the library draft (solo: the choice of one of two)
		if g.pool == 0 {
			t.stage = 1
			return
		}
		if int(t.n) == g.n {
			g.pool = 0 // the rest go back to the box
			t.stage = 1
			return
		}
		if ev != nil {
			emit(ev, Event{Kind: EvLibrariesOffered, Seat: -1, Libs: g.poolList()})
		}
		t.waitFor(askLibrary, g.drafter(int(t.n)))
	case 1:
		g.giveAssistants()
		t.stage = 2
	case 2:
		if g.over {
			g.pop()
			return
		}
		t.stage = 3
		g.push(task{op: opRound, seat: -1, x: -1})
	case 3:
		final := g.solo && g.round >= SoloRounds || !g.solo && g.roundWasLast
		if final {
			t.stage = 4
			g.push(task{op: opFinal, seat: -1, x: -1})
			return
		}
		t.stage = 2
	case 4:
		g.pop()
	}
}

// drafter is the seat choosing the i-th library: from the last seat
// backwards (ruling 2).
func (g *Game) drafter(i int) int { return g.n - 1 - i }

func (g *Game) poolList() []Library {
	var out []Library
	for l := Library(0); l < NumLibraries; l++ {
		if g.pool&(1<<l) != 0 {
			out = append(out, l)
		}
	}
	return out
}

func (g *Game) answerGame(t *task, a Action, ev *[]Event) {
	lib := Library(a.A)
	seat := int(t.who)
	g.pool &^= 1 << lib
	switch t.last {
	case askLibrary:
		g.lib[seat] = lib
		emit(ev, Event{Kind: EvLibraryChosen, Seat: seat, Lib: lib})
		left := popcount16(g.pool)
		switch {
		case g.solo || left == 0:
			t.n++
		case left == 1:
			// The last library left is discarded without a choice.
			emit(ev, Event{Kind: EvLibraryDiscarded, Seat: seat, Lib: Library(firstBit16(g.pool))})
			g.pool = 0
			t.n++
		default:
			t.waitFor(askLibraryDiscard, seat)
		}
	case askLibraryDiscard:
		emit(ev, Event{Kind: EvLibraryDiscarded, Seat: seat, Lib: lib})
		t.n++
	}
}

// --- a round ---

func (g *Game) execRound(t *task, ev *[]Event) {
	switch t.stage {
	case 0:
		g.prepare(t, ev)
	case 1: // placement, one assistant at a time
		for k := 0; k < g.n; k++ {
			s := (int(g.placer) + k) % g.n
			if g.available(s) {
				g.placer = int8(s)
				t.waitFor(askPlace, s)
				return
			}
		}
		t.stage, t.n = 2, 0
	case 2: // resolution, in the tiles' order
		for l := int(t.n) + 1; l <= NumLocations; l++ {
			if g.inPlay(Location(l)) {
				t.n = int16(l)
				g.push(task{op: opResolve, seat: -1, loc: int8(l), x: -1})
				return
			}
		}
		t.stage = 3
	case 3:
		g.restore(t, ev)
	case 4:
		g.pop()
	}
}

func (g *Game) answerRound(t *task, a Action, ev *[]Event) {
	switch t.last {
	case askPlace:
		g.place(int(t.who), a, ev)
		g.placer = int8((int(t.who) + 1) % g.n)
	case askEliminate:
		l := Location(a.A)
		g.tiles[l].state = tOff
		emit(ev, Event{Kind: EvEliminated, Seat: 0, Loc: l})
		t.m++
	}
}

// prepare is the preparation phase: new tiles, their cards (solo: a hint
// and the public library's share instead of new tiles).
func (g *Game) prepare(t *task, ev *[]Event) {
	g.round++
	g.roundWasLast = g.lastRound
	for s := 0; s < g.n; s++ {
		for i := 0; i < int(g.nAsst[s]); i++ {
			a := &g.asst[s][i]
			a.where, a.placed, a.loc, a.slot, a.shared = aReserve, false, 0, 0, false
		}
		g.home[s] = [HomeSlots]int8{}
	}
	emit(ev, Event{Kind: EvRoundStarted, Seat: int(g.first), Round: int(g.round), Last: g.lastRound})
	if g.solo {
		if (g.round == 2 || g.round == 4) && g.hintsShown < 2 {
			emit(ev, Event{Kind: EvSoloHint, Seat: -1, Cat: g.hints[g.hintsShown]})
			g.hintsShown++
		}
		var buf [NumCards]int
		shared := buf[:0]
		for i := 0; i < soloLevels[g.opts.Level].Discards; i++ {
			c := g.draw(ev)
			if c < 0 {
				break
			}
			g.toDiscard(c)
			g.reveal()
			shared = append(shared, c)
		}
		emit(ev, Event{Kind: EvSoloDiscards, Seat: -1, Cards: copied(ev, shared)})
	} else {
		draw := g.n
		if g.round == 1 {
			g.tiles[Tent].state = tInPlay
			emit(ev, Event{Kind: EvLocationRevealed, Seat: -1, Loc: Tent})
			draw--
		}
		for i := 0; i < draw; i++ {
			l := g.popTile()
			if l == 0 {
				break
			}
			g.tiles[l].state = tInPlay
			emit(ev, Event{Kind: EvLocationRevealed, Seat: -1, Loc: l})
		}
	}
	for l := Location(1); l <= NumLocations; l++ {
		if !g.inPlay(l) || locInfo[l].setup == 0 {
			continue
		}
		d := &locInfo[l]
		var buf [maxSetup]int
		laid := buf[:0]
		for i := 0; i < int(d.setup); i++ {
			c := g.draw(ev)
			if c < 0 {
				break
			}
			g.toTile(l, c)
			laid = append(laid, c)
		}
		if d.faceDown {
			emit(ev, Event{Kind: EvLocationSetUp, Seat: -1, Loc: l, Count: len(laid)})
		} else {
			for _, c := range laid {
				g.pub.add(c)
			}
			g.reveal()
			emit(ev, Event{Kind: EvLocationSetUp, Seat: -1, Loc: l, Cards: copied(ev, laid), Count: len(laid)})
		}
	}
	g.placer = g.first
	t.stage = 1
}

// restore is the restoration phase: the lowest new tile stays for good,
// the others go to the tile discard, the home assistants come back, and
// the last round is called when a collection is large enough (solo: two
// tiles leave the game and one comes in).
func (g *Game) restore(t *task, ev *[]Event) {
	if g.solo {
		if g.round >= SoloRounds {
			// The last round's tiles all leave: nothing to choose.
			t.stage = 4
			return
		}
		if t.m < 2 && g.tilesInPlay() > 0 {
			t.waitFor(askEliminate, 0)
			return
		}
		if l := g.popTileSolo(); l != 0 {
			g.tiles[l].state = tPermanent
			emit(ev, Event{Kind: EvLocationRevealed, Seat: -1, Loc: l})
		}
		t.stage = 4
		return
	}
	if g.roundWasLast {
		t.stage = 4
		return
	}
	kept := Location(0)
	for l := Location(1); l <= NumLocations; l++ {
		if g.tiles[l].state != tInPlay {
			continue
		}
		if kept == 0 {
			kept = l
			g.tiles[l].state = tPermanent
			emit(ev, Event{Kind: EvLocationPermanent, Seat: -1, Loc: l})
			continue
		}
		g.tiles[l].state = tOff
		g.tdisc[g.tdiscN] = int8(l)
		g.tdiscN++
	}
	for s := 0; s < g.n; s++ {
		if g.lastRound {
			break
		}
		if g.collectionSize(s) >= EndTrigger(g.n, g.opts.Long) {
			g.lastRound, g.trigger = true, int8(s)
			emit(ev, Event{Kind: EvLastRound, Seat: s, Count: g.collectionSize(s)})
		}
	}
	if !g.lastRound && int(g.round)+1 >= MaxRounds {
		g.lastRound = true
		emit(ev, Event{Kind: EvLastRound, Seat: -1, Count: int(g.round) + 1})
	}
	t.stage = 4
}

// popTileSolo draws the solo pile, never reshuffling: eliminated tiles
// are out of the game.
func (g *Game) popTileSolo() Location {
	if g.pileN == 0 {
		return 0
	}
	g.pileN--
	return Location(g.pile[g.pileN])
}

func (g *Game) tilesInPlay() int {
	n := 0
	for l := Location(1); l <= NumLocations; l++ {
		if g.inPlay(l) {
			n++
		}
	}
	return n
}

// --- placement ---

// place puts seat's assistant where the action says.
func (g *Game) place(seat int, a Action, ev *[]Event) {
	kind := int8(a.A)
	idx := -1
	for i := 0; i < int(g.nAsst[seat]); i++ {
		if g.asst[seat][i].where == aReserve && g.asst[seat][i].kind == kind {
			idx = i
			break
		}
	}
	id := aid(seat, idx)
	as := &g.asst[seat][idx]
	g.arrivals++
	as.placed, as.arrival = true, g.arrivals
	l := Location(a.B)
	if l == 0 {
		for h := 0; h < HomeSlots; h++ {
			if g.home[seat][h] == 0 {
				g.home[seat][h] = id + 1
				as.where, as.slot = aHome, int8(h)
				break
			}
		}
		emit(ev, Event{Kind: EvPlaced, Seat: seat, Lib: Library(kind), Slot: int(as.slot)})
		g.push(task{op: opArrive, seat: int8(seat), loc: 0, by: kind, x: id})
		return
	}
	tl := &g.tiles[l]
	slot := -1
	switch {
	case l == Auction:
		slot = int(a.C) - 1
		for k := range tl.occ {
			if tl.occ[k] != 0 {
				out := tl.occ[k] - 1
				g.lift(out, aReserve)
				emit(ev, Event{Kind: EvBumped, Seat: aidSeat(out), Lib: Library(g.asstOf(out).kind), Loc: l})
			}
		}
	case a.C == PlaceShared:
		for k := range tl.occ {
			if tl.occ[k] != 0 && tl.ghost[k] == 0 {
				slot = k
				break
			}
		}
		tl.ghost[slot] = id + 1
		as.where, as.loc, as.slot, as.shared = aTile, int8(l), int8(slot), true
		emit(ev, Event{Kind: EvPlaced, Seat: seat, Lib: Library(kind), Loc: l, Slot: slot, Shared: true})
		g.push(task{op: opArrive, seat: int8(seat), loc: int8(l), by: kind, x: id})
		return
	default:
		slot = g.freeSlot(l)
	}
	tl.occ[slot] = id + 1
	as.where, as.loc, as.slot = aTile, int8(l), int8(slot)
	emit(ev, Event{Kind: EvPlaced, Seat: seat, Lib: Library(kind), Loc: l, Slot: slot})
	g.push(task{op: opArrive, seat: int8(seat), loc: int8(l), by: kind, x: id})
}

// freeSlot is the first free slot of l used at this table, -1 if none.
func (g *Game) freeSlot(l Location) int {
	for k, least := range locInfo[l].slots {
		if int(least) <= g.n && g.tiles[l].occ[k] == 0 {
			return k
		}
	}
	return -1
}

// placeOptions lists where seat may place which assistant (ruling 9 for
// the snowman, the sasquatch and the ghost).
func (g *Game) placeOptions(seat int, dst []Action) []Action {
	var kinds [maxAssistants]int8
	nk := 0
	for i := 0; i < int(g.nAsst[seat]); i++ {
		a := &g.asst[seat][i]
		if a.where != aReserve {
			continue
		}
		dup := false
		for _, k := range kinds[:nk] {
			dup = dup || k == a.kind
		}
		if !dup {
			kinds[nk] = a.kind
			nk++
		}
	}
	_, snowAt := g.specialTile(Snowman)
	for _, kind := range kinds[:nk] {
		for h := 0; h < HomeSlots; h++ {
			if g.home[seat][h] == 0 {
				dst = append(dst, Action{Kind: ActPlace, A: int16(kind)})
				break
			}
		}
		for l := Location(1); l <= NumLocations; l++ {
			if !g.inPlay(l) {
				continue
			}
			d := &locInfo[l]
			if snowAt == l && !d.delayed {
				continue
			}
			if g.solo && g.countOn(l, seat) > 0 {
				continue
			}
			if Library(kind) == Sasquatch && g.opponentOn(l, seat) {
				continue
			}
			if Library(kind) == Ghost && l == Tent {
				continue
			}
			tl := &g.tiles[l]
			if l == Auction {
				bid := 0
				for k := range tl.occ {
					if tl.occ[k] != 0 {
						bid = k + 1
					}
				}
				for b := bid + 1; b <= len(d.slots); b++ {
					if int(d.slots[b-1]) <= g.n {
						dst = append(dst, Action{Kind: ActPlace, A: int16(kind), B: int16(l), C: int16(b)})
					}
				}
				continue
			}
			if g.freeSlot(l) >= 0 {
				dst = append(dst, Action{Kind: ActPlace, A: int16(kind), B: int16(l)})
			}
			if Library(kind) == Ghost && !d.delayed {
				for k := range tl.occ {
					if tl.occ[k] != 0 && tl.ghost[k] == 0 {
						dst = append(dst, Action{Kind: ActPlace, A: int16(kind), B: int16(l), C: PlaceShared})
						break
					}
				}
			}
		}
	}
	return dst
}

// --- an assistant arrives ---

// execArrive applies what an arrival sets off, in the rulebook's order of
// priority (ruling 10): the powers of special assistants already on the
// tile (in their order of arrival), then the arriving one's power, then
// the tile's instant effect (or the home action).
func (g *Game) execArrive(t *task, ev *[]Event) {
	seat := int(t.seat)
	l := Location(t.loc)
	switch t.stage {
	case 0:
		if l != 0 {
			// m marks the reactions done: 1 the cube, 2 the sasquatch.
			bestArr, best := int16(1<<15-1), -1
			for i, lib := range [2]Library{Cube, Sasquatch} {
				if t.m&(1<<i) != 0 {
					continue
				}
				owner, at := g.specialTile(lib)
				if at != l || owner == seat {
					continue
				}
				arr := g.asst[owner][g.special(owner)].arrival
				if arr < bestArr {
					bestArr, best = arr, i
				}
			}
			if best >= 0 {
				t.m |= 1 << best
				owner, _ := g.specialTile([2]Library{Cube, Sasquatch}[best])
				if best == 0 {
					g.push(task{op: opCube, seat: int8(owner), who: int8(seat), loc: t.loc, by: int8(Cube), x: -1})
				} else {
					g.push(task{op: opSasquatch, seat: int8(owner), who: int8(owner), loc: t.loc, by: int8(Sasquatch), x: -1})
				}
				return
			}
		}
		t.stage = 1
	case 1:
		t.stage = 2
		as := g.asstOf(t.x)
		switch Library(t.by) {
		case Ghost:
			if as.shared {
				g.push(task{op: opDraw, seat: t.seat, who: t.seat, n: 1, by: t.by, x: t.x})
			}
		case Goblin:
			if l != 0 && g.opponentOn(l, seat) {
				g.push(task{op: opGoblin, seat: t.seat, who: t.seat, loc: t.loc, by: t.by, x: t.x})
			}
		case Automaton:
			others := 0
			if l == 0 {
				for h := 0; h < HomeSlots; h++ {
					if g.home[seat][h] != 0 {
						others++
					}
				}
				others--
			} else {
				others = g.countOn(l, seat) - 1
			}
			if others > 0 {
				g.push(task{op: opAutomaton, seat: t.seat, who: t.seat, n: int16(others), by: t.by, x: t.x})
			}
		case Wisp:
			if l != 0 && g.tiles[l].cardN > 0 {
				g.push(task{op: opWisp, seat: t.seat, who: t.seat, loc: t.loc, by: t.by, x: t.x})
			}
		}
	case 2:
		t.stage = 3
		switch {
		case l == 0 && Library(t.by) == Bookworm:
			g.push(task{op: opBookworm, seat: t.seat, who: t.seat, by: t.by, x: t.x})
		case l == 0:
			g.push(task{op: opHome, seat: t.seat, who: t.seat, by: t.by, x: t.x})
		case !locInfo[l].delayed && g.asstOf(t.x).where == aTile && Location(g.asstOf(t.x).loc) == l:
			g.push(task{op: opEffect, seat: t.seat, who: t.seat, loc: t.loc, by: t.by, x: t.x})
		}
	default:
		g.pop()
	}
}

// --- resolution ---

func (g *Game) execResolve(t *task, ev *[]Event) {
	l := Location(t.loc)
	switch t.stage {
	case 0:
		emit(ev, Event{Kind: EvResolving, Seat: -1, Loc: l})
		t.stage = 1
		if locInfo[l].delayed && g.countOn(l, -1) > 0 {
			g.push(task{op: opDelayed, seat: -1, loc: t.loc, x: -1})
		}
	case 1:
		t.stage = 2
		owner, at := g.specialTile(Golem)
		if at != 0 && at >= l && g.tiles[l].cardN > 0 {
			if locInfo[l].faceDown {
				// The cards left are turned up to be discarded: the
				// golem chooses among them seen.
				cards := g.tiles[l].cards
				g.pub = g.pub.or(cards)
				g.reveal()
				if ev != nil {
					emit(ev, Event{Kind: EvRevealed, Seat: -1, Cards: cards.appendTo(nil), Loc: l})
				}
			}
			g.push(task{op: opGolem, seat: int8(owner), who: int8(owner), loc: t.loc, by: int8(Golem), x: -1})
		}
	case 2:
		tl := &g.tiles[l]
		if cards := tl.cards; !cards.empty() {
			for c := cards.first(); c >= 0; c = cards.next(c) {
				g.fromTile(l, c)
				g.toDiscard(c)
			}
			if locInfo[l].faceDown {
				g.reveal()
			}
			if ev != nil {
				emit(ev, Event{Kind: EvTileCleared, Seat: -1, Loc: l, Cards: cards.appendTo(nil)})
			}
		}
		var ids [2 * maxSlots]int8
		n := 0
		g.occupants(l, func(id int8, _ int, _ bool) { ids[n] = id; n++ })
		for _, id := range ids[:n] {
			g.lift(id, aDone)
		}
		g.pop()
	}
}

// --- the end ---

func (g *Game) execFinal(t *task, ev *[]Event) {
	switch t.stage {
	case 0:
		t.stage = 1
		t.mask = uint8(1<<g.n) - 1
		t.ask = askFlip
		emit(ev, Event{Kind: EvInspection, Seat: -1})
	case 1:
		for s := 0; s < g.n; s++ {
			out := g.outOfOrder(s)
			for _, c := range out {
				g.down.add(c)
				g.checkedDown.add(c)
			}
			emit(ev, Event{Kind: EvChecked, Seat: s, Cards: out})
		}
		if g.solo {
			cards := g.hand[0].appendTo(nil)
			for _, c := range cards {
				g.fromHand(0, c)
				g.toDiscard(c)
			}
			g.reveal()
			emit(ev, Event{Kind: EvHandToPublic, Seat: 0, Cards: cards})
		}
		g.score(ev)
		g.over = true
		g.pop()
	}
}

func (g *Game) answerFinal(t *task, seat int, a Action, ev *[]Event) {
	if a.Kind == ActWord {
		t.mask &^= 1 << seat
		if t.mask == 0 {
			t.ask = askNone
		}
		return
	}
	c := g.topAt(seat, int8(a.B), a.C)
	g.down.add(c)
	g.flippedDown.add(c)
	emit(ev, Event{Kind: EvFlipped, Seat: seat, Card: c, R: int(a.B), C: int(a.C)})
}

// copied is a copy of cards for an event, nil when no events are kept
// (so that buffers on the stack stay there).
func copied(ev *[]Event, cards []int) []int {
	if ev == nil {
		return nil
	}
	return append([]int(nil), cards...)
}

// maxSetup is the most cards a tile lays out.
const maxSetup = 8

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func firstBit16(x uint16) int {
	for i := 0; i < 16; i++ {
		if x&(1<<i) != 0 {
			return i
		}
	}
	return -1
}
