package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// admin runs /atheneum admin VERB and returns what the user saw.
func (h *harness) admin(user discordtest.User, verb string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	in, err := h.Srv.SlashCommand(h.Ctx, user, h.world.Channel.ID, "atheneum", discordtest.SubGroup("admin", discordtest.Sub(verb, opts...)))
	if err != nil {
		h.t.Fatal(err)
	}
	msg, err := in.WaitResponse(h.Ctx)
	if err != nil {
		h.t.Fatalf("/atheneum admin %s: %v", verb, err)
	}
	h.Settle()
	return msg
}

// snapshot is the channel's game as the bot last stored it.
func (h *harness) snapshot() *game.Snapshot {
	h.t.Helper()
	snap, err := h.bot.svc.SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return snap
}

// lastPost is the newest channel message the bot posted (not a reply).
func (h *harness) lastPost() discordtest.Message {
	ms := h.Srv.Messages(h.world.Channel.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Ephemeral && ms[i].InteractionID == "" {
			return ms[i]
		}
	}
	return discordtest.Message{}
}

// TestHostToolsNeedTheHostOrAServerManager: a host tool is refused to a
// player who is not the host and to a spectator, and changes nothing; the
// host and a server manager may use it, the channel is told, and the step's
// post shows the new deadline.
func TestHostToolsNeedTheHostOrAServerManager(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy", "mod")
	ana, bo, cy, mod := h.user("ana"), h.user("bo"), h.user("cy"), h.user("mod")
	h.Srv.PutMember(discordtest.Member{GuildID: h.world.Guild.ID, User: mod, Permissions: discordtest.DefaultMemberPermissions | discordgo.PermissionManageGuild})
	h.openTTT(ana, bo)
	before := h.fingerprint(h.world.Channel.ID)
	hostOnly, _ := playerMessage(tttFace, &game.Refusal{Code: game.CodeHostOnly})
	for _, who := range []discordtest.User{bo, cy} {
		seen := h.adminOf(tictactoe.ID, who, "extend", discordtest.IntOpt("hours", 5))
		if !seen.Ephemeral || seen.Content != hostOnly {
			t.Errorf("%s, neither host nor manager, saw %q", who.Username, seen.Content)
		}
	}
	if h.fingerprint(h.world.Channel.ID) != before {
		t.Fatal("a refused host tool changed the game")
	}
	due := h.snapshot().Deadline
	for _, who := range []discordtest.User{ana, mod} {
		if seen := h.adminOf(tictactoe.ID, who, "extend", discordtest.IntOpt("hours", 5)); seen.Content != i18n.English.T("host.done") {
			t.Fatalf("%s's extend answered %q", who.Username, seen.Content)
		}
	}
	if got := h.snapshot().Deadline; !got.Equal(due.Add(10 * time.Hour)) {
		t.Fatalf("two extends of 5 hours moved the deadline from %v to %v", due, got)
	}
	post := h.lastPost()
	want := i18n.English.T("host.post.extend", "By", h.name(mod), "Hours", 5, "Count", 5, "Deadline", face.Stamp(due.Add(10*time.Hour)))
	if post.Content != want {
		t.Errorf("the channel was told %q, want %q", post.Content, want)
	}
	step, err := h.db.GetMessage(h.Ctx, h.snapshot().Rec.ID, msgStep, store.NoSeat)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := h.Srv.Message(step.MessageID); len(m.Embeds) != 1 || !strings.Contains(m.Embeds[0].Description, face.Stamp(due.Add(10*time.Hour))) {
		t.Errorf("the step's post does not show the new deadline: %+v", m.Embeds)
	}
}

// name is a user's display name, as the bot writes it.
func (h *harness) name(u discordtest.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// firstWords is the start of a catalogue text, before any placeholder.
func firstWords(s string) string {
	if i := strings.IndexAny(s, "{<"); i > 0 {
		return s[:i]
	}
	return s
}

// TestPauseStopsTheClockAndResumeRestartsIt: while the host has paused
// the game no deadline runs and the status says so; resume gives the step
// the time it had left, and its deadline then plays for the absent seat.
func TestPauseStopsTheClockAndResumeRestartsIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openTTT(ana, bo)
	h.advance(6 * time.Hour)
	h.adminOf(tictactoe.ID, ana, "pause")
	if !h.snapshot().Paused {
		t.Fatal("the game is not paused")
	}
	rec := h.snapshot().Rec
	awaited := rec.State.Awaited()
	if seen := h.slashGame(tictactoe.ID, bo, "status"); !strings.Contains(seen.Content, ttt("flow.waiting.paused", "Who", seatNames(i18n.English, rec, awaited))) {
		t.Errorf("the status does not say the clock is paused: %q", seen.Content)
	}
	h.elapse(72 * time.Hour)
	if after := h.snapshot().Rec; after.Seq != rec.Seq || after.Seats[awaited[0]].Autopilot {
		t.Fatal("a deadline ran while the game was paused")
	}
	h.adminOf(tictactoe.ID, ana, "resume")
	snap := h.snapshot()
	if snap.Paused || !snap.Deadline.Equal(h.now().Add(18*time.Hour)) {
		t.Fatalf("after resuming: paused %v, deadline %v, want %v", snap.Paused, snap.Deadline, h.now().Add(18*time.Hour))
	}
	h.elapse(19 * time.Hour)
	if after := h.snapshot().Rec; after.Seq == rec.Seq || !after.Seats[awaited[0]].Autopilot {
		t.Fatalf("the resumed deadline did not play the step out: %d moves, autopilot %v", after.Seq, after.Seats[awaited[0]].Autopilot)
	}
}

// TestAHostHandsSeatsOver: the host hands a seat to another member, who
// takes it as it stands, or to a computer player, which plays it at once;
// a player resigns; the host ends the game with a reason, which the
// history gives. Tic-tac-toe has two seats: the removal is tried in a
// second game, the first having given its seats to dee and then to the
// computer player of the resignation.
func TestAHostHandsSeatsOver(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy", "dee")
	ana, bo, cy, dee := h.user("ana"), h.user("bo"), h.user("cy"), h.user("dee")
	id := h.openTTT(ana, bo)
	channel := h.world.Channel.ID
	// Ana marks a cell: the game now waits for bo's seat.
	h.playTTT(id, []*drive.Player{{User: ana}, {User: bo}}, 1)

	t.Run("a player named who is not in the game is refused", func(t *testing.T) {
		before := h.fingerprint(channel)
		seen := h.adminOf(tictactoe.ID, ana, "remove", discordtest.UserOpt("player", dee))
		if seen.Content != ttt("cmd.not.playing", "Who", "<@"+dee.ID+">") || h.fingerprint(channel) != before {
			t.Fatalf("saw %q", seen.Content)
		}
	})
	t.Run("a member takes over a seat as it stands", func(t *testing.T) {
		board := fmt.Sprintf("%+v", h.state(channel).State)
		h.adminOf(tictactoe.ID, ana, "replace", discordtest.UserOpt("player", bo), discordtest.UserOpt("member", dee))
		rec := h.state(channel)
		if rec.Seats[1].UserID != dee.ID || game.SeatOf(rec, bo.ID) >= 0 {
			t.Fatalf("seat 2 is played by %q", rec.Seats[1].UserID)
		}
		if got := fmt.Sprintf("%+v", rec.State); got != board {
			t.Fatalf("the newcomer did not get the seat as it stood: %s, was %s", got, board)
		}
		m, ok := h.LastDM(dee)
		if !ok || len(m.Components) == 0 {
			t.Fatalf("dee got no prompt: %q", m.Content)
		}
		before := h.fingerprint(channel)
		if seen := h.slashGame(tictactoe.ID, bo, "play"); !seen.Ephemeral || len(seen.Components) > 0 || h.fingerprint(channel) != before {
			t.Fatalf("bo, replaced, still got a prompt: %q", seen.Content)
		}
		if rec.Seats[1].Name != h.name(dee) {
			t.Errorf("the newcomer is called %q, want %q", rec.Seats[1].Name, h.name(dee))
		}
		want := i18n.English.T("host.post.replace", "By", h.name(ana), "Former", h.name(bo), "Name", h.name(dee))
		if got := h.lastPost().Content; got != want {
			t.Errorf("the channel was told %q, want %q", got, want)
		}
	})
	t.Run("a player resigns", func(t *testing.T) {
		seen := h.slashGame(tictactoe.ID, dee, "resign")
		if seen.Content != i18n.English.T("host.resigned.you") {
			t.Fatalf("dee saw %q", seen.Content)
		}
		if rec := h.state(channel); rec.Seats[1].UserID != "" {
			t.Fatal("the resigned seat is still dee's")
		}
	})
	t.Run("the host ends the game with a reason", func(t *testing.T) {
		h.adminOf(tictactoe.ID, ana, "end", discordtest.StringOpt("reason", "We have to stop here"))
		rec, err := h.db.GetGame(h.Ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != store.StatusAbandoned || rec.EndReason != "We have to stop here" {
			t.Fatalf("after end: %s, reason %q", rec.Status, rec.EndReason)
		}
		seen := h.recordsOf(tictactoe.ID, bo, "history")
		if !strings.Contains(seen.Content, "We have to stop here") {
			t.Errorf("the history does not give the reason: %q", seen.Content)
		}
	})
	t.Run("a removed player's seat is played to the end by an AI", func(t *testing.T) {
		id := h.openTTT(ana, cy)
		h.playTTT(id, []*drive.Player{{User: ana}, {User: cy}}, 1)
		seq := h.state(channel).Seq
		h.adminOf(tictactoe.ID, ana, "remove", discordtest.UserOpt("player", cy))
		rec := h.state(channel)
		if rec.Seats[1].UserID != "" || rec.Seats[1].AILevel != game.ReplacementLevel {
			t.Fatalf("seat 2 after remove: %+v", rec.Seats[1])
		}
		if slices.Contains(rec.State.Awaited(), 1) || rec.Seq != seq+1 {
			t.Fatalf("the AI did not play the removed seat's mark at once: %d moves, was %d", rec.Seq, seq)
		}
	})
}
