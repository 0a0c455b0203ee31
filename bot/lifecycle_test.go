package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

func TestLobby(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	lobby := h.slash(ana, "new", discordtest.IntOpt("seats", 2))
	btn := func(verb string) string { c, _ := drive.Component(lobby, verb); return c.CustomID }
	// refused and shown say what the lobby should answer, once it has.
	refused := func(code game.Code, arg ...string) func() string {
		return func() string { return refusalText(code, arg...) }
	}
	shown := func() string {
		rec, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID)
		if err != nil {
			t.Fatal(err)
		}
		return h.bot.lobbyText(i18n.English, rec)
	}
	steps := []struct {
		name   string
		who    discordtest.User
		verb   string
		values []string
		want   func() string
		seats  int
	}{
		{"the host cannot start alone", ana, "start", nil, refused(game.CodeTooFew, "2"), 1},
		{"a stranger cannot leave", bo, "leave", nil, refused(game.CodeNotInLobby), 1},
		{"a player joins", bo, "join", nil, shown, 2},
		{"joining twice is refused", bo, "join", nil, refused(game.CodeAlreadyJoined), 2},
		{"a full lobby refuses more players", cy, "join", nil, refused(game.CodeFull), 2},
		{"a subject already taken is refused", bo, "subject", []string{"T"}, refused(game.CodeOptionTaken, "T"), 2},
		{"a free subject can be chosen", bo, "subject", []string{"K"}, func() string {
			return athFace.OptionWords(i18n.English, atheneum.SeatOptionSubject, "K")
		}, 2},
		{"only the host can start", bo, "start", nil, refused(game.CodeHostOnly), 2},
		{"only the host can cancel", bo, "cancel", nil, refused(game.CodeHostOnly), 2},
		{"the host cannot leave", ana, "leave", nil, refused(game.CodeHostStays), 2},
		{"a player leaves", bo, "leave", nil, shown, 1},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			seen := h.forge(s.who, lobby, btn(s.verb), s.values...)
			if want := s.want(); !strings.Contains(seen.Content, want) {
				t.Fatalf("saw %q, want %q", seen.Content, want)
			}
			rec, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID)
			if err != nil || len(rec.Seats) != s.seats {
				t.Fatalf("the lobby seats %d (%v), want %d", len(rec.Seats), err, s.seats)
			}
			lobby = h.refresh(lobby)
		})
	}
	t.Run("a second game in the same channel links to the first", func(t *testing.T) {
		seen := h.slash(cy, "new")
		if !strings.Contains(seen.Content, stem(i18n.English, "lobby.running.link")) || !strings.Contains(seen.Content, "https://discord.com/channels/") || !seen.Ephemeral {
			t.Fatalf("saw %q", seen.Content)
		}
	})
	t.Run("the host cancels", func(t *testing.T) {
		seen := h.forge(ana, lobby, btn("cancel"))
		if want := en("lobby.cancelled", "Host", "<@"+ana.ID+">"); seen.Content != want {
			t.Fatalf("saw %q, want %q", seen.Content, want)
		}
		if _, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID); store.ErrorCode(err) != store.CodeNotFound {
			t.Fatalf("the cancelled game is still active: %v", err)
		}
	})
	t.Run("commands without a game say how to start one", func(t *testing.T) {
		if seen := h.slash(bo, "status"); seen.Content != en("cmd.no.game") {
			t.Fatalf("saw %q", seen.Content)
		}
	})
}

// pressAutopilotMove has p, at seat, press the move the autopilot would
// choose for it in the channel's game of tic-tac-toe.
func (h *harness) pressAutopilotMove(p *drive.Player, seat int) {
	h.t.Helper()
	rec := h.state(h.world.Channel.ID)
	view := rec.State.View(seat)
	m, err := tictactoe.Players.Autopilot(view, seat, 0)
	if err == nil {
		err = h.PressMove(p, tictactoe.ID, view, seat, m)
	}
	if err != nil {
		h.t.Fatal(err)
	}
}

// dmReminders are the texts of the direct messages u received that are
// neither prompts nor pictures: the reminders and the autopilot's notice.
func (h *harness) dmReminders(u discordtest.User) []string {
	var texts []string
	for _, m := range h.Srv.DMMessages(u.ID) {
		if len(m.Components) == 0 && len(m.Attachments) == 0 && len(m.Revisions) == 0 {
			texts = append(texts, m.Content)
		}
	}
	return texts
}

// TestDeadlinesRemindThenPlayForAbsentPlayers: an awaited person is
// reminded within their budget of messages, the deadline (kept across a
// restart) gives their seat to the autopilot, which tells them and the
// channel and then plays for them at once while others play, waits for
// the deadline when everybody is away, and gives the seat back at the
// person's first move or at the button of /tictactoe play.
func TestDeadlinesRemindThenPlayForAbsentPlayers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	pa, pb := &drive.Player{User: ana}, &drive.Player{User: bo}
	h.openTTT(ana, bo)
	channel := h.world.Channel.ID
	// Seven hours in, ana marks a cell; bo's step begins, and he does not
	// play.
	h.advance(7 * time.Hour)
	h.pressAutopilotMove(pa, 0)
	snap, err := h.bot.svc.SnapshotInChannel(h.Ctx, h.world.Guild.ID, channel)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.dmReminders(bo); len(got) != 0 {
		t.Fatalf("bo was reminded at the start of his step: %q", got)
	}
	// Half time: bo is reminded. The last hour: his prompt and that
	// reminder leave room only for the autopilot's notice.
	h.elapse(12 * time.Hour)
	if got, want := h.dmReminders(bo), h.bot.reminderText(i18n.English, game.PointHalf, snap.Rec, snap.Deadline, ""); len(got) != 1 || got[0] != want {
		t.Fatalf("at half time bo got %q, want %q", got, want)
	}
	h.elapse(11 * time.Hour)
	if got := h.dmReminders(bo); len(got) != 1 {
		t.Fatalf("bo got more reminders than the budget allows: %q", got)
	}
	if got := h.dmReminders(ana); len(got) != 0 {
		t.Fatalf("ana, who had played, was reminded: %q", got)
	}
	// A restart does not lose the deadline.
	h.restart()
	h.elapse(time.Hour)
	if n := len(h.channelPosts(ttt("flow.autopilot.on", "Name", "Bo"))); n != 1 {
		t.Fatalf("%d autopilot notices for bo", n)
	}
	if got := h.dmReminders(bo); len(got) != 2 || got[1] != ttt("flow.autopilot.dm", "Channel", "<#"+channel+">") {
		t.Fatalf("bo was not told the autopilot took the seat, and how to come back: %q", got)
	}
	rec := h.state(channel)
	if rec.Seq != 2 || !slices.Equal(rec.State.Awaited(), []int{0}) {
		t.Fatalf("after the deadline the game has %d moves and waits for %v, want bo's mark played and ana's turn", rec.Seq, rec.State.Awaited())
	}
	t.Run("the autopilot keeps playing for the absent player at once", func(t *testing.T) {
		if !rec.Seats[1].Autopilot || rec.Seats[0].Autopilot {
			t.Fatalf("autopilot flags: ana %v, bo %v", rec.Seats[0].Autopilot, rec.Seats[1].Autopilot)
		}
		if st := h.slashGame(tictactoe.ID, ana, "status"); !strings.Contains(st.Content, ttt("status.autopilot", "Names", "Bo")) {
			t.Errorf("the status does not show the autopilot: %q", st.Content)
		}
		h.pressAutopilotMove(pa, 0)
		if rec := h.state(channel); rec.Seq != 4 || !slices.Equal(rec.State.Awaited(), []int{0}) {
			t.Fatalf("after ana's mark the game has %d moves and waits for %v: bo's autopilot did not play at once", rec.Seq, rec.State.Awaited())
		}
	})
	// Ana's step has its own deadline: she times out too.
	h.elapse(25 * time.Hour)
	rec = h.state(channel)
	if rec.Seq != 5 || !rec.Seats[0].Autopilot {
		t.Fatalf("after ana's deadline: %d moves, ana on autopilot %v", rec.Seq, rec.Seats[0].Autopilot)
	}
	if n := len(h.channelPosts(ttt("flow.autopilot.on", "Name", "Ana"))); n != 1 {
		t.Fatalf("%d autopilot notices for ana", n)
	}
	t.Run("with everybody away the autopilot waits for the deadline", func(t *testing.T) {
		if w := rec.State.Awaited(); len(w) != 1 || w[0] != 1 || rec.Status != store.StatusPlaying {
			t.Fatalf("the game (%s) waits for seats %v, want bo's", rec.Status, w)
		}
	})
	t.Run("a player takes their seat back with the button", func(t *testing.T) {
		h.pressAutopilotMove(pb, 1)
		rec := h.state(channel)
		if rec.Seats[1].Autopilot {
			t.Fatal("bo's own mark did not end the autopilot")
		}
		// Ana is still away, and now bo plays: ana's seat is played at once.
		if rec.Seq != 7 || rec.Status != store.StatusPlaying {
			t.Fatalf("ana's autopilot did not play at once: %d moves, game %s", rec.Seq, rec.Status)
		}
		play := h.slashGame(tictactoe.ID, ana, "play")
		btn, ok := drive.Component(play, "back")
		if !ok {
			t.Fatalf("ana's /tictactoe play offers no way back: %q", play.Content)
		}
		h.click(ana, play, btn.CustomID)
		if h.state(channel).Seats[0].Autopilot {
			t.Fatal("the button did not end ana's autopilot")
		}
	})
}

// TestTheLastOneAStepAwaitsIsRemindedAndTheAutopilotShelvesAll keeps on
// Atheneum what tic-tac-toe, one seat at a time, cannot show: in a step
// that awaits every seat, the last one is reminded once the others have
// played (and then nothing more within their budget), and the autopilot
// that takes their seat at the deadline never finishes a resolve step
// while a book could still be shelved.
func TestTheLastOneAStepAwaitsIsRemindedAndTheAutopilotShelvesAll(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	channel := h.world.Channel.ID
	// Seven hours in, ana picks; bo does not. (Before a quarter of the
	// step "you are the last one" would only echo the step's prompt.)
	h.advance(7 * time.Hour)
	h.pickFirst(ana)
	snap, err := h.bot.svc.SnapshotInChannel(h.Ctx, h.world.Guild.ID, channel)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.dmReminders(bo), h.bot.reminderText(i18n.English, game.PointLast, snap.Rec, snap.Deadline, ""); len(got) != 1 || got[0] != want {
		t.Fatalf("once ana had picked, bo got %q, want only the last-one reminder", got)
	}
	// Half time and the last hour: bo's prompt and the last-one reminder
	// leave room only for the autopilot's notice.
	h.elapse(5 * time.Hour)
	h.elapse(11 * time.Hour)
	if got := h.dmReminders(bo); len(got) != 1 {
		t.Fatalf("bo got more reminders than the budget allows: %q", got)
	}
	if got := h.dmReminders(ana); len(got) != 0 {
		t.Fatalf("ana, who had played, was reminded: %q", got)
	}
	h.elapse(time.Hour)
	rec := h.state(channel)
	g := ath(rec.State)
	if g.Step != atheneum.StepResolve || !rec.Seats[1].Autopilot {
		t.Fatalf("after the deadline the game is in step %s, bo on autopilot %v", g.Step, rec.Seats[1].Autopilot)
	}
	if g.Seats[1].Status != atheneum.StatusDone {
		t.Fatalf("bo's resolve step was not played by the autopilot: status %s", g.Seats[1].Status)
	}
	checkAutopilotShelvedEverything(t, h, rec)
}

// checkAutopilotShelvedEverything replays the game and checks that every
// Done of a seat on autopilot came when no held book had a legal space.
func checkAutopilotShelvedEverything(t *testing.T, h *harness, rec *store.Game) {
	t.Helper()
	actions, err := parseActions(h.db.Actions(h.Ctx, rec.ID))
	if err != nil {
		t.Fatal(err)
	}
	st, err := rec.NewState()
	if err != nil {
		t.Fatal(err)
	}
	g := ath(st)
	dones := 0
	for _, a := range actions {
		if a.Type == atheneum.ActDone && a.Seat == 1 {
			dones++
			for _, l := range g.LegalActions(a.Seat) {
				if l.Type == atheneum.ActShelve {
					t.Fatalf("seat 1 pressed Done while %s was legal", l)
				}
			}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if dones == 0 {
		t.Fatal("seat 1 never finished a resolve step")
	}
}

// TestDiscordFailuresLoseNothing: when the post that ends a step fails
// (500) and the next one is rate limited, the move is kept, and a player
// whose direct message was lost still plays through /tictactoe play.
func TestDiscordFailuresLoseNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openTTT(ana, bo)
	channel := h.world.Channel.ID
	// Ana's mark ends her step; the channel's post of bo's step fails with
	// a 500 and bo's prompt is rate limited.
	h.Srv.FailNext("POST", "/channels/*/messages", 1, discordtest.InternalError())
	h.Srv.FailNext("POST", "/channels/*/messages", 1, discordtest.RateLimited(20*time.Millisecond))
	h.pressAutopilotMove(&drive.Player{User: ana}, 0)
	if rec := h.state(channel); rec.Seq != 1 || !slices.Equal(rec.State.Awaited(), []int{1}) {
		t.Fatalf("a failed post lost the mark: %d moves, waiting for %v", rec.Seq, rec.State.Awaited())
	}
	// Whoever lost a direct message can still play through the channel.
	if seen := h.slashGame(tictactoe.ID, ana, "play"); !seen.Ephemeral || seen.Content == "" {
		t.Fatalf("ana's /tictactoe play answered %q", seen.Content)
	}
	seen := h.slashGame(tictactoe.ID, bo, "play")
	if len(seen.Components) == 0 {
		t.Fatalf("bo cannot reach his prompt: %q", seen.Content)
	}
	h.pressAutopilotMove(&drive.Player{User: bo, ViaSlash: true}, 1)
	if rec := h.state(channel); rec.Seq != 2 {
		t.Fatalf("bo's mark through the channel was not played: %d moves", rec.Seq)
	}
	if !strings.Contains(h.logs.String(), "could not") {
		t.Error("the failure was not logged")
	}
}

// TestViewsForAnyone: a spectator's looks at the game (its status, its
// table, its log, its rules) answer privately, and the status names whom
// the game waits for and until when.
func TestViewsForAnyone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	id := h.openTTT(ana, bo)
	h.playTTT(id, []*drive.Player{{User: ana}, {User: bo}}, 1)
	views := []struct {
		sub   string
		opts  []discordtest.Option
		text  string
		image string
	}{
		{"status", nil, stem(i18n.English, "flow.waiting.until"), ""},
		{"table", nil, ttt("face.waiting", "Names", h.state(h.world.Channel.ID).Seats[1].Name), "board.png"},
		{"log", nil, "Ana marks ", ""},
		{"rules", nil, tttFace.RulesText(i18n.English, ""), ""},
		{"rules", []discordtest.Option{discordtest.StringOpt("topic", "overview")}, tttFace.RulesText(i18n.English, "overview"), ""},
		{"help", nil, tttFace.RulesText(i18n.English, "help"), ""},
		{"play", nil, ttt("face.not.playing"), ""},
	}
	for _, v := range views {
		t.Run("a spectator's /tictactoe "+v.sub+" answers privately", func(t *testing.T) {
			seen := h.slashGame(tictactoe.ID, cy, v.sub, v.opts...)
			if !strings.Contains(seen.Content, v.text) || !seen.Ephemeral {
				t.Fatalf("saw %q (ephemeral %v), want %q", seen.Content, seen.Ephemeral, v.text)
			}
			if v.image != "" {
				if a, ok := seen.Attachment(v.image); !ok || len(a.Data) == 0 {
					t.Fatalf("no %s attached", v.image)
				}
			}
		})
	}
	t.Run("the status names whom the game waits for and the deadline", func(t *testing.T) {
		seen := h.slashGame(tictactoe.ID, cy, "status")
		if !strings.Contains(seen.Content, h.state(h.world.Channel.ID).Seats[1].Name) || !strings.Contains(seen.Content, "<t:") {
			t.Fatalf("saw %q", seen.Content)
		}
	})
}

// TestAtheneumsOwnViewsAnswerASpectatorPrivately: Atheneum's own looks at
// the game (its table, objectives, scores, a player's shelves, a rules
// topic of its own, a hand) answer a spectator privately; the views every
// game shares are TestViewsForAnyone's, on the fixture game.
func TestAtheneumsOwnViewsAnswerASpectatorPrivately(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy")
	ana, bo, cy := h.user("ana"), h.user("bo"), h.user("cy")
	h.openGame(ana, bo)
	views := []struct {
		sub   string
		opts  []discordtest.Option
		text  string
		image string
	}{
		{"table", nil, stem(i18n.English, "play.scores.title"), "table.png"},
		{"objectives", nil, en("play.objectives.title"), "objectives.png"},
		{"scores", nil, "Ana", ""},
		{"shelf", []discordtest.Option{discordtest.UserOpt("player", bo)}, before(i18n.English, "play.shelf.text", "Subject", "Name", "Bo"), "shelves.png"},
		{"rules", []discordtest.Option{discordtest.StringOpt("topic", "shelving")}, athFace.RulesText(i18n.English, "shelving"), ""},
		{"hand", nil, en("play.not.playing"), ""},
	}
	for _, v := range views {
		t.Run("a spectator's /atheneum "+v.sub+" answers privately", func(t *testing.T) {
			seen := h.slash(cy, v.sub, v.opts...)
			if !strings.Contains(seen.Content, v.text) || !seen.Ephemeral {
				t.Fatalf("saw %q (ephemeral %v), want %q", seen.Content, seen.Ephemeral, v.text)
			}
			if v.image != "" {
				if a, ok := seen.Attachment(v.image); !ok || len(a.Data) == 0 {
					t.Fatalf("no %s attached", v.image)
				}
			}
		})
	}
}

func TestPlaceByTypingWithAutocomplete(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	channel := h.world.Channel.ID
	h.pickFirst(ana, bo)
	g := ath(h.state(channel).State)
	var item atheneum.Item
	for _, it := range g.Seats[0].Held {
		if it.Kind == atheneum.ItemBook {
			item = it
			break
		}
	}
	if item.ID == 0 {
		t.Fatal("the fixed seed no longer deals ana a book: choose a seat or seed that does")
	}
	auto := func(opts ...discordtest.Option) []string {
		in, err := h.Srv.Autocomplete(h.Ctx, ana, channel, "atheneum", discordtest.Sub("place", opts...))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := in.WaitAck(h.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range cb.Choices {
			out = append(out, fmt.Sprint(c.Value))
		}
		return out
	}
	items := auto(discordtest.StringOpt("item", "").Focus(), discordtest.StringOpt("space", ""))
	want := fmt.Sprintf("#%d", item.ID)
	if !slices.Contains(items, want) {
		t.Fatalf("item suggestions %v lack %s", items, want)
	}
	color := ""
	if item.Color == atheneum.AnyColor {
		color = "T"
	}
	opts := []discordtest.Option{discordtest.StringOpt("item", want), discordtest.StringOpt("space", "").Focus()}
	if color != "" {
		opts = append(opts, discordtest.StringOpt("color", color))
	}
	spaces := auto(opts...)
	if len(spaces) == 0 {
		t.Fatal("no space suggested")
	}
	for _, s := range spaces {
		if _, err := atheneum.ParsePos(s); err != nil {
			t.Fatalf("suggestion %q is not a space", s)
		}
	}
	placeOpts := []discordtest.Option{discordtest.StringOpt("item", want), discordtest.StringOpt("space", spaces[0])}
	if color != "" {
		placeOpts = append(placeOpts, discordtest.StringOpt("color", color))
	}
	seen := h.slash(ana, "place", placeOpts...)
	if !strings.Contains(seen.Content, stem(i18n.English, "play.bench.title")) {
		t.Fatalf("after /atheneum place: %q", seen.Content)
	}
	pos, _ := atheneum.ParsePos(spaces[0])
	if got := ath(h.state(channel).State).Seats[0].Comps[pos.Comp].At(pos.Level, pos.Space).Color; got == atheneum.NoColor {
		t.Fatalf("no book at %s after /atheneum place", spaces[0])
	}
	t.Run("an item not held or a malformed space is refused with the reason", func(t *testing.T) {
		seen := h.slash(ana, "place", discordtest.StringOpt("item", "#99"), discordtest.StringOpt("space", "V.3.2"))
		if seen.Content != en("engine.no_such_item") {
			t.Fatalf("saw %q", seen.Content)
		}
		seen = h.slash(ana, "place", discordtest.StringOpt("item", want), discordtest.StringOpt("space", "nowhere"))
		if seen.Content != en("play.place.space", "Space", "nowhere") {
			t.Fatalf("saw %q", seen.Content)
		}
	})
}

// TestShutdownFinishesWorkAndRefusesNewInteractions: once the bot is
// closing, an interaction is told it restarts, and no deadline runs.
func TestShutdownFinishesWorkAndRefusesNewInteractions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana := h.user("ana")
	h.openTTT(ana, h.user("bo"))
	if err := h.bot.Close(h.Ctx); err != nil {
		t.Fatal(err)
	}
	seen := h.slashGame(tictactoe.ID, ana, "status")
	if seen.Content != ttt("play.restarting") || !seen.Ephemeral {
		t.Fatalf("an interaction during shutdown saw %q", seen.Content)
	}
	h.bot.RunDueJobs(h.Ctx) // must not run after Close
	if seq := h.state(h.world.Channel.ID).Seq; seq != 0 {
		t.Fatalf("%d actions after shutdown", seq)
	}
}

func TestAGameInItsOwnThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	seen := h.slashGame(tictactoe.ID, ana, "new", discordtest.BoolOpt("thread", true))
	threads := h.Srv.Threads(h.world.Channel.ID)
	if len(threads) != 1 || !strings.Contains(seen.Content, threads[0].ID) || !seen.Ephemeral {
		t.Fatalf("threads %v; answer %q", threads, seen.Content)
	}
	thread := threads[0]
	// A second threaded game may start beside the first.
	h.slashGame(tictactoe.ID, bo, "new", discordtest.BoolOpt("thread", true))
	if n := len(h.Srv.Threads(h.world.Channel.ID)); n != 2 {
		t.Fatalf("%d threads after a second threaded game", n)
	}
	msgs := h.Srv.Messages(thread.ID)
	if len(msgs) == 0 {
		t.Fatal("no lobby in the thread")
	}
	lobby := msgs[0]
	join, _ := drive.Component(lobby, "join")
	lobby, _ = h.click(bo, lobby, join.CustomID)
	start, _ := drive.Component(lobby, "start")
	started, _ := h.click(ana, lobby, start.CustomID)
	if !strings.Contains(started.Content, stem(i18n.English, "face.start")) || !strings.Contains(started.Content, ttt("tictactoe.title")) {
		t.Fatalf("after Start: %q", started.Content)
	}
	ms, err := h.Slash(tictactoe.ID, thread.ID, bo, "status")
	if err != nil || len(ms) == 0 {
		t.Fatalf("/tictactoe status in the thread: %v", err)
	}
	if status := ms[len(ms)-1]; !strings.Contains(status.Content, "Ana") {
		t.Fatalf("/tictactoe status in the thread does not say whom the game waits for: %q", status.Content)
	}
	if dm, _ := h.LastDM(ana); !strings.Contains(dm.Content, thread.ID) {
		t.Fatalf("the prompt does not point to the thread: %q", dm.Content)
	}
}
