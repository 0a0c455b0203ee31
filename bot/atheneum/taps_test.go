package atheneum

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// findState plays random games until a seat on its workbench satisfies
// want, and returns a copy of that game.
func findState(t *testing.T, want func(g *atheneum.Game, seat int) bool) (*atheneum.Game, int) {
	t.Helper()
	for n := uint64(0); n < 40; n++ {
		g, _ := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:2+n%4], Seed: 100 + n})
		p := atheneum.NewRandomPlayer(n)
		for {
			if g.Step == atheneum.StepResolve {
				for seat := range g.Seats {
					if g.Seats[seat].Status == atheneum.StatusShelving && want(g, seat) {
						return g.Clone(), seat
					}
				}
			}
			a, ok := p.Next(g)
			if !ok {
				break
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no random game reached the state wanted")
	return nil, 0
}

// recOf wraps a game in a stored record, as offeredComponents reads it.
func recOf(g *atheneum.Game) *store.Game {
	return &store.Game{ID: "game", State: &atheneum.State{Game: g}}
}

// press checks a press against what was offered, as the face does (a
// button read as the menu's option it stands for), then decodes it.
func press(t *testing.T, g *atheneum.Game, seat int, customID string, values ...string) (*atheneum.Action, selection, error) {
	t.Helper()
	id, err := face.ParseID(customID)
	if err != nil {
		t.Fatalf("%q: %v", customID, err)
	}
	id, values, err = checkPress(recOf(g), seat, id, values)
	if err != nil {
		return nil, selection{}, err
	}
	return componentInput(g, seat, id, values)
}

// menuOf finds a select menu of components by the verb of its custom id.
func menuOf(comps []discordgo.MessageComponent, verb string) (discordgo.SelectMenu, bool) {
	for _, row := range comps {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if m, ok := c.(discordgo.SelectMenu); ok {
				if id, err := face.ParseID(m.CustomID); err == nil && id.Verb == verb {
					return m, true
				}
			}
		}
	}
	return discordgo.SelectMenu{}, false
}

// buttonOf finds a button of components by the verb of its custom id.
func buttonOf(comps []discordgo.MessageComponent, verb string) (discordgo.Button, bool) {
	for _, row := range comps {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok {
				if id, err := face.ParseID(b.CustomID); err == nil && id.Verb == verb {
					return b, true
				}
			}
		}
	}
	return discordgo.Button{}, false
}

// offer is one choice of a menu a prompt offers: an option of the menu,
// or the button standing for it.
type offer struct {
	id     string
	values []string
	label  string
	// button is set for a button, with its style.
	button bool
	style  discordgo.ButtonStyle
}

// offersOf lists the choices of the menu with verb that components offer,
// as a menu or as buttons, in the order shown.
func offersOf(comps []discordgo.MessageComponent, verb string) []offer {
	var out []offer
	for _, row := range comps {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.SelectMenu:
				if id, err := face.ParseID(c.CustomID); err == nil && id.Verb == verb {
					for _, o := range c.Options {
						out = append(out, offer{id: c.CustomID, values: []string{o.Value}, label: o.Label})
					}
				}
			case discordgo.Button:
				if id, err := face.ParseID(c.CustomID); err == nil && id.Verb == verbButton && id.Arg(0) == verb {
					out = append(out, offer{id: c.CustomID, label: c.Label, button: true, style: c.Style})
				}
			}
		}
	}
	return out
}

// value is the menu's value an offer chooses.
func (o offer) value() string {
	if !o.button {
		return o.values[0]
	}
	id, _ := face.ParseID(o.id)
	return id.Arg(1)
}

// offerOf finds the offer of the menu with verb choosing value.
func offerOf(comps []discordgo.MessageComponent, verb, value string) (offer, bool) {
	for _, o := range offersOf(comps, verb) {
		if o.value() == value {
			return o, true
		}
	}
	return offer{}, false
}

func holds(kind atheneum.ItemKind, twoColours, anyColour bool) func(g *atheneum.Game, seat int) bool {
	return func(g *atheneum.Game, seat int) bool {
		for _, it := range g.Seats[seat].Held {
			if it.Kind != kind {
				continue
			}
			if twoColours && it.Color == it.Color2 || anyColour && it.Color != atheneum.AnyColor {
				continue
			}
			for _, a := range g.LegalActions(seat) {
				if a.Type == atheneum.ActShelve && a.Item == it.ID {
					return true
				}
			}
		}
		return false
	}
}

// TestABookOfAnyColourIsShelvedInTwoTaps: its colour is chosen with the
// item, one button for each colour, then a button for each space, named
// by its coordinates; the workbench's own choice of book is shelved with
// one tap.
func TestABookOfAnyColourIsShelvedInTwoTaps(t *testing.T) {
	g, seat := findState(t, func(g *atheneum.Game, seat int) bool {
		// A book of any colour besides another item, all on buttons.
		opts, _ := itemOptions(i18n.English, g, seat, noSelection(), g.LegalActions(seat), false)
		return holds(atheneum.ItemBook, false, true)(g, seat) && len(opts) > len(atheneum.Colors) && len(opts) <= 8
	})
	var book atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
			book = it
		}
	}
	comps := workbench(i18n.English, "game", g, seat, noSelection())
	value := "i" + strconv.Itoa(book.ID) + ".P"
	pink, ok := offerOf(comps, "it", value)
	if !ok || !pink.button || pink.label != "#"+strconv.Itoa(book.ID)+" as pink" {
		t.Fatalf("no button offers the book as pink: %+v", offersOf(comps, "it"))
	}
	if _, ok := menuOf(comps, "it"); ok {
		t.Error("the items are in a menu although they fit as buttons")
	}
	_, sel, err := press(t, g, seat, pink.id)
	if err != nil || sel.Color != atheneum.Pink || sel.Item != book.ID {
		t.Fatalf("choosing it as pink gives %+v, %v", sel, err)
	}
	comps = workbench(i18n.English, "game", g, seat, sel)
	if len(offersOf(comps, "col")) > 0 {
		t.Error("the colour is asked again")
	}
	spaces := offersOf(comps, "at")
	if len(spaces) == 0 || !spaces[0].button {
		t.Fatalf("no buttons of spaces follow: %+v", comps)
	}
	for _, o := range spaces {
		p, err := atheneum.ParsePos(o.value())
		if err != nil || o.label != p.String() && o.label != "Suggested: "+p.String() {
			t.Fatalf("space button %q (%q) does not name its coordinates", o.label, o.value())
		}
	}
	o := spaces[len(spaces)-1]
	p, _ := atheneum.ParsePos(o.value())
	act, _, err := press(t, g, seat, o.id)
	want := atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: book.ID, Color: atheneum.Pink, At: p}
	if err != nil || act == nil || *act != want {
		t.Fatalf("the space gives %v, %v; want %s", act, err, want)
	}
	if _, err := g.Clone().Apply(*act); err != nil {
		t.Fatalf("the engine refuses %s: %v", act, err)
	}
	taps := reachable(t, i18n.English, g, seat)
	if taps[want] != 2 {
		t.Errorf("%s takes %d presses, want the item's button and the space's", want, taps[want])
	}
}

// TestTheWorkbenchStartsWithTheComputersBook: with nothing chosen, the
// workbench shows the spaces of the book the normal computer player would
// shelve next, the one it would choose first, in green, so that following
// it takes one tap; they are the spaces the picture lights for that item.
func TestTheWorkbenchStartsWithTheComputersBook(t *testing.T) {
	g, seat := findState(t, func(g *atheneum.Game, seat int) bool {
		return holds(atheneum.ItemBook, false, false)(g, seat) && len(g.Seats[seat].Held) > 1
	})
	player, _ := ai.New("normal", ai.Options{})
	var books []atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook || it.Kind == atheneum.ItemPair {
			books = append(books, it)
		}
	}
	v := g.View(seat)
	v.Seats[seat].Held = books
	want, err := player.Propose(v, seat)
	if err != nil || want.Type != atheneum.ActShelve {
		t.Fatalf("the normal player proposes %s, %v", want, err)
	}
	sel := effective(g, seat, noSelection())
	if sel.Mode != "item" || sel.Item != want.Item {
		t.Fatalf("the workbench starts with %+v, the normal player would shelve %s", sel, want)
	}
	comps := workbench(i18n.English, "game", g, seat, noSelection())
	spaces := offersOf(comps, "at")
	if len(spaces) == 0 || !spaces[0].button {
		t.Fatalf("the workbench shows no buttons of spaces: %+v", comps)
	}
	first := spaces[0]
	if first.style != discordgo.SuccessButton || first.label != "Suggested: "+want.At.String() || first.value() != want.At.String() {
		t.Errorf("the first space is %q (%v), want the suggestion %s in green", first.label, first.style, want.At)
	}
	for _, o := range spaces[1:] {
		if o.style == discordgo.SuccessButton {
			t.Errorf("%q is green too", o.label)
		}
	}
	act, _, err := press(t, g, seat, first.id)
	if err != nil || act == nil || *act != want {
		t.Fatalf("the suggestion plays %v, %v; want %s", act, err, want)
	}
	// The spaces shown are the item's legal spaces, which the picture
	// lights (for its item, whatever the colour or the way round).
	lit := map[string]bool{}
	for _, a := range g.LegalActions(seat) {
		if a.Type == atheneum.ActShelve && a.Item == sel.Item {
			lit[a.At.String()] = true
		}
	}
	if len(spaces) != len(lit) {
		t.Errorf("%d spaces on buttons, %d lit", len(spaces), len(lit))
	}
	for _, o := range spaces {
		if !lit[o.value()] {
			t.Errorf("%s has a button but is not lit", o.value())
		}
	}
	if !strings.Contains(workbenchText(i18n.English, recOf(g), seat, sel), want.At.String()) {
		t.Error("the text does not say where the computer player would put it")
	}
	if taps := reachable(t, i18n.English, g, seat); taps[want] != 1 {
		t.Errorf("the suggestion takes %d presses", taps[want])
	}
}

// TestAnItemAloneIsNotAsked: holding a single book, the workbench shows
// its spaces and no item to choose.
func TestAnItemAloneIsNotAsked(t *testing.T) {
	g, seat := findState(t, func(g *atheneum.Game, seat int) bool {
		opts, _ := itemOptions(i18n.English, g, seat, noSelection(), g.LegalActions(seat), false)
		return len(opts) == 1 && holds(atheneum.ItemBook, false, false)(g, seat) && !holds(atheneum.ItemBook, false, true)(g, seat)
	})
	comps := workbench(i18n.French, "game", g, seat, noSelection())
	if items := offersOf(comps, "it"); len(items) > 0 {
		t.Errorf("the only item is offered: %+v", items)
	}
	if len(offersOf(comps, "at")) == 0 {
		t.Fatal("its spaces are not shown")
	}
	for _, a := range g.LegalActions(seat) {
		if a.Type == atheneum.ActShelve {
			if taps := reachable(t, i18n.French, g, seat); taps[a] != 1 {
				t.Errorf("%s takes %d presses, want its space's", a, taps[a])
			}
		}
	}
}

// TestAPairIsTurnedAroundInTheFirstRow: a paired set of two colours is
// offered each way round, and its space buttons shelve it that way,
// naming both its spaces.
func TestAPairIsTurnedAroundInTheFirstRow(t *testing.T) {
	g, seat := findState(t, holds(atheneum.ItemPair, true, false))
	var pair atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemPair && it.Color != it.Color2 {
			pair = it
		}
	}
	turned, ok := offerOf(workbench(i18n.French, "game", g, seat, noSelection()), "it", "i"+strconv.Itoa(pair.ID)+".1")
	if !ok || !strings.HasSuffix(turned.label, " à gauche") {
		t.Fatalf("the pair is not offered the other way round: %+v", turned)
	}
	_, sel, err := press(t, g, seat, turned.id, turned.values...)
	if err != nil || sel.Flip != 1 {
		t.Fatalf("turning the pair gives %+v, %v", sel, err)
	}
	spaces := offersOf(workbench(i18n.French, "game", g, seat, sel), "at")
	if len(spaces) == 0 {
		t.Fatal("no spaces for the pair")
	}
	o := spaces[len(spaces)-1]
	p, _ := atheneum.ParsePos(o.value())
	if o.label != fmt.Sprintf("%s–%d", p, p.Space+2) && o.label != fmt.Sprintf("Conseillé : %s–%d", p, p.Space+2) {
		t.Errorf("the pair's space reads %q, want both its spaces", o.label)
	}
	act, _, err := press(t, g, seat, o.id, o.values...)
	if err != nil || act == nil || !act.Flip || act.Item != pair.ID || act.At != p {
		t.Fatalf("the space gives %v, %v", act, err)
	}
}

// TestTheCardsArePickedWithOneTap: the hand's cards are buttons, the card
// picked so far in blue; a press picks its card, and the pick menu of
// earlier versions still works.
func TestTheCardsArePickedWithOneTap(t *testing.T) {
	g, _ := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 9})
	seat := 1
	comps := handComponents(i18n.English, "game", g, seat)
	cards := offersOf(comps, "pick")
	if len(cards) != len(g.Seats[seat].Hand) || !cards[0].button {
		t.Fatalf("the hand of %d cards shows %+v", len(g.Seats[seat].Hand), cards)
	}
	checkLimits(t, i18n.English, comps)
	for i, c := range cards {
		if code := g.CardCode(g.Seats[seat].Hand[i]); c.label != code || c.value() != code {
			t.Errorf("button %d reads %q (%q), want card %s", i, c.label, c.value(), code)
		}
	}
	act, _, err := press(t, g, seat, cards[2].id)
	if err != nil || act == nil || act.Type != atheneum.ActPick || act.Card != cards[2].value() || act.Seat != seat {
		t.Fatalf("the card's button gives %v, %v", act, err)
	}
	if _, err := g.Apply(*act); err != nil {
		t.Fatal(err)
	}
	for _, c := range offersOf(handComponents(i18n.English, "game", g, seat), "pick") {
		if chosen := c.style == discordgo.PrimaryButton; chosen != (c.value() == act.Card) {
			t.Errorf("%s shown as picked: %v", c.value(), chosen)
		}
	}
	old, _ := menuOf(handMenu(i18n.English, "game", g, seat), "pick")
	if act, _, err := press(t, g, seat, old.CustomID, cards[0].value()); err != nil || act == nil || act.Card != cards[0].value() {
		t.Errorf("the pick menu of earlier versions gives %v, %v", act, err)
	}
	b := idsFor("game", g, seat)
	for _, forged := range []struct {
		name, id string
		values   []string
	}{
		{"a card not in the hand", b.make(verbButton, "pick", "Z99"), nil},
		{"another seat's card", b.make(verbButton, "pick", g.CardCode(g.Seats[0].Hand[0])), nil},
		{"a value on a card's button", cards[0].id, []string{cards[1].value()}},
		{"a button standing for no menu", b.make(verbButton), nil},
		{"a button standing for a button", b.make(verbButton, verbButton, "pick"), nil},
	} {
		if act, _, err := press(t, g, seat, forged.id, forged.values...); err == nil {
			t.Errorf("%s: accepted (%v)", forged.name, act)
		}
	}
}

// TestMenusTooFullFallBackAStepAtATime: when the first menu has no room
// for every colour, the colour gets a row of its own; when the spaces do
// not fit one menu, the compartment comes first. Every action stays
// reachable within the bound.
func TestMenusTooFullFallBackAStepAtATime(t *testing.T) {
	t.Run("a crowded first menu asks the colour after the item", func(t *testing.T) {
		g, seat := findState(t, holds(atheneum.ItemBook, false, true))
		s := &g.Seats[seat]
		for k := 0; k < 22; k++ {
			s.Held = append(s.Held, atheneum.Item{ID: 200 + k, Kind: atheneum.ItemBook, Color: atheneum.Teal, From: -1})
		}
		legal := g.LegalActions(seat)
		opts, expanded := itemOptions(i18n.English, g, seat, noSelection(), legal, false)
		if len(opts) > face.MaxOptions || len(expanded) != 0 {
			t.Fatalf("%d options, %d items expanded", len(opts), len(expanded))
		}
		var book atheneum.Item
		for _, it := range s.Held {
			if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
				book = it
			}
		}
		item, ok := offerOf(workbench(i18n.English, "game", g, seat, noSelection()), "it", "i"+strconv.Itoa(book.ID))
		if !ok {
			t.Fatal("the book of any colour is not offered")
		}
		_, sel, err := press(t, g, seat, item.id, item.values...)
		if err != nil || sel.Color != atheneum.NoColor {
			t.Fatalf("choosing the book gives %+v, %v", sel, err)
		}
		colours := offersOf(workbench(i18n.English, "game", g, seat, sel), "col")
		if len(colours) != len(atheneum.Colors) || !colours[0].button {
			t.Fatalf("the colours are offered as %+v", colours)
		}
		taps := reachable(t, i18n.English, g, seat)
		for _, a := range legal {
			if taps[a] == 0 || taps[a] > tapBound(g, seat, a) {
				t.Fatalf("%s takes %d presses", a, taps[a])
			}
		}
	})
	t.Run("more than 25 books to take off ask the compartment first", func(t *testing.T) {
		g, seat := findState(t, func(g *atheneum.Game, seat int) bool { return true })
		s := &g.Seats[seat]
		s.Comps[atheneum.CompLeft] = atheneum.Compartment{Present: true, SideShelf: 8, Width: 5, Levels: 1}
		s.Comps[atheneum.CompRight] = atheneum.Compartment{Present: true, SideShelf: 3, Width: 4, Levels: 1}
		for id := range s.Comps {
			c := &s.Comps[id]
			c.Spider = false
			for k := 0; k < c.Width*c.Levels; k++ {
				c.Cells[k] = atheneum.Space{Color: atheneum.Green}
			}
		}
		s.Reshelves = 2
		removals := 0
		for _, a := range g.LegalActions(seat) {
			if a.Type == atheneum.ActRemove {
				removals++
			}
		}
		if removals <= face.MaxOptions {
			t.Fatalf("only %d books can be taken off", removals)
		}
		rm := noSelection()
		rm.Mode = "remove"
		comps := workbench(i18n.English, "game", g, seat, rm)
		if len(offersOf(comps, "at")) > 0 {
			t.Fatal("more than 25 books offered at once")
		}
		left, ok := offerOf(comps, "cmp", "L")
		if !ok {
			t.Fatal("no compartment to choose")
		}
		_, sel, err := press(t, g, seat, left.id, left.values...)
		if err != nil || !sel.HasComp {
			t.Fatalf("choosing the left side shelf: %+v, %v", sel, err)
		}
		spc := offersOf(workbench(i18n.English, "game", g, seat, sel), "spc")
		if len(spc) == 0 {
			t.Fatal("no books of the side shelf to choose")
		}
		act, _, err := press(t, g, seat, spc[0].id, spc[0].values...)
		if err != nil || act == nil || act.Type != atheneum.ActRemove || act.At.Comp != atheneum.CompLeft {
			t.Fatalf("the book gives %v, %v", act, err)
		}
		taps := reachable(t, i18n.English, g, seat)
		for _, a := range g.LegalActions(seat) {
			if a.Type == atheneum.ActRemove && taps[a] != 3 {
				t.Fatalf("%s takes %d presses, want 3", a, taps[a])
			}
		}
	})
}

// TestMenusOfEarlierVersionsStillTakePresses: a workbench an earlier
// version left in a player's messages (the item alone, then colour,
// compartment and space; or the item in its colour, then the space, all
// menus) still works, and leads to the same moves.
func TestMenusOfEarlierVersionsStillTakePresses(t *testing.T) {
	g, seat := findState(t, holds(atheneum.ItemBook, false, true))
	var book atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
			book = it
		}
	}
	old := stepwiseWorkbench(i18n.English, "game", g, seat, noSelection())
	first, _ := menuOf(old, "it")
	_, sel, err := press(t, g, seat, first.CustomID, "i"+strconv.Itoa(book.ID))
	if err != nil {
		t.Fatalf("the item alone is refused: %v", err)
	}
	if len(offersOf(workbench(i18n.English, "game", g, seat, sel), "col")) == 0 {
		t.Fatal("today's workbench asks no colour for an item chosen without one")
	}
	col, _ := menuOf(stepwiseWorkbench(i18n.English, "game", g, seat, sel), "col")
	if _, sel, err = press(t, g, seat, col.CustomID, "K"); err != nil {
		t.Fatalf("the colour is refused: %v", err)
	}
	cmp, _ := menuOf(stepwiseWorkbench(i18n.English, "game", g, seat, sel), "cmp")
	if _, sel, err = press(t, g, seat, cmp.CustomID, cmp.Options[0].Value); err != nil {
		t.Fatalf("the compartment is refused: %v", err)
	}
	spc, _ := menuOf(stepwiseWorkbench(i18n.English, "game", g, seat, sel), "spc")
	act, _, err := press(t, g, seat, spc.CustomID, spc.Options[0].Value)
	if err != nil || act == nil || act.Color != atheneum.Black || act.Item != book.ID {
		t.Fatalf("the space gives %v, %v", act, err)
	}
	if _, err := g.Clone().Apply(*act); err != nil {
		t.Fatalf("the engine refuses %s: %v", act, err)
	}

	// The previous version's menus: the item in its colour, then the
	// space, each a menu.
	prev := earlierWorkbench(i18n.English, "game", g, seat, noSelection())
	first, _ = menuOf(prev, "it")
	if _, sel, err = press(t, g, seat, first.CustomID, "i"+strconv.Itoa(book.ID)+".G"); err != nil {
		t.Fatalf("the item in its colour is refused: %v", err)
	}
	at, ok := menuOf(earlierWorkbench(i18n.English, "game", g, seat, sel), "at")
	if !ok {
		t.Fatal("the previous version showed no menu of spaces")
	}
	act, _, err = press(t, g, seat, at.CustomID, at.Options[0].Value)
	if err != nil || act == nil || act.Color != atheneum.Green || act.At.String() != at.Options[0].Value {
		t.Fatalf("the space gives %v, %v", act, err)
	}
	if _, ok := menuOf(workbench(i18n.English, "game", g, seat, sel), "at"); ok {
		t.Error("today's workbench shows the spaces in a menu although they fit as buttons")
	}
}

// TestForgedPressesAreNotOffered: a value or custom id the workbench did
// not show is refused before it is read.
func TestForgedPressesAreNotOffered(t *testing.T) {
	g, seat := findState(t, holds(atheneum.ItemBook, false, true))
	var book atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
			book = it
		}
	}
	b := idsFor("game", g, seat)
	sel := noSelection()
	sel.Mode, sel.Item, sel.Color = "item", book.ID, atheneum.Teal
	spaces := offersOf(workbench(i18n.English, "game", g, seat, sel), "at")
	if len(spaces) == 0 || !spaces[0].button {
		t.Fatalf("no buttons of spaces: %+v", spaces)
	}
	atMenu, _ := menuOf(earlierWorkbench(i18n.English, "game", g, seat, sel), "at")
	occupied := ""
	for id, c := range g.Seats[seat].Comps {
		if c.Present && c.At(0, 0).Color != atheneum.NoColor {
			occupied = atheneum.Pos{Comp: atheneum.CompID(id)}.String()
		}
	}
	done := noSelection()
	done.Mode = "done"
	other := sel
	other.Item = 999
	space := spaces[0].value()
	cases := []struct {
		name, id string
		values   []string
	}{
		{"a colour that is no colour", b.make("it"), []string{"i" + strconv.Itoa(book.ID) + ".Z"}},
		{"a colour that is no colour, on a button", b.make(verbButton, "it", "i"+strconv.Itoa(book.ID)+".Z"), nil},
		{"an item not held", b.make("it"), []string{"i999"}},
		{"an item not held, on a button", b.make(verbButton, "it", "i999"), nil},
		{"a space off the shelves", atMenu.CustomID, []string{"IX.9.9"}},
		{"a space off the shelves, on a button", b.make(verbButton, append([]string{"at", "IX.9.9"}, sel.encode()...)...), nil},
		{"a taken space", atMenu.CustomID, []string{occupied}},
		{"a taken space, on a button", b.make(verbButton, append([]string{"at", occupied}, sel.encode()...)...), nil},
		{"two spaces at once", atMenu.CustomID, []string{atMenu.Options[0].Value, atMenu.Options[len(atMenu.Options)-1].Value}},
		{"a value on a space's button", spaces[0].id, []string{space}},
		{"a space menu for an item not held", b.make("at", other.encode()...), []string{space}},
		{"a space button for an item not held", b.make(verbButton, append([]string{"at", space}, other.encode()...)...), nil},
		{"a space button without its selection", b.make(verbButton, "at", space), nil},
		{"a button of an unknown menu", b.make(verbButton, "explode", "x"), nil},
		{"a button standing for Done", b.make(verbButton, "done", "x"), nil},
		{"a confirmation never shown", b.make("dok", sel.encode()...), nil},
		{"a value on the confirmation's button", b.make("dback", done.encode()...), []string{"x"}},
	}
	for _, c := range cases {
		if strings.Contains(c.name, "a taken space") && occupied == "" || c.name == "two spaces at once" && len(atMenu.Options) < 2 {
			continue
		}
		if act, _, err := press(t, g, seat, c.id, c.values...); err == nil {
			t.Errorf("%s: accepted (%v)", c.name, act)
		}
	}
}

// TestDoneAsksToConfirmWhileAnObjectiveCouldBeScored: Done then shows the
// objectives that would be lost, and only the confirmation finishes.
func TestDoneAsksToConfirmWhileAnObjectiveCouldBeScored(t *testing.T) {
	g, seat := findState(t, func(g *atheneum.Game, seat int) bool { return len(scorable(g.LegalActions(seat))) > 0 })
	done, _ := buttonOf(workbench(i18n.English, "game", g, seat, noSelection()), "done")
	act, sel, err := press(t, g, seat, done.CustomID)
	if err != nil || act != nil || sel.Mode != "done" {
		t.Fatalf("Done gives %v, %+v, %v; want a confirmation", act, sel, err)
	}
	comps := workbench(i18n.English, "game", g, seat, sel)
	if len(comps) != 1 {
		t.Fatalf("the confirmation shows %d rows", len(comps))
	}
	text := confirmText(i18n.English, g, seat)
	for _, code := range scorable(g.LegalActions(seat)) {
		if !strings.Contains(text, code) {
			t.Errorf("the confirmation does not name %s: %q", code, text)
		}
	}
	if !strings.HasPrefix(text, i18n.English.T("play.done.confirm.title")) {
		t.Errorf("the confirmation reads %q", text)
	}
	back, _ := buttonOf(comps, "dback")
	if act, sel, err := press(t, g, seat, back.CustomID); err != nil || act != nil || sel.Mode != "" {
		t.Fatalf("Go back gives %v, %+v, %v", act, sel, err)
	}
	ok, _ := buttonOf(comps, "dok")
	if act, _, err := press(t, g, seat, ok.CustomID); err != nil || act == nil || act.Type != atheneum.ActDone {
		t.Fatalf("the confirmation gives %v, %v", act, err)
	}

	t.Run("without an objective to score, Done finishes at once", func(t *testing.T) {
		g, seat := findState(t, func(g *atheneum.Game, seat int) bool { return len(scorable(g.LegalActions(seat))) == 0 })
		done, _ := buttonOf(workbench(i18n.English, "game", g, seat, noSelection()), "done")
		if act, _, err := press(t, g, seat, done.CustomID); err != nil || act == nil || act.Type != atheneum.ActDone {
			t.Fatalf("Done gives %v, %v", act, err)
		}
	})
}
