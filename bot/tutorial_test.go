package bot

import (
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/i18n"
)

// TestATutorialIsAPrivatePracticeGameWithHints: /atheneum tutorial opens,
// in a private thread, a game against computer players that counts in no
// record and whose every prompt says what to do; hints show in a player's
// first real games too, until they turn them off.
func TestATutorialIsAPrivatePracticeGameWithHints(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	seen := h.slash(ana, "tutorial")
	if !seen.Ephemeral || !strings.Contains(seen.Content, stem(i18n.English, "tutorial.ready")) {
		t.Fatalf("/atheneum tutorial answered %q", seen.Content)
	}
	games, err := h.db.MemberGames(h.Ctx, h.world.Guild.ID, ana.ID)
	if err != nil || len(games) != 1 {
		t.Fatalf("ana's games: %d, %v", len(games), err)
	}
	rec := games[0]
	thread, ok := h.Srv.Channel(rec.ChannelID)
	t.Run("the game runs in a private thread of the channel", func(t *testing.T) {
		if !ok || thread.Type != 12 || thread.ParentID != h.world.Channel.ID {
			t.Errorf("the game's channel is %+v", thread)
		}
		if !strings.Contains(seen.Content, "<#"+rec.ChannelID+">") {
			t.Errorf("the answer does not point at the thread: %q", seen.Content)
		}
	})
	t.Run("it is a practice game against computer players", func(t *testing.T) {
		if !rec.Options.Practice || len(rec.Seats) != 3 || rec.Seats[1].AILevel == "" || rec.Seats[2].AILevel == "" {
			t.Errorf("options %+v, seats %+v", rec.Options, rec.Seats)
		}
		posts := h.Srv.Messages(rec.ChannelID)
		if len(posts) == 0 || !posts[0].Pings(ana.ID) {
			t.Error("ana was not called into the thread")
		}
	})
	t.Run("the prompt says what to do and why", func(t *testing.T) {
		dm, _ := h.LastDM(ana)
		if !strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("the tutorial's prompt has no hint: %q", dm.Content)
		}
	})
	t.Run("a first real game shows hints until they are turned off", func(t *testing.T) {
		ch := h.Srv.AddTextChannel(h.world.Guild.ID, "real")
		h.openGameIn(ch.ID, bo, ana)
		dm, _ := h.LastDM(bo)
		if !strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("bo's first game has no hint: %q", dm.Content)
		}
		if seen := h.slashIn(ch.ID, bo, "hints", discordtest.StringOpt("mode", "off")); seen.Content != en("hints.set.off") {
			t.Errorf("turning hints off answered %q", seen.Content)
		}
		dm = h.slashIn(ch.ID, bo, "play")
		if strings.Contains(dm.Content, en("atheneum.hint.pick")) {
			t.Errorf("bo turned hints off and still sees one: %q", dm.Content)
		}
	})
}
