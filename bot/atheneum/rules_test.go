package atheneum

import (
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/i18n"
)

// TestEveryRulesTopicFitsOneMessage: a topic is sent as one message, so in
// every language it must fit Discord's 2000-character content limit, and
// no placeholder or missing message may show.
func TestEveryRulesTopicFitsOneMessage(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, topic := range append([]string{""}, rulesTopicKeys...) {
			t.Run(string(l)+" "+topic, func(t *testing.T) {
				text := rulesTextIn(l, topic)
				if n := utf8.RuneCountInString(text); n > 2000 || n == 0 {
					t.Errorf("%d characters", n)
				}
				if strings.Contains(text, "[rules.") || strings.Contains(text, "<no value>") {
					t.Errorf("unfilled text: %q", text)
				}
			})
		}
	}
}

func TestRulesAreInTheReadersLanguage(t *testing.T) {
	tests := []struct {
		name  string
		lang  i18n.Lang
		topic string
		want  []string
	}{
		{"the English overview lists the other topics", i18n.English, "", []string{"Atheneum in short", "A turn", "House rulings", "Using the bot"}},
		{"the French overview lists the other topics", i18n.French, "", []string{"Atheneum en bref", "Un tour", "Règles maison", "Utiliser le bot"}},
		{"an unknown topic falls back to the overview", i18n.French, "nonsense", []string{"Atheneum en bref"}},
		{"the shelving rules name support in English", i18n.English, "shelving", []string{"support", "II.2.3"}},
		{"the shelving rules name support in French", i18n.French, "shelving", []string{"appui", "II.2.3"}},
		{"house rulings are marked where they apply", i18n.English, "objectives", []string{"(house ruling)"}},
		{"house rulings are marked in French too", i18n.French, "tokens", []string{"(règle maison)", "bougie", "jeton"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rulesTextIn(tt.lang, tt.topic)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q does not contain %q", got, w)
				}
			}
		})
	}
}

func TestRulesTopicsHaveTitlesInEveryLanguage(t *testing.T) {
	for _, l := range i18n.Langs {
		seen := map[string]bool{}
		for _, k := range rulesTopicKeys {
			title := rulesTitle(l, k)
			if title == "" || strings.HasPrefix(title, "[") || utf8.RuneCountInString(title) > 100 {
				t.Errorf("%s: topic %s has title %q", l, k, title)
			}
			if seen[title] {
				t.Errorf("%s: two topics are titled %q", l, title)
			}
			seen[title] = true
		}
	}
}
