package exlibris

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"atheneum/bot/face"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/store"
)

// stateOf is the game's rules state; nil before the game starts or for
// another game's record.
func stateOf(rec *store.Game) *ex.Game {
	if rec == nil || rec.State == nil {
		return nil
	}
	if st, ok := rec.State.(*ex.State); ok {
		return st.Game
	}
	return nil
}

// seatName names a seat of the game ("?" for none).
func seatName(rec *store.Game, seat int) string { return face.NameFunc(rec)(seat) }

// cardName is a card as players name it: its code ("E2"), the letter
// giving its place in the alphabetical order.
func cardName(id int) string { return ex.CardCode(id) }

// cardBooks lists a card's books by short category names, two of a
// category written twice: "Fiction, Bestiary, Bestiary".
func cardBooks(l i18n.Lang, id int) string {
	info, ok := ex.Card(id)
	if !ok {
		return ""
	}
	var parts []string
	for c := ex.Category(0); c < ex.NumCategories; c++ {
		for range info.Icons[c] {
			parts = append(parts, l.T("exlibris.face.books.short."+c.ID()))
		}
	}
	return strings.Join(parts, ", ")
}

// cardLabel is a card with its books: "E2 · Fiction, Bestiary".
func cardLabel(l i18n.Lang, id int) string {
	return l.T("exlibris.face.card", "Card", cardName(id), "Books", cardBooks(l, id))
}

// cardList names cards by their codes, "none" for none.
func cardList(l i18n.Lang, cards []int) string {
	if len(cards) == 0 {
		return l.T("exlibris.face.none")
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = cardName(c)
	}
	return strings.Join(names, ", ")
}

// cardLabels lists cards with their books: "E2 (Fiction, Bestiary); B1
// (...)".
func cardLabels(l i18n.Lang, cards []int) string {
	if len(cards) == 0 {
		return l.T("exlibris.face.none")
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = l.T("exlibris.face.card.listed", "Card", cardName(c), "Books", cardBooks(l, c))
	}
	return strings.Join(names, "; ")
}

// locationName is a tile by number and name: "#10 Well-Said Bookshop".
func locationName(l i18n.Lang, loc ex.Location) string {
	if loc < 1 || loc > ex.NumLocations {
		return l.T("exlibris.face.none")
	}
	return l.T("exlibris.face.location", "Number", int(loc), "Location", l.T("exlibris.location."+loc.ID()))
}

// locationByID finds a tile by its id ("tent").
func locationByID(id string) ex.Location {
	for loc := ex.Location(1); loc <= ex.NumLocations; loc++ {
		if loc.ID() == id {
			return loc
		}
	}
	return 0
}

// libraryName names a library tile.
func libraryName(l i18n.Lang, lib ex.Library) string {
	if lib < 0 || lib >= ex.NumLibraries {
		return l.T("exlibris.library.plain")
	}
	return l.T("exlibris.library." + lib.ID())
}

// assistantName names an assistant by its kind: a plain one, or the
// special assistant of a library.
func assistantName(l i18n.Lang, kind ex.Library) string {
	if kind < 0 || kind >= ex.NumLibraries {
		return l.T("exlibris.face.assistant.plain")
	}
	return l.T("exlibris.library." + kind.ID() + ".assistant")
}

// assistantByID reads an assistant's key ("assistant" or a library id).
func assistantByID(id string) (ex.Library, bool) {
	if id == "assistant" {
		return ex.NoLibrary, true
	}
	return ex.LibraryByID(id)
}

// categoryName names a book category, "-" when hidden.
func categoryName(l i18n.Lang, c ex.Category) string {
	if c < 0 || c >= ex.NumCategories {
		return l.T("exlibris.face.hidden")
	}
	return l.T("exlibris.books." + c.ID())
}

// place is a collection place read from a key: "r0c1", with the wizard's
// and the mummy's marks.
type place struct {
	r, c int
	mode byte // 0, '>', '<', 'o', 'u'
}

var placeKey = regexp.MustCompile(`^r(-?\d{1,2})c(-?\d{1,3})([<>ou]?)$`)

// parsePlace reads a place key.
func parsePlace(key string) (place, bool) {
	m := placeKey.FindStringSubmatch(key)
	if m == nil {
		return place{}, false
	}
	r, err1 := strconv.Atoi(m[1])
	c, err2 := strconv.Atoi(m[2])
	if err1 != nil || err2 != nil {
		return place{}, false
	}
	p := place{r: r, c: c}
	if m[3] != "" {
		p.mode = m[3][0]
	}
	return p, true
}

// shelf is one seat's collection by place, for naming places.
type shelf map[[2]int]ex.Place

// shelfOf is seat's collection.
func shelfOf(g *ex.Game, seat int) shelf {
	s := shelf{}
	if g == nil || seat < 0 || seat >= g.Seats() {
		return s
	}
	for _, p := range g.Collection(seat) {
		s[[2]int{p.R, p.C}] = p
	}
	return s
}

// placeLabel names a place of a collection as its owner sees it: the card
// lying there, or the empty place by a neighbouring card ("right of E2"),
// any card of skip left aside (a card being moved); with the wizard's push
// or the mummy's burial said. Its description gives the row and column,
// counted from the collection's top left card.
func placeLabel(l i18n.Lang, s shelf, key string, skip ...int) (label, desc string) {
	p, ok := parsePlace(key)
	if !ok {
		return key, ""
	}
	desc = rowCol(l, s, p)
	if at, taken := s[[2]int{p.r, p.c}]; taken {
		name := cardName(at.Card)
		switch p.mode {
		case '>':
			return l.T("exlibris.face.place.push.right", "Card", name), desc
		case '<':
			return l.T("exlibris.face.place.push.left", "Card", name), desc
		case 'o':
			return l.T("exlibris.face.place.over", "Card", name), desc
		case 'u':
			return l.T("exlibris.face.place.under", "Card", name), desc
		}
		if at.FaceDown {
			return l.T("exlibris.face.place.down", "Card", name), desc
		}
		return l.T("exlibris.face.place.card", "Card", name, "Books", cardBooks(l, at.Card)), desc
	}
	skipped := func(card int) bool {
		for _, k := range skip {
			if k == card {
				return true
			}
		}
		return false
	}
	for _, n := range []struct {
		dr, dc int
		id     string
	}{{0, -1, "right"}, {0, 1, "left"}, {-1, 0, "below"}, {1, 0, "above"}} {
		if at, taken := s[[2]int{p.r + n.dr, p.c + n.dc}]; taken && !skipped(at.Card) {
			return l.T("exlibris.face.place."+n.id, "Card", cardName(at.Card)), desc
		}
	}
	if len(s) == 0 {
		return l.T("exlibris.face.place.first"), ""
	}
	return l.T("exlibris.face.place.at", "Place", desc), ""
}

// rowCol words a place by its row and column, counted from 1 at the top
// row and the left column of the collection with that place in it.
func rowCol(l i18n.Lang, s shelf, p place) string {
	if len(s) == 0 {
		return l.T("exlibris.face.place.first")
	}
	minR, minC := p.r, p.c
	for k := range s {
		minR, minC = min(minR, k[0]), min(minC, k[1])
	}
	return l.T("exlibris.face.place.rowcol", "Row", p.r-minR+1, "Column", p.c-minC+1)
}

// collectionRows writes a collection row by row, top first, its empty
// places as dots, face-down cards in brackets and buried cards after a
// slash.
func collectionRows(l i18n.Lang, s shelf) []string {
	if len(s) == 0 {
		return []string{l.T("exlibris.face.collection.empty")}
	}
	minR, maxR, minC, maxC := 1<<20, -1<<20, 1<<20, -1<<20
	for k := range s {
		minR, maxR = min(minR, k[0]), max(maxR, k[0])
		minC, maxC = min(minC, k[1]), max(maxC, k[1])
	}
	var rows []string
	for r := minR; r <= maxR; r++ {
		cells := make([]string, 0, maxC-minC+1)
		for c := minC; c <= maxC; c++ {
			p, ok := s[[2]int{r, c}]
			switch {
			case !ok:
				cells = append(cells, "·")
			case p.FaceDown:
				cells = append(cells, "["+cardName(p.Card)+"]")
			default:
				cells = append(cells, cardName(p.Card))
			}
			if ok && p.Buried >= 0 {
				cells[len(cells)-1] += "/" + cardName(p.Buried)
			}
		}
		rows = append(rows, l.T("exlibris.face.collection.row", "Row", r-minR+1, "Cards", strings.Join(cells, " ")))
	}
	return rows
}

// booksLine counts the books of a collection's face-up cards by category.
func booksLine(l i18n.Lang, g *ex.Game, seat int) string {
	var n [ex.NumCategories]int
	for _, p := range g.Collection(seat) {
		if p.FaceDown {
			continue
		}
		if info, ok := ex.Card(p.Card); ok {
			for c := range n {
				n[c] += info.Icons[c]
			}
		}
	}
	parts := make([]string, 0, ex.NumCategories)
	for c := ex.Category(0); c < ex.NumCategories; c++ {
		parts = append(parts, l.T("exlibris.face.books.count", "Category", l.T("exlibris.face.books.short."+c.ID()), "Count", n[c]))
	}
	return l.T("exlibris.face.books", "Books", strings.Join(parts, " · "))
}

// tableLine names the popular and banned books.
func tableLine(l i18n.Lang, g *ex.Game) string {
	return l.T("exlibris.face.categories", "Popular", categoryName(l, g.Popular()), "Banned", categoryName(l, g.Banned()))
}

// French is written with its elisions once names are filled in: "de"
// and "que" before a vowel ("l'assistant d'Ana"), and an "l'" opening a
// sentence takes its capital (a computer player, "l'IA normale", may
// open one).
var (
	elision        = regexp.MustCompile(`(^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü])`)
	openingArticle = regexp.MustCompile(`(^|\n|[.!?] +)((?:· )?(?:\*\*)?)l'`)
)

// polish finishes a text of l (face.Game.Polish).
func polish(l i18n.Lang, s string) string {
	if l != i18n.French {
		return s
	}
	s = elision.ReplaceAllString(s, "${1}${2}'${3}${4}")
	return openingArticle.ReplaceAllString(s, "${1}${2}L'")
}

// upperFirst gives a catalogue word opening a sentence its capital.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
