package i18n_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/i18n"
)

var field = regexp.MustCompile(`\{\{\s*\.(\w+)`)

// fields lists the placeholders of every plural form of a message, sorted.
func fields(forms map[string]string) []string {
	var names []string
	for _, text := range forms {
		for _, m := range field.FindAllStringSubmatch(text, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
	}
	slices.Sort(names)
	return names
}

// TestEveryEngineRefusalHasASentence: each code the engine can refuse with
// has its sentence in every language, using exactly the arguments the
// engine gives it (a missing one would print "<no value>", an unused one
// would drop what the player needs to know).
func TestEveryEngineRefusalHasASentence(t *testing.T) {
	codes := engine.ErrorCodes()
	if len(codes) == 0 {
		t.Fatal("the engine lists no error codes")
	}
	for _, l := range i18n.Langs {
		for _, code := range codes {
			id := "engine." + string(code)
			forms := i18n.Forms(l, id)
			if forms == nil {
				t.Errorf("%s: %s has no sentence", l, id)
				continue
			}
			want := code.ArgNames()
			slices.Sort(want)
			if got := fields(forms); !slices.Equal(got, want) {
				t.Errorf("%s: %s uses %v, the engine gives %v", l, id, got, want)
			}
		}
	}
	for _, id := range i18n.IDs(i18n.English) {
		if code, ok := strings.CutPrefix(id, "engine."); ok && !slices.Contains(codes, engine.ErrorCode(code)) {
			t.Errorf("%s is in the catalogue but the engine has no such code", id)
		}
	}
}
