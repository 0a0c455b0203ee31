package bot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/bot/discordtest"
)

// TestAMenuLeftInDirectMessagesBeforeTheUpgradeStillPlays opens the
// database an older version wrote (store/testdata/upgrade-v1.db) with
// today's bot, and presses the pick menu that version left in bo's direct
// messages: the pick is taken and stored, as if nothing had changed.
func TestAMenuLeftInDirectMessagesBeforeTheUpgradeStillPlays(t *testing.T) {
	var endings map[string]fixtureEnding
	data, err := os.ReadFile(filepath.Join(fixtureDir, "upgrade-v1-endings.json"))
	if err == nil {
		err = json.Unmarshal(data, &endings)
	}
	if err != nil {
		t.Fatal(err)
	}
	gameID, prompt := "", fixturePrompt{}
	for id, e := range endings {
		if p, ok := e.Prompts["bo"]; ok {
			gameID, prompt = id, p
		}
	}
	if gameID == "" {
		t.Fatal("the fixture records no menu left in bo's direct messages")
	}
	// The fake Discord numbers users as it did when the fixture was
	// written, so bo is the same member.
	h := newHarnessOn(t, nil, filepath.Join(fixtureDir, "upgrade-v1.db"), "ana", "bo", "cy", "dee")
	bo := h.user("bo")
	if bo.ID != prompt.UserID {
		t.Fatalf("bo is %s here and %s in the fixture", bo.ID, prompt.UserID)
	}
	before, err := h.db.GetGame(h.Ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	old := h.Srv.PlantDM(bo.ID, "your hand", []discordtest.Component{{Type: 1, Components: []discordtest.Component{{
		Type: 3, CustomID: prompt.CustomID, Options: []discordtest.SelectOption{{Label: prompt.Values[0], Value: prompt.Values[0]}},
	}}}})
	seen, _ := h.click(bo, old, prompt.CustomID, prompt.Values...)
	h.Settle()
	after, err := h.db.GetGame(h.Ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Seq != before.Seq+1 {
		t.Fatalf("the old menu answered %q and the game went from %d to %d moves", seen.Content, before.Seq, after.Seq)
	}
	moves, err := h.db.Actions(h.Ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if last := string(moves[len(moves)-1]); !strings.HasPrefix(last, "s1 ") || !strings.Contains(last, prompt.Values[0]) {
		t.Errorf("the move stored is %q, want bo's pick of %s", last, prompt.Values[0])
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}
