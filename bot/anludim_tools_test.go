package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
)

// TestAnludimRefusesForgeriesUndoesAndWaitsCalmly plays the moments of an
// Anludim game that a whole game may not meet, in each language: a click
// forged by the player not on turn is refused and changes nothing; a move
// is undone within the turn; the host extends the deadline; the deadline
// passes and the autopilot plays the absent player's turn.
func TestAnludimRefusesForgeriesUndoesAndWaitsCalmly(t *testing.T) {
	oneFlowAtATime(t)
	for _, l := range []i18n.Lang{i18n.English, i18n.French} {
		t.Run("in "+string(l), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, "ana", "bo")
			lo := drive.Lobby{Command: an.ID, People: []discordtest.User{h.user("ana"), h.user("bo")}}
			if l == i18n.French {
				speakFrench(h)
				lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
			}
			id, err := h.Open(lo)
			if err != nil {
				t.Fatal(err)
			}
			words := func(key string, kv ...any) string { return l.T(key, append([]any{"Command", an.ID}, kv...)...) }
			people := []*drive.Player{{User: h.user("ana")}, {User: h.user("bo")}}
			rec := h.state(h.world.Channel.ID)
			seat := rec.State.Awaited()[0]
			mover, other := people[seat], people[1-seat]

			t.Run("a click forged by the player not on turn is refused and changes nothing", func(t *testing.T) {
				prompt, ok, err := h.AnludimPrompt(mover)
				if err != nil || !ok {
					t.Fatalf("no prompt for %s: %v", mover.User.Username, err)
				}
				var id string
				for _, row := range prompt.Components {
					for _, c := range row.Components {
						if id == "" && c.CustomID != "" {
							id = c.CustomID
						}
					}
				}
				seen := h.forge(other.User, prompt, id)
				if seen.Content != words("play.refuse.not.yours") || h.state(h.world.Channel.ID).Seq != rec.Seq {
					t.Errorf("the forged click answered %q", seen.Content)
				}
			})

			t.Run("a move is undone within the turn", func(t *testing.T) {
				_, view, err := h.AnludimView(id, seat)
				if err != nil {
					t.Fatal(err)
				}
				full := h.state(h.world.Channel.ID).State
				var undoable an.Move
				for _, m := range engine.Moves(full.View(seat), seat, 400) {
					after := full.Clone()
					if _, err := after.Apply(m); err != nil || after.StepKey() != full.StepKey() {
						continue
					}
					if slices.ContainsFunc(after.Next(seat, nil), func(c engine.Choice) bool { return c.Key == "z" }) {
						if undoable, err = an.ParseMove(string(m)); err == nil {
							break
						}
					}
				}
				if undoable.String() == "" || view == nil {
					t.Fatal("no undoable move in this position: the test would prove nothing")
				}
				if err := h.PerformAnludim(mover, undoable); err != nil {
					t.Fatal(err)
				}
				undo, _ := an.ParseMove(engineSeat(seat) + " z")
				if err := h.PerformAnludim(mover, undo); err != nil {
					t.Fatal(err)
				}
				moves, _ := h.db.Actions(h.Ctx, id)
				if last := string(moves[len(moves)-1]); !strings.HasSuffix(last, " z") {
					t.Errorf("the last move stored is %q, want the undo", last)
				}
				if got := h.state(h.world.Channel.ID).State.Awaited(); len(got) != 1 || got[0] != seat {
					t.Errorf("after the undo the game awaits %v", got)
				}
			})

			t.Run("the host extends the deadline", func(t *testing.T) {
				snap, _ := h.bot.Service().SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
				before := snap.Deadline
				in, err := h.Srv.SlashCommand(h.Ctx, h.user("ana"), h.world.Channel.ID, an.ID, discordtest.SubGroup("admin", discordtest.Sub("extend", discordtest.IntOpt("hours", 3))))
				if err == nil {
					_, err = in.WaitResponse(h.Ctx)
				}
				if err != nil {
					t.Fatalf("/anludim admin extend: %v", err)
				}
				h.Settle()
				snap, _ = h.bot.Service().SnapshotInChannel(h.Ctx, h.world.Guild.ID, h.world.Channel.ID)
				if !snap.Deadline.Equal(before.Add(3 * time.Hour)) {
					t.Errorf("the deadline went from %v to %v", before, snap.Deadline)
				}
			})

			t.Run("a missed deadline lets the autopilot play the turn", func(t *testing.T) {
				h.elapse(12 * time.Hour)
				log, err := h.db.MoveLog(h.Ctx, id)
				if err != nil || len(log) == 0 || log[len(log)-1].By != "autopilot" {
					t.Fatalf("the last move was not the autopilot's: %+v, %v", log[len(log)-1], err)
				}
				note := words("flow.autopilot.on", "Name", rec.Seats[seat].Name)
				if len(h.channelPosts(note)) != 1 {
					t.Errorf("the channel was not told %q", note)
				}
			})
		})
	}
}

// engineSeat writes a seat as moves name it ("s0").
func engineSeat(seat int) string { return "s" + string(rune('0'+seat)) }
