package atheneum_test

import (
	"testing"

	"atheneum/engine/enginetest"
)

// TestEngineImportsOnlyTheStandardLibrary keeps the rules pure. The one
// package of the module they may import is the game seam they implement,
// atheneum/engine, which is held to the standard library in turn.
func TestEngineImportsOnlyTheStandardLibrary(t *testing.T) {
	enginetest.CheckPure(t, ".", "atheneum/engine")
}
