package exlibris

import (
	"fmt"
	"os"
	"regexp"
	"testing"
)

// TestEveryRulingHasATest holds docs/exlibris/rulings.md and this package's
// tests to the same numbered list, so neither drifts from the other.
func TestEveryRulingHasATest(t *testing.T) {
	doc, err := os.ReadFile("../../docs/exlibris/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("rulings_test.go")
	if err != nil {
		t.Fatal(err)
	}
	rulings := regexp.MustCompile(`(?m)^(\d+)\. \*\*`).FindAllSubmatch(doc, -1)
	if len(rulings) < 30 {
		t.Fatalf("only %d rulings found in the docs", len(rulings))
	}
	for i, r := range rulings {
		n := fmt.Sprintf("%02d", i+1)
		if string(r[1]) != fmt.Sprint(i+1) {
			t.Fatalf("ruling %s is numbered %s", n, r[1])
		}
		if !regexp.MustCompile(`func TestRuling` + n + `[A-Z]`).Match(src) {
			t.Errorf("ruling %s has no TestRuling%s…", n, n)
		}
	}
	if extra := regexp.MustCompile(`func TestRuling(\d+)`).FindAll(src, -1); len(extra) != len(rulings) {
		t.Errorf("%d ruling tests for %d rulings", len(extra), len(rulings))
	}
}

// TestEveryRefusalCodeIsDocumented holds the notation document to the
// refusal codes the engine has.
func TestEveryRefusalCodeIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/exlibris/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	for code := range RefusalArgs {
		if !regexp.MustCompile("`" + code + "`").Match(doc) {
			t.Errorf("refusal %s is not in notation.md", code)
		}
	}
	for _, name := range askNames[1:] {
		if !regexp.MustCompile("`" + name + "`").Match(doc) {
			t.Errorf("decision %s is not in notation.md", name)
		}
	}
}
