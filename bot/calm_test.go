package bot

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// stepPost is the current step's post (the last bot post with a waiting
// line).
func (h *harness) stepPost() discordtest.Message {
	h.t.Helper()
	ms := h.Srv.Messages(h.world.Channel.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Ephemeral && len(ms[i].Embeds) == 1 {
			return ms[i]
		}
	}
	h.t.Fatal("no step post")
	return discordtest.Message{}
}

// waitingText is what the current step's post says it waits for.
func (h *harness) waitingText() string {
	h.t.Helper()
	return h.stepPost().Embeds[0].Description
}

// slashGame runs /<command> SUB as user in the test channel and returns
// what they see.
func (h *harness) slashGame(command string, user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	in, err := h.Srv.SlashCommand(h.Ctx, user, h.world.Channel.ID, command, discordtest.Sub(sub, opts...))
	if err != nil {
		h.t.Fatal(err)
	}
	msg, err := in.WaitResponse(h.Ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	h.Settle()
	return msg
}

func TestTheWaitingLineFollowsWhoIsStillAwaited(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	// A lobby with a computer player, which moves at once.
	lobby := h.slash(ana, "new")
	for _, u := range []discordtest.User{bo, cy} {
		join, _ := drive.Component(lobby, "join")
		lobby, _ = h.click(u, lobby, join.CustomID)
	}
	add, _ := drive.Component(lobby, "addai")
	lobby, _ = h.click(ana, lobby, add.CustomID, "normal")
	start, _ := drive.Component(lobby, "start")
	h.click(ana, lobby, start.CustomID)
	due := h.snapshot().Deadline
	post := h.stepPost()
	want := en("flow.waiting.until", "Who", "Ana, Bo and Cy", "Deadline", face.Stamp(due))
	if got := h.waitingText(); got != want {
		t.Fatalf("the first step's post says %q, want %q (people only: the computer player has moved)", got, want)
	}
	posts := len(h.Srv.Messages(h.world.Channel.ID))
	h.pickFirst(ana)
	if got, want := h.waitingText(), en("flow.waiting.until", "Who", "Bo and Cy", "Deadline", face.Stamp(due)); got != want {
		t.Fatalf("once ana picked, the post says %q, want %q", got, want)
	}
	if n := len(h.Srv.Messages(h.world.Channel.ID)); n != posts {
		t.Fatalf("the waiting line was posted anew (%d messages, was %d), not edited", n, posts)
	}
	if p := h.refresh(post); len(p.Revisions) == 0 || len(p.PingedUsers()) != 0 {
		t.Fatalf("the step post was not edited, or its edit pings %v", p.PingedUsers())
	}
	// Bo goes away: his seat is played at once, and the post says so.
	h.slash(bo, "away", discordtest.IntOpt("hours", 48))
	if got, want := h.waitingText(), en("flow.waiting.until", "Who", "Cy", "Deadline", face.Stamp(due)); got != want {
		t.Fatalf("with bo away, the post says %q, want %q", got, want)
	}
	// Cy goes away too, then ana: nobody plays, and every seat waits on
	// autopilot for the deadline (a new step has begun: cy's pick ended
	// the first).
	h.pickFirst(cy)
	h.slash(cy, "away", discordtest.IntOpt("hours", 48))
	h.slash(ana, "away", discordtest.IntOpt("hours", 48))
	due = h.snapshot().Deadline
	if got, want := h.waitingText(), en("flow.waiting.autopilot", "Who", "Ana", "Deadline", face.Stamp(due)); got != want {
		t.Fatalf("with everybody away, the post says %q, want %q", got, want)
	}
	// The step ends at its deadline: its post says everyone has played.
	step := h.stepPost()
	h.elapse(25 * time.Hour)
	if got := h.refresh(step).Embeds[0].Description; got != en("flow.step.over") {
		t.Fatalf("the finished step's post says %q", got)
	}
}

func TestTimeAwayCoversEveryGameOfTheServer(t *testing.T) {
	t.Parallel()
	// Two games of the fixture game in two channels of the server, bo in
	// both; what is tested is the adapter's time away, whatever the game.
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	other := h.Srv.AddTextChannel(h.world.Guild.ID, "second")
	h.openTTT(ana, bo)
	h.in(t, other).openTTT(bo, ana)
	before := len(h.Srv.DMMessages(bo.ID))
	seen := h.slashGame(tictactoe.ID, bo, "away", discordtest.IntOpt("hours", 30))
	until := h.now().Add(30 * time.Hour)
	if !strings.Contains(seen.Content, face.Stamp(until)) || !strings.Contains(seen.Content, other.ID) || !strings.Contains(seen.Content, h.world.Channel.ID) || !seen.Ephemeral {
		t.Fatalf("/tictactoe away answered %q", seen.Content)
	}
	for _, ch := range []string{h.world.Channel.ID, other.ID} {
		if posts := h.postsIn(ch, en("away.post", "Name", "Bo", "Until", face.Stamp(until))); posts != 1 {
			t.Fatalf("%d away notices in channel %s", posts, ch)
		}
		if rec := h.state(ch); !rec.Seats[game.SeatOf(rec, bo.ID)].Autopilot {
			t.Fatalf("bo's seat in %s is not on autopilot", ch)
		}
	}
	if got := h.recordsOf(tictactoe.ID, bo, "games"); !strings.Contains(got.Content, ttt("games.away", "Until", face.Stamp(until))) {
		t.Fatalf("/tictactoe records games does not say bo is away: %q", got.Content)
	}
	// No reminder reaches bo while away.
	h.elapse(23 * time.Hour)
	if got := h.Srv.DMMessages(bo.ID)[before:]; len(got) != 0 {
		t.Fatalf("bo, away, got %d direct messages: %q", len(got), got[0].Content)
	}
	// A host tool respects the time away: giving the seat to the autopilot
	// changes nothing more.
	h.adminOf(tictactoe.ID, ana, "autopilot", discordtest.UserOpt("player", bo))
	// Another game's command, /anludim back, gives bo both games back.
	back := h.slashGame("anludim", bo, "back")
	if !strings.Contains(back.Content, other.ID) || !strings.Contains(back.Content, h.world.Channel.ID) {
		t.Fatalf("/anludim back answered %q", back.Content)
	}
	for _, ch := range []string{h.world.Channel.ID, other.ID} {
		if rec := h.state(ch); rec.Seats[game.SeatOf(rec, bo.ID)].Autopilot {
			t.Fatalf("bo's seat in %s is still on autopilot after back", ch)
		}
		if n := h.postsIn(ch, en("away.post.back", "Name", "Bo")); n != 1 {
			t.Fatalf("%d back notices in %s", n, ch)
		}
	}
	// Away again, then a move in one game brings bo back in both.
	h.slashGame(tictactoe.ID, bo, "away", discordtest.IntOpt("hours", 100))
	h.elapse(24 * time.Hour) // deadlines: ana, alone, is played by the autopilot too
	// Bo, away, is sent no prompt; he plays through /tictactoe play where
	// the game waits for him.
	moved := false
	for _, ch := range []string{h.world.Channel.ID, other.ID} {
		rec := h.state(ch)
		seat := game.SeatOf(rec, bo.ID)
		if moved || rec.State.Over() || !slices.Contains(rec.State.Awaited(), seat) {
			continue
		}
		view := rec.State.View(seat)
		m, err := tictactoe.Players.Autopilot(view, seat, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.in(t, discordtest.Channel{ID: ch, GuildID: h.world.Guild.ID}).PressMove(&drive.Player{User: bo, ViaSlash: true}, tictactoe.ID, view, seat, m); err != nil {
			t.Fatalf("bo could not move through /tictactoe play: %v", err)
		}
		moved = true
	}
	if !moved {
		t.Fatal("no game waited for bo after the deadlines")
	}
	for _, ch := range []string{h.world.Channel.ID, other.ID} {
		if rec := h.state(ch); rec.Seats[game.SeatOf(rec, bo.ID)].Autopilot {
			t.Fatalf("a move left bo's seat in %s on autopilot", ch)
		}
	}
	if !h.bot.svc.AwayUntil(h.Ctx, h.world.Guild.ID, bo.ID).IsZero() {
		t.Fatal("a move did not end bo's time away")
	}
	// Discord's client never sends more than the command's 168 hours; a
	// request that did would be refused in words.
	if got, ok := playerMessage(athFace, &game.Refusal{Code: game.CodeBadAwayHours}); !ok || got != en("play.refusal.bad_away_hours", "Max", 168) {
		t.Fatalf("169 hours away: %q", got)
	}
}

// postsIn counts the bot's posts in a channel whose content is text.
func (h *harness) postsIn(channelID, text string) int {
	n := 0
	for _, m := range h.Srv.Messages(channelID) {
		if strings.Contains(m.Content, text) && !m.Ephemeral {
			n++
		}
	}
	return n
}

// received counts, per step of the test channel's game, the messages the
// member was notified of: the bot's direct messages to them, and the
// channel posts that mention them (edits and answers only they see notify
// nobody). A step runs from its post (the game's start for the first) to
// the next step's post, in the order Discord created the messages.
func (h *harness) received(u discordtest.User) []int {
	type event struct {
		id       string
		boundary bool
		counts   bool
	}
	var events []event
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		if m.Ephemeral || m.InteractionID != "" {
			continue
		}
		_, final := m.Attachment("results.png")
		sent := m // as it was created: a later edit notifies nobody
		if len(m.Revisions) > 0 {
			sent = m.Revisions[0]
		}
		events = append(events, event{m.ID, len(m.Embeds) > 0 || final, sent.Pings(u.ID)})
	}
	for _, m := range h.Srv.DMMessages(u.ID) {
		if !m.Ephemeral && m.InteractionID == "" {
			events = append(events, event{id: m.ID, counts: true})
		}
	}
	sort.Slice(events, func(i, j int) bool {
		a, b := events[i].id, events[j].id
		return len(a) < len(b) || len(a) == len(b) && a < b
	})
	counts := []int{0}
	for _, e := range events {
		if e.boundary {
			counts = append(counts, 0)
		}
		if e.counts {
			counts[len(counts)-1]++
		}
	}
	return counts[:len(counts)-1] // after the final post, nothing
}

// TestAWholeGameStaysWithinTheNotificationBudget plays a game over days
// with a quick player, a slow one, one who never plays and one whose
// direct messages are closed, each step 24 hours long, and counts every
// message each of them is notified of, step by step.
func TestAWholeGameStaysWithinTheNotificationBudget(t *testing.T) {
	oneFlowAtATime(t)
	t.Parallel()
	h := newHarness(t, "ada", "basil", "clio", "dora")
	ps := newPlayers(h, 18, "dora")
	ada, basil, clio, dora := ps[0], ps[1], ps[2], ps[3]
	h.openGame(h.world.Users...)
	channel := h.world.Channel.ID
	id := h.gameID()
	current := func() *store.Game {
		rec, err := h.db.LoadGame(h.Ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	// playOut has p play until the step (key) no longer waits for them.
	playOut := func(p *drive.Player, key string) {
		t.Helper()
		seat := game.SeatOf(current(), p.User.ID)
		for moves := 0; ; moves++ {
			rec := current()
			if game.StepKey(rec.State) != key || !slices.Contains(rec.State.Awaited(), seat) {
				return
			}
			if moves > 80 || !h.step(p) {
				t.Fatalf("%s cannot finish %s", p.User.Username, game.StepKey(rec.State))
			}
		}
	}
	// at moves the clock to hours after the step began, running what
	// falls due on the way, hour by hour.
	at := func(began time.Time, hours int) {
		for h.now().Before(began.Add(time.Duration(hours) * time.Hour)) {
			h.elapse(time.Hour)
		}
	}
	steps := 0
	for !h.gameOver() {
		steps++
		if steps > 40 {
			t.Fatal("the game did not end in 40 steps")
		}
		began, key := h.now(), game.StepKey(current().State)
		at(began, 1)
		playOut(ada, key)
		doraAt := 2
		if steps%2 == 0 {
			doraAt = 8 // past a quarter of the step: basil is then the last one
		}
		at(began, doraAt)
		playOut(dora, key)
		at(began, 20)
		playOut(basil, key)
		if game.StepKey(current().State) == key {
			at(began, 25) // clio never plays: the deadline does
		}
	}
	var table []string
	for _, p := range ps {
		got := h.received(p.User)
		table = append(table, fmt.Sprintf("%-6s %v", p.User.Username, got))
		for step, n := range got {
			if n > game.Budget {
				t.Errorf("%s received %d messages in step %d, more than %d", p.User.Username, n, step+1, game.Budget)
			}
		}
		if len(got) != steps {
			t.Errorf("%s's messages fall in %d steps, the game had %d", p.User.Username, len(got), steps)
		}
		switch p {
		case ada, dora:
			for step, n := range got {
				if n != 1 {
					t.Errorf("%s, who plays at once, received %d messages in step %d, want only the prompt", p.User.Username, n, step+1)
				}
			}
		case basil:
			for step, n := range got {
				if n != 2 {
					t.Errorf("basil, slow, received %d messages in step %d, want the prompt and one reminder", n, step+1)
				}
			}
		case clio:
			if got[0] != game.Budget || slices.ContainsFunc(got[1:], func(n int) bool { return n != 0 }) {
				t.Errorf("clio, absent, received %v, want the prompt, a reminder and the autopilot's notice, then nothing", got)
			}
		}
	}
	t.Logf("messages received per step (%d steps of 24 hours):\n%s", steps, strings.Join(table, "\n"))
	dms := h.Srv.DMMessages(clio.User.ID)
	if last := dms[len(dms)-1].Content; last != i18n.English.T("flow.autopilot.dm", "Channel", "<#"+channel+">", "Command", "atheneum") {
		t.Errorf("clio's last direct message is %q, want the autopilot's notice", last)
	}
}
