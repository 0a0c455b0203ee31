package i18n

import (
	"slices"
	"testing"
)

func TestCatalogueLoads(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
}

// TestEveryMessageExistsInEveryLanguage keeps the languages in step: a
// message added in one language only would show its id to the others.
func TestEveryMessageExistsInEveryLanguage(t *testing.T) {
	en := IDs(English)
	if len(en) == 0 {
		t.Fatal("the English catalogue is empty")
	}
	for _, l := range Langs[1:] {
		other := IDs(l)
		for _, id := range en {
			if !slices.Contains(other, id) {
				t.Errorf("%q is in English but not in %s", id, l)
			}
		}
		for _, id := range other {
			if !slices.Contains(en, id) {
				t.Errorf("%q is in %s but not in English", id, l)
			}
		}
	}
}

// TestPlaceholdersMatchAcrossLanguages: a translation that drops or renames
// a placeholder would lose a name or a number.
func TestPlaceholdersMatchAcrossLanguages(t *testing.T) {
	for _, id := range IDs(English) {
		want := Placeholders(English, id)
		for _, l := range Langs[1:] {
			if got := Placeholders(l, id); !slices.Equal(got, want) {
				t.Errorf("%s: %s uses %v, English uses %v", id, l, got, want)
			}
		}
	}
}

func TestMessagesAreFilledInTheReadersLanguage(t *testing.T) {
	tests := []struct {
		name string
		lang Lang
		id   string
		kv   []any
		want string
	}{
		{"one point is singular in English", English, "points", []any{"Count", 1}, "1 point"},
		{"two points are plural in English", English, "points", []any{"Count", 2}, "2 points"},
		{"zero points are plural in English", English, "points", []any{"Count", 0}, "0 points"},
		{"zero points are singular in French", French, "points", []any{"Count", 0}, "0 point"},
		{"an unknown id shows itself", French, "no.such.message", nil, "[no.such.message]"},
		{"a count given to a message without plural forms is an ordinary argument", English, "lang.name", []any{"Count", 1}, "English"},
		{"an unknown language falls back to English", Lang("de"), "lang.name", nil, "English"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.lang.T(tt.id, tt.kv...); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLocalesMapToTheClosestLanguage(t *testing.T) {
	for locale, want := range map[string]Lang{"fr": French, "FR": French, "en-US": English, "en-GB": English, "de": English, "": English} {
		if got := FromLocale(locale); got != want {
			t.Errorf("FromLocale(%q) = %s, want %s", locale, got, want)
		}
	}
}
