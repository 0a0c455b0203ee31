package exlibris

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
	rex "atheneum/render/exlibris"
	"atheneum/store"
)

// A seat's prompt is the kit's (bot/face): its choices are the keys the
// rules' Next offers, laid out by the kit (buttons, or menus beyond twenty
// choices), each named here in words. What a key stands for depends on
// the decision asked and on how far the move is built: "L1" is the
// fortune teller's tent where an assistant goes, and the card L1
// anywhere else.

// keyOf says what a key of Next stands for at a position of a move.
type keyOf int

const (
	keyWord keyOf = iota
	keyCard
	keyPlace
	keyLocation
	keyAssistant
	keyLibrary
	keyCategory
	keySeat
)

// locationKey reads a tile's key: "L7", the auction's bid "L3b2", the
// ghost's shared slot "L10x", the guild's target "L10s0" or "L5s1g".
var locationKey = regexp.MustCompile(`^L(\d{1,2})(?:b(\d)|(x)|s(\d)(g?))?$`)

// kindOfKey says what key stands for in decision kind, depth keys into a
// move.
func kindOfKey(kind string, depth int, key string) keyOf {
	switch {
	case (kind == "place" || kind == "salon_move" || kind == "guild") && depth == 0:
		return keyAssistant
	case kind == "place" && depth == 1 && key == "home":
		return keyWord
	case (kind == "place" || kind == "salon_move" || kind == "guild") && depth == 1, kind == "eliminate":
		return keyLocation
	case kind == "library" || kind == "library_discard":
		return keyLibrary
	case placeKey.MatchString(key):
		return keyPlace
	case len(key) == 2 && key[0] == 'p' && key[1] >= '0' && key[1] <= '9':
		return keySeat
	}
	if _, ok := ex.CategoryByID(key); ok {
		return keyCategory
	}
	if _, ok := ex.CardByCode(key); ok {
		return keyCard
	}
	return keyWord
}

// decisionOf is what seat is asked on the board's game.
func decisionOf(rec *store.Game, seat int) (ex.Decision, bool) {
	g := stateOf(rec)
	if g == nil {
		return ex.Decision{}, false
	}
	return g.Decision(seat)
}

// label names a choice of b (face.Game.Label).
func label(b *face.Board, c engine.Choice) (string, string) {
	return boardNamer(b).name(c.Key)
}

// boardNamer names the choices of b: one namer for all of them, so that a
// menu works out once what its keys share.
func boardNamer(b *face.Board) *keyNamer {
	d, _ := decisionOf(b.Rec, b.Seat)
	return newKeyNamer(b.L, b.Rec, b.Seat, d.Kind, b.Path)
}

// keyLabel names key, chosen after path in decision kind, as seat reads
// it; desc describes it further in a menu. To name several keys after the
// same path, use one keyNamer.
func keyLabel(l i18n.Lang, rec *store.Game, seat int, kind string, path []string, key string) (label, desc string) {
	return newKeyNamer(l, rec, seat, kind, path).name(key)
}

// keyNamer names the keys chosen after one path in one decision, as one
// seat reads them. What its places share, the seat's shelf, the cards
// being moved and the numbers the picture draws (rex.Spots, which asks
// the rules for every next key), is worked out at the first place named
// and kept for the others: worked out for each key, it was most of what a
// prompt of places cost.
type keyNamer struct {
	l    i18n.Lang
	rec  *store.Game
	g    *ex.Game
	seat int
	kind string
	path []string

	placed bool // shelf, moved and spots are worked out
	shelf  shelf
	moved  []int
	spots  []rex.Spot
}

// newKeyNamer names the keys chosen after path in decision kind, as seat
// reads them.
func newKeyNamer(l i18n.Lang, rec *store.Game, seat int, kind string, path []string) *keyNamer {
	return &keyNamer{l: l, rec: rec, g: stateOf(rec), seat: seat, kind: kind, path: path}
}

// name names key; desc describes it further in a menu.
func (n *keyNamer) name(key string) (label, desc string) {
	l, rec, g, seat, kind, path := n.l, n.rec, n.g, n.seat, n.kind, n.path
	switch kindOfKey(kind, len(path), key) {
	case keyCard:
		id, _ := ex.CardByCode(key)
		return cardLabel(l, id), ""
	case keyPlace:
		if !n.placed {
			n.placed = true
			n.shelf = shelfOf(g, seat)
			n.moved = movedCards(g, seat, kind, path)
			if g != nil {
				n.spots = rex.Spots(g, seat, path)
			}
		}
		text, desc := placeLabel(l, n.shelf, key, n.moved...)
		for _, sp := range n.spots {
			if sp.Key == key {
				text = l.T("exlibris.face.place.lit", "Number", sp.Label, "Place", text)
			}
		}
		return text, desc
	case keyAssistant:
		lib, _ := assistantByID(key)
		return upperFirst(assistantName(l, lib)), ""
	case keyLibrary:
		lib, _ := ex.LibraryByID(key)
		return l.T("exlibris.face.library", "Library", libraryName(l, lib), "Assistant", assistantName(l, lib)),
			l.T("exlibris.library." + lib.ID() + ".power")
	case keyCategory:
		c, _ := ex.CategoryByID(key)
		return categoryName(l, c), ""
	case keySeat:
		other, _ := strconv.Atoi(key[1:])
		if kind == "goblin" {
			return l.T("exlibris.face.seat.ask", "Name", seatName(rec, other)), ""
		}
		return l.T("exlibris.face.seat.to", "Name", seatName(rec, other)), ""
	case keyLocation:
		return locationLabel(l, rec, key)
	}
	if id := "exlibris.face.word." + kind + "." + key + ".label"; l.Has(id) {
		return l.T(id), ""
	}
	if id := "exlibris.face.word." + key + ".label"; l.Has(id) {
		return l.T(id), ""
	}
	return key, ""
}

// locationLabel names a tile's key: the tile, a bid at the auction, a
// ghost's shared slot, or whose assistant the guild sends home.
func locationLabel(l i18n.Lang, rec *store.Game, key string) (string, string) {
	m := locationKey.FindStringSubmatch(key)
	if m == nil {
		return key, ""
	}
	n, _ := strconv.Atoi(m[1])
	loc := ex.Location(n)
	name := locationName(l, loc)
	desc := l.T("exlibris.location." + loc.ID() + ".effect")
	switch {
	case m[2] != "":
		return l.T("exlibris.face.location.bid", "Location", name, "Count", int(m[2][0]-'0')), desc
	case m[3] != "":
		return l.T("exlibris.face.location.shared", "Location", name), desc
	case m[4] != "":
		slot := int(m[4][0] - '0')
		who := "?"
		if g := stateOf(rec); g != nil {
			for _, o := range g.Occupants(loc) {
				if o.Slot == slot && o.Shared == (m[5] == "g") {
					who = seatName(rec, o.Seat)
				}
			}
		}
		return l.T("exlibris.face.location.target", "Location", name, "Name", who), desc
	}
	return name, desc
}

// movedCards are the cards a place is not named by, as they are moving:
// the salon's card moved elsewhere, the cabinetmaker's run.
func movedCards(g *ex.Game, seat int, kind string, path []string) []int {
	if g == nil {
		return nil
	}
	s := shelfOf(g, seat)
	at := func(key string) (place, int) {
		p, ok := parsePlace(key)
		if !ok {
			return p, -1
		}
		if c, ok := s[[2]int{p.r, p.c}]; ok {
			return p, c.Card
		}
		return p, -1
	}
	switch {
	case kind == "salon" && len(path) == 2 && path[0] == "move":
		if _, c := at(path[1]); c >= 0 {
			return []int{c}
		}
	case kind == "cabinet" && len(path) == 2:
		a, _ := at(path[0])
		z, _ := at(path[1])
		var run []int
		for c := min(a.c, z.c); c <= max(a.c, z.c); c++ {
			if p, ok := s[[2]int{a.r, c}]; ok {
				run = append(run, p.Card)
			}
		}
		return run
	}
	return nil
}

// ask words what seat is asked: the tile or power that asks it and for
// whom, then the decision, with the category named and how many cards
// an archive or a discard has taken so far.
func ask(l i18n.Lang, rec *store.Game, g *ex.Game, d ex.Decision) []string {
	what := l.T("exlibris.decision." + d.Kind)
	where := ""
	switch {
	case d.Power != ex.NoLibrary && d.Power >= 0:
		where = upperFirst(assistantName(l, d.Power))
	case d.Location > 0:
		where = locationName(l, d.Location)
	case g.Round() == 0:
		where = l.T("exlibris.face.draft")
	default:
		where = l.T("exlibris.face.round", "Round", g.Round())
	}
	var lines []string
	if d.Asker != d.Seat && d.Asker >= 0 && d.Asker < g.Seats() {
		lines = append(lines, l.T("exlibris.face.ask.for", "Where", where, "Name", seatName(rec, d.Asker), "What", what))
	} else {
		lines = append(lines, l.T("exlibris.face.ask", "Where", where, "What", what))
	}
	if d.Category >= 0 {
		lines = append(lines, l.T("exlibris.face.ask.category", "Category", categoryName(l, d.Category)))
	}
	switch {
	case d.Kind == "pay" && d.Max > 0:
		lines = append(lines, l.T("exlibris.face.ask.bid", "Count", d.Max))
	case (d.Kind == "archive" || d.Kind == "discard") && d.Max >= ex.NumCards:
		lines = append(lines, l.T("exlibris.face.ask.done", "Done", d.Done, "Min", d.Min))
	case (d.Kind == "archive" || d.Kind == "discard") && d.Max > 0:
		lines = append(lines, l.T("exlibris.face.ask.done.max", "Done", d.Done, "Min", d.Min, "Max", d.Max))
	}
	return lines
}

// text are the prompt's lines on b (face.Game.Text): what is asked, the
// choices made so far, and at the start of a move what the seat needs to
// see to choose: its hand and speciality, and for a placement the
// assistants left and the city; for the draft the libraries' powers.
func text(b *face.Board) []string {
	l, rec := b.L, b.Rec
	g := stateOf(rec)
	d, ok := decisionOf(rec, b.Seat)
	if g == nil || !ok {
		return nil
	}
	lines := ask(l, rec, g, d)
	if len(b.Path) > 0 {
		words := make([]string, len(b.Path))
		for i, key := range b.Path {
			words[i], _ = keyLabel(l, rec, b.Seat, d.Kind, b.Path[:i], key)
		}
		return append(lines, l.T("face.prompt.chosen", "Chosen", strings.Join(words, " · ")))
	}
	view := g.View(b.Seat)
	switch d.Kind {
	case "library", "library_discard":
		for _, lib := range view.DraftPool() {
			lines = append(lines, l.T("exlibris.face.library.power", "Library", libraryName(l, lib),
				"Assistant", assistantName(l, lib), "Power", l.T("exlibris.library."+lib.ID()+".power")))
		}
	case "place":
		lines = append(lines, reserveLine(l, view, b.Seat))
		lines = append(lines, cityLines(l, rec, view, 900)...)
	}
	if g.Round() > 0 {
		lines = append(lines, handLine(l, view, b.Seat), secretLine(l, view, b.Seat))
	}
	return lines
}

// handLine lists seat's hand with each card's books.
func handLine(l i18n.Lang, g *ex.Game, seat int) string {
	hand := g.Hand(seat)
	return l.T("exlibris.face.hand", "Count", len(hand), "Cards", cardLabels(l, hand))
}

// secretLine reminds seat of its speciality and the table's categories
// (solo: the categories shown not to be the public library's).
func secretLine(l i18n.Lang, g *ex.Game, seat int) string {
	line := l.T("exlibris.face.speciality", "Category", categoryName(l, g.Speciality(seat))) + " " + tableLine(l, g)
	if g.Solo() && len(g.Hints()) > 0 {
		names := make([]string, 0, len(g.Hints()))
		for _, c := range g.Hints() {
			names = append(names, categoryName(l, c))
		}
		line += " " + l.T("exlibris.face.solo.hints", "Categories", face.JoinAnd(l, names))
	}
	return line
}

// reserveLine lists the assistants seat has still to place this round.
func reserveLine(l i18n.Lang, g *ex.Game, seat int) string {
	var names []string
	for _, k := range g.Reserve(seat) {
		names = append(names, assistantName(l, k))
	}
	if len(names) == 0 {
		return l.T("exlibris.face.reserve.none")
	}
	return l.T("exlibris.face.reserve", "Count", len(names), "Assistants", strings.Join(names, ", "))
}

// cityLines are the tiles in play, one a line: the cards that lie there
// face up (or how many face down) and whose assistants stand there,
// within about limit characters.
func cityLines(l i18n.Lang, rec *store.Game, g *ex.Game, limit int) []string {
	tiles, permanent := g.TilesInPlay()
	var out []string
	size := 0
	for i, loc := range tiles {
		info := ex.LocationOf(loc)
		var parts []string
		cards, count := g.TileCards(loc)
		switch {
		case len(cards) > 0:
			parts = append(parts, cardList(l, cards))
		case count > 0:
			parts = append(parts, l.T("exlibris.face.city.hidden", "Count", count))
		}
		var who []string
		for _, o := range g.Occupants(loc) {
			who = append(who, seatName(rec, o.Seat))
		}
		if len(who) > 0 {
			parts = append(parts, l.T("exlibris.face.city.there", "Names", strings.Join(who, ", ")))
		}
		key := "exlibris.face.city.tile"
		switch {
		case info.Delayed:
			key += ".delayed"
		case permanent[i]:
			key += ".permanent"
		}
		if len(parts) == 0 {
			parts = append(parts, l.T("exlibris.face.city.free"))
		}
		line := l.T(key, "Location", locationName(l, loc), "What", strings.Join(parts, " · "))
		if size += len(line); size > limit {
			out = append(out, l.T("exlibris.face.city.more", "City", slash(l, "exlibris.city")))
			break
		}
		out = append(out, line)
	}
	return out
}

// hint says what to do at the start of a decision and why (face.Game.Hint).
func hint(b *face.Board) string {
	d, ok := decisionOf(b.Rec, b.Seat)
	if !ok || len(b.Path) > 0 {
		return ""
	}
	return b.L.T("exlibris.hint." + d.Kind)
}

// doing words what a seat is asked, for others: "place an assistant".
func doing(l i18n.Lang, rec *store.Game, seat int) string {
	d, ok := decisionOf(rec, seat)
	if !ok {
		return ""
	}
	return l.T("exlibris.face.waiting.seat", "Name", seatName(rec, seat), "Doing", l.T("exlibris.face.doing."+d.Kind))
}

// awaitedWords says whom the game waits for and for what.
func awaitedWords(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	if g == nil {
		return ""
	}
	var who []string
	for _, s := range g.Awaited() {
		who = append(who, doing(l, rec, s))
	}
	return face.JoinAnd(l, slices.DeleteFunc(who, func(s string) bool { return s == "" }))
}

// waiting says what a seat the game does not wait for is waiting for
// (face.Game.Waiting).
func waiting(l i18n.Lang, rec *store.Game, _ int) string {
	return polish(l, l.T("exlibris.face.waiting", "Who", awaitedWords(l, rec)))
}

// layout lays b's choices out as the kit does (face.Board.LayOut), but
// for the undo move (ruling 50): a button of its own below the others,
// however long the list, so that a seat that regrets its placement never
// has to look for the way back in a menu.
func layout(b *face.Board) bool {
	n := boardNamer(b)
	named := func(c engine.Choice) (string, string) { return n.name(c.Key) }
	i := slices.IndexFunc(b.Next, func(c engine.Choice) bool { return c.Key == ex.UndoKey && c.Move != "" })
	if i < 0 {
		return b.LayOut(named)
	}
	all := b.Next
	b.Next = slices.Delete(slices.Clone(all), i, i+1)
	ok := b.LayOut(named)
	b.Next = all // the kit checks a press against every choice, the undo's too
	if !ok {
		return false
	}
	text, _ := named(all[i])
	undo := b.Button(text, ex.UndoKey, discordgo.DangerButton)
	rows := b.Rows()
	if len(rows) < face.MaxRows {
		b.AddButtons([]discordgo.Button{undo})
		return true
	}
	// Five rows are four menus and the buttons that turn their pages, at
	// most two at the start of a move, where alone the undo is offered: the
	// undo joins them.
	last, isRow := rows[len(rows)-1].(discordgo.ActionsRow)
	if !isRow || len(last.Components) >= face.MaxButtons {
		return false
	}
	last.Components = append(slices.Clone(last.Components), undo)
	rows[len(rows)-1] = last
	return true
}
