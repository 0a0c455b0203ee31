package exlibris

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"atheneum/engine"
)

// SnapshotVersion is the version of the snapshots MarshalBinary writes.
// Any change to what a Game holds, or to the order below, needs a new
// version: a store ignores snapshots of other versions and replays the
// moves instead.
//
// Version 3 adds the game as it stood before the placement under way, for
// the undo move (ruling 50); version 2 snapshots are refused and their
// games replayed, as for any other version.
const SnapshotVersion = 3

// A snapshot is the whole game, field by field in a fixed order (the
// visit below, which both writes and reads, so the two cannot drift),
// little-endian, with only the used parts of the deck, the discard pile
// and the task stack and the places of the cards in collections, then a CRC-32 of it all. Reading one back checks
// every number used as an index and that every card is in exactly one
// place, so a corrupt or forged snapshot is refused instead of breaking
// the game later.

// MarshalBinary writes a whole game (not a view) as a snapshot.
func (g *Game) MarshalBinary() ([]byte, error) {
	if g.view != -2 {
		return nil, errors.New("exlibris: a view cannot be written down, only a whole game")
	}
	c := codec{buf: make([]byte, 0, 2048)}
	g.visit(&c)
	return binary.LittleEndian.AppendUint32(c.buf, crc32.ChecksumIEEE(c.buf)), nil
}

// UnmarshalGame reads a snapshot written by MarshalBinary.
func UnmarshalGame(data []byte) (*Game, error) {
	if loadErr != nil {
		return nil, loadErr
	}
	if len(data) < 4 {
		return nil, errors.New("exlibris: snapshot too short")
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, errors.New("exlibris: snapshot damaged (checksum)")
	}
	g := &Game{}
	c := codec{buf: body, read: true}
	g.visit(&c)
	if c.err != nil {
		return nil, c.err
	}
	if c.pos != len(body) {
		return nil, fmt.Errorf("exlibris: snapshot has %d bytes too many", len(body)-c.pos)
	}
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("exlibris: snapshot refused: %w", err)
	}
	return g, nil
}

// codec writes fields into buf, or reads them from it when read is set.
type codec struct {
	buf  []byte
	pos  int
	read bool
	err  error
}

func (c *codec) take(n int) []byte {
	if c.err != nil {
		return nil
	}
	if c.pos+n > len(c.buf) {
		c.err = errors.New("exlibris: snapshot cut short")
		return nil
	}
	b := c.buf[c.pos : c.pos+n]
	c.pos += n
	return b
}

func (c *codec) u8(p *uint8) {
	if !c.read {
		c.buf = append(c.buf, *p)
		return
	}
	if b := c.take(1); b != nil {
		*p = b[0]
	}
}

func (c *codec) u16(p *uint16) {
	if !c.read {
		c.buf = binary.LittleEndian.AppendUint16(c.buf, *p)
		return
	}
	if b := c.take(2); b != nil {
		*p = binary.LittleEndian.Uint16(b)
	}
}

func (c *codec) u64(p *uint64) {
	if !c.read {
		c.buf = binary.LittleEndian.AppendUint64(c.buf, *p)
		return
	}
	if b := c.take(8); b != nil {
		*p = binary.LittleEndian.Uint64(b)
	}
}

func (c *codec) flag(p *bool) {
	v := uint8(0)
	if *p {
		v = 1
	}
	c.u8(&v)
	if v > 1 && c.err == nil {
		c.err = errors.New("exlibris: snapshot has a bad flag")
	}
	*p = v == 1
}

func (c *codec) set(p *cardSet) {
	for i := range p {
		c.u64(&p[i])
	}
	if c.read && p[2]>>(NumCards-128) != 0 {
		*p = cardSet{}
		c.fail("card set")
	}
}

// small reads and writes a byte-sized number of any byte type.
func small[T ~int8 | ~uint8](c *codec, p *T) {
	v := uint8(*p)
	c.u8(&v)
	*p = T(v)
}

// short reads and writes a 16-bit number.
func short[T ~int16 | ~uint16](c *codec, p *T) {
	v := uint16(*p)
	c.u16(&v)
	*p = T(v)
}

// wide reads and writes an int as 64 bits.
func wide(c *codec, p *int) {
	v := uint64(int64(*p))
	c.u64(&v)
	*p = int(int64(v))
}

// visit writes or reads every field of the game, in one fixed order.
func (g *Game) visit(c *codec) {
	c.u64(&g.seed)
	small(c, &g.opts.Mode)
	c.flag(&g.opts.Long)
	wide(c, &g.opts.Level)
	wide(c, &g.n)
	c.flag(&g.solo)
	rng := g.rng.State()
	c.u64(&rng)
	g.rng = *engine.NewRand(rng)
	wide(c, &g.view)

	small(c, &g.popular)
	small(c, &g.banned)
	for i := range g.spec {
		small(c, &g.spec[i])
	}
	small(c, &g.publicSpec)
	for i := range g.hints {
		small(c, &g.hints[i])
	}
	small(c, &g.hintsShown)
	for i := range g.lib {
		small(c, &g.lib[i])
	}
	c.u16(&g.pool)
	small(c, &g.draftIdx)

	short(c, &g.deckN)
	if g.deckN < 0 || g.deckN > NumCards {
		c.fail("deck size")
		return
	}
	for i := range g.deck[:g.deckN] {
		c.u8(&g.deck[i])
	}
	short(c, &g.discardN)
	if g.discardN < 0 || g.discardN > NumCards {
		c.fail("discard pile size")
		return
	}
	for i := range g.discard[:g.discardN] {
		c.u8(&g.discard[i])
	}
	small(c, &g.rebuilt)
	for s := range g.hand {
		c.set(&g.hand[s])
		small(c, &g.handN[s])
		c.set(&g.coll[s])
		c.set(&g.buried[s])
		c.set(&g.seen[s])
		c.set(&g.gained[s])
	}
	c.set(&g.down)
	c.set(&g.flippedDown)
	c.set(&g.checkedDown)
	// Places only for the cards in collections (the others' are stale).
	var placed cardSet
	for s := range g.coll {
		placed = placed.or(g.coll[s]).or(g.buried[s])
	}
	for i := placed.first(); i >= 0; i = placed.next(i) {
		small(c, &g.posR[i])
		short(c, &g.posC[i])
		c.u8(&g.under[i])
	}
	c.set(&g.limbo)
	c.set(&g.pub)

	for l := 1; l <= NumLocations; l++ {
		t := &g.tiles[l]
		c.set(&t.cards)
		small(c, &t.state)
		small(c, &t.cardN)
		for k := range t.occ {
			small(c, &t.occ[k])
			small(c, &t.ghost[k])
		}
	}
	for i := range g.pile {
		small(c, &g.pile[i])
		small(c, &g.tdisc[i])
	}
	small(c, &g.pileN)
	small(c, &g.tdiscN)

	for s := range g.asst {
		small(c, &g.nAsst[s])
		for i := range g.asst[s] {
			a := &g.asst[s][i]
			small(c, &a.kind)
			small(c, &a.where)
			small(c, &a.loc)
			small(c, &a.slot)
			c.flag(&a.shared)
			c.flag(&a.placed)
			short(c, &a.arrival)
		}
		for h := range g.home[s] {
			small(c, &g.home[s][h])
		}
	}

	short(c, &g.round)
	small(c, &g.first)
	small(c, &g.placer)
	c.flag(&g.lastRound)
	c.flag(&g.roundWasLast)
	small(c, &g.trigger)
	short(c, &g.arrivals)

	small(c, &g.depth)
	if g.depth < 0 || g.depth > maxDepth {
		c.fail("task stack depth")
		return
	}
	for i := range g.stack[:g.depth] {
		t := &g.stack[i]
		c.set(&t.set)
		c.set(&t.set2)
		short(c, &t.n)
		short(c, &t.m)
		short(c, &t.k)
		short(c, &t.card)
		small(c, &t.op)
		small(c, &t.stage)
		small(c, &t.ask)
		small(c, &t.last)
		small(c, &t.seat)
		small(c, &t.who)
		small(c, &t.loc)
		small(c, &t.by)
		small(c, &t.x)
		small(c, &t.cat)
		small(c, &t.mask)
		c.flag(&t.started)
		for s := range t.arr {
			small(c, &t.arr[s])
		}
	}
	c.set(&g.reg)

	wide(c, &g.played)
	wide(c, &g.steps)
	wide(c, &g.reveals)
	c.flag(&g.revealed)
	c.flag(&g.over)

	// The game before the placement under way, while it may be gone back
	// to: the same fields, once (the game kept has none of its own).
	small(c, &g.undoBy)
	if g.undoBy < 0 || int(g.undoBy) > MaxSeats || c.err != nil {
		c.fail("undo seat")
		return
	}
	if g.undoBy != 0 {
		if c.read {
			g.undo = new(Game)
		}
		g.undo.visit(c)
		if g.undo.undoBy != 0 {
			c.fail("undo")
		}
	}
}

func (c *codec) fail(what string) {
	if c.err == nil {
		c.err = errors.New("exlibris: snapshot has a bad " + what)
	}
}

// validate checks a game read from a snapshot: every number the rules use
// as an index in range, every card in exactly one place, the counts
// agreeing with the sets.
func (g *Game) validate() error {
	bad := func(what string, v any) error { return fmt.Errorf("bad %s (%v)", what, v) }
	if g.n < MinSeats || g.n > MaxSeats || g.solo != (g.n == 1) {
		return bad("number of seats", g.n)
	}
	if g.view != -2 {
		return bad("view", g.view)
	}
	if g.opts.Mode > Friendly || g.opts.Level < 0 || g.opts.Level >= len(soloLevels) {
		return bad("options", g.opts)
	}
	cat := func(c Category, hidden bool) bool { return c >= 0 && c < NumCategories || hidden && c == -1 }
	if !cat(g.popular, false) || !cat(g.banned, false) || !cat(g.publicSpec, true) {
		return bad("category", []Category{g.popular, g.banned, g.publicSpec})
	}
	for s := range g.spec {
		if !cat(g.spec[s], s >= g.n) || !(g.lib[s] >= NoLibrary && g.lib[s] < NumLibraries) {
			return bad("seat", s)
		}
	}
	for _, h := range g.hints {
		if !cat(h, true) {
			return bad("hint", h)
		}
	}
	if g.hintsShown < 0 || g.hintsShown > 2 || g.pool >= 1<<NumLibraries {
		return bad("draft or hints", g.pool)
	}
	seat := func(s int8, none bool) bool { return int(s) >= 0 && int(s) < g.n || none && s == -1 }
	if !seat(g.first, false) || !seat(g.placer, false) || !seat(g.trigger, true) || g.round < 0 || g.round > MaxRounds {
		return bad("turn", []int{int(g.first), int(g.placer), int(g.trigger), int(g.round)})
	}
	// Cards: each in one place.
	var where [NumCards]int
	put := func(c int) {
		if c >= 0 && c < NumCards {
			where[c]++
		}
	}
	putSet := func(s cardSet) error {
		if s[2]>>(NumCards-128) != 0 {
			return bad("card set", s)
		}
		for c := s.first(); c >= 0; c = s.next(c) {
			put(c)
		}
		return nil
	}
	for _, c := range g.deck[:g.deckN] {
		if int(c) >= NumCards {
			return bad("deck card", c)
		}
		put(int(c))
	}
	for _, c := range g.discard[:g.discardN] {
		if int(c) >= NumCards {
			return bad("discarded card", c)
		}
		put(int(c))
	}
	for s := 0; s < MaxSeats; s++ {
		if s >= g.n {
			if !g.hand[s].empty() || !g.coll[s].empty() || !g.buried[s].empty() || g.handN[s] != 0 || g.nAsst[s] != 0 {
				return bad("empty seat", s)
			}
			continue
		}
		for _, x := range []cardSet{g.hand[s], g.coll[s], g.buried[s]} {
			if err := putSet(x); err != nil {
				return err
			}
		}
		if g.hand[s].count() != int(g.handN[s]) {
			return bad("hand size", s)
		}
		if err := g.validateCollection(s); err != nil {
			return err
		}
	}
	if err := putSet(g.limbo); err != nil {
		return err
	}
	for l := Location(1); l <= NumLocations; l++ {
		t := &g.tiles[l]
		if err := putSet(t.cards); err != nil {
			return err
		}
		if t.cards.count() != int(t.cardN) || t.state < tOff || t.state > tPermanent {
			return bad("tile", l)
		}
	}
	for c, n := range where {
		if n != 1 {
			return fmt.Errorf("card %s is in %d places", CardCode(c), n)
		}
	}
	for _, s := range append(append([]cardSet{g.down, g.pub, g.reg}, g.seen[:]...), g.gained[:]...) {
		if s[2]>>(NumCards-128) != 0 {
			return bad("card set", s)
		}
	}
	// Tiles in the pile and the tile discard.
	if g.pileN < 0 || g.pileN > NumLocations || g.tdiscN < 0 || g.tdiscN > NumLocations {
		return bad("tile pile", g.pileN)
	}
	for _, l := range append(g.pile[:g.pileN:g.pileN], g.tdisc[:g.tdiscN]...) {
		if l < 1 || l > NumLocations {
			return bad("tile in the pile", l)
		}
	}
	for c, u := range g.under {
		if u == 0 {
			continue
		}
		top := false
		for s := 0; s < g.n; s++ {
			top = top || g.coll[s].has(c)
		}
		if !top {
			return fmt.Errorf("card %s has a card under it outside a collection", CardCode(c))
		}
	}
	if err := g.validateAssistants(); err != nil {
		return err
	}
	if err := g.validateStack(); err != nil {
		return err
	}
	if !g.over && (g.depth == 0 || g.top().ask == askNone) {
		return errors.New("the game waits for nobody and is not over")
	}
	return g.validateUndo()
}

// validateUndo checks the game kept for the undo move: a game of its own
// (checked as any), of the same table, waiting for the placement of the
// seat that is now asked within that placement, with nothing revealed
// since.
func (g *Game) validateUndo() error {
	if g.undoBy == 0 {
		return nil
	}
	u, seat := g.undo, int(g.undoBy)-1
	if u == nil || seat >= g.n || !g.midPlacement(seat) {
		return errors.New("bad undo seat")
	}
	if err := u.validate(); err != nil {
		return fmt.Errorf("the game before the placement: %w", err)
	}
	t := u.top()
	if u.seed != g.seed || u.opts != g.opts || u.n != g.n || u.over || t == nil || t.ask != askPlace || int(t.who) != seat ||
		u.reveals != g.reveals || u.played >= g.played || u.round != g.round {
		return errors.New("the game before the placement is not this one's")
	}
	return nil
}

// validateCollection checks seat's places: within three rows, buried
// cards under top cards of the same place.
func (g *Game) validateCollection(seat int) error {
	s := g.coll[seat]
	first := true
	var minR, maxR int8
	var minC, maxC int16
	for c := s.first(); c >= 0; c = s.next(c) {
		if first {
			minR, maxR, minC, maxC, first = g.posR[c], g.posR[c], g.posC[c], g.posC[c], false
		}
		minR, maxR = min(minR, g.posR[c]), max(maxR, g.posR[c])
		minC, maxC = min(minC, g.posC[c]), max(maxC, g.posC[c])
		if u := int(g.under[c]); u != 0 && (u > NumCards || !g.buried[seat].has(u-1)) {
			return fmt.Errorf("bad buried card under %s", CardCode(c))
		}
	}
	if !first && (int(maxR)-int(minR) >= MaxRows || int(maxC)-int(minC) >= NumCards) {
		return fmt.Errorf("seat %d's collection spreads too far", seat)
	}
	for b := g.buried[seat].first(); b >= 0; b = g.buried[seat].next(b) {
		top := -1
		for c := s.first(); c >= 0; c = s.next(c) {
			if int(g.under[c]) == b+1 {
				top = c
			}
		}
		if top < 0 || g.posR[top] != g.posR[b] || g.posC[top] != g.posC[b] {
			return fmt.Errorf("buried card %s lies under nothing", CardCode(b))
		}
	}
	return nil
}

// validateAssistants checks each assistant against the slot it claims.
func (g *Game) validateAssistants() error {
	for s := 0; s < MaxSeats; s++ {
		if g.nAsst[s] < 0 || g.nAsst[s] > maxAssistants || s >= g.n && g.nAsst[s] != 0 {
			return fmt.Errorf("bad number of assistants for seat %d", s)
		}
		for i := 0; i < int(g.nAsst[s]); i++ {
			a := &g.asst[s][i]
			id := aid(s, i)
			ok := a.kind >= plainKind && a.kind < NumLibraries
			switch a.where {
			case aReserve, aDone:
			case aHome:
				ok = ok && a.slot >= 0 && a.slot < HomeSlots && g.home[s][a.slot] == id+1
			case aTile:
				ok = ok && a.loc >= 1 && a.loc <= NumLocations && a.slot >= 0 && a.slot < maxSlots
				if ok {
					t := &g.tiles[a.loc]
					ok = a.shared && t.ghost[a.slot] == id+1 || !a.shared && t.occ[a.slot] == id+1
				}
			default:
				ok = false
			}
			if !ok {
				return fmt.Errorf("bad assistant %d of seat %d", i, s)
			}
		}
		for _, h := range g.home[s] {
			if h != 0 && (h < 1 || aidSeat(h-1) != s || int(h-1)%maxAssistants >= int(g.nAsst[s]) || g.asstOf(h-1).where != aHome) {
				return fmt.Errorf("bad home slot of seat %d", s)
			}
		}
	}
	for l := 1; l <= NumLocations; l++ {
		t := &g.tiles[l]
		for k := range t.occ {
			for _, x := range []int8{t.occ[k], t.ghost[k]} {
				if x == 0 {
					continue
				}
				id := x - 1
				if id < 0 || aidSeat(id) >= g.n || int(id)%maxAssistants >= int(g.nAsst[aidSeat(id)]) {
					return fmt.Errorf("bad assistant on tile %d", l)
				}
				if a := g.asstOf(id); a.where != aTile || int(a.loc) != l || int(a.slot) != k {
					return fmt.Errorf("bad assistant on tile %d", l)
				}
			}
		}
	}
	return nil
}

// validateStack checks the tasks: their procedures and questions known,
// and the seats, tiles, cards, categories and assistants they name in
// range.
func (g *Game) validateStack() error {
	seat := func(s int8) bool { return int(s) >= -1 && int(s) < g.n }
	for i := range g.stack[:g.depth] {
		t := &g.stack[i]
		ok := t.op >= opGame && t.op <= opGolem && t.ask < numAsks && t.last < numAsks &&
			seat(t.seat) && seat(t.who) && t.loc >= 0 && t.loc <= NumLocations &&
			t.by >= plainKind && t.by < NumLibraries && t.x >= -1 && int(t.x) < g.n*maxAssistants &&
			t.cat >= -1 && t.cat < NumCategories && t.card >= -1 && t.card < NumCards && int(t.mask) < 1<<g.n
		for _, a := range t.arr {
			ok = ok && a >= -1 && a < NumCategories
		}
		for _, s := range []cardSet{t.set, t.set2} {
			ok = ok && s[2]>>(NumCards-128) == 0
		}
		if ok && t.ask != askNone && !t.ask.parallel() {
			ok = t.who >= 0
		}
		ok = ok && t.m >= 0
		switch t.op {
		case opGame:
			ok = ok && t.n >= 0 && int(t.n) <= g.n
		case opArrive:
			ok = ok && t.x >= 0 && int(t.x)%maxAssistants < int(g.nAsst[aidSeat(t.x)])
		case opWitch:
			ok = ok && t.card >= 0 && (t.ask == askNone || t.n >= 0 && t.n < NumCards)
		case opGoblin, opEffect:
			ok = ok && (t.k >= -1 && int(t.k) < max(g.n, NumCards))
		}
		if ok && (t.op == opGoblin && t.stage == 1 || t.op == opEffect && Location(t.loc) == Den && t.stage >= 1) {
			ok = t.k >= 0 && int(t.k) < g.n && t.cat >= -1
			if ok && t.op == opEffect {
				ok = t.arr[t.k] >= 0
			}
		}
		if ok && t.ask.parallel() {
			ok = t.mask != 0
		}
		if ok && (t.ask == askGoblinGive || t.ask == askHutTake || t.ask == askDumpTake) {
			ok = t.cat >= 0
		}
		if ok && t.ask != askNone && t.op != opGame && t.op != opRound && t.op != opFinal && t.seat < 0 {
			ok = t.op == opDelayed && t.ask == askBreweryArchive
		}
		if ok && t.ask != askNone {
			ok = opAsks[t.op]&(1<<t.ask) != 0
		}
		if ok && t.op == opWitch && t.ask == askWitch {
			ok = g.hand[t.seat].has(int(t.card)) && g.limbo.has(int(t.n))
		}
		if ok && t.op == opCube && t.ask == askCube {
			ok = t.seat >= 0 && t.who >= 0
		}
		if last, limited := opStages(t.op, Location(t.loc)); ok && limited {
			ok = t.stage <= last
		}
		if !ok {
			return fmt.Errorf("bad task %d", i)
		}
	}
	return nil
}

// opAsks lists the questions each procedure asks (a bit per ask).
var opAsks = func() [opGolem + 1]uint64 {
	var m [opGolem + 1]uint64
	set := func(o op, asks ...ask) {
		for _, a := range asks {
			m[o] |= 1 << a
		}
	}
	set(opGame, askLibrary, askLibraryDiscard)
	set(opRound, askPlace, askEliminate)
	set(opEffect, askExchange, askTake, askGive, askCategory, askHutTake, askSalon, askSalonMove, askGuild, askTax,
		askSaleReveal, askSaleBuy, askCabinet)
	set(opDelayed, askPay, askCategory, askDumpTake, askBreweryPick, askBreweryArchive)
	set(opFinal, askFlip)
	set(opHome, askHome)
	set(opArchive, askArchive)
	set(opDiscard, askDiscard)
	set(opWitch, askWitch)
	set(opCube, askCube)
	set(opSasquatch, askSasquatch)
	set(opGoblin, askGoblin, askGoblinGive)
	set(opWisp, askWisp)
	set(opBookworm, askBookwormDraw, askBookwormAgain)
	set(opGolem, askGolem)
	return m
}()

// opStages is the last stage a procedure knows, for those that do
// nothing at a stage past it (and so would never end).
func opStages(o op, l Location) (last uint8, limited bool) {
	switch o {
	case opGame, opRound:
		return 4, true
	case opResolve, opBookworm:
		return 2, true
	case opFinal:
		return 1, true
	case opEffect:
		if l == Sale {
			return 2, true
		}
	case opDelayed:
		if l == Dump {
			return 1, true
		}
	}
	return 0, false
}

// Restore reads a snapshot written by Snapshot, of SnapshotVersion only.
func (rules) Restore(version int, data []byte) (engine.State, error) {
	if version != SnapshotVersion {
		return nil, fmt.Errorf("exlibris: snapshot version %d, this engine reads %d", version, SnapshotVersion)
	}
	g, err := UnmarshalGame(data)
	if err != nil {
		return nil, err
	}
	return &State{Game: g}, nil
}

// SnapshotVersion is the version Snapshot writes.
func (rules) SnapshotVersion() int { return SnapshotVersion }

// Snapshot writes the game down (see MarshalBinary).
func (s *State) Snapshot() (int, []byte, error) {
	data, err := s.Game.MarshalBinary()
	return SnapshotVersion, data, err
}
