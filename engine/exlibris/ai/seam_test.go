package ai

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/enginetest"
	"atheneum/engine/exlibris"
)

// TestExlibrisAtTheSeam runs the checks every game passes at the game seam
// on Ex Libris with its computer players: every level plays whole games
// (solo, the smallest table) making only moves the game offers, and the
// autopilot answers whatever a seat is asked.
func TestExlibrisAtTheSeam(t *testing.T) {
	for _, mode := range []string{"standard", "beginner", "friendly"} {
		t.Run("the "+mode+" mode with its computer players conforms", func(t *testing.T) {
			enginetest.Conform(t, Game(Players{Playouts: 12}), enginetest.Config{
				Games: 1, PlayerGames: 2, CheckEvery: 29,
				Setup: func(n int) engine.Setup {
					return engine.Setup{Seats: n, Options: map[string]string{exlibris.OptionMode: mode}}
				},
			})
		})
	}
}
