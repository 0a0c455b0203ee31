package bot

import (
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// TestRecordsOfFinishedGames: once a game is over, the history lists it
// with its scores and a link to its final post, the players' stats count
// it, the leaderboard waits for enough games, the replay draws it (and is
// found by autocomplete, and refused for another server's game or an
// unknown id), and the games list shows where a running game waits for
// the member.
func TestRecordsOfFinishedGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	id := h.openTTT(ana, bo)
	if _, err := h.PlayGame(id, tictactoe.ID, []*drive.Player{{User: ana}, {User: bo}}, tictactoe.Players, nil); err != nil {
		t.Fatal(err)
	}
	results, err := h.db.Results(h.Ctx, id)
	if err != nil || len(results) != 2 {
		t.Fatalf("results %v, %v", results, err)
	}
	final, err := h.db.GetMessage(h.Ctx, id, msgFinal, store.NoSeat)
	if err != nil {
		t.Fatalf("the final post was not recorded: %v", err)
	}

	t.Run("the history lists the game with its scores and a link to its final post", func(t *testing.T) {
		seen := h.recordsOf(tictactoe.ID, cy, "history")
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
		seen := h.recordsOf(tictactoe.ID, cy, "stats", discordtest.UserOpt("member", ana))
		if !strings.Contains(seen.Content, i18n.English.T("count.games", "Count", 1)) || strings.Contains(seen.Content, "<no value>") {
			t.Errorf("ana's stats: %q", seen.Content)
		}
		if seen := h.recordsOf(tictactoe.ID, cy, "stats"); seen.Content != i18n.English.T("stats.none", "Who", "<@"+cy.ID+">") {
			t.Errorf("cy, who never played, saw %q", seen.Content)
		}
	})
	t.Run("the leaderboard needs a minimum of games", func(t *testing.T) {
		seen := h.recordsOf(tictactoe.ID, cy, "leaderboard")
		if seen.Content != i18n.English.T("leaderboard.none", "Min", leaderboardMin) {
			t.Errorf("after one game the leaderboard shows %q", seen.Content)
		}
	})
	t.Run("the replay draws the final board", func(t *testing.T) {
		seen := h.recordsOf(tictactoe.ID, cy, "replay", discordtest.StringOpt("game", id))
		a, ok := seen.Attachment("board.png")
		if !ok || len(a.Data) == 0 || a.Description == "" {
			t.Fatalf("no replay picture with alt text: %q %+v", seen.Content, seen.Attachments)
		}
	})
	t.Run("the replay autocompletes this server's finished games", func(t *testing.T) {
		in, err := h.Srv.Autocomplete(h.Ctx, cy, h.world.Channel.ID, tictactoe.ID, discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", id[:3]).Focus())))
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
		in, err := h.Srv.SlashCommand(h.Ctx, cy, ch.ID, tictactoe.ID, discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", id))))
		if err != nil {
			t.Fatal(err)
		}
		seen, err := in.WaitResponse(h.Ctx)
		if err != nil || seen.Content != ttt("replay.unknown", "ID", id) {
			t.Errorf("another server's game answered %q (%v)", seen.Content, err)
		}
		seen = h.recordsOf(tictactoe.ID, cy, "replay", discordtest.StringOpt("game", "<@everyone> **nope**"))
		if strings.Contains(seen.Content, "<@everyone>") || strings.Contains(seen.Content, "**nope**") {
			t.Errorf("the refusal echoed the input as it was: %q", seen.Content)
		}
	})
	t.Run("the games list shows where the game waits for the member", func(t *testing.T) {
		if seen := h.recordsOf(tictactoe.ID, ana, "games"); seen.Content != ttt("games.none") {
			t.Errorf("with no running game ana saw %q", seen.Content)
		}
		h.openTTT(ana, bo)
		seen := h.recordsOf(tictactoe.ID, ana, "games")
		snap := h.snapshot()
		want := ttt("games.line", "Where", "<#"+h.world.Channel.ID+">", "Position", ttt("face.position", "Move", snap.Rec.Seq+1), "State", ttt("games.you", "Deadline", face.Stamp(snap.Deadline)))
		if !strings.Contains(seen.Content, want) {
			t.Errorf("ana's games: %q, want %q", seen.Content, want)
		}
		// /status puts the position and the waiting line one after the
		// other: the position says how far the game is, the line whom it
		// waits for, so the name comes once.
		status := h.slashGame(tictactoe.ID, bo, "status")
		if !strings.Contains(status.Content, ttt("face.position", "Move", snap.Rec.Seq+1)) || strings.Count(status.Content, "Ana") != 1 {
			t.Errorf("/status names Ana %d times, want once with the move's number:\n%s", strings.Count(status.Content, "Ana"), status.Content)
		}
	})
}

// TestAMembersStatsNameTheSubjectTheyPlayMost keeps on Atheneum what the
// fixture game, without options, cannot show: a member's stats name the
// seat option they played most, Atheneum's subject. Both seats play on
// autopilot, a deadline at a time, to the end.
func TestAMembersStatsNameTheSubjectTheyPlayMost(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	h.openGame(ana, bo)
	for _, u := range []discordtest.User{ana, bo} {
		h.admin(ana, "autopilot", discordtest.UserOpt("player", u))
	}
	for steps := 0; !h.gameOver(); steps++ {
		if steps > 100 {
			t.Fatal("the game did not end in 100 deadlines")
		}
		h.elapse(25 * time.Hour)
	}
	seen := h.records(cy, "stats", discordtest.UserOpt("member", ana))
	usual := i18n.English.T("stats.usual", "Option", i18n.English.T("atheneum.option.subject"), "Value", athFace.OptionWords(i18n.English, "subject", "T"))
	if !strings.Contains(seen.Content, usual) {
		t.Errorf("ana's stats do not name the subject she played most (%q): %q", usual, seen.Content)
	}
}

// TestARematchKeepsTheGamesOptionsAndComputerPlayers: the final post's
// Rematch button opens a new lobby of the same game, with its options and
// its computer players, calling the other people, who join with one press.
// Tic-tac-toe has two seats: the people are called in one game, the
// computer player is kept in another.
func TestARematchKeepsTheGamesOptionsAndComputerPlayers(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	// finish plays the channel's game to its end and returns its final
	// post and that post's Rematch button.
	finish := func(t *testing.T, h *harness, id string, people ...discordtest.User) (discordtest.Message, discordtest.Component) {
		t.Helper()
		var ps []*drive.Player
		for _, u := range people {
			ps = append(ps, &drive.Player{User: u})
		}
		if _, err := h.PlayGame(id, tictactoe.ID, ps, tictactoe.Players, nil); err != nil {
			t.Fatal(err)
		}
		final, err := h.db.GetMessage(h.Ctx, id, msgFinal, store.NoSeat)
		if err != nil {
			t.Fatalf("the final post was not recorded: %v", err)
		}
		post, _ := h.Srv.Message(final.MessageID)
		button, ok := drive.Component(post, "rematch")
		if !ok {
			t.Fatalf("the final post has no Rematch button: %+v", post.Components)
		}
		return post, button
	}
	hours := []discordtest.Option{discordtest.IntOpt("hours", 12)}
	t.Run("the other people are called and join with one press, the options kept", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, "ana", "bo", "cy")
		ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
		id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}, NewOptions: hours})
		if err != nil {
			t.Fatal(err)
		}
		post, button := finish(t, h, id, ana, bo)
		if seen, _ := h.click(cy, post, button.CustomID); seen.Content != ttt("rematch.not.player") {
			t.Errorf("cy, who did not play, saw %q", seen.Content)
		}
		h.click(ana, post, button.CustomID)
		rec, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID)
		if err != nil || rec.Status != store.StatusLobby || rec.HostID != ana.ID || rec.Kind != tictactoe.ID {
			t.Fatalf("after Rematch the channel has %+v, %v", rec, err)
		}
		msgs := h.Srv.Messages(h.world.Channel.ID)
		lobby := msgs[len(msgs)-1]
		if !strings.Contains(lobby.Content, "<@"+bo.ID+">") || !lobby.Pings(bo.ID) {
			t.Errorf("bo was not called to the rematch: %q", lobby.Content)
		}
		join, _ := drive.Component(lobby, "join")
		h.click(bo, lobby, join.CustomID)
		if rec := h.state(h.world.Channel.ID); len(rec.Seats) != 2 || rec.Seats[1].UserID != bo.ID {
			t.Errorf("bo did not join with one press: %+v", rec.Seats)
		}
		if after, _ := h.Srv.Message(post.ID); len(drive.Selects(after)) > 0 || drive.HasButton(after, "rematch") || after.Content != post.Content {
			t.Errorf("the final post still offers a rematch, or lost its words: %+v", after)
		}
		if seen := h.forge(ana, post, button.CustomID); !strings.Contains(seen.Content, stem(i18n.English, "lobby.running.link")) {
			t.Errorf("a second Rematch answered %q", seen.Content)
		}
		if rec := h.state(h.world.Channel.ID); rec.Options.Seats != 2 || rec.Options.StepHours != 12 {
			t.Errorf("the rematch's lobby has options %+v, want those of the old game", rec.Options)
		}
	})
	t.Run("the computer players are kept with their level", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, "ana")
		ana := h.user("ana")
		id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana}, AI: []string{"random"}, NewOptions: hours})
		if err != nil {
			t.Fatal(err)
		}
		old := h.state(h.world.Channel.ID)
		post, button := finish(t, h, id, ana)
		h.click(ana, post, button.CustomID)
		rec := h.state(h.world.Channel.ID)
		if rec.Status != store.StatusLobby || rec.ID == id || rec.Options.StepHours != 12 || len(rec.Seats) != 2 {
			t.Fatalf("the rematch's lobby is %s with options %+v and seats %+v", rec.Status, rec.Options, rec.Seats)
		}
		computers := 0
		for i, s := range old.Seats {
			if s.AILevel == "" {
				continue
			}
			computers++
			if rec.Seats[i].AILevel != "random" || rec.Seats[i].UserID != "" {
				t.Errorf("the rematch's seats %+v lost the computer player of seat %d (%+v)", rec.Seats, i+1, old.Seats)
			}
		}
		if computers != 1 {
			t.Fatalf("the first game had %d computer players, want 1: %+v", computers, old.Seats)
		}
	})
}
