package engine_test

import (
	"testing"

	"atheneum/engine/enginetest"
)

// TestTheSeamImportsOnlyTheStandardLibrary: every game's rules import the
// seam, so it must be as pure as they are.
func TestTheSeamImportsOnlyTheStandardLibrary(t *testing.T) {
	enginetest.CheckPure(t, ".")
}
