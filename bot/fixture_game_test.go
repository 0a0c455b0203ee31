package bot

import (
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// TestTheFixtureGamePlaysThroughTheKitsDefaults plays whole games of the
// fixture game, tic-tac-toe, whose face is the kit's defaults and a
// picture, through the real bot and the fake Discord, in each language: a
// person by direct message against one by /tictactoe play, and a person
// against a computer player; every move is pressed on the kit's buttons.
func TestTheFixtureGamePlaysThroughTheKitsDefaults(t *testing.T) {
	t.Parallel()
	for _, lang := range i18n.Langs {
		for _, ai := range []bool{false, true} {
			name := string(lang) + " between two people, one without direct messages"
			if ai {
				name = string(lang) + " against a computer player"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, "ana", "bo")
				if lang == i18n.French {
					speakFrench(h)
				}
				ana, bo := h.user("ana"), h.user("bo")
				lo := drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}}
				people := []*drive.Player{{User: ana}, {User: bo, ViaSlash: true}}
				h.Srv.SetDMsClosed(bo.ID, true)
				if ai {
					lo.People, lo.AI, people = lo.People[:1], []string{"normal"}, people[:1]
				}
				if lang == i18n.French {
					lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
				}
				id, err := h.Open(lo)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := h.PlayGame(id, tictactoe.ID, people, tictactoe.Players, nil)
				if err != nil {
					t.Fatal(err)
				}
				if rec.Status != store.StatusFinished || len(rec.State.Results()) != 2 {
					t.Fatalf("the game ended %s with %v", rec.Status, rec.State.Results())
				}
				posts := h.Srv.Messages(h.Channel)
				last := posts[len(posts)-1]
				if !strings.Contains(last.Content, lang.T("play.scores.final.title")) || len(last.Attachments) == 0 {
					t.Errorf("the last post is %q with %d pictures, want the results and the board", last.Content, len(last.Attachments))
				}
				if v := h.Srv.TakeViolations(); len(v) > 0 {
					t.Errorf("Discord would have refused: %v", v)
				}
			})
		}
	}
}

// TestBackAnswersWithThePromptOfTheStepAwaitingThePlayer: a member back
// from a time away while the channel's game waits for them gets their
// prompt as the answer to /<game> back, and plays at once.
func TestBackAnswersWithThePromptOfTheStepAwaitingThePlayer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	if _, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}}); err != nil {
		t.Fatal(err)
	}
	// Both away: the autopilot then plays at each deadline, not at once,
	// so the game waits for ana's seat.
	for _, u := range []discordtest.User{ana, bo} {
		if _, err := h.Slash(tictactoe.ID, h.Channel, u, "away", discordtest.IntOpt("hours", 5)); err != nil {
			t.Fatal(err)
		}
	}
	rec := h.state(h.Channel)
	seat := rec.State.Awaited()[0]
	if !rec.Seats[seat].Autopilot {
		t.Fatalf("the awaited seat %d is not on autopilot", seat)
	}
	who := []discordtest.User{ana, bo}[seat]
	ms, err := h.Slash(tictactoe.ID, h.Channel, who, "back")
	if err != nil || len(ms) == 0 {
		t.Fatal(err)
	}
	answer := ms[len(ms)-1]
	if len(answer.Components) == 0 || !strings.Contains(answer.Content, i18n.English.T("face.prompt.turn", "Game", i18n.English.T("tictactoe.title"))) {
		t.Fatalf("/tictactoe back answered %q with %d rows, want %s's prompt", answer.Content, len(answer.Components), who.Username)
	}
	before := h.state(h.Channel).Seq
	var button string
	for _, c := range answer.Components[0].Components {
		button = c.CustomID
		break
	}
	if _, _, err := h.Click(who, answer, button); err != nil {
		t.Fatal(err)
	}
	// The person's move, then the move the autopilot plays at once for the
	// other, still away.
	log, err := h.db.MoveLog(h.Ctx, rec.ID)
	if err != nil || len(log) <= before || log[before].By != game.ByPlayer.String() {
		t.Fatalf("the move after the press is %+v (%v), want the person's", log[before:], err)
	}
	if after := h.state(h.Channel); after.Seats[seat].Autopilot {
		t.Error("the seat is still on autopilot")
	}
}

// TestTheLogCatchesAPlayerUpAndTellsTheLastFinishedGame: /<game> log tells,
// by default, what happened since the asker's last move; once the game is
// over, it tells the channel's last finished game, which the final post
// points to.
func TestTheLogCatchesAPlayerUpAndTellsTheLastFinishedGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}})
	if err != nil {
		t.Fatal(err)
	}
	people := []*drive.Player{{User: ana}, {User: bo}}
	play := func() engine.Move {
		rec := h.state(h.Channel)
		seat := rec.State.Awaited()[0]
		m, _ := tictactoe.Players.Autopilot(rec.State.View(seat), seat, 0)
		if err := h.PressMove(people[seat], tictactoe.ID, rec.State.View(seat), seat, m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	cell := func(m engine.Move) string { return strings.Fields(string(m))[1] }
	first, second, third := play(), play(), play()
	log := func(u discordtest.User) string {
		ms, err := h.Slash(tictactoe.ID, h.Channel, u, "log")
		if err != nil || len(ms) == 0 {
			t.Fatal(err)
		}
		return ms[len(ms)-1].Content
	}
	t.Run("a player reads what happened since their last move", func(t *testing.T) {
		// ana moved first and third, bo second: bo missed the third.
		got := log(bo)
		if !strings.Contains(got, cell(third)) || strings.Contains(got, " "+cell(first)+".") || strings.Contains(got, " "+cell(second)+".") {
			t.Errorf("bo's log after moves %s, %s, %s: %q", first, second, third, got)
		}
	})
	if _, err := h.PlayGame(id, tictactoe.ID, people, tictactoe.Players, nil); err != nil {
		t.Fatal(err)
	}
	t.Run("once the game is over, the log tells it", func(t *testing.T) {
		got := log(bo)
		if strings.Contains(got, i18n.English.T("cmd.no.game", "Command", tictactoe.ID)) || !strings.Contains(got, " marks ") {
			t.Errorf("the log after the game: %q", got)
		}
		var final discordtest.Message
		for _, m := range h.Srv.Messages(h.Channel) {
			if !m.Ephemeral && strings.Contains(m.Content, i18n.English.T("play.scores.final.title")) {
				final = m
			}
		}
		if !strings.Contains(final.Content, "/tictactoe log") {
			t.Errorf("the final post does not point to the log: %q", final.Content)
		}
	})
}

// TestAKitPromptSaysWhereItsGameIs: a member may play in several channels,
// so a prompt built by the kit's defaults names its game's channel, by
// direct message and in the channel alike.
func TestAKitPromptSaysWhereItsGameIs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	if _, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}}); err != nil {
		t.Fatal(err)
	}
	where := i18n.English.T("face.prompt.where", "Channel", "<#"+h.Channel+">")
	var prompts []discordtest.Message
	for _, u := range []discordtest.User{ana, bo} {
		if m, ok := h.LastDM(u); ok && len(m.Components) > 0 {
			prompts = append(prompts, m)
		}
	}
	if len(prompts) == 0 {
		t.Fatal("nobody was sent a prompt by direct message")
	}
	for _, m := range prompts {
		if !strings.Contains(m.Content, where) {
			t.Errorf("the prompt by direct message does not say %q:\n%s", where, m.Content)
		}
	}
	for _, u := range []discordtest.User{ana, bo} {
		ms, err := h.Slash(tictactoe.ID, h.Channel, u, "play")
		if err != nil {
			t.Fatal(err)
		}
		for _, seen := range ms {
			if len(seen.Components) > 0 && !strings.Contains(seen.Content, where) {
				t.Errorf("/tictactoe play does not say %q:\n%s", where, seen.Content)
			}
		}
	}
}
