package bot

import (
	"atheneum/bot/face"
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
	"atheneum/store"
)

func TestRecordsOfFinishedGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	ps := newPlayers(h, 3)[:2]
	h.openGame(ana, bo)
	h.playUntil(ps, h.gameOver)
	id := h.gameID()
	results, err := h.db.Results(h.Ctx, id)
	if err != nil || len(results) != 2 {
		t.Fatalf("results %v, %v", results, err)
	}
	final, err := h.db.GetMessage(h.Ctx, id, msgFinal, store.NoSeat)
	if err != nil {
		t.Fatalf("the final post was not recorded: %v", err)
	}

	t.Run("the history lists the game with its scores and a link to its final post", func(t *testing.T) {
		seen := h.slash(cy, "history")
		for _, want := range []string{id, messageLink(h.world.Guild.ID, final.ChannelID, final.MessageID), results[0].Name} {
			if !strings.Contains(seen.Content, want) {
				t.Errorf("the history lacks %q: %q", want, seen.Content)
			}
		}
		if !seen.Ephemeral {
			t.Error("the history was shown to everyone")
		}
	})
	t.Run("a player's stats count the game", func(t *testing.T) {
		seen := h.slash(cy, "stats", discordtest.UserOpt("member", ana))
		if !strings.Contains(seen.Content, i18n.English.T("count.games", "Count", 1)) || strings.Contains(seen.Content, "<no value>") {
			t.Errorf("ana's stats: %q", seen.Content)
		}
		usual := i18n.English.T("stats.usual", "Option", i18n.English.T("atheneum.option.subject"), "Value", athFace.OptionWords(i18n.English, "subject", "T"))
		if !strings.Contains(seen.Content, usual) {
			t.Errorf("ana's stats do not name the subject she played most (%q): %q", usual, seen.Content)
		}
		if seen := h.slash(cy, "stats"); seen.Content != i18n.English.T("stats.none", "Who", "<@"+cy.ID+">") {
			t.Errorf("cy, who never played, saw %q", seen.Content)
		}
	})
	t.Run("the leaderboard needs a minimum of games", func(t *testing.T) {
		seen := h.slash(cy, "leaderboard")
		if seen.Content != i18n.English.T("leaderboard.none", "Min", leaderboardMin) {
			t.Errorf("after one game the leaderboard shows %q", seen.Content)
		}
	})
	t.Run("the replay draws the scores and the final shelves", func(t *testing.T) {
		seen := h.slash(cy, "replay", discordtest.StringOpt("game", id))
		a, ok := seen.Attachment("replay.png")
		if !ok || len(a.Data) == 0 || a.Description == "" {
			t.Fatalf("no replay picture with alt text: %q %+v", seen.Content, seen.Attachments)
		}
	})
	t.Run("the replay autocompletes this server's finished games", func(t *testing.T) {
		in, err := h.Srv.Autocomplete(h.Ctx, cy, h.world.Channel.ID, "atheneum", discordtest.Sub("replay", discordtest.StringOpt("game", id[:3]).Focus()))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := in.WaitAck(h.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(cb.Choices) != 1 || cb.Choices[0].Value != id {
			t.Fatalf("choices %+v", cb.Choices)
		}
	})
	t.Run("a game of another server or an unknown id is refused", func(t *testing.T) {
		other := h.Srv.AddGuild("Elsewhere")
		ch := h.Srv.AddTextChannel(other.ID, "general")
		h.Srv.AddMember(other.ID, cy)
		in, err := h.Srv.SlashCommand(h.Ctx, cy, ch.ID, "atheneum", discordtest.Sub("replay", discordtest.StringOpt("game", id)))
		if err != nil {
			t.Fatal(err)
		}
		seen, err := in.WaitResponse(h.Ctx)
		if err != nil || seen.Content != i18n.English.T("replay.unknown", "ID", id) {
			t.Errorf("another server's game answered %q (%v)", seen.Content, err)
		}
		seen = h.slash(cy, "replay", discordtest.StringOpt("game", "<@everyone> **nope**"))
		if strings.Contains(seen.Content, "<@everyone>") || strings.Contains(seen.Content, "**nope**") {
			t.Errorf("the refusal echoed the input as it was: %q", seen.Content)
		}
	})
	t.Run("the games list shows where the game waits for the member", func(t *testing.T) {
		if seen := h.slash(ana, "games"); seen.Content != i18n.English.T("games.none") {
			t.Errorf("with no running game ana saw %q", seen.Content)
		}
		h.openGame(ana, bo)
		seen := h.slash(ana, "games")
		snap := h.snapshot()
		want := en("games.line", "Where", "<#"+h.world.Channel.ID+">", "Position", position(1, en("status.step.pick")), "State", en("games.you", "Deadline", face.Stamp(snap.Deadline)))
		if !strings.Contains(seen.Content, want) {
			t.Errorf("ana's games: %q, want %q", seen.Content, want)
		}
	})
}
