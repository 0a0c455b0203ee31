package exlibris_test

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/enginetest"
	"atheneum/engine/exlibris"
)

// TestConform holds Ex Libris to the checks every game passes, at every
// seat count from the solo mode to four, in each mode (the variants,
// which only leave things out, with fewer games).
func TestConform(t *testing.T) {
	for _, mode := range []string{"standard", "beginner", "friendly"} {
		games := conformGames
		if mode != "standard" {
			games = max(1, conformGames/3)
		}
		t.Run("the "+mode+" mode conforms", func(t *testing.T) {
			enginetest.Conform(t, engine.Game{Rules: exlibris.Rules, Players: nil}, enginetest.Config{
				Games: games,
				Setup: func(n int) engine.Setup {
					return engine.Setup{Seats: n, Options: map[string]string{exlibris.OptionMode: mode}}
				},
				CheckEvery: 11,
			})
		})
	}
}
