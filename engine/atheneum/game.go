package atheneum

import "fmt"

// StateVersion is the version of the Game's JSON form.
//
// Version 2 stores undo entries as the changed parts of a seat instead of
// whole seats; snapshots of version 1 are not read (a store replays the
// game's actions instead).
const StateVersion = 2

// Phases and turns.
const (
	// TurnsPerPhase is the number of turns in each of the two phases.
	TurnsPerPhase = 5
	// HandSize is the number of study cards dealt to each seat per phase.
	HandSize = 6
	// RowSize is the number of objectives available at once.
	RowSize = 4
	// WandsPerSeat is the number of wands of each seat's colour.
	WandsPerSeat = 6
	// StartingWands is the number of wands in hand at the start.
	StartingWands = 2
	// MaxSideShelves is how many side shelves a seat may have.
	MaxSideShelves = 2
	// MinSeats and MaxSeats bound the seat count.
	MinSeats = 2
	MaxSeats = 5
	// ReshelveTokenCount is the reshelving allowance of a reshelve token.
	ReshelveTokenCount = 4
	// NumCandles is the number of candle slots a seat can have: the main
	// shelf's (up to 3, at indices 0-2), then 2 per side shelf (left 3-4,
	// right 5-6).
	NumCandles = 7
)

// Step is where the game is within a turn.
type Step string

// The steps. Scoring objectives happens inside the resolve step, after a
// seat has finished shelving; cleanup is immediate once every seat is done.
const (
	StepPick    Step = "pick"
	StepResolve Step = "resolve"
	StepOver    Step = "over"
)

// SeatStatus is what a seat is doing in the current step.
type SeatStatus string

// Seat statuses.
const (
	// StatusPicking: the seat has not chosen a card yet.
	StatusPicking SeatStatus = "picking"
	// StatusPicked: the seat has chosen and may still change its mind.
	StatusPicked SeatStatus = "picked"
	// StatusShelving: the seat is resolving its benefits.
	StatusShelving SeatStatus = "shelving"
	// StatusScoring: the seat has scored an objective and may only score more or finish.
	StatusScoring SeatStatus = "scoring"
	// StatusDone: the seat has finished this step.
	StatusDone SeatStatus = "done"
)

// ItemKind is what a held item is.
type ItemKind string

// Item kinds.
const (
	// ItemBook is a book to shelve (Color AnyColor lets the player choose).
	ItemBook ItemKind = "book"
	// ItemPair is a paired set of two books shelved as one piece.
	ItemPair ItemKind = "pair"
	// ItemToken is a bonus token whose side is not decided yet.
	ItemToken ItemKind = "token"
	// ItemSpider is a captured spider's reward, not chosen yet.
	ItemSpider ItemKind = "spider"
	// ItemSideShelf is a side shelf to place.
	ItemSideShelf ItemKind = "side_shelf"
)

// Item is something a seat holds during the resolve step. Anything still
// held when the seat finishes is lost.
type Item struct {
	// ID is stable for the whole turn, so menus built earlier stay valid.
	ID   int      `json:"id"`
	Kind ItemKind `json:"kind"`
	// Color is the book's colour (AnyColor: the player chooses) or the
	// first colour of a pair.
	Color  Color `json:"color,omitempty"`
	Color2 Color `json:"color2,omitempty"`
	// Bound restricts a book to compartment Comp.
	Bound bool   `json:"bound,omitempty"`
	Comp  CompID `json:"comp,omitempty"`
	// Token is the bonus token's id (ItemToken).
	Token int `json:"token,omitempty"`
	// From is the seat whose card gave the item, or -1.
	From int `json:"from"`
	// Reshelved is true for a book taken off the shelves this turn.
	Reshelved bool `json:"reshelved,omitempty"`
}

// Describe names the item for players.
func (it Item) Describe(c *Content) string {
	switch it.Kind {
	case ItemBook:
		s := "a " + it.Color.String() + " book"
		if it.Color == AnyColor {
			s = "a book of any colour"
		}
		if it.Reshelved {
			s += " (to reshelve)"
		}
		if it.Bound {
			s += " for " + it.Comp.Long()
		}
		return s
	case ItemPair:
		return "a paired set (" + it.Color.String() + " and " + it.Color2.String() + ")"
	case ItemToken:
		if it.Token >= 0 && it.Token < len(c.Tokens) {
			return "a bonus token: " + c.Tokens[it.Token].Describe() + " or a candle"
		}
		return "a bonus token"
	case ItemSpider:
		return "a spider's reward to choose"
	case ItemSideShelf:
		return "a side shelf"
	}
	return "?"
}

// Seat is one player's state.
type Seat struct {
	// Subject is the seat's favourite subject and wand colour.
	Subject Color `json:"subject"`
	// Comps holds the main shelf's compartments I-V and the two side slots.
	Comps [NumComps]Compartment `json:"comps"`
	// Candles holds the bonus token placed as a candle in each candle slot,
	// or -1 for an empty or missing slot.
	Candles    [NumCandles]int `json:"candles"`
	Wands      int             `json:"wands"`
	WandSupply int             `json:"wand_supply"`
	// Hand is the seat's study cards (content indices); nil in a view
	// that may not look at them (see Game.HandVisible).
	Hand []int `json:"hand"`
	// HandCount is the number of cards in hand, kept in every view.
	HandCount int `json:"hand_count"`
	// Pick is the card chosen this pick step, or -1 (hidden from others).
	Pick int `json:"pick"`
	// Played is the card played this turn, or -1.
	Played    int        `json:"played"`
	Status    SeatStatus `json:"status"`
	Held      []Item     `json:"held"`
	Reshelves int        `json:"reshelves"`
	NextItem  int        `json:"next_item"`
	// CardPoints and ObjectivePoints are the points scored during play.
	CardPoints      int   `json:"card_points"`
	ObjectivePoints int   `json:"objective_points"`
	Scored          []int `json:"scored"`
	// Moves counts the actions this seat has had accepted. Menus built for
	// the seat carry it, so a button from before the seat's last action is
	// recognised as stale even while other seats keep playing.
	Moves int `json:"moves"`
	// Undo is this turn's undo stack (hidden from others).
	Undo []UndoEntry `json:"undo,omitempty"`
}

// UndoEntry is what the seat's Undo restores: the parts of the seat one
// resolve action can change, as they were before it, plus the shared pieces
// the action took. It stores only what may change (one compartment, one
// candle slot, the counters and the held items) rather than a whole seat,
// which keeps Apply cheap for searches that play many games.
type UndoEntry struct {
	// Comp is the compartment the action changed, or -1; Was is its
	// contents before the action.
	Comp CompID      `json:"comp"`
	Was  Compartment `json:"was,omitzero"`
	// Candle is the candle slot the action filled (it was empty), or -1.
	Candle          int        `json:"candle"`
	Wands           int        `json:"wands"`
	WandSupply      int        `json:"wand_supply"`
	Reshelves       int        `json:"reshelves"`
	NextItem        int        `json:"next_item"`
	ObjectivePoints int        `json:"objective_points"`
	Status          SeatStatus `json:"status"`
	// Held and Scored are the seat's slices before the action. The engine
	// never writes inside a slice an entry refers to (items are dropped
	// into a new array, and a restored slice has no spare capacity), so the
	// entry can share them instead of copying.
	Held   []Item `json:"held"`
	Scored []int  `json:"scored"`
	// SideTaken is the side shelf the action took from the supply, or -1.
	SideTaken int `json:"side_taken"`
	// TokenUsed is the bonus token the action put on the used pile, or -1.
	TokenUsed int `json:"token_used"`
	// WandOn is the objective on which the action placed a wand.
	WandOn string `json:"wand_on,omitempty"`
}

// undoEntry records the seat's state before a resolve action.
func (s *Seat) undoEntry() UndoEntry {
	return UndoEntry{Comp: -1, Candle: -1, SideTaken: -1, TokenUsed: -1,
		Wands: s.Wands, WandSupply: s.WandSupply, Reshelves: s.Reshelves, NextItem: s.NextItem,
		ObjectivePoints: s.ObjectivePoints, Status: s.Status, Held: s.Held, Scored: s.Scored}
}

// keepComp records compartment id before the action changes it.
func (e *UndoEntry) keepComp(id CompID, c *Compartment) {
	e.Comp, e.Was = id, *c
}

// restore puts back what the entry recorded.
func (e *UndoEntry) restore(s *Seat) {
	if e.Comp >= 0 && int(e.Comp) < NumComps {
		s.Comps[e.Comp] = e.Was
	}
	if e.Candle >= 0 && e.Candle < NumCandles {
		s.Candles[e.Candle] = -1
	}
	s.Wands, s.WandSupply, s.Reshelves, s.NextItem = e.Wands, e.WandSupply, e.Reshelves, e.NextItem
	s.ObjectivePoints, s.Status = e.ObjectivePoints, e.Status
	// No spare capacity: the next append copies instead of writing into an
	// array that other entries (or clones) may share.
	s.Held = e.Held[:len(e.Held):len(e.Held)]
	s.Scored = e.Scored[:len(e.Scored):len(e.Scored)]
}

// Score is the seat's points so far (during play, before final scoring).
func (s *Seat) Score() int { return s.CardPoints + s.ObjectivePoints }

// SideShelves counts the side shelves placed.
func (s *Seat) SideShelves() int {
	n := 0
	if s.Comps[CompLeft].Present {
		n++
	}
	if s.Comps[CompRight].Present {
		n++
	}
	return n
}

// HasScored reports whether the seat scored objective index o.
func (s *Seat) HasScored(o int) bool {
	for _, x := range s.Scored {
		if x == o {
			return true
		}
	}
	return false
}

func (s *Seat) item(id int) (int, *Item) {
	for i := range s.Held {
		if s.Held[i].ID == id {
			return i, &s.Held[i]
		}
	}
	return -1, nil
}

func (s *Seat) addItem(it Item) {
	s.NextItem++
	it.ID = s.NextItem
	if s.Held == nil {
		// A turn brings a few items: one allocation for most turns.
		s.Held = make([]Item, 0, 4)
	}
	s.Held = append(s.Held, it)
}

func (s *Seat) dropItem(i int) {
	s.Held = append(s.Held[:i:i], s.Held[i+1:]...)
}

// cloneWith copies the seat deeply, taking the copies of its lists from
// the arenas. Undo entries share their held items and scored objectives
// with the original (see UndoEntry): those are never written in place.
func (s *Seat) cloneWith(ints *intArena, held *itemArena) Seat {
	c := *s
	c.Hand = ints.take(s.Hand)
	c.Held = held.take(s.Held)
	c.Scored = ints.take(s.Scored)
	c.Undo = nil
	if len(s.Undo) > 0 {
		c.Undo = make([]UndoEntry, len(s.Undo))
		copy(c.Undo, s.Undo)
		for i := range c.Undo {
			u := &c.Undo[i]
			if len(u.Held) == 0 {
				u.Held = nil
			}
			if len(u.Scored) == 0 {
				u.Scored = nil
			}
		}
	}
	return c
}

// RowSlot is one slot of the objective row.
type RowSlot struct {
	// Objective is the content index of the card, or -1.
	Objective int `json:"objective"`
	// Wands lists the seats that placed a wand on it.
	Wands []int `json:"wands"`
}

// Game is the whole state of one game. Apply mutates it in place; use
// Clone (or Step) for an immutable style.
type Game struct {
	V         int      `json:"v"`
	ContentID string   `json:"content"`
	Content   *Content `json:"-"`
	Seed      uint64   `json:"seed"`
	RNG       uint64   `json:"rng"`
	// Seq is the number of actions applied so far.
	Seq   int    `json:"seq"`
	Phase int    `json:"phase"` // 0 for A, 1 for B
	Turn  int    `json:"turn"`  // 1..5 within the phase
	Step  Step   `json:"step"`
	Seats []Seat `json:"seats"`
	// Decks holds the undealt cards of decks A and B (nil in views).
	Decks      [2][]int `json:"decks"`
	DeckCounts [2]int   `json:"deck_counts"`
	Discard    []int    `json:"discard"`
	// ObjectiveDeck is the undrawn objectives (nil in views).
	ObjectiveDeck    []int            `json:"objective_deck"`
	ObjectiveCount   int              `json:"objective_count"`
	Row              [RowSize]RowSlot `json:"row"`
	ObjectiveDiscard []int            `json:"objective_discard"`
	// Bag holds the bonus tokens in the bag (sorted in views).
	Bag []int `json:"bag"`
	// Used holds bonus tokens used for their benefit or lost, which refill
	// the bag when it runs out.
	Used []int `json:"used"`
	// SideSupply holds the ids of the side shelves still in the supply.
	SideSupply []int `json:"side_supply"`
	// Results is set when the game is over.
	Results []Result `json:"results,omitempty"`
	// Hidden is true for a view with secrets removed.
	Hidden bool `json:"hidden,omitempty"`
}

// Config is what a new game needs.
type Config struct {
	// Subjects gives each seat's favourite subject, in seat order (2-5
	// seats, no subject twice).
	Subjects []Color
	Seed     uint64
	// Content is the content pack; nil means Default().
	Content *Content
}

// NewGame sets up a game and deals the first hands.
func NewGame(cfg Config) (*Game, error) {
	n := len(cfg.Subjects)
	if n < MinSeats || n > MaxSeats {
		return nil, errf(CodeSeatCount, "a game needs %d to %d players, not %d", MinSeats, MaxSeats, n).with("Min", MinSeats).with("Max", MaxSeats).with("Players", n)
	}
	seen := map[Color]bool{}
	for _, s := range cfg.Subjects {
		if !s.IsBook() || seen[s] {
			return nil, errf(CodeSameSubject, "each player needs a different subject")
		}
		seen[s] = true
	}
	c := cfg.Content
	if c == nil {
		c = Default()
	}
	g := &Game{V: StateVersion, ContentID: c.ID, Content: c, Seed: cfg.Seed, Step: StepPick, Turn: 1}
	r := rng{state: cfg.Seed}
	for d := 0; d < 2; d++ {
		for i := range c.Cards {
			if c.Cards[i].Deck == d {
				g.Decks[d] = append(g.Decks[d], i)
			}
		}
		shuffle(&r, g.Decks[d])
	}
	g.ObjectiveDeck = make([]int, len(c.Objectives))
	for i := range g.ObjectiveDeck {
		g.ObjectiveDeck[i] = i
	}
	shuffle(&r, g.ObjectiveDeck)
	// The row fills right to left, so the first card drawn leaves first.
	for i := RowSize - 1; i >= 0; i-- {
		g.Row[i] = RowSlot{Objective: g.ObjectiveDeck[0]}
		g.ObjectiveDeck = g.ObjectiveDeck[1:]
	}
	g.Bag = make([]int, len(c.Tokens))
	for i := range g.Bag {
		g.Bag[i] = i
	}
	shuffle(&r, g.Bag)
	for _, s := range c.SideShelves {
		g.SideSupply = append(g.SideSupply, s.ID)
	}
	g.Seats = make([]Seat, n)
	for i, subj := range cfg.Subjects {
		s := &g.Seats[i]
		s.Subject = subj
		s.Wands = StartingWands
		s.WandSupply = WandsPerSeat - StartingWands
		s.Pick, s.Played = -1, -1
		for k := range s.Candles {
			s.Candles[k] = -1
		}
		for k := 0; k < NumMainComps; k++ {
			spec := c.Main.Compartments[k]
			s.Comps[k] = Compartment{Present: true, Width: spec.Width, Levels: spec.Levels, Spider: true}
		}
	}
	g.RNG = r.state
	g.deal()
	g.syncCounts()
	return g, nil
}

// deal gives each seat a new hand from the current phase's deck.
func (g *Game) deal() {
	d := &g.Decks[g.Phase]
	for i := range g.Seats {
		k := min(HandSize, len(*d))
		g.Seats[i].Hand = append([]int(nil), (*d)[:k]...)
		*d = (*d)[k:]
	}
	for i := range g.Seats {
		g.Seats[i].Status = StatusPicking
		g.Seats[i].Pick = -1
	}
}

func (g *Game) syncCounts() {
	for d := 0; d < 2; d++ {
		g.DeckCounts[d] = len(g.Decks[d])
	}
	g.ObjectiveCount = len(g.ObjectiveDeck)
	for i := range g.Seats {
		g.Seats[i].HandCount = len(g.Seats[i].Hand)
	}
}

// LeftOf returns the seat on the left of seat i.
func (g *Game) LeftOf(i int) int { return (i + 1) % len(g.Seats) }

// RightOf returns the seat on the right of seat i.
func (g *Game) RightOf(i int) int { return (i + len(g.Seats) - 1) % len(g.Seats) }

// TurnNumber is the turn counted over the whole game, 1..10.
func (g *Game) TurnNumber() int { return g.Phase*TurnsPerPhase + g.Turn }

// PhaseName is "A" or "B".
func (g *Game) PhaseName() string { return string(rune('A' + g.Phase)) }

// Waiting lists the seats the game is waiting for in the current step.
func (g *Game) Waiting() []int {
	var w []int
	for i := range g.Seats {
		switch g.Seats[i].Status {
		case StatusPicking, StatusShelving, StatusScoring:
			w = append(w, i)
		}
	}
	return w
}

// Clone returns a deep copy of the game. Empty slices come back nil, and
// the copy's integer lists share one allocation (each with no spare
// capacity, so growing one never touches another), which keeps cloning
// cheap for searches.
func (g *Game) Clone() *Game {
	c := *g
	n := len(g.Decks[0]) + len(g.Decks[1]) + len(g.Discard) + len(g.ObjectiveDeck) +
		len(g.ObjectiveDiscard) + len(g.Bag) + len(g.Used) + len(g.SideSupply)
	for i := range g.Row {
		n += len(g.Row[i].Wands)
	}
	items := 0
	for i := range g.Seats {
		n += len(g.Seats[i].Hand) + len(g.Seats[i].Scored)
		items += len(g.Seats[i].Held)
	}
	ints := intArena(make([]int, n))
	held := itemArena(make([]Item, items))
	c.Seats = make([]Seat, len(g.Seats))
	for i := range g.Seats {
		c.Seats[i] = g.Seats[i].cloneWith(&ints, &held)
	}
	for d := 0; d < 2; d++ {
		c.Decks[d] = ints.take(g.Decks[d])
	}
	c.Discard = ints.take(g.Discard)
	c.ObjectiveDeck = ints.take(g.ObjectiveDeck)
	for i := range g.Row {
		c.Row[i].Wands = ints.take(g.Row[i].Wands)
	}
	c.ObjectiveDiscard = ints.take(g.ObjectiveDiscard)
	c.Bag = ints.take(g.Bag)
	c.Used = ints.take(g.Used)
	c.SideSupply = ints.take(g.SideSupply)
	c.Results = nil
	if len(g.Results) > 0 {
		c.Results = append([]Result(nil), g.Results...)
	}
	return &c
}

// intArena hands out pieces of one allocation for Clone.
type intArena []int

// take copies s into the arena and returns the copy, capped at its
// length, or nil for an empty s.
func (a *intArena) take(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	n := copy(*a, s)
	out := (*a)[:n:n]
	*a = (*a)[n:]
	return out
}

// itemArena is intArena for held items.
type itemArena []Item

func (a *itemArena) take(s []Item) []Item {
	if len(s) == 0 {
		return nil
	}
	n := copy(*a, s)
	out := (*a)[:n:n]
	*a = (*a)[n:]
	return out
}

// CandleValue returns the printed value of candle slot k for this seat, or
// 0 when the slot does not exist (no such side shelf).
func (g *Game) CandleValue(seat, k int) int {
	s := &g.Seats[seat]
	switch {
	case k < 0 || k >= NumCandles:
		return 0
	case k < 3:
		if k < len(g.Content.Main.Candles) {
			return g.Content.Main.Candles[k]
		}
		return 0
	}
	comp := CompLeft
	if k >= 5 {
		comp = CompRight
	}
	if !s.Comps[comp].Present {
		return 0
	}
	spec, _ := g.Content.SideShelf(s.Comps[comp].SideShelf)
	return spec.Candles[(k-3)%2]
}

// CompValue returns what compartment id scores when full, or 0.
func (g *Game) CompValue(seat int, id CompID) int {
	c := &g.Seats[seat].Comps[id]
	if !c.Present {
		return 0
	}
	if id.IsSide() {
		spec, _ := g.Content.SideShelf(c.SideShelf)
		return spec.Value
	}
	return g.Content.Main.Compartments[id].Value
}

// CardCode returns the code of a card index, or "" for -1.
func (g *Game) CardCode(i int) string {
	if i < 0 || i >= len(g.Content.Cards) {
		return ""
	}
	return g.Content.Cards[i].Code
}

// String summarises the game's position for logs.
func (g *Game) String() string {
	return fmt.Sprintf("game seq=%d phase=%s turn=%d step=%s", g.Seq, g.PhaseName(), g.Turn, g.Step)
}
