package bot

import (
	"atheneum/bot/drive"
	"strings"
	"testing"

	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

func TestAGameWithAIPlayers(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	lobby := h.slash(ana, "new")
	add, ok := drive.Component(lobby, "addai")
	if !ok {
		t.Fatalf("the lobby has no Add AI menu: %+v", lobby.Components)
	}
	t.Run("only the host adds computer players", func(t *testing.T) {
		seen, _ := h.click(bo, lobby, add.CustomID, "normal")
		if seen.Content != refusalText(game.CodeHostOnly) {
			t.Errorf("bo adding an AI saw %q", seen.Content)
		}
	})
	t.Run("a level that was not offered is refused", func(t *testing.T) {
		before := h.refresh(lobby).Content
		seen := h.forge(ana, lobby, add.CustomID, "genius")
		if seen.Content != refusalText(game.CodeNoSuchLevel) {
			t.Errorf("a forged level answered %q", seen.Content)
		}
		if after := h.refresh(lobby).Content; after != before {
			t.Errorf("the forged level changed the lobby:\n%s", after)
		}
	})
	// The hard AI's search is single-goroutine work that the race detector
	// only slows down; under -race the second seat is a random AI.
	second, secondName := "hard", "Hard AI"
	if raceEnabled {
		second, secondName = "random", "Random AI"
	}
	lobby, _ = h.click(ana, lobby, add.CustomID, "normal")
	add, _ = drive.Component(lobby, "addai")
	lobby, _ = h.click(ana, lobby, add.CustomID, second)
	for _, want := range []string{en("lobby.seat.ai", "Name", "Normal AI"), en("lobby.seat.ai", "Name", secondName)} {
		if !strings.Contains(lobby.Content, want) {
			t.Fatalf("the lobby does not say %q:\n%s", want, lobby.Content)
		}
	}
	if rec, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID); err != nil {
		t.Fatal(err)
	} else if lobby.Content != h.bot.lobbyText(i18n.English, rec) || len(rec.Seats) != 3 {
		t.Fatalf("the lobby shows\n%s\nfor %d seats", lobby.Content, len(rec.Seats))
	}
	t.Run("the host can remove a computer player", func(t *testing.T) {
		add, _ := drive.Component(lobby, "addai")
		more, _ := h.click(ana, lobby, add.CustomID, "normal")
		rm, ok := drive.Component(more, "rmai")
		if !ok || len(rm.Options) != 3 {
			t.Fatalf("the remove menu offers %+v", rm.Options)
		}
		lobby, _ = h.click(ana, more, rm.CustomID, "4")
		if strings.Contains(lobby.Content, "Normal AI 2") {
			t.Errorf("the AI in seat 4 is still seated:\n%s", lobby.Content)
		}
	})
	start, _ := drive.Component(lobby, "start")
	h.click(ana, lobby, start.CustomID)

	// The AIs picked at once: the game waits for ana alone.
	rec := h.state(h.world.Channel.ID)
	if w := ath(rec.State).Waiting(); len(w) != 1 || w[0] != 0 {
		t.Fatalf("after the start the game waits for seats %v, want only ana's", w)
	}
	players := newPlayers(h, 3)
	h.playUntil(players[:1], h.gameOver)
	h.checkFinalScores()

	rec, err := h.db.LoadGame(h.Ctx, h.gameID())
	if err != nil {
		t.Fatal(err)
	}
	t.Run("the AI seats played every turn through the game service", func(t *testing.T) {
		actions, err := parseActions(h.db.Actions(h.Ctx, rec.ID))
		if err != nil {
			t.Fatal(err)
		}
		picks := map[int]int{}
		for _, a := range actions {
			if a.Type == atheneum.ActPick {
				picks[a.Seat]++
			}
		}
		for seat := 1; seat <= 2; seat++ {
			if picks[seat] < 10 {
				t.Errorf("%s picked %d times in 10 turns", rec.Seats[seat].Name, picks[seat])
			}
		}
	})
	t.Run("the channel sees the AIs' cards like anyone's", func(t *testing.T) {
		if n := len(h.channelPosts(before(i18n.English, "play.reveal.line", "Card", "Name", secondName))); n != 10 {
			t.Errorf("%s's card appears in %d reveal posts, want 10", secondName, n)
		}
	})
	t.Run("a person who never went away was never put on autopilot", func(t *testing.T) {
		if rec.Seats[0].Autopilot || strings.Contains(strings.Join(postsText(h), "\n"), stem(i18n.English, "flow.autopilot.on")) {
			t.Error("ana was put on autopilot")
		}
	})
	if rec.Status != store.StatusFinished {
		t.Fatalf("the game is %s", rec.Status)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}

func postsText(h *harness) []string {
	var out []string
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		out = append(out, m.Content)
	}
	return out
}
