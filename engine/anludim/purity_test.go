package anludim_test

import (
	"testing"

	"atheneum/engine/enginetest"
)

// TestRulesImportOnlyTheStandardLibrary keeps the rules pure: no package
// outside the standard library but the game seam they implement (itself
// held to the standard library), no I/O, no clock, no global randomness.
func TestRulesImportOnlyTheStandardLibrary(t *testing.T) {
	enginetest.CheckPure(t, ".", "atheneum/engine")
}
