package atheneum

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
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

// press checks a press against what was offered, as the face does, then
// decodes it.
func press(t *testing.T, g *atheneum.Game, seat int, customID string, values ...string) (*atheneum.Action, selection, error) {
	t.Helper()
	id, err := face.ParseID(customID)
	if err != nil {
		t.Fatalf("%q: %v", customID, err)
	}
	if err := face.CheckOffered(offeredComponents(recOf(g), seat, id), customID, values); err != nil {
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
// item, then one menu names every space by its coordinates and
// compartment.
func TestABookOfAnyColourIsShelvedInTwoTaps(t *testing.T) {
	g, seat := findState(t, holds(atheneum.ItemBook, false, true))
	var book atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
			book = it
		}
	}
	comps := workbench(i18n.English, "game", g, seat, noSelection())
	first, _ := menuOf(comps, "it")
	value := "i" + strconv.Itoa(book.ID) + ".P"
	var found bool
	for _, o := range first.Options {
		found = found || o.Value == value && strings.HasSuffix(o.Label, ", as pink")
	}
	if !found {
		t.Fatalf("the first menu does not offer the book as pink: %+v", first.Options)
	}
	_, sel, err := press(t, g, seat, first.CustomID, value)
	if err != nil || sel.Color != atheneum.Pink || sel.Item != book.ID {
		t.Fatalf("choosing it as pink gives %+v, %v", sel, err)
	}
	comps = workbench(i18n.English, "game", g, seat, sel)
	if _, ok := menuOf(comps, "col"); ok {
		t.Error("the colour is asked again")
	}
	spaces, ok := menuOf(comps, "at")
	if !ok {
		t.Fatal("no menu of spaces follows")
	}
	o := spaces.Options[0]
	p, err := atheneum.ParsePos(o.Value)
	if err != nil || o.Label != p.String()+" — "+compLabel(i18n.English, p.Comp) {
		t.Fatalf("space option %q (%q) does not name its coordinates and compartment", o.Label, o.Value)
	}
	act, _, err := press(t, g, seat, spaces.CustomID, o.Value)
	want := atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: book.ID, Color: atheneum.Pink, At: p}
	if err != nil || act == nil || *act != want {
		t.Fatalf("the space gives %v, %v; want %s", act, err, want)
	}
	if _, err := g.Clone().Apply(*act); err != nil {
		t.Fatalf("the engine refuses %s: %v", act, err)
	}
}

// TestAPairIsTurnedAroundInTheFirstMenu: a paired set of two colours is
// offered each way round, and the space menu shelves it that way.
func TestAPairIsTurnedAroundInTheFirstMenu(t *testing.T) {
	g, seat := findState(t, holds(atheneum.ItemPair, true, false))
	var pair atheneum.Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == atheneum.ItemPair && it.Color != it.Color2 {
			pair = it
		}
	}
	first, _ := menuOf(workbench(i18n.French, "game", g, seat, noSelection()), "it")
	_, sel, err := press(t, g, seat, first.CustomID, "i"+strconv.Itoa(pair.ID)+".1")
	if err != nil || sel.Flip != 1 {
		t.Fatalf("turning the pair gives %+v, %v", sel, err)
	}
	spaces, ok := menuOf(workbench(i18n.French, "game", g, seat, sel), "at")
	if !ok || !strings.Contains(spaces.Options[0].Label, " et ") {
		t.Fatalf("no menu of the pair's two spaces: %+v", spaces)
	}
	act, _, err := press(t, g, seat, spaces.CustomID, spaces.Options[0].Value)
	if err != nil || act == nil || !act.Flip || act.Item != pair.ID {
		t.Fatalf("the space gives %v, %v", act, err)
	}
}

// TestMenusTooFullFallBackAStepAtATime: when the first menu has no room
// for every colour, the colour gets its own menu; when the spaces do not
// fit one menu, the compartment comes first. Every action stays reachable
// within the bound.
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
		taps := reachable(t, i18n.English, g, seat)
		for _, a := range legal {
			if taps[a] == 0 || taps[a] > tapBound(g, seat, a) {
				t.Fatalf("%s takes %d taps", a, taps[a])
			}
			if a.Type == atheneum.ActShelve && a.Color != atheneum.NoColor && taps[a] != 3 {
				t.Fatalf("%s takes %d taps, want item, colour, space", a, taps[a])
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
		if _, ok := menuOf(comps, "at"); ok {
			t.Fatal("a single menu of more than 25 books")
		}
		cmp, ok := menuOf(comps, "cmp")
		if !ok {
			t.Fatal("no compartment menu")
		}
		_, sel, err := press(t, g, seat, cmp.CustomID, "L")
		if err != nil || !sel.HasComp {
			t.Fatalf("choosing the left side shelf: %+v, %v", sel, err)
		}
		spc, _ := menuOf(workbench(i18n.English, "game", g, seat, sel), "spc")
		act, _, err := press(t, g, seat, spc.CustomID, spc.Options[0].Value)
		if err != nil || act == nil || act.Type != atheneum.ActRemove || act.At.Comp != atheneum.CompLeft {
			t.Fatalf("the book gives %v, %v", act, err)
		}
		taps := reachable(t, i18n.English, g, seat)
		for _, a := range g.LegalActions(seat) {
			if a.Type == atheneum.ActRemove && taps[a] != 3 {
				t.Fatalf("%s takes %d taps, want 3", a, taps[a])
			}
		}
	})
}

// TestMenusOfEarlierVersionsStillTakePresses: a workbench an earlier
// version left in a player's messages (the item alone, then colour,
// compartment and space) still works, and leads to the same moves.
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
	if _, ok := menuOf(workbench(i18n.English, "game", g, seat, sel), "col"); !ok {
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
	spaces, _ := menuOf(workbench(i18n.English, "game", g, seat, sel), "at")
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
	cases := []struct {
		name, id string
		values   []string
	}{
		{"a colour that is no colour", b.make("it"), []string{"i" + strconv.Itoa(book.ID) + ".Z"}},
		{"an item not held", b.make("it"), []string{"i999"}},
		{"a space off the shelves", spaces.CustomID, []string{"IX.9.9"}},
		{"a taken space", spaces.CustomID, []string{occupied}},
		{"two spaces at once", spaces.CustomID, []string{spaces.Options[0].Value, spaces.Options[len(spaces.Options)-1].Value}},
		{"a space menu for an item not held", b.make("at", other.encode()...), []string{spaces.Options[0].Value}},
		{"a confirmation never shown", b.make("dok", sel.encode()...), nil},
		{"a value on the confirmation's button", b.make("dback", done.encode()...), []string{"x"}},
	}
	for _, c := range cases {
		if c.name == "a taken space" && occupied == "" || c.name == "two spaces at once" && len(spaces.Options) < 2 {
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
