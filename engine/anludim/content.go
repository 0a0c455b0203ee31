package anludim

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// NumCards is the number of apprentice cards; card ids run from 0 to 64.
const NumCards = 65

// MinSeats and MaxSeats bound the number of players.
const (
	MinSeats = 2
	MaxSeats = 5
)

// Colour is an apprentice colour's stable id (0-4), in content order.
type Colour int

// The five colours. Their English and French names are in the content file.
const (
	Amber Colour = iota
	Azure
	Jade
	Ruby
	Amethyst
)

// NumColours is the number of apprentice colours.
const NumColours = 5

// Professor is one of the five professors (0-4). Its index is also its
// combination, the item kind it pays and, plus one, its rank in the expert
// hierarchy, so the three never drift apart.
type Professor int

// The professors, from the weakest combination in the expert hierarchy to
// the strongest.
const (
	Alchemist    Professor = iota // run ("suite"), pays vials
	Arcanist                      // flush ("couleur"), pays stars
	Necromancer                   // pairs, pays dolls
	Seer                          // trios ("brelans"), pays talismans
	Elementalist                  // gathering ("assemblée"), pays chests
)

// NumProfessors is the number of professors, combinations and item kinds.
const NumProfessors = 5

// ItemKind is a magic item kind (0-4, paid by the professor of the same
// index) or Parchment.
type ItemKind int

// The item kinds.
const (
	Vial ItemKind = iota
	Star
	Doll
	Talisman
	Chest
	// Parchment is not a magic item but is discarded and counted like one.
	Parchment
)

// Reading is one end of an apprentice card: a value 1-13 and a colour.
type Reading struct {
	Value  int
	Colour Colour
}

// CardInfo is an apprentice card's two readings. Side 0 is First, side 1
// Second.
type CardInfo struct {
	ID     int
	First  Reading
	Second Reading
}

// Side returns the reading on side s (0 or 1).
func (c CardInfo) Side(s int) Reading {
	if s == 1 {
		return c.Second
	}
	return c.First
}

// Names gives a colour, professor or item kind's stable id and names.
type Names struct {
	ID string
	EN string
	FR string
}

//go:embed content/anludim.json
var contentJSON []byte

type contentFile struct {
	Colours []struct {
		ID, EN, FR string
	} `json:"colours"`
	Professors []struct {
		ID, Code, Combination, Item, EN, FR string
		CombinationEN                       string `json:"combination_en"`
		CombinationFR                       string `json:"combination_fr"`
		Rank                                int
	} `json:"professors"`
	Items []struct {
		ID, Code, EN, FR string
		Values           []int `json:"values"`
		Removed2         []int `json:"removed2"`
		Removed3         []int `json:"removed3"`
	} `json:"items"`
	Parchment struct {
		ID, Code, EN, FR string
		Count, Value     int
	} `json:"parchment"`
	Cards []struct {
		ID    int `json:"id"`
		First struct {
			Value  int    `json:"value"`
			Colour string `json:"colour"`
		} `json:"first"`
		Second struct {
			Value  int    `json:"value"`
			Colour string `json:"colour"`
		} `json:"second"`
	} `json:"cards"`
}

// The content tables, filled once from the embedded file. Flat arrays keep
// the hot paths (combination search) free of pointer chasing.
var (
	cardVal   [NumCards][2]uint8
	cardCol   [NumCards][2]uint8
	colourIDs [NumColours]Names
	profIDs   [NumProfessors]string
	profCodes [NumProfessors]string
	combIDs   [NumProfessors]string
	itemIDs   [NumProfessors]string
	itemCodes [NumProfessors]string
	profNames [NumProfessors]Names
	combNames [NumProfessors]Names
	itemNames [NumProfessors + 1]Names
	stackFull [NumProfessors][]uint8 // values from the bottom (largest) to the top
	removed   [MaxSeats + 1][NumProfessors][]uint8
	loadErr   error
)

func init() { loadErr = loadContent(contentJSON) }

// loadContent checks every invariant the engine relies on, so a broken
// data file surfaces as an error from New, never a panic, and only then
// installs the tables: a broken file changes nothing.
func loadContent(data []byte) error {
	var t tables
	var f contentFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("anludim content: %w", err)
	}
	if len(f.Colours) != NumColours || len(f.Professors) != NumProfessors || len(f.Items) != NumProfessors || len(f.Cards) != NumCards {
		return fmt.Errorf("anludim content: wrong table sizes")
	}
	colour := map[string]int{}
	for i, c := range f.Colours {
		t.colourIDs[i] = Names{ID: c.ID, EN: c.EN, FR: c.FR}
		colour[c.ID] = i
	}
	itemIndex := map[string]int{}
	for i, it := range f.Items {
		t.itemIDs[i], t.itemCodes[i] = it.ID, it.Code
		t.itemNames[i] = Names{ID: it.ID, EN: it.EN, FR: it.FR}
		itemIndex[it.ID] = i
		if len(it.Values) == 0 || len(it.Values) > maxStack {
			return fmt.Errorf("anludim content: item %s has %d values", it.ID, len(it.Values))
		}
		// The stack is kept bottom first: the largest value at the bottom.
		s := make([]uint8, len(it.Values))
		for j, v := range it.Values {
			if v < 1 || v > maxItemValue {
				return fmt.Errorf("anludim content: item %s value %d", it.ID, v)
			}
			s[len(s)-1-j] = uint8(v)
		}
		t.stackFull[i] = s
		t.removed[2][i] = toU8(it.Removed2)
		t.removed[3][i] = toU8(it.Removed3)
		// Removed items are taken from the top, so they must be the lowest.
		for _, r := range [][]int{it.Removed2, it.Removed3} {
			if len(r) >= len(it.Values) {
				return fmt.Errorf("anludim content: item %s removes too many", it.ID)
			}
			for j, v := range r {
				if v != it.Values[j] {
					return fmt.Errorf("anludim content: item %s removes %d, not its top item", it.ID, v)
				}
			}
		}
	}
	for i, p := range f.Professors {
		t.profIDs[i], t.profCodes[i], t.combIDs[i] = p.ID, p.Code, p.Combination
		t.profNames[i] = Names{ID: p.ID, EN: p.EN, FR: p.FR}
		t.combNames[i] = Names{ID: p.Combination, EN: p.CombinationEN, FR: p.CombinationFR}
		if p.Rank != i+1 || itemIndex[p.Item] != i {
			return fmt.Errorf("anludim content: professor %s out of order", p.ID)
		}
	}
	for i, c := range f.Cards {
		a, okA := colour[c.First.Colour]
		b, okB := colour[c.Second.Colour]
		// The searches rely on a card's two ends differing in value and colour.
		if c.ID != i || !okA || !okB || c.First.Value < 1 || c.First.Value > 13 || c.Second.Value < 1 || c.Second.Value > 13 ||
			a == b || c.First.Value == c.Second.Value {
			return fmt.Errorf("anludim content: card %d is malformed", i)
		}
		t.cardVal[i] = [2]uint8{uint8(c.First.Value), uint8(c.Second.Value)}
		t.cardCol[i] = [2]uint8{uint8(a), uint8(b)}
	}
	// The engine counts parchments as three, worth a point each (rulings 7
	// and 8); the file says so too, and must agree.
	pa := f.Parchment
	if pa.ID != "parchment" || pa.Code != "P" || pa.Count != 3 || pa.Value != 1 {
		return fmt.Errorf("anludim content: parchments must be three worth 1 each, coded P")
	}
	t.itemNames[Parchment] = Names{ID: pa.ID, EN: pa.EN, FR: pa.FR}
	cardVal, cardCol, colourIDs = t.cardVal, t.cardCol, t.colourIDs
	profIDs, profCodes, combIDs = t.profIDs, t.profCodes, t.combIDs
	itemIDs, itemCodes, profNames, combNames, itemNames = t.itemIDs, t.itemCodes, t.profNames, t.combNames, t.itemNames
	stackFull, removed = t.stackFull, t.removed
	return nil
}

// tables is a loaded content file before it is installed.
type tables struct {
	cardVal   [NumCards][2]uint8
	cardCol   [NumCards][2]uint8
	colourIDs [NumColours]Names
	profIDs   [NumProfessors]string
	profCodes [NumProfessors]string
	combIDs   [NumProfessors]string
	itemIDs   [NumProfessors]string
	itemCodes [NumProfessors]string
	profNames [NumProfessors]Names
	combNames [NumProfessors]Names
	itemNames [NumProfessors + 1]Names
	stackFull [NumProfessors][]uint8
	removed   [MaxSeats + 1][NumProfessors][]uint8
}

func toU8(s []int) []uint8 {
	out := make([]uint8, len(s))
	for i, v := range s {
		out[i] = uint8(v)
	}
	return out
}

// Card returns an apprentice card's readings; ok is false for a bad id.
func Card(id int) (CardInfo, bool) {
	if id < 0 || id >= NumCards {
		return CardInfo{}, false
	}
	return CardInfo{
		ID:     id,
		First:  Reading{int(cardVal[id][0]), Colour(cardCol[id][0])},
		Second: Reading{int(cardVal[id][1]), Colour(cardCol[id][1])},
	}, true
}

// ColourNames returns a colour's id and its English and French names.
func ColourNames(c Colour) Names {
	if c < 0 || c >= NumColours {
		return Names{}
	}
	return colourIDs[c]
}

// ID returns the professor's stable id (e.g. "seer").
func (p Professor) ID() string {
	if p < 0 || p >= NumProfessors {
		return ""
	}
	return profIDs[p]
}

// Code returns the professor's two-letter notation code (e.g. "SE").
func (p Professor) Code() string {
	if p < 0 || p >= NumProfessors {
		return ""
	}
	return profCodes[p]
}

// Combination returns the stable id of the combination the professor
// answers to (run, flush, pairs, trios, gathering).
func (p Professor) Combination() string {
	if p < 0 || p >= NumProfessors {
		return ""
	}
	return combIDs[p]
}

// ID returns the item kind's stable id (e.g. "talisman", "parchment").
func (k ItemKind) ID() string {
	if k == Parchment {
		return "parchment"
	}
	if k < 0 || k >= NumProfessors {
		return ""
	}
	return itemIDs[k]
}

// Code returns the item kind's one-letter notation code (P for parchment).
func (k ItemKind) Code() string {
	if k == Parchment {
		return "P"
	}
	if k < 0 || k >= NumProfessors {
		return ""
	}
	return itemCodes[k]
}

// StackValues returns the values of an item stack as set up for seats
// players, from the top (taken first) to the bottom.
func StackValues(k ItemKind, seats int) []int {
	if k < 0 || k >= NumProfessors || seats < MinSeats || seats > MaxSeats {
		return nil
	}
	var st stack
	st.fill(k, seats)
	out := make([]int, 0, st.n)
	for i := int(st.n) - 1; i >= 0; i-- {
		out = append(out, int(st.v[i]))
	}
	return out
}

const (
	maxStack     = 7
	maxItemValue = 5
)

// stack is one professor's pile of items, bottom first; v[n-1] is the top.
type stack struct {
	v [maxStack]uint8
	n uint8
}

// fill sets the stack up for a new round: the full stack minus the items
// removed at this player count (the lowest values, taken from the top).
func (s *stack) fill(k ItemKind, seats int) {
	full := stackFull[k]
	s.n = 0
	keep := len(full) - len(removed[seats][k])
	for i := 0; i < keep; i++ {
		s.v[i] = full[i]
		s.n++
	}
}

// Names returns the professor's id and English and French names.
func (p Professor) Names() Names {
	if p < 0 || p >= NumProfessors {
		return Names{}
	}
	return profNames[p]
}

// CombinationNames returns the id and English and French names of the
// professor's combination.
func (p Professor) CombinationNames() Names {
	if p < 0 || p >= NumProfessors {
		return Names{}
	}
	return combNames[p]
}

// Names returns the item kind's id and English and French names.
func (k ItemKind) Names() Names {
	if k < 0 || k > Parchment {
		return Names{}
	}
	return itemNames[k]
}
