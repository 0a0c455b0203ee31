package exlibris

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
)

// The sizes of the game.
const (
	// NumCards is the number of book cards; card ids run from 0 to 151.
	NumCards = 152
	// NumCategories is the number of book categories.
	NumCategories = 6
	// NumLocations is the number of location tiles, numbered 1 to 18.
	NumLocations = 18
	// NumLibraries is the number of library tiles, each with its special
	// assistant.
	NumLibraries = 12
	// MinSeats and MaxSeats bound the number of seats; one seat plays the
	// solo mode.
	MinSeats = 1
	MaxSeats = 4
	// HomeSlots is the number of home slots on a library tile.
	HomeSlots = 3
	// MaxRows is the most rows a collection may span.
	MaxRows = 3
)

// Category is a book category (0-5), in content order.
type Category int8

// The categories, in content order.
const (
	Codex Category = iota
	Fiction
	History
	Potions
	Bestiary
	Reference
)

// ID is the category's stable id ("codex"), also its key in moves.
func (c Category) ID() string {
	if c < 0 || c >= NumCategories {
		return ""
	}
	return catIDs[c]
}

// Library is one of the twelve library tiles (0-11), in content order;
// its special assistant shares its index and id.
type Library int8

// The libraries, by their special assistant.
const (
	Goblin Library = iota
	Automaton
	Mummy
	Cube
	Sasquatch
	Bookworm
	Ghost
	Snowman
	Golem
	Wizard
	Witch
	Wisp
)

// NoLibrary is the library of a beginner's tile, turned to its plain side.
const NoLibrary Library = -1

// ID is the library's stable id ("goblin"), which is also its special
// assistant's key in moves.
func (l Library) ID() string {
	if l < 0 || l >= NumLibraries {
		return ""
	}
	return libIDs[l]
}

// Location is a location tile's number, 1 to 18 (0: none).
type Location int8

// The locations by number.
const (
	Tent       Location = 1
	Exchange   Location = 2
	Auction    Location = 3
	Bindery    Location = 4
	Community  Location = 5
	Bookseller Location = 6
	Den        Location = 7
	Salon      Location = 8
	Collector  Location = 9
	Bookshop   Location = 10
	Dump       Location = 11
	Brewery    Location = 12
	Flea       Location = 13
	Hut        Location = 14
	Guild      Location = 15
	Taxes      Location = 16
	Sale       Location = 17
	Cabinet    Location = 18
)

// ID is the location's stable id ("tent").
func (l Location) ID() string {
	if l < 1 || l > NumLocations {
		return ""
	}
	return locInfo[l].id
}

// Names gives an id's English and French names.
type Names struct {
	ID string
	EN string
	FR string
}

// CardInfo is a book card as printed.
type CardInfo struct {
	ID int
	// Letter is the first letter of the titles, 'A' to 'Z'.
	Letter byte
	// Order is the card's rank among the cards of its letter, from 1.
	Order int
	// Of is the number of cards of its letter.
	Of int
	// Icons counts the card's books by category.
	Icons [NumCategories]int
}

// Code is the card's name in moves: its letter and order ("E2").
func (c CardInfo) Code() string { return CardCode(c.ID) }

// LocationInfo is a location tile's data.
type LocationInfo struct {
	Number  Location
	Names   Names
	Delayed bool
	// Setup is how many cards are dealt onto the tile each round, face
	// down when FaceDown.
	Setup    int
	FaceDown bool
	// Slots gives, for each assistant slot, the fewest players it is used
	// with (1: always). The auction's four slots are its bids 1 to 4.
	Slots []int
	// Solo tiles make up the solo mode's locations.
	Solo bool
	// Beginner and Friendly tell whether the tile stays in those modes.
	Beginner, Friendly bool
}

// LibraryInfo is a library tile's data.
type LibraryInfo struct {
	Library   Library
	Names     Names
	Assistant Names
	// Solo libraries may be drawn in the solo mode.
	Solo bool
	// Friendly tells whether the tile stays in the friendly mode.
	Friendly bool
}

// SoloLevel is a solo difficulty: how many cards the public library
// receives from the deck each round.
type SoloLevel struct {
	Names    Names
	Discards int
}

//go:embed content/exlibris.json
var contentJSON []byte

type contentFile struct {
	Categories []struct{ ID, EN, FR string } `json:"categories"`
	Locations  []struct {
		Number    int      `json:"number"`
		ID        string   `json:"id"`
		EN        string   `json:"en"`
		FR        string   `json:"fr"`
		Timing    string   `json:"timing"`
		Setup     int      `json:"setup"`
		Face      string   `json:"face"`
		Slots     []int    `json:"slots"`
		Solo      bool     `json:"solo"`
		RemovedIn []string `json:"removed_in"`
	} `json:"locations"`
	Libraries []struct {
		ID          string   `json:"id"`
		EN          string   `json:"en"`
		FR          string   `json:"fr"`
		AssistantEN string   `json:"assistant_en"`
		AssistantFR string   `json:"assistant_fr"`
		Solo        bool     `json:"solo"`
		RemovedIn   []string `json:"removed_in"`
	} `json:"libraries"`
	SoloLevels []struct {
		ID       string `json:"id"`
		EN       string `json:"en"`
		FR       string `json:"fr"`
		Discards int    `json:"discards"`
	} `json:"solo_levels"`
	EndTrigger struct {
		Normal map[string]int `json:"normal"`
		Long   map[string]int `json:"long"`
	} `json:"end_trigger"`
	PopularRewards []int `json:"popular_rewards"`
	Cards          []struct {
		ID     int      `json:"id"`
		Letter string   `json:"letter"`
		Order  int      `json:"order"`
		Of     int      `json:"of"`
		Icons  []string `json:"icons"`
	} `json:"cards"`
}

type locData struct {
	id       string
	names    Names
	delayed  bool
	setup    int8
	faceDown bool
	slots    []int8
	solo     bool
	beginner bool
	friendly bool
}

// The content tables, filled once from the embedded file; flat arrays
// keep the hot paths free of maps.
var (
	catIDs    [NumCategories]string
	catNames  [NumCategories]Names
	libIDs    [NumLibraries]string
	libInfo   [NumLibraries]LibraryInfo
	locInfo   [NumLocations + 1]locData
	cardLet   [NumCards]byte
	cardOrd   [NumCards]int8
	cardOf    [NumCards]int8
	cardIcons [NumCards][NumCategories]int8
	cardMask  [NumCards]uint8 // categories with at least one book on the card
	cardCodes [NumCards]string
	// cardByCode finds a card by letter and order: cardFirst[letter] is
	// the id of its order-1 card.
	cardFirst  [26]int16
	soloLevels []SoloLevel
	// endTrigger[long][seats] is the collection size that calls the last
	// round.
	endTrigger     [2][MaxSeats + 1]int
	popularRewards []int
	loadErr        error
)

func init() { loadErr = load(contentJSON) }

// load reads the content file and checks what the engine relies on.
func load(data []byte) error {
	var f contentFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("exlibris: content: %w", err)
	}
	if len(f.Categories) != NumCategories || len(f.Locations) != NumLocations ||
		len(f.Libraries) != NumLibraries || len(f.Cards) != NumCards {
		return fmt.Errorf("exlibris: content: %d categories, %d locations, %d libraries, %d cards",
			len(f.Categories), len(f.Locations), len(f.Libraries), len(f.Cards))
	}
	catIndex := map[string]int{}
	for i, c := range f.Categories {
		catIDs[i] = c.ID
		catNames[i] = Names{ID: c.ID, EN: c.EN, FR: c.FR}
		catIndex[c.ID] = i
	}
	for i, l := range f.Locations {
		if l.Number != i+1 || len(l.Slots) == 0 || len(l.Slots) > maxSlots {
			return fmt.Errorf("exlibris: content: location %d (%s)", i+1, l.ID)
		}
		d := locData{id: l.ID, names: Names{ID: l.ID, EN: l.EN, FR: l.FR}, delayed: l.Timing == "delayed",
			setup: int8(l.Setup), faceDown: l.Face == "down", solo: l.Solo, beginner: true, friendly: true}
		for _, s := range l.Slots {
			d.slots = append(d.slots, int8(s))
		}
		for _, m := range l.RemovedIn {
			switch m {
			case "beginner":
				d.beginner = false
			case "friendly":
				d.friendly = false
			default:
				return fmt.Errorf("exlibris: content: location %s removed in %q", l.ID, m)
			}
		}
		locInfo[i+1] = d
	}
	for i, l := range f.Libraries {
		libIDs[i] = l.ID
		info := LibraryInfo{Library: Library(i), Names: Names{ID: l.ID, EN: l.EN, FR: l.FR},
			Assistant: Names{ID: l.ID, EN: l.AssistantEN, FR: l.AssistantFR}, Solo: l.Solo, Friendly: true}
		for _, m := range l.RemovedIn {
			if m != "friendly" {
				return fmt.Errorf("exlibris: content: library %s removed in %q", l.ID, m)
			}
			info.Friendly = false
		}
		libInfo[i] = info
	}
	for i := range cardFirst {
		cardFirst[i] = -1
	}
	for i, c := range f.Cards {
		if c.ID != i || len(c.Letter) != 1 || c.Letter[0] < 'A' || c.Letter[0] > 'Z' || c.Order < 1 || c.Order > c.Of {
			return fmt.Errorf("exlibris: content: card %d", i)
		}
		cardLet[i], cardOrd[i], cardOf[i] = c.Letter[0], int8(c.Order), int8(c.Of)
		cardIcons[i], cardMask[i] = [NumCategories]int8{}, 0
		if c.Order == 1 {
			cardFirst[c.Letter[0]-'A'] = int16(i)
		} else if i == 0 || cardLet[i-1] != cardLet[i] || int(cardOrd[i-1]) != c.Order-1 {
			return fmt.Errorf("exlibris: content: card %d is out of order", i)
		}
		for _, ic := range c.Icons {
			k, ok := catIndex[ic]
			if !ok {
				return fmt.Errorf("exlibris: content: card %d has icon %q", i, ic)
			}
			cardIcons[i][k]++
			cardMask[i] |= 1 << k
		}
		cardCodes[i] = c.Letter + strconv.Itoa(c.Order)
	}
	soloLevels = nil
	for _, l := range f.SoloLevels {
		soloLevels = append(soloLevels, SoloLevel{Names: Names{ID: l.ID, EN: l.EN, FR: l.FR}, Discards: l.Discards})
	}
	for seats := 2; seats <= MaxSeats; seats++ {
		endTrigger[0][seats] = f.EndTrigger.Normal[strconv.Itoa(seats)]
		endTrigger[1][seats] = f.EndTrigger.Long[strconv.Itoa(seats)]
		if endTrigger[0][seats] == 0 || endTrigger[1][seats] == 0 {
			return fmt.Errorf("exlibris: content: no end trigger for %d seats", seats)
		}
	}
	popularRewards = f.PopularRewards
	if len(soloLevels) == 0 || len(popularRewards) == 0 {
		return fmt.Errorf("exlibris: content: no solo levels or popular rewards")
	}
	return nil
}

// maxSlots is the most assistant slots a location has.
const maxSlots = 4

// Card returns a card's printed data.
func Card(id int) (CardInfo, bool) {
	if id < 0 || id >= NumCards {
		return CardInfo{}, false
	}
	c := CardInfo{ID: id, Letter: cardLet[id], Order: int(cardOrd[id]), Of: int(cardOf[id])}
	for k := range c.Icons {
		c.Icons[k] = int(cardIcons[id][k])
	}
	return c, true
}

// CardCode is a card's name in moves ("E2"); "" for no card.
func CardCode(id int) string {
	if id < 0 || id >= NumCards {
		return ""
	}
	return cardCodes[id]
}

// CardByCode finds a card by its code ("E2").
func CardByCode(code string) (int, bool) {
	if len(code) < 2 || code[0] < 'A' || code[0] > 'Z' {
		return 0, false
	}
	first := cardFirst[code[0]-'A']
	n, ok := smallNumber(code[1:])
	if first < 0 || !ok || n < 1 || n > int(cardOf[first]) {
		return 0, false
	}
	return int(first) + n - 1, true
}

// CategoryByID finds a category by its id.
func CategoryByID(id string) (Category, bool) {
	for i, c := range catIDs {
		if c == id {
			return Category(i), true
		}
	}
	return 0, false
}

// CategoryNames gives a category's names.
func CategoryNames(c Category) Names { return catNames[c] }

// Libraries lists the twelve library tiles.
func Libraries() []LibraryInfo { return append([]LibraryInfo(nil), libInfo[:]...) }

// LibraryByID finds a library by its id.
func LibraryByID(id string) (Library, bool) {
	for i, l := range libIDs {
		if l == id {
			return Library(i), true
		}
	}
	return 0, false
}

// Locations lists the eighteen location tiles, by number.
func Locations() []LocationInfo {
	out := make([]LocationInfo, 0, NumLocations)
	for l := Location(1); l <= NumLocations; l++ {
		out = append(out, LocationOf(l))
	}
	return out
}

// LocationOf gives a location tile's data.
func LocationOf(l Location) LocationInfo {
	if l < 1 || l > NumLocations {
		return LocationInfo{}
	}
	d := &locInfo[l]
	info := LocationInfo{Number: l, Names: d.names, Delayed: d.delayed, Setup: int(d.setup), FaceDown: d.faceDown,
		Solo: d.solo, Beginner: d.beginner, Friendly: d.friendly}
	for _, s := range d.slots {
		info.Slots = append(info.Slots, int(s))
	}
	return info
}

// SoloLevels lists the solo difficulties, easiest first.
func SoloLevels() []SoloLevel { return append([]SoloLevel(nil), soloLevels...) }

// EndTrigger is how many cards a collection must hold at the end of a
// round to call the last round, for a number of seats (2-4).
func EndTrigger(seats int, long bool) int {
	if seats < 2 || seats > MaxSeats {
		return 0
	}
	if long {
		return endTrigger[1][seats]
	}
	return endTrigger[0][seats]
}

// PopularRewards are the points for the first, second and third most
// popular books.
func PopularRewards() []int { return append([]int(nil), popularRewards...) }

// smallNumber reads a non-negative decimal number of at most four digits
// with no sign and no leading zero.
func smallNumber(s string) (int, bool) {
	if len(s) == 0 || len(s) > 4 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
