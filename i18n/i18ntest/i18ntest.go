// Package i18ntest holds checks that tests of every package showing words
// share: that a text shows no missing message or placeholder, and that
// every catalogue id a package's source names exists in every language.
package i18ntest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"atheneum/i18n"
)

// missingMessage is how the catalogue shows an id it lacks: "[play.x]".
var missingMessage = regexp.MustCompile(`\[[a-z_]+\.[a-z_.]+\]`)

// CheckWorded fails on text that is empty or shows a missing message, an
// unfilled placeholder, or a "?" standing for an unknown word.
func CheckWorded(t testing.TB, what, text string) {
	t.Helper()
	if text == "" || strings.Contains(text, "<no value>") || missingMessage.MatchString(text) || strings.Contains(text, "?") && !strings.HasSuffix(text, "?") {
		t.Errorf("%s reads %q", what, text)
	}
}

// namedID finds catalogue ids that source names literally: in calls of T,
// RefuseID and the like, and in playerSeat's refusal.
var namedID = regexp.MustCompile(`(?:\.T|RefuseID|refuseID|playerSeat\(r, (?:t|rec),)\(?\s*"([a-z_]+(?:\.[a-z_0-9]+)+)"`)

// CheckNamedIDs reads the Go sources of dir (tests excepted) for the
// catalogue ids they name literally and checks each exists in every
// language, so a typo never shows "[id]" to players. It fails when fewer
// than least are found, which would mean the pattern no longer matches how
// the package names them.
func CheckNamedIDs(t testing.TB, dir string, least int) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range namedID.FindAllStringSubmatch(string(src), -1) {
			found++
			for _, l := range i18n.Langs {
				if !l.Has(m[1]) {
					t.Errorf("%s names %q, which the %s catalogue lacks", f, m[1], l)
				}
			}
		}
	}
	if found < least {
		t.Fatalf("only %d message ids found in %s: the pattern no longer matches how it names them", found, dir)
	}
}
