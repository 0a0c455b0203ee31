package anludim

import (
	"go/build"
	"strings"
	"testing"
)

// TestRulesImportOnlyTheStandardLibrary keeps the rules pure: no package
// outside the standard library but the game seam they implement (itself
// held to the standard library), no I/O, no clock, no global randomness.
func TestRulesImportOnlyTheStandardLibrary(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if imp == "atheneum/engine" {
			continue
		}
		if strings.Contains(strings.Split(imp, "/")[0], ".") || strings.HasPrefix(imp, "atheneum/") {
			t.Errorf("the rules import %s", imp)
		}
		for _, banned := range []string{"os", "io", "net", "time", "math/rand", "math/rand/v2", "syscall"} {
			if imp == banned {
				t.Errorf("the rules import %s: they must do no I/O and read no clock or global randomness", imp)
			}
		}
	}
}
