package bot

import (
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
)

// TestTheLogTellsAPlayerBackWhatHappened: someone back after a day asks
// /atheneum log and reads, turn by turn, the cards played, what each
// received and which seats the autopilot played, in their language.
func TestTheLogTellsAPlayerBackWhatHappened(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	if seen := h.slash(ana, "log"); seen.Content != en("log.none") {
		t.Errorf("before any move the log says %q", seen.Content)
	}
	h.pickFirst(ana)
	h.elapse(25 * time.Hour)
	g := ath(h.state(h.world.Channel.ID).State)
	if g.TurnNumber() != 1 || g.Seats[1].Played < 0 {
		t.Fatal("the autopilot did not play bo's card")
	}
	tests := []struct {
		name string
		opts []discordtest.Option
		want []string
	}{
		{"the turn's cards and the autopilot are told", nil, []string{
			en("log.turn", "Turn", 1), g.CardCode(g.Seats[0].Played), g.CardCode(g.Seats[1].Played),
			en("log.autopilot", "Names", "Bo", "Count", 1)}},
		{"more turns than were played tell those played", []discordtest.Option{discordtest.IntOpt("turns", 10)}, []string{en("log.turn", "Turn", 1)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seen := h.slash(ana, "log", tc.opts...)
			for _, w := range tc.want {
				if !strings.Contains(seen.Content, w) {
					t.Errorf("the log lacks %q: %q", w, seen.Content)
				}
			}
			if !seen.Ephemeral || strings.Contains(seen.Content, "<no value>") || strings.Contains(seen.Content, "[") {
				t.Errorf("the log is public or unworded: %q", seen.Content)
			}
		})
	}
	t.Run("a French reader reads it in French", func(t *testing.T) {
		h.slash(bo, "language", discordtest.StringOpt("language", "fr"))
		seen := h.slash(bo, "log")
		if !strings.Contains(seen.Content, i18n.French.T("log.turn", "Turn", 1)) || !strings.Contains(seen.Content, i18n.French.T("log.autopilot", "Names", "Bo", "Count", 1)) {
			t.Errorf("bo, reading French, saw %q", seen.Content)
		}
	})
}
