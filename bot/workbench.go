package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
)

// Discord's limits on components.
const (
	maxOptions = 25
	maxLabel   = 100
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

func idsFor(gameID string, g *engine.Game, seat int) ids {
	return ids{game: gameID, step: game.StepKey(g), seq: g.Seq, seat: seat, moves: g.Seats[seat].Moves}
}

func (b ids) make(verb string, args ...string) string {
	return customID{Game: b.game, Step: b.step, Seq: b.seq, Seat: b.seat, Moves: b.moves, Verb: verb, Args: args}.String()
}

func option(label, value, desc string, def bool) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: clip(label, maxLabel), Value: value, Description: clip(desc, maxLabel), Default: def}
}

func selectRow(id, placeholder string, opts []discordgo.SelectMenuOption) discordgo.ActionsRow {
	if len(opts) > maxOptions {
		opts = opts[:maxOptions]
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: id, Placeholder: clip(placeholder, 150), Options: opts,
	}}}
}

// cardLine describes a card in one line: "A07 · you: T T · left: V · right: G".
func cardLine(c *engine.Card) string {
	secs := make([]string, 3)
	for i, sec := range c.Sections {
		var parts []string
		for _, b := range sec {
			parts = append(parts, b.String())
		}
		secs[i] = strings.Join(parts, " ")
	}
	return fmt.Sprintf("you: %s · left: %s · right: %s", secs[0], secs[1], secs[2])
}

// handComponents is the pick menu: one option per card in the seat's hand.
func handComponents(gameID string, g *engine.Game, seat int) []discordgo.MessageComponent {
	b := idsFor(gameID, g, seat)
	s := &g.Seats[seat]
	var opts []discordgo.SelectMenuOption
	for _, c := range s.Hand {
		card := &g.Content.Cards[c]
		opts = append(opts, option(card.Code, card.Code, cardLine(card), c == s.Pick))
	}
	if len(opts) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{selectRow(b.make("pick"), "Choose the card to play this turn", opts)}
}

// selection is how far a player has got in building a move on the
// workbench; it travels in the custom ids of the next menus.
type selection struct {
	// Mode is "" (nothing chosen), "item" or "remove".
	Mode  string
	Item  int
	Color engine.Color
	// Flip is -1 until a pair's orientation is chosen, then 0 or 1.
	Flip int
	Comp engine.CompID
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
	if s.Color != engine.NoColor {
		col = string(s.Color.Letter())
	}
	return []string{s.Mode, strconv.Itoa(s.Item), col, strconv.Itoa(s.Flip), comp}
}

// decodeSelection reads what encode wrote; garbage gives an error.
func decodeSelection(args []string) (selection, error) {
	if len(args) < 5 {
		return selection{}, errBadID
	}
	s := selection{Mode: args[0]}
	var err error
	if s.Item, err = strconv.Atoi(args[1]); err != nil {
		return selection{}, errBadID
	}
	if args[2] != "-" {
		c, ok := engine.ParseColor(args[2])
		if !ok || !c.IsBook() {
			return selection{}, errBadID
		}
		s.Color = c
	}
	if s.Flip, err = strconv.Atoi(args[3]); err != nil || s.Flip < -1 || s.Flip > 1 {
		return selection{}, errBadID
	}
	if args[4] != "-" {
		c, ok := engine.ParseCompID(args[4])
		if !ok {
			return selection{}, errBadID
		}
		s.Comp, s.HasComp = c, true
	}
	switch s.Mode {
	case "", "item", "remove":
	default:
		return selection{}, errBadID
	}
	return s, nil
}

// heldItem finds a held item by id.
func heldItem(g *engine.Game, seat, id int) (engine.Item, bool) {
	for _, it := range g.Seats[seat].Held {
		if it.ID == id {
			return it, true
		}
	}
	return engine.Item{}, false
}

// itemLabel names a held item in a menu.
func itemLabel(g *engine.Game, it engine.Item) string {
	return "#" + strconv.Itoa(it.ID) + " " + it.Describe(g.Content)
}

// workbench builds the resolve-step components for one seat from the
// engine's legal actions and the selection so far.
func workbench(gameID string, g *engine.Game, seat int, sel selection) []discordgo.MessageComponent {
	b := idsFor(gameID, g, seat)
	legal := g.LegalActions(seat)
	var rows []discordgo.MessageComponent
	var canUndo, canDone bool
	var first []discordgo.SelectMenuOption
	seenItem := map[int]bool{}
	removals := 0
	for _, a := range legal {
		switch a.Type {
		case engine.ActShelve, engine.ActToken, engine.ActReward, engine.ActSideShelf:
			if !seenItem[a.Item] {
				seenItem[a.Item] = true
				it, _ := heldItem(g, seat, a.Item)
				first = append(first, option(itemLabel(g, it), "i"+strconv.Itoa(a.Item), itemHint(it), sel.Mode == "item" && sel.Item == a.Item))
			}
		case engine.ActRemove:
			removals++
		case engine.ActUndo:
			canUndo = true
		case engine.ActDone:
			canDone = true
		}
	}
	if removals > 0 {
		first = append(first, option(fmt.Sprintf("Take a book off to reshelve it (%d left)", g.Seats[seat].Reshelves), "rm", "Then shelve it again anywhere this turn", sel.Mode == "remove"))
	}
	for _, a := range legal {
		if a.Type == engine.ActScore {
			o, _ := g.Content.ObjectiveIndex(a.Objective)
			obj := &g.Content.Objectives[o]
			desc := "Costs a wand; ends your shelving for this turn"
			if obj.Wand {
				desc = "Costs a wand, gives one back; ends your shelving for this turn"
			}
			first = append(first, option(fmt.Sprintf("Score objective %s for %d points", obj.Code, obj.Points), "s"+obj.Code, desc, false))
		}
	}
	if len(first) > 0 {
		rows = append(rows, selectRow(b.make("it"), "Choose what to do next", first))
	}
	rows = append(rows, detailRows(b, g, seat, sel, legal)...)
	if len(rows) > 4 {
		rows = rows[:4]
	}
	doneLabel := "Done"
	if n := len(g.Seats[seat].Held); n > 0 {
		doneLabel = fmt.Sprintf("Done (%d unused item(s) will be lost)", n)
	}
	rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Undo", Style: discordgo.SecondaryButton, CustomID: b.make("undo"), Disabled: !canUndo},
		discordgo.Button{Label: doneLabel, Style: discordgo.SuccessButton, CustomID: b.make("done"), Disabled: !canDone},
	}})
	return rows
}

func itemHint(it engine.Item) string {
	switch it.Kind {
	case engine.ItemBook:
		if it.Bound {
			return "Shelve it in " + it.Comp.Long()
		}
		return "Choose where to shelve it"
	case engine.ItemPair:
		return "Two books shelved side by side as one piece"
	case engine.ItemToken:
		return "Use its benefit, or place it as a candle"
	case engine.ItemSpider:
		return "A wand, a bonus token, a book or a side shelf"
	case engine.ItemSideShelf:
		return "Choose one from the supply and a side"
	}
	return ""
}

// detailRows are the menus after the first choice: colour or orientation,
// compartment, then space (or the single menu a token, reward or side
// shelf needs).
func detailRows(b ids, g *engine.Game, seat int, sel selection, legal []engine.Action) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	switch sel.Mode {
	case "remove":
		var comps []engine.CompID
		seen := map[engine.CompID]bool{}
		for _, a := range legal {
			if a.Type == engine.ActRemove && !seen[a.At.Comp] {
				seen[a.At.Comp] = true
				comps = append(comps, a.At.Comp)
			}
		}
		rows = append(rows, compRow(b, sel, comps, "Take a book off which compartment?"))
		if sel.HasComp {
			var opts []discordgo.SelectMenuOption
			for _, a := range legal {
				if a.Type == engine.ActRemove && a.At.Comp == sel.Comp {
					sp := g.Seats[seat].Comps[a.At.Comp].At(a.At.Level, a.At.Space)
					what := sp.Color.String() + " book"
					if sp.Pair != engine.NotPaired {
						what = "paired set (uses 2 reshelves)"
					}
					opts = append(opts, option(a.At.String()+" — "+what, spaceValue(a.At), spaceWords(a.At), false))
				}
			}
			rows = append(rows, selectRow(b.make("spc", sel.encode()...), "Which book?", opts))
		}
		return rows
	case "item":
	default:
		return nil
	}
	it, ok := heldItem(g, seat, sel.Item)
	if !ok {
		return nil
	}
	switch it.Kind {
	case engine.ItemToken:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type != engine.ActToken || a.Item != it.ID {
				continue
			}
			if a.Use == engine.UseBenefit {
				opts = append(opts, option("Use it: "+g.Content.Tokens[it.Token].Describe(), "b", "The token is then discarded", false))
			} else {
				opts = append(opts, option(fmt.Sprintf("Candle in candle space %d (%d points)", a.Candle+1, g.CandleValue(seat, a.Candle)), "c"+strconv.Itoa(a.Candle), "Scores at the end of the game", false))
			}
		}
		return append(rows, selectRow(b.make("tok", sel.encode()...), "Use the token or make it a candle?", opts))
	case engine.ItemSpider:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type == engine.ActReward && a.Item == it.ID {
				opts = append(opts, option(rewardLabel[a.Reward], string(a.Reward), "", false))
			}
		}
		return append(rows, selectRow(b.make("rew", sel.encode()...), "Choose the spider's reward", opts))
	case engine.ItemSideShelf:
		var opts []discordgo.SelectMenuOption
		for _, a := range legal {
			if a.Type == engine.ActSideShelf && a.Item == it.ID {
				spec, _ := g.Content.SideShelf(a.Shelf)
				opts = append(opts, option(fmt.Sprintf("S%d on the %s", a.Shelf, a.Side),
					fmt.Sprintf("%d%c", a.Shelf, a.Side[0]),
					fmt.Sprintf("%d wide, %d level(s), %d points when full, candles %d and %d", spec.Width, spec.Levels, spec.Value, spec.Candles[0], spec.Candles[1]), false))
			}
		}
		return append(rows, selectRow(b.make("ss", sel.encode()...), "Which side shelf, on which side?", opts))
	}
	// Books and pairs: colour or orientation, then compartment, then space.
	if it.Kind == engine.ItemBook && it.Color == engine.AnyColor {
		var opts []discordgo.SelectMenuOption
		for _, c := range engine.Colors {
			opts = append(opts, option(fmt.Sprintf("%s (%c) — %s", c, c.Letter(), c.Subject()), string(c.Letter()), "", sel.Color == c))
		}
		rows = append(rows, selectRow(b.make("col", sel.encode()...), "Which colour?", opts))
		if sel.Color == engine.NoColor {
			return rows
		}
	}
	if it.Kind == engine.ItemPair && it.Color != it.Color2 {
		opts := []discordgo.SelectMenuOption{
			option(fmt.Sprintf("%s on the left, %s on the right", it.Color, it.Color2), "0", "", sel.Flip == 0),
			option(fmt.Sprintf("%s on the left, %s on the right", it.Color2, it.Color), "1", "", sel.Flip == 1),
		}
		rows = append(rows, selectRow(b.make("flip", sel.encode()...), "Which way round?", opts))
		if sel.Flip < 0 {
			return rows
		}
	}
	matches := func(a engine.Action) bool {
		if a.Type != engine.ActShelve || a.Item != it.ID {
			return false
		}
		if it.Kind == engine.ItemBook && it.Color == engine.AnyColor && a.Color != sel.Color {
			return false
		}
		if it.Kind == engine.ItemPair && it.Color != it.Color2 && a.Flip != (sel.Flip == 1) {
			return false
		}
		return true
	}
	var comps []engine.CompID
	seen := map[engine.CompID]bool{}
	for _, a := range legal {
		if matches(a) && !seen[a.At.Comp] {
			seen[a.At.Comp] = true
			comps = append(comps, a.At.Comp)
		}
	}
	if len(comps) == 0 {
		return rows
	}
	rows = append(rows, compRow(b, sel, comps, "Which compartment?"))
	if !sel.HasComp {
		return rows
	}
	var opts []discordgo.SelectMenuOption
	for _, a := range legal {
		if matches(a) && a.At.Comp == sel.Comp {
			label := a.At.String()
			if it.Kind == engine.ItemPair {
				label += fmt.Sprintf(" and %s.%d.%d", a.At.Comp, a.At.Level+1, a.At.Space+2)
			}
			opts = append(opts, option(label, spaceValue(a.At), spaceWords(a.At), false))
		}
	}
	return append(rows, selectRow(b.make("spc", sel.encode()...), "Which space?", opts))
}

var rewardLabel = map[engine.Reward]string{
	engine.RewardWand:      "A magic wand",
	engine.RewardToken:     "A bonus token (drawn at once; cannot be undone)",
	engine.RewardBook:      "A book of any colour",
	engine.RewardSideShelf: "A side shelf",
}

func compRow(b ids, sel selection, comps []engine.CompID, placeholder string) discordgo.ActionsRow {
	var opts []discordgo.SelectMenuOption
	for _, c := range comps {
		opts = append(opts, option(compLabel(c), c.String(), "", sel.HasComp && sel.Comp == c))
	}
	return selectRow(b.make("cmp", sel.encode()...), placeholder, opts)
}

func compLabel(c engine.CompID) string {
	switch c {
	case engine.CompLeft:
		return "L — left side shelf"
	case engine.CompRight:
		return "R — right side shelf"
	}
	return "Compartment " + c.String()
}

// spaceValue and spaceWords name a space in a menu: "2.3" and "level 2,
// space 3".
func spaceValue(p engine.Pos) string {
	return strconv.Itoa(p.Level+1) + "." + strconv.Itoa(p.Space+1)
}

func spaceWords(p engine.Pos) string {
	return fmt.Sprintf("level %d from the bottom, space %d from the left", p.Level+1, p.Space+1)
}
