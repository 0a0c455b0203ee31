package exlibris

import (
	"slices"
	"testing"
)

// TestAppendFormsAgreeWithTheirAllocatingTwins: the reads computer
// players make into their own buffers answer what Hand, Collection,
// TileCards, Occupants and Reserve answer, in views too.
func TestAppendFormsAgreeWithTheirAllocatingTwins(t *testing.T) {
	randomPositions(t, 8*propertyGames, 5, func(whole *Game) {
		for seat := -1; seat < whole.n; seat++ {
			g := whole
			if seat >= 0 {
				g = whole.View(seat)
			}
			for s := 0; s < g.n; s++ {
				if !slices.Equal(g.AppendHand(nil, s), g.Hand(s)) || !slices.Equal(g.AppendCollection(nil, s), g.Collection(s)) {
					t.Fatalf("seat %d's hand or collection differs", s)
				}
				if _, toPlace := g.PlacedThisRound(s); toPlace != len(g.Reserve(s)) {
					t.Fatalf("seat %d has %d assistants to place, its reserve %d", s, toPlace, len(g.Reserve(s)))
				}
			}
			for l := Location(1); l <= NumLocations; l++ {
				cards, n := g.TileCards(l)
				if !slices.Equal(g.AppendTileCards(nil, l), cards) || g.TileCardCount(l) != n || !slices.Equal(g.AppendOccupants(nil, l), g.Occupants(l)) {
					t.Fatalf("tile %d reads differently", l)
				}
				tiles, _ := g.TilesInPlay()
				if g.InPlay(l) != slices.Contains(tiles, l) {
					t.Fatalf("tile %d in play: %v", l, g.InPlay(l))
				}
			}
		}
	})
}

// TestScoresAtTheEndAreTheResults: scoring a finished game as it stands
// gives its results' totals (solo: and the public library's).
func TestScoresAtTheEndAreTheResults(t *testing.T) {
	for i := 0; i < 4*propertyGames; i++ {
		g, _ := playRandom(t, uint64(77+i), 1+i%4, Options{Mode: Mode(i % 3)})
		seats, public := g.Scores()
		for _, r := range g.Results() {
			if seats[r.Seat] != r.Score {
				t.Fatalf("seat %d scores %d, its result says %d", r.Seat, seats[r.Seat], r.Score)
			}
		}
		if g.Solo() && (public > seats[0]) == g.SoloWon() && public != seats[0] {
			t.Fatalf("the public library's %d against %d, won %v", public, seats[0], g.SoloWon())
		}
	}
}
