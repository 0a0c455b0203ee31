package exlibris

import (
	"fmt"

	"atheneum/engine"
)

// Mode is the table's set of tiles and powers.
type Mode uint8

// The modes.
const (
	// Standard is the whole game.
	Standard Mode = iota
	// Beginner plays plain library tiles (no special assistant, three plain
	// assistants) and leaves out six complex locations.
	Beginner
	// Friendly leaves out four aggressive locations and four aggressive
	// libraries.
	Friendly
)

// Options are the table's choices.
type Options struct {
	Mode Mode
	// Long raises the collection size that calls the last round.
	Long bool
	// Level is the solo difficulty, an index into SoloLevels (solo only).
	Level int
}

// MaxRounds is the round after which a game always ends (ruling 41): far
// beyond any real game, it bounds one where nobody ever builds a
// collection.
const MaxRounds = 20

// SoloRounds is the length of a solo game.
const SoloRounds = 5

// maxAssistants is the most assistants a seat has (solo: three plain and
// the special one).
const maxAssistants = 4

// Where an assistant stands.
const (
	aReserve int8 = iota // in front of its owner, ready to be placed
	aDone                // back from a resolved tile: not placed again this round
	aHome                // on a home slot of its owner's library
	aTile                // on a location tile
)

// plainKind is the kind of a plain assistant; a special one's kind is its
// Library.
const plainKind int8 = -1

type assistant struct {
	kind    int8 // plainKind or a Library
	where   int8
	loc     int8 // the tile, when where is aTile
	slot    int8 // the home slot or the tile slot
	shared  bool // a ghost sharing an occupied slot
	placed  bool // placed at least once this round
	arrival int16
}

// Tile states.
const (
	tOff       int8 = iota // in the pile, the tile discard or the box
	tInPlay                // drawn this round
	tPermanent             // on the permanent places (solo: every tile in play)
)

type tile struct {
	cards cardSet
	state int8
	cardN int8 // cards on the tile, counted also where a view hides them
	// occ holds an assistant id plus one per slot (0: free); ghost holds
	// a ghost sharing the slot.
	occ   [maxSlots]int8
	ghost [maxSlots]int8
}

// Game is the whole state of one game. Everything is in fixed-size
// arrays, so Clone is one copy, but for the game as it stood before the
// placement under way (undo), which a seat may go back to (ruling 50).
type Game struct {
	seed uint64
	opts Options
	n    int
	solo bool
	rng  engine.Rand
	// view is -2 for a whole game, else the seat it was viewed for (-1 a
	// spectator): hidden parts are missing and Apply refuses.
	view int

	popular, banned Category
	spec            [MaxSeats]Category // -1 where a view hides it
	publicSpec      Category           // solo: the public library's speciality
	hints           [2]Category        // solo: the categories shown at rounds 2 and 4
	hintsShown      int8

	lib      [MaxSeats]Library
	pool     uint16 // libraries on the table during the draft
	draftIdx int8   // how many seats have drafted

	deck     [NumCards]uint8 // deck[deckN-1] is the top
	deckN    int16
	discard  [NumCards]uint8 // discard[discardN-1] is the top
	discardN int16
	rebuilt  int8 // times the discard pile became the deck
	hand     [MaxSeats]cardSet
	handN    [MaxSeats]int8
	coll     [MaxSeats]cardSet // the cards on top of each collection place
	buried   [MaxSeats]cardSet // the cards buried under another (mummy)
	down     cardSet           // collection cards turned face down
	posR     [NumCards]int8
	posC     [NumCards]int16
	under    [NumCards]uint8 // the card buried under a top card, plus one
	limbo    cardSet         // cards revealed on the table, on their way
	pub      cardSet         // hidden-zone cards everyone has seen
	seen     [MaxSeats]cardSet

	tiles  [NumLocations + 1]tile
	pile   [NumLocations]int8 // tile pile, pile[pileN-1] on top
	pileN  int8
	tdisc  [NumLocations]int8 // discarded tiles
	tdiscN int8

	asst  [MaxSeats][maxAssistants]assistant
	nAsst [MaxSeats]int8
	home  [MaxSeats][HomeSlots]int8 // assistant index plus one (0: free)

	round     int16
	first     int8 // the first player token
	placer    int8 // the seat placing, or last placed
	lastRound bool // the last round has been called
	// roundWasLast: the round under way was called as the last one.
	roundWasLast bool
	trigger      int8 // the seat whose collection called the last round, -1
	arrivals     int16

	stack [maxDepth]task
	depth int8
	// reg passes the cards a finished step handled (discarded, taken) to
	// the step that asked for it.
	reg cardSet
	// gained holds, per seat, the cards a shared step lets each seat
	// archive (the brewery's).
	gained [MaxSeats]cardSet

	played   int
	steps    int // decisions taken, shared steps counted once
	reveals  int
	revealed bool // the last move revealed something hidden
	over     bool
	// flippedDown and checkedDown are the collection cards turned face
	// down at the inspection, by their owners and by the alphabetical
	// check (for pictures: see Inspection).
	flippedDown, checkedDown cardSet

	// undo is the game as it stood before the last placement began, which
	// seat undoBy-1 may go back to while undoBy is not 0 (ruling 50). It
	// is this Game's own buffer, overwritten at each placement: Clone
	// copies it while it counts, a view or a draw from one leaves it out.
	undo   *Game
	undoBy int8
}

// New sets up a game: seats 1 (solo) to 4.
func New(seed uint64, seats int, opts Options) (*Game, error) {
	if loadErr != nil {
		return nil, loadErr
	}
	if seats < MinSeats || seats > MaxSeats {
		return nil, refuse(CodeSeatCount, "Seats", seats, "Min", MinSeats, "Max", MaxSeats)
	}
	if opts.Mode > Friendly {
		return nil, refuse(CodeBadOption, "Name", OptionMode, "Value", int(opts.Mode))
	}
	if opts.Level < 0 || opts.Level >= len(soloLevels) {
		return nil, refuse(CodeBadOption, "Name", OptionLevel, "Value", opts.Level)
	}
	g := &Game{seed: seed, opts: opts, n: seats, solo: seats == 1, view: -2, rng: *engine.NewRand(seed), trigger: -1}
	g.setup(nil)
	return g, nil
}

// Replay rebuilds a game from its seed and moves.
func Replay(seed uint64, seats int, opts Options, moves []Move) (*Game, error) {
	g, err := New(seed, seats, opts)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if _, err := g.Apply(m); err != nil {
			return nil, fmt.Errorf("exlibris: move %d (%s): %w", i, m, err)
		}
	}
	return g, nil
}

// setup deals the categories, the cards and the tiles, then starts the
// library draft (or the solo choice) through the task stack.
func (g *Game) setup(ev *[]Event) {
	var cats [NumCategories]Category
	for i := range cats {
		cats[i] = Category(i)
	}
	engine.Shuffle(&g.rng, cats[:])
	g.popular, g.banned = cats[0], cats[1]
	if g.solo {
		g.publicSpec, g.spec[0], g.hints = cats[2], cats[3], [2]Category{cats[4], cats[5]}
	} else {
		for s := 0; s < g.n; s++ {
			g.spec[s] = cats[2+s]
		}
		g.publicSpec, g.hints = -1, [2]Category{-1, -1}
	}
	for c := 0; c < NumCards; c++ {
		g.deck[c] = uint8(c)
	}
	g.deckN = NumCards
	engine.Shuffle(&g.rng, g.deck[:])
	for s := 0; s < g.n; s++ {
		for k := 0; k < 6; k++ {
			c := g.popDeck()
			g.toHand(s, c, false)
		}
	}
	// Tiles: the fortune teller's tent waits face up, the rest form the
	// pile (solo: the ten solo tiles, six of them face up).
	for l := Location(1); l <= NumLocations; l++ {
		d := &locInfo[l]
		switch {
		case g.solo && !d.solo:
			continue
		case !g.solo && l == Tent:
			continue
		case !g.solo && g.opts.Mode == Beginner && !d.beginner:
			continue
		case !g.solo && g.opts.Mode == Friendly && !d.friendly:
			continue
		}
		g.pile[g.pileN] = int8(l)
		g.pileN++
	}
	engine.Shuffle(&g.rng, g.pile[:g.pileN])
	if g.solo {
		for i := 0; i < 6; i++ {
			g.tiles[g.popTile()].state = tPermanent
		}
	}
	// Libraries and assistants.
	for s := 0; s < g.n; s++ {
		g.lib[s] = NoLibrary
	}
	if g.opts.Mode != Beginner {
		var libs [NumLibraries]Library
		n := 0
		for l := Library(0); l < NumLibraries; l++ {
			if (g.solo && !libInfo[l].Solo) || (g.opts.Mode == Friendly && !libInfo[l].Friendly) {
				continue
			}
			libs[n] = l
			n++
		}
		engine.Shuffle(&g.rng, libs[:n])
		offer := 2 * g.n
		if offer > n {
			offer = n
		}
		for _, l := range libs[:offer] {
			g.pool |= 1 << l
		}
	}
	g.push(task{op: opGame, seat: -1})
	g.run(ev)
}

// giveAssistants hands each seat its assistants once the libraries are
// known: two plain ones and the special one (beginner: three plain; solo:
// one more plain).
func (g *Game) giveAssistants() {
	for s := 0; s < g.n; s++ {
		plain := 2
		if g.lib[s] == NoLibrary {
			plain = 3
		}
		if g.solo {
			plain++
		}
		k := 0
		for ; k < plain; k++ {
			g.asst[s][k] = assistant{kind: plainKind}
		}
		if g.lib[s] != NoLibrary {
			g.asst[s][k] = assistant{kind: int8(g.lib[s])}
			k++
		}
		g.nAsst[s] = int8(k)
	}
}

// Clone returns an independent copy.
func (g *Game) Clone() *Game {
	c := *g
	c.undo = nil
	if g.undoBy != 0 && g.undo != nil {
		u := *g.undo
		c.undo = &u
	}
	return &c
}

// Seed is the seed the game was dealt from.
func (g *Game) Seed() uint64 { return g.seed }

// Options are the table's options.
func (g *Game) Options() Options { return g.opts }

// Seats is the number of seats.
func (g *Game) Seats() int { return g.n }

// Solo reports whether the game is the solo mode.
func (g *Game) Solo() bool { return g.solo }

// IsView reports whether the game is a View (hidden parts missing).
func (g *Game) IsView() bool { return g.view != -2 }

// Played is the number of moves applied since the setup.
func (g *Game) Played() int { return g.played }

// Reveals counts the times hidden information came to light since the
// setup (a card drawn or looked at, cards turned over from the deck, a
// hand shown, a card given at random, a shuffle). The undo move takes a
// placement back only while this count has not changed since it began
// (ruling 50, CanUndo).
func (g *Game) Reveals() int { return g.reveals }

// LastMoveRevealed reports whether the last move applied revealed hidden
// information, so that it and the moves before it cannot be taken back
// (see CanUndo).
func (g *Game) LastMoveRevealed() bool { return g.revealed }

func (g *Game) reveal() { g.reveals++; g.revealed = true }

// --- cards ---

func (g *Game) popDeck() int {
	g.deckN--
	return int(g.deck[g.deckN])
}

// refill turns the shuffled discard pile into the deck when the deck is
// empty (ruling 40; never in solo, where the discard pile is the public
// library); it reports whether a card can be drawn.
func (g *Game) refill(ev *[]Event) bool {
	if g.deckN > 0 {
		return true
	}
	if g.solo || g.discardN == 0 {
		return false
	}
	for i := int16(0); i < g.discardN; i++ {
		c := int(g.discard[i])
		g.deck[i] = uint8(c)
		g.pub.remove(c)
	}
	g.deckN, g.discardN = g.discardN, 0
	engine.Shuffle(&g.rng, g.deck[:g.deckN])
	g.rebuilt++
	g.reveal()
	emit(ev, Event{Kind: EvReshuffled, Seat: -1, Count: int(g.deckN)})
	return true
}

// canDraw reports whether a card can come from the deck.
func (g *Game) canDraw() bool { return g.deckN > 0 || (!g.solo && g.discardN > 0) }

// draw takes the top card of the deck, -1 when none can come.
func (g *Game) draw(ev *[]Event) int {
	if !g.refill(ev) {
		return -1
	}
	return g.popDeck()
}

// forget makes card c unknown to everyone (it goes somewhere hidden).
func (g *Game) forget(c int) {
	g.pub.remove(c)
	for s := range g.seen {
		g.seen[s].remove(c)
	}
}

// toHand puts card c into seat's hand; public when everyone saw it arrive.
func (g *Game) toHand(seat, c int, public bool) {
	g.forget(c)
	if public {
		g.pub.add(c)
	}
	g.hand[seat].add(c)
	g.handN[seat]++
}

// fromHand takes card c out of seat's hand.
func (g *Game) fromHand(seat, c int) {
	g.hand[seat].remove(c)
	g.handN[seat]--
	g.forget(c)
}

// toDiscard puts card c face up on the discard pile.
func (g *Game) toDiscard(c int) {
	g.forget(c)
	g.discard[g.discardN] = uint8(c)
	g.discardN++
}

// fromDiscard takes card c out of the discard pile.
func (g *Game) fromDiscard(c int) bool {
	for i := int16(0); i < g.discardN; i++ {
		if int(g.discard[i]) == c {
			copy(g.discard[i:g.discardN-1], g.discard[i+1:g.discardN])
			g.discardN--
			return true
		}
	}
	return false
}

func (g *Game) discardSet() cardSet {
	var s cardSet
	for i := int16(0); i < g.discardN; i++ {
		s.add(int(g.discard[i]))
	}
	return s
}

// toTile lays card c on a tile (known to nobody until told otherwise).
func (g *Game) toTile(l Location, c int) {
	g.forget(c)
	t := &g.tiles[l]
	t.cards.add(c)
	t.cardN++
}

func (g *Game) fromTile(l Location, c int) {
	t := &g.tiles[l]
	t.cards.remove(c)
	t.cardN--
	g.forget(c)
}

// --- tiles ---

func (g *Game) popTile() Location {
	if g.pileN == 0 {
		if g.tdiscN == 0 {
			return 0
		}
		copy(g.pile[:], g.tdisc[:g.tdiscN])
		g.pileN, g.tdiscN = g.tdiscN, 0
		engine.Shuffle(&g.rng, g.pile[:g.pileN])
	}
	g.pileN--
	return Location(g.pile[g.pileN])
}

func (g *Game) inPlay(l Location) bool { return g.tiles[l].state != tOff }

// --- assistants ---

func aid(seat, i int) int8                { return int8(seat*maxAssistants + i) }
func aidSeat(id int8) int                 { return int(id) / maxAssistants }
func (g *Game) asstOf(id int8) *assistant { return &g.asst[id/maxAssistants][id%maxAssistants] }

// special returns the index of seat's special assistant, -1 if none.
func (g *Game) special(seat int) int {
	for i := 0; i < int(g.nAsst[seat]); i++ {
		if g.asst[seat][i].kind >= 0 {
			return i
		}
	}
	return -1
}

// specialOn reports where seat's special assistant of kind lib stands:
// its tile, 0 when it is not on a tile.
func (g *Game) specialTile(lib Library) (seat int, l Location) {
	for s := 0; s < g.n; s++ {
		if g.lib[s] != lib {
			continue
		}
		i := g.special(s)
		if i >= 0 && g.asst[s][i].where == aTile {
			return s, Location(g.asst[s][i].loc)
		}
		return s, 0
	}
	return -1, 0
}

// available reports whether seat has an assistant to place.
func (g *Game) available(seat int) bool {
	for i := 0; i < int(g.nAsst[seat]); i++ {
		if g.asst[seat][i].where == aReserve {
			return true
		}
	}
	return false
}

// occupants calls f for every assistant on tile l, in slot order (a
// ghost right after the slot's first occupant).
func (g *Game) occupants(l Location, f func(id int8, slot int, ghost bool)) {
	t := &g.tiles[l]
	for k := range t.occ {
		if t.occ[k] != 0 {
			f(t.occ[k]-1, k, false)
		}
		if t.ghost[k] != 0 {
			f(t.ghost[k]-1, k, true)
		}
	}
}

// opponentOn reports whether a seat other than seat has an assistant on l.
func (g *Game) opponentOn(l Location, seat int) bool {
	t := &g.tiles[l]
	for k := range t.occ {
		if (t.occ[k] != 0 && aidSeat(t.occ[k]-1) != seat) || (t.ghost[k] != 0 && aidSeat(t.ghost[k]-1) != seat) {
			return true
		}
	}
	return false
}

// countOn counts the assistants on l (of seat only, when seat >= 0).
func (g *Game) countOn(l Location, seat int) int {
	n := 0
	g.occupants(l, func(id int8, _ int, _ bool) {
		if seat < 0 || aidSeat(id) == seat {
			n++
		}
	})
	return n
}

// lift takes an assistant off the board back to where it goes next:
// into its owner's reserve (bumped, recalled) or aside (resolved).
func (g *Game) lift(id int8, to int8) {
	a := g.asstOf(id)
	switch a.where {
	case aTile:
		t := &g.tiles[a.loc]
		if a.shared {
			t.ghost[a.slot] = 0
		} else {
			t.occ[a.slot] = 0
			// A ghost sharing the slot stays and takes it over.
			if t.ghost[a.slot] != 0 {
				t.occ[a.slot], t.ghost[a.slot] = t.ghost[a.slot], 0
				g.asstOf(t.occ[a.slot] - 1).shared = false
			}
		}
	case aHome:
		g.home[aidSeat(id)][a.slot] = 0
	}
	a.where, a.loc, a.slot, a.shared = to, 0, 0, false
}

func emit(ev *[]Event, e Event) {
	if ev != nil {
		*ev = append(*ev, e)
	}
}
