package anludim

import (
	"strings"
	"testing"

	"atheneum/bot/game"
	"atheneum/i18n"
)

// TestTheLogTellsEachTurnPublicly plays a few turns (the autopilot making
// every move), then reads the catch-up log in both languages: each turn
// under its round and number, its public events, and the autopilot named.
func TestTheLogTellsEachTurnPublicly(t *testing.T) {
	fx := newFixture(t, 2, false, "en", 7)
	for range 12 {
		tbl := fx.table()
		fx.autopilotMove(t, tbl)
		tbl.Unlock()
	}
	var steps []game.Step
	rec, err := fx.env.svc.Replay(fx.ctx, fx.id, func(st game.Step) error {
		steps = append(steps, st)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs {
		t.Run("the log reads in "+string(l), func(t *testing.T) {
			text := fx.f.Log(l, rec, steps, 3)
			checkWords(t, "the log", text)
			turns := 0
			for line := range strings.SplitSeq(text, "\n") {
				if strings.HasPrefix(line, "**") {
					turns++
				}
			}
			if turns != 3 {
				t.Errorf("the log tells %d turns, want 3: %q", turns, text)
			}
			if !strings.Contains(text, l.T("log.autopilot", "Names", names[0], "Count", 1)) && !strings.Contains(text, l.T("log.autopilot", "Names", names[1], "Count", 1)) {
				t.Errorf("the log does not name the autopilot: %q", text)
			}
		})
	}
	t.Run("a game with no move yet has nothing to tell", func(t *testing.T) {
		if got := fx.f.Log(i18n.English, rec, nil, 1); got != i18n.English.T("log.none") {
			t.Errorf("got %q", got)
		}
	})
}
