package bot

import (
	"testing"

	"atheneum/bot/discordtest"
)

// TestGamesFinishWhileDiscordMisbehaves plays a whole game while Discord
// rate-limits calls (429 with retry_after), fails posts (500) and, for a
// while, refuses to let the bot write in the channel (403 50013): the
// game still reaches its end with every move kept.
func TestGamesFinishWhileDiscordMisbehaves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ps := newPlayers(h, 7, "ana", "bo", "cy") // everyone plays with /atheneum play
	h.openGame(h.world.Users...)
	channel := h.world.Channel.ID
	for turn := 1; !h.gameOver(); turn++ {
		switch turn % 3 {
		case 0:
			h.Srv.FailNext("*", discordtest.AnyPath, 3, h.Srv.RateLimit())
		case 1:
			h.Srv.FailNext("POST", "/channels/*/messages", 1, discordtest.InternalError())
		case 2:
			h.Srv.DenyPermission(channel)
		}
		current := ath(h.state(channel).State).TurnNumber()
		h.playUntil(ps, func() bool { return h.gameOver() || ath(h.state(channel).State).TurnNumber() != current })
		h.Srv.AllowPermission(channel)
	}
	rec, err := h.db.GetGame(h.Ctx, h.gameID())
	if err != nil {
		t.Fatal(err)
	}
	actions, err := h.db.Actions(h.Ctx, rec.ID)
	if err != nil || len(actions) != rec.Seq {
		t.Fatalf("%d actions stored for %d acknowledged (%v)", len(actions), rec.Seq, err)
	}
	full, err := h.db.LoadGame(h.Ctx, rec.ID)
	if err != nil || ath(full.State).Seq != rec.Seq {
		t.Fatalf("the stored game does not replay to its end: %v", err)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}

func TestTheHostIsToldWhenTheChannelRefusesPosts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	h.Srv.DenyPermission(h.world.Channel.ID)
	h.pickFirst(ana, bo) // the reveal cannot be posted
	want := en("flow.cannot.post", "Channel", "<#"+h.world.Channel.ID+">")
	told := func() int {
		n := 0
		for _, m := range h.Srv.DMMessages(ana.ID) {
			if m.Content == want {
				n++
			}
		}
		return n
	}
	if n := told(); n != 1 {
		t.Fatalf("the host was told %d times that the channel refuses posts, want once", n)
	}
	for _, m := range h.Srv.DMMessages(bo.ID) {
		if m.Content == want {
			t.Fatal("a player who is not the host was told")
		}
	}
	p := newPlayers(h, 5)
	h.playUntil(p, func() bool { return ath(h.state(h.world.Channel.ID).State).TurnNumber() == 2 })
	if n := told(); n != 1 {
		t.Fatalf("after more refused posts the host was told %d times, want once", n)
	}
}
