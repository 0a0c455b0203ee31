package face

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// A seat builds its move step by step (engine.State.Next): a button or a
// menu value chooses one key, and the message is redrawn with the keys
// that may follow. The custom ids of the redrawn components carry the
// keys chosen so far, the path, so that a press is checked by walking Next
// along it again, with nothing kept in memory.
//
// The kit's custom ids (ID) are:
//
//	Step, Seq  the game's step key and move count when the component was
//	           built;
//	Seat       the seat it was built for;
//	Moves      how many keys the path holds;
//	Verb       VerbButton for a button, VerbMenu followed by the menu's
//	           index in its message ("m0" to "m4") for a menu;
//	Args       the path as the game's Codec writes it, then, for a menu
//	           on page N > 0, NavPage+N; a button adds its choice: a key
//	           (":" written "~"), NavStart (back to the start), NavBack (one
//	           key back) or NavPage+N (a page).

// The verbs of the kit's components.
const (
	VerbButton = "b"
	VerbMenu   = "m" // followed by the menu's index in its message
)

// The choices of buttons that navigate rather than choose a key.
const (
	NavStart = "^"
	NavBack  = "<"
	NavPage  = "@"
)

// Discord's limits on a message's components, besides MaxOptions and
// MaxLabel.
const (
	MaxRows        = 5
	MaxButtons     = 5 // in one row
	MaxButtonLabel = 80
)

// Codec writes a path of choices as custom id arguments and reads them
// back. Decode refuses anything Encode does not write, and gives the path
// in the form Next is asked with: a game whose keys may come in any order
// (a set of cards) writes them as a set, and reads them back sorted.
type Codec interface {
	Encode(path []string) []string
	Decode(args []string) (path []string, ok bool)
}

// KeyCodec is the default Codec: "s" for the start, else "k" and each key,
// ":" written "~" (no key of a game's Next holds "~").
type KeyCodec struct{}

// Encode writes path.
func (KeyCodec) Encode(path []string) []string {
	if len(path) == 0 {
		return []string{"s"}
	}
	out := make([]string, 0, len(path)+1)
	out = append(out, "k")
	for _, k := range path {
		out = append(out, EscapeKey(k))
	}
	return out
}

// Decode reads what Encode wrote.
func (KeyCodec) Decode(args []string) ([]string, bool) {
	switch {
	case len(args) == 1 && args[0] == "s":
		return nil, true
	case len(args) < 2 || args[0] != "k":
		return nil, false
	}
	out := make([]string, 0, len(args)-1)
	for _, a := range args[1:] {
		if a == "" {
			return nil, false
		}
		out = append(out, UnescapeKey(a))
	}
	return out, true
}

// EscapeKey writes a key of Next as one custom id argument: ":" separates
// arguments.
func EscapeKey(k string) string { return strings.ReplaceAll(k, ":", "~") }

// UnescapeKey reads what EscapeKey wrote.
func UnescapeKey(a string) string { return strings.ReplaceAll(a, "~", ":") }

// ParsePage reads NavPage+N, N written canonically.
func ParsePage(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, NavPage))
	if !strings.HasPrefix(s, NavPage) || err != nil || n < 0 || n > 99 || strconv.Itoa(n) != strings.TrimPrefix(s, NavPage) {
		return 0, false
	}
	return n, true
}

// Reachable reports whether every key of path is offered by Next after
// the keys before it, without completing a move.
func Reachable(st engine.State, seat int, path []string) bool {
	for i, k := range path {
		if !slices.ContainsFunc(st.Next(seat, path[:i]), func(c engine.Choice) bool { return c.Key == k && c.Move == "" }) {
			return false
		}
	}
	return true
}

// Board is a seat's prompt at a path of its move: what Next offers there,
// and the components being laid out for it. The components depend only on
// the game, the seat, the path and the page (the language changes labels,
// never a custom id or a value), so that a press is checked by laying them
// out again.
type Board struct {
	L    i18n.Lang
	Rec  *store.Game
	Seat int
	// Path are the keys chosen so far; Page is the page of a long list.
	Path []string
	Page int
	// Next are the choices Next offers at Path.
	Next []engine.Choice

	codec Codec
	rows  []discordgo.MessageComponent
	menus int
}

// NewBoard lists what Next offers seat at path; ok is false when seat is
// not awaited or path is not one it can be at.
func NewBoard(l i18n.Lang, rec *store.Game, seat int, path []string, page int, codec Codec) (*Board, bool) {
	st := rec.State
	if st == nil || st.Over() || !slices.Contains(st.Awaited(), seat) || !Reachable(st, seat, path) || page < 0 {
		return nil, false
	}
	if codec == nil {
		codec = KeyCodec{}
	}
	return &Board{L: l, Rec: rec, Seat: seat, Path: path, Page: page, Next: st.Next(seat, path), codec: codec}, true
}

// ID is a component's custom id at the board's path.
func (b *Board) ID(verb string, extra ...string) string {
	return ID{
		Game: b.Rec.ID, Step: b.Rec.State.StepKey(), Seq: b.Rec.Seq, Seat: b.Seat, Moves: len(b.Path),
		Verb: verb, Args: append(b.codec.Encode(b.Path), extra...),
	}.String()
}

// Button is a button that chooses choice (a key, or a way back).
func (b *Board) Button(label, choice string, style discordgo.ButtonStyle) discordgo.Button {
	return discordgo.Button{Label: Clip(label, MaxButtonLabel), Style: style, CustomID: b.ID(VerbButton, EscapeKey(choice))}
}

// AddButtons adds buttons as rows of at most MaxButtons.
func (b *Board) AddButtons(buttons []discordgo.Button) {
	for len(buttons) > 0 {
		n := min(len(buttons), MaxButtons)
		row := make([]discordgo.MessageComponent, n)
		for i := range n {
			row[i] = buttons[i]
		}
		b.rows = append(b.rows, discordgo.ActionsRow{Components: row})
		buttons = buttons[n:]
	}
}

// AddMenus adds one menu per MaxOptions options (at most pages menus),
// each choosing one key; a menu's custom id is its index in the message,
// and the board's page when it is not the first.
func (b *Board) AddMenus(placeholder string, opts []discordgo.SelectMenuOption, pages int) {
	var extra []string
	if b.Page > 0 {
		extra = []string{NavPage + strconv.Itoa(b.Page)}
	}
	for i := 0; i < pages && len(opts) > 0; i++ {
		n := min(len(opts), MaxOptions)
		b.rows = append(b.rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID:    b.ID(VerbMenu+strconv.Itoa(b.menus), extra...),
			Placeholder: Clip(placeholder, MaxPlaceholder),
			Options:     opts[:n],
		}}})
		b.menus++
		opts = opts[n:]
	}
}

// AddMultiMenus adds menus of at most MaxOptions options (at most pages of
// them) from which several keys may be chosen at once, for a game whose
// keys at this point may be chosen in any order (the cards of a
// combination): a choice of several is taken as those keys chosen one
// after the other (see Kit.Press).
func (b *Board) AddMultiMenus(placeholder string, opts []discordgo.SelectMenuOption, pages int) {
	first := len(b.rows)
	b.AddMenus(placeholder, opts, pages)
	one := 1
	for _, row := range b.rows[first:] {
		r := row.(discordgo.ActionsRow)
		menu := r.Components[0].(discordgo.SelectMenu)
		menu.MinValues, menu.MaxValues = &one, len(menu.Options)
		r.Components[0] = menu
	}
}

// AddRows adds rows laid out on another board of the same seat (at
// another path): a press on them is checked against that board, whose
// path their custom ids carry, so one message may offer the first step
// of a longer way (the cards of a combination beside a turn's other
// choices).
func (b *Board) AddRows(rows ...discordgo.MessageComponent) { b.rows = append(b.rows, rows...) }

// Rows are the rows laid out so far.
func (b *Board) Rows() []discordgo.MessageComponent { return b.rows }

// Nav are the buttons that lead back: to the start, and one key back when
// two or more keys are chosen; and the pages of a list of pages pages.
func (b *Board) Nav(pages int) []discordgo.Button {
	var nav []discordgo.Button
	if len(b.Path) > 1 {
		nav = append(nav, b.Button(b.L.T("face.back.label"), NavBack, discordgo.SecondaryButton))
	}
	if len(b.Path) > 0 {
		nav = append(nav, b.Button(b.L.T("face.cancel.label"), NavStart, discordgo.SecondaryButton))
	}
	if b.Page > 0 {
		nav = append(nav, b.Button(b.L.T("face.previous.label"), NavPage+strconv.Itoa(b.Page-1), discordgo.SecondaryButton))
	}
	if b.Page < pages-1 {
		nav = append(nav, b.Button(b.L.T("face.more.label"), NavPage+strconv.Itoa(b.Page+1), discordgo.SecondaryButton))
	}
	return nav
}

// LayOut lays the choices out the default way, each named by label:
// buttons while they fit in the rows left beside the way back, menus
// beyond (MaxRows-1 of them to a page, with buttons to turn the pages).
// It refuses a page that does not exist (false).
func (b *Board) LayOut(label func(engine.Choice) (text, desc string)) bool {
	navRows := 0
	if len(b.Path) > 0 {
		navRows = 1
	}
	if n := len(b.Next); n <= (MaxRows-navRows)*MaxButtons && n <= 20 {
		if b.Page > 0 {
			return false
		}
		buttons := make([]discordgo.Button, 0, n)
		for _, c := range b.Next {
			text, _ := label(c)
			style := discordgo.SecondaryButton
			if c.Move != "" {
				style = discordgo.PrimaryButton
			}
			buttons = append(buttons, b.Button(text, c.Key, style))
		}
		b.AddButtons(buttons)
		b.AddButtons(b.Nav(1))
		return true
	}
	per := (MaxRows - 1) * MaxOptions
	pages := (len(b.Next) + per - 1) / per
	if b.Page >= pages {
		return false
	}
	opts := make([]discordgo.SelectMenuOption, 0, per)
	for _, c := range b.Next[b.Page*per : min(len(b.Next), (b.Page+1)*per)] {
		text, desc := label(c)
		opts = append(opts, MenuOption(text, c.Key, desc, false))
	}
	b.AddMenus(b.L.T("face.choose.placeholder"), opts, MaxRows-1)
	b.AddButtons(b.Nav(pages))
	return true
}

// FindComponent finds the enabled button or menu with a custom id among
// rows.
func FindComponent(rows []discordgo.MessageComponent, customID string) (discordgo.MessageComponent, bool) {
	for _, row := range rows {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				if c.CustomID == customID && !c.Disabled {
					return c, true
				}
			case discordgo.SelectMenu:
				if c.CustomID == customID && !c.Disabled {
					return c, true
				}
			}
		}
	}
	return nil, false
}
