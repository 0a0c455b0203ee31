package i18n_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
	"atheneum/i18n"
)

// The Ex Libris area (locales/exlibris.*.json) words what the engine
// returns as codes and ids: refusals ("exlibris.refusal.<code>"),
// decisions ("exlibris.decision.<kind>"), result rows
// ("exlibris.category.<row>"), tie-breaks, the book categories
// ("exlibris.books.<id>"), the tiles and the libraries, whose names must
// be the content's.

// TestEveryExlibrisRefusalHasASentence: each code the engine can refuse
// with reads in every language, with exactly the arguments it carries.
func TestEveryExlibrisRefusalHasASentence(t *testing.T) {
	codes := slices.Sorted(maps.Keys(exlibris.RefusalArgs))
	for _, code := range codes {
		want := slices.Clone(exlibris.RefusalArgs[code])
		slices.Sort(want)
		t.Run(fmt.Sprintf("the %s refusal says what is wrong with %v in every language", code, want), func(t *testing.T) {
			id := "exlibris.refusal." + code
			for _, l := range i18n.Langs {
				if i18n.Forms(l, id) == nil {
					t.Fatalf("%s: %s has no sentence", l, id)
				}
				if got := i18n.Placeholders(l, id); !slices.Equal(got, want) {
					t.Errorf("%s: %s uses %v, the engine gives %v", l, id, got, want)
				}
			}
		})
	}
	t.Run("every refusal sentence is for a code the engine has", func(t *testing.T) {
		for _, id := range i18n.IDs(i18n.English) {
			if code, ok := strings.CutPrefix(id, "exlibris.refusal."); ok {
				if _, known := exlibris.RefusalArgs[code]; !known {
					t.Errorf("%s is in the catalogue but the engine has no such refusal", id)
				}
			}
		}
	})
}

// TestExlibrisWordsCoverTheEngine: every decision, result row, tie-break,
// option value and rules topic has its words, and the names of the
// categories, tiles, libraries and assistants are the content's.
func TestExlibrisWordsCoverTheEngine(t *testing.T) {
	has := func(id string) {
		t.Helper()
		for _, l := range i18n.Langs {
			if i18n.Forms(l, id) == nil {
				t.Errorf("%s: %s has no words", l, id)
			}
		}
	}
	named := func(id string, n exlibris.Names) {
		t.Helper()
		for l, want := range map[i18n.Lang]string{i18n.English: n.EN, i18n.French: n.FR} {
			if got := l.T(id); got != want {
				t.Errorf("%s: %s reads %q, the content says %q", l, id, got, want)
			}
		}
	}
	t.Run("every decision is worded", func(t *testing.T) {
		for _, k := range exlibris.DecisionKinds {
			has("exlibris.decision." + k)
		}
	})
	t.Run("every result row and tie-break is worded", func(t *testing.T) {
		for _, row := range []string{exlibris.RowStability, exlibris.RowPopular, exlibris.RowBanned, exlibris.RowDiversity,
			exlibris.RowSpeciality, exlibris.RowPublic} {
			has("exlibris.category." + row)
		}
		for _, tb := range []string{exlibris.TieBooks, exlibris.TieHand, exlibris.TieBanned} {
			has("exlibris.tiebreak." + tb)
		}
	})
	t.Run("every option value is worded", func(t *testing.T) {
		for _, o := range exlibris.Rules.(engine.Optioner).Options() {
			has("exlibris.option." + o.Name)
			for _, v := range o.Values {
				has("exlibris." + o.Name + "." + v + ".choice")
			}
		}
	})
	t.Run("the categories, tiles, libraries and assistants have the content's names", func(t *testing.T) {
		for c := exlibris.Category(0); c < exlibris.NumCategories; c++ {
			named("exlibris.books."+c.ID(), exlibris.CategoryNames(c))
		}
		for _, l := range exlibris.Locations() {
			named("exlibris.location."+l.Names.ID, l.Names)
			has("exlibris.location." + l.Names.ID + ".effect")
		}
		for _, l := range exlibris.Libraries() {
			named("exlibris.library."+l.Names.ID, l.Names)
			named("exlibris.library."+l.Names.ID+".assistant", l.Assistant)
			has("exlibris.library." + l.Names.ID + ".power")
		}
	})
	t.Run("the rules have every topic", func(t *testing.T) {
		for _, topic := range []string{"overview", "setup", "round", "locations", "archiving", "scoring", "variants", "solo"} {
			has("exlibris.rules." + topic + ".title")
			has("exlibris.rules." + topic + ".text")
		}
	})
	t.Run("the French vocabulary uses the rulebook's terms", func(t *testing.T) {
		want := map[string]string{"collection": "Collection", "assistant": "Assistant", "location": "Lieu", "library": "Bibliothèque",
			"popular": "Livres Populaires", "banned": "Livres Bannis", "speciality": "Spécialité"}
		for k, w := range want {
			if got := i18n.French.T("exlibris.term." + k); got != w {
				t.Errorf("exlibris.term.%s reads %q in French, want %q", k, got, w)
			}
		}
	})
}
