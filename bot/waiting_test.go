package bot

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// TestPromptsAndStepPostsShowTheDeadline: a person's prompt and the
// step's post say until when the step waits; once the step is over, a
// prompt left unpressed (the move was made with /tictactoe play) and the
// step's post say so, keeping their words, and the next step's post and
// prompt show the next deadline, their pictures described.
func TestPromptsAndStepPostsShowTheDeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openTTT(ana, bo)
	start := h.stepPost()
	due := h.snapshot().Deadline
	if due.IsZero() {
		t.Fatal("the first step has no deadline")
	}
	prompt, _ := h.LastDM(ana)
	if !strings.Contains(prompt.Content, i18n.English.T("flow.prompt.deadline", "Deadline", face.Stamp(due))) {
		t.Errorf("ana's prompt does not show the deadline: %q", prompt.Content)
	}
	if len(start.Embeds) != 1 || !strings.Contains(start.Embeds[0].Description, face.Stamp(due)) {
		t.Fatalf("the start post does not say until when it waits: %+v", start.Embeds)
	}
	h.pressAutopilotMove(&drive.Player{User: ana, ViaSlash: true}, 0)
	if old := h.refresh(prompt); len(old.Components) != 0 || len(old.Embeds) != 1 || !strings.HasPrefix(old.Embeds[0].Description, firstWords(i18n.English.T("flow.prompt.over"))) {
		t.Errorf("ana's prompt still looks current after her mark: %q, %d rows, %+v", old.Content, len(old.Components), old.Embeds)
	} else if prev := old.Revisions[len(old.Revisions)-1]; old.Content != prev.Content {
		t.Errorf("marking ana's prompt over lost what it said: %q", old.Content)
	}
	if first := h.refresh(start); first.Embeds[0].Description != i18n.English.T("flow.step.over") {
		t.Errorf("the start post still looks current after ana's mark: %q", first.Embeds[0].Description)
	}
	next := h.lastPost()
	due = h.snapshot().Deadline
	if len(next.Embeds) != 1 || !strings.Contains(next.Embeds[0].Description, face.Stamp(due)) {
		t.Errorf("the next step's post does not say until when it waits: %+v", next.Embeds)
	}
	for _, a := range next.Attachments {
		if a.Description == "" {
			t.Errorf("the step's picture %s has no alt text", a.Filename)
		}
	}
	boPrompt, _ := h.LastDM(bo)
	if !strings.Contains(boPrompt.Content, face.Stamp(due)) {
		t.Errorf("bo's prompt does not show the deadline: %q", boPrompt.Content)
	}
	if len(boPrompt.Attachments) == 0 {
		t.Error("bo's prompt has no picture")
	}
	for _, a := range boPrompt.Attachments {
		if a.Description == "" {
			t.Errorf("the prompt's picture %s has no alt text", a.Filename)
		}
	}
}

// TestEachPlayerIsToldTheWayTheyChose: a person who chose direct messages
// gets their prompt so, one who chose mentions or whose direct messages
// are closed is mentioned in the channel, and one who chose quiet is
// neither. Tic-tac-toe has two seats: the four ways are tried in two
// games, in two channels; what a quiet player is told when last of a step
// of everyone is TestAQuietPlayerIsToldOnlyThatTheyAreTheLastOne's, on
// Atheneum.
func TestEachPlayerIsToldTheWayTheyChose(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy", "dee")
	ana, bo, cy, dee := h.user("ana"), h.user("bo"), h.user("cy"), h.user("dee")
	h.Srv.SetDMsClosed(dee.ID, true)
	for user, mode := range map[discordtest.User]string{bo: "mention", cy: "quiet"} {
		seen := h.slashGame(tictactoe.ID, user, "notify", discordtest.StringOpt("mode", mode))
		if seen.Content != ttt("notify.set."+mode) {
			t.Fatalf("%s choosing %s saw %q", user.Username, mode, seen.Content)
		}
	}
	h.slashGame(tictactoe.ID, dee, "notify", discordtest.StringOpt("mode", "dm"))
	// Ana then bo in the test's channel, dee then cy in another: each
	// first player marks a cell, and every seat has had its prompt.
	id := h.openTTT(ana, bo)
	h.playTTT(id, []*drive.Player{{User: ana}, {User: bo, ViaSlash: true}}, 1)
	other := h.in(t, h.Srv.AddTextChannel(h.world.Guild.ID, "other"))
	id2 := other.openTTT(dee, cy)
	other.playTTT(id2, []*drive.Player{{User: dee, ViaSlash: true}, {User: cy, ViaSlash: true}}, 1)

	if _, ok := h.LastDM(ana); !ok {
		t.Error("ana, who wants direct messages, got no prompt")
	}
	for _, u := range []discordtest.User{bo, cy} {
		if _, ok := h.LastDM(u); ok {
			t.Errorf("%s got a direct message though they chose otherwise", u.Username)
		}
	}
	pinged := map[string]bool{}
	for _, ch := range []string{h.world.Channel.ID, other.world.Channel.ID} {
		for _, m := range h.Srv.Messages(ch) {
			for _, id := range m.PingedUsers() {
				pinged[id] = true
			}
		}
	}
	if !pinged[bo.ID] || !pinged[dee.ID] {
		t.Errorf("bo (mentions) and dee (closed DMs) were not pinged in the channel: %v", pinged)
	}
	if pinged[ana.ID] || pinged[cy.ID] {
		t.Errorf("ana (DMs) or cy (quiet) was pinged in the channel: %v", pinged)
	}
}

// TestAQuietPlayerIsToldOnlyThatTheyAreTheLastOne keeps on Atheneum what
// tic-tac-toe, one seat at a time, cannot show: a quiet player, last of a
// step that awaits everyone once a quarter of it is gone, is told so by
// direct message, once, and nothing else by half time.
func TestAQuietPlayerIsToldOnlyThatTheyAreTheLastOne(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "cy")
	ana, cy := h.user("ana"), h.user("cy")
	h.slash(cy, "notify", discordtest.StringOpt("mode", "quiet"))
	h.openGame(ana, cy)
	// A quarter of the step gone, ana picks: cy, quiet, is the last one
	// and is told, once.
	h.advance(6 * time.Hour)
	h.pickFirst(ana)
	last := 0
	for _, m := range h.Srv.DMMessages(cy.ID) {
		if strings.Contains(m.Content, firstWords(i18n.English.T("flow.remind.last.dm"))) {
			last++
		}
	}
	if last != 1 {
		t.Errorf("cy, quiet and last, got %d last-one reminders, want 1", last)
	}
	h.elapse(7 * time.Hour)
	if n := len(h.Srv.DMMessages(cy.ID)); n != 1 {
		t.Errorf("cy, quiet, got %d direct messages by half time, want only the last-one reminder", n)
	}
}

func TestALobbyExpiresAndFreesTheChannel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	lobby := h.slash(ana, "new")
	if !strings.Contains(lobby.Content, firstWords(i18n.English.T("lobby.expires"))) {
		t.Fatalf("the lobby does not say when it closes: %q", lobby.Content)
	}
	// Twenty hours in, bo joins: the lobby is not idle, its expiry moves.
	h.advance(20 * time.Hour)
	join, _ := drive.Component(lobby, "join")
	lobby, _ = h.click(bo, lobby, join.CustomID)
	h.elapse(5 * time.Hour)
	if got := h.refresh(lobby); len(got.Components) == 0 || !strings.Contains(got.Content, face.Stamp(h.now().Add(19*time.Hour))) {
		t.Fatalf("the lobby closed, or does not show its new closing time, though bo joined 5 hours ago: %q", got.Content)
	}
	h.elapse(20 * time.Hour)
	if got := h.refresh(lobby); got.Content != en("lobby.expired") || len(got.Components) != 0 {
		t.Fatalf("the expired lobby shows %q with %d rows", got.Content, len(got.Components))
	}
	if again := h.slash(ana, "new"); len(again.Components) == 0 {
		t.Fatalf("a new lobby could not open after the old one expired: %q", again.Content)
	}
}

func TestALobbyThatCannotBeShownLeavesNothingBehind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana := h.user("ana")
	h.Srv.FailNext("PATCH", "/webhooks/*/*/messages/@original", 1, discordtest.InternalError())
	seen := h.slash(ana, "new")
	if seen.Content != en("lobby.post.failed") {
		t.Fatalf("ana was told %q", seen.Content)
	}
	if _, err := h.db.GameInChannel(h.Ctx, h.world.Channel.ID); store.ErrorCode(err) != store.CodeNotFound {
		t.Fatalf("a lobby nobody can see still holds the channel: %v", err)
	}
	if again := h.slash(ana, "new"); len(again.Components) == 0 {
		t.Fatalf("the next /atheneum new did not open a lobby: %q", again.Content)
	}
}

func TestAPhantomLobbyIsRepairedByTheNextNew(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	// A crash between storing a lobby and showing it leaves a lobby
	// without its announcement.
	phantom, err := h.bot.svc.OpenLobby(h.Ctx, game.Lobby{GuildID: h.world.Guild.ID, ChannelID: h.world.Channel.ID, HostID: "1", HostName: "Ghost", Seats: 2, StepHours: 24})
	if err != nil {
		t.Fatal(err)
	}
	h.advance(2 * time.Minute)
	seen := h.slash(h.user("bo"), "new")
	if len(seen.Components) == 0 {
		t.Fatalf("the phantom lobby still blocks the channel: %q", seen.Content)
	}
	rec, err := h.db.GetGame(h.Ctx, phantom.ID)
	if err != nil || rec.Status != store.StatusAbandoned {
		t.Fatalf("the phantom lobby is %v (%v)", rec.Status, err)
	}
}

// TestReadOnlyAnswersNeverWaitForTheGame: while a game is locked (as while
// a slow move is shown) and every call to Discord is slow, the commands
// that only read it (its status, its table, its log, and an autocomplete)
// are answered in time.
func TestReadOnlyAnswersNeverWaitForTheGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	id := h.openTTT(ana, bo)
	h.playTTT(id, []*drive.Player{{User: ana}, {User: bo}}, 1)
	seq := h.snapshot().Rec.Seq
	reads := []func() (*discordtest.Interaction, error){func() (*discordtest.Interaction, error) {
		return h.Srv.Autocomplete(h.Ctx, ana, h.world.Channel.ID, tictactoe.ID, discordtest.SubGroup("records", discordtest.Sub("replay", discordtest.StringOpt("game", "").Focus())))
	}}
	for _, sub := range []string{"status", "table", "log"} {
		reads = append(reads, func() (*discordtest.Interaction, error) {
			return h.Srv.SlashCommand(h.Ctx, bo, h.world.Channel.ID, tictactoe.ID, discordtest.Sub(sub))
		})
	}
	h.answeredWhileLocked(reads...)
	if h.snapshot().Rec.Seq != seq {
		t.Fatal("the game moved")
	}
}

// TestAtheneumsReadOnlyAnswersNeverWaitForTheGame keeps on Atheneum the
// read-only answers the fixture game has not: the autocomplete of /atheneum
// place, which reads the seat's hand, and /atheneum scores.
func TestAtheneumsReadOnlyAnswersNeverWaitForTheGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	h.pickFirst(ana, bo)
	h.answeredWhileLocked(func() (*discordtest.Interaction, error) {
		return h.Srv.Autocomplete(h.Ctx, ana, h.world.Channel.ID, "atheneum", discordtest.Sub("place", discordtest.StringOpt("item", "").Focus()))
	}, func() (*discordtest.Interaction, error) {
		return h.Srv.SlashCommand(h.Ctx, bo, h.world.Channel.ID, "atheneum", discordtest.Sub("scores"))
	})
	if g := ath(h.snapshot().Rec.State); g.Step != atheneum.StepResolve {
		t.Fatal("the game moved")
	}
}

// answeredWhileLocked sends reads at once while the channel's game is
// locked (as while a slow move is being shown) and every call to Discord
// takes 300 ms, and checks that each is answered in time; it unlocks the
// game after.
func (h *harness) answeredWhileLocked(reads ...func() (*discordtest.Interaction, error)) {
	t := h.t
	t.Helper()
	h.Srv.SetLatency(300 * time.Millisecond)
	defer h.Srv.SetLatency(0)
	table, err := h.bot.svc.Table(h.Ctx, h.snapshot().Rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer table.Unlock()
	var wg sync.WaitGroup
	var ins []*discordtest.Interaction
	var mu sync.Mutex
	for _, f := range reads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in, err := f()
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			ins = append(ins, in)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(ins) != len(reads) {
		t.Fatalf("%d of %d interactions were sent", len(ins), len(reads))
	}
	for _, in := range ins {
		if _, err := in.WaitAck(h.Ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range ins {
		// WaitAck above has waited for each callback.
		if _, ok := in.Callback(); !ok {
			t.Fatal("no answer")
		}
		if !in.AckedInTime() {
			t.Errorf("interaction %s was not answered within 3 seconds while the game was locked", in.ID)
		}
		if d, ok := in.Latency(); ok {
			t.Logf("%s answered in %v with every REST call taking 300 ms and the game locked", in.CommandName, d)
		}
	}
	for _, in := range ins {
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			continue
		}
		msg, err := in.WaitResponse(h.Ctx)
		if err != nil || msg.Content == "" {
			t.Errorf("a read-only command got no answer while the game was locked: %v", err)
		}
	}
}

// benchWithItem opens a game of ana and bo, has both pick, and returns
// the harness, ana, her workbench and the first item it offers to place
// other than the one it shows (a button or a menu's option).
func benchWithItem(t *testing.T) (*harness, discordtest.User, discordtest.Message, drive.Choice) {
	t.Helper()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	h.pickFirst(ana, bo)
	bench, _ := h.LastDM(ana)
	items := drive.Offers(bench, "it")
	if len(items) == 0 {
		t.Fatalf("ana has nothing to shelve: %q", bench.Content)
	}
	for _, c := range items {
		if strings.HasPrefix(c.Label, "#") && !c.Chosen {
			return h, ana, bench, c
		}
	}
	t.Fatal("ana holds no other item to place")
	return nil, discordtest.User{}, discordtest.Message{}, drive.Choice{}
}

func TestChoosingAnItemLightsWhereItMayGo(t *testing.T) {
	t.Parallel()
	h, ana, bench, item := benchWithItem(t)
	before, ok := bench.Attachment("shelves.png")
	if !ok {
		t.Fatal("the workbench has no shelves picture")
	}
	seen, _ := h.click(ana, bench, item.CustomID, item.Values...)
	after, ok := seen.Attachment("shelves.png")
	if !ok || string(after.Data) == string(before.Data) || after.Description == "" {
		t.Fatalf("choosing %s did not redraw the shelves with its spaces (picture changed: %v)", item.Label, ok && string(after.Data) != string(before.Data))
	}
}

// TestChoosingTheSameItemAgainSendsNoNewPicture: a click that would
// redraw the very picture the workbench shows edits its text and menus
// without uploading the picture again.
func TestChoosingTheSameItemAgainSendsNoNewPicture(t *testing.T) {
	t.Parallel()
	h, ana, bench, item := benchWithItem(t)
	first, _ := h.click(ana, bench, item.CustomID, item.Values...)
	lit, ok := first.Attachment("shelves.png")
	if !ok {
		t.Fatal("choosing an item showed no shelves")
	}
	var again drive.Choice
	for _, c := range drive.Offers(first, "it") {
		if c.CustomID == item.CustomID && slices.Equal(c.Values, item.Values) {
			again, ok = c, true
		}
	}
	if again.CustomID == "" {
		t.Fatal("the workbench lost its item")
	}
	mark := h.Srv.Mark()
	seen, _ := h.click(ana, first, again.CustomID, again.Values...)
	kept, ok := seen.Attachment("shelves.png")
	if !ok || kept.ID != lit.ID || string(kept.Data) != string(lit.Data) {
		t.Errorf("choosing %s again replaced the picture (kept: %v)", item.Label, ok && kept.ID == lit.ID)
	}
	if len(seen.Revisions) <= len(first.Revisions) {
		t.Error("the message was not edited")
	}
	for _, r := range h.Srv.RequestsSince(mark) {
		if len(r.Files) > 0 {
			t.Errorf("%s %s uploaded %d files", r.Method, r.Path, len(r.Files))
		}
	}
}
