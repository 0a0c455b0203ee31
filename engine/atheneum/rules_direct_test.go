package atheneum

import (
	"slices"
	"testing"
)

// These tests build positions directly (shelves in the text notation, items
// handed to a seat) for rules that only random play-outs used to reach.

// giveToken takes a bonus token of the given kind out of the bag and hands
// it to seat, returning the item's id and the token's id.
func giveToken(t *testing.T, g *Game, seat int, kind TokenKind) (item, tok int) {
	t.Helper()
	for k, id := range g.Bag {
		if g.Content.Tokens[id].Kind == kind {
			g.Bag = slices.Delete(g.Bag, k, k+1)
			return give(g, seat, Item{Kind: ItemToken, Token: id}), id
		}
	}
	t.Fatalf("no %s token left in the bag", kind)
	return 0, 0
}

// heldOf returns the seat's held items of a kind.
func heldOf(g *Game, seat int, kind ItemKind) []Item {
	var out []Item
	for _, it := range g.Seats[seat].Held {
		if it.Kind == kind {
			out = append(out, it)
		}
	}
	return out
}

func mustApply(t *testing.T, g *Game, a Action) []Event {
	t.Helper()
	ev, err := g.Apply(a)
	if err != nil {
		t.Fatalf("Apply(%s): %v", a, err)
	}
	return ev
}

func TestBonusTokenBenefits(t *testing.T) {
	t.Run("a reshelve token gives four reshelves", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "IV:TVGPK")
		id, tok := giveToken(t, g, 0, TokenReshelve)
		mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit})
		if g.Seats[0].Reshelves != ReshelveTokenCount || ReshelveTokenCount != 4 {
			t.Fatalf("reshelves %d after a reshelve token, want 4", g.Seats[0].Reshelves)
		}
		// Four books come off compartment IV, from the right end inwards; a fifth does not.
		for x := 4; x >= 1; x-- {
			mustApply(t, g, Action{Type: ActRemove, Seat: 0, At: Pos{CompIV, 0, x}})
		}
		if _, err := g.Apply(Action{Type: ActRemove, Seat: 0, At: Pos{CompIV, 0, 0}}); errCode(err) != CodeNoReshelve {
			t.Fatalf("a fifth removal: %v, want no reshelve left", err)
		}
		if !slices.Contains(g.Used, tok) {
			t.Fatalf("the token used for its benefit is not on the used pile")
		}
	})
	t.Run("a book token gives a book of any colour", func(t *testing.T) {
		g := newTestGame(t, 2)
		id, _ := giveToken(t, g, 0, TokenBook)
		mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit})
		books := heldOf(g, 0, ItemBook)
		if len(books) != 1 || books[0].Color != AnyColor || books[0].Bound {
			t.Fatalf("held %+v, want one unbound book of any colour", g.Seats[0].Held)
		}
		mustApply(t, g, Action{Type: ActShelve, Seat: 0, Item: books[0].ID, Color: Pink, At: pos(t, "II.1.1")})
		if got := g.Seats[0].Comps[CompII].rows(); got != ".../P.." {
			t.Fatalf("II is %q, want the book shelved pink", got)
		}
	})
	t.Run("a wand token gives a wand from the supply", func(t *testing.T) {
		g := newTestGame(t, 2)
		id, _ := giveToken(t, g, 0, TokenWand)
		ev := mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit})
		s := &g.Seats[0]
		if s.Wands != StartingWands+1 || s.WandSupply != WandsPerSeat-StartingWands-1 {
			t.Fatalf("wands %d, supply %d after a wand token", s.Wands, s.WandSupply)
		}
		if ev[len(ev)-1].Type != EvWandGained {
			t.Fatalf("events %+v, want a wand gained", ev)
		}
	})
	t.Run("a wand token with an empty supply can only become a candle", func(t *testing.T) {
		g := newTestGame(t, 2)
		g.Seats[0].WandSupply = 0
		id, _ := giveToken(t, g, 0, TokenWand)
		if _, err := g.Apply(Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit}); errCode(err) != CodeTokenNoWand {
			t.Fatalf("got %v, want no wand", err)
		}
		for _, a := range g.LegalActions(0) {
			if a.Item == id && a.Use == UseBenefit {
				t.Fatalf("the wand side is offered with an empty supply")
			}
		}
	})
	t.Run("a side-shelf token gives a side shelf to place", func(t *testing.T) {
		g := newTestGame(t, 2)
		id, _ := giveToken(t, g, 0, TokenSideShelf)
		mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit})
		shelves := heldOf(g, 0, ItemSideShelf)
		if len(shelves) != 1 {
			t.Fatalf("held %+v, want a side shelf", g.Seats[0].Held)
		}
		shelf := g.SideSupply[0]
		mustApply(t, g, Action{Type: ActSideShelf, Seat: 0, Item: shelves[0].ID, Shelf: shelf, Side: SideLeft})
		if c := g.Seats[0].Comps[CompLeft]; !c.Present || c.SideShelf != shelf {
			t.Fatalf("left slot %+v, want side shelf S%d", c, shelf)
		}
	})
	t.Run("a side-shelf token with two side shelves can only become a candle", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "L1:../.. R2:../../..")
		id, _ := giveToken(t, g, 0, TokenSideShelf)
		if _, err := g.Apply(Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit}); errCode(err) != CodeTokenSideShelvesFull {
			t.Fatalf("got %v, want no side shelf", err)
		}
	})
	t.Run("a pair token gives the paired set printed on it", func(t *testing.T) {
		g := newTestGame(t, 2)
		id, tok := giveToken(t, g, 0, TokenPair)
		mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseBenefit})
		pairs := heldOf(g, 0, ItemPair)
		want := g.Content.Tokens[tok].Colors
		if len(pairs) != 1 || pairs[0].Color != want[0] || pairs[0].Color2 != want[1] {
			t.Fatalf("held %+v, want the pair %v", g.Seats[0].Held, want)
		}
		mustApply(t, g, Action{Type: ActShelve, Seat: 0, Item: pairs[0].ID, At: pos(t, "IV.1.1")})
		if c := g.Seats[0].Comps[CompIV]; c.At(0, 0).Pair != PairLeft || c.At(0, 1).Pair != PairRight || c.Books() != 2 {
			t.Fatalf("IV is %q, want the pair at IV.1.1-2", c.rows())
		}
	})
}

func TestCandleSpaces(t *testing.T) {
	t.Run("the main shelf's candle spaces are worth their printed values", func(t *testing.T) {
		g := newTestGame(t, 2)
		printed := g.Content.Main.Candles
		sum := 0
		for k := range printed {
			id, tok := giveToken(t, g, 0, TokenBook)
			ev := mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseCandle, Candle: k})
			if ev[0].Type != EvCandlePlaced || ev[0].Candle != k || g.Seats[0].Candles[k] != tok {
				t.Fatalf("candle space %d: events %+v, slots %v", k+1, ev, g.Seats[0].Candles)
			}
			if v := g.CandleValue(0, k); v != printed[k] || v < 1 {
				t.Fatalf("candle space %d is worth %d, printed %d", k+1, v, printed[k])
			}
			sum += printed[k]
		}
		if r := g.Breakdown(0); r.Candles != sum {
			t.Fatalf("candles score %d, want %d", r.Candles, sum)
		}
	})
	t.Run("a side shelf's candle spaces are worth the values printed on it", func(t *testing.T) {
		g := newTestGame(t, 2)
		left, right := g.Content.SideShelves[0], g.Content.SideShelves[1]
		mustShelves(t, g, 0, "L"+itoa(left.ID)+":"+emptyRows(left)+" R"+itoa(right.ID)+":"+emptyRows(right))
		want := map[int]int{3: left.Candles[0], 4: left.Candles[1], 5: right.Candles[0], 6: right.Candles[1]}
		sum := 0
		for k, v := range want {
			if got := g.CandleValue(0, k); got != v {
				t.Fatalf("candle space %d is worth %d, want %d", k+1, got, v)
			}
			id, _ := giveToken(t, g, 0, TokenReshelve)
			mustApply(t, g, Action{Type: ActToken, Seat: 0, Item: id, Use: UseCandle, Candle: k})
			sum += v
		}
		if r := g.Breakdown(0); r.Candles != sum {
			t.Fatalf("candles score %d, want %d", r.Candles, sum)
		}
	})
	t.Run("a candle space that already holds a candle is refused", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "c=o..|--|--")
		id, _ := giveToken(t, g, 0, TokenWand)
		if _, err := g.Apply(Action{Type: ActToken, Seat: 0, Item: id, Use: UseCandle, Candle: 0}); errCode(err) != CodeCandleTaken {
			t.Fatalf("got %v, want no candle space", err)
		}
	})
	t.Run("a side shelf's candle space is refused while that side shelf is missing", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "L1:../..")
		id, _ := giveToken(t, g, 0, TokenWand)
		for _, k := range []int{5, 6, NumCandles, -1} {
			if _, err := g.Apply(Action{Type: ActToken, Seat: 0, Item: id, Use: UseCandle, Candle: k}); errCode(err) != CodeNoCandle {
				t.Fatalf("candle space %d: got %v, want no candle space", k+1, err)
			}
		}
	})
	t.Run("only empty candle spaces that exist are offered", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "L1:../.. c=.o.|.o|--")
		id, _ := giveToken(t, g, 0, TokenWand)
		var got []int
		for _, a := range g.LegalActions(0) {
			if a.Item == id && a.Use == UseCandle {
				got = append(got, a.Candle)
			}
		}
		if want := []int{0, 2, 3}; !slices.Equal(got, want) {
			t.Fatalf("candle spaces offered %v, want %v", got, want)
		}
	})
}

// emptyRows writes an empty side shelf's levels in the shelf notation.
func emptyRows(s SideShelfSpec) string {
	row := ""
	for x := 0; x < s.Width; x++ {
		row += "."
	}
	out := row
	for l := 1; l < s.Levels; l++ {
		out += "/" + row
	}
	return out
}

func TestDoneLosesWhatIsStillHeld(t *testing.T) {
	g := newTestGame(t, 2)
	give(g, 0, Item{Kind: ItemBook, Color: Teal})
	give(g, 0, Item{Kind: ItemPair, Color: Green, Color2: Pink})
	give(g, 0, Item{Kind: ItemSideShelf})
	give(g, 0, Item{Kind: ItemSpider})
	_, tok := giveToken(t, g, 0, TokenReshelve)
	g.Seats[0].Reshelves = 2
	used := len(g.Used)
	ev := mustApply(t, g, Action{Type: ActDone, Seat: 0})
	s := &g.Seats[0]
	if len(ev) < 1 || ev[0].Type != EvItemsLost || ev[0].N != 5 {
		t.Fatalf("events %+v, want five items lost", ev)
	}
	if len(s.Held) != 0 || s.Reshelves != 0 || s.Status != StatusDone {
		t.Fatalf("after done: held %v, reshelves %d, status %s", s.Held, s.Reshelves, s.Status)
	}
	if len(g.Used) != used+1 || g.Used[len(g.Used)-1] != tok {
		t.Fatalf("the undecided token did not go to the used pile: %v", g.Used)
	}
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
}

// testObjective adds an objective to a private copy of the game's content
// and returns its index.
func testObjective(t *testing.T, g *Game, kind ObjectiveKind, in []CompID, pattern string) int {
	t.Helper()
	p, err := ParsePattern(pattern)
	if err != nil {
		t.Fatal(err)
	}
	c := *g.Content
	c.Objectives = append(slices.Clone(c.Objectives), Objective{Code: "T01", Kind: kind, Points: 5, Reqs: []Requirement{{In: in, Pattern: p}}})
	g.Content = &c
	return len(c.Objectives) - 1
}

func TestObjectivePatterns(t *testing.T) {
	tests := []struct {
		name    string
		kind    ObjectiveKind
		in      []CompID
		pattern string
		shelves string
		want    bool
	}{
		{"a pattern on levels 2 and 3 of compartment V completes the objective",
			ObjectiveAnyCompartment, nil, "TV/KG", "V:TV./KG./PPP", true},
		{"a pattern on levels 2 and 3 with other books around it still counts",
			ObjectiveAnyCompartment, nil, "TV/KG", "V:PTV/PKG/PPP", true},
		{"a pattern at the bottom of V completes it too",
			ObjectiveAnyCompartment, nil, "TV/KG", "V:.../TV./KG.", true},
		{"the pattern's levels must be in order",
			ObjectiveAnyCompartment, nil, "TV/KG", "V:KG./TV./PPP", false},
		{"a named compartment's pattern on levels 2 and 3 counts",
			ObjectiveNamedCompartment, []CompID{CompV}, "T/K", "V:.T./.K./PPP", true},
		{"a pattern for compartment II does not count in compartment V",
			ObjectiveNamedCompartment, []CompID{CompII}, "TV", "V:.../.../TV.", false},
		{"a pattern for compartment II counts in compartment II",
			ObjectiveNamedCompartment, []CompID{CompII}, "TV", "II:.../.TV", true},
		{"a pattern for II or III counts in III",
			ObjectiveNamedCompartment, []CompID{CompII, CompIII}, "TV", "III:../TV", true},
		{"a pattern for II or III does not count in IV",
			ObjectiveNamedCompartment, []CompID{CompII, CompIII}, "TV", "IV:TV...", false},
		{"an any-compartment pattern counts on a side shelf",
			ObjectiveAnyCompartment, nil, "TV", "L3:.../TV.", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			o := testObjective(t, g, tc.kind, tc.in, tc.pattern)
			mustShelves(t, g, 0, tc.shelves)
			if got := g.Completes(0, o); got != tc.want {
				t.Fatalf("Completes on %s = %v, want %v", tc.shelves, got, tc.want)
			}
		})
	}
	for _, pack := range EmbeddedPacks() {
		t.Run(pack+"'s objectives are found on levels 2 and 3 of compartment V", func(t *testing.T) {
			objectivesAboveTheBottom(t, packGame(t, pack))
		})
		t.Run(pack+"'s named objectives do not count outside their compartments", func(t *testing.T) {
			namedObjectivesStayInTheirCompartments(t, packGame(t, pack))
		})
	}
}

// packGame starts a two-seat game of the given content pack.
func packGame(t *testing.T, pack string) *Game {
	t.Helper()
	c, err := Load(pack)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Config{Subjects: Colors[:2], Seed: 1, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func objectivesAboveTheBottom(t *testing.T, g *Game) {
	checked := 0
	for o, obj := range g.Content.Objectives {
		if len(obj.Reqs) != 1 {
			continue
		}
		r := obj.Reqs[0]
		if r.Pattern.Height != 2 || r.Pattern.Width > 3 || (len(r.In) > 0 && !slices.Contains(r.In, CompV)) {
			continue
		}
		// Level 1 holds a full row of one colour; the pattern stands on it.
		for _, filler := range Colors {
			mustShelves(t, g, 0, "V:.../.../"+string([]byte{filler.Letter(), filler.Letter(), filler.Letter()}))
			if g.Completes(0, o) {
				continue // the bottom row alone would match
			}
			v := &g.Seats[0].Comps[CompV]
			for row := 0; row < 2; row++ {
				for col := 0; col < 3; col++ {
					want := filler
					if col < r.Pattern.Width {
						if p := r.Pattern.At(row, col); p != NoColor && p != AnyColor {
							want = p
						}
					}
					v.Cells[(2-row)*v.Width+col] = Space{Color: want}
				}
			}
			if !matchAt(v, &r.Pattern, 1, 0) || !g.Completes(0, o) {
				t.Fatalf("%s is not found on levels 2-3 of V:%s", obj.Notation(), v.rows())
			}
			checked++
			break
		}
	}
	if checked == 0 {
		t.Fatal("no objective of the content has a two-level pattern that fits compartment V")
	}
	t.Logf("%d objectives found above the bottom level", checked)
}

func namedObjectivesStayInTheirCompartments(t *testing.T, g *Game) {
	checked := 0
	for o, obj := range g.Content.Objectives {
		if obj.Kind != ObjectiveNamedCompartment || len(obj.Reqs) != 1 {
			continue
		}
		r := obj.Reqs[0]
		for id := CompID(0); id < NumMainComps; id++ {
			c := &g.Seats[0].Comps[id]
			if slices.Contains(r.In, id) || r.Pattern.Width > c.Width || r.Pattern.Height > c.Levels {
				continue
			}
			mustShelves(t, g, 0, "")
			layOut(c, r.Pattern)
			if g.Completes(0, o) {
				t.Fatalf("%s counted in %s", obj.Notation(), id.Long())
			}
			mustShelves(t, g, 0, "")
			layOut(&g.Seats[0].Comps[r.In[0]], r.Pattern)
			if !g.Completes(0, o) {
				t.Fatalf("%s did not count in %s", obj.Notation(), r.In[0].Long())
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("the content has no named objective that fits another compartment")
	}
}

// layOut writes a pattern into a compartment from its bottom-left corner,
// with black books where the pattern does not mind, so the books obey the
// shelving rules.
func layOut(c *Compartment, p Pattern) {
	for row := 0; row < p.Height; row++ {
		for col := 0; col < p.Width; col++ {
			want := p.At(row, col)
			if want == NoColor || want == AnyColor {
				want = Black
			}
			c.Cells[(p.Height-1-row)*c.Width+col] = Space{Color: want}
		}
	}
}

func TestPhaseB(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:3], Seed: 21})
	deckB := len(g.Decks[1])
	for turn := 1; turn <= TurnsPerPhase; turn++ {
		pickAll(t, g)
		doneAll(t, g)
	}
	t.Run("deck B is dealt at the start of the sixth turn", func(t *testing.T) {
		if g.Phase != 1 || g.Turn != 1 || g.TurnNumber() != 6 || g.Step != StepPick {
			t.Fatalf("phase %d turn %d step %s, want phase B turn 1 picking", g.Phase, g.Turn, g.Step)
		}
		for i := range g.Seats {
			hand := g.Seats[i].Hand
			if len(hand) != HandSize {
				t.Fatalf("seat %d holds %d cards, want %d", i, len(hand), HandSize)
			}
			for _, c := range hand {
				if g.Content.Cards[c].Deck != 1 {
					t.Fatalf("seat %d holds %s from deck A in phase B", i, g.CardCode(c))
				}
			}
		}
		if len(g.Decks[1]) != deckB-HandSize*len(g.Seats) || g.DeckCounts[1] != len(g.Decks[1]) {
			t.Fatalf("deck B holds %d cards, want %d", len(g.Decks[1]), deckB-HandSize*len(g.Seats))
		}
	})
	t.Run("hands pass to the right in phase B", func(t *testing.T) {
		before := make([][]int, len(g.Seats))
		for i := range g.Seats {
			before[i] = slices.Clone(g.Seats[i].Hand)
		}
		pickAll(t, g)
		for i := range g.Seats {
			rest := slices.DeleteFunc(slices.Clone(before[i]), func(c int) bool { return c == g.Seats[i].Played })
			if to := g.RightOf(i); !slices.Equal(g.Seats[to].Hand, rest) {
				t.Fatalf("seat %d's hand did not go to seat %d on its right", i, to)
			}
		}
	})
}

func TestStartingWands(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:5], Seed: 4})
	for i, s := range g.Seats {
		t.Run("seat "+itoa(i)+" starts with 2 wands in hand and 4 in its supply", func(t *testing.T) {
			if s.Wands != 2 || s.WandSupply != 4 || StartingWands != 2 || WandsPerSeat != 6 {
				t.Fatalf("wands %d in hand, %d in supply", s.Wands, s.WandSupply)
			}
			if r := g.Breakdown(i); r.Wands != 2 {
				t.Fatalf("unused wands score %d, want 2", r.Wands)
			}
		})
	}
}

func TestFavouriteSubjectAdjacency(t *testing.T) {
	tests := []struct {
		name      string
		shelves   string
		favourite int
	}{
		{"two favourite books side by side both score", "IV:TT...", 2},
		{"two favourite books one above the other both score", "V:.../T../T..", 2},
		{"two favourite books touching only diagonally do not score", "V:.../KT./TK.", 0},
		{"a book touching a pair only diagonally does not score", "V:.../TK./KTT", 2},
		{"a lone favourite book does not score", "IV:T.K..", 0},
		{"a book of another subject in between breaks the contact", "IV:TKT..", 0},
		{"favourite books on both sides of the wall between III and IV do not touch", "III:../.T IV:T....", 0},
		{"favourite books on both sides of the wall between I and II do not touch", "I:...T II:.../T..", 0},
		{"a side shelf does not touch the main shelf", "I:T... L1:../.T", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2) // seat 0's subject is teal
			mustShelves(t, g, 0, tc.shelves)
			if r := g.Breakdown(0); r.Favorite != tc.favourite {
				t.Fatalf("favourite subject scores %d on %s, want %d", r.Favorite, tc.shelves, tc.favourite)
			}
		})
	}
}
