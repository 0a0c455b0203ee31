package anludim

import (
	"slices"
	"testing"
)

// Each test is named for its ruling in docs/anludim/rulings.md.

func TestRuling01SeatZeroStartsAndTheLastSeatHoldsTheSetupParchment(t *testing.T) {
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		g, err := New(9, seats, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g.Active() != 0 || g.Parchments(seats-1) != 1 {
			t.Fatalf("%d seats: active %d, last seat's parchments %d", seats, g.Active(), g.Parchments(seats-1))
		}
		must(t, g, mv(0, RecruitHidden), mv(0, EndTurn))
		if g.Active() != 1 {
			t.Fatalf("%d seats: seat %d plays second, want 1", seats, g.Active())
		}
	}
}

func TestRuling02ItemsRemovedAtTwoAndThreePlayers(t *testing.T) {
	want := map[int][NumProfessors][]int{
		2: {{1, 1, 2, 2, 3}, {1, 2, 2, 2, 3}, {1, 2, 2, 3, 4}, {2, 3, 3, 4}, {2, 3, 3, 5}},
		3: {{1, 1, 1, 2, 2, 3}, {1, 1, 2, 2, 2, 3}, {1, 1, 2, 2, 3, 4}, {1, 2, 3, 3, 4}, {1, 2, 3, 3, 5}},
		4: {{1, 1, 1, 1, 2, 2, 3}, {1, 1, 1, 2, 2, 2, 3}, {1, 1, 2, 2, 3, 4}, {1, 2, 3, 3, 4}, {1, 2, 3, 3, 5}},
	}
	want[5] = want[4]
	for seats, stacks := range want {
		total := 0
		for k := ItemKind(0); k < NumProfessors; k++ {
			got := StackValues(k, seats)
			total += len(got)
			if !slices.Equal(got, stacks[k]) {
				t.Errorf("%d seats, %s: %v, want %v", seats, k.ID(), got, stacks[k])
			}
		}
		if wantTotal := map[int]int{2: 23, 3: 28, 4: 30, 5: 30}[seats]; total != wantTotal {
			t.Errorf("%d seats: %d items, want %d", seats, total, wantTotal)
		}
	}
}

func TestRuling03EachProfessorPaysItsOwnItems(t *testing.T) {
	plays := []struct {
		name  string
		prof  Professor
		cards []int
	}{
		{"the Alchemist pays a vial for a run", Alchemist, []int{id(1, Amber), id(2, Azure)}},
		{"the Arcanist pays a star for a flush", Arcanist, []int{id(3, Amber), id(9, Amber)}},
		{"the Necromancer pays a doll for pairs", Necromancer, []int{id(5, Amber), id(5, Azure)}},
		{"the Seer pays a talisman for trios", Seer, []int{id(7, Amber), id(7, Azure), id(7, Jade)}},
		{"the Elementalist pays a chest for a gathering", Elementalist, []int{id(10, Amber), id(10, Azure), id(10, Jade), id(10, Ruby)}},
	}
	for _, p := range plays {
		t.Run(p.name, func(t *testing.T) {
			g := rig(t, 4, Options{}, p.cards)
			var uses []Use
			for _, c := range p.cards {
				uses = append(uses, a(c))
			}
			ev := must(t, g, play(p.prof, 0, uses...), mv(0, EndTurn))
			inc, ok := hasEvent(ev, EvIncome)
			if !ok || inc.Item != (Item{Kind: ItemKind(p.prof), Value: 1}) || g.Value(0) != 1 {
				t.Fatalf("income %+v (found %v), value %d", inc, ok, g.Value(0))
			}
		})
	}
}

func TestRuling04StrongestInPlayCountsEveryCombinationOfThatProfessor(t *testing.T) {
	g := rig(t, 2, Options{},
		[]int{id(5, Amber), id(5, Azure)},
		[]int{id(4, Amber), id(4, Jade), id(5, Jade), id(5, Ruby), id(6, Jade), id(6, Ruby)})
	must(t, g, play(Necromancer, 0, a(id(5, Amber)), a(id(5, Azure))), mv(0, EndTurn))
	t.Run("a weaker pair is refused", func(t *testing.T) {
		refused(t, g, play(Necromancer, 1, a(id(4, Amber)), a(id(4, Jade))), CodeNotStrongest)
	})
	t.Run("an equal pair is refused", func(t *testing.T) {
		refused(t, g, play(Necromancer, 1, a(id(5, Jade)), a(id(5, Ruby))), CodeNotStrongest)
	})
	t.Run("a stronger pair takes the pawn from its holder", func(t *testing.T) {
		ev := must(t, g, play(Necromancer, 1, a(id(6, Jade)), a(id(6, Ruby))))
		if e, _ := hasEvent(ev, EvProfessorTaken); e.From != 0 || g.ProfessorSeat(Necromancer) != 1 {
			t.Fatalf("taken from %d, now in front of %d", e.From, g.ProfessorSeat(Necromancer))
		}
		if len(g.Combinations(0)) != 1 {
			t.Fatal("the beaten combination left the table")
		}
	})
	must(t, g, mv(1, EndTurn), mv(0, RecruitHidden), mv(0, EndTurn), Move{Seat: 1, Kind: TakeBack, Card: id(6, Jade)})
	t.Run("a beaten combination without its pawn still sets the bar", func(t *testing.T) {
		if g.ProfessorSeat(Necromancer) != -1 {
			t.Fatal("the pawn did not go back to the board")
		}
		refused(t, g, play(Necromancer, 1, a(id(4, Amber)), a(id(4, Jade))), CodeNotStrongest)
		must(t, g, play(Necromancer, 1, a(id(6, Jade)), a(id(6, Ruby))))
	})
}

func TestRuling05HowCombinationsCompare(t *testing.T) {
	f := func(p Professor, uses ...Use) uint64 { return strengthOf(p, uses) }
	cases := []struct {
		name           string
		stronger, than uint64
	}{
		{"a longer run beats a higher one", f(Alchemist, a(id(1, Amber)), a(id(2, Azure)), a(id(3, Jade))), f(Alchemist, a(id(12, Amber)), a(id(13, Azure)))},
		{"between runs of one length the higher top card wins", f(Alchemist, a(id(4, Amber)), a(id(5, Azure))), f(Alchemist, a(id(3, Jade)), a(id(4, Ruby)))},
		{"a longer flush beats a higher one", f(Arcanist, a(id(1, Ruby)), a(id(2, Ruby)), a(id(3, Ruby))), f(Arcanist, a(id(12, Jade)), a(id(13, Jade)))},
		{"between flushes of one length the highest card decides", f(Arcanist, a(id(13, Ruby)), a(id(2, Ruby))), f(Arcanist, a(id(12, Jade)), a(id(11, Jade)))},
		{"equal highest cards pass to the next card", f(Arcanist, a(id(13, Ruby)), a(id(5, Ruby))), f(Arcanist, a(id(13, Jade)), a(id(4, Jade)))},
		{"two pairs beat one higher pair", f(Necromancer, a(id(2, Amber)), a(id(2, Azure)), a(id(3, Amber)), a(id(3, Azure))), f(Necromancer, a(id(13, Amber)), a(id(13, Azure)))},
		{"between single pairs the higher value wins", f(Necromancer, a(id(9, Amber)), a(id(9, Azure))), f(Necromancer, a(id(8, Amber)), a(id(8, Azure)))},
		{"between two pairs with one high pair alike the second decides", f(Necromancer, a(id(9, Amber)), a(id(9, Azure)), a(id(4, Amber)), a(id(4, Azure))), f(Necromancer, a(id(9, Jade)), a(id(9, Ruby)), a(id(3, Amber)), a(id(3, Azure)))},
		{"two trios beat one higher trio", f(Seer, a(id(2, Amber)), a(id(2, Azure)), a(id(2, Jade)), a(id(3, Amber)), a(id(3, Azure)), a(id(3, Jade))), f(Seer, a(id(13, Amber)), a(id(13, Azure)), a(id(13, Jade)))},
		{"a larger gathering beats a higher one", f(Elementalist, a(id(2, Amber)), a(id(2, Azure)), a(id(2, Jade)), a(id(2, Ruby)), a(id(2, Amethyst))), f(Elementalist, a(id(13, Amber)), a(id(13, Azure)), a(id(13, Jade)), a(id(13, Ruby)))},
		{"between gatherings of one size the higher value wins", f(Elementalist, a(id(8, Amber)), a(id(8, Azure)), a(id(8, Jade)), a(id(8, Ruby))), f(Elementalist, a(id(7, Amber)), a(id(7, Azure)), a(id(7, Jade)), a(id(7, Ruby)))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.than == 0 || c.stronger <= c.than {
				t.Fatalf("strengths %d and %d", c.stronger, c.than)
			}
		})
	}
	// The card read (amber, v) on its second side, to pair a colour with itself.
	twin := func(v int, c Colour) int {
		for i := 0; i < NumCards; i++ {
			if int(cardVal[i][1]) == v && Colour(cardCol[i][1]) == c {
				return i
			}
		}
		return -1
	}
	invalid := []struct {
		name string
		s    uint64
	}{
		{"a pair in one colour is no pair", f(Necromancer, a(id(6, Amber)), b(twin(6, Amber)))},
		{"a run with a gap is no run", f(Alchemist, a(id(3, Amber)), a(id(5, Azure)))},
		{"two pairs of one value are no pairs", f(Necromancer, a(id(6, Amber)), a(id(6, Azure)), a(id(6, Jade)), a(id(6, Ruby)))},
		{"three cards of one value are no gathering", f(Elementalist, a(id(6, Amber)), a(id(6, Azure)), a(id(6, Jade)))},
		{"a single card is no flush", f(Arcanist, a(id(6, Amber)))},
	}
	for _, c := range invalid {
		t.Run(c.name, func(t *testing.T) {
			if c.s != 0 {
				t.Fatalf("strength %d, want 0", c.s)
			}
		})
	}
}

// endgame rigs seat 0 to hold a pair of fives and two more cards, with the vial and star stacks
// empty and one doll (worth 4) left: its next income ends the round.
func endgame(t *testing.T, seats int) *Game {
	g := rig(t, seats, Options{}, []int{id(5, Amber), id(5, Azure), id(12, Jade), id(13, Ruby)})
	g.stacks[Vial].n, g.stacks[Star].n, g.stacks[Doll].n = 0, 0, 1
	return g
}

var pairOfFives = play(Necromancer, 0, a(id(5, Amber)), a(id(5, Azure)))

func TestRuling06FiveKindsWinsWhenBothEndsComeTogether(t *testing.T) {
	g := endgame(t, 2)
	for _, k := range []ItemKind{Vial, Star, Talisman, Chest} {
		giveItem(g, 0, k, 1)
	}
	giveItem(g, 1, Chest, 5)
	giveItem(g, 1, Chest, 5)
	ev := must(t, g, pairOfFives, mv(0, EndTurn))
	e, ok := hasEvent(ev, EvRoundEnded)
	if !ok || e.Reason != EndFiveKinds || e.Seat != 0 || g.Value(1) <= g.Value(0) {
		t.Fatalf("round end %+v (found %v), values %d and %d", e, ok, g.Value(0), g.Value(1))
	}
}

func TestRuling07TiesGoToTheTriggerThenClockwise(t *testing.T) {
	t.Run("the seat that ended the round wins a tie", func(t *testing.T) {
		g := endgame(t, 2)
		giveItem(g, 1, Star, 3) // plus the setup parchment: 4, as the doll
		ev := must(t, g, pairOfFives, mv(0, EndTurn))
		if e, _ := hasEvent(ev, EvRoundEnded); e.Seat != 0 || e.Reason != EndStacks || e.Values[0] != e.Values[1] {
			t.Fatalf("round end %+v", e)
		}
	})
	t.Run("among others the nearest seat after the trigger wins", func(t *testing.T) {
		g := rig(t, 3, Options{}, nil, []int{id(5, Amber), id(5, Azure)})
		g.stacks[Vial].n, g.stacks[Star].n, g.stacks[Doll].n = 0, 0, 1
		giveItem(g, 0, Chest, 5)
		giveItem(g, 2, Chest, 4) // plus the setup parchment
		ev := must(t, g, mv(0, RecruitHidden), mv(0, EndTurn), play(Necromancer, 1, a(id(5, Amber)), a(id(5, Azure))), mv(1, EndTurn))
		if e, _ := hasEvent(ev, EvRoundEnded); e.Seat != 2 || e.Seat2 != 1 {
			t.Fatalf("round end %+v", e)
		}
	})
}

func TestRuling08ParchmentsForTheNextRound(t *testing.T) {
	t.Run("second and third by value, ties nearest the trigger, setup parchment not again", func(t *testing.T) {
		g := endgame(t, 4)
		giveItem(g, 0, Chest, 5)
		giveItem(g, 1, Talisman, 3)
		giveItem(g, 2, Talisman, 3)
		giveItem(g, 3, Talisman, 2) // plus the setup parchment
		ev := must(t, g, pairOfFives, mv(0, EndTurn))
		var got []int
		for _, e := range ev {
			if e.Kind == EvParchments {
				got = append(got, e.Seat, e.Count)
			}
		}
		if !slices.Equal(got, []int{1, 2, 2, 1}) {
			t.Fatalf("parchments (seat, count): %v", got)
		}
		for _, s := range []int{1, 2, 3, 0} {
			must(t, g, mv(s, EndTurn))
		}
		if g.Round() != 2 || g.Parchments(0) != 0 || g.Parchments(1) != 2 || g.Parchments(2) != 1 || g.Parchments(3) != 0 {
			t.Fatalf("round %d parchments %d %d %d %d", g.Round(), g.Parchments(0), g.Parchments(1), g.Parchments(2), g.Parchments(3))
		}
	})
	t.Run("two players get no parchments after the first round", func(t *testing.T) {
		g := endgame(t, 2)
		ev := must(t, g, pairOfFives, mv(0, EndTurn), mv(1, EndTurn), mv(0, EndTurn))
		if _, ok := hasEvent(ev, EvParchments); ok || g.Round() != 2 || g.Parchments(0)+g.Parchments(1) != 0 {
			t.Fatalf("round %d, parchments %d and %d", g.Round(), g.Parchments(0), g.Parchments(1))
		}
	})
}

func TestRuling09DeckRunsOut(t *testing.T) {
	t.Run("an empty deck is rebuilt from the shuffled discard pile", func(t *testing.T) {
		g := rig(t, 2, Options{})
		copy(g.discard[:], g.deck[:g.deckN])
		g.discardN, g.deckN = g.deckN, 0
		ev := must(t, g, mv(0, RecruitHidden))
		if _, ok := hasEvent(ev, EvReshuffled); !ok || g.HandSize(0) != 10 || g.discardN != 0 {
			t.Fatalf("events %v, hand %d", ev, g.HandSize(0))
		}
	})
	t.Run("with deck and discard empty nothing is drawn and slots stay empty", func(t *testing.T) {
		g := rig(t, 2, Options{})
		g.deckN, g.discardN = 0, 0
		refused(t, g, mv(0, RecruitHidden), CodeNothingToDraw)
		ev := must(t, g, Move{Seat: 0, Kind: RecruitFaceUp, Slot: 1})
		if e, _ := hasEvent(ev, EvFaceUp); e.Card != -1 || g.FaceUp()[1] != -1 {
			t.Fatalf("slot refilled with %d", e.Card)
		}
	})
	t.Run("a player with no main action left ends the round", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, []int{id(1, Amber)})
		g.deckN, g.discardN = 0, 0
		g.faceUp = [3]int8{int8(id(13, Jade)), -1, -1}
		ev := must(t, g, Move{Seat: 0, Kind: RecruitFaceUp, Slot: 0}, mv(0, EndTurn))
		if e, ok := hasEvent(ev, EvRoundEnded); !ok || e.Reason != EndBlocked || e.Seat2 != 1 {
			t.Fatalf("round end %+v (found %v)", e, ok)
		}
	})
}

func TestRuling10RoundTurnLimit(t *testing.T) {
	g := rig(t, 2, Options{})
	g.turn = RoundTurnLimit
	ev := must(t, g, mv(0, RecruitHidden), mv(0, EndTurn))
	if e, ok := hasEvent(ev, EvRoundEnded); !ok || e.Reason != EndTurnLimit || e.Seat2 != 1 {
		t.Fatalf("round end %+v (found %v)", e, ok)
	}
}

func TestRuling11NewRoundKeepsChosenCardsAndRefills(t *testing.T) {
	g := endgame(t, 2)
	must(t, g, pairOfFives, mv(0, EndTurn))
	if !g.Keeping() || g.Awaited()[0] != 1 || g.KeepLimit(0) != 2 || g.KeepLimit(1) != 3 {
		t.Fatalf("keeping %v, awaited %v, limits %d %d", g.Keeping(), g.Awaited(), g.KeepLimit(0), g.KeepLimit(1))
	}
	h1 := g.Hand(1)
	keep1 := h1[:3]
	h0 := g.Hand(0)
	for _, c := range keep1 {
		must(t, g, Move{Seat: 1, Kind: Keep, Card: c})
	}
	// Seat 1 reached its limit and passed the choice on by itself.
	if g.Awaited()[0] != 0 {
		t.Fatalf("awaited %v after seat 1 kept 3 cards", g.Awaited())
	}
	must(t, g, Move{Seat: 0, Kind: Keep, Card: h0[0]}, mv(0, EndTurn))
	if g.Round() != 2 || g.Active() != 1 || g.HandSize(0) != 7 || g.HandSize(1) != 8 {
		t.Fatalf("round %d, active %d, hands %d and %d", g.Round(), g.Active(), g.HandSize(0), g.HandSize(1))
	}
	for _, c := range keep1 {
		if !slices.Contains(g.Hand(1), c) {
			t.Fatalf("kept card %d is not in seat 1's new hand", c)
		}
	}
	if !slices.Contains(g.Hand(0), h0[0]) || len(g.Combinations(0)) != 0 || g.Value(0) != 0 || len(g.Stack(Necromancer)) != 5 {
		t.Fatal("the table was not reset")
	}
}

func TestRuling12TakingBackOnlyAtTheStartOfATurn(t *testing.T) {
	g := rig(t, 2, Options{}, []int{id(5, Amber), id(5, Azure), id(8, Jade), id(8, Ruby)})
	must(t, g, pairOfFives, mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
	t.Run("a combination comes back to the hand and its pawn to the board", func(t *testing.T) {
		must(t, g, Move{Seat: 0, Kind: TakeBack, Card: id(5, Azure)})
		if g.HandSize(0) != 4 || g.ProfessorSeat(Necromancer) != -1 || len(g.Combinations(0)) != 0 {
			t.Fatalf("hand %d, pawn at %d", g.HandSize(0), g.ProfessorSeat(Necromancer))
		}
	})
	t.Run("after another move of the turn it is too late", func(t *testing.T) {
		must(t, g, play(Necromancer, 0, a(id(8, Jade)), a(id(8, Ruby))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn), mv(0, RecruitHidden))
		refused(t, g, Move{Seat: 0, Kind: TakeBack, Card: id(8, Jade)}, CodeTakeBackLate)
	})
	t.Run("the expert variant never gives cards back", func(t *testing.T) {
		x := rig(t, 2, Options{Expert: true}, []int{id(5, Amber), id(5, Azure)})
		must(t, x, pairOfFives, mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		refused(t, x, Move{Seat: 0, Kind: TakeBack, Card: id(5, Amber)}, CodeTakeBackExpert)
	})
}

func TestRuling13OptionalDiscardOncePerTurn(t *testing.T) {
	g := rig(t, 2, Options{})
	giveItem(g, 0, Vial, 1)
	g.parch[0] = 1
	ev := must(t, g, Move{Seat: 0, Kind: Discard, Item: Item{Kind: Vial, Value: 1}})
	if _, ok := hasEvent(ev, EvDrew); !ok || g.HandSize(0) != 9 || len(g.Stack(Alchemist)) != 5 {
		t.Fatal("the discard did not draw a card, or the vial went back on its stack")
	}
	refused(t, g, Move{Seat: 0, Kind: Discard, Item: Item{Kind: Parchment, Value: 1}}, CodeOptionalDone)
	// Both actions done: the turn ends by itself.
	must(t, g, mv(0, RecruitHidden))
	if g.Active() != 1 {
		t.Fatalf("seat %d to play, want 1", g.Active())
	}
}

func TestRuling14AnEmptyStackPaysNothing(t *testing.T) {
	g := rig(t, 2, Options{}, []int{id(5, Amber), id(5, Azure)})
	g.stacks[Doll].n = 0
	ev := must(t, g, pairOfFives, mv(0, EndTurn))
	if _, ok := hasEvent(ev, EvIncome); ok || g.Value(0) != 0 {
		t.Fatal("an empty stack paid an item")
	}
}

func TestRuling15APawnStandsInForAnEmptyStackNotAParchment(t *testing.T) {
	trio := play(Seer, 0, a(id(7, Amber)), a(id(7, Azure)), a(id(7, Jade)))
	t.Run("the pawn completes the five kinds at once", func(t *testing.T) {
		g := rig(t, 2, Options{}, []int{id(7, Amber), id(7, Azure), id(7, Jade)})
		g.stacks[Talisman].n = 0
		for _, k := range []ItemKind{Vial, Star, Doll, Chest} {
			giveItem(g, 0, k, 1)
		}
		ev := must(t, g, trio)
		if e, ok := hasEvent(ev, EvRoundEnded); !ok || e.Reason != EndFiveKinds {
			t.Fatalf("round end %+v (found %v)", e, ok)
		}
	})
	t.Run("parchments do not stand in", func(t *testing.T) {
		g := rig(t, 2, Options{}, []int{id(7, Amber), id(7, Azure), id(7, Jade)})
		g.parch[0] = 3
		for _, k := range []ItemKind{Vial, Star, Doll} {
			giveItem(g, 0, k, 1)
		}
		ev := must(t, g, trio, mv(0, EndTurn))
		if _, ok := hasEvent(ev, EvRoundEnded); ok {
			t.Fatal("the round ended without a chest")
		}
	})
}

func TestRuling16ExpertHierarchy(t *testing.T) {
	g := rig(t, 2, Options{Expert: true}, []int{id(7, Amber), id(7, Azure), id(7, Jade), id(8, Ruby), id(6, Amethyst)})
	must(t, g, play(Seer, 0, a(id(7, Amber)), a(id(7, Azure)), a(id(7, Jade))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
	t.Run("cards never move down to a lower combination", func(t *testing.T) {
		refused(t, g, play(Alchemist, 0, a(id(6, Amethyst)), a(id(7, Amber)), a(id(8, Ruby))), CodeCardNotMovable)
	})
	t.Run("the ranks run from run to gathering", func(t *testing.T) {
		var ids []string
		for p := Professor(0); p < NumProfessors; p++ {
			ids = append(ids, p.Combination())
		}
		if !slices.Equal(ids, []string{"run", "flush", "pairs", "trios", "gathering"}) {
			t.Fatalf("order %v", ids)
		}
	})
}

func ruling17MovesCardsUpAndDiscardsTheRest(t *testing.T) {
	g := rig(t, 2, Options{Expert: true}, []int{id(9, Amber), id(9, Azure), id(9, Jade), id(9, Ruby), id(4, Amber), id(4, Azure), id(3, Jade)})
	must(t, g, play(Necromancer, 0, a(id(9, Amber)), a(id(9, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
	t.Run("a trio takes a card from a pair; the rest is discarded and the pawn returns", func(t *testing.T) {
		ev := must(t, g, play(Seer, 0, a(id(9, Amber)), a(id(9, Jade)), a(id(9, Ruby))))
		if e, ok := hasEvent(ev, EvCardsDiscarded); !ok || !slices.Equal(e.Cards, []int{id(9, Azure)}) {
			t.Fatalf("discarded %+v", e)
		}
		if g.ProfessorSeat(Necromancer) != -1 || g.ProfessorSeat(Seer) != 0 || !slices.Equal(g.DiscardPile(), []int{id(9, Azure)}) {
			t.Fatal("pawns or discard pile wrong")
		}
	})
	must(t, g, mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
	must(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
	t.Run("a combination of the same professor is extended only whole", func(t *testing.T) {
		setHand(g, 0, []int{id(3, Jade), id(3, Ruby), id(4, Jade)})
		refused(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Jade)), a(id(3, Jade)), a(id(3, Ruby))), CodeWholeCombination)
		must(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Azure)), a(id(3, Jade)), a(id(3, Ruby))))
		if c := g.Combinations(0); len(c) != 2 || g.ProfessorSeat(Necromancer) != 0 {
			t.Fatalf("combinations %+v", c)
		}
	})
}

// offeredPlays walks Next from "p" to every play it completes (the hands
// of these tests are small enough to walk whole).
func offeredPlays(g *Game, seat int) []Move {
	var out []Move
	var walk func(chosen []string)
	walk = func(chosen []string) {
		for _, s := range g.Next(seat, chosen) {
			if s.Move != nil {
				out = append(out, *s.Move)
				continue
			}
			walk(append(slices.Clip(chosen), s.Key))
		}
	}
	walk([]string{"p"})
	return out
}

// offersPlayOf reports whether a play for p made of exactly cards is offered
// by Next, by BestPlay or by ProfessorsFor.
func offersPlayOf(g *Game, seat int, p Professor, cards ...int) bool {
	same := func(m Move) bool {
		if m.Prof != p || len(m.Cards) != len(cards) {
			return false
		}
		for _, u := range m.Cards {
			if !slices.Contains(cards, u.Card) {
				return false
			}
		}
		return true
	}
	if slices.ContainsFunc(offeredPlays(g, seat), same) {
		return true
	}
	if m, ok := g.BestPlay(seat, p); ok && same(m) {
		return true
	}
	return slices.ContainsFunc(g.ProfessorsFor(seat, cards), func(c ProfessorChoice) bool { return c.Prof == p })
}

func TestRuling17ExpertCardsGoOnlyToAHigherCombination(t *testing.T) {
	t.Run("cards move up into a higher combination, the rest is discarded", ruling17MovesCardsUpAndDiscardsTheRest)
	fives := []Use{a(id(5, Amber)), a(id(5, Azure))}
	t.Run("re-laying one's own combination unchanged for the professor one holds is refused and not offered", func(t *testing.T) {
		g := rig(t, 2, Options{Expert: true}, []int{id(5, Amber), id(5, Azure)})
		must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		setHand(g, 0, []int{id(9, Jade)})
		refused(t, g, play(Necromancer, 0, fives...), CodeNothingAdded)
		if offersPlayOf(g, 0, Necromancer, id(5, Amber), id(5, Azure)) || g.Takeable(0)&(1<<Necromancer) != 0 {
			t.Fatal("the unchanged pair is still offered")
		}
	})
	t.Run("re-laying a pawnless combination unchanged to take the professor back is refused and not offered", func(t *testing.T) {
		g := rig(t, 2, Options{Expert: true}, []int{id(5, Amber), id(5, Azure)},
			[]int{id(6, Jade), id(6, Ruby), id(6, Amber), id(6, Azure)})
		must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn))
		must(t, g, play(Necromancer, 1, a(id(6, Jade)), a(id(6, Ruby))), mv(1, EndTurn), mv(0, RecruitHidden), mv(0, EndTurn))
		// Seat 1 moves a six into a trio: its pair dissolves and the
		// Necromancer's pawn goes back to the board, seat 0's pair of fives
		// being now the strongest on the table.
		must(t, g, play(Seer, 1, a(id(6, Jade)), a(id(6, Amber)), a(id(6, Azure))), mv(1, EndTurn))
		if g.ProfessorSeat(Necromancer) != -1 {
			t.Fatal("the Necromancer did not go back to the board")
		}
		setHand(g, 0, []int{id(9, Jade)})
		refused(t, g, play(Necromancer, 0, fives...), CodeNothingAdded)
		if offersPlayOf(g, 0, Necromancer, id(5, Amber), id(5, Azure)) {
			t.Fatal("the unchanged pair is still offered")
		}
	})
	t.Run("merging two of one's own combinations of one professor is refused and not offered", func(t *testing.T) {
		g := rig(t, 2, Options{Expert: true}, []int{id(4, Amber), id(4, Azure), id(5, Amber), id(5, Azure)})
		must(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
		if len(g.Combinations(0)) != 2 {
			t.Fatalf("combinations %+v", g.Combinations(0))
		}
		setHand(g, 0, []int{id(3, Jade), id(3, Ruby)})
		merged := []Use{a(id(4, Amber)), a(id(4, Azure)), a(id(5, Amber)), a(id(5, Azure))}
		refused(t, g, play(Necromancer, 0, merged...), CodeMergedCombinations)
		refused(t, g, play(Necromancer, 0, append(merged, a(id(3, Jade)), a(id(3, Ruby)))...), CodeMergedCombinations)
		if offersPlayOf(g, 0, Necromancer, id(4, Amber), id(4, Azure), id(5, Amber), id(5, Azure)) ||
			offersPlayOf(g, 0, Necromancer, id(4, Amber), id(4, Azure), id(5, Amber), id(5, Azure), id(3, Jade), id(3, Ruby)) {
			t.Fatal("a merge is still offered")
		}
		t.Run("extending one of them with cards from the hand stays allowed", func(t *testing.T) {
			if !offersPlayOf(g, 0, Necromancer, id(5, Amber), id(5, Azure), id(3, Jade), id(3, Ruby)) {
				t.Fatal("the extension is not offered")
			}
			must(t, g, play(Necromancer, 0, a(id(5, Amber)), a(id(5, Azure)), a(id(3, Jade)), a(id(3, Ruby))))
		})
	})
}

func TestRuling18UndoStopsAtARevealedCard(t *testing.T) {
	g := rig(t, 2, Options{}, []int{id(5, Amber), id(5, Azure)})
	before := g.Clone()
	must(t, g, pairOfFives, mv(0, Undo))
	t.Run("a play is undone exactly", func(t *testing.T) {
		if !sameState(before, g) {
			t.Fatal("undo did not restore the state")
		}
	})
	t.Run("after a card drawn face down undo is refused", func(t *testing.T) {
		giveItem(g, 0, Vial, 1)
		must(t, g, pairOfFives, Move{Seat: 0, Kind: Discard, Item: Item{Kind: Vial, Value: 1}})
		if g.Active() != 1 {
			t.Fatal("the turn did not end after both actions")
		}
		h := rig(t, 2, Options{})
		giveItem(h, 0, Vial, 1)
		must(t, h, Move{Seat: 0, Kind: Discard, Item: Item{Kind: Vial, Value: 1}})
		refused(t, h, mv(0, Undo), CodeUndoAfterReveal)
		h = rig(t, 2, Options{})
		must(t, h, mv(0, RecruitHidden))
		refused(t, h, mv(0, Undo), CodeUndoAfterReveal)
	})
}

func TestRuling19EitherReadingOfACard(t *testing.T) {
	// Two cards showing the same two colours make flushes in either colour.
	x, y := -1, -1
	for i := 0; i < NumCards && x < 0; i++ {
		for j := i + 1; j < NumCards; j++ {
			if cardCol[i][0] == cardCol[j][0] && cardCol[i][1] == cardCol[j][1] {
				x, y = i, j
				break
			}
		}
	}
	if x < 0 {
		t.Fatal("no two cards share both colours")
	}
	g := rig(t, 2, Options{}, []int{x, y})
	choices := g.ProfessorsFor(0, []int{x, y})
	var flush *ProfessorChoice
	for i := range choices {
		if choices[i].Prof == Arcanist {
			flush = &choices[i]
		}
	}
	if flush == nil || !flush.Choice {
		t.Fatalf("choices %+v: the flush should offer a choice of readings", choices)
	}
	other := make([]Use, len(flush.Uses))
	for i, u := range flush.Uses {
		other[i] = Use{Card: u.Card, Side: 1 - u.Side}
	}
	if strengthOf(Arcanist, flush.Uses) <= strengthOf(Arcanist, other) {
		t.Fatal("the game did not pick the stronger reading")
	}
	t.Run("cards left to the game are read the strongest way", func(t *testing.T) {
		c := g.Clone()
		ev := must(t, c, Move{Seat: 0, Kind: Play, Prof: Arcanist, Cards: []Use{{x, AutoSide}, {y, AutoSide}}})
		e, _ := hasEvent(ev, EvPlayed)
		if strengthOf(Arcanist, e.Uses) != strengthOf(Arcanist, flush.Uses) {
			t.Fatalf("played %v, want the reading %v", e.Uses, flush.Uses)
		}
	})
	t.Run("the reading options list both flushes, strongest first", func(t *testing.T) {
		opts := g.ReadingOptions(0, Arcanist, []int{x, y})
		if len(opts) != 2 || strengthOf(Arcanist, opts[0]) <= strengthOf(Arcanist, opts[1]) {
			t.Fatalf("options %v", opts)
		}
		if g.ReadingOptions(0, Elementalist, []int{x, y}) != nil {
			t.Fatal("two cards offered a gathering")
		}
	})
	t.Run("the weaker reading may still be chosen", func(t *testing.T) {
		must(t, g, Move{Seat: 0, Kind: Play, Prof: Arcanist, Cards: other})
	})
}

func TestRuling20OnePlayOneProfessorPerTurn(t *testing.T) {
	g := rig(t, 2, Options{}, []int{id(5, Amber), id(5, Azure), id(8, Jade), id(8, Ruby)})
	must(t, g, pairOfFives)
	refused(t, g, play(Arcanist, 0, a(id(8, Jade)), a(id(8, Ruby))), CodeMainDone)
	refused(t, g, mv(0, RecruitHidden), CodeMainDone)
}

func TestRuling21NoHandLimitDuringARound(t *testing.T) {
	var big []int
	for c := 0; c < 20; c++ {
		big = append(big, c)
	}
	g := rig(t, 2, Options{}, big)
	must(t, g, mv(0, RecruitHidden))
	if g.HandSize(0) != 22 {
		t.Fatalf("hand of %d cards, want 22", g.HandSize(0))
	}
}
