package bot

import (
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/tictactoe"
	"atheneum/store"
)

// TestGamesFinishWhileDiscordMisbehaves plays a whole game while Discord
// rate-limits calls (429 with retry_after), fails posts (500) and, for a
// while, refuses to let the bot write in the channel (403 50013): the
// game still reaches its end with every move kept.
func TestGamesFinishWhileDiscordMisbehaves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	channel := h.world.Channel.ID
	// Games of the fixture game one after another in the channel, each
	// person playing with /tictactoe play, Discord failing before every
	// move in one of three ways: rate limits on any call, a channel post
	// refused with a server error, the channel's permissions withdrawn.
	const games = 3
	moves := 0
	for g := 0; g < games; g++ {
		id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}})
		if err != nil {
			t.Fatal(err)
		}
		people := []*drive.Player{{User: ana, ViaSlash: true}, {User: bo, ViaSlash: true}}
		rec, err := h.PlayGame(id, tictactoe.ID, people, tictactoe.Players, func(*store.Game) {
			h.Srv.AllowPermission(channel)
			switch moves++; moves % 3 {
			case 0:
				h.Srv.FailNext("*", discordtest.AnyPath, 3, h.Srv.RateLimit())
			case 1:
				h.Srv.FailNext("POST", "/channels/*/messages", 1, discordtest.InternalError())
			case 2:
				h.Srv.DenyPermission(channel)
			}
		})
		h.Srv.AllowPermission(channel)
		if err != nil {
			t.Fatalf("game %d: %v", g+1, err)
		}
		actions, err := h.db.Actions(h.Ctx, rec.ID)
		if err != nil || len(actions) != rec.Seq {
			t.Fatalf("game %d: %d actions stored for %d acknowledged (%v)", g+1, len(actions), rec.Seq, err)
		}
		full, err := h.db.LoadGame(h.Ctx, rec.ID)
		if err != nil || full.Status != store.StatusFinished || len(full.State.Results()) != 2 {
			t.Fatalf("game %d: the stored game does not replay to its end: %v", g+1, err)
		}
	}
	if moves < 3*games*5/2 {
		t.Errorf("only %d moves were played under faults", moves)
	}
	if v := h.Srv.TakeViolations(); len(v) > 0 {
		t.Errorf("Discord would have refused %d payloads: %v", len(v), v[0])
	}
}

// TestTheHostIsToldWhenTheChannelRefusesPosts: when the channel refuses
// the bot's posts, the host (and only the host) is told by direct message,
// once however many posts are refused after.
func TestTheHostIsToldWhenTheChannelRefusesPosts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	id := h.openTTT(ana, bo)
	people := []*drive.Player{{User: ana}, {User: bo}}
	h.Srv.DenyPermission(h.world.Channel.ID)
	h.playTTT(id, people, 1) // the next step's post cannot be posted
	want := ttt("flow.cannot.post", "Channel", "<#"+h.world.Channel.ID+">")
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
	h.playTTT(id, people, 4)
	if n := told(); n != 1 {
		t.Fatalf("after more refused posts the host was told %d times, want once", n)
	}
}
