package i18n

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// keyLimits are Discord's limits on the text where a message is shown,
// chosen by the last segment of its id (see the package doc). Any other
// message is message content.
var keyLimits = []struct {
	suffix string
	limit  int
}{
	{".name", 32},         // slash command and option names
	{".label", 80},        // button labels (select option labels allow 100)
	{".option", 100},      // select menu options, their descriptions
	{".choice", 100},      // slash command option choices
	{".description", 100}, // slash command and option descriptions
	{".placeholder", 150}, // select menu placeholders
}

// contentLimit is Discord's limit on a message's content.
const contentLimit = 2000

// limitFor returns the most characters message id may have.
func limitFor(id string) int {
	for _, k := range keyLimits {
		if strings.HasSuffix(id, k.suffix) {
			return k.limit
		}
	}
	return contentLimit
}

// TestEveryMessageFitsWhereItIsShown checks every plural form of every
// message, in every language, against the limit its id's suffix names.
// Placeholders count as written; the code that fills them keeps long
// values (names, lists) within the limit.
func TestEveryMessageFitsWhereItIsShown(t *testing.T) {
	checked := 0
	for _, l := range Langs {
		for _, id := range IDs(l) {
			limit := limitFor(id)
			for form, text := range Forms(l, id) {
				checked++
				if n := utf8.RuneCountInString(text); n > limit || n == 0 {
					t.Errorf("%s %s (%s): %d characters, the limit is %d", l, id, form, n, limit)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no message was checked")
	}
}

func TestKeySuffixesChooseTheLimit(t *testing.T) {
	tests := []struct {
		id   string
		want int
	}{
		{"cmd.new.name", 32},
		{"reward.wand.label", 80},
		{"ai.hard.option", 100},
		{"cmd.history.scope.channel.choice", 100},
		{"cmd.new.description", 100},
		{"workbench.placeholder", 150},
		{"rules.turn.text", 2000},
		{"labels", 2000},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s is limited to %d characters", tt.id, tt.want), func(t *testing.T) {
			if got := limitFor(tt.id); got != tt.want {
				t.Errorf("limitFor(%q) = %d, want %d", tt.id, got, tt.want)
			}
		})
	}
}
