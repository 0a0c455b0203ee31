package exlibris

import (
	"slices"
	"testing"
)

// Each special assistant's power, played through moves.

func TestGoblinAsksEachOpponentOnTheTileForACategory(t *testing.T) {
	g := rig(t, 3, Options{}, []Library{Goblin}, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2", "Y1")
	g.putAssistant(t, 1, plainKind, Bookshop)
	g.putAssistant(t, 2, plainKind, Bookshop)
	g.setHand(t, 1, "B5", "M5", "A1") // potions: B5, M5
	g.setHand(t, 2, "A1x"[:2])
	play(t, g, "s0 goblin L10")
	if decision(g, 0) != "goblin" || !offers(g, "s0 p1 potions") || !offers(g, "s0 p2 codex") || !offers(g, "s0 pass") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 p1 potions")
	if decision(g, 1) != "goblin_give" || !offers(g, "s1 B5") || offers(g, "s1 A1") {
		t.Fatalf("seat 1 is asked %s, offered %v", decision(g, 1), offered(g, 1))
	}
	play(t, g, "s1 M5")
	if !g.hand[0].has(card(t, "M5")) {
		t.Fatal("the goblin's owner did not get the card")
	}
	if offers(g, "s0 p1 fiction") {
		t.Fatal("an opponent can be asked twice")
	}
	// Seat 2 holds no codex card: its hand is shown to seat 0 alone.
	ev := play(t, g, "s0 p2 codex")
	shown := false
	for _, e := range ev {
		shown = shown || e.Kind == EvHandShown && e.Private && e.Seat == 0 && e.Other == 2
	}
	if !shown || !g.View(0).hand[2].has(card(t, "A1")) || g.View(1).hand[2].has(card(t, "A1")) {
		t.Fatal("the hand was not shown to the goblin's owner alone")
	}
	// Every opponent asked: the cards taken may be archived, then the
	// bookshop's effect.
	play(t, g, "s0 M5 r0c0")
	if decision(g, 0) != "take" {
		t.Fatalf("the tile's effect did not follow: %s", decision(g, 0))
	}
}

func TestAutomatonTakesAHomeActionPerOtherAssistantOnItsTile(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Automaton}, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2")
	play(t, g, "s0 assistant home", "s0 pass", "s1 assistant home", "s1 pass")
	play(t, g, "s0 assistant home", "s0 pass", "s1 assistant home", "s1 pass")
	play(t, g, "s0 automaton home")
	// Two other assistants at home: two home actions, then its own.
	for i := 0; i < 3; i++ {
		if decision(g, 0) != "home" {
			t.Fatalf("home action %d: asked %s", i+1, decision(g, 0))
		}
		play(t, g, "s0 draw")
	}
	if g.handN[0] != 9 || g.Awaited()[0] != 1 {
		t.Fatalf("seat 0 holds %d cards", g.handN[0])
	}
}

func TestMummyBuriesCards(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Mummy})
	g.setHand(t, 0, "A1", "A2")
	g.setCollection(t, 0, "B1@0,0")
	play(t, g, "s0 mummy home")
	if !offers(g, "s0 A1 r0c0o") || !offers(g, "s0 A1 r0c0u") || !offers(g, "s0 A1 r0c1") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 A1 r0c0u")
	if g.topAt(0, 0, 0) != card(t, "B1") || !g.buried[0].has(card(t, "A1")) || !g.down.has(card(t, "A1")) {
		t.Fatal("A1 was not buried under B1")
	}
	if g.collectionSize(0) != 2 {
		t.Fatal("a buried card does not count in the collection")
	}
	// A plain archive offers no stacking, and a stacked place takes no more.
	play(t, g, "s1 assistant home", "s1 pass", "s0 assistant home")
	if offers(g, "s0 A2 r0c0o") {
		t.Fatal("a plain assistant stacks cards")
	}
	t.Run("the buried card is worth two points of stability", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil)
		g.setCollection(t, 0, "B1@0,0")
		k := card(t, "A1")
		g.extract(k)
		g.placeCard(0, k, 0, 0, PosUnder)
		g.checkCards(t)
		if rows, _ := g.tally(); rows[0].stability != 2 {
			t.Fatalf("stability %d", rows[0].stability)
		}
	})
	t.Run("discarding the top card leaves the buried one face down, no longer buried", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil)
		g.setCollection(t, 0, "B1@0,0", "B2@0,1")
		k := card(t, "A1")
		g.extract(k)
		g.placeCard(0, k, 0, 1, PosOver) // A1 over B2: B2 buried
		if !g.buried[0].has(card(t, "B2")) {
			t.Fatal("B2 not buried")
		}
		g.takeOut(0, k)
		g.toDiscard(k)
		g.checkCards(t)
		b2 := card(t, "B2")
		if !g.coll[0].has(b2) || g.buried[0].has(b2) || !g.down.has(b2) || g.topAt(0, 0, 1) != b2 {
			t.Fatal("B2 did not stay in place face down")
		}
	})
}

func TestCubeMakesArrivingOpponentsPay(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Cube}, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2", "Y1")
	g.setHand(t, 1, "A1")
	play(t, g, "s0 cube L10", "s0 Z1", "s0 pass")
	play(t, g, "s1 assistant L10")
	if decision(g, 1) != "cube" || !offers(g, "s1 give") || !offers(g, "s1 home") {
		t.Fatalf("seat 1 is asked %s, offered %v", decision(g, 1), offered(g, 1))
	}
	ev := play(t, g, "s1 give")
	if !g.hand[0].has(card(t, "A1")) || g.handN[1] != 0 {
		t.Fatal("the card did not go to the cube's owner")
	}
	private := false
	for _, e := range ev {
		private = private || e.Kind == EvGaveAtRandom && e.Private && e.Seat == 0
	}
	if !private {
		t.Fatal("the card given at random is not private")
	}
	if decision(g, 1) != "take" {
		t.Fatalf("the bookshop did not follow: %s", decision(g, 1))
	}
	play(t, g, "s1 Z2", "s1 pass")
	t.Run("an empty hand owes both home actions", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Cube}, Bookshop)
		g.setHand(t, 1)
		g.stackDeck(t, "C1")
		play(t, g, "s0 cube L10")
		play(t, g, "s1 assistant L10")
		if offers(g, "s1 give") {
			t.Fatal("an empty hand is asked to give")
		}
		play(t, g, "s1 home")
		if !g.hand[0].has(card(t, "C1")) || decision(g, 0) != "archive" {
			t.Fatalf("the cube's owner did not draw, then archive: %s", decision(g, 0))
		}
		play(t, g, "s0 C1 r0c0")
	})
}

func TestSasquatchAvoidsOpponentsAndMayBeRecalled(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Sasquatch}, Bookshop, Flea)
	g.layTile(t, Bookshop, "Z1", "Z2")
	g.layTile(t, Flea, "Y1", "Y2")
	g.putAssistant(t, 1, plainKind, Flea)
	if offers(g, "s0 sasquatch L13") || !offers(g, "s0 sasquatch L10") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 sasquatch L10", "s0 Z1", "s0 pass")
	play(t, g, "s1 assistant L10")
	if decision(g, 0) != "sasquatch" {
		t.Fatalf("the owner is not asked: %s", decision(g, 0))
	}
	play(t, g, "s0 recall")
	if g.countOn(Bookshop, 0) != 0 || !offers(g, "s1 Z2") {
		t.Fatal("the sasquatch did not leave before the bookshop's effect")
	}
	play(t, g, "s1 Z2", "s1 pass")
	if !offers(g, "s0 sasquatch home") {
		t.Fatal("the sasquatch cannot be placed again")
	}
}

func TestBookwormTakesBothHomeActionsAndOnceMore(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Bookworm})
	g.setHand(t, 0, "A1")
	g.stackDeck(t, "C1", "C2")
	play(t, g, "s0 bookworm home")
	if decision(g, 0) != "bookworm_draw" {
		t.Fatalf("asked %s", decision(g, 0))
	}
	play(t, g, "s0 draw", "s0 C1 r0c0")
	if decision(g, 0) != "bookworm_again" {
		t.Fatalf("asked %s", decision(g, 0))
	}
	play(t, g, "s0 A1", "s0 draw", "s0 C2 r0c1")
	if g.collectionSize(0) != 2 || g.Awaited()[0] != 1 {
		t.Fatal("the bookworm did not work twice, or more")
	}
}

func TestGhostSharesAPlaceAndDrawsFirst(t *testing.T) {
	g := rig(t, 3, Options{}, []Library{Ghost}, Tent, Bookshop, Dump)
	g.layTile(t, Bookshop, "Z1", "Z2")
	g.putAssistant(t, 1, plainKind, Bookshop)
	g.putAssistant(t, 1, plainKind, Dump)
	g.stackDeck(t, "C1")
	if offers(g, "s0 ghost L1") || !offers(g, "s0 assistant L1") {
		t.Fatal("the ghost may enter the tent")
	}
	if !offers(g, "s0 ghost L10x") || offers(g, "s0 ghost L11x") || !offers(g, "s0 ghost L11") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 ghost L10x")
	if !g.hand[0].has(card(t, "C1")) || decision(g, 0) != "take" {
		t.Fatal("the ghost did not draw before the effect")
	}
	if g.countOn(Bookshop, -1) != 2 || g.freeSlot(Bookshop) != 1 {
		t.Fatal("the ghost did not share the occupied slot")
	}
}

func TestSnowmanBlocksItsInstantTile(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Snowman}, Bookshop, Dump, Guild)
	g.layTile(t, Bookshop, "Z1", "Z2")
	play(t, g, "s0 snowman L10", "s0 Z1", "s0 pass")
	if offers(g, "s1 assistant L10") {
		t.Fatal("an opponent may join the snowman")
	}
	play(t, g, "s1 assistant home", "s1 pass")
	if offers(g, "s0 assistant L10") {
		t.Fatal("the owner may join its snowman")
	}
	play(t, g, "s0 assistant L11")
	// The guild, a location effect, overrides it (the rulebook's example).
	play(t, g, "s1 assistant L15")
	if !offers(g, "s1 assistant L10s0") {
		t.Fatalf("the guild cannot reach the snowman's place: %v", offered(g, 1))
	}
	play(t, g, "s1 assistant L10s0", "s1 Z2", "s1 pass")
	if g.countOn(Bookshop, 1) != 1 {
		t.Fatal("the guild did not take the snowman's place")
	}
	t.Run("a snowman on a delayed tile blocks nothing", func(t *testing.T) {
		g := rig(t, 3, Options{}, []Library{Snowman}, Dump)
		play(t, g, "s0 snowman L11")
		if !offers(g, "s1 assistant L11") {
			t.Fatal("the snowman blocks a delayed tile")
		}
	})
}

func TestGolemSavesACardFromEachTileUpToItsOwn(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Golem}, Exchange, Bookshop, Flea)
	g.layTile(t, Exchange, "A1")
	g.layTile(t, Bookshop, "B1", "B2")
	g.layTile(t, Flea, "C1")
	play(t, g, "s0 golem L10", "s0 B1", "s0 pass")
	finishUntil(t, g, 0, "golem")
	// Tile 2 first: A1 may be saved.
	if !offers(g, "s0 A1 take") || !offers(g, "s0 A1 r0c0") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 A1 take")
	if !g.hand[0].has(card(t, "A1")) {
		t.Fatal("A1 not taken")
	}
	if decision(g, 0) != "golem" || !offers(g, "s0 B2 r0c0") {
		t.Fatalf("the golem's own tile is not offered: %s", decision(g, 0))
	}
	play(t, g, "s0 B2 r0c0")
	// Tile 13 comes after the golem's: nothing more.
	if decision(g, 0) == "golem" {
		t.Fatal("the golem works past its own tile")
	}
	if !g.discardSet().has(card(t, "C1")) {
		t.Fatal("the flea market's card was not discarded")
	}
}

func TestWizardPushesARunAsideToArchive(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Wizard})
	g.setHand(t, 0, "A1")
	g.setCollection(t, 0, "B1@0,0", "B2@0,1", "C1@1,1")
	play(t, g, "s0 wizard home")
	if !offers(g, "s0 A1 r0c1>") || !offers(g, "s0 A1 r0c0<") {
		t.Fatalf("offered %v", offered(g, 0))
	}
	play(t, g, "s0 A1 r0c1>")
	if g.topAt(0, 0, 1) != card(t, "A1") || g.topAt(0, 0, 2) != card(t, "B2") || g.topAt(0, 1, 1) != card(t, "C1") {
		t.Fatal("A1 did not slip in between B1 and B2")
	}
	t.Run("a plain archive offers no push", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Wizard})
		g.setHand(t, 0, "A1")
		g.setCollection(t, 0, "B1@0,0", "B2@0,1")
		play(t, g, "s0 assistant home")
		if offers(g, "s0 A1 r0c1>") || !offers(g, "s0 A1 r0c2") {
			t.Fatalf("offered %v", offered(g, 0))
		}
	})
}

func TestWitchTurnsTheDeckTopOverBesideABannedCard(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Witch})
	g.banned = Codex
	g.stackDeck(t, "A9", "C2") // A9 holds a codex book; C2 none
	play(t, g, "s0 witch home", "s0 draw")
	if decision(g, 0) != "witch" || !offers(g, "s0 A9") || !offers(g, "s0 C2") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 C2")
	if !g.hand[0].has(card(t, "C2")) || g.hand[0].has(card(t, "A9")) || !g.discardSet().has(card(t, "A9")) {
		t.Fatal("the witch did not swap the cards")
	}
}

func TestWispBurnsTileCardsForHomeActions(t *testing.T) {
	g := rig(t, 2, Options{}, []Library{Wisp}, Bookshop, Hut)
	g.layTile(t, Bookshop, "Z1", "Z2", "Y1")
	g.layTile(t, Hut, "A1", "A2")
	play(t, g, "s0 wisp L10")
	if decision(g, 0) != "wisp" || !offers(g, "s0 one Z1") || !offers(g, "s0 all") {
		t.Fatalf("asked %s, offered %v", decision(g, 0), offered(g, 0))
	}
	play(t, g, "s0 all", "s0 draw", "s0 draw")
	if g.tiles[Bookshop].cardN != 0 || g.handN[0] != 8 || g.Awaited()[0] != 1 {
		t.Fatal("the wisp did not burn all for two home actions")
	}
	play(t, g, "s1 assistant home", "s1 pass")
	t.Run("face-down cards are not named: one goes at random", func(t *testing.T) {
		g := rig(t, 2, Options{}, []Library{Wisp}, Hut)
		g.layTile(t, Hut, "A1", "A2")
		play(t, g, "s0 wisp L14")
		if offers(g, "s0 one A1") || !offers(g, "s0 one") {
			t.Fatalf("offered %v", offered(g, 0))
		}
		play(t, g, "s0 one", "s0 pass")
		if g.tiles[Hut].cardN != 1 || g.discardN == 0 {
			t.Fatal("no card burnt")
		}
	})
}

func TestPriorityCubeBeforeGoblinBeforeTheTile(t *testing.T) {
	// The rulebook's example: the goblin arrives where the cube stands; the
	// cube's power comes first, then the goblin's, then the tile's effect.
	g := rig(t, 2, Options{}, []Library{Cube, Goblin}, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2", "Y1")
	g.setHand(t, 0, "A1")
	g.setHand(t, 1, "B1")
	play(t, g, "s0 cube L10", "s0 Z1", "s0 pass")
	play(t, g, "s1 goblin L10")
	order := []string{decision(g, 1)}
	play(t, g, "s1 home") // the cube's owner's home actions
	for g.Awaited()[0] == 0 {
		play(t, g, offered(g, 0)[len(offered(g, 0))-1]) // draw / pass
	}
	order = append(order, decision(g, 1))
	play(t, g, "s1 pass")
	order = append(order, decision(g, 1))
	if !slices.Equal(order, []string{"cube", "goblin", "take"}) {
		t.Fatalf("order %v", order)
	}
}

func TestPriorityPresentSpecialsReactInArrivalOrder(t *testing.T) {
	// The sasquatch arrived before the cube: its owner answers first.
	g := rig(t, 3, Options{}, []Library{Sasquatch, Cube}, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2", "Y1")
	play(t, g, "s0 sasquatch L10", "s0 Z1", "s0 pass")
	play(t, g, "s1 cube L10")
	if decision(g, 0) != "sasquatch" {
		t.Fatalf("asked %s", decision(g, 0))
	}
	play(t, g, "s0 stay", "s1 Z2", "s1 pass")
	play(t, g, "s2 assistant L10")
	if decision(g, 0) != "sasquatch" {
		t.Fatalf("the first to arrive is not asked first: seat 2 %s, seat 0 %s", decision(g, 2), decision(g, 0))
	}
	play(t, g, "s0 stay")
	if decision(g, 2) != "cube" {
		t.Fatalf("the cube did not come second: %s", decision(g, 2))
	}
}
