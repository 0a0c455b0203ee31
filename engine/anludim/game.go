package anludim

import (
	"fmt"
	"strconv"

	"atheneum/engine"
)

// Options are the table's choices, and the edition of the rules the game
// is played by.
type Options struct {
	// Expert plays the expert variant: combinations ranked, played cards
	// never return to the hand but may move to a higher combination.
	Expert bool
	// Edition is the edition of the rules the game is played by
	// (EditionFirst or EditionHigherOnly); 0, the default, is
	// CurrentEdition, which New writes in. It is no lobby's choice: a host
	// pins it when a game starts and passes it back to replay the game.
	Edition int
}

// The editions of the rules (engine.Editioned). They differ only in the
// expert variant; a game keeps the edition it started with, so a stored
// game replays by the rules it was played by (ruling 17).
const (
	// EditionFirst is the rules as first published here: in the expert
	// variant a seat could lay one of its own combinations again as it
	// was, and join two of its own combinations of one professor into one.
	EditionFirst = 1
	// EditionHigherOnly reads ruling 17 strictly: played cards go only to
	// a higher combination, so those two plays are refused
	// (CodeNothingAdded, CodeMergedCombinations).
	EditionHigherOnly = 2
	// CurrentEdition is the edition new games are played by.
	CurrentEdition = EditionHigherOnly
)

// RoundTurnLimit ends a round that has lasted this many turns (ruling 10),
// so no table can be held hostage by an endless round.
const RoundTurnLimit = 300

// Hand sizes and keep limits by crest side (silver, gold).
var (
	handLimit = [2]int{8, 7}
	keepLimit = [2]int{3, 2}
)

const maxCombos = NumCards / 2

// maxRounds: every round is won by one seat and a seat's second win ends
// the game, so a game has at most one round per seat plus one.
const maxRounds = MaxSeats + 1

// combo is a combination on the table. owner < 0 marks a free slot.
type combo struct {
	owner    int8
	prof     int8 // professor it was played for
	holds    bool // the professor's pawn stands on it
	cards    cardSet
	second   cardSet // cards read on their second side
	strength uint64
}

type roundRecord struct {
	winner  int8
	trigger int8
	reason  EndReason
	values  [MaxSeats]int16
}

const (
	phasePlay = iota
	phaseKeep
	phaseOver
)

// Game is the whole state of one game. Everything but the undo buffer is
// a fixed-size array, so Clone is one copy and a search can afford many.
type Game struct {
	seed uint64
	opts Options
	n    int
	rng  engine.Rand // SplitMix64: one uint64, so cloning a game clones its future shuffles
	// view is -2 for a full game, else the seat it was viewed for (-1 a
	// spectator): hidden cards are then missing and Apply refuses.
	view int

	deck     [NumCards]uint8 // deck[deckN-1] is the top
	deckN    int
	discard  [NumCards]uint8
	discardN int
	faceUp   [3]int8

	hands  [MaxSeats]cardSet
	handN  [MaxSeats]int
	public [MaxSeats]cardSet // cards in hand everyone saw arrive there

	combos [maxCombos]combo
	profAt [NumProfessors]int8   // combo slot holding each pawn, -1 board
	bars   [NumProfessors]uint64 // strongest combination in play per professor

	stacks [NumProfessors]stack
	items  [MaxSeats][NumProfessors][maxItemValue + 1]uint8
	parch  [MaxSeats]int
	gold   [MaxSeats]bool
	wins   [MaxSeats]int

	round, turn int
	first       int
	active      int
	phase       int
	mainDone    bool
	optDone     bool
	revealed    bool
	viewUndo    bool

	// Between rounds.
	nextFirst int
	nextParch [MaxSeats]int
	keepIdx   int
	kept      [MaxSeats]cardSet
	keptN     [MaxSeats]int

	rounds  [maxRounds]roundRecord
	nRounds int
	winner  int

	// Undo: the state when the step's first undoable move came, and the
	// moves since, replayed minus the last one on Undo. undoBase is a
	// buffer reused from step to step; undoMoves empty means nothing to undo.
	undoBase  *Game
	undoMoves []Move
}

// New sets up a game for seats players and deals the first round.
func New(seed uint64, seats int, opts Options) (*Game, error) {
	if loadErr != nil {
		return nil, loadErr
	}
	if seats < MinSeats || seats > MaxSeats {
		return nil, refuse(CodeSeatCount, "Seats", seats, "Min", MinSeats, "Max", MaxSeats)
	}
	if opts.Edition == 0 {
		opts.Edition = CurrentEdition
	}
	if opts.Edition < EditionFirst || opts.Edition > CurrentEdition {
		return nil, refuse(CodeBadOption, "Name", "edition", "Value", strconv.Itoa(opts.Edition))
	}
	g := &Game{seed: seed, opts: opts, n: seats, view: -2, winner: -1, rng: *engine.NewRand(seed)}
	for i := range g.profAt {
		g.profAt[i] = -1
	}
	for i := range g.combos {
		g.combos[i].owner = -1
	}
	// Ruling 8: the setup parchment goes to the last seat, first round only.
	g.nextParch[seats-1] = 1
	g.nextFirst = 0
	g.startRound(nil)
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
			return nil, fmt.Errorf("anludim: move %d (%s): %w", i, m, err)
		}
	}
	return g, nil
}

// startRound puts everything back, gathers every card not kept into a new
// shuffled deck and deals (ruling 11).
func (g *Game) startRound(ev *[]Event) {
	g.round++
	g.turn = 1
	g.first, g.active = g.nextFirst, g.nextFirst
	g.phase = phasePlay
	g.mainDone, g.optDone, g.revealed = false, false, false
	g.clearUndo()
	var kept cardSet
	for s := 0; s < g.n; s++ {
		g.hands[s] = g.kept[s]
		g.handN[s] = g.kept[s].count()
		g.public[s] = cardSet{}
		kept = kept.or(g.kept[s])
		g.kept[s], g.keptN[s] = cardSet{}, 0
		g.items[s] = [NumProfessors][maxItemValue + 1]uint8{}
		g.parch[s] = g.nextParch[s]
		g.nextParch[s] = 0
	}
	for i := range g.combos {
		g.combos[i] = combo{owner: -1}
	}
	for p := range g.profAt {
		g.profAt[p] = -1
		g.bars[p] = 0
		g.stacks[p].fill(ItemKind(p), g.n)
	}
	g.deckN, g.discardN = 0, 0
	for c := 0; c < NumCards; c++ {
		if !kept.has(c) {
			g.deck[g.deckN] = uint8(c)
			g.deckN++
		}
	}
	engine.Shuffle(&g.rng, g.deck[:g.deckN])
	emit(ev, Event{Kind: EvRoundStarted, Seat: g.first, Round: g.round})
	for i := 0; i < g.n; i++ {
		s := (g.first + i) % g.n
		var dealt []int
		for g.handN[s] < handLimit[b2i(g.gold[s])] && g.deckN > 0 {
			c := g.popDeck()
			g.hands[s].add(c)
			g.handN[s]++
			if ev != nil {
				dealt = append(dealt, c)
			}
		}
		if ev != nil && len(dealt) > 0 {
			emit(ev, Event{Kind: EvDealt, Seat: s, Cards: dealt, Private: true})
		}
	}
	for i := range g.faceUp {
		g.faceUp[i] = -1
		if g.deckN > 0 {
			g.faceUp[i] = int8(g.popDeck())
			emit(ev, Event{Kind: EvFaceUp, Slot: i, Card: int(g.faceUp[i])})
		}
	}
}

// emit records an event unless the caller asked for none (ev nil), which
// spares searches the allocations.
func emit(ev *[]Event, e Event) {
	if ev != nil {
		*ev = append(*ev, e)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (g *Game) popDeck() int {
	g.deckN--
	return int(g.deck[g.deckN])
}

// draw takes the top card, first turning the shuffled discard pile into
// the deck when the deck is empty (ruling 7); -1 when both are empty.
func (g *Game) draw(ev *[]Event) int {
	if g.deckN == 0 {
		if g.discardN == 0 {
			return -1
		}
		copy(g.deck[:], g.discard[:g.discardN])
		g.deckN, g.discardN = g.discardN, 0
		engine.Shuffle(&g.rng, g.deck[:g.deckN])
		emit(ev, Event{Kind: EvReshuffled, Count: g.deckN})
	}
	return g.popDeck()
}

func (g *Game) canDraw() bool { return g.deckN+g.discardN > 0 }

// Clone returns an independent copy.
func (g *Game) Clone() *Game {
	c := *g
	c.undoBase, c.undoMoves = nil, nil
	if len(g.undoMoves) > 0 {
		b := *g.undoBase
		c.undoBase = &b
		c.undoMoves = append([]Move(nil), g.undoMoves...)
	}
	return &c
}

// Seats returns the number of players.
func (g *Game) Seats() int { return g.n }

// Options returns the table's options, its Edition pinned (never 0).
func (g *Game) Options() Options { return g.opts }

// higherOnly reports whether ruling 17 is read strictly
// (EditionHigherOnly): a play may not lay one of the seat's own
// combinations again unchanged nor join two of them of one professor.
func (g *Game) higherOnly() bool { return g.opts.Edition >= EditionHigherOnly }

// Seed returns the seed the game was created with (0 in a view).
func (g *Game) Seed() uint64 { return g.seed }

// Round returns the current round, from 1.
func (g *Game) Round() int { return g.round }

// Turn returns the current turn within the round, from 1.
func (g *Game) Turn() int { return g.turn }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == phaseOver }

// Winner returns the seat that won the game, or -1.
func (g *Game) Winner() int { return g.winner }

// Active returns the seat whose turn it is (the first player of the next
// round while cards are being kept).
func (g *Game) Active() int { return g.active }

// Keeping reports whether seats are choosing cards to keep between rounds.
func (g *Game) Keeping() bool { return g.phase == phaseKeep }

// Awaited returns the seat expected to move (one at a time), or none when
// the game is over.
func (g *Game) Awaited() []int {
	switch g.phase {
	case phasePlay:
		return []int{g.active}
	case phaseKeep:
		return []int{g.keeper()}
	}
	return nil
}

func (g *Game) awaited() int {
	switch g.phase {
	case phasePlay:
		return g.active
	case phaseKeep:
		return g.keeper()
	}
	return -1
}

func (g *Game) keeper() int { return (g.nextFirst + g.keepIdx) % g.n }

// StepKey names the awaited step; it changes whenever that step ends:
// "r2.t14" for a turn, "r2.k3" for seat 3 keeping cards, "over".
func (g *Game) StepKey() string {
	switch g.phase {
	case phasePlay:
		return "r" + strconv.Itoa(g.round) + ".t" + strconv.Itoa(g.turn)
	case phaseKeep:
		return "r" + strconv.Itoa(g.round) + ".k" + strconv.Itoa(g.keeper())
	}
	return "over"
}

// MainDone and OptionalDone report which actions of the turn are taken.
func (g *Game) MainDone() bool { return g.mainDone }

// OptionalDone reports whether the optional discard of the turn is taken.
func (g *Game) OptionalDone() bool { return g.optDone }

// Hand returns a seat's cards in hand in increasing order (in a view, only
// the cards the viewer may see).
func (g *Game) Hand(seat int) []int {
	if seat < 0 || seat >= g.n {
		return nil
	}
	return g.hands[seat].appendTo(nil)
}

// HandSize returns how many cards a seat holds.
func (g *Game) HandSize(seat int) int {
	if seat < 0 || seat >= g.n {
		return 0
	}
	return g.handN[seat]
}

// FaceUp returns the three face-up cards (-1 for an empty slot).
func (g *Game) FaceUp() [3]int {
	return [3]int{int(g.faceUp[0]), int(g.faceUp[1]), int(g.faceUp[2])}
}

// DeckSize returns the number of cards in the deck.
func (g *Game) DeckSize() int { return g.deckN }

// DiscardPile returns the discard pile, bottom first.
func (g *Game) DiscardPile() []int {
	out := make([]int, g.discardN)
	for i := range out {
		out[i] = int(g.discard[i])
	}
	return out
}

// Combination is a combination on the table.
type Combination struct {
	Seat  int
	Prof  Professor // the professor it was played for
	Holds bool      // the professor's pawn stands on it
	Uses  []Use
}

// Combinations returns the combinations in front of a seat.
func (g *Game) Combinations(seat int) []Combination {
	var out []Combination
	for i := range g.combos {
		c := &g.combos[i]
		if int(c.owner) != seat || c.owner < 0 {
			continue
		}
		var uses []Use
		for _, id := range c.cards.appendTo(nil) {
			uses = append(uses, Use{Card: id, Side: b2i(c.second.has(id))})
		}
		out = append(out, Combination{Seat: seat, Prof: Professor(c.prof), Holds: c.holds, Uses: uses})
	}
	return out
}

// ProfessorSeat returns the seat a professor stands in front of, or -1.
func (g *Game) ProfessorSeat(p Professor) int {
	if p < 0 || p >= NumProfessors || g.profAt[p] < 0 {
		return -1
	}
	return int(g.combos[g.profAt[p]].owner)
}

// Stack returns the items left on a professor's stack, top first.
func (g *Game) Stack(p Professor) []int {
	if p < 0 || p >= NumProfessors {
		return nil
	}
	s := &g.stacks[p]
	out := make([]int, 0, s.n)
	for i := int(s.n) - 1; i >= 0; i-- {
		out = append(out, int(s.v[i]))
	}
	return out
}

// Items returns a seat's magic items, by kind then value.
func (g *Game) Items(seat int) []Item {
	if seat < 0 || seat >= g.n {
		return nil
	}
	var out []Item
	for k := 0; k < NumProfessors; k++ {
		for v := 1; v <= maxItemValue; v++ {
			for i := 0; i < int(g.items[seat][k][v]); i++ {
				out = append(out, Item{Kind: ItemKind(k), Value: v})
			}
		}
	}
	return out
}

// Parchments returns how many parchments a seat holds.
func (g *Game) Parchments(seat int) int {
	if seat < 0 || seat >= g.n {
		return 0
	}
	return g.parch[seat]
}

// Gold reports whether a seat's crest shows its gold side (a round won).
func (g *Game) Gold(seat int) bool { return seat >= 0 && seat < g.n && g.gold[seat] }

// RoundsWon returns how many rounds a seat has won.
func (g *Game) RoundsWon(seat int) int {
	if seat < 0 || seat >= g.n {
		return 0
	}
	return g.wins[seat]
}

// Value returns a seat's total for the round: its items' values plus one
// per parchment (ruling 5).
func (g *Game) Value(seat int) int {
	if seat < 0 || seat >= g.n {
		return 0
	}
	t := g.parch[seat]
	for k := 0; k < NumProfessors; k++ {
		for v := 1; v <= maxItemValue; v++ {
			t += v * int(g.items[seat][k][v])
		}
	}
	return t
}

// KeepLimit returns how many cards a seat may keep into the next round.
func (g *Game) KeepLimit(seat int) int {
	if seat < 0 || seat >= g.n {
		return 0
	}
	return keepLimit[b2i(g.gold[seat])]
}

// Kept returns the cards a seat has chosen to keep so far (between rounds).
func (g *Game) Kept(seat int) []int {
	if seat < 0 || seat >= g.n {
		return nil
	}
	return g.kept[seat].appendTo(nil)
}

// hasKind reports whether a seat counts an item kind towards the five
// kinds: an item of it, or its professor when the stack is empty.
func (g *Game) hasKind(seat, k int) bool {
	for v := 1; v <= maxItemValue; v++ {
		if g.items[seat][k][v] > 0 {
			return true
		}
	}
	return g.stacks[k].n == 0 && g.profAt[k] >= 0 && int(g.combos[g.profAt[k]].owner) == seat
}

func (g *Game) fiveKinds(seat int) bool {
	for k := 0; k < NumProfessors; k++ {
		if !g.hasKind(seat, k) {
			return false
		}
	}
	return true
}

func (g *Game) emptyStacks() int {
	n := 0
	for k := range g.stacks {
		if g.stacks[k].n == 0 {
			n++
		}
	}
	return n
}

// HoldsPawn reports whether the combination holding card c has its
// professor's pawn standing on it.
func (g *Game) HoldsPawn(c int) bool {
	if c < 0 || c >= NumCards {
		return false
	}
	s := g.comboOf(c)
	return s >= 0 && g.combos[s].holds
}

// HasKind reports whether a seat counts an item kind towards the five
// kinds (an item of it, or its pawn once the stack is empty).
func (g *Game) HasKind(seat int, k ItemKind) bool {
	if seat < 0 || seat >= g.n || k < 0 || k >= NumProfessors {
		return false
	}
	return g.hasKind(seat, int(k))
}

// ID names the game in records, commands and message keys.
const ID = "anludim"

// OptionVariant is the table option choosing the rules: "base" (the
// default) or "expert".
const OptionVariant = "variant"

// ParseOptions reads a table's options by name, as a lobby stores them;
// an unknown name or value is refused (CodeBadOption).
func ParseOptions(named map[string]string) (Options, error) {
	var o Options
	for k, v := range named {
		switch {
		case k == OptionVariant && (v == "base" || v == ""):
		case k == OptionVariant && v == "expert":
			o.Expert = true
		default:
			return Options{}, refuse(CodeBadOption, "Name", k, "Value", v)
		}
	}
	return o, nil
}

// Named returns the options by name, as ParseOptions reads them; the
// Edition, which no lobby chooses, is left out.
func (o Options) Named() map[string]string {
	if o.Expert {
		return map[string]string{OptionVariant: "expert"}
	}
	return map[string]string{OptionVariant: "base"}
}
