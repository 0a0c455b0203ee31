package bot

import (
	"regexp"
	"strings"
	"testing"

	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// Tests assert what players see through the catalogue, never through
// English copied into the test: these helpers give the catalogue's text.

// en is catalogue message id in English, filled from kv, in an Atheneum
// game: its command and its title fill the placeholders kv leaves open.
func en(id string, kv ...any) string {
	return i18n.English.T(id, append([]any{"Command", "atheneum", "Game", i18n.English.T("atheneum.title")}, kv...)...)
}

// refusalText is how a refusal code of the game service reads in English.
func refusalText(code game.Code, arg ...string) string {
	r := &game.Refusal{Code: code}
	if len(arg) > 0 {
		r.Arg = arg[0]
	}
	if code == game.CodeOptionTaken {
		r.Option = atheneum.SeatOptionSubject
	}
	text, _ := playerMessage(athFace, r)
	return text
}

var placeholderField = regexp.MustCompile(`\{\{[^}]*\}\}`)

// stem is the longest part of message id, in l, that placeholders do not
// interrupt (of its "other" plural form): what every filled message of
// that id contains, whatever the values.
func stem(l i18n.Lang, id string) string {
	best := ""
	for _, part := range placeholderField.Split(i18n.Forms(l, id)["other"], -1) {
		if len(part) > len(best) {
			best = part
		}
	}
	return best
}

// before is message id filled from kv, up to where placeholder cut goes.
func before(l i18n.Lang, id, cut string, kv ...any) string {
	const mark = "\x00"
	text := l.T(id, append(kv, cut, mark)...)
	head, _, _ := strings.Cut(text, mark)
	return head
}

func TestTheTestsReadTheCatalogue(t *testing.T) {
	if got, want := stem(i18n.English, "play.turn.over"), " of 10 is over.**"; got != want {
		t.Errorf("stem = %q, want %q", got, want)
	}
	if got, want := before(i18n.English, "play.reveal.line", "Card", "Name", "Bo"), "**Bo** played "; got != want {
		t.Errorf("before = %q, want %q", got, want)
	}
	if refusalText(game.CodeHostOnly) == "" {
		t.Error("a refusal code has no words")
	}
}

// statusTurn is the line of /atheneum status for a game at turn n (of the
// ten), its players choosing their cards.
func statusTurn(n int) string {
	return en("status.position", "Position", position(n, en("status.step.pick")))
}

// position is how Atheneum's face says where a game stands: turn n of
// 10, and what the players are doing (step).
func position(n int, step string) string {
	return en("atheneum.position", "Turn", n, "Of", 2*atheneum.TurnsPerPhase, "Step", step)
}
