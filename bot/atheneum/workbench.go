package atheneum

import (
	"atheneum/bot/face"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// ids builds the custom ids of one seat's components for the game's
// current position.
type ids struct {
	game  string
	step  string
	seq   int
	seat  int
	moves int
}

func idsFor(gameID string, g *atheneum.Game, seat int) ids {
	return ids{game: gameID, step: stepOf(g), seq: g.Seq, seat: seat, moves: g.Seats[seat].Moves}
}

func (b ids) make(verb string, args ...string) string {
	return face.ID{Game: b.game, Step: b.step, Seq: b.seq, Seat: b.seat, Moves: b.moves, Verb: verb, Args: args}.String()
}

// option and selectRow build the workbench's menus (see face.MenuOption
// and face.MenuRow).
var (
	option    = face.MenuOption
	selectRow = face.MenuRow
)

// handComponents is the pick step's choice: the seat's cards as buttons
// (one tap each, the card picked so far in blue) when they fit the
// message, else the menu of handMenu.
func handComponents(l i18n.Lang, gameID string, g *atheneum.Game, seat int) []discordgo.MessageComponent {
	menu := handMenu(l, gameID, g, seat)
	if menu == nil {
		return nil
	}
	m := menu[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	return arrange([]block{blockOf(l, g, seat, m, "")}, nil, false)
}

// handMenu is the pick menu: one option per card in the seat's hand. It
// is what earlier versions showed, and what a press on a card's button is
// checked against.
func handMenu(l i18n.Lang, gameID string, g *atheneum.Game, seat int) []discordgo.MessageComponent {
	b := idsFor(gameID, g, seat)
	s := &g.Seats[seat]
	var opts []discordgo.SelectMenuOption
	for _, c := range s.Hand {
		card := &g.Content.Cards[c]
		opts = append(opts, option(card.Code, card.Code, cardLine(l, card), c == s.Pick))
	}
	if len(opts) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{selectRow(b.make("pick"), l.T("play.pick.placeholder"), opts)}
}

// selection is how far a player has got in building a move on the
// workbench; it travels in the custom ids of the next menus.
type selection struct {
	// Mode is "" (nothing chosen), "item", "remove", or "done" (Done was
	// pressed while an objective could still be scored: the workbench asks
	// for a confirmation).
	Mode  string
	Item  int
	Color atheneum.Color
	// Flip is -1 until a pair's orientation is chosen, then 0 or 1.
	Flip int
	Comp atheneum.CompID
	// HasComp is true once a compartment is chosen.
	HasComp bool
}

func noSelection() selection { return selection{Flip: -1} }

// encode writes the selection as custom id arguments.
func (s selection) encode() []string {
	comp := "-"
	if s.HasComp {
		comp = s.Comp.String()
	}
	col := "-"
	if s.Color != atheneum.NoColor {
		col = string(s.Color.Letter())
	}
	return []string{s.Mode, strconv.Itoa(s.Item), col, strconv.Itoa(s.Flip), comp}
}

// decodeSelection reads what encode wrote; garbage gives an error.
func decodeSelection(args []string) (selection, error) {
	if len(args) < 5 {
		return selection{}, face.ErrBadID
	}
	s := selection{Mode: args[0]}
	var err error
	if s.Item, err = strconv.Atoi(args[1]); err != nil {
		return selection{}, face.ErrBadID
	}
	if args[2] != "-" {
		c, ok := atheneum.ParseColor(args[2])
		if !ok || !c.IsBook() {
			return selection{}, face.ErrBadID
		}
		s.Color = c
	}
	if s.Flip, err = strconv.Atoi(args[3]); err != nil || s.Flip < -1 || s.Flip > 1 {
		return selection{}, face.ErrBadID
	}
	if args[4] != "-" {
		c, ok := atheneum.ParseCompID(args[4])
		if !ok {
			return selection{}, face.ErrBadID
		}
		s.Comp, s.HasComp = c, true
	}
	switch s.Mode {
	case "", "item", "remove", "done":
	default:
		return selection{}, face.ErrBadID
	}
	return s, nil
}

// heldItem finds a held item by id.
func heldItem(g *atheneum.Game, seat, id int) (atheneum.Item, bool) {
	for _, it := range g.Seats[seat].Held {
		if it.ID == id {
			return it, true
		}
	}
	return atheneum.Item{}, false
}

// workbench builds the resolve-step components for one seat from the
// engine's legal actions and the selection so far: the menus of
// menuWorkbench for the selection in effect (see effective), each shown as
// buttons where the message has room for them (see relayout).
//
// A book takes one tap when it is the item the workbench chose for the
// seat (the one the normal computer player would shelve next: its spaces
// are shown at once, the space it would choose first), two otherwise (the
// item, then the space), while the items and the spaces fit the message
// as buttons; a menu instead of a row of buttons costs a tap more.
func workbench(l i18n.Lang, gameID string, g *atheneum.Game, seat int, sel selection) []discordgo.MessageComponent {
	chosen := sel.Mode != ""
	sel = effective(g, seat, sel)
	menus := menuWorkbench(l, gameID, g, seat, sel, false)
	if sel.Mode == "done" {
		return menus
	}
	return relayout(l, g, seat, sel, chosen, menus)
}

// earlierWorkbench is the workbench of menus the previous version of the
// bot showed for a selection: its menus may still sit in players'
// messages, and offered.go checks their presses against it.
func earlierWorkbench(l i18n.Lang, gameID string, g *atheneum.Game, seat int, sel selection) []discordgo.MessageComponent {
	return menuWorkbench(l, gameID, g, seat, sel, false)
}

// stepwiseWorkbench is the workbench as earlier versions of the bot built
// it: the item alone, then its colour or orientation, then the
// compartment, then the space. Only offered.go uses it, so that a menu an
// earlier version left in a player's messages still takes a press.
func stepwiseWorkbench(l i18n.Lang, gameID string, g *atheneum.Game, seat int, sel selection) []discordgo.MessageComponent {
	return menuWorkbench(l, gameID, g, seat, sel, true)
}

// menuWorkbench is the workbench as menus: the item (for a book of any
// colour, the item in the colour wanted; for a paired set of two colours,
// the item the way round wanted), then the space, named by its coordinates
// and compartment; when the spaces do not fit one menu, the compartment
// comes before the space. When stepwise, as earlier versions built it,
// the colour or orientation and the compartment always have menus of
// their own.
func menuWorkbench(l i18n.Lang, gameID string, g *atheneum.Game, seat int, sel selection, stepwise bool) []discordgo.MessageComponent {
	b := idsFor(gameID, g, seat)
	legal := g.LegalActions(seat)
	if sel.Mode == "done" {
		return confirmRows(l, b, sel, legal)
	}
	var rows []discordgo.MessageComponent
	var canUndo, canDone bool
	for _, a := range legal {
		switch a.Type {
		case atheneum.ActUndo:
			canUndo = true
		case atheneum.ActDone:
			canDone = true
		}
	}
	first, expanded := itemOptions(l, g, seat, sel, legal, stepwise)
	if len(first) > 0 {
		rows = append(rows, selectRow(b.make("it"), l.T("play.next.placeholder"), first))
	}
	rows = append(rows, detailRows(l, b, g, seat, sel, legal, expanded, stepwise)...)
	if len(rows) > 4 {
		rows = rows[:4]
	}
	doneLabel := l.T("play.done.label")
	if n := len(g.Seats[seat].Held); n > 0 {
		doneLabel = l.T("play.done.lost.label", "Count", n)
	}
	rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("play.undo.label"), Style: discordgo.SecondaryButton, CustomID: b.make("undo"), Disabled: !canUndo},
		discordgo.Button{Label: doneLabel, Style: discordgo.SuccessButton, CustomID: b.make("done"), Disabled: !canDone},
	}})
	return rows
}

// itemOptions is the first menu: the held items, taking books off the
// shelves, and the objectives to score. A book of any colour is offered
// once per colour, and a paired set of two colours once per way round,
// while the menu has room for them (expanded says which items are); the
// others get their colour or orientation in a menu of its own.
func itemOptions(l i18n.Lang, g *atheneum.Game, seat int, sel selection, legal []atheneum.Action, stepwise bool) (opts []discordgo.SelectMenuOption, expanded map[int]bool) {
	var items []atheneum.Item
	seenItem := map[int]bool{}
	removals, scores := 0, 0
	for _, a := range legal {
		switch a.Type {
		case atheneum.ActShelve, atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
			if !seenItem[a.Item] {
				seenItem[a.Item] = true
				it, _ := heldItem(g, seat, a.Item)
				items = append(items, it)
			}
		case atheneum.ActRemove:
			removals++
		case atheneum.ActScore:
			scores++
		}
	}
	// Expand items in order while everything still fits one menu.
	expanded = map[int]bool{}
	size := len(items) + scores
	if removals > 0 {
		size++
	}
	for _, it := range items {
		if extra := len(itemVariants(it)) - 1; !stepwise && extra > 0 && size+extra <= face.MaxOptions {
			expanded[it.ID] = true
			size += extra
		}
	}
	chosen := func(id int) bool { return sel.Mode == "item" && sel.Item == id }
	for _, it := range items {
		value := "i" + strconv.Itoa(it.ID)
		if !expanded[it.ID] {
			opts = append(opts, option(itemLabel(l, g, it), value, itemHint(l, it), chosen(it.ID)))
			continue
		}
		for _, v := range itemVariants(it) {
			if v.color != atheneum.NoColor {
				c := v.color
				opts = append(opts, option(l.T("play.item.color.option", "Item", itemLabel(l, g, it), "Color", colorWord(l, c)),
					value+"."+string(c.Letter()), colorSubject(l, c), chosen(it.ID) && sel.Color == c))
				continue
			}
			left, right := it.Color, it.Color2
			if v.flip == 1 {
				left, right = right, left
			}
			opts = append(opts, option(l.T("play.item.flip.option", "Item", itemLabel(l, g, it), "Left", colorWord(l, left)),
				value+"."+strconv.Itoa(v.flip), l.T("play.flip.option", "Left", colorWord(l, left), "Right", colorWord(l, right)), chosen(it.ID) && sel.Flip == v.flip))
		}
	}
	if removals > 0 {
		opts = append(opts, option(l.T("play.remove.option", "Count", g.Seats[seat].Reshelves), "rm", l.T("play.remove.hint.option"), sel.Mode == "remove"))
	}
	for _, a := range legal {
		if a.Type == atheneum.ActScore {
			o, _ := g.Content.ObjectiveIndex(a.Objective)
			obj := &g.Content.Objectives[o]
			desc := l.T("play.score.hint.option")
			if obj.Wand {
				desc = l.T("play.score.wand.hint.option")
			}
			opts = append(opts, option(l.T("play.score.option", "Code", obj.Code, "Points", l.T("points", "Count", obj.Points)), "s"+obj.Code, desc, false))
		}
	}
	return opts, expanded
}

// variant is one way of taking an item in the first menu: a colour for a
// book of any colour, a way round for a paired set of two colours.
type variant struct {
	color atheneum.Color
	flip  int
}

// itemVariants lists the ways an item can be taken in the first menu
// when it is expanded (none for items that have only one).
func itemVariants(it atheneum.Item) []variant {
	switch {
	case it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor:
		vs := make([]variant, len(atheneum.Colors))
		for i, c := range atheneum.Colors {
			vs[i] = variant{color: c, flip: -1}
		}
		return vs
	case it.Kind == atheneum.ItemPair && it.Color != it.Color2:
		return []variant{{flip: 0}, {flip: 1}}
	}
	return nil
}

// colorSubject words a colour with its subject: "Teal — Biographies &
// Memoirs".
func colorSubject(l i18n.Lang, c atheneum.Color) string {
	return l.T("play.color.option", "Color", l.T("color."+c.String()+".label"), "Subject", l.T("subject."+c.String()))
}

// itemHint says in a menu what can be done with a held item.
func itemHint(l i18n.Lang, it atheneum.Item) string {
	switch it.Kind {
	case atheneum.ItemBook:
		if it.Bound {
			return l.T("play.hint.bound.option", "Compartment", compWords(l, it.Comp))
		}
		return l.T("play.hint.book.option")
	case atheneum.ItemPair:
		return l.T("play.hint.pair.option")
	case atheneum.ItemToken:
		return l.T("play.hint.token.option")
	case atheneum.ItemSpider:
		return l.T("play.hint.spider.option")
	case atheneum.ItemSideShelf:
		return l.T("play.hint.side_shelf.option")
	}
	return ""
}

// detailRows are the menus after the first choice: the colour or
// orientation (unless the first menu chose it), then the space, or the
// compartment and then the space when they do not fit one menu (or the
// single menu a token, reward or side shelf needs).
func detailRows(l i18n.Lang, b ids, g *atheneum.Game, seat int, sel selection, legal []atheneum.Action, expanded map[int]bool, stepwise bool) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	switch sel.Mode {
	case "remove":
		var targets []atheneum.Pos
		for _, a := range legal {
			if a.Type == atheneum.ActRemove {
				targets = append(targets, a.At)
			}
		}
		label := func(p atheneum.Pos) string {
			sp := g.Seats[seat].Comps[p.Comp].At(p.Level, p.Space)
			what := bookWords(l, sp.Color)
			if sp.Pair != atheneum.NotPaired {
				what = l.T("play.remove.pair.option")
			}
			return p.String() + " — " + what
		}
		return spaceRows(l, b, sel, targets, label, stepwise, l.T("play.remove.comp.placeholder"), l.T("play.remove.book.placeholder"))
	case "item":
	default:
		return nil
	}
	it, ok := heldItem(g, seat, sel.Item)
	if !ok {
		return nil
	}
	switch it.Kind {
	case atheneum.ItemToken:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type != atheneum.ActToken || a.Item != it.ID {
				continue
			}
			if a.Use == atheneum.UseBenefit {
				opts = append(opts, option(l.T("play.token.use.option", "Benefit", tokenWords(l, g.Content.Tokens[it.Token])), "b", l.T("play.token.use.hint.option"), false))
			} else {
				points := l.T("points", "Count", g.CandleValue(seat, a.Candle))
				opts = append(opts, option(l.T("play.token.candle.option", "Candle", a.Candle+1, "Points", points), "c"+strconv.Itoa(a.Candle), l.T("play.token.candle.hint.option"), false))
			}
		}
		return append(rows, selectRow(b.make("tok", sel.encode()...), l.T("play.token.placeholder"), opts))
	case atheneum.ItemSpider:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type == atheneum.ActReward && a.Item == it.ID {
				hint := ""
				if a.Reward == atheneum.RewardToken {
					hint = l.T("play.reward.token.hint.option")
				}
				opts = append(opts, option(l.T("reward."+string(a.Reward)+".label"), string(a.Reward), hint, false))
			}
		}
		return append(rows, selectRow(b.make("rew", sel.encode()...), l.T("play.reward.placeholder"), opts))
	case atheneum.ItemSideShelf:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type == atheneum.ActSideShelf && a.Item == it.ID {
				spec, _ := g.Content.SideShelf(a.Shelf)
				opts = append(opts, option(l.T("play.side.option", "Shelf", a.Shelf, "Side", l.T("side."+string(a.Side))),
					fmt.Sprintf("%d%c", a.Shelf, a.Side[0]),
					l.T("play.side.hint.option", "Width", spec.Width, "Count", spec.Levels, "Points", l.T("points", "Count", spec.Value),
						"Candle1", spec.Candles[0], "Candle2", spec.Candles[1]), false))
			}
		}
		return append(rows, selectRow(b.make("ss", sel.encode()...), l.T("play.side.placeholder"), opts))
	}
	// Books and pairs: colour or orientation (when the first menu did not
	// choose it), then the space.
	if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
		if !expanded[it.ID] || sel.Color == atheneum.NoColor {
			var opts []discordgo.SelectMenuOption
			for _, c := range atheneum.Colors {
				opts = append(opts, option(colorSubject(l, c), string(c.Letter()), "", sel.Color == c))
			}
			rows = append(rows, selectRow(b.make("col", sel.encode()...), l.T("play.color.placeholder"), opts))
		}
		if sel.Color == atheneum.NoColor {
			return rows
		}
	}
	if it.Kind == atheneum.ItemPair && it.Color != it.Color2 {
		if !expanded[it.ID] || sel.Flip < 0 {
			opts := []discordgo.SelectMenuOption{
				option(l.T("play.flip.option", "Left", colorWord(l, it.Color), "Right", colorWord(l, it.Color2)), "0", "", sel.Flip == 0),
				option(l.T("play.flip.option", "Left", colorWord(l, it.Color2), "Right", colorWord(l, it.Color)), "1", "", sel.Flip == 1),
			}
			rows = append(rows, selectRow(b.make("flip", sel.encode()...), l.T("play.flip.placeholder"), opts))
		}
		if sel.Flip < 0 {
			return rows
		}
	}
	var targets []atheneum.Pos
	for _, a := range legal {
		if a.Type != atheneum.ActShelve || a.Item != it.ID {
			continue
		}
		if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor && a.Color != sel.Color {
			continue
		}
		if it.Kind == atheneum.ItemPair && it.Color != it.Color2 && a.Flip != (sel.Flip == 1) {
			continue
		}
		targets = append(targets, a.At)
	}
	label := func(p atheneum.Pos) string {
		where := p.String()
		if it.Kind == atheneum.ItemPair {
			second := atheneum.Pos{Comp: p.Comp, Level: p.Level, Space: p.Space + 1}
			where = l.T("play.space.pair.option", "First", where, "Second", second.String())
		}
		return l.T("play.space.at.option", "Space", where, "Compartment", compLabel(l, p.Comp))
	}
	return append(rows, spaceRows(l, b, sel, targets, label, stepwise, l.T("play.comp.placeholder"), l.T("play.space.placeholder"))...)
}

// spaceRows offers the spaces a move may use: one menu of them all
// (verb "at", valued by the whole coordinates) when they fit, else the
// menu of their compartments ("cmp") and, once one is chosen, the menu
// of its spaces ("spc", valued by level and space), as always when
// stepwise.
func spaceRows(l i18n.Lang, b ids, sel selection, targets []atheneum.Pos, label func(atheneum.Pos) string, stepwise bool, compPlaceholder, spacePlaceholder string) []discordgo.MessageComponent {
	if len(targets) == 0 {
		return nil
	}
	if len(targets) <= face.MaxOptions && !stepwise {
		opts := make([]discordgo.SelectMenuOption, len(targets))
		for i, p := range targets {
			opts[i] = option(label(p), p.String(), spaceWords(l, p), false)
		}
		return []discordgo.MessageComponent{selectRow(b.make("at", sel.encode()...), spacePlaceholder, opts)}
	}
	var comps []atheneum.CompID
	seen := map[atheneum.CompID]bool{}
	for _, p := range targets {
		if !seen[p.Comp] {
			seen[p.Comp] = true
			comps = append(comps, p.Comp)
		}
	}
	rows := []discordgo.MessageComponent{compRow(l, b, sel, comps, compPlaceholder)}
	if !sel.HasComp {
		return rows
	}
	var opts []discordgo.SelectMenuOption
	for _, p := range targets {
		if p.Comp == sel.Comp {
			opts = append(opts, option(label(p), SpaceValue(p), spaceWords(l, p), false))
		}
	}
	return append(rows, selectRow(b.make("spc", sel.encode()...), spacePlaceholder, opts))
}

// compRow is the menu of the compartments a move may use.
func compRow(l i18n.Lang, b ids, sel selection, comps []atheneum.CompID, placeholder string) discordgo.ActionsRow {
	var opts []discordgo.SelectMenuOption
	for _, c := range comps {
		opts = append(opts, option(compLabel(l, c), c.String(), "", sel.HasComp && sel.Comp == c))
	}
	return selectRow(b.make("cmp", sel.encode()...), placeholder, opts)
}

// SpaceValue is a space's value in the workbench's menu of spaces ("2.3":
// level 2, space 3 of the compartment chosen before).
func SpaceValue(p atheneum.Pos) string {
	return strconv.Itoa(p.Level+1) + "." + strconv.Itoa(p.Space+1)
}
