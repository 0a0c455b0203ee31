package atheneum

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
)

// Buttons take one tap where a menu takes two (open it, choose), so the
// pick step and the workbench show their menus' options as buttons
// wherever the message has room for them.
//
// A button stands for one option of a menu: its custom id is the menu's,
// with the verb verbButton followed by the menu's verb and the option's
// value before the menu's own arguments ("a1:G:t3r:12:0:2:btn:at:II.2.3:
// item:4:-:-1:-"). A press is read as that choice in that menu, and
// checked against the menus an earlier version of the bot built (which
// offer every choice), so that buttons and menus, today's and those of
// earlier versions still sitting in players' messages, are one set of
// choices with one check.

// verbButton is the verb of a button standing for a menu's option.
const verbButton = "btn"

// menuForm reads a press of a button as the choice it stands for: the
// menu's id and the option's value. Anything else is returned as it is;
// ok is false for a button id that stands for no option.
func menuForm(id face.ID, values []string) (face.ID, []string, bool) {
	if id.Verb != verbButton {
		return id, values, true
	}
	if len(values) > 0 || len(id.Args) < 2 || id.Args[0] == "" || id.Args[0] == verbButton || id.Args[1] == "" {
		return id, values, false
	}
	return id.With(id.Args[0], id.Args[2:]...), []string{id.Args[1]}, true
}

// buttonID is the custom id of the button standing for value in menu.
func buttonID(menu face.ID, value string) string {
	return menu.With(verbButton, append([]string{menu.Verb, value}, menu.Args...)...).String()
}

// block is one menu of a prompt, ready to be shown as buttons when it
// fits: its options as buttons (nil when one of them cannot be a button)
// and, for spaces, the compartment of each, which rows keep together.
type block struct {
	menu    discordgo.SelectMenu
	buttons []discordgo.Button
	groups  []int
}

// implied reports whether the block is the item menu with a single item,
// already chosen: nothing to ask.
func (bl block) implied(id face.ID) bool {
	return id.Verb == "it" && len(bl.menu.Options) == 1 && bl.menu.Options[0].Default
}

// blockOf turns a menu of the workbench or the pick step into a block:
// each option a button labelled as short as its menu says clearly (a
// space by its coordinates), the option chosen so far in blue, the
// suggested space first, in green. suggested is the value of the
// suggested option ("" for none).
func blockOf(l i18n.Lang, g *atheneum.Game, seat int, m discordgo.SelectMenu, suggested string) block {
	id, err := face.ParseID(m.CustomID)
	if err != nil {
		return block{menu: m}
	}
	if k := slices.IndexFunc(m.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == suggested }); suggested != "" && k >= 0 {
		// The suggestion first, also in the menu that stands in for the
		// buttons when they do not fit.
		opts := slices.Clone(m.Options)
		o := opts[k]
		copy(opts[1:k+1], opts[:k])
		o.Label = face.Clip(l.T("play.space.suggested.button", "Space", o.Label), face.MaxLabel)
		opts[0] = o
		m.Options = opts
	}
	bl := block{menu: m}
	for _, o := range m.Options {
		label, group, ok := buttonLabel(l, g, seat, id, o)
		cid := buttonID(id, o.Value)
		if !ok || label == "" || utf8.RuneCountInString(label) > face.MaxButtonLabel || len(cid) > face.MaxID {
			return block{menu: m}
		}
		style := discordgo.SecondaryButton
		switch {
		case o.Value == suggested && suggested != "":
			label, style, group = l.T("play.space.suggested.button", "Space", label), discordgo.SuccessButton, -1
			if utf8.RuneCountInString(label) > face.MaxButtonLabel {
				return block{menu: m}
			}
		case o.Default:
			style = discordgo.PrimaryButton
		}
		bl.buttons = append(bl.buttons, discordgo.Button{Label: label, Style: style, CustomID: cid})
		bl.groups = append(bl.groups, group)
	}
	return bl
}

// buttonLabel is the label of option o of menu id as a button, and the
// group it belongs to (a space's compartment, else 0). ok is false when
// the option has no label short enough.
func buttonLabel(l i18n.Lang, g *atheneum.Game, seat int, id face.ID, o discordgo.SelectMenuOption) (label string, group int, ok bool) {
	switch id.Verb {
	case "pick":
		return o.Value, 0, true
	case "it":
		num, variant, found := strings.Cut(strings.TrimPrefix(o.Value, "i"), ".")
		n, err := strconv.Atoi(num)
		if !strings.HasPrefix(o.Value, "i") || !found || err != nil {
			return o.Label, 0, true
		}
		it, held := heldItem(g, seat, n)
		if !held {
			return "", 0, false
		}
		if c, isColor := atheneum.ParseColor(variant); isColor && len(variant) == 1 && c.IsBook() {
			return l.T("play.item.color.button", "Item", "#"+num, "Color", colorWord(l, c)), 0, true
		}
		left := it.Color
		if variant == "1" {
			left = it.Color2
		}
		return l.T("play.item.flip.button", "Item", "#"+num, "Left", colorWord(l, left)), 0, true
	case "col":
		if c, isColor := atheneum.ParseColor(o.Value); isColor && c.IsBook() {
			return l.T("color." + c.String() + ".label"), 0, true
		}
		return "", 0, false
	case "at", "spc":
		sel, err := decodeSelection(id.Args)
		if err != nil {
			return "", 0, false
		}
		value := o.Value
		if id.Verb == "spc" {
			if !sel.HasComp {
				return "", 0, false
			}
			value = sel.Comp.String() + "." + value
		}
		p, err := atheneum.ParsePos(value)
		if err != nil {
			return "", 0, false
		}
		if sel.Mode == "remove" {
			return o.Label, int(p.Comp) + 1, true
		}
		label = p.String()
		if it, held := heldItem(g, seat, sel.Item); held && it.Kind == atheneum.ItemPair {
			label = l.T("play.space.pair.button", "Space", label, "Next", p.Space+2)
		}
		return label, int(p.Comp) + 1, true
	}
	return o.Label, 0, true
}

// rendering is how a block is shown: as a menu, or as rows of buttons,
// grouped (a space's compartment kept on one row where it fits) or not.
type rendering struct {
	menu    bool
	grouped bool
	// joined is set when the last row holds the tail's buttons too.
	joined bool
	rows   [][]discordgo.MessageComponent
}

// renderings lists the ways a block may be shown.
func (bl block) renderings() []rendering {
	var out []rendering
	if len(bl.buttons) > 0 && len(bl.buttons) <= face.MaxOptions {
		if bl.hasGroups() {
			out = append(out, rendering{grouped: true, rows: bl.groupedRows()})
		}
		out = append(out, rendering{rows: bl.denseRows()})
	}
	if len(bl.menu.Options) > 0 {
		out = append(out, rendering{menu: true, rows: [][]discordgo.MessageComponent{{bl.menu}}})
	}
	return out
}

func (bl block) hasGroups() bool {
	for _, g := range bl.groups {
		if g != bl.groups[0] {
			return true
		}
	}
	return false
}

// denseRows are the buttons in as few rows as they fill, of even lengths.
func (bl block) denseRows() [][]discordgo.MessageComponent {
	n := len(bl.buttons)
	rows := (n + face.MaxButtons - 1) / face.MaxButtons
	var out [][]discordgo.MessageComponent
	k := 0
	for r := 0; r < rows; r++ {
		size := n / rows
		if r < n%rows {
			size++
		}
		out = append(out, buttonRow(bl.buttons[k:k+size]))
		k += size
	}
	return out
}

// fullRows are the buttons in full rows, the last one holding the rest,
// so that it has room for other buttons.
func (bl block) fullRows() [][]discordgo.MessageComponent {
	var out [][]discordgo.MessageComponent
	for k := 0; k < len(bl.buttons); k += face.MaxButtons {
		out = append(out, buttonRow(bl.buttons[k:min(k+face.MaxButtons, len(bl.buttons))]))
	}
	return out
}

func buttonRow(bs []discordgo.Button) []discordgo.MessageComponent {
	row := make([]discordgo.MessageComponent, len(bs))
	for i, b := range bs {
		row[i] = b
	}
	return row
}

// groupedRows are the buttons in rows where each group (a compartment's
// spaces) starts a row unless it fits whole after the one before.
func (bl block) groupedRows() [][]discordgo.MessageComponent {
	var out [][]discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for k := 0; k < len(bl.buttons); {
		end := k
		for end < len(bl.buttons) && bl.groups[end] == bl.groups[k] {
			end++
		}
		if len(row)+end-k > face.MaxButtons && len(row) > 0 {
			out = append(out, row)
			row = nil
		}
		for _, b := range bl.buttons[k:end] {
			if len(row) == face.MaxButtons {
				out = append(out, row)
				row = nil
			}
			row = append(row, b)
		}
		k = end
	}
	if len(row) > 0 {
		out = append(out, row)
	}
	return out
}

// arrange shows blocks, then the buttons of tail (Undo and Done, or none)
// on a row of their own, in at most face.MaxRows rows: each block as
// buttons where they fit, else as a menu. Of the ways that fit, it takes
// the one with the fewest taps to the end (a row of buttons one, a menu
// two), then the one that keeps tail on its own row (else tail joins the
// last row of the first block's buttons, when that saves a tap), then the
// one whose first blocks are buttons (the items, which the player may
// well choose next), or its later ones (the spaces) when later is set
// (the player has just chosen the item), then the one whose spaces are
// grouped by compartment.
func arrange(blocks []block, tail []discordgo.MessageComponent, later bool) []discordgo.MessageComponent {
	choices := make([][]rendering, len(blocks))
	for i, bl := range blocks {
		choices[i] = bl.renderings()
		if i == 0 && len(tail) > 0 && len(bl.buttons) > 0 && len(bl.buttons) <= face.MaxOptions {
			// The first block's buttons with tail on their last row.
			rows := bl.fullRows()
			if last := rows[len(rows)-1]; len(last)+len(tail) <= face.MaxButtons {
				rows[len(rows)-1] = append(slices.Clip(last), tail...)
				choices[i] = append(choices[i], rendering{rows: rows, grouped: true, joined: true})
			}
		}
	}
	var best []rendering
	var bestKey []int
	pick := make([]rendering, len(blocks))
	var try func(i, rows int)
	try = func(i, rows int) {
		if rows > face.MaxRows {
			return
		}
		if i == len(blocks) {
			joined := len(pick) > 0 && pick[0].joined
			if len(tail) > 0 && !joined {
				rows++
				if rows > face.MaxRows {
					return
				}
			}
			key := []int{0, boolInt(joined)}
			for _, r := range pick {
				key[0] += 1 + boolInt(r.menu)
			}
			for k := range pick {
				if later {
					k = len(pick) - 1 - k
				}
				key = append(key, boolInt(pick[k].menu))
			}
			for _, r := range pick {
				key = append(key, boolInt(!r.grouped))
			}
			if best == nil || slices.Compare(key, bestKey) < 0 {
				best, bestKey = slices.Clone(pick), key
			}
			return
		}
		for _, r := range choices[i] {
			pick[i] = r
			try(i+1, rows+len(r.rows))
		}
	}
	try(0, 0)
	var out []discordgo.MessageComponent
	if best == nil {
		// Nothing fits (never so far): the menus, as many as there is
		// room for.
		for _, bl := range blocks {
			if len(out) < face.MaxRows-1 && len(bl.menu.Options) > 0 {
				out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{bl.menu}})
			}
		}
		if len(tail) > 0 {
			out = append(out, discordgo.ActionsRow{Components: tail})
		}
		return out
	}
	for _, r := range best {
		for _, row := range r.rows {
			out = append(out, discordgo.ActionsRow{Components: row})
		}
	}
	if len(tail) > 0 && (len(best) == 0 || !best[0].joined) {
		out = append(out, discordgo.ActionsRow{Components: tail})
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// relayout shows a workbench of menus (menuWorkbench's rows for the
// selection in effect) with each menu as buttons where the message has
// room: the row of buttons it has (Undo and Done) stays last unless the
// items' buttons have room for it, the item menu is left out when it
// holds only the item chosen, and the space the normal computer player
// would choose comes first. chosen is set when the player chose the item
// (rather than the workbench, for them): the spaces, which come next,
// are then the first to be buttons.
func relayout(l i18n.Lang, g *atheneum.Game, seat int, sel selection, chosen bool, menus []discordgo.MessageComponent) []discordgo.MessageComponent {
	suggested := ""
	if p, ok := suggestedSpace(g, seat, sel); ok {
		suggested = p.String()
	}
	var blocks []block
	var tail []discordgo.MessageComponent
	for _, row := range menus {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		m, isMenu := r.Components[0].(discordgo.SelectMenu)
		if !isMenu || len(r.Components) != 1 {
			tail = append(tail, r.Components...)
			continue
		}
		id, err := face.ParseID(m.CustomID)
		if err != nil {
			continue
		}
		want := ""
		if id.Verb == "at" {
			want = suggested
		}
		bl := blockOf(l, g, seat, m, want)
		if bl.implied(id) {
			continue
		}
		blocks = append(blocks, bl)
	}
	return arrange(blocks, tail, chosen)
}

// effective is the selection a workbench shows for sel: with nothing
// chosen, the book the normal computer player would shelve next (in the
// colour and the way round it would), so that its spaces are shown at
// once; sel itself otherwise, or when there is no book to shelve.
func effective(g *atheneum.Game, seat int, sel selection) selection {
	if sel.Mode != "" {
		return sel
	}
	if f, ok := focus(g, seat); ok {
		return f
	}
	return sel
}

// focus is the selection of the book or pair the normal computer player
// would shelve next, among those seat holds.
func focus(g *atheneum.Game, seat int) (selection, bool) {
	if g.Step != atheneum.StepResolve || g.Seats[seat].Status != atheneum.StatusShelving {
		return selection{}, false
	}
	var books []atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook || it.Kind == atheneum.ItemPair {
			books = append(books, it)
		}
	}
	a, ok := normalShelving(g, seat, books)
	if !ok || !slices.Contains(g.LegalActions(seat), a) {
		return selection{}, false
	}
	it, _ := heldItem(g, seat, a.Item)
	sel := noSelection()
	sel.Mode, sel.Item = "item", a.Item
	if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
		sel.Color = a.Color
	}
	if it.Kind == atheneum.ItemPair && it.Color != it.Color2 {
		sel.Flip = boolInt(a.Flip)
	}
	return sel, true
}

// suggestedSpace is the space where the normal computer player would
// shelve the item sel has chosen, in the colour and the way round chosen;
// ok is false when sel has chosen no book or pair (or no colour or way
// round yet), or when the player would rather turn the pair the other way.
func suggestedSpace(g *atheneum.Game, seat int, sel selection) (atheneum.Pos, bool) {
	it, ok := heldItem(g, seat, sel.Item)
	if sel.Mode != "item" || !ok || (it.Kind != atheneum.ItemBook && it.Kind != atheneum.ItemPair) {
		return atheneum.Pos{}, false
	}
	want := atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: it.ID}
	asked := it
	switch {
	case it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor:
		if sel.Color == atheneum.NoColor {
			return atheneum.Pos{}, false
		}
		// As a book of the colour chosen: its spaces are the same (they
		// depend on the shelves only).
		asked.Color, want.Color = sel.Color, sel.Color
	case it.Kind == atheneum.ItemPair && it.Color != it.Color2:
		if sel.Flip < 0 {
			return atheneum.Pos{}, false
		}
		if sel.Flip == 1 {
			// The pair turned around, asked the way round it is not.
			asked.Color, asked.Color2 = it.Color2, it.Color
			want.Flip = true
		}
	}
	a, ok := normalShelving(g, seat, []atheneum.Item{asked})
	if !ok || a.Item != it.ID || a.Flip {
		return atheneum.Pos{}, false
	}
	want.At = a.At
	if !slices.Contains(g.LegalActions(seat), want) {
		return atheneum.Pos{}, false
	}
	return a.At, true
}

// normalShelving is the shelving the normal computer player would choose
// for seat if it held only held, from what the seat may see.
func normalShelving(g *atheneum.Game, seat int, held []atheneum.Item) (atheneum.Action, bool) {
	if len(held) == 0 {
		return atheneum.Action{}, false
	}
	v := g.View(seat)
	v.Seats[seat].Held = held
	p, err := ai.New("normal", ai.Options{})
	if err != nil {
		return atheneum.Action{}, false
	}
	a, err := p.Propose(v, seat)
	return a, err == nil && a.Type == atheneum.ActShelve
}

// TapsAtMost is the most taps (a button one, a menu choice two) the
// workbench takes to make a move chosen among items item choices (its
// first row or rows: the items held, a book of any colour once per
// colour, a paired set once per way round; 0 when the item is already
// chosen and alone) and then among choices spaces or options: two, the
// item's button then the space's, when both fit the message as buttons
// beside Undo and Done (five rows, Undo and Done on the items' last row
// when it has room for them); three when one of the two must be a menu;
// four when both must; six beyond a menu's 25 options, where the
// compartment comes before the space (or the colour before it).
func TapsAtMost(items, choices int) int {
	rows := func(n int) int { return (n + face.MaxButtons - 1) / face.MaxButtons }
	if items > face.MaxOptions || choices > face.MaxOptions {
		return 6
	}
	itemTaps := 1
	if items == 0 {
		itemTaps = 0
	}
	// Rows left for the items and the choices: Undo and Done take one
	// unless the items' last row has room for them.
	room := face.MaxRows - 1
	if items > 0 && items-face.MaxButtons*(rows(items)-1)+2 <= face.MaxButtons {
		room++
	}
	switch {
	case rows(items)+rows(choices) <= room:
		return itemTaps + 1
	case items > 0 && rows(choices) <= face.MaxRows-2, rows(items)+1 <= room:
		return itemTaps + 2
	}
	return 2*itemTaps + 2
}

// Press is what a press on one of Atheneum's components means, read as
// the face reads it but without checking that it was offered: the menu it
// was made in (a button stands for one option of a menu), the value
// chosen there, and the action it plays when it plays one by itself. The
// driver (bot/drive) follows the buttons and menus by it.
type Press struct {
	// Verb is the menu's verb, or the button's ("undo", "done", ...).
	Verb  string
	Value string
	// Action is the action the press plays, nil when it shows more
	// choices (or asks to confirm).
	Action *atheneum.Action
}

// ReadPress reads a press of the component with custom id on seat's
// prompt in g, with values (none for a button).
func ReadPress(g *atheneum.Game, seat int, id face.ID, values []string) (Press, error) {
	id, values, ok := menuForm(id, values)
	if !ok {
		return Press{}, face.ErrStaleChoice
	}
	p := Press{Verb: id.Verb}
	if len(values) > 0 {
		p.Value = values[0]
	}
	act, _, err := componentInput(g, seat, id, values)
	if err != nil {
		return Press{}, err
	}
	p.Action = act
	return p, nil
}
