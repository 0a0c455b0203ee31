package anludim

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// Discord's limits on a message's components, as the kit knows them.
const (
	maxRows        = face.MaxRows
	maxButtons     = face.MaxButtons
	maxButtonLabel = face.MaxButtonLabel
	maxPlaceholder = face.MaxPlaceholder
)

// menuPages is how many menus of a long list one message shows; a reading
// step keeps a row for its buttons.
const menuPages = maxRows - 1

// board is the kit's board of a seat's position, with Anludim's view of
// it: the game, and the position the path stands for. Its components
// depend only on the game, the seat and the position (the language
// changes labels, never a custom id or a value), so the kit checks a
// press by laying them out again.
type board struct {
	*face.Board
	l    i18n.Lang
	rec  *store.Game
	g    *an.Game
	seat int
	at   pos
	// steps are the choices Next offers at the position.
	steps []engine.Choice
}

// asBoard is the kit's board seen as Anludim's.
func asBoard(fb *face.Board) *board {
	at := pathPos(fb.Path)
	at.page = fb.Page
	return &board{Board: fb, l: fb.L, rec: fb.Rec, g: stateOf(fb.Rec), seat: fb.Seat, at: at, steps: fb.Next}
}

// layout lays a position out (the kit's Game.Layout): it refuses a page
// that is not one of the readings' pages.
func layout(fb *face.Board) bool {
	b := asBoard(fb)
	if b.g == nil || (b.at.page > 0 && (b.at.prof == "" || b.at.page*menuPages*face.MaxOptions >= len(b.steps))) {
		return false
	}
	b.build()
	return true
}

// button is a button that chooses choice (a key, or a way back).
func (b *board) button(label, choice string, style discordgo.ButtonStyle) discordgo.Button {
	return b.Button(label, choice, style)
}

// addButtons adds buttons as rows of at most five.
func (b *board) addButtons(buttons []discordgo.Button) { b.AddButtons(buttons) }

// addMenus adds one menu per 25 options (at most pages menus), each
// choosing a key; a menu's custom id is its index in the message.
func (b *board) addMenus(placeholder string, opts []discordgo.SelectMenuOption, pages int) {
	b.AddMenus(placeholder, opts, pages)
}

// option is a menu option of the face's menus.
func option(label, value, desc string) discordgo.SelectMenuOption {
	return face.MenuOption(label, value, desc, false)
}

// build lays the position's components out.
func (b *board) build() []discordgo.MessageComponent {
	switch {
	case !b.at.play:
		b.buildStart()
	case b.at.prof == "":
		b.buildCards()
	default:
		b.buildReadings()
	}
	return b.Rows()
}

// buildStart lays out the first choices of a move: a row of buttons for
// the main actions, one for the face-up cards, then menus for discarding,
// taking combinations back and keeping cards.
func (b *board) buildStart() {
	l := b.l
	var main, faceUp []discordgo.Button
	var discard, takeBack, keep []discordgo.SelectMenuOption
	var end, undo *discordgo.Button
	for _, c := range b.steps {
		k := c.Key
		switch {
		case k == "d":
			main = append(main, b.button(l.T("anludim.action.recruit_hidden.label"), k, discordgo.PrimaryButton))
		case k == "p":
			main = append(main, b.button(l.T("anludim.action.play.label"), k, discordgo.PrimaryButton))
		case len(k) == 2 && k[0] == 'u':
			slot := int(k[1] - '0')
			card := -1
			if up := b.g.FaceUp(); slot >= 0 && slot < len(up) {
				card = up[slot]
			}
			faceUp = append(faceUp, b.button(l.T("anludim.action.face_up.label", "Card", cardName(l, card)), k, discordgo.SecondaryButton))
		case k == "e":
			label := "anludim.action.end_turn.label"
			if b.g.Keeping() {
				label = "anludim.action.keep_done.label"
			}
			btn := b.button(l.T(label), k, discordgo.SuccessButton)
			end = &btn
		case k == "z":
			btn := b.button(l.T("anludim.action.undo.label"), k, discordgo.SecondaryButton)
			undo = &btn
		case strings.HasPrefix(k, "x:"):
			if m, err := an.ParseMove("s0 x " + k[2:]); err == nil {
				discard = append(discard, option(itemLabel(l, m.Item), k, ""))
			}
		case strings.HasPrefix(k, "t:"):
			if card, err := strconv.Atoi(k[2:]); err == nil {
				label, desc := b.comboWords(card)
				takeBack = append(takeBack, option(label, k, desc))
			}
		case strings.HasPrefix(k, "k:"):
			if card, err := strconv.Atoi(k[2:]); err == nil {
				keep = append(keep, option(cardName(l, card), k, ""))
			}
		}
	}
	if b.g.Keeping() {
		b.addMenus(l.T("anludim.menu.keep.placeholder", "Count", b.g.KeepLimit(b.seat)-len(b.g.Kept(b.seat))), keep, maxRows-1)
	}
	// A combination's cards may be chosen at once from the start when one
	// menu holds them, beside the Play button: a play is then the cards,
	// the professor and, when asked, the reading.
	cards := b.playMenu()
	for _, btn := range []*discordgo.Button{end, undo} {
		if btn != nil {
			main = append(main, *btn)
		}
	}
	b.addButtons(main)
	b.addButtons(faceUp)
	if cards != nil && len(b.Rows()) < maxRows-1 {
		b.AddRows(cards)
	}
	b.addMenus(l.T("anludim.menu.discard.placeholder"), discard, 1)
	b.addMenus(l.T("anludim.menu.take_back.placeholder"), takeBack, maxRows-len(b.Rows()))
}

// playMenu is the menu of the cards a combination may begin with, laid
// out at the combination's first step ("p") so that a press on it goes
// there; nil when no combination can be played now, or when the cards do
// not fit one menu (the Play button leads to them then).
func (b *board) playMenu() discordgo.MessageComponent {
	if !slices.ContainsFunc(b.steps, func(c engine.Choice) bool { return c.Key == "p" }) {
		return nil
	}
	fb, ok := face.NewBoard(b.l, b.rec, b.seat, []string{"p"}, 0, codec{})
	if !ok {
		return nil
	}
	sub := asBoard(fb)
	var cards []discordgo.SelectMenuOption
	for _, c := range sub.steps {
		if card, err := strconv.Atoi(c.Key); err == nil {
			cards = append(cards, option(cardName(b.l, card), c.Key, sub.cardOrigin(card)))
		}
	}
	if len(cards) == 0 || len(cards) > face.MaxOptions {
		return nil
	}
	sub.AddMultiMenus(b.l.T("anludim.menu.play.placeholder"), cards, 1)
	return sub.Rows()[0]
}

// comboWords describe the seat's combination holding card, for the menu
// of take-backs: its cards as read, and what it was played for.
func (b *board) comboWords(card int) (label, desc string) {
	for _, c := range b.g.Combinations(b.seat) {
		if !slices.ContainsFunc(c.Uses, func(u an.Use) bool { return u.Card == card }) {
			continue
		}
		key := "anludim.menu.combo.option"
		if c.Holds {
			key = "anludim.menu.combo.holds.option"
		}
		return useList(b.l, c.Uses), b.l.T(key, "Combination", combinationName(b.l, c.Prof), "Prof", profThe(b.l, c.Prof.ID()))
	}
	return cardName(b.l, card), ""
}

// buildCards lays out a combination being built: menus of the cards that
// may be added (up to three: no seat holds more than 65 cards), the
// professors the cards chosen can call as they are, and a way back.
func (b *board) buildCards() {
	l := b.l
	var cards []discordgo.SelectMenuOption
	var profs []discordgo.Button
	for _, c := range b.steps {
		if card, err := strconv.Atoi(c.Key); err == nil {
			cards = append(cards, option(cardName(l, card), c.Key, b.cardOrigin(card)))
			continue
		}
		if p := profByCode(c.Key); p >= 0 {
			profs = append(profs, b.button(l.T("anludim.action.call.label", "Prof", profThe(l, p.ID()), "Combination", combinationName(l, p)), c.Key, discordgo.SuccessButton))
		}
	}
	// Several cards at once: the rules take a combination's cards in any
	// order, and a press of four cards is one tap instead of four.
	b.AddMultiMenus(l.T("anludim.menu.cards.placeholder"), cards, maxRows-2)
	b.addButtons(profs)
	b.addButtons([]discordgo.Button{b.button(l.T("anludim.action.cancel.label"), navStart, discordgo.SecondaryButton)})
}

// cardOrigin says where a card of the expert variant comes from when it is
// not in the hand: one of the seat's own combinations.
func (b *board) cardOrigin(card int) string {
	if !slices.Contains(b.g.Hand(b.seat), card) {
		for _, c := range b.g.Combinations(b.seat) {
			if slices.ContainsFunc(c.Uses, func(u an.Use) bool { return u.Card == card }) {
				return b.l.T("anludim.menu.from_combo.option", "Combination", combinationName(b.l, c.Prof), "Prof", profThe(b.l, c.Prof.ID()))
			}
		}
	}
	return ""
}

// buildReadings lays out the choice of how to read the cards of a play,
// strongest first, a page of menus at a time, with the ways back.
func (b *board) buildReadings() {
	l := b.l
	var opts []discordgo.SelectMenuOption
	for i, c := range b.steps {
		desc := ""
		if i == 0 {
			desc = l.T("anludim.menu.reading.strongest.option")
		}
		opts = append(opts, option(readingsLabel(l, c.Key), c.Key, desc))
	}
	per := menuPages * face.MaxOptions
	pages := max(1, (len(opts)+per-1)/per)
	page := b.at.page // newBoard checked it is one of the pages
	b.addMenus(l.T("anludim.menu.reading.placeholder"), opts[page*per:], menuPages)
	nav := []discordgo.Button{
		b.button(l.T("anludim.action.back.label"), navCards, discordgo.SecondaryButton),
		b.button(l.T("anludim.action.cancel.label"), navStart, discordgo.SecondaryButton),
	}
	if page > 0 {
		nav = append(nav, b.button(l.T("anludim.action.previous.label"), navPage+strconv.Itoa(page-1), discordgo.SecondaryButton))
	}
	if page < pages-1 {
		nav = append(nav, b.button(l.T("anludim.action.more.label"), navPage+strconv.Itoa(page+1), discordgo.SecondaryButton))
	}
	b.addButtons(nav)
}

// readingsLabel names a reading key ("12a.40b.33a") as the cards read.
func readingsLabel(l i18n.Lang, key string) string {
	m, err := an.ParseMove("s0 p AL " + strings.ReplaceAll(key, ".", " "))
	if err != nil {
		return key
	}
	return useList(l, m.Cards)
}

func profByCode(code string) an.Professor {
	for p := an.Professor(0); p < an.NumProfessors; p++ {
		if p.Code() == code {
			return p
		}
	}
	return -1
}
