package atheneum

import (
	"atheneum/bot/face"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// The engine names its pieces, events and objectives with codes and
// fields; this file words them for players, in the reader's language,
// from the catalogue's game vocabulary (terms.*.json) and the play.*
// messages.

// colorWord names a book colour: "teal".
func colorWord(l i18n.Lang, c atheneum.Color) string { return l.T("color." + c.String()) }

// compWords names a compartment for a sentence: "compartment II", "the
// left side shelf".
func compWords(l i18n.Lang, c atheneum.CompID) string { return l.T("compartment." + c.String()) }

// compLabel names a compartment in a menu: "Compartment II".
func compLabel(l i18n.Lang, c atheneum.CompID) string {
	return l.T("compartment." + c.String() + ".label")
}

// spaceWords says where a space is: "level 2 from the bottom, space 3
// from the left".
func spaceWords(l i18n.Lang, p atheneum.Pos) string {
	return l.T("position", "Level", p.Level+1, "Space", p.Space+1)
}

// phaseLetter is the letter of the game's phase, as printed (A, then B).
func phaseLetter(g *atheneum.Game) string { return string(rune('A' + g.Phase)) }

// bookWords names a book of a colour: "a teal book", "a book of any colour".
func bookWords(l i18n.Lang, c atheneum.Color) string {
	if c == atheneum.AnyColor {
		return l.T("book.any")
	}
	return l.T("book.color", "Color", colorWord(l, c))
}

// benefitWords words one printed benefit: "a teal book", "reshelve up to
// 2 books", "2 points".
func benefitWords(l i18n.Lang, b atheneum.Benefit) string {
	switch b.Kind {
	case atheneum.BenefitBook:
		return bookWords(l, b.Color)
	case atheneum.BenefitCompartmentBook:
		return l.T("book.for", "Compartment", compWords(l, b.Comp))
	case atheneum.BenefitReshelve:
		return l.T("benefit.reshelve", "Count", b.N)
	case atheneum.BenefitSideShelf:
		return l.T("benefit.side_shelf")
	case atheneum.BenefitWand:
		return l.T("benefit.wand")
	case atheneum.BenefitToken:
		return l.T("benefit.token")
	case atheneum.BenefitPoints:
		return l.T("benefit.points", "Count", b.N)
	}
	return "?"
}

// benefitShort words a benefit in a few words, for a card's one line in
// a menu: "teal", "reshelve 2", "+1 point".
func benefitShort(l i18n.Lang, b atheneum.Benefit) string {
	switch b.Kind {
	case atheneum.BenefitBook:
		if b.Color == atheneum.AnyColor {
			return l.T("play.short.any")
		}
		return colorWord(l, b.Color)
	case atheneum.BenefitCompartmentBook:
		return l.T("play.short.for", "Compartment", b.Comp.String())
	case atheneum.BenefitReshelve:
		return l.T("play.short.reshelve", "N", b.N)
	case atheneum.BenefitSideShelf:
		return l.T("play.short.side_shelf")
	case atheneum.BenefitWand:
		return l.T("play.short.wand")
	case atheneum.BenefitToken:
		return l.T("play.short.token")
	case atheneum.BenefitPoints:
		return l.T("play.short.points", "Count", b.N)
	}
	return "?"
}

// cardLine describes a study card in one line for the pick menu: what
// each of its three sections gives, in short words.
func cardLine(l i18n.Lang, c *atheneum.Card) string {
	var secs [3]string
	for i, sec := range c.Sections {
		words := make([]string, len(sec))
		for k, b := range sec {
			words[k] = benefitShort(l, b)
		}
		secs[i] = strings.Join(words, ", ")
		if secs[i] == "" {
			secs[i] = l.T("play.nothing")
		}
	}
	return l.T("play.card.option", "Self", secs[atheneum.SectionSelf], "Left", secs[atheneum.SectionToLeft], "Right", secs[atheneum.SectionToRight])
}

// tokenWords words the benefit side of a bonus token.
func tokenWords(l i18n.Lang, t atheneum.Token) string {
	switch t.Kind {
	case atheneum.TokenWand:
		return l.T("benefit.wand")
	case atheneum.TokenPair:
		return l.T("pair.colors", "Color", colorWord(l, t.Colors[0]), "Color2", colorWord(l, t.Colors[1]))
	case atheneum.TokenBook:
		return l.T("book.any")
	case atheneum.TokenReshelve:
		return l.T("benefit.reshelve", "Count", atheneum.ReshelveTokenCount)
	case atheneum.TokenSideShelf:
		return l.T("benefit.side_shelf")
	}
	return "?"
}

// itemWords names a held item: "a teal book", "a paired set (teal and
// pink)", "a bonus token: a magic wand or a candle".
func itemWords(l i18n.Lang, c *atheneum.Content, it atheneum.Item) string {
	switch it.Kind {
	case atheneum.ItemBook:
		s := bookWords(l, it.Color)
		if it.Bound {
			if it.Color == atheneum.AnyColor {
				s = l.T("book.for", "Compartment", compWords(l, it.Comp))
			} else {
				s = l.T("play.item.bound", "Book", s, "Compartment", compWords(l, it.Comp))
			}
		}
		if it.Reshelved {
			s = l.T("item.reshelved", "Item", s)
		}
		return s
	case atheneum.ItemPair:
		return l.T("pair.colors", "Color", colorWord(l, it.Color), "Color2", colorWord(l, it.Color2))
	case atheneum.ItemToken:
		if it.Token >= 0 && it.Token < len(c.Tokens) {
			return l.T("item.token", "Benefit", tokenWords(l, c.Tokens[it.Token]))
		}
		return l.T("item.kind.token")
	case atheneum.ItemSpider:
		return l.T("item.spider")
	case atheneum.ItemSideShelf:
		return l.T("item.kind.side_shelf")
	}
	return "?"
}

// itemLabel names a held item in a menu, with the number /atheneum place
// takes: "#3 a teal book".
func itemLabel(l i18n.Lang, g *atheneum.Game, it atheneum.Item) string {
	return "#" + strconv.Itoa(it.ID) + " " + itemWords(l, g.Content, it)
}

// received says what a seat received at the last reveal, card by card,
// each part named by its section's colour as the pictures draw it (the
// yellow section of the seat's own card, the blue section of its left
// neighbour's, the green section of its right neighbour's): "the yellow
// section of A07 (your card): a teal book, a teal book; the blue section
// of B03 (Ana): reshelve up to 1 book; ...". It is empty outside the
// resolve step.
//
// own is the catalogue key that names the seat's own card: "your card" on
// the seat's workbench, "their own card" in the channel.
func received(l i18n.Lang, g *atheneum.Game, seat int, name func(int) string, own string) string {
	if g.Step != atheneum.StepResolve || g.Seats[seat].Played < 0 {
		return ""
	}
	sources := [3]struct {
		from int
		sec  atheneum.Section
	}{{seat, atheneum.SectionSelf}, {g.LeftOf(seat), atheneum.SectionToRight}, {g.RightOf(seat), atheneum.SectionToLeft}}
	parts := make([]string, 0, len(sources))
	for _, src := range sources {
		card := &g.Content.Cards[g.Seats[src.from].Played]
		var what []string
		for _, b := range card.Sections[src.sec] {
			what = append(what, benefitWords(l, b))
		}
		if len(what) == 0 {
			what = append(what, l.T("play.nothing"))
		}
		who := l.T(own)
		if src.from != seat {
			who = name(src.from)
		}
		parts = append(parts, l.T("play.received.part", "Section", l.T(sectionKeys[src.sec]), "Card", card.Code, "Who", who, "What", strings.Join(what, ", ")))
	}
	return strings.Join(parts, l.T("play.received.sep"))
}

// sectionKeys name a study card's sections by their colour: "yellow
// section".
var sectionKeys = [3]string{
	atheneum.SectionSelf:    "section.self",
	atheneum.SectionToLeft:  "section.to_left",
	atheneum.SectionToRight: "section.to_right",
}

// patternCell names one cell of an objective's pattern.
func patternCell(l i18n.Lang, c atheneum.Color) string {
	switch c {
	case atheneum.AnyColor:
		return l.T("play.pattern.any")
	case atheneum.NoColor:
		return l.T("play.pattern.free")
	}
	return colorWord(l, c)
}

// patternWords says what books a pattern asks for: a row or a stack of
// colours, a block of any books, or rows read from the top.
func patternWords(l i18n.Lang, p atheneum.Pattern) string {
	block := true
	for _, c := range p.Cells {
		block = block && c == atheneum.AnyColor
	}
	switch {
	case block && p.Height == 1:
		return l.T("play.shape.row", "Count", p.Width)
	case block:
		return l.T("play.shape.block", "Width", p.Width, "Count", p.Height)
	case p.Width == 1 && p.Height == 1:
		return patternCell(l, p.Cells[0])
	case p.Height == 1 || p.Width == 1:
		cells := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = patternCell(l, c)
		}
		if p.Height == 1 {
			return l.T("play.pattern.row", "Books", face.JoinAnd(l, cells))
		}
		return l.T("play.pattern.column", "Books", face.JoinAnd(l, cells))
	}
	rows := make([]string, p.Height)
	for r := range rows {
		cells := make([]string, p.Width)
		for c := range cells {
			cells[c] = patternCell(l, p.At(r, c))
		}
		rows[r] = strings.Join(cells, ", ")
	}
	return l.T("play.pattern.grid", "Rows", strings.Join(rows, " / "))
}

// objectiveAsks says what an objective asks for, requirement by
// requirement, and where.
func objectiveAsks(l i18n.Lang, o *atheneum.Objective) string {
	reqs := make([]string, len(o.Reqs))
	for i, r := range o.Reqs {
		where := l.T("play.objective.anywhere")
		if len(r.In) > 0 {
			comps := make([]string, len(r.In))
			for k, c := range r.In {
				comps[k] = compWords(l, c)
			}
			where = l.T("play.objective.in", "Compartments", strings.Join(comps, l.T("play.or")))
		}
		key := "play.objective.req"
		if len(o.Reqs) > 1 {
			// Without a comma inside each requirement, the commas
			// between them part them clearly.
			key = "play.objective.req.several"
		}
		reqs[i] = l.T(key, "Pattern", patternWords(l, r.Pattern), "Where", where)
	}
	return face.JoinAnd(l, reqs)
}

// objectiveWords names an objective with its points and what it asks:
// "O09 (5 points): green and anything on top, pink and purple below, in
// any one compartment".
func objectiveWords(l i18n.Lang, o *atheneum.Objective) string {
	key := "play.objective"
	if o.Wand {
		key = "play.objective.wand"
	}
	return l.T(key, "Code", o.Code, "Points", l.T("points", "Count", o.Points), "Asks", objectiveAsks(l, o))
}

// objectiveByCode finds an objective of the game's content by its code.
func objectiveByCode(g *atheneum.Game, code string) (*atheneum.Objective, bool) {
	i, ok := g.Content.ObjectiveIndex(code)
	if !ok {
		return nil, false
	}
	return &g.Content.Objectives[i], true
}

// objectiveNamed words an objective given by code, or the bare code when
// the content does not know it.
func objectiveNamed(l i18n.Lang, g *atheneum.Game, code string) string {
	if o, ok := objectiveByCode(g, code); ok {
		return objectiveWords(l, o)
	}
	return code
}

// objectiveAsksByCode says what the objective with code asks for, or ""
// when the content does not know it.
func objectiveAsksByCode(l i18n.Lang, g *atheneum.Game, code string) string {
	if o, ok := objectiveByCode(g, code); ok {
		return objectiveAsks(l, o)
	}
	return ""
}

// describeEvent words an event for the channel's feed, or "" for events
// too small to report on their own (a secret pick, a received benefit).
func describeEvent(l i18n.Lang, g *atheneum.Game, e atheneum.Event, name func(int) string) string {
	who := ""
	if e.Seat >= 0 && e.Seat < len(g.Seats) {
		who = name(e.Seat)
	}
	key := "play.event." + string(e.Type)
	switch e.Type {
	case atheneum.EvRevealed:
		return l.T(key, "Name", who, "Card", e.Card)
	case atheneum.EvPoints:
		return l.T(key, "Name", who, "Points", l.T("points", "Count", e.Points), "Card", e.Card)
	case atheneum.EvWandLost, atheneum.EvSideShelfLost:
		return l.T(key, "Name", who)
	case atheneum.EvSpiderCaptured:
		return l.T(key, "Name", who, "Compartment", compWords(l, e.Comp))
	case atheneum.EvRewardChosen:
		return l.T(key, "Name", who, "Reward", l.T("reward."+string(e.Reward)))
	case atheneum.EvCandlePlaced:
		return l.T(key, "Name", who, "Candle", e.Candle+1, "Points", l.T("points", "Count", g.CandleValue(e.Seat, e.Candle)))
	case atheneum.EvSideShelfPlaced:
		side := atheneum.SideLeft
		if e.Comp == atheneum.CompRight {
			side = atheneum.SideRight
		}
		// The shelf's size says more to the channel than its number in the
		// supply.
		spec, _ := g.Content.SideShelf(e.N)
		if e.Seat >= 0 && e.Seat < len(g.Seats) && e.Comp < atheneum.NumComps {
			if c := &g.Seats[e.Seat].Comps[e.Comp]; c.Present {
				spec.Width, spec.Levels = c.Width, c.Levels
			}
		}
		return l.T(key, "Name", who, "Side", l.T("side."+string(side)), "Width", spec.Width, "Count", spec.Levels)
	case atheneum.EvObjectiveScored:
		if e.Wand {
			key += ".wand"
		}
		return l.T(key, "Name", who, "Code", e.Objective, "Asks", objectiveAsksByCode(l, g, e.Objective), "Points", l.T("points", "Count", e.Points))
	case atheneum.EvObjectiveLeft, atheneum.EvObjectiveDrawn:
		return l.T(key, "Objective", objectiveNamed(l, g, e.Objective))
	case atheneum.EvBagRefilled:
		return l.T(key, "Count", e.N)
	case atheneum.EvItemsLost:
		return l.T(key, "Name", who, "Count", e.N)
	case atheneum.EvPhaseStarted, atheneum.EvGameOver:
		return l.T(key)
	case atheneum.EvTurnStarted:
		return l.T(key, "Turn", e.Phase*atheneum.TurnsPerPhase+e.Turn, "Phase", string(rune('A'+e.Phase)), "PhaseTurn", e.Turn)
	}
	return ""
}
