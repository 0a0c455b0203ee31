package atheneum

import (
	"fmt"
	"slices"
	"testing"
)

// Named tests for four families of rules that random play-outs used to be
// the only ones to reach: what a card's sections do at the reveal, the
// setup, a filled compartment emptied again, and a spider's rewards. They
// play testPack, which never changes, so the cards they name keep their
// sections.

// testGameAt returns a game of testPack with seats seats at the pick step
// of turn (1-10), every seat having picked the first card of its hand and
// finished at once in the turns before.
func testGameAt(t *testing.T, seats, turn int) *Game {
	t.Helper()
	c, err := Load(testPack)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Config{Subjects: Colors[:seats], Seed: 7, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	for g.TurnNumber() < turn {
		pickAll(t, g)
		doneAll(t, g)
	}
	return g
}

// dealFirst puts card codes[i] first in seat i's hand, swapping it with
// the card that was there (wherever the named card was: another hand or
// the deck).
func dealFirst(t *testing.T, g *Game, codes ...string) {
	t.Helper()
	for i, code := range codes {
		k, ok := g.Content.CardIndex(code)
		if !ok {
			t.Fatalf("no card %s", code)
		}
		first := &g.Seats[i].Hand[0]
		var at *int
		for j := range g.Seats {
			if x := slices.Index(g.Seats[j].Hand, k); x >= 0 {
				at = &g.Seats[j].Hand[x]
			}
		}
		if x := slices.Index(g.Decks[g.Phase], k); x >= 0 {
			at = &g.Decks[g.Phase][x]
		}
		if at == nil {
			t.Fatalf("card %s is neither in a hand nor in the deck", code)
		}
		*first, *at = *at, *first
	}
}

// finishGame ends the current turn and plays every later one without
// shelving anything, so the shelves reach final scoring as they are.
func finishGame(t *testing.T, g *Game) {
	t.Helper()
	doneAll(t, g)
	for g.Step != StepOver {
		pickAll(t, g)
		doneAll(t, g)
	}
}

func TestTheRevealHandsOutEverySection(t *testing.T) {
	tests := []struct {
		name  string
		seats int
		turn  int
		cards []string
		// prepare, when set, changes the game before the picks.
		prepare func(t *testing.T, g *Game)
		check   func(t *testing.T, g *Game, reveal []Event)
	}{
		{"a card's points are scored at the reveal by the seat its section names", 3, 1, []string{"A26", "A01", "A02"}, nil,
			func(t *testing.T, g *Game, reveal []Event) {
				// A26's blue section (+1) goes to the right of seat 0: seat 2.
				for i, want := range []int{0, 0, 1} {
					if got := g.Seats[i].CardPoints; got != want {
						t.Errorf("seat %d has %d card points, want %d", i, got, want)
					}
				}
				if !slices.ContainsFunc(reveal, func(e Event) bool {
					return e.Type == EvPoints && e.Seat == 2 && e.Points == 1 && e.Card == "A26"
				}) {
					t.Errorf("no event scores A26's point for seat 2: %+v", reveal)
				}
			}},
		{"a card's wand is taken at the reveal", 3, 1, []string{"A26", "A01", "A02"}, nil,
			func(t *testing.T, g *Game, _ []Event) {
				if s := g.Seats[0]; s.Wands != StartingWands+1 || s.WandSupply != WandsPerSeat-StartingWands-1 {
					t.Errorf("seat 0 holds %d wands with %d in its supply after playing A26", s.Wands, s.WandSupply)
				}
			}},
		{"with two players the opponent receives both outer sections", 2, 1, []string{"A26", "A01"}, nil,
			func(t *testing.T, g *Game, _ []Event) {
				from := func(seat, giver int) []Color {
					var out []Color
					for _, it := range heldOf(g, seat, ItemBook) {
						if it.From == giver {
							out = append(out, it.Color)
						}
					}
					return out
				}
				if got := from(1, 0); g.Seats[1].CardPoints != 1 || !slices.Equal(got, []Color{Pink}) {
					t.Errorf("seat 1 has %d points and books %v from seat 0, want A26's point and pink book", g.Seats[1].CardPoints, got)
				}
				// Seat 1 sits on both sides of seat 0: its blue (right)
				// section comes first, as from the seat on the left.
				if got := from(0, 1); !slices.Equal(got, []Color{Green, Purple}) {
					t.Errorf("seat 0 received books %v from seat 1, want A01's green and purple", got)
				}
			}},
		{"reshelving allowances from three cards add up", 3, 6, []string{"B01", "B16", "B17"}, nil,
			func(t *testing.T, g *Game, _ []Event) {
				// Seat 1: R2 of its own B16, R1 from the left of seat 0's B01
				// and R1 from the right of seat 2's B17.
				for i, want := range []int{3, 4, 2} {
					if got := g.Seats[i].Reshelves; got != want {
						t.Errorf("seat %d may reshelve %d books, want %d", i, got, want)
					}
				}
			}},
		{"a pooled reshelving allowance is spent taking books off and putting them back in any order", 3, 6, []string{"B01", "B16", "B17"}, nil,
			func(t *testing.T, g *Game, _ []Event) {
				mustShelves(t, g, 1, "I:TVGP")
				for _, step := range []struct {
					remove bool
					at     string
				}{{true, "I.1.4"}, {false, "IV.1.1"}, {true, "I.1.3"}, {true, "I.1.2"}, {false, "IV.1.2"}, {false, "IV.1.3"}, {true, "IV.1.3"}} {
					if step.remove {
						mustApply(t, g, Action{Type: ActRemove, Seat: 1, At: pos(t, step.at)})
						continue
					}
					var book Item
					for _, it := range heldOf(g, 1, ItemBook) {
						if it.Reshelved {
							book = it
						}
					}
					mustApply(t, g, Action{Type: ActShelve, Seat: 1, Item: book.ID, At: pos(t, step.at)})
				}
				if s := g.Seats[1]; s.Reshelves != 0 {
					t.Errorf("%d reshelves left after four books taken off", s.Reshelves)
				}
				if _, err := g.Apply(Action{Type: ActRemove, Seat: 1, At: pos(t, "I.1.1")}); errCode(err) != CodeNoReshelve {
					t.Errorf("a fifth book taken off: %v", err)
				}
			}},
		{"books never run out: a card gives its teal books with more teal books shelved than the box holds", 2, 1, []string{"A01", "A02"},
			func(t *testing.T, g *Game) {
				for i := range g.Seats {
					mustShelves(t, g, i, "I:TTTT II:TTT/TTT III:TT/TT IV:TTTTT V:TTT/TTT/TTT")
				}
			},
			func(t *testing.T, g *Game, _ []Event) {
				teal := 0
				for _, it := range heldOf(g, 0, ItemBook) {
					if it.Color == Teal {
						teal++
					}
				}
				if teal != 2 {
					t.Errorf("seat 0 holds %d teal books, want A01's two", teal)
				}
			}},
		{"a card's bonus token gives nothing when the bag and the used tokens are both empty", 3, 1, []string{"A23", "A24", "A25"},
			func(t *testing.T, g *Game) { g.Bag, g.Used = nil, nil },
			func(t *testing.T, g *Game, reveal []Event) {
				for i := range g.Seats {
					if held := heldOf(g, i, ItemToken); len(held) != 0 {
						t.Errorf("seat %d holds tokens %+v from an empty bag", i, held)
					}
				}
				if slices.ContainsFunc(reveal, func(e Event) bool { return e.Type == EvTokenDrawn || e.Type == EvBagRefilled }) {
					t.Errorf("a token was drawn from nothing: %+v", reveal)
				}
			}},
		{"bonus tokens are drawn at the reveal seat by seat in seat order", 3, 1, []string{"A23", "A24", "A25"}, nil,
			nil}, // checked below: it needs the game before the last pick
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := testGameAt(t, tc.seats, tc.turn)
			dealFirst(t, g, tc.cards...)
			if tc.prepare != nil {
				tc.prepare(t, g)
			}
			before := g.Clone()
			var reveal []Event
			for i := range g.Seats {
				ev := mustApply(t, g, Action{Type: ActPick, Seat: i, Card: tc.cards[i]})
				if i < len(g.Seats)-1 && len(ev) != 1 {
					t.Fatalf("seat %d's pick did more than pick: %+v", i, ev)
				}
				reveal = ev
			}
			if g.Step != StepResolve {
				t.Fatalf("step %s after every pick", g.Step)
			}
			if tc.check != nil {
				tc.check(t, g, reveal)
				return
			}
			// Each seat's own A23-A25 draws one token: the draws must be
			// the generator's next three, seat 0 first.
			bag := len(before.Bag)
			var want []int
			for i := range before.Seats {
				tok, _ := before.drawToken(i, nil)
				want = append(want, tok)
			}
			var drawn, seats []int
			for _, e := range reveal {
				if e.Type == EvTokenDrawn {
					drawn, seats = append(drawn, e.Token), append(seats, e.Seat)
				}
			}
			if !slices.Equal(drawn, want) || !slices.Equal(seats, []int{0, 1, 2}) {
				t.Fatalf("tokens %v drawn by seats %v, want %v by 0, 1, 2", drawn, seats, want)
			}
			for i, tok := range want {
				if held := heldOf(g, i, ItemToken); len(held) != 1 || held[0].Token != tok {
					t.Errorf("seat %d holds tokens %+v, want %d", i, held, tok)
				}
			}
			if len(g.Bag) != bag-3 {
				t.Errorf("the bag went from %d to %d tokens", bag, len(g.Bag))
			}
		})
	}
}

func TestANewGameIsSetUpAsTheRulebookSays(t *testing.T) {
	checks := []struct {
		name  string
		check func(t *testing.T, g *Game, seed uint64)
	}{
		{"every main compartment holds a spider and no side shelf is placed", func(t *testing.T, g *Game, _ uint64) {
			for i := range g.Seats {
				for id := CompID(0); id < NumComps; id++ {
					c := g.Seats[i].Comps[id]
					if want := !id.IsSide(); c.Present != want || c.Spider != want || c.Books() != 0 {
						t.Errorf("seat %d, %s: present %v, spider %v, %d books", i, id.Long(), c.Present, c.Spider, c.Books())
					}
				}
			}
		}},
		{"four different objectives lie face up in the row, with no wand on them", func(t *testing.T, g *Game, _ uint64) {
			seen := map[int]bool{}
			for k, slot := range g.Row {
				if slot.Objective < 0 || seen[slot.Objective] || slices.Contains(g.ObjectiveDeck, slot.Objective) || len(slot.Wands) > 0 {
					t.Errorf("slot %d: %+v", k, slot)
				}
				seen[slot.Objective] = true
			}
			if len(g.ObjectiveDeck)+RowSize != len(g.Content.Objectives) || len(g.ObjectiveDiscard) != 0 {
				t.Errorf("%d objectives in the deck and %d discarded", len(g.ObjectiveDeck), len(g.ObjectiveDiscard))
			}
		}},
		{"the first objective drawn lies in the rightmost slot", func(t *testing.T, g *Game, seed uint64) {
			// NewGame shuffles deck A, deck B, then the objectives.
			r := rng{state: seed}
			for d := 0; d < 2; d++ {
				var deck []int
				for k := range g.Content.Cards {
					if g.Content.Cards[k].Deck == d {
						deck = append(deck, k)
					}
				}
				shuffle(&r, deck)
			}
			order := make([]int, len(g.Content.Objectives))
			for i := range order {
				order[i] = i
			}
			shuffle(&r, order)
			for k := 0; k < RowSize; k++ {
				if got := g.Row[RowSize-1-k].Objective; got != order[k] {
					t.Errorf("draw %d lies in slot %d as %d, want %d", k+1, RowSize-k, got, order[k])
				}
			}
		}},
		{"every seat holds six cards of deck A and is picking in the first turn", func(t *testing.T, g *Game, _ uint64) {
			if g.Phase != 0 || g.Turn != 1 || g.Step != StepPick {
				t.Errorf("phase %s, turn %d, step %s", g.PhaseName(), g.Turn, g.Step)
			}
			for i, s := range g.Seats {
				if len(s.Hand) != HandSize || s.Status != StatusPicking || s.Pick != -1 || s.Played != -1 {
					t.Errorf("seat %d: hand %v, status %s", i, s.Hand, s.Status)
				}
				for _, k := range s.Hand {
					if g.Content.Cards[k].Deck != 0 {
						t.Errorf("seat %d holds %s of deck B", i, g.CardCode(k))
					}
				}
			}
		}},
		{"every seat starts with two wands in hand, four in its supply, no points and no candle", func(t *testing.T, g *Game, _ uint64) {
			for i, s := range g.Seats {
				if s.Wands != 2 || s.WandSupply != 4 || s.Score() != 0 || slices.ContainsFunc(s.Candles[:], func(c int) bool { return c >= 0 }) {
					t.Errorf("seat %d: %d wands, %d in supply, %d points, candles %v", i, s.Wands, s.WandSupply, s.Score(), s.Candles)
				}
			}
		}},
		{"the bag holds every bonus token and the supply every side shelf", func(t *testing.T, g *Game, _ uint64) {
			if len(g.Bag) != len(g.Content.Tokens) || len(g.Used) != 0 || len(g.SideSupply) != len(g.Content.SideShelves) {
				t.Errorf("%d tokens in the bag, %d used, %d side shelves in the supply", len(g.Bag), len(g.Used), len(g.SideSupply))
			}
		}},
	}
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		seed := uint64(100 + seats)
		g, err := NewGame(Config{Subjects: Colors[:seats], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range checks {
			t.Run(fmt.Sprintf("with %d players, %s", seats, c.name), func(t *testing.T) { c.check(t, g, seed) })
		}
	}
}

func TestAFilledCompartmentEmptiedAndNotRefilledScoresNothing(t *testing.T) {
	type step struct {
		remove bool
		at     string
	}
	tests := []struct {
		name    string
		shelves string
		// reshelves is the seat's allowance for the turn.
		reshelves int
		// books are shelved, in order, before the steps.
		books   []string
		steps   []step
		comp    CompID
		full    bool
		spiders int
	}{
		{"a compartment filled and left full scores its value", "III*:../TT", 0,
			[]string{"III.2.1", "III.2.2"}, nil, CompIII, true, 1},
		{"a compartment filled, then emptied by a reshelve and not refilled, scores nothing", "III*:../TT", 1,
			[]string{"III.2.1", "III.2.2"}, []step{{true, "III.2.2"}, {false, "I.1.1"}}, CompIII, false, 1},
		{"a compartment emptied and filled again scores its value but gives no second spider", "III*:../TT", 1,
			[]string{"III.2.1", "III.2.2"}, []step{{true, "III.2.2"}, {false, "III.2.2"}}, CompIII, true, 1},
		{"a compartment full from an earlier turn, emptied and not refilled, scores nothing", "V:TTT/TTT/TTT", 1,
			nil, []step{{true, "V.3.3"}, {false, "I.1.1"}}, CompV, false, 0},
		{"a side shelf filled, then emptied and not refilled, scores nothing", "L4*:./T/T", 1,
			[]string{"L.3.1"}, []step{{true, "L.3.1"}, {false, "I.1.1"}}, CompLeft, false, 1},
		{"a side shelf filled and left full scores its value", "L4*:./T/T", 0,
			[]string{"L.3.1"}, nil, CompLeft, true, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			mustShelves(t, g, 0, tc.shelves)
			if tc.comp == CompLeft {
				g.SideSupply = slices.DeleteFunc(g.SideSupply, func(id int) bool { return id == 4 })
			}
			g.Seats[0].Reshelves = tc.reshelves
			spiders := 0
			count := func(ev []Event) {
				for _, e := range ev {
					if e.Type == EvSpiderCaptured {
						spiders++
					}
				}
			}
			for _, at := range tc.books {
				id := give(g, 0, Item{Kind: ItemBook, Color: Green})
				count(mustApply(t, g, Action{Type: ActShelve, Seat: 0, Item: id, At: pos(t, at)}))
			}
			for _, s := range tc.steps {
				if s.remove {
					count(mustApply(t, g, Action{Type: ActRemove, Seat: 0, At: pos(t, s.at)}))
					continue
				}
				var book Item
				for _, it := range heldOf(g, 0, ItemBook) {
					if it.Reshelved {
						book = it
					}
				}
				count(mustApply(t, g, Action{Type: ActShelve, Seat: 0, Item: book.ID, At: pos(t, s.at)}))
			}
			value := g.CompValue(0, tc.comp)
			finishGame(t, g)
			want := 0
			if tc.full {
				want = value
			}
			if r := g.Results[slices.IndexFunc(g.Results, func(r Result) bool { return r.Seat == 0 })]; r.Compartments != want {
				t.Errorf("filled compartments score %d at the end, want %d (%s)", r.Compartments, want, g.Shelves(0))
			}
			if spiders != tc.spiders {
				t.Errorf("%d spiders captured, want %d", spiders, tc.spiders)
			}
		})
	}
}

func TestASpidersRewardIsTaken(t *testing.T) {
	// capture fills compartment III of seat 0 and returns the spider's
	// reward item.
	capture := func(t *testing.T, g *Game) int {
		t.Helper()
		id := give(g, 0, Item{Kind: ItemBook, Color: Teal})
		ev := mustApply(t, g, Action{Type: ActShelve, Seat: 0, Item: id, At: pos(t, "III.2.2")})
		rewards := heldOf(g, 0, ItemSpider)
		if len(rewards) != 1 || ev[len(ev)-1].Type != EvSpiderCaptured {
			t.Fatalf("filling III: events %+v, rewards %+v", ev, rewards)
		}
		return rewards[0].ID
	}
	offered := func(g *Game, item int, r Reward) bool {
		return slices.Contains(g.LegalActions(0), Action{Type: ActReward, Seat: 0, Item: item, Reward: r})
	}
	tests := []struct {
		name    string
		shelves string
		prepare func(g *Game)
		reward  Reward
		refusal ErrorCode
		check   func(t *testing.T, g, before *Game, ev []Event)
	}{
		{"a token reward draws a bonus token from the bag at once", "III*:T./TT", nil, RewardToken, "",
			func(t *testing.T, g, before *Game, ev []Event) {
				bag := len(before.Bag)
				tok, _ := before.drawToken(0, nil)
				held := heldOf(g, 0, ItemToken)
				if len(held) != 1 || held[0].Token != tok || len(g.Bag) != bag-1 {
					t.Errorf("held %+v, bag %d → %d, want token %d", held, bag, len(g.Bag), tok)
				}
				if !slices.ContainsFunc(ev, func(e Event) bool { return e.Type == EvTokenDrawn && e.Token == tok }) {
					t.Errorf("no event shows the token drawn: %+v", ev)
				}
			}},
		{"a token reward, once drawn, cannot be undone, nor anything before it", "III*:T./TT", nil, RewardToken, "",
			func(t *testing.T, g, _ *Game, _ []Event) {
				if _, err := g.Apply(Action{Type: ActUndo, Seat: 0}); errCode(err) != CodeNothingUndo {
					t.Errorf("undo after the draw: %v", err)
				}
			}},
		{"a token reward refills an empty bag from the used tokens", "III*:T./TT",
			func(g *Game) { g.Used, g.Bag = append(g.Used, g.Bag...), nil }, RewardToken, "",
			func(t *testing.T, g, before *Game, ev []Event) {
				if len(heldOf(g, 0, ItemToken)) != 1 || len(g.Bag) != len(before.Used)-1 || len(g.Used) != 0 {
					t.Errorf("bag %d, used %d, held %+v", len(g.Bag), len(g.Used), g.Seats[0].Held)
				}
			}},
		{"a token reward is neither offered nor accepted when no token is left anywhere", "III*:T./TT",
			func(g *Game) { g.Bag, g.Used = nil, nil }, RewardToken, CodeRewardNoToken, nil},
		{"a side-shelf reward gives a side shelf to place, which brings its own spider", "III*:T./TT", nil, RewardSideShelf, "",
			func(t *testing.T, g, _ *Game, _ []Event) {
				shelf := heldOf(g, 0, ItemSideShelf)
				if len(shelf) != 1 {
					t.Fatalf("held %+v, want a side shelf", g.Seats[0].Held)
				}
				mustApply(t, g, Action{Type: ActSideShelf, Seat: 0, Item: shelf[0].ID, Shelf: 5, Side: SideRight})
				if c := g.Seats[0].Comps[CompRight]; !c.Present || !c.Spider || c.SideShelf != 5 || slices.Contains(g.SideSupply, 5) {
					t.Errorf("right side shelf %+v, supply %v", c, g.SideSupply)
				}
			}},
		{"a side-shelf reward is neither offered nor accepted with two side shelves", "III*:T./TT L1:../.. R2:../../..", nil,
			RewardSideShelf, CodeRewardSideShelvesFull, nil},
		{"a side-shelf reward is neither offered nor accepted when the supply is empty", "III*:T./TT",
			func(g *Game) { g.SideSupply = nil }, RewardSideShelf, CodeRewardSideSupplyEmpty, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			mustShelves(t, g, 0, tc.shelves)
			if tc.prepare != nil {
				tc.prepare(g)
			}
			item := capture(t, g)
			if got := offered(g, item, tc.reward); got != (tc.refusal == "") {
				t.Fatalf("the %s reward is offered: %v", tc.reward, got)
			}
			before := g.Clone()
			ev, err := g.Apply(Action{Type: ActReward, Seat: 0, Item: item, Reward: tc.reward})
			if errCode(err) != tc.refusal {
				t.Fatalf("choosing the %s reward: %v, want refusal %q", tc.reward, err, tc.refusal)
			}
			if tc.refusal != "" {
				if len(heldOf(g, 0, ItemSpider)) != 1 {
					t.Errorf("a refused reward was spent")
				}
				return
			}
			if len(heldOf(g, 0, ItemSpider)) != 0 {
				t.Errorf("the reward is still held after it was chosen")
			}
			tc.check(t, g, before, ev)
		})
	}
}
