package bot

import (
	"atheneum/bot/face"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

func TestPromptsAndStepPostsShowTheDeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	start := h.openGame(ana, bo)
	due := h.snapshot().Deadline
	if due.IsZero() {
		t.Fatal("the first step has no deadline")
	}
	m, _ := h.LastDM(ana)
	if !strings.Contains(m.Content, i18n.English.T("flow.prompt.deadline", "Deadline", face.Stamp(due))) {
		t.Errorf("ana's hand does not show the deadline: %q", m.Content)
	}
	first := h.refresh(start)
	if len(first.Embeds) != 1 || !strings.Contains(first.Embeds[0].Description, face.Stamp(due)) {
		t.Fatalf("the start post does not say until when it waits: %+v", first.Embeds)
	}
	hand, _ := h.LastDM(ana)
	h.pickFirst(ana, bo)
	if old := h.refresh(hand); len(old.Components) != 0 || len(old.Embeds) != 1 || !strings.HasPrefix(old.Embeds[0].Description, firstWords(i18n.English.T("flow.prompt.over"))) {
		t.Errorf("ana's hand still looks current after the reveal: %q, %d rows, %+v", old.Content, len(old.Components), old.Embeds)
	} else if prev := old.Revisions[len(old.Revisions)-1]; old.Content != prev.Content {
		t.Errorf("marking ana's hand over lost what it said: %q", old.Content)
	}
	if first = h.refresh(start); first.Embeds[0].Description != i18n.English.T("flow.step.over") {
		t.Errorf("the start post still looks current after the reveal: %q", first.Embeds[0].Description)
	}
	reveal := h.lastPost()
	due = h.snapshot().Deadline
	if len(reveal.Embeds) != 1 || !strings.Contains(reveal.Embeds[0].Description, face.Stamp(due)) {
		t.Errorf("the reveal does not say until when the shelving waits: %+v", reveal.Embeds)
	}
	bench, _ := h.LastDM(bo)
	if !strings.Contains(bench.Content, face.Stamp(due)) {
		t.Errorf("bo's workbench does not show the deadline: %q", bench.Content)
	}
	for _, a := range bench.Attachments {
		if a.Description == "" {
			t.Errorf("the workbench picture %s has no alt text", a.Filename)
		}
	}
}

func TestEachPlayerIsToldTheWayTheyChose(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo", "cy", "dee")
	ana, bo, cy, dee := h.user("ana"), h.user("bo"), h.user("cy"), h.user("dee")
	h.Srv.SetDMsClosed(dee.ID, true)
	for user, mode := range map[discordtest.User]string{bo: "mention", cy: "quiet"} {
		seen := h.slash(user, "notify", discordtest.StringOpt("mode", mode))
		if seen.Content != en("notify.set."+mode) {
			t.Fatalf("%s choosing %s saw %q", user.Username, mode, seen.Content)
		}
	}
	h.slash(dee, "notify", discordtest.StringOpt("mode", "dm"))
	h.openGame(ana, bo, cy, dee)

	if _, ok := h.LastDM(ana); !ok {
		t.Error("ana, who wants direct messages, got no prompt")
	}
	for _, u := range []discordtest.User{bo, cy} {
		if _, ok := h.LastDM(u); ok {
			t.Errorf("%s got a direct message though they chose otherwise", u.Username)
		}
	}
	pinged := map[string]bool{}
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		for _, id := range m.PingedUsers() {
			pinged[id] = true
		}
	}
	if !pinged[bo.ID] || !pinged[dee.ID] {
		t.Errorf("bo (mentions) and dee (closed DMs) were not pinged in the channel: %v", pinged)
	}
	if pinged[ana.ID] || pinged[cy.ID] {
		t.Errorf("ana (DMs) or cy (quiet) was pinged in the channel: %v", pinged)
	}
	// A quarter of the step gone, everybody else picks: cy, quiet, is the
	// last one and is told, once.
	h.advance(6 * time.Hour)
	for _, u := range []discordtest.User{ana, bo, dee} {
		seen := h.slash(u, "hand")
		cards := drive.Cards(seen)
		h.click(u, seen, cards[0].CustomID, cards[0].Values...)
	}
	last := 0
	for _, m := range h.Srv.DMMessages(cy.ID) {
		if strings.Contains(m.Content, firstWords(i18n.English.T("flow.remind.last.dm"))) {
			last++
		}
	}
	if last != 1 {
		t.Errorf("cy, quiet and last, got %d last-one reminders, want 1", last)
	}
	h.advance(7 * time.Hour)
	h.bot.RunDueJobs(h.Ctx)
	h.Settle()
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
	h.advance(5 * time.Hour)
	h.bot.RunDueJobs(h.Ctx)
	h.Settle()
	if got := h.refresh(lobby); len(got.Components) == 0 || !strings.Contains(got.Content, face.Stamp(h.now().Add(19*time.Hour))) {
		t.Fatalf("the lobby closed, or does not show its new closing time, though bo joined 5 hours ago: %q", got.Content)
	}
	h.advance(20 * time.Hour)
	h.bot.RunDueJobs(h.Ctx)
	h.Settle()
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

func TestReadOnlyAnswersNeverWaitForTheGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	ana, bo := h.user("ana"), h.user("bo")
	h.openGame(ana, bo)
	h.pickFirst(ana, bo)
	h.Srv.SetLatency(300 * time.Millisecond)
	defer h.Srv.SetLatency(0)
	// The game's lock is held, as while a slow move is being shown.
	table, err := h.bot.svc.Table(h.Ctx, h.snapshot().Rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var ins []*discordtest.Interaction
	var mu sync.Mutex
	send := func(f func() (*discordtest.Interaction, error)) {
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
	send(func() (*discordtest.Interaction, error) {
		return h.Srv.Autocomplete(h.Ctx, ana, h.world.Channel.ID, "atheneum", discordtest.Sub("place", discordtest.StringOpt("item", "").Focus()))
	})
	for _, sub := range []string{"status", "scores"} {
		send(func() (*discordtest.Interaction, error) {
			return h.Srv.SlashCommand(h.Ctx, bo, h.world.Channel.ID, "atheneum", discordtest.Sub(sub))
		})
	}
	wg.Wait()
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
	table.Unlock()
	if g := ath(h.snapshot().Rec.State); g.Step != atheneum.StepResolve {
		t.Fatal("the game moved")
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
