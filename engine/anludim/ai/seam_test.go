package ai

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/enginetest"
)

// TestAnludimAtTheSeam runs the checks every game passes at the game seam
// on Anludim, base game and expert variant, its computer players
// included.
func TestAnludimAtTheSeam(t *testing.T) {
	for _, variant := range []string{"base", "expert"} {
		t.Run("the "+variant+" game", func(t *testing.T) {
			// Anludim's moves are many (every combination of cards), so
			// its games are checked less often than Atheneum's.
			seats := []int{2, 3, 4, 5}
			if variant == "expert" {
				seats = []int{3, 4} // two-seat expert games run long; the engine's own property tests play them
			}
			enginetest.Conform(t, Game(Players{Playouts: 8}), enginetest.Config{Games: 1, PlayerGames: 1, SeatCounts: seats, CheckEvery: 100, MaxMoves: 20,
				Setup: func(n int) engine.Setup {
					return engine.Setup{Seats: n, Options: map[string]string{"variant": variant}}
				}})
		})
	}
}
