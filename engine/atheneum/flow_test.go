package atheneum

import (
	"slices"
	"testing"
)

// pickAll makes every seat pick the first card of its hand.
func pickAll(t *testing.T, g *Game) []Event {
	t.Helper()
	var all []Event
	for i := range g.Seats {
		ev, err := g.Apply(Action{Type: ActPick, Seat: i, Card: g.CardCode(g.Seats[i].Hand[0])})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ev...)
	}
	return all
}

// doneAll finishes the resolve step for every seat.
func doneAll(t *testing.T, g *Game) []Event {
	t.Helper()
	var all []Event
	for i := range g.Seats {
		if g.Seats[i].Status == StatusDone {
			continue
		}
		ev, err := g.Apply(Action{Type: ActDone, Seat: i})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ev...)
	}
	return all
}

func TestFinalScoringMatchesTheRulebookExample(t *testing.T) {
	g := newTestGame(t, 2)
	s := &g.Seats[0]
	s.CardPoints, s.ObjectivePoints = 10, 24 // 34 points during play
	s.Wands = 1
	// Teal is seat 0's subject: 4 in I, 2 in III and 3 in the left side
	// shelf touch another teal book; the lone teal in V does not count.
	// Full: I (3), III (2), S3 (6) and S8 (6) = 17. Candles: 3+2+4 = 9.
	mustShelves(t, g, 0, "I:TTTT II:.../KV. III:TT/KK IV:G.... V:.../.../T.K L3:TTT/GKV R8:VK/GP/KV c=ooo|..|..")
	r := g.Breakdown(0)
	want := Result{Seat: 0, Cards: 10, Objectives: 24, Favorite: 9, Compartments: 17, Candles: 9, Wands: 1, Total: 70, Books: 25, FavoriteBooks: 10}
	if r != want {
		t.Fatalf("breakdown %+v\nwant      %+v", r, want)
	}
}

func TestFavouriteSubjectAdjacencyStopsAtCompartmentWalls(t *testing.T) {
	g := newTestGame(t, 2)
	// The teal book at the right end of III and the one at the left end of
	// IV sit side by side on the printed shelf but in different compartments.
	mustShelves(t, g, 0, "III:../.T IV:T.... V:.../T../T..")
	if r := g.Breakdown(0); r.Favorite != 2 || r.FavoriteBooks != 4 {
		t.Fatalf("favourite %d of %d teal books, want 2 of 4 (only the stacked pair in V)", r.Favorite, r.FavoriteBooks)
	}
}

func TestNeighboursAndSections(t *testing.T) {
	for _, n := range []int{2, 3, 5} {
		g, _ := NewGame(Config{Subjects: Colors[:n], Seed: 3})
		ev := pickAll(t, g)
		for i := range g.Seats {
			from := map[int]int{}
			for _, e := range ev {
				if e.Type == EvReceived && e.Seat == i {
					from[e.From]++
				}
			}
			card := func(seat int) *Card { return &g.Content.Cards[g.Seats[seat].Played] }
			want := map[int]int{i: len(card(i).Sections[SectionSelf])}
			want[g.LeftOf(i)] += len(card(g.LeftOf(i)).Sections[SectionToRight])
			want[g.RightOf(i)] += len(card(g.RightOf(i)).Sections[SectionToLeft])
			for k, v := range want {
				if from[k] != v {
					t.Errorf("%d seats: seat %d received %d benefits from seat %d, want %d", n, i, from[k], k, v)
				}
			}
			if n == 2 && g.LeftOf(i) != g.RightOf(i) {
				t.Errorf("with two players the opponent must be both neighbours")
			}
		}
	}
}

func TestHandsPassLeftInPhaseAAndRightInPhaseB(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:3], Seed: 9})
	for turn := 1; turn <= 2*TurnsPerPhase; turn++ {
		before := make([][]int, len(g.Seats))
		for i := range g.Seats {
			before[i] = slices.Clone(g.Seats[i].Hand)
		}
		discard := len(g.Discard)
		pickAll(t, g)
		for i := range g.Seats {
			rest := slices.DeleteFunc(slices.Clone(before[i]), func(c int) bool { return c == g.Seats[i].Played })
			if g.Turn == TurnsPerPhase {
				if len(g.Seats[i].Hand) != 0 {
					t.Fatalf("turn %d: seat %d kept %d cards; the last card must be discarded", turn, i, len(g.Seats[i].Hand))
				}
				continue
			}
			to := g.LeftOf(i)
			if g.Phase == 1 {
				to = g.RightOf(i)
			}
			if !slices.Equal(g.Seats[to].Hand, rest) {
				t.Fatalf("turn %d: seat %d's hand went elsewhere than seat %d", turn, i, to)
			}
		}
		if g.Turn == TurnsPerPhase && len(g.Discard) != discard+len(g.Seats) {
			t.Fatalf("turn %d: %d cards discarded at reveal, want %d", turn, len(g.Discard)-discard, len(g.Seats))
		}
		doneAll(t, g)
	}
	if g.Step != StepOver || len(g.Results) != 3 {
		t.Fatalf("after ten turns: step %s with %d results", g.Step, len(g.Results))
	}
}

// satisfy writes an objective's patterns into seat's compartments, each
// pattern's bounding box filled from the bottom-left corner so the books
// obey the shelving rules.
func satisfy(t *testing.T, g *Game, seat, o int) {
	t.Helper()
	used := map[CompID]bool{}
	for _, r := range g.Content.Objectives[o].Reqs {
		comps := r.In
		if len(comps) == 0 {
			comps = []CompID{CompV, CompII, CompIII, CompIV, CompI}
		}
		placed := false
		for _, id := range comps {
			c := &g.Seats[seat].Comps[id]
			if used[id] || r.Pattern.Width > c.Width || r.Pattern.Height > c.Levels {
				continue
			}
			for row := 0; row < r.Pattern.Height; row++ {
				for col := 0; col < r.Pattern.Width; col++ {
					want := r.Pattern.At(row, col)
					if want == NoColor || want == AnyColor {
						want = Black
					}
					c.Cells[(r.Pattern.Height-1-row)*c.Width+col] = Space{Color: want}
				}
			}
			used[id], placed = true, true
			break
		}
		if !placed {
			t.Fatalf("cannot lay out %s", g.Content.Objectives[o].Notation())
		}
	}
}

func TestScoredObjectiveLeavesTheRowAndItsWandsReturnToTheSupply(t *testing.T) {
	g := newTestGame(t, 3)
	leaving := g.Row[RowSize-1].Objective
	code := g.Content.Objectives[leaving].Code
	satisfy(t, g, 1, leaving)
	row := g.Row
	ev, err := g.Apply(Action{Type: ActScore, Seat: 1, Objective: code})
	if err != nil {
		t.Fatal(err)
	}
	s := &g.Seats[1]
	if s.Wands != StartingWands-1+boolInt(g.Content.Objectives[leaving].Wand) || ev[0].Points != g.Content.Objectives[leaving].Points {
		t.Fatalf("after scoring: %d wands, events %+v", s.Wands, ev)
	}
	if _, err := g.Apply(Action{Type: ActShelve, Seat: 1, Item: 1, At: Pos{CompI, 0, 0}}); errCode(err) != CodeScoring && errCode(err) != CodeNoSuchItem {
		t.Fatalf("shelving after scoring: %v", err)
	}
	supply := s.WandSupply
	doneAll(t, g)
	if s.WandSupply != supply+1 {
		t.Fatalf("wand supply %d after the objective left, want %d", s.WandSupply, supply+1)
	}
	if s.Wands+s.WandSupply != WandsPerSeat {
		t.Fatalf("the wand went back to the player's hand, not the supply")
	}
	for k := 1; k < RowSize; k++ {
		if g.Row[k].Objective != row[k-1].Objective {
			t.Fatalf("slot %d holds %d, want %d: the row must slide right", k, g.Row[k].Objective, row[k-1].Objective)
		}
	}
	if g.Row[0].Objective < 0 || slices.Contains(g.ObjectiveDiscard, g.Row[0].Objective) {
		t.Fatalf("a new objective must fill the left slot")
	}
	if !slices.Contains(g.ObjectiveDiscard, leaving) {
		t.Fatalf("the rightmost objective must be discarded")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestScoringRules(t *testing.T) {
	t.Run("an objective needs a wand", func(t *testing.T) {
		g := newTestGame(t, 2)
		o := g.Row[0].Objective
		satisfy(t, g, 0, o)
		g.Seats[0].Wands = 0
		if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: g.Content.Objectives[o].Code}); errCode(err) != CodeNoWand {
			t.Fatalf("got %v, want no wand", err)
		}
	})
	t.Run("an objective is scored once per seat", func(t *testing.T) {
		g := newTestGame(t, 2)
		o := g.Row[0].Objective
		satisfy(t, g, 0, o)
		code := g.Content.Objectives[o].Code
		if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: code}); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: code}); errCode(err) != CodeObjectiveScored {
			t.Fatalf("got %v, want already scored", err)
		}
	})
	t.Run("an uncompleted objective is refused", func(t *testing.T) {
		g := newTestGame(t, 2)
		if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: g.Content.Objectives[g.Row[0].Objective].Code}); errCode(err) != CodeObjectiveIncomplete {
			t.Fatalf("got %v, want not completed", err)
		}
	})
	t.Run("an objective outside the row is refused", func(t *testing.T) {
		g := newTestGame(t, 2)
		if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: g.Content.Objectives[g.ObjectiveDeck[0]].Code}); errCode(err) != CodeObjectiveNotInRow {
			t.Fatalf("got %v, want not in the row", err)
		}
	})
	t.Run("a wand reward can pay for the next objective", func(t *testing.T) {
		g := newTestGame(t, 2)
		var reward, other int = -1, -1
		for _, o := range g.ObjectiveDeck {
			if g.Content.Objectives[o].Wand && reward < 0 {
				reward = o
			} else if !g.Content.Objectives[o].Wand && other < 0 && len(g.Content.Objectives[o].Reqs) == 1 && len(g.Content.Objectives[o].Reqs[0].In) == 1 {
				other = o
			}
		}
		g.Row[0].Objective, g.Row[1].Objective = reward, other
		mustShelves(t, g, 0, "I:....")
		satisfy(t, g, 0, other)
		satisfy(t, g, 0, reward)
		if !g.Completes(0, other) || !g.Completes(0, reward) {
			t.Skip("the chosen objectives overlap on this seed")
		}
		g.Seats[0].Wands = 1
		for _, o := range []int{reward, other} {
			if _, err := g.Apply(Action{Type: ActScore, Seat: 0, Objective: g.Content.Objectives[o].Code}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestEmptyWandSupplyLosesTheWand(t *testing.T) {
	g := newTestGame(t, 2)
	g.Seats[0].WandSupply = 0
	ev := g.grant(0, Benefit{Kind: BenefitWand}, 0, nil)
	if g.Seats[0].Wands != StartingWands || len(ev) != 1 || ev[0].Type != EvWandLost {
		t.Fatalf("wands %d, events %+v", g.Seats[0].Wands, ev)
	}
	g.Seats[0].WandSupply = 1
	g.grant(0, Benefit{Kind: BenefitWand}, 0, nil)
	if g.Seats[0].Wands != StartingWands+1 || g.Seats[0].WandSupply != 0 {
		t.Fatalf("a wand from a non-empty supply was not taken")
	}
	id := give(g, 0, Item{Kind: ItemSpider})
	if _, err := g.Apply(Action{Type: ActReward, Seat: 0, Item: id, Reward: RewardWand}); errCode(err) != CodeRewardNoWand {
		t.Fatalf("a spider's wand from an empty supply: %v", err)
	}
}

func TestSideShelves(t *testing.T) {
	t.Run("a third side shelf is lost", func(t *testing.T) {
		g := newTestGame(t, 2)
		mustShelves(t, g, 0, "L1:../.. R2:../../..")
		ev := g.grant(0, Benefit{Kind: BenefitSideShelf}, 0, nil)
		if len(ev) != 1 || ev[0].Type != EvSideShelfLost || len(g.Seats[0].Held) != 0 {
			t.Fatalf("events %+v, held %v", ev, g.Seats[0].Held)
		}
		id := give(g, 0, Item{Kind: ItemSpider})
		for _, a := range g.LegalActions(0) {
			if a.Item == id && a.Reward == RewardSideShelf {
				t.Fatalf("a side shelf is offered as a spider's reward to a seat with two")
			}
		}
	})
	t.Run("a side shelf is placed with a spider and leaves the supply", func(t *testing.T) {
		g := newTestGame(t, 2)
		id := give(g, 0, Item{Kind: ItemSideShelf})
		if _, err := g.Apply(Action{Type: ActSideShelf, Seat: 0, Item: id, Shelf: 6, Side: SideRight}); err != nil {
			t.Fatal(err)
		}
		c := g.Seats[0].Comps[CompRight]
		if !c.Present || !c.Spider || c.Width != 2 || c.Levels != 4 || slices.Contains(g.SideSupply, 6) {
			t.Fatalf("right slot %+v, supply %v", c, g.SideSupply)
		}
		id = give(g, 0, Item{Kind: ItemSideShelf})
		if _, err := g.Apply(Action{Type: ActSideShelf, Seat: 0, Item: id, Shelf: 3, Side: SideRight}); errCode(err) != CodeSideTaken {
			t.Fatalf("a second shelf on the same side: %v", err)
		}
		if _, err := g.Apply(Action{Type: ActUndo, Seat: 0}); err != nil {
			t.Fatal(err)
		}
		if g.Seats[0].Comps[CompRight].Present || !slices.Contains(g.SideSupply, 6) {
			t.Fatalf("undo did not give the side shelf back")
		}
	})
}

func TestSpiderIsCapturedOnceOnly(t *testing.T) {
	g := newTestGame(t, 2)
	mustShelves(t, g, 0, "III*:../TT")
	shelve := func(color Color, at string) []Event {
		id := give(g, 0, Item{Kind: ItemBook, Color: color})
		ev, err := g.Apply(Action{Type: ActShelve, Seat: 0, Item: id, At: pos(t, at)})
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	shelve(Green, "III.2.1")
	ev := shelve(Green, "III.2.2")
	if len(ev) != 2 || ev[1].Type != EvSpiderCaptured || g.Seats[0].Comps[CompIII].Spider {
		t.Fatalf("filling III: events %+v", ev)
	}
	var reward int
	for _, it := range g.Seats[0].Held {
		if it.Kind == ItemSpider {
			reward = it.ID
		}
	}
	if _, err := g.Apply(Action{Type: ActReward, Seat: 0, Item: reward, Reward: RewardBook}); err != nil {
		t.Fatal(err)
	}
	g.Seats[0].Reshelves = 1
	if _, err := g.Apply(Action{Type: ActRemove, Seat: 0, At: pos(t, "III.2.2")}); err != nil {
		t.Fatal(err)
	}
	if ev := shelve(Pink, "III.2.2"); len(ev) != 1 {
		t.Fatalf("refilling III captured again: %+v", ev)
	}
}

func TestPairedSetCostsTwoReshelves(t *testing.T) {
	g := newTestGame(t, 2)
	mustShelves(t, g, 0, "IV:gp...")
	g.Seats[0].Reshelves = 1
	if _, err := g.Apply(Action{Type: ActRemove, Seat: 0, At: pos(t, "IV.1.2")}); errCode(err) != CodePairReshelve {
		t.Fatalf("removing a pair with one reshelve: %v", err)
	}
	g.Seats[0].Reshelves = 3
	if _, err := g.Apply(Action{Type: ActRemove, Seat: 0, At: pos(t, "IV.1.2")}); err != nil {
		t.Fatal(err)
	}
	s := &g.Seats[0]
	if s.Reshelves != 1 || len(s.Held) != 1 || s.Held[0].Kind != ItemPair || s.Held[0].Color != Green || s.Held[0].Color2 != Pink {
		t.Fatalf("after removing the pair: reshelves %d, held %+v", s.Reshelves, s.Held)
	}
	if _, err := g.Apply(Action{Type: ActShelve, Seat: 0, Item: s.Held[0].ID, Flip: true, At: pos(t, "IV.1.4")}); err != nil {
		t.Fatal(err)
	}
	if got := s.Comps[CompIV].rows(); got != "...pg" {
		t.Fatalf("IV = %q after shelving the pair turned around, want ...pg", got)
	}
}

func TestBagRefillsFromUsedTokens(t *testing.T) {
	g := newTestGame(t, 2)
	g.Used = append(g.Used, g.Bag...)
	g.Bag = nil
	n := len(g.Used)
	tok, ev := g.drawToken(0, nil)
	if tok < 0 || len(ev) != 2 || ev[0].Type != EvBagRefilled || len(g.Bag) != n-1 || len(g.Used) != 0 {
		t.Fatalf("token %d, events %+v, bag %d, used %d", tok, ev, len(g.Bag), len(g.Used))
	}
}

func TestTieBreaks(t *testing.T) {
	tests := []struct {
		name    string
		results []Result
		ranks   []int
	}{
		{"the higher total wins", []Result{{Seat: 0, Total: 50}, {Seat: 1, Total: 51}}, []int{2, 1}},
		{"equal totals go to the seat with more shelved books", []Result{{Seat: 0, Total: 50, Books: 20}, {Seat: 1, Total: 50, Books: 22}}, []int{2, 1}},
		{"then to the seat with more favourite-subject books", []Result{{Seat: 0, Total: 50, Books: 20, FavoriteBooks: 7}, {Seat: 1, Total: 50, Books: 20, FavoriteBooks: 5}}, []int{1, 2}},
		{"otherwise the victory is shared", []Result{{Seat: 0, Total: 50, Books: 20, FavoriteBooks: 5}, {Seat: 1, Total: 50, Books: 20, FavoriteBooks: 5}, {Seat: 2, Total: 10}}, []int{1, 1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range Rank(tc.results) {
				if r.Rank != tc.ranks[r.Seat] {
					t.Fatalf("seat %d ranked %d, want %d", r.Seat, r.Rank, tc.ranks[r.Seat])
				}
			}
		})
	}
}

func TestStepsRefuseActionsOutOfTurn(t *testing.T) {
	g, _ := NewGame(Config{Subjects: Colors[:2], Seed: 1})
	tests := []struct {
		name string
		a    Action
		want ErrorCode
	}{
		{"shelving during the pick step is refused", Action{Type: ActShelve, Seat: 0, Item: 1}, CodeNotResolving},
		{"a card not in hand is refused", Action{Type: ActPick, Seat: 0, Card: "Z99"}, CodeNotInHand},
		{"another seat's card is refused", Action{Type: ActPick, Seat: 0, Card: g.CardCode(g.Seats[1].Hand[0])}, CodeNotInHand},
		{"a seat that does not exist is refused", Action{Type: ActPick, Seat: 7, Card: "A01"}, CodeNoSuchSeat},
		{"an unknown action is refused", Action{Type: "teleport", Seat: 0}, CodeUnknownAction},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := g.Apply(tc.a); errCode(err) != tc.want {
				t.Fatalf("got %v, want %s", err, tc.want)
			}
		})
	}
	t.Run("a pick can be changed until the last seat picks", func(t *testing.T) {
		g, _ := NewGame(Config{Subjects: Colors[:2], Seed: 1})
		for _, c := range g.Seats[0].Hand[:2] {
			if _, err := g.Apply(Action{Type: ActPick, Seat: 0, Card: g.CardCode(c)}); err != nil {
				t.Fatal(err)
			}
		}
		second := g.Seats[0].Hand[1]
		g.Apply(Action{Type: ActPick, Seat: 1, Card: g.CardCode(g.Seats[1].Hand[0])})
		if g.Seats[0].Played != second {
			t.Fatalf("played %d, want the changed pick %d", g.Seats[0].Played, second)
		}
	})
	t.Run("a finished seat cannot act again", func(t *testing.T) {
		g := newTestGame(t, 2)
		g.Apply(Action{Type: ActDone, Seat: 0})
		if _, err := g.Apply(Action{Type: ActDone, Seat: 0}); errCode(err) != CodeSeatFinished {
			t.Fatalf("got %v", err)
		}
	})
}

func TestSeatMovesOnlyGrow(t *testing.T) {
	g := newTestGame(t, 2)
	id := give(g, 0, Item{Kind: ItemBook, Color: Teal})
	start := g.Seats[0].Moves
	if _, err := g.Apply(Action{Type: ActShelve, Seat: 0, Item: id, At: pos(t, "I.1.1")}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(Action{Type: ActUndo, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if g.Seats[0].Moves != start+2 {
		t.Fatalf("moves %d after an action and its undo, want %d", g.Seats[0].Moves, start+2)
	}
	if g.Seats[1].Moves != 1 {
		t.Fatalf("the other seat's moves changed to %d", g.Seats[1].Moves)
	}
}
