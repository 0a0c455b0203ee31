package atheneum

import (
	"errors"
	"slices"
	"testing"
)

// testPack is the content pack of the rules tests: the first pack, which
// never changes (stored games replay against it), so shelves written in the
// tests keep their side shelves' shapes whatever the tuning of newer packs.
const testPack = "atheneum-1"

// newTestGame returns a game of testPack in its first resolve step with
// every seat's benefits cleared, so a test can hand out exactly what it
// needs.
func newTestGame(t *testing.T, seats int) *Game {
	t.Helper()
	c, err := Load(testPack)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Config{Subjects: Colors[:seats], Seed: 42, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		if _, err := g.Apply(Action{Type: ActPick, Seat: i, Card: g.CardCode(g.Seats[i].Hand[0])}); err != nil {
			t.Fatal(err)
		}
	}
	if g.Step != StepResolve {
		t.Fatalf("step %s after every pick, want resolve", g.Step)
	}
	for i := range g.Seats {
		s := &g.Seats[i]
		for _, it := range s.Held {
			if it.Kind == ItemToken {
				g.Used = append(g.Used, it.Token)
			}
		}
		s.Held, s.Reshelves, s.CardPoints = nil, 0, 0
		s.Wands, s.WandSupply = StartingWands, WandsPerSeat-StartingWands
	}
	return g
}

func mustShelves(t *testing.T, g *Game, seat int, text string) {
	t.Helper()
	if err := g.SetShelves(seat, text); err != nil {
		t.Fatal(err)
	}
}

func give(g *Game, seat int, it Item) int {
	g.Seats[seat].addItem(it)
	return g.Seats[seat].NextItem
}

func pos(t *testing.T, s string) Pos {
	t.Helper()
	p, err := ParsePos(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func errCode(err error) ErrorCode {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// TestShelvingRules covers the support, stacking and transition rules: the
// examples pictured in the rulebook first, then edge cases.
func TestShelvingRules(t *testing.T) {
	tests := []struct {
		name    string
		shelves string
		action  Action // Item is filled in by the test
		item    Item
		want    ErrorCode // "" for accepted
		after   string    // the compartment's rows afterwards, when accepted
	}{
		{name: "a book next to the compartment wall is supported (rulebook support, left)",
			shelves: "IV:.....", item: Item{Kind: ItemBook, Color: Teal},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 0}}, after: "T...."},
		{name: "a book next to another book is supported (rulebook support, centre)",
			shelves: "IV:T....", item: Item{Kind: ItemBook, Color: Purple},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 1}}, after: "TV..."},
		{name: "a book with nothing on either side is refused (rulebook support, right)",
			shelves: "IV:T....", item: Item{Kind: ItemBook, Color: Purple},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 2}}, want: CodeNoSupport},
		{name: "a book on level 2 with a wall beside it and a book below is accepted (rulebook stacking, left)",
			shelves: "V:.../.../TT.", item: Item{Kind: ItemBook, Color: Pink},
			action: Action{Type: ActShelve, At: Pos{CompV, 1, 0}}, after: ".../P../TT."},
		{name: "a book with a book below but no support is refused (rulebook stacking, centre)",
			shelves: "V:.../.../TTT", item: Item{Kind: ItemBook, Color: Black},
			action: Action{Type: ActShelve, At: Pos{CompV, 1, 1}}, want: CodeNoSupport},
		{name: "a supported book with no book below is refused (rulebook stacking, right)",
			shelves: "V:.../T../T..", item: Item{Kind: ItemBook, Color: Pink},
			action: Action{Type: ActShelve, At: Pos{CompV, 1, 1}}, want: CodeNoBookBelow},
		{name: "removing a book that nothing leans on is accepted (rulebook transition, left)",
			shelves: "V:.../V../GTK", action: Action{Type: ActRemove, At: Pos{CompV, 0, 2}}, after: ".../V../GT."},
		{name: "removing a book that holds up its neighbour and the book above is refused (rulebook transition, right)",
			shelves: "L7:TK../TVG.", action: Action{Type: ActRemove, At: Pos{CompLeft, 0, 1}}, want: CodeTransition},
		{name: "removing the bottom book of a column is refused",
			shelves: "V:T../T../T..", action: Action{Type: ActRemove, At: Pos{CompV, 0, 0}}, want: CodeTransition},
		{name: "removing the top book of a column is accepted",
			shelves: "V:T../T../T..", action: Action{Type: ActRemove, At: Pos{CompV, 2, 0}}, after: ".../T../T.."},
		{name: "a book cannot go on an occupied space",
			shelves: "IV:T....", item: Item{Kind: ItemBook, Color: Purple},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 0}}, want: CodeSpaceTaken},
		{name: "a book cannot go beyond the compartment",
			shelves: "I:....", item: Item{Kind: ItemBook, Color: Purple},
			action: Action{Type: ActShelve, At: Pos{CompI, 1, 0}}, want: CodeNoSuchSpace},
		{name: "a book cannot go on a side shelf the seat does not have",
			shelves: "I:....", item: Item{Kind: ItemBook, Color: Purple},
			action: Action{Type: ActShelve, At: Pos{CompRight, 0, 0}}, want: CodeMissingSideShelf},
		{name: "a book bound to a compartment cannot go elsewhere",
			shelves: "I:....", item: Item{Kind: ItemBook, Color: AnyColor, Bound: true, Comp: CompII},
			action: Action{Type: ActShelve, Color: Teal, At: Pos{CompI, 0, 0}}, want: CodeWrongCompart},
		{name: "a book of any colour needs a colour",
			shelves: "I:....", item: Item{Kind: ItemBook, Color: AnyColor},
			action: Action{Type: ActShelve, At: Pos{CompI, 0, 0}}, want: CodeChooseColor},
		{name: "a book of any colour takes the chosen colour",
			shelves: "I:....", item: Item{Kind: ItemBook, Color: AnyColor},
			action: Action{Type: ActShelve, Color: Black, At: Pos{CompI, 0, 3}}, after: "...K"},
		{name: "a book in a one-space-wide column is always supported by both walls",
			shelves: "L4:././T", item: Item{Kind: ItemBook, Color: Green},
			action: Action{Type: ActShelve, At: Pos{CompLeft, 1, 0}}, after: "./G/T"},
		{name: "a paired set is one piece supported at either end",
			shelves: "IV:T....", item: Item{Kind: ItemPair, Color: Green, Color2: Pink},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 1}}, after: "Tgp.."},
		{name: "a paired set turned around swaps its colours",
			shelves: "IV:.....", item: Item{Kind: ItemPair, Color: Green, Color2: Pink},
			action: Action{Type: ActShelve, Flip: true, At: Pos{CompIV, 0, 3}}, after: "...pg"},
		{name: "a paired set in the middle of nothing is refused",
			shelves: "IV:.....", item: Item{Kind: ItemPair, Color: Green, Color2: Pink},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 1}}, want: CodeNoSupport},
		{name: "a paired set needs a book under both of its halves",
			shelves: "V:.../.../T..", item: Item{Kind: ItemPair, Color: Green, Color2: Pink},
			action: Action{Type: ActShelve, At: Pos{CompV, 1, 0}}, want: CodeNoBookBelow},
		{name: "a paired set does not fit past the wall",
			shelves: "IV:.....", item: Item{Kind: ItemPair, Color: Green, Color2: Pink},
			action: Action{Type: ActShelve, At: Pos{CompIV, 0, 4}}, want: CodeNoRoomForPair},
		{name: "removing a paired set that holds up a book is refused",
			shelves: "V:.../.T./gp.", action: Action{Type: ActRemove, At: Pos{CompV, 0, 1}}, want: CodeTransition},
		{name: "removing from an empty space is refused",
			shelves: "V:.../.../T..", action: Action{Type: ActRemove, At: Pos{CompV, 0, 1}}, want: CodeNoBook},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			mustShelves(t, g, 0, tc.shelves)
			a := tc.action
			a.Seat = 0
			if tc.item.Kind != "" {
				a.Item = give(g, 0, tc.item)
			} else {
				g.Seats[0].Reshelves = 2
			}
			before, _ := g.Encode()
			_, err := g.Apply(a)
			if got := errCode(err); got != tc.want {
				t.Fatalf("Apply(%s) = %v (code %q), want code %q", a, err, got, tc.want)
			}
			if err != nil {
				if after, _ := g.Encode(); string(after) != string(before) {
					t.Fatalf("a refused action changed the game")
				}
				if err.Error() == "" {
					t.Fatalf("a refused action has no message")
				}
				checkArgs(t, err)
				return
			}
			if got := g.Seats[0].Comps[a.At.Comp].rows(); got != tc.after {
				t.Fatalf("rows after %s = %q, want %q", a, got, tc.after)
			}
		})
	}
}

// TestLegalSpacesMatchTheRules checks that the listed places for a book are
// exactly those Apply accepts, on a busy shelf.
func TestLegalSpacesMatchTheRules(t *testing.T) {
	g := newTestGame(t, 2)
	mustShelves(t, g, 0, "I:T..K II:.../TV. III:../G. IV:.TT.. V:.../K../KGG L3:.../.T.")
	id := give(g, 0, Item{Kind: ItemBook, Color: Pink})
	legal := map[Pos]bool{}
	for _, a := range g.LegalActions(0) {
		if a.Type == ActShelve && a.Item == id {
			legal[a.At] = true
		}
	}
	for comp := CompID(0); comp < NumComps; comp++ {
		c := &g.Seats[0].Comps[comp]
		for l := 0; l < max(c.Levels, 1); l++ {
			for x := 0; x < max(c.Width, 1); x++ {
				p := Pos{comp, l, x}
				_, _, err := Play(g, Action{Type: ActShelve, Seat: 0, Item: id, At: p})
				if (err == nil) != legal[p] {
					t.Errorf("%s: Apply error %v, listed as legal %v", p, err, legal[p])
				}
			}
		}
	}
	want := []string{"I.1.2", "I.1.3", "II.1.3", "II.2.1", "III.1.2", "III.2.1", "IV.1.1", "IV.1.4", "IV.1.5", "V.2.2", "V.2.3", "V.3.1", "L.1.1", "L.1.3"}
	var got []string
	for p := range legal {
		got = append(got, p.String())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("legal spaces %v, want %v", got, want)
	}
}
