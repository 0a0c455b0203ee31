package exlibris

import (
	"slices"
	"testing"
)

// Each location's effect, played through moves on a rigged table. The
// rigs use plain libraries (three plain assistants a seat) unless a power
// is under test.

func TestTentDrawsPerAssistantPlacedAndTakesTheToken(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Tent, Bookshop)
	g.stackDeck(t, "A1", "A2", "A3", "A4")
	play(t, g, "s0 assistant home", "s0 draw") // seat 0 draws A1
	play(t, g, "s1 assistant L1")              // seat 1's first assistant: one card
	if got := hand(g, 1); !slices.Contains(got, "A2") || len(got) != 7 {
		t.Fatalf("seat 1 holds %v", got)
	}
	if g.first != 1 {
		t.Fatalf("the token is with seat %d", g.first)
	}
	play(t, g, "s2 assistant home", "s2 pass", "s0 assistant L1") // seat 0's second assistant: two cards
	if got := hand(g, 0); !slices.Contains(got, "A3") || !slices.Contains(got, "A4") || len(got) != 9 {
		t.Fatalf("seat 0 holds %v", got)
	}
	if g.first != 0 {
		t.Fatalf("the token is with seat %d, want the last visitor", g.first)
	}
}

func TestExchangeSwapsAHandCardForATileCard(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Exchange)
	g.setHand(t, 0, "A1", "A2")
	g.layTile(t, Exchange, "B1", "B2", "B3")
	play(t, g, "s0 assistant L2")
	if decision(g, 0) != "exchange" || !offers(g, "s0 A1 B3") || offers(g, "s0 pass") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 A1 B3")
	if !g.tiles[Exchange].cards.has(card(t, "A1")) || !g.hand[0].has(card(t, "B3")) {
		t.Fatal("the cards were not swapped")
	}
	if offers(g, "s0 A2 r0c0") || !offers(g, "s0 B3 r0c0") {
		t.Fatalf("only the card taken may be archived: %v", offered(g, 0))
	}
	play(t, g, "s0 B3 r0c0")
	if !g.coll[0].has(card(t, "B3")) || g.Awaited()[0] != 1 {
		t.Fatal("B3 not archived or the turn did not pass")
	}
	t.Run("an empty hand makes the exchange do nothing", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Exchange)
		g.setHand(t, 0)
		g.layTile(t, Exchange, "B1")
		play(t, g, "s0 assistant L2")
		if g.Awaited()[0] != 1 {
			t.Fatal("the exchange asked something of an empty hand")
		}
	})
}

func TestAuctionBidsRiseAndTheBidderPaysAtResolution(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Auction)
	g.layTile(t, Auction, "B1", "B2", "B3")
	g.setHand(t, 0, "A1", "A2", "A3")
	g.setHand(t, 1, "C1")
	play(t, g, "s0 assistant L3b1")
	if offers(g, "s1 assistant L3b1") || !offers(g, "s1 assistant L3b2") || !offers(g, "s1 assistant L3b4") {
		t.Fatalf("seat 1 is offered %v", offered(g, 1))
	}
	play(t, g, "s1 assistant L3b2")
	if g.countOn(Auction, 0) != 0 || !g.available(0) {
		t.Fatal("the outbid assistant did not go back to its owner")
	}
	play(t, g, "s0 assistant L3b3")
	for decision(g, 0) != "pay" {
		seat := g.Awaited()[0]
		play(t, g, map[string]string{"place": "s" + itoa(seat) + " assistant home", "home": "s" + itoa(seat) + " pass"}[decision(g, seat)])
	}
	play(t, g, "s0 A1", "s0 A2", "s0 A3")
	if got := hand(g, 0); len(got) != 3 || !slices.Contains(got, "B1") {
		t.Fatalf("seat 0 holds %v after paying three and taking three", got)
	}
	play(t, g, "s0 B1 r0c0", "s0 B2 r0c1", "s0 B3 r1c0")
	if g.collectionSize(0) != 3 {
		t.Fatal("the auction's cards were not archived")
	}
	t.Run("one's own bid must be raised too", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Auction)
		play(t, g, "s0 assistant L3b2", "s1 assistant home", "s1 pass")
		if offers(g, "s0 assistant L3b2") || !offers(g, "s0 assistant L3b3") {
			t.Fatalf("seat 0 is offered %v", offered(g, 0))
		}
		play(t, g, "s0 assistant L3b4")
		if g.countOn(Auction, 0) != 1 || g.asstOf(g.slotOccupant(Auction, 3)).kind != plainKind {
			t.Fatal("seat 0's higher bid did not replace its own")
		}
		if offers(g, "s1 assistant L3b4") {
			t.Fatal("a bid of four can still be raised")
		}
	})
	t.Run("a bidder who cannot pay gets nothing and pays nothing", func(t *testing.T) {
		g := rig(t, 2, Options{}, nil, Auction)
		g.layTile(t, Auction, "B1", "B2", "B3")
		g.setHand(t, 0, "A1")
		play(t, g, "s0 assistant L3b2")
		finishRound(t, g)
		if got := hand(g, 0); len(got) != 1 || got[0] != "A1" {
			t.Fatalf("seat 0 holds %v", got)
		}
	})
}

func TestBinderyDiscardsThenArchivesOneOrTwo(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bindery)
	g.setHand(t, 0, "A1", "A2", "A3")
	g.setCollection(t, 0, "B1@0,0", "B2@0,1")
	play(t, g, "s0 assistant L4")
	if decision(g, 0) != "discard" || offers(g, "s0 done") {
		t.Fatalf("asked %s, offered %v: at least one card must go", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 r0c1") // a collection card
	if !g.discardSet().has(card(t, "B2")) {
		t.Fatal("B2 not discarded")
	}
	play(t, g, "s0 done")
	if offers(g, "s0 pass") {
		t.Fatal("the first archive may be skipped")
	}
	play(t, g, "s0 A1 r0c1")
	if !offers(g, "s0 pass") {
		t.Fatal("the second archive is compulsory")
	}
	play(t, g, "s0 A2 r1c0")
	if g.Awaited()[0] != 1 || g.collectionSize(0) != 3 {
		t.Fatal("the bindery archived more than two or did not end")
	}
}

func TestCommunityCentreTakesOneAndGivesOne(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Community)
	g.layTile(t, Community, "B1", "B2", "B3")
	play(t, g, "s0 assistant L5", "s0 B2")
	if decision(g, 0) != "give" || offers(g, "s0 B1 p0") || !offers(g, "s0 B1 p2") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 B1 p2")
	if !g.hand[2].has(card(t, "B1")) || !g.pub.has(card(t, "B1")) {
		t.Fatal("the gift did not reach seat 2's hand openly")
	}
	if decision(g, 0) != "archive" || offers(g, "s0 B1 r0c0") {
		t.Fatalf("archive offers %v", offered(g, 0))
	}
	play(t, g, "s0 B2 r0c0")
	// The second visitor takes the last card; nothing is left to give.
	play(t, g, "s1 assistant L5", "s1 B3")
	if decision(g, 1) != "archive" {
		t.Fatalf("asked %s", decision(g, 1))
	}
}

func TestBooksellerDrawsOneMoreThanDiscarded(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bookseller)
	g.setHand(t, 0, "A1", "A2", "A3")
	g.stackDeck(t, "C1", "C2", "C3")
	play(t, g, "s0 assistant L6", "s0 A1", "s0 A2", "s0 done")
	if got := hand(g, 0); len(got) != 4 || !slices.Contains(got, "C3") {
		t.Fatalf("seat 0 holds %v", got)
	}
	if offers(g, "s0 A3 r0c0") || !offers(g, "s0 C2 r0c0") {
		t.Fatalf("only a drawn card may be archived: %v", offered(g, 0))
	}
	play(t, g, "s0 C1 r0c0")
	if g.Awaited()[0] != 1 {
		t.Fatal("a second card may be archived")
	}
}

// denTable sets the rulebook's example up: seats 1 and 2 already in the
// den, seat 0 (the active seat) arriving; the deck's four top cards hold
// 4 fiction, potions books and 3 codex books.
func denTable(t *testing.T, potionsFirst string) *Game {
	g := rig(t, 3, Options{}, nil, Den)
	g.putAssistant(t, 1, plainKind, Den)
	g.putAssistant(t, 2, plainKind, Den)
	g.stackDeck(t, potionsFirst, "U1", "J1", "R2")
	play(t, g, "s0 assistant L7")
	if decision(g, 0) != "category" {
		t.Fatalf("the active seat is asked %s", decision(g, 0))
	}
	play(t, g, "s0 fiction", "s1 potions", "s2 codex")
	return g
}

func TestGamblingDenGoesToTheBestNamedCategory(t *testing.T) {
	t.Run("five potions beat four fiction: potions takes its cards and archives up to three", func(t *testing.T) {
		g := denTable(t, "B5") // B5 holds two potions books
		if got := hand(g, 1); !slices.Contains(got, "B5") || !slices.Contains(got, "U1") || !slices.Contains(got, "J1") || slices.Contains(got, "R2") {
			t.Fatalf("seat 1 holds %v", got)
		}
		if !g.discardSet().has(card(t, "R2")) {
			t.Fatal("the card without potions was not discarded")
		}
		if decision(g, 1) != "archive" {
			t.Fatalf("the winner is asked %s", decision(g, 1))
		}
		play(t, g, "s1 B5 r0c0", "s1 U1 r0c1", "s1 J1 r0c2")
		if g.collectionSize(1) != 3 || decision(g, 1) == "archive" {
			t.Fatal("the winner could not archive one card per assistant, or more")
		}
	})
	t.Run("a tie goes to the active seat", func(t *testing.T) {
		g := denTable(t, "A7") // one potions book fewer: 4 against 4
		if got := hand(g, 0); !slices.Contains(got, "U1") || !slices.Contains(got, "J1") || !slices.Contains(got, "R2") || slices.Contains(got, "A7") {
			t.Fatalf("seat 0 holds %v", got)
		}
	})
}

func TestLiterarySalonMovesAnAssistantHomeAndRearranges(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Salon, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2")
	g.setHand(t, 0, "A1", "A2")
	g.setCollection(t, 0, "B1@0,0", "B2@0,1", "B3@0,2")
	play(t, g, "s0 assistant L10", "s0 Z1", "s0 pass", "s1 assistant home", "s1 pass")
	play(t, g, "s0 assistant L8")
	if decision(g, 0) != "salon" || !offers(g, "s0 a") || !offers(g, "s0 swap r0c0 A1") || !offers(g, "s0 swap2 r0c0 r0c2") || !offers(g, "s0 move r0c0 r1c1") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	if offers(g, "s0 move r0c1 r1c1") {
		t.Fatal("a move that splits the collection is offered")
	}
	play(t, g, "s0 swap2 r0c0 r0c2")
	if g.topAt(0, 0, 0) != card(t, "B3") || g.topAt(0, 0, 2) != card(t, "B1") {
		t.Fatal("the two cards did not change places")
	}
	if offers(g, "s0 swap r0c0 A1") {
		t.Fatal("the second action was offered twice")
	}
	play(t, g, "s0 a")
	if decision(g, 0) != "salon_move" || !offers(g, "s0 assistant L10") || len(offered(g, 0)) != 1 {
		t.Fatalf("asked %s, offered %v (not the salon's own assistant)", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 assistant L10", "s0 draw")
	if g.countOn(Bookshop, 0) != 0 || g.home[0][0] == 0 {
		t.Fatal("the assistant did not move home")
	}
	if g.Awaited()[0] != 1 {
		t.Fatalf("the salon goes on: %s", decision(g, 0))
	}
}

func TestCollectorDrawsHalfTheMatchingBooks(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Collector)
	g.layTile(t, Collector, "M5") // codex, potions
	// B5: codex, history, potions, potions: 3 matching; A7: codex,
	// history, potions: 2 matching; total 5, so two cards.
	g.setHand(t, 0, "B5", "A9")
	g.setCollection(t, 0, "A7@0,0")
	g.stackDeck(t, "C1", "C2", "C3")
	play(t, g, "s0 assistant L9", "s0 B5", "s0 r0c0", "s0 done")
	if got := hand(g, 0); len(got) != 3 || !slices.Contains(got, "C2") || slices.Contains(got, "C3") {
		t.Fatalf("seat 0 holds %v, want A9 and two cards drawn", got)
	}
	play(t, g, "s0 C1 r0c0", "s0 C2 r0c1")
	if g.Awaited()[0] != 1 {
		t.Fatal("more than two cards may be archived")
	}
}

func TestBookshopTakesOneCard(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bookshop)
	g.layTile(t, Bookshop, "B1", "B2")
	play(t, g, "s0 assistant L10", "s0 B2", "s0 B2 r0c0")
	if !g.coll[0].has(card(t, "B2")) || g.tiles[Bookshop].cardN != 1 {
		t.Fatal("the bookshop did not give one card")
	}
}

func TestDumpArchivesACardOfTheNamedCategory(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Dump)
	for _, c := range []string{"M5", "C9", "A1"} {
		k := card(t, c)
		g.extract(k)
		g.toDiscard(k)
	}
	play(t, g, "s0 assistant L11")
	finishUntil(t, g, 0, "category")
	play(t, g, "s0 potions")
	if decision(g, 0) != "dump_take" || !offers(g, "s0 M5 r0c0") || offers(g, "s0 C9 r0c0") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 M5 r0c0")
	if !g.coll[0].has(card(t, "M5")) || g.discardSet().has(card(t, "M5")) {
		t.Fatal("M5 did not move from the discard pile into the collection")
	}
}

// finishUntil plays the round the quiet way until seat is asked kind.
func finishUntil(t *testing.T, g *Game, seat int, kind string) {
	t.Helper()
	for steps := 0; decision(g, seat) != kind; steps++ {
		if steps > 200 || g.Over() {
			t.Fatalf("seat %d was never asked %s", seat, kind)
		}
		s := g.Awaited()[0]
		p := "s" + itoa(s)
		switch {
		case offers(g, p+" assistant home"):
			play(t, g, p+" assistant home")
		case offers(g, p+" pass"):
			play(t, g, p+" pass")
		case offers(g, p+" done"):
			play(t, g, p+" done")
		default:
			play(t, g, offered(g, s)[0])
		}
	}
}

func TestBreweryHandsOutCardsInSlotOrderThenEveryoneArchivesAtOnce(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Brewery)
	g.stackDeck(t, "A1", "A2", "A3", "A4", "A5", "A6")
	play(t, g, "s0 assistant L12", "s1 assistant L12", "s2 assistant home", "s2 pass", "s0 assistant L12")
	finishUntil(t, g, 0, "brewery_pick")
	// Six cards for three assistants, taken in slot order: seat 0, 1, 0.
	if got := g.limbo.count(); got != 6 {
		t.Fatalf("%d cards turned over", got)
	}
	play(t, g, "s0 A1", "s1 A2", "s0 A3", "s0 A4", "s1 A5", "s0 A6")
	if aw := g.Awaited(); len(aw) != 2 || decision(g, 0) != "brewery_archive" || decision(g, 1) != "brewery_archive" {
		t.Fatalf("awaited %v", aw)
	}
	key := g.StepKey()
	play(t, g, "s1 A2 r0c0")
	if g.StepKey() != key {
		t.Fatal("the shared step changed its key before everyone was done")
	}
	play(t, g, "s0 A1 r0c0", "s0 done")
	if aw := g.Awaited(); len(aw) != 1 || aw[0] != 1 {
		t.Fatalf("awaited %v", aw)
	}
	play(t, g, "s1 done")
	if g.StepKey() == key {
		t.Fatal("the key did not change when the shared step ended")
	}
}

func TestFleaMarketGivesASecondCardToALaterVisitor(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Flea)
	g.layTile(t, Flea, "B1", "B2", "B3", "B4")
	play(t, g, "s0 assistant L13", "s0 B1", "s0 pass")
	play(t, g, "s1 assistant L13", "s1 B2")
	if decision(g, 1) != "take" {
		t.Fatalf("the second visitor is asked %s, not a second card", decision(g, 1))
	}
	play(t, g, "s1 B3", "s1 B2 r0c0", "s1 B3 r0c1")
	if g.collectionSize(1) != 2 {
		t.Fatal("both cards taken may be archived")
	}
}

func TestMysteriousHutShowsItsCardsToTheVisitorAlone(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Hut)
	g.layTile(t, Hut, "B5", "M5", "C9", "A1") // potions: B5, M5
	if g.View(0).tiles[Hut].cards.count() != 0 {
		t.Fatal("face-down cards show in a view")
	}
	play(t, g, "s0 assistant L14")
	if offers(g, "s0 B5") {
		t.Fatal("a card was offered before the category was named")
	}
	ev := play(t, g, "s0 potions")
	looked := false
	for _, e := range ev {
		if e.Kind == EvLooked {
			looked = e.Private && e.Seat == 0 && len(e.Cards) == 4
		}
	}
	if !looked {
		t.Fatal("the visitor was not shown the cards privately")
	}
	if g.View(0).tiles[Hut].cards.count() != 4 || g.View(1).tiles[Hut].cards.count() != 0 {
		t.Fatal("the views do not show the cards to the visitor alone")
	}
	if !offers(g, "s0 B5") || !offers(g, "s0 M5") || offers(g, "s0 C9") || !offers(g, "s0 done") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 B5", "s0 M5", "s0 M5 r0c0")
	if g.View(1).tiles[Hut].cards.count() != 0 || !g.View(1).hand[0].has(card(t, "B5")) {
		t.Fatal("the cards taken are not shown to all, or the rest is")
	}
}

func TestGuildSendsAnAssistantFromHomeOntoAnOpponentsPlace(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Guild, Bookshop)
	g.layTile(t, Bookshop, "B1", "B2")
	play(t, g, "s0 assistant home", "s0 pass")
	play(t, g, "s1 assistant L10", "s1 B1", "s1 pass")
	play(t, g, "s0 assistant L15")
	if decision(g, 0) != "guild" || !offers(g, "s0 assistant L10s0") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 assistant L10s0")
	if g.countOn(Bookshop, 0) != 1 || g.countOn(Bookshop, 1) != 0 || !g.available(1) {
		t.Fatal("the guild did not swap the assistants")
	}
	if decision(g, 0) != "take" {
		t.Fatalf("the bookshop's effect did not follow: %s", decision(g, 0))
	}
	play(t, g, "s0 B2", "s0 pass")
	if g.home[0] != [HomeSlots]int8{} {
		t.Fatal("the home slot was not freed")
	}
}

func TestTaxCollectorTakesFromEveryOpponentThenTrades(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Taxes)
	g.setHand(t, 0, "A1", "A2")
	g.setHand(t, 1, "B1")
	g.setHand(t, 2)
	g.setCollection(t, 2, "C1@0,0", "C2@0,1", "C3@0,2")
	play(t, g, "s0 assistant L16")
	if decision(g, 1) != "tax" {
		t.Fatalf("seat 1 is asked %s", decision(g, 1))
	}
	play(t, g, "s1 B1")
	if !offers(g, "s2 r0c0") || offers(g, "s2 r0c1") {
		t.Fatalf("seat 2 is offered %v (not the card holding its collection together)", offered(g, 2))
	}
	play(t, g, "s2 r0c2")
	if g.tiles[Taxes].cardN != 2 {
		t.Fatalf("%d cards on the tax collector", g.tiles[Taxes].cardN)
	}
	play(t, g, "s0 A1", "s0 done")
	if !g.discardSet().has(card(t, "A1")) || decision(g, 0) != "take" {
		t.Fatal("the trade did not start")
	}
	play(t, g, "s0 C3", "s0 C3 r0c0")
	if g.tiles[Taxes].cardN != 1 {
		t.Fatal("more than one card was taken for one discarded")
	}
}

func TestGreatSaleSellsToOpponentsAndRepaysTheSeller(t *testing.T) {
	g := rig(t, 3, Options{}, nil, Sale)
	g.setHand(t, 0, "A1", "A2", "A3")
	g.stackDeck(t, "D1", "D2", "D3", "D4")
	play(t, g, "s0 assistant L17", "s0 A1", "s0 A2", "s0 done")
	if decision(g, 1) != "sale_buy" || !offers(g, "s1 A1 take") || !offers(g, "s1 A1 r0c0") || offers(g, "s1 A3 take") {
		t.Fatalf("seat 1 is asked %s, offered %v", decision(g, 1), offered(g, 1))
	}
	play(t, g, "s1 A1 take", "s2 pass", "s1 A2 r0c0")
	// All revealed cards are sold: for each, the seller draws two and
	// archives one.
	if decision(g, 0) != "archive" || offers(g, "s0 pass") {
		t.Fatalf("the seller is asked %s", decision(g, 0))
	}
	play(t, g, "s0 D1 r0c0", "s0 D3 r0c1")
	if g.collectionSize(0) != 2 || g.Awaited()[0] != 1 {
		t.Fatal("the seller was not repaid twice")
	}
	t.Run("the sale ends when every opponent passes in a row", func(t *testing.T) {
		g := rig(t, 3, Options{}, nil, Sale)
		g.setHand(t, 0, "A1")
		play(t, g, "s0 assistant L17", "s0 A1", "s0 done", "s1 pass", "s2 pass")
		if g.Awaited()[0] != 1 || decision(g, 1) != "place" {
			t.Fatalf("the sale goes on: seat %v asked %s", g.Awaited(), decision(g, 1))
		}
	})
}

func TestCabinetmakerMovesARunOfCards(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Cabinet)
	g.setCollection(t, 0, "A1@0,0", "A2@0,1", "A3@0,2", "B1@1,0")
	play(t, g, "s0 assistant L18")
	if !offers(g, "s0 r0c1 r0c2 r1c1") || !offers(g, "s0 r0c0 r0c0 r1c1") || offers(g, "s0 r0c0 r0c0 r0c3") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 r0c1 r0c2 r1c1")
	if g.topAt(0, 1, 1) != card(t, "A2") || g.topAt(0, 1, 2) != card(t, "A3") || g.topAt(0, 0, 1) >= 0 {
		t.Fatal("the run did not move in one piece")
	}
}

func TestSalonRearrangesEvenWithNoAssistantToBringHome(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Salon)
	g.setCollection(t, 0, "B1@0,0", "B2@0,1")
	play(t, g, "s0 assistant L8")
	if decision(g, 0) != "salon" || offers(g, "s0 a") || !offers(g, "s0 swap2 r0c0 r0c1") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
}
