package bot

import (
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
	"atheneum/store"
)

func TestRecordsOfFinishedGames(t *testing.T) {
	oneFlowAtATime(t)
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
		seen := h.records(cy, "history")
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
		seen := h.records(cy, "stats", discordtest.UserOpt("member", ana))
		if !strings.Contains(seen.Content, i18n.English.T("count.games", "Count", 1)) || strings.Contains(seen.Content, "<no value>") {
			t.Errorf("ana's stats: %q", seen.Content)
		}
		usual := i18n.English.T("stats.usual", "Option", i18n.English.T("atheneum.option.subject"), "Value", athFace.OptionWords(i18n.English, "subject", "T"))
		if !strings.Contains(seen.Content, usual) {
			t.Errorf("ana's stats do not name the subject she played most (%q): %q", usual, seen.Content)
		}
		if seen := h.records(cy, "stats"); seen.Content != i18n.English.T("stats.none", "Who", "<@"+cy.ID+">") {
			t.Errorf("cy, who never played, saw %q", seen.Content)
		}
	})
	t.Run("the leaderboard needs a minimum of games", func(t *testing.T) {
		seen := h.records(cy, "leaderboard")
		if seen.Content != i18n.English.T("leaderboard.none", "Min", leaderboardMin) {
			t.Errorf("after one game the leaderboard shows %q", seen.Content)
		}
	})
	t.Run("the replay draws the scores and the final shelves", func(t *testing.T) {
		seen := h.records(cy, "replay", discordtest.StringOpt("game", id))
		a, ok := seen.Attachment("replay.png")
		if !ok || len(a.Data) == 0 || a.Description == "" {
			t.Fatalf("no replay picture with alt text: %q %+v", seen.Content, seen.Attachments)
		}
	})
	t.Run("the replay autocompletes this server's finished games", func(t *testing.T) {
		in, err := h.Srv.Autocomplete(h.Ctx, cy, h.world.Channel.ID, "atheneum", discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", id[:3]).Focus())))
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
		in, err := h.Srv.SlashCommand(h.Ctx, cy, ch.ID, "atheneum", discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", id))))
		if err != nil {
			t.Fatal(err)
		}
		seen, err := in.WaitResponse(h.Ctx)
		if err != nil || seen.Content != i18n.English.T("replay.unknown", "ID", id) {
			t.Errorf("another server's game answered %q (%v)", seen.Content, err)
		}
		seen = h.records(cy, "replay", discordtest.StringOpt("game", "<@everyone> **nope**"))
		if strings.Contains(seen.Content, "<@everyone>") || strings.Contains(seen.Content, "**nope**") {
			t.Errorf("the refusal echoed the input as it was: %q", seen.Content)
		}
	})
	t.Run("the games list shows where the game waits for the member", func(t *testing.T) {
		if seen := h.records(ana, "games"); seen.Content != i18n.English.T("games.none") {
			t.Errorf("with no running game ana saw %q", seen.Content)
		}
		h.openGame(ana, bo)
		seen := h.records(ana, "games")
		snap := h.snapshot()
		want := en("games.line", "Where", "<#"+h.world.Channel.ID+">", "Position", position(1, en("status.step.pick")), "State", en("games.you", "Deadline", face.Stamp(snap.Deadline)))
		if !strings.Contains(seen.Content, want) {
			t.Errorf("ana's games: %q, want %q", seen.Content, want)
		}
	})
}

// TestARematchKeepsTheGamesOptionsAndComputerPlayers: the final post's
// Rematch button opens a new lobby of the same game, with its options and
// its computer players, calling the other people, who join with one press.
func TestARematchKeepsTheGamesOptionsAndComputerPlayers(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	lobby := h.slash(ana, "new", discordtest.IntOpt("seats", 3), discordtest.IntOpt("hours", 12))
	join, _ := drive.Component(lobby, "join")
	lobby, _ = h.click(bo, lobby, join.CustomID)
	add, _ := drive.Component(lobby, "addai")
	lobby, _ = h.click(ana, lobby, add.CustomID, "random")
	start, _ := drive.Component(lobby, "start")
	h.click(ana, lobby, start.CustomID)
	h.playUntil(newPlayers(h, 5)[:2], h.gameOver)
	old, err := h.db.GetGame(h.Ctx, h.gameID())
	if err != nil {
		t.Fatal(err)
	}
	final, err := h.db.GetMessage(h.Ctx, old.ID, msgFinal, store.NoSeat)
	if err != nil {
		t.Fatalf("the final post was not recorded: %v", err)
	}
	var post discordtest.Message
	for _, m := range h.Srv.Messages(final.ChannelID) {
		if m.ID == final.MessageID {
			post = m
		}
	}
	button, ok := drive.Component(post, "rematch")
	if !ok {
		t.Fatalf("the final post has no Rematch button: %+v", post.Components)
	}
	if seen, _ := h.click(cy, post, button.CustomID); seen.Content != en("rematch.not.player") {
		t.Errorf("cy, who did not play, saw %q", seen.Content)
	}
	h.click(ana, post, button.CustomID)
	rec, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID)
	if err != nil || rec.Status != store.StatusLobby || rec.HostID != ana.ID || rec.Kind != "atheneum" {
		t.Fatalf("after Rematch the channel has %+v, %v", rec, err)
	}
	msgs := h.Srv.Messages(h.world.Channel.ID)
	lobby = msgs[len(msgs)-1]
	if !strings.Contains(lobby.Content, "<@"+bo.ID+">") || !lobby.Pings(bo.ID) {
		t.Errorf("bo was not called to the rematch: %q", lobby.Content)
	}
	join, _ = drive.Component(lobby, "join")
	h.click(bo, lobby, join.CustomID)
	if rec := h.state(h.world.Channel.ID); len(rec.Seats) != 3 || rec.Seats[2].UserID != bo.ID {
		t.Errorf("bo did not join with one press: %+v", rec.Seats)
	}
	if after, _ := h.Srv.Message(final.MessageID); len(drive.Selects(after)) > 0 || drive.HasButton(after, "rematch") || after.Content != post.Content {
		t.Errorf("the final post still offers a rematch, or lost its words: %+v", after)
	}
	if seen := h.forge(ana, post, button.CustomID); !strings.Contains(seen.Content, stem(i18n.English, "lobby.running.link")) {
		t.Errorf("a second Rematch answered %q", seen.Content)
	}
	if rec := h.state(h.world.Channel.ID); rec.Options.Seats != 3 || rec.Options.StepHours != 12 || len(rec.Seats) != 3 || rec.Seats[1].AILevel != "random" {
		t.Errorf("the rematch's lobby has options %+v and seats %+v, want those of the old game", rec.Options, rec.Seats)
	}
}
