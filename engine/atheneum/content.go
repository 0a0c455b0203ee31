package atheneum

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// CompID names a compartment of a seat's shelves: the five compartments of
// the main shelf (I to V), then the left and right side shelves, each of
// which has exactly one compartment.
type CompID int8

// Compartment identifiers.
const (
	CompI CompID = iota
	CompII
	CompIII
	CompIV
	CompV
	CompLeft
	CompRight
	// NumComps is the number of compartment slots a seat has.
	NumComps = 7
	// NumMainComps is the number of compartments of a main shelf.
	NumMainComps = 5
)

var compNames = [NumComps]string{"I", "II", "III", "IV", "V", "L", "R"}

// String returns the compartment's name as players type it: I..V, L, R.
func (c CompID) String() string {
	if c >= 0 && int(c) < NumComps {
		return compNames[c]
	}
	return "?" + strconv.Itoa(int(c))
}

// Long returns a compartment's name for sentences ("compartment II", "the
// left side shelf").
func (c CompID) Long() string {
	switch c {
	case CompLeft:
		return "the left side shelf"
	case CompRight:
		return "the right side shelf"
	}
	return "compartment " + c.String()
}

// IsSide reports whether c is a side-shelf slot.
func (c CompID) IsSide() bool { return c == CompLeft || c == CompRight }

// ParseCompID reads a compartment name (I..V, L, R; case-insensitive).
func ParseCompID(s string) (CompID, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	for i, n := range compNames {
		if n == s {
			return CompID(i), true
		}
	}
	return 0, false
}

// CompartmentSpec is the printed geometry of one compartment.
type CompartmentSpec struct {
	Name   string `json:"name"`
	Width  int    `json:"width"`
	Levels int    `json:"levels"`
	// Value is what the compartment scores at the end when it is full.
	Value int `json:"value"`
	// Tier places a main-shelf compartment: 0 upper row, 1 lower row.
	Tier int `json:"tier"`
}

// Spaces is the number of spaces in the compartment.
func (c CompartmentSpec) Spaces() int { return c.Width * c.Levels }

// MainShelfSpec is the main shelf, identical for every subject.
type MainShelfSpec struct {
	Compartments [NumMainComps]CompartmentSpec `json:"compartments"`
	// Candles holds the printed value of each candle space.
	Candles []int `json:"candles"`
}

// SideShelfSpec is one of the side shelves in the supply.
type SideShelfSpec struct {
	ID      int    `json:"id"`
	Width   int    `json:"width"`
	Levels  int    `json:"levels"`
	Value   int    `json:"value"`
	Candles [2]int `json:"candles"`
}

// Compartment returns the side shelf's single compartment.
func (s SideShelfSpec) Compartment() CompartmentSpec {
	return CompartmentSpec{Name: "S" + strconv.Itoa(s.ID), Width: s.Width, Levels: s.Levels, Value: s.Value}
}

// BenefitKind is one of the seven kinds of benefit printed on study cards.
type BenefitKind uint8

// The benefit kinds.
const (
	// BenefitBook is a book of the given colour, or of any colour for a grey book (AnyColor).
	BenefitBook BenefitKind = iota + 1
	// BenefitCompartmentBook is a book of any colour that may only go in the named compartment.
	BenefitCompartmentBook
	// BenefitReshelve lets the player remove up to N books and shelve them again.
	BenefitReshelve
	// BenefitSideShelf is a side shelf from the supply.
	BenefitSideShelf
	// BenefitWand is a magic wand from the seat's supply.
	BenefitWand
	// BenefitToken is a bonus token drawn from the bag.
	BenefitToken
	// BenefitPoints scores N points at once.
	BenefitPoints
)

// Benefit is one printed benefit.
type Benefit struct {
	Kind  BenefitKind
	Color Color  // BenefitBook
	Comp  CompID // BenefitCompartmentBook
	N     int    // BenefitReshelve, BenefitPoints
}

// String writes the benefit in the card notation: T V G P K (book of that
// colour), A (book of any colour), @II (any-colour book for compartment II),
// R2 (reshelve up to 2), S (side shelf), W (wand), X (bonus token), +2 (points).
func (b Benefit) String() string {
	switch b.Kind {
	case BenefitBook:
		if b.Color == AnyColor {
			return "A"
		}
		return string(b.Color.Letter())
	case BenefitCompartmentBook:
		return "@" + b.Comp.String()
	case BenefitReshelve:
		return "R" + strconv.Itoa(b.N)
	case BenefitSideShelf:
		return "S"
	case BenefitWand:
		return "W"
	case BenefitToken:
		return "X"
	case BenefitPoints:
		return "+" + strconv.Itoa(b.N)
	}
	return "?"
}

// Describe writes the benefit in words for players.
func (b Benefit) Describe() string {
	switch b.Kind {
	case BenefitBook:
		if b.Color == AnyColor {
			return "a book of any colour"
		}
		return "a " + b.Color.String() + " book"
	case BenefitCompartmentBook:
		return "a book of any colour for " + b.Comp.Long()
	case BenefitReshelve:
		return "reshelve up to " + strconv.Itoa(b.N)
	case BenefitSideShelf:
		return "a side shelf"
	case BenefitWand:
		return "a magic wand"
	case BenefitToken:
		return "a bonus token"
	case BenefitPoints:
		return strconv.Itoa(b.N) + " points"
	}
	return "?"
}

// ParseBenefit reads one benefit in the card notation.
func ParseBenefit(s string) (Benefit, error) {
	bad := fmt.Errorf("unknown benefit %q", s)
	switch {
	case s == "":
		return Benefit{}, bad
	case s == "A":
		return Benefit{Kind: BenefitBook, Color: AnyColor}, nil
	case s == "S":
		return Benefit{Kind: BenefitSideShelf}, nil
	case s == "W":
		return Benefit{Kind: BenefitWand}, nil
	case s == "X":
		return Benefit{Kind: BenefitToken}, nil
	case s[0] == '@':
		c, ok := ParseCompID(s[1:])
		if !ok || c.IsSide() {
			return Benefit{}, bad
		}
		return Benefit{Kind: BenefitCompartmentBook, Comp: c}, nil
	case s[0] == 'R' && len(s) > 1:
		n, err := strconv.Atoi(s[1:])
		if err != nil || n < 1 || n > 9 {
			return Benefit{}, bad
		}
		return Benefit{Kind: BenefitReshelve, N: n}, nil
	case s[0] == '+':
		n, err := strconv.Atoi(s[1:])
		if err != nil || n < 1 || n > 9 {
			return Benefit{}, bad
		}
		return Benefit{Kind: BenefitPoints, N: n}, nil
	case len(s) == 1:
		c, ok := ColorFromLetter(s[0])
		if !ok || !c.IsBook() {
			return Benefit{}, bad
		}
		return Benefit{Kind: BenefitBook, Color: c}, nil
	}
	return Benefit{}, bad
}

// Section is one of a study card's three coloured sections.
type Section uint8

// The sections. Seat i receives the Self section of its own card, the
// ToRight section of its left neighbour's card and the ToLeft section of its
// right neighbour's card.
const (
	// SectionSelf (yellow) goes to the player who played the card.
	SectionSelf Section = iota
	// SectionToLeft (green) goes to the player on the left of the one who played it.
	SectionToLeft
	// SectionToRight (blue) goes to the player on the right of the one who played it.
	SectionToRight
)

// Card is a study card.
type Card struct {
	// Code is the short code shown on images and in menus, e.g. "A07".
	Code string
	// Deck is 0 for the A deck and 1 for the B deck.
	Deck     int
	Sections [3][]Benefit
}

// Notation writes the card as "A07 T T | V | G": self, to-left, to-right.
func (c *Card) Notation() string {
	var b strings.Builder
	b.WriteString(c.Code)
	for i, sec := range c.Sections {
		if i > 0 {
			b.WriteString(" |")
		}
		for _, be := range sec {
			b.WriteByte(' ')
			b.WriteString(be.String())
		}
	}
	return b.String()
}

// ObjectiveKind is one of the three configuration types.
type ObjectiveKind uint8

// The objective kinds.
const (
	// ObjectiveAnyCompartment is a colour pattern built in any one compartment.
	ObjectiveAnyCompartment ObjectiveKind = iota + 1
	// ObjectiveNamedCompartment is a colour pattern in a named compartment (or one of several).
	ObjectiveNamedCompartment
	// ObjectiveShape is a colour-blind pattern of positions over named compartments.
	ObjectiveShape
)

var objectiveKindNames = map[string]ObjectiveKind{"any": ObjectiveAnyCompartment, "named": ObjectiveNamedCompartment, "shape": ObjectiveShape}

// String returns the kind's name in the content file.
func (k ObjectiveKind) String() string {
	for n, v := range objectiveKindNames {
		if v == k {
			return n
		}
	}
	return "?"
}

// Pattern is a small grid of required books. Cells are row-major with row 0
// the TOP row; NoColor means "does not matter", AnyColor "a book of any
// colour", and a real colour that exact colour.
type Pattern struct {
	Width, Height int
	Cells         []Color
}

// At returns the cell at row (0 = top) and column.
func (p Pattern) At(row, col int) Color { return p.Cells[row*p.Width+col] }

// String writes the pattern in notation: rows top first, separated by '/'.
func (p Pattern) String() string {
	var b strings.Builder
	for r := 0; r < p.Height; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < p.Width; c++ {
			b.WriteByte(p.At(r, c).Letter())
		}
	}
	return b.String()
}

// Books counts the cells that require a book.
func (p Pattern) Books() int {
	n := 0
	for _, c := range p.Cells {
		if c != NoColor {
			n++
		}
	}
	return n
}

// ParsePattern reads "G./PV": rows top first, '.' does not matter, '#' any
// book, a colour letter that colour.
func ParsePattern(s string) (Pattern, error) {
	rows := strings.Split(s, "/")
	p := Pattern{Width: len(rows[0]), Height: len(rows)}
	if p.Width == 0 {
		return p, fmt.Errorf("empty pattern %q", s)
	}
	for _, r := range rows {
		if len(r) != p.Width {
			return p, fmt.Errorf("pattern %q has rows of different widths", s)
		}
		for i := 0; i < len(r); i++ {
			c, ok := ColorFromLetter(r[i])
			if !ok {
				return p, fmt.Errorf("pattern %q: unknown cell %q", s, r[i])
			}
			p.Cells = append(p.Cells, c)
		}
	}
	if p.Books() == 0 {
		return p, fmt.Errorf("pattern %q requires no book", s)
	}
	return p, nil
}

// Requirement is one part of an objective: a pattern that must appear in
// one of the listed compartments (any compartment of the seat when In is
// empty). The requirements of one objective must be met in distinct
// compartments.
type Requirement struct {
	In      []CompID
	Pattern Pattern
}

// Objective is an objective card.
type Objective struct {
	Code   string
	Kind   ObjectiveKind
	Points int
	// Wand is true when scoring it returns a wand from the seat's supply.
	Wand bool
	Reqs []Requirement
}

// Notation writes the objective as "O09 any 5pt G./PV" or
// "O29 shape 6pt+W I:####,III:##".
func (o *Objective) Notation() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %dpt", o.Code, o.Kind, o.Points)
	if o.Wand {
		b.WriteString("+W")
	}
	b.WriteByte(' ')
	for i, r := range o.Reqs {
		if i > 0 {
			b.WriteByte(',')
		}
		for j, c := range r.In {
			if j > 0 {
				b.WriteByte('|')
			}
			b.WriteString(c.String())
		}
		if len(r.In) > 0 {
			b.WriteByte(':')
		}
		b.WriteString(r.Pattern.String())
	}
	return b.String()
}

// TokenKind is one of the five kinds of bonus token. Every token can instead
// be used as a candle.
type TokenKind uint8

// The bonus token kinds.
const (
	TokenWand TokenKind = iota + 1
	TokenPair
	TokenBook
	TokenReshelve
	TokenSideShelf
)

var tokenKindNames = [...]string{"", "wand", "pair", "book", "reshelve", "side_shelf"}

// String returns the kind's name in the content file.
func (k TokenKind) String() string {
	if int(k) < len(tokenKindNames) {
		return tokenKindNames[k]
	}
	return "?"
}

// Token is a bonus token.
type Token struct {
	ID     int
	Kind   TokenKind
	Colors [2]Color // TokenPair only
}

// Describe names the token's benefit side for players.
func (t Token) Describe() string {
	switch t.Kind {
	case TokenWand:
		return "a magic wand"
	case TokenPair:
		return "a paired set (" + t.Colors[0].String() + " and " + t.Colors[1].String() + ")"
	case TokenBook:
		return "a book of any colour"
	case TokenReshelve:
		return "reshelve up to 4"
	case TokenSideShelf:
		return "a side shelf"
	}
	return "?"
}

// Content is a content pack: everything printed on the game's pieces.
type Content struct {
	ID          string
	Name        string
	Main        MainShelfSpec
	SideShelves []SideShelfSpec
	Cards       []Card
	Objectives  []Objective
	Tokens      []Token

	cardByCode map[string]int
	objByCode  map[string]int
	sideByID   map[int]int
}

// CardIndex finds a card by code.
func (c *Content) CardIndex(code string) (int, bool) {
	i, ok := c.cardByCode[code]
	return i, ok
}

// ObjectiveIndex finds an objective by code.
func (c *Content) ObjectiveIndex(code string) (int, bool) {
	i, ok := c.objByCode[code]
	return i, ok
}

// SideShelf finds a side shelf by id.
func (c *Content) SideShelf(id int) (SideShelfSpec, bool) {
	i, ok := c.sideByID[id]
	if !ok {
		return SideShelfSpec{}, false
	}
	return c.SideShelves[i], true
}

// DeckSize is the number of cards in deck d.
func (c *Content) DeckSize(d int) int {
	n := 0
	for i := range c.Cards {
		if c.Cards[i].Deck == d {
			n++
		}
	}
	return n
}

// The embedded content packs. A pack never changes once games have been
// played with it, because a stored game is its seed and actions replayed
// against its pack: tuned content goes into a new pack with a new id.
var (
	//go:embed content/atheneum.json
	atheneum1JSON []byte
	//go:embed content/atheneum-2.json
	atheneum2JSON []byte
	//go:embed content/atheneum-3.json
	atheneum3JSON []byte
	//go:embed content/atheneum-4.json
	atheneum4JSON []byte
)

var embeddedPacks = map[string][]byte{
	"atheneum-1": atheneum1JSON,
	"atheneum-2": atheneum2JSON,
	"atheneum-3": atheneum3JSON,
	"atheneum-4": atheneum4JSON,
}

// defaultContentJSON is the data of the default pack.
var defaultContentJSON = embeddedPacks[DefaultContentID]

// DefaultContentID is the id of the embedded content pack new games use.
const DefaultContentID = "atheneum-4"

// EmbeddedPacks lists the ids of the embedded content packs, oldest first.
func EmbeddedPacks() []string {
	return []string{"atheneum-1", "atheneum-2", "atheneum-3", "atheneum-4"}
}

var (
	packsMu sync.Mutex
	packs   = map[string]*Content{}
)

// Default returns the embedded content pack new games use. It panics only
// if the embedded file is broken, which the package's tests rule out.
func Default() *Content {
	c, err := Load(DefaultContentID)
	if err != nil {
		panic(err)
	}
	return c
}

// Load returns the content pack with the given id, parsing it once. It is
// the one way content enters the engine: the embedded packs are found by
// id, and another pack can be added by registering its data with Register.
func Load(id string) (*Content, error) {
	packsMu.Lock()
	defer packsMu.Unlock()
	if c, ok := packs[id]; ok {
		return c, nil
	}
	data, ok := embeddedPacks[id]
	if !ok {
		return nil, fmt.Errorf("unknown content pack %q", id)
	}
	c, err := ParseContent(data)
	if err != nil {
		return nil, err
	}
	if c.ID != id {
		return nil, fmt.Errorf("content pack %q holds the id %q", id, c.ID)
	}
	packs[id] = c
	return c, nil
}

// Register parses a content pack and makes it available to Load under its id.
func Register(data []byte) (*Content, error) {
	c, err := ParseContent(data)
	if err != nil {
		return nil, err
	}
	packsMu.Lock()
	defer packsMu.Unlock()
	packs[c.ID] = c
	return c, nil
}

type contentFile struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Main        MainShelfSpec   `json:"main_shelf"`
	SideShelves []SideShelfSpec `json:"side_shelves"`
	Cards       []struct {
		Code  string `json:"code"`
		Deck  string `json:"deck"`
		Self  string `json:"self"`
		Left  string `json:"left"`
		Right string `json:"right"`
	} `json:"cards"`
	Objectives []struct {
		Code   string `json:"code"`
		Kind   string `json:"kind"`
		Points int    `json:"points"`
		Wand   bool   `json:"wand"`
		Reqs   []struct {
			In      []string `json:"in"`
			Pattern string   `json:"pattern"`
		} `json:"reqs"`
	} `json:"objectives"`
	Tokens []struct {
		Kind   string `json:"kind"`
		Colors string `json:"colors"`
	} `json:"tokens"`
}

// maxCells bounds a compartment's spaces (the fixed array in Compartment).
const maxCells = 16

// ParseContent parses and validates a content pack in the JSON format of
// engine/atheneum/content/atheneum.json.
func ParseContent(data []byte) (*Content, error) {
	var f contentFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	c := &Content{ID: f.ID, Name: f.Name, Main: f.Main, SideShelves: f.SideShelves,
		cardByCode: map[string]int{}, objByCode: map[string]int{}, sideByID: map[int]int{}}
	if c.ID == "" {
		return nil, fmt.Errorf("content: missing id")
	}
	for i, cs := range c.Main.Compartments {
		if cs.Name != compNames[i] || cs.Width < 1 || cs.Levels < 1 || cs.Spaces() > maxCells {
			return nil, fmt.Errorf("content: main compartment %d is malformed", i)
		}
	}
	if len(c.Main.Candles) < 1 || len(c.Main.Candles) > 3 {
		return nil, fmt.Errorf("content: the main shelf needs 1 to 3 candle spaces")
	}
	for i, s := range c.SideShelves {
		if s.Width < 1 || s.Levels < 1 || s.Width*s.Levels > maxCells {
			return nil, fmt.Errorf("content: side shelf %d is malformed", s.ID)
		}
		if _, dup := c.sideByID[s.ID]; dup {
			return nil, fmt.Errorf("content: side shelf id %d repeats", s.ID)
		}
		c.sideByID[s.ID] = i
	}
	for _, fc := range f.Cards {
		card := Card{Code: fc.Code}
		switch fc.Deck {
		case "A":
			card.Deck = 0
		case "B":
			card.Deck = 1
		default:
			return nil, fmt.Errorf("content: card %s has deck %q", fc.Code, fc.Deck)
		}
		for s, text := range [3]string{fc.Self, fc.Left, fc.Right} {
			for _, word := range strings.Fields(text) {
				b, err := ParseBenefit(word)
				if err != nil {
					return nil, fmt.Errorf("content: card %s: %w", fc.Code, err)
				}
				card.Sections[s] = append(card.Sections[s], b)
			}
		}
		if _, dup := c.cardByCode[card.Code]; dup || card.Code == "" {
			return nil, fmt.Errorf("content: card code %q is empty or repeats", card.Code)
		}
		c.cardByCode[card.Code] = len(c.Cards)
		c.Cards = append(c.Cards, card)
	}
	for _, fo := range f.Objectives {
		o := Objective{Code: fo.Code, Points: fo.Points, Wand: fo.Wand, Kind: objectiveKindNames[fo.Kind]}
		if o.Kind == 0 {
			return nil, fmt.Errorf("content: objective %s has kind %q", fo.Code, fo.Kind)
		}
		for _, fr := range fo.Reqs {
			p, err := ParsePattern(fr.Pattern)
			if err != nil {
				return nil, fmt.Errorf("content: objective %s: %w", fo.Code, err)
			}
			r := Requirement{Pattern: p}
			for _, n := range fr.In {
				id, ok := ParseCompID(n)
				if !ok || id.IsSide() {
					return nil, fmt.Errorf("content: objective %s names compartment %q", fo.Code, n)
				}
				cs := c.Main.Compartments[id]
				if p.Width > cs.Width || p.Height > cs.Levels {
					return nil, fmt.Errorf("content: objective %s does not fit in compartment %s", fo.Code, n)
				}
				r.In = append(r.In, id)
			}
			o.Reqs = append(o.Reqs, r)
		}
		if len(o.Reqs) == 0 {
			return nil, fmt.Errorf("content: objective %s has no requirement", fo.Code)
		}
		if _, dup := c.objByCode[o.Code]; dup || o.Code == "" {
			return nil, fmt.Errorf("content: objective code %q is empty or repeats", o.Code)
		}
		c.objByCode[o.Code] = len(c.Objectives)
		c.Objectives = append(c.Objectives, o)
	}
	for i, ft := range f.Tokens {
		t := Token{ID: i}
		for k, n := range tokenKindNames {
			if n == ft.Kind && k > 0 {
				t.Kind = TokenKind(k)
			}
		}
		if t.Kind == 0 {
			return nil, fmt.Errorf("content: token %d has kind %q", i, ft.Kind)
		}
		if t.Kind == TokenPair {
			if len(ft.Colors) != 2 {
				return nil, fmt.Errorf("content: pair token %d needs two colours", i)
			}
			for j := 0; j < 2; j++ {
				col, ok := ColorFromLetter(ft.Colors[j])
				if !ok || !col.IsBook() {
					return nil, fmt.Errorf("content: pair token %d has colour %q", i, ft.Colors[j])
				}
				t.Colors[j] = col
			}
		}
		c.Tokens = append(c.Tokens, t)
	}
	if c.DeckSize(0) < 30 || c.DeckSize(1) < 30 {
		return nil, fmt.Errorf("content: each deck needs 30 cards to deal five seats")
	}
	if len(c.Objectives) < 14 {
		return nil, fmt.Errorf("content: at least 14 objectives are needed for a game")
	}
	return c, nil
}
