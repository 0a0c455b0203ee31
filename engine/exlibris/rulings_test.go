package exlibris

import (
	"fmt"
	"slices"
	"testing"
)

// Each test is named for its ruling in docs/exlibris/rulings.md.

// draft plays a game's library draft with the first offer each time.
func draft(t *testing.T, g *Game) {
	t.Helper()
	for g.Round() == 0 {
		seat := g.Awaited()[0]
		play(t, g, offered(g, seat)[0])
	}
}

func TestRuling01SeatZeroHoldsTheFirstPlayerToken(t *testing.T) {
	for seats := 2; seats <= MaxSeats; seats++ {
		g, _ := New(3, seats, Options{})
		draft(t, g)
		if g.FirstPlayer() != 0 || g.Awaited()[0] != 0 || decision(g, 0) != "place" {
			t.Fatalf("%d seats: token with %d, awaited %v", seats, g.FirstPlayer(), g.Awaited())
		}
		play(t, g, "s0 assistant home", "s0 pass")
		if g.Awaited()[0] != 1 {
			t.Fatalf("%d seats: seat %v places second", seats, g.Awaited())
		}
	}
}

func TestRuling02TheDraftGoesBackwardsFromTheLastSeat(t *testing.T) {
	g, _ := New(8, 3, Options{})
	if len(g.DraftPool()) != 6 {
		t.Fatalf("%d libraries on the table", len(g.DraftPool()))
	}
	var order []int
	for g.Round() == 0 {
		seat := g.Awaited()[0]
		if decision(g, seat) == "library" {
			order = append(order, seat)
		}
		play(t, g, offered(g, seat)[0])
	}
	if !slices.Equal(order, []int{2, 1, 0}) {
		t.Fatalf("order %v", order)
	}
	for s := 0; s < 3; s++ {
		if g.LibraryOf(s) == NoLibrary || g.special(s) < 0 {
			t.Fatalf("seat %d has no library", s)
		}
	}
	t.Run("the solo player keeps one of two solo libraries", func(t *testing.T) {
		g, _ := New(8, 1, Options{})
		pool := g.DraftPool()
		if len(pool) != 2 || !libInfo[pool[0]].Solo || !libInfo[pool[1]].Solo {
			t.Fatalf("offered %v", pool)
		}
		play(t, g, offered(g, 0)[1])
		if g.LibraryOf(0) != pool[1] || g.Round() != 1 {
			t.Fatal("the choice did not start the game")
		}
	})
}

func TestRuling03NamesTheRulebookDoesNotGive(t *testing.T) {
	want := map[Location]string{Bindery: "Atelier de Reliure", Bookseller: "Le Bouquiniste", Salon: "Salon Littéraire",
		Collector: "Le Collectionneur", Cabinet: "L'Ébéniste"}
	for l, name := range want {
		if LocationOf(l).Names.FR != name {
			t.Errorf("tile %d is %s, want %s", l, LocationOf(l).Names.FR, name)
		}
	}
	pairs := map[Library]string{Goblin: "Grottes de la Perception", Cube: "Donjon de la Pensée Profonde",
		Snowman: "Igloo des Renseignements", Wisp: "Bibliothèque Volcanique"}
	for l, name := range pairs {
		if libInfo[l].Names.FR != name {
			t.Errorf("%s's library is %s, want %s", l.ID(), libInfo[l].Names.FR, name)
		}
	}
}

func TestRuling04TilesAreNumberedInTheSummarysOrder(t *testing.T) {
	want := []string{"tent", "exchange", "auction", "bindery", "community", "bookseller", "den", "salon", "collector",
		"bookshop", "dump", "brewery", "flea", "hut", "guild", "taxes", "sale", "cabinet"}
	for i, id := range want {
		if Location(i+1).ID() != id {
			t.Errorf("tile %d is %s, want %s", i+1, Location(i+1).ID(), id)
		}
	}
	delayed := []Location{Auction, Dump, Brewery}
	for l := Location(1); l <= NumLocations; l++ {
		if LocationOf(l).Delayed != slices.Contains(delayed, l) {
			t.Errorf("tile %d delayed: %v", l, LocationOf(l).Delayed)
		}
	}
}

func TestRuling05WhatEachTileLaysOut(t *testing.T) {
	want := map[Location][2]int{Exchange: {3, 0}, Auction: {3, 0}, Community: {3, 0}, Collector: {1, 0}, Bookshop: {3, 0},
		Flea: {4, 0}, Hut: {4, 1}}
	for l := Location(1); l <= NumLocations; l++ {
		info := LocationOf(l)
		w := want[l]
		if info.Setup != w[0] || info.FaceDown != (w[1] == 1) {
			t.Errorf("tile %d lays %d cards, face down %v", l, info.Setup, info.FaceDown)
		}
	}
	// Every tile in play is laid out anew at each round's start,
	// permanent ones included.
	for seed := uint64(0); seed < 10; seed++ {
		g, _ := New(seed, 4, Options{})
		draft(t, g)
		for round := 1; round <= 3 && !g.Over(); round++ {
			for l := Location(1); l <= NumLocations; l++ {
				if g.inPlay(l) && int(g.tiles[l].cardN) != LocationOf(l).Setup {
					t.Fatalf("seed %d round %d: tile %d holds %d cards", seed, round, l, g.tiles[l].cardN)
				}
			}
			finishRound(t, g)
		}
	}
}

func TestRuling06SlotsAndPlayerCounts(t *testing.T) {
	want := map[Location][]int{Tent: {1, 3}, Exchange: {1, 1, 4}, Auction: {1, 1, 1, 1}, Bindery: {1, 1, 3},
		Community: {1, 3}, Bookseller: {1, 1, 4}, Den: {1, 1, 3, 4}, Salon: {1, 3}, Collector: {1, 1, 4},
		Bookshop: {1, 1, 3}, Dump: {1, 3}, Brewery: {1, 1, 3, 4}, Flea: {1, 1, 3}, Hut: {1, 3}, Guild: {1, 4},
		Taxes: {1, 3}, Sale: {1, 3}, Cabinet: {1, 3}}
	for l, slots := range want {
		if !slices.Equal(LocationOf(l).Slots, slots) {
			t.Errorf("tile %d: slots %v, want %v", l, LocationOf(l).Slots, slots)
		}
	}
	for seats, n := range map[int]int{2: 1, 3: 2, 4: 2} {
		g := rig(t, seats, Options{}, nil, Dump)
		placed := 0
		for seat := 0; offers(g, fmt.Sprintf("s%d assistant L11", seat)); seat = (seat + 1) % seats {
			play(t, g, fmt.Sprintf("s%d assistant L11", seat))
			placed++
		}
		if placed != n {
			t.Errorf("%d seats: the dump took %d assistants, want %d", seats, placed, n)
		}
	}
}

func TestRuling07SoloTilesAndLibraries(t *testing.T) {
	var tiles []Location
	for l := Location(1); l <= NumLocations; l++ {
		if LocationOf(l).Solo {
			tiles = append(tiles, l)
		}
	}
	if !slices.Equal(tiles, []Location{Tent, Exchange, Bindery, Bookseller, Salon, Collector, Bookshop, Dump, Hut, Cabinet}) {
		t.Errorf("solo tiles %v", tiles)
	}
	var libs []Library
	for _, l := range Libraries() {
		if l.Solo {
			libs = append(libs, l.Library)
		}
	}
	if !slices.Equal(libs, []Library{Automaton, Mummy, Bookworm, Golem, Wizard, Witch, Wisp}) {
		t.Errorf("solo libraries %v", libs)
	}
	g, _ := New(5, 1, Options{})
	draft(t, g)
	in, _ := g.TilesInPlay()
	if len(in) != 6 || int(g.pileN) != 4 {
		t.Fatalf("%d tiles in play, %d in the pile", len(in), g.pileN)
	}
	for _, l := range in {
		if !LocationOf(l).Solo {
			t.Fatalf("tile %d is not a solo one", l)
		}
	}
}

func TestRuling08ModesAndLengths(t *testing.T) {
	t.Run("the options combine a mode with a length", func(t *testing.T) {
		o, err := ParseOptions(map[string]string{OptionMode: "friendly", OptionLength: "long", OptionLevel: "savant"})
		if err != nil || o != (Options{Mode: Friendly, Long: true, Level: 4}) {
			t.Fatalf("%+v %v", o, err)
		}
		if back, _ := ParseOptions(o.Named()); back != o {
			t.Fatal("Named does not read back")
		}
		for _, bad := range []map[string]string{{OptionMode: "easy"}, {OptionLength: "short"}, {OptionLevel: "god"}, {"speed": "fast"}} {
			var r *Refusal
			if _, err := ParseOptions(bad); err == nil || !asRefusal(err, &r) || r.Code != CodeBadOption {
				t.Errorf("%v: %v", bad, err)
			}
		}
	})
	t.Run("beginners play plain tiles with three assistants and eleven tiles", func(t *testing.T) {
		g, _ := New(1, 4, Options{Mode: Beginner})
		if g.Round() != 1 || g.LibraryOf(0) != NoLibrary || len(g.Reserve(0)) != 3 || g.Reserve(0)[2] != NoLibrary {
			t.Fatalf("round %d, library %d, reserve %v", g.Round(), g.LibraryOf(0), g.Reserve(0))
		}
		if n := int(g.pileN) + 3; n != 11 {
			t.Fatalf("%d tiles besides the tent", n)
		}
	})
	t.Run("the friendly mode leaves four tiles and four libraries out", func(t *testing.T) {
		g, _ := New(1, 4, Options{Mode: Friendly})
		if g.pileN != 13 {
			t.Fatalf("%d tiles besides the tent", g.pileN)
		}
		for _, l := range g.DraftPool() {
			if !libInfo[l].Friendly {
				t.Fatalf("%s offered", l.ID())
			}
		}
	})
	t.Run("solo: the beginner has four plain assistants, the friendly mode keeps the solo tiles", func(t *testing.T) {
		g, _ := New(1, 1, Options{Mode: Beginner})
		if len(g.Reserve(0)) != 4 || int(g.pileN) != 4 {
			t.Fatalf("reserve %v, pile %d", g.Reserve(0), g.pileN)
		}
		for seed := uint64(0); seed < 30; seed++ {
			g, _ := New(seed, 1, Options{Mode: Friendly})
			if slices.Contains(g.DraftPool(), Wisp) {
				t.Fatal("the friendly solo draw offers the volcanic library")
			}
		}
	})
}

func asRefusal(err error, r **Refusal) bool {
	x, ok := err.(*Refusal)
	*r = x
	return ok
}

func TestRuling09WhereAnAssistantMayGo(t *testing.T) {
	t.Run("home takes at most three assistants", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil, Bookshop)
		for i := 0; i < 3; i++ {
			play(t, g, "s0 assistant home", "s0 pass")
		}
		if offers(g, "s0 assistant home") {
			t.Fatal("a fourth home slot")
		}
	})
	t.Run("the solo player puts one assistant on a tile", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil, Bookshop, Exchange)
		play(t, g, "s0 assistant L10")
		if offers(g, "s0 assistant L10") {
			t.Fatal("a second assistant on the same tile")
		}
	})
	t.Run("a ghost shares a slot with one assistant, never two", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Ghost}, Bookshop)
		g.putAssistant(t, 1, plainKind, Bookshop)
		g.putAssistant(t, 1, plainKind, Bookshop)
		play(t, g, "s0 ghost L10x")
		if g.tiles[Bookshop].ghost[0] == 0 {
			t.Fatal("the ghost is not in the first slot")
		}
	})
}

func TestRuling10PriorityOrder(t *testing.T) {
	t.Run("the cube's power, then the goblin's, then the tile", func(t *testing.T) {
		TestPriorityCubeBeforeGoblinBeforeTheTile(t)
	})
	t.Run("specials already there answer in their order of arrival", func(t *testing.T) {
		TestPriorityPresentSpecialsReactInArrivalOrder(t)
	})
	t.Run("a tile's effect overrides a placement limit: the guild reaches the snowman", func(t *testing.T) {
		TestSnowmanBlocksItsInstantTile(t)
	})
}

func TestRuling11TheTokenTakenMidRound(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Tent, Bookshop)
	play(t, g, "s0 assistant home", "s0 pass", "s1 assistant L1")
	if g.FirstPlayer() != 1 || g.Awaited()[0] != 2 {
		t.Fatalf("token %d, awaited %v: the round's order goes on", g.FirstPlayer(), g.Awaited())
	}
	finishRound(t, g)
	if g.Round() != 2 || g.Awaited()[0] != 1 {
		t.Fatalf("round %d opens with seat %v", g.Round(), g.Awaited())
	}
}

func TestRuling12AssistantsBackMidRoundArePlacedAgain(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Auction)
	play(t, g, "s0 assistant L3b1", "s1 assistant home", "s1 pass", "s0 assistant home", "s0 pass",
		"s1 assistant home", "s1 pass", "s0 assistant home", "s0 pass")
	// Seat 0 has placed all three; seat 1 outbids with its last one.
	play(t, g, "s1 assistant L3b2")
	if g.Awaited()[0] != 0 || !offers(g, "s0 assistant L3b3") {
		t.Fatalf("awaited %v, offered %v", g.Awaited(), offered(g, 0))
	}
	play(t, g, "s0 assistant L3b3")
	// Seat 1's assistant is back: it places again, then nobody has any.
	if g.Awaited()[0] != 1 {
		t.Fatalf("awaited %v", g.Awaited())
	}
	play(t, g, "s1 assistant home")
	if g.available(0) || g.available(1) {
		t.Fatal("assistants left")
	}
}

func TestRuling13CardsTakenGoToTheHandAndMayBeArchived(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bookshop)
	g.layTile(t, Bookshop, "B1", "B2")
	g.setHand(t, 0, "A1")
	play(t, g, "s0 assistant L10", "s0 B1")
	if !g.hand[0].has(card(t, "B1")) || decision(g, 0) != "archive" || !offers(g, "s0 pass") || offers(g, "s0 A1 r0c0") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 pass")
	if !g.hand[0].has(card(t, "B1")) || g.Awaited()[0] != 1 {
		t.Fatal("a card not archived left the hand, or the seat was asked again")
	}
}

func TestRuling14ACollectionIsNeverSplit(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bindery)
	g.setHand(t, 0)
	g.setCollection(t, 0, "A1@0,0", "A2@0,1", "A3@0,2")
	play(t, g, "s0 assistant L4")
	if offers(g, "s0 r0c1") || !offers(g, "s0 r0c0") || !offers(g, "s0 r0c2") {
		t.Fatalf("offered %v", offered(g, 0))
	}
}

func TestRuling15AnswersOwedByOthersAndTheirOrder(t *testing.T) {
	t.Run("the tax is paid from the left of the collector's visitor", func(t *testing.T) {
		g := rig(t, 4, Options{}, nil, Taxes)
		play(t, g, "s0 assistant home", "s0 pass", "s1 assistant home", "s1 pass", "s2 assistant L16")
		var order []int
		for decision(g, g.Awaited()[0]) == "tax" {
			s := g.Awaited()[0]
			order = append(order, s)
			play(t, g, offered(g, s)[0])
		}
		if !slices.Equal(order, []int{3, 0, 1}) {
			t.Fatalf("order %v", order)
		}
	})
	t.Run("the den's categories are named from the acting seat on", func(t *testing.T) {
		g := rig(t, 4, Options{}, nil, Den)
		g.putAssistant(t, 0, plainKind, Den)
		g.putAssistant(t, 3, plainKind, Den)
		play(t, g, "s0 assistant home", "s0 pass", "s1 assistant home", "s1 pass", "s2 assistant L7")
		var order []int
		for decision(g, g.Awaited()[0]) == "category" {
			s := g.Awaited()[0]
			order = append(order, s)
			play(t, g, offered(g, s)[0])
		}
		if !slices.Equal(order, []int{2, 3, 0}) {
			t.Fatalf("order %v", order)
		}
	})
	t.Run("the brewery's archives and the final flips are asked of all at once", func(t *testing.T) {
		TestBreweryHandsOutCardsInSlotOrderThenEveryoneArchivesAtOnce(t)
		g := rig(t, 3, Options{}, nil)
		g.lastRound, g.roundWasLast = true, true
		finishUntil(t, g, 0, "flip")
		if aw := g.Awaited(); len(aw) != 3 {
			t.Fatalf("awaited %v", aw)
		}
	})
}

func TestRuling16ThePowersOfOnesOwnPlacement(t *testing.T) {
	t.Run("a plain assistant of the mummy's owner stacks nothing", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Mummy})
		g.setHand(t, 0, "A1")
		g.setCollection(t, 0, "B1@0,0")
		play(t, g, "s0 assistant home")
		if offers(g, "s0 A1 r0c0o") {
			t.Fatal("stacking offered")
		}
	})
	t.Run("a plain assistant of the witch's owner turns nothing over", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Witch})
		g.banned = Codex
		g.stackDeck(t, "A9", "C2")
		play(t, g, "s0 assistant home", "s0 draw")
		if decision(g, 0) == "witch" || g.Awaited()[0] != 1 {
			t.Fatal("the witch's power went off for a plain assistant")
		}
	})
}

func TestRuling17TheTentCountsEachAssistantOnce(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Tent, Auction)
	play(t, g, "s0 assistant L3b1", "s1 assistant L3b2")
	// Seat 0's outbid assistant is placed again, on the tent: one
	// assistant placed this round, twice, draws one card.
	play(t, g, "s0 assistant L1")
	if g.handN[0] != 7 {
		t.Fatalf("seat 0 holds %d cards, want 6 + 1", g.handN[0])
	}
}

func TestRuling18TheAuctionIsPaidFromTheHand(t *testing.T) {
	TestAuctionBidsRiseAndTheBidderPaysAtResolution(t)
}

func TestRuling19TheCommunityCentreGivesToAnother(t *testing.T) {
	TestCommunityCentreTakesOneAndGivesOne(t)
}

func TestRuling20TheDenCountsAssistants(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Den)
	g.putAssistant(t, 0, plainKind, Den)
	g.stackDeck(t, "A4", "C1", "H4", "L1") // fiction in each
	play(t, g, "s0 assistant L7", "s0 fiction")
	if got := hand(g, 0); !slices.Contains(got, "A4") || !slices.Contains(got, "L1") {
		t.Fatalf("seat 0 holds %v", got)
	}
	play(t, g, "s0 A4 r0c0", "s0 C1 r0c1")
	if decision(g, 0) == "archive" {
		t.Fatal("a third card may be archived with two assistants")
	}
}

func TestRuling21TheSalonsTwoActions(t *testing.T) {
	TestLiterarySalonMovesAnAssistantHomeAndRearranges(t)
	g := rig(t, 2, Options{}, nil, Salon, Bookshop)
	g.putAssistant(t, 0, plainKind, Bookshop)
	for h := 0; h < HomeSlots-1; h++ {
		g.home[0][h] = 1 // filled
	}
	g.home[0][2] = 2
	play(t, g, "s0 assistant L8")
	if offers(g, "s0 a") {
		t.Fatal("the salon moves an assistant home with no free home slot")
	}
}

func TestRuling22TheCollectorCountsMatchingBooks(t *testing.T) {
	if n := collectorBooks(card(t, "M5"), setOf(card(t, "B5"), card(t, "A7"), card(t, "A1"))); n != 5 {
		t.Fatalf("%d books match", n)
	}
	TestCollectorDrawsHalfTheMatchingBooks(t)
}

func TestRuling23TheDumpArchivesAtOnce(t *testing.T) {
	TestDumpArchivesACardOfTheNamedCategory(t)
	g := rig(t, 2, Options{}, nil, Dump)
	g.discardN = 0
	play(t, g, "s0 assistant L11")
	finishRound(t, g)
	if g.Round() != 2 {
		t.Fatal("an empty discard pile asked for a category")
	}
}

func TestRuling24TheHutMayGiveNothing(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Hut)
	g.layTile(t, Hut, "B5", "M5")
	play(t, g, "s0 assistant L14", "s0 potions", "s0 done")
	if g.Awaited()[0] != 1 || g.tiles[Hut].cardN != 2 {
		t.Fatal("taking nothing is not allowed")
	}
}

func TestRuling25TheGuildSetsOffOnlyTheTilesEffect(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Goblin}, Guild, Bookshop, Dump)
	g.layTile(t, Bookshop, "Z1", "Z2")
	g.home[0][0] = aid(0, g.special(0)) + 1 // the goblin waits at home
	g.asst[0][g.special(0)].where = aHome
	g.putAssistant(t, 1, plainKind, Bookshop)
	g.putAssistant(t, 1, plainKind, Dump)
	play(t, g, "s0 assistant L15")
	if offers(g, "s0 goblin L15s0") || !offers(g, "s0 goblin L11s0") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 goblin L10s0")
	if decision(g, 0) != "take" {
		t.Fatalf("the goblin's power went off: asked %s", decision(g, 0))
	}
}

func TestRuling26TheTaxCollectorsTrade(t *testing.T) {
	TestTaxCollectorTakesFromEveryOpponentThenTrades(t)
}

func TestRuling27TheSaleGoesRoundUntilAllPass(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Sale)
	g.setHand(t, 0, "A1", "A2")
	play(t, g, "s0 assistant L17", "s0 A1", "s0 A2", "s0 done")
	play(t, g, "s1 pass", "s2 A1 take", "s1 pass")
	// Seat 2 bought: the round goes on to seat 2 again.
	if g.Awaited()[0] != 2 {
		t.Fatalf("awaited %v", g.Awaited())
	}
	play(t, g, "s2 pass")
	if decision(g, 0) != "archive" {
		t.Fatalf("the sale did not end after every opponent passed: %s", decision(g, 0))
	}
}

func TestRuling28TheCabinetmakerMovesARun(t *testing.T) {
	TestCabinetmakerMovesARunOfCards(t)
}

func TestRuling29TheMummy(t *testing.T) {
	TestMummyBuriesCards(t)
}

func TestRuling30TheWizardPushesARowRun(t *testing.T) {
	TestWizardPushesARunAsideToArchive(t)
}

func TestRuling31TheWitchChecksEachCardOnce(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Witch})
	g.banned = Codex
	g.stackDeck(t, "A9", "A7") // both hold codex books
	play(t, g, "s0 witch home", "s0 draw", "s0 A7")
	if decision(g, 0) == "witch" || g.Awaited()[0] != 1 {
		t.Fatal("the card turned over set the witch off again")
	}
}

func TestRuling32TheCubesRandomCard(t *testing.T) {
	TestCubeMakesArrivingOpponentsPay(t)
}

func TestRuling33TheGoblin(t *testing.T) {
	TestGoblinAsksEachOpponentOnTheTileForACategory(t)
}

func TestRuling34TheBookworm(t *testing.T) {
	TestBookwormTakesBothHomeActionsAndOnceMore(t)
}

func TestRuling35TheGhostDrawsOnlyWhenSharing(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Ghost}, Bookshop)
	g.layTile(t, Bookshop, "Z1")
	play(t, g, "s0 ghost L10")
	if g.handN[0] != 6 || decision(g, 0) != "take" {
		t.Fatal("the ghost drew on a free slot")
	}
}

func TestRuling36TheGolem(t *testing.T) {
	TestGolemSavesACardFromEachTileUpToItsOwn(t)
}

func TestRuling37TheWispBurnsUnseenCardsAtRandom(t *testing.T) {
	TestWispBurnsTileCardsForHomeActions(t)
}

func TestRuling38TheAutomatonAndTheSasquatch(t *testing.T) {
	TestAutomatonTakesAHomeActionPerOtherAssistantOnItsTile(t)
	TestSasquatchAvoidsOpponentsAndMayBeRecalled(t)
}

// collectionOf fills seat's collection with n cards in one row, one of
// them (if buried) under another.
func collectionOf(t *testing.T, g *Game, seat, n int, buried bool) {
	var cards []int
	for c := 0; len(cards) < n && c < NumCards; c++ {
		if g.inDeck(c) {
			cards = append(cards, c)
		}
	}
	for i, c := range cards {
		g.extract(c)
		if buried && i == n-1 {
			g.placeCard(seat, c, 0, 0, PosUnder)
			continue
		}
		g.placeCard(seat, c, 0, int16(i), PosPlain)
	}
	g.checkCards(t)
}

func TestRuling39WhatCallsTheLastRound(t *testing.T) {
	for seats := 2; seats <= MaxSeats; seats++ {
		for _, long := range []bool{false, true} {
			need := EndTrigger(seats, long)
			for _, n := range []int{need - 1, need} {
				t.Run(fmt.Sprintf("%d seats, long %v, %d cards", seats, long, n), func(t *testing.T) {
					g := rig(t, seats, Options{Long: long}, nil)
					collectionOf(t, g, 1, n, true) // one of them buried
					finishRound(t, g)
					called, by := g.LastRound()
					if called != (n >= need) || (called && by != 1) {
						t.Fatalf("called %v by %d", called, by)
					}
					if !called {
						return
					}
					finishRound(t, g) // the last round, then the inspection
					if !g.Over() || g.Round() != 2 {
						t.Fatalf("round %d: the game did not end after the last round", g.Round())
					}
				})
			}
		}
	}
}

func TestRuling40TheDeckRunningOut(t *testing.T) {
	g := rig(t, 2, Options{}, nil)
	for g.deckN > 0 {
		c := g.popDeck()
		g.toDiscard(c)
	}
	play(t, g, "s0 assistant home")
	ev := play(t, g, "s0 draw")
	shuffled := false
	for _, e := range ev {
		shuffled = shuffled || e.Kind == EvReshuffled
	}
	if !shuffled || g.discardN != 0 || g.handN[0] != 7 {
		t.Fatal("the discard pile did not become the deck")
	}
	t.Run("solo: the public library is never shuffled back", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil)
		for g.deckN > 0 {
			g.toDiscard(g.popDeck())
		}
		play(t, g, "s0 assistant home")
		if offers(g, "s0 draw") {
			t.Fatal("a draw from an empty solo deck")
		}
	})
}

func TestRuling41TheRoundLimit(t *testing.T) {
	g := rig(t, 2, Options{}, nil)
	g.round = MaxRounds - 1
	finishRound(t, g)
	if called, by := g.LastRound(); !called || by != -1 || g.Round() != MaxRounds {
		t.Fatalf("round %d, called %v by %d", g.Round(), called, by)
	}
	finishRound(t, g)
	if !g.Over() || g.Round() != MaxRounds {
		t.Fatal("the game goes past the round limit")
	}
}

func TestRuling42TheAlphabeticalCheck(t *testing.T) {
	TestAlphabeticalCheck(t)
}

func TestRuling43PopularTies(t *testing.T) {
	TestPopularBooksAreShared(t)
}

func TestRuling44Stability(t *testing.T) {
	TestStabilityIsTheLargestRectangleOnTheLowestRow(t)
}

func TestRuling45TieBreaks(t *testing.T) {
	TestTieBreaks(t)
}

func TestRuling46SoloTilesRoundByRound(t *testing.T) {
	TestSoloTilesShrinkByOneEachRound(t)
}

func TestRuling47SoloDifficulty(t *testing.T) {
	for level := range SoloLevels() {
		g, _ := New(uint64(level), 1, Options{Level: level})
		draft(t, g)
		if int(g.discardN) != level+1 {
			t.Fatalf("level %d: %d cards for the public library in round 1", level, g.discardN)
		}
	}
}

func TestRuling48SoloHintsAndThePublicLibrary(t *testing.T) {
	g, _ := New(12, 1, Options{})
	draft(t, g)
	hints := map[int]int{}
	for !g.Over() {
		hints[g.Round()] = len(g.Hints())
		finishRound(t, g)
		for !g.Over() && g.Round() == 5 && decision(g, 0) == "flip" {
			play(t, g, "s0 done")
		}
	}
	if hints[1] != 0 || hints[2] != 1 || hints[3] != 1 || hints[4] != 2 || hints[5] != 2 {
		t.Fatalf("hints by round %v", hints)
	}
	for _, h := range g.Hints() {
		if h == g.PublicSpeciality() || h == g.Speciality(0) {
			t.Fatal("a hint is a speciality")
		}
	}
	if g.HandSize(0) != 0 {
		t.Fatal("the last hand did not go to the public library")
	}
	pub := g.PublicLibrary()
	if pub[0].Points != 0 || (pub[1].Points == 0) == (g.Results()[0].Rows[1].Points == 0) {
		t.Fatalf("public %v, seat %v: the popular reward goes to exactly one", pub, g.Results()[0].Rows)
	}
}

func TestRuling49SoloResults(t *testing.T) {
	g, _ := playRandom(t, 21, 1, Options{})
	res := g.Results()
	if len(res) != 1 || res[0].Rank != 1 || len(res[0].Rows) != 6 || res[0].Rows[5].Category != RowPublic {
		t.Fatalf("%+v", res)
	}
	if g.SoloWon() != (res[0].Score > res[0].Rows[5].Points) {
		t.Fatal("SoloWon disagrees with the scores")
	}
}

func TestRuling50TakingAPlacementBack(t *testing.T) {
	undoOffered := func(g *Game, seat int) bool {
		steps := g.Next(seat, nil)
		last := len(steps) - 1
		return last >= 0 && steps[last].Key == UndoKey && steps[last].Move != nil && steps[last].Move.String() == "s"+itoa(seat)+" undo"
	}
	t.Run("the whole placement is taken back and the game stands where it stood before it", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Exchange)
		g.setHand(t, 0, "A1", "A2")
		g.layTile(t, Exchange, "B1", "B2", "B3")
		before := g.Clone()
		if g.CanUndo(0) || undoOffered(g, 0) {
			t.Fatal("an undo is offered before anything was placed")
		}
		refused(t, g, "s0 undo", CodeCannotUndo)
		play(t, g, "s0 assistant L2")
		if !g.CanUndo(0) || !undoOffered(g, 0) || g.Next(0, []string{"A1"}) == nil {
			t.Fatal("no undo offered at the exchange")
		}
		for _, st := range g.Next(0, []string{"A1"}) {
			if st.Key == UndoKey {
				t.Fatal("the undo is offered once a move is under way")
			}
		}
		play(t, g, "s0 A1 B3")
		if decision(g, 0) != "archive" || !undoOffered(g, 0) {
			t.Fatalf("asked %s: no undo offered after the exchange", decision(g, 0))
		}
		key := g.StepKey()
		ev := play(t, g, "s0 undo")
		if len(ev) != 1 || ev[0].Kind != EvUndone || ev[0].Seat != 0 || ev[0].Loc != Exchange || ev[0].Lib != NoLibrary {
			t.Fatalf("the undo told %+v", ev)
		}
		if g.Played() != before.Played()+3 || g.StepKey() == key || g.CanUndo(0) {
			t.Fatalf("played %d (before %d), step %s (was %s), undo still offered %v", g.Played(), before.Played(), g.StepKey(), key, g.CanUndo(0))
		}
		want := *before
		want.played, want.steps = g.played, g.steps
		if !sameGame(&want, g) {
			t.Fatal("the game after the undo is not the game before the placement")
		}
		play(t, g, "s0 assistant L2", "s0 A2 B1")
		if !g.hand[0].has(card(t, "B1")) || !g.hand[0].has(card(t, "A1")) || !g.tiles[Exchange].cards.has(card(t, "A2")) {
			t.Fatal("the game did not go on from before the placement")
		}
	})
	t.Run("a card drawn closes the way back", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Bookseller)
		g.setHand(t, 0, "A1", "A2", "A3")
		g.stackDeck(t, "C1", "C2", "C3")
		play(t, g, "s0 assistant L6", "s0 A1")
		if !g.CanUndo(0) {
			t.Fatal("no undo after a discard")
		}
		play(t, g, "s0 done")
		if decision(g, 0) != "archive" || g.CanUndo(0) || undoOffered(g, 0) || !g.LastMoveRevealed() {
			t.Fatalf("asked %s after drawing: undo offered %v", decision(g, 0), g.CanUndo(0))
		}
		refused(t, g, "s0 undo", CodeCannotUndo)
	})
	t.Run("cards looked at close the way back", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Hut)
		g.layTile(t, Hut, "B1", "B2", "B3", "B4")
		play(t, g, "s0 assistant L14")
		if !g.CanUndo(0) {
			t.Fatalf("asked %s at the hut: no undo", decision(g, 0))
		}
		play(t, g, "s0 potions")
		if decision(g, 0) != "hut_take" || g.CanUndo(0) {
			t.Fatalf("asked %s after looking at the hut: undo offered %v", decision(g, 0), g.CanUndo(0))
		}
		refused(t, g, "s0 undo", CodeCannotUndo)
	})
	t.Run("another seat's answer closes the way back", func(t *testing.T) {
		g := rig(t, 3, Options{}, nil, Taxes)
		g.setHand(t, 0, "A1", "A2")
		g.setHand(t, 1, "B1")
		g.setHand(t, 2, "C1")
		play(t, g, "s0 assistant L16")
		refused(t, g, "s0 undo", CodeNotAwaited)
		play(t, g, "s1 B1", "s2 C1")
		if decision(g, 0) != "discard" || g.CanUndo(0) {
			t.Fatalf("asked %s after the taxes: undo offered %v", decision(g, 0), g.CanUndo(0))
		}
		refused(t, g, "s0 undo", CodeCannotUndo)
	})
	t.Run("once the placement is over, neither its seat nor the next may undo it", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Exchange)
		g.setHand(t, 0, "A1")
		g.layTile(t, Exchange, "B1")
		play(t, g, "s0 assistant L2", "s0 A1 B1", "s0 pass")
		if g.Awaited()[0] != 1 || g.CanUndo(0) || g.CanUndo(1) || undoOffered(g, 1) {
			t.Fatal("an undo is offered after the placement")
		}
		refused(t, g, "s1 undo", CodeCannotUndo)
		refused(t, g, "s0 undo", CodeNotAwaited)
	})
	t.Run("a game with undos replays the same, and a snapshot keeps the way back", func(t *testing.T) {
		for seed := uint64(1); seed <= 6; seed++ {
			seats := 2 + int(seed%3)
			g, err := New(seed, seats, Options{})
			if err != nil {
				t.Fatal(err)
			}
			r := newTestRNG(seed)
			var buf []Action
			var moves []Move
			undos := 0
			for !g.Over() {
				var seat int
				var a Action
				buf, seat, a = randomAction(g, r, buf)
				m := Move{Seat: seat, Keys: a.Keys()}
				if g.CanUndo(seat) && r.IntN(3) == 0 {
					back := roundTrip(t, g)
					if !back.CanUndo(seat) {
						t.Fatalf("seed %d at %s: the snapshot lost the way back", seed, g.StepKey())
					}
					m = Move{Seat: seat, Keys: []string{UndoKey}}
					if _, err := back.Apply(m); err != nil {
						t.Fatal(err)
					}
					play(t, g, m.String())
					if normalized(back) != normalized(g) {
						t.Fatalf("seed %d at %s: the snapshot's undo differs", seed, g.StepKey())
					}
					undos++
				} else if _, err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m)
			}
			if undos == 0 {
				t.Fatalf("seed %d: no undo played", seed)
			}
			again, err := Replay(seed, seats, Options{}, moves)
			if err != nil {
				t.Fatal(err)
			}
			if !sameGame(again, g) {
				t.Fatalf("seed %d: %d moves with %d undos replay to another game", seed, len(moves), undos)
			}
		}
	})
	t.Run("a play-out's Do keeps no way back, Apply and PlayMove do", func(t *testing.T) {
		for _, how := range []string{"Do", "Apply", "PlayMove"} {
			g := rig(t, 2, Options{}, nil, Exchange)
			g.setHand(t, 0, "A1")
			g.layTile(t, Exchange, "B1")
			m := Move{Seat: 0, Keys: []string{"assistant", "L2"}}
			var err error
			switch how {
			case "Do":
				err = g.Do(0, Action{Kind: ActPlace, A: int16(plainKind), B: int16(Exchange)})
			case "Apply":
				_, err = g.Apply(m)
			default:
				err = g.PlayMove(m)
			}
			if err != nil || decision(g, 0) != "exchange" || g.CanUndo(0) != (how != "Do") {
				t.Fatalf("%s: %v, asked %s, undo offered %v", how, err, decision(g, 0), g.CanUndo(0))
			}
		}
	})
	t.Run("a view offers the undo as its game does, a draw from it does not", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Exchange)
		g.setHand(t, 0, "A1")
		g.layTile(t, Exchange, "B1")
		play(t, g, "s0 assistant L2")
		for _, v := range []int{-1, 0, 1} {
			if view := g.View(v); !view.CanUndo(0) || !undoOffered(view, 0) || view.undo != nil {
				t.Fatalf("view %d: offered %v, holding the game before %v", v, view.CanUndo(0), view.undo != nil)
			}
		}
		if d := g.Determinize(1, 3); d.CanUndo(0) || undoOffered(d, 0) {
			t.Fatal("a draw from a view offers an undo")
		}
		if _, err := g.View(0).Apply(Move{Seat: 0, Keys: []string{UndoKey}}); err == nil {
			t.Fatal("an undo was played on a view")
		}
	})
}
