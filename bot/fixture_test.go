package bot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// fixtureDir is where TestWriteUpgradeFixture writes the database that
// later versions of the bot must open and carry on (see
// store/testdata/README.md).
const fixtureDir = "../store/testdata"

// fixtureEnding is how a game of the fixture ends when every awaited seat
// is played by the normal computer player of fixtureSeed, in seat order,
// from the stored moves: what a later version must reproduce.
type fixtureEnding struct {
	Status  string            `json:"status"`
	Moves   int               `json:"moves"`
	Results []atheneum.Result `json:"results,omitempty"`
	// Prompts are menus sitting in players' direct messages at the
	// upgrade, by username: what a later version must still take.
	Prompts map[string]fixturePrompt `json:"prompts,omitempty"`
}

// fixturePrompt is one menu of a direct message, as the bot sent it.
type fixturePrompt struct {
	UserID    string   `json:"user_id"`
	ChannelID string   `json:"channel_id"`
	MessageID string   `json:"message_id"`
	CustomID  string   `json:"custom_id"`
	Values    []string `json:"values"`
}

// fixtureSeed seeds the computer player that finishes the fixture's games.
const fixtureSeed = 20261124

// TestWriteUpgradeFixture writes, with this version of the bot, a database
// holding what a server has on the day of an upgrade: a lobby, games in
// the middle of a step (one seat with closed direct messages, one on
// autopilot), finished games with their results, a game ended early; and
// how each unfinished game ends when played on. It runs only when
// ATHENEUM_WRITE_FIXTURE=1, since the fixture is meant to stay as today's
// code wrote it.
func TestWriteUpgradeFixture(t *testing.T) {
	if os.Getenv("ATHENEUM_WRITE_FIXTURE") != "1" {
		t.Skip("set ATHENEUM_WRITE_FIXTURE=1 to write store/testdata/upgrade-v1.db")
	}
	h := newHarness(t, "ana", "bo", "cy", "dee")
	ana, bo, cy, dee := h.user("ana"), h.user("bo"), h.user("cy"), h.user("dee")
	guild := h.world.Guild.ID

	// Two finished games, with results.
	for k := range 2 {
		ch := h.Srv.AddTextChannel(guild, "finished-"+string(rune('a'+k)))
		g := h.in(t, ch)
		g.Concurrent = false
		g.openGame(ana, bo)
		id := g.state(ch.ID).ID
		players := []*drive.Player{newPlayers(h, uint64(k), "")[0], newPlayers(h, uint64(k), "")[1]}
		g.playUntil(players, func() bool {
			rec, err := h.db.GetGame(h.Ctx, id)
			return err == nil && rec.Status == store.StatusFinished
		})
	}
	// A game ended early by its host.
	ended := h.Srv.AddTextChannel(guild, "ended")
	h.openGameIn(ended.ID, cy, dee)
	in, err := h.Srv.SlashCommand(h.Ctx, cy, ended.ID, "atheneum", discordtest.SubGroup("admin", discordtest.Sub("end", discordtest.StringOpt("reason", "moving house"))))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.WaitResponse(h.Ctx); err != nil {
		t.Fatal(err)
	}
	h.Settle()
	// A game in its resolve step with a computer player, bo on autopilot
	// after missing a deadline.
	resolving := h.Srv.AddTextChannel(guild, "resolving")
	lobby := h.slashIn(resolving.ID, dee, "new")
	join, _ := drive.Component(lobby, "join")
	lobby, _ = h.click(bo, lobby, join.CustomID)
	add, _ := drive.Component(lobby, "addai")
	lobby, _ = h.click(dee, lobby, add.CustomID, "normal")
	start, _ := drive.Component(lobby, "start")
	h.click(dee, lobby, start.CustomID)
	h.pickFirst(dee)
	h.elapse(25 * time.Hour)
	if rec := h.state(resolving.ID); ath(rec.State).Step != atheneum.StepResolve || !rec.Seats[1].Autopilot {
		t.Fatalf("the resolving game is at %s, bo on autopilot: %v", ath(rec.State).Step, rec.Seats[1].Autopilot)
	}
	// A game in its pick step: ana has picked, cy's direct messages are
	// closed (opened after the deadline above, so still in its first step).
	h.Srv.SetDMsClosed(cy.ID, true)
	picking := h.Srv.AddTextChannel(guild, "picking")
	h.openGameIn(picking.ID, ana, bo, cy)
	h.pickFirst(ana)
	// A lobby.
	waiting := h.Srv.AddTextChannel(guild, "lobby")
	lobby = h.slashIn(waiting.ID, ana, "new")
	join, _ = drive.Component(lobby, "join")
	h.click(dee, lobby, join.CustomID)

	endings := map[string]fixtureEnding{}
	for _, ch := range []string{picking.ID, resolving.ID} {
		rec := h.state(ch)
		endings[rec.ID] = playOn(t, h, rec)
	}
	// Bo's hand in the picking game, not picked from yet.
	pickingID := h.state(picking.ID).ID
	hand, ok := h.LastDM(bo)
	menu, found := drive.Component(hand, "pick")
	if !ok || !found {
		t.Fatal("bo has no pick menu")
	}
	e := endings[pickingID]
	e.Prompts = map[string]fixturePrompt{"bo": {UserID: bo.ID, ChannelID: hand.ChannelID, MessageID: hand.ID, CustomID: menu.CustomID, Values: []string{menu.Options[0].Value}}}
	endings[pickingID] = e
	h.stop()
	if err := os.MkdirAll(fixtureDir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, h.dbPath, filepath.Join(fixtureDir, "upgrade-v1.db"))
	data, err := json.MarshalIndent(endings, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fixtureDir, "upgrade-v1-endings.json"), append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// playOn finishes a copy of a stored game with the normal computer player
// of fixtureSeed at every awaited seat, in seat order.
func playOn(t *testing.T, h *harness, rec *store.Game) fixtureEnding {
	actions, err := h.db.Actions(h.Ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	g := ath(rec.State).Clone()
	for n := 0; g.Step != atheneum.StepOver; n++ {
		if n > 5000 {
			t.Fatal("the game did not end")
		}
		seat := g.Waiting()[0]
		p, err := ai.New("normal", ai.Options{Seed: fixtureSeed})
		if err != nil {
			t.Fatal(err)
		}
		a, err := p.Propose(g.View(seat), seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return fixtureEnding{Status: string(rec.Status), Moves: len(actions), Results: g.Results}
}

func copyFile(t *testing.T, from, to string) {
	data, err := os.ReadFile(from)
	if err == nil {
		err = os.WriteFile(to, data, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}
