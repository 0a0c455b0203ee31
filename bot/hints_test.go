package bot

import (
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
)

// TestAnAtheneumPromptTeachesItsHintOnceNotOnEveryEdit plays the first
// turns of a member's first game, in English and in French, with hints
// on: each prompt's first version teaches the step's hint, and none of the
// edits that follow the player's presses and moves repeats it (a player's
// workbench once went through 101 versions, each with the same paragraph).
func TestAnAtheneumPromptTeachesItsHintOnceNotOnEveryEdit(t *testing.T) {
	t.Parallel()
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, "ada", "basil")
			if l == i18n.French {
				speakFrench(h)
				h.openFrenchGame(h.world.Users...)
			} else {
				h.openGame(h.world.Users...)
			}
			ps := newPlayers(h, 3)
			h.playUntil(ps, func() bool { return ath(h.snapshot().Rec.State).TurnNumber() > 2 })
			hints := []string{l.T("atheneum.hint.pick", "Command", "atheneum"), l.T("atheneum.hint.resolve", "Command", "atheneum")}
			teaches := func(m discordtest.Message) bool {
				return strings.Contains(m.Content, hints[0]) || strings.Contains(m.Content, hints[1])
			}
			for _, p := range ps {
				prompts, edits := 0, 0
				for _, m := range h.Srv.DMMessages(p.User.ID) {
					versions := append(append([]discordtest.Message{}, m.Revisions...), m)
					if len(versions) < 2 || !teaches(versions[0]) {
						continue // not a prompt edited after its first version
					}
					prompts++
					for k, v := range versions[1:] {
						edits++
						if teaches(v) {
							t.Errorf("%s's prompt teaches its hint again in version %d of %d: %q", p.User.Username, k+2, len(versions), v.Content)
						}
					}
				}
				if prompts < 3 || edits < prompts {
					t.Errorf("%s: %d prompts with a hint, %d edits of them; want the picks and the shelving of two turns", p.User.Username, prompts, edits)
				}
			}
		})
	}
}
