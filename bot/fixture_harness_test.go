package bot

import (
	"fmt"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// The adapter's generic tests (lobby, host tools, reminders, away,
// records, restarts, rematch, faults) play the fixture game, tic-tac-toe:
// a move is one press and a whole game nine at most, so that they test the
// adapter rather than spend their time in a real game's rules and
// pictures. These helpers are theirs.

// tttFace is the fixture game's face, for wording what the bot says about
// it.
var tttFace = testFaces()[2]

// ttt is catalogue message id in English, filled from kv, in a game of
// tic-tac-toe: its command and its title fill the placeholders kv leaves
// open.
func ttt(id string, kv ...any) string {
	return i18n.English.T(id, append([]any{"Command", tictactoe.ID, "Game", i18n.English.T("tictactoe.title")}, kv...)...)
}

// openTTT opens a game of tic-tac-toe between people in the harness's
// channel, the first one hosting, and returns its id.
func (h *harness) openTTT(people ...discordtest.User) string {
	h.t.Helper()
	id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: people})
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}

// playTTT plays game id's people until the game has n moves (or is over),
// each person pressing the move the autopilot would choose.
func (h *harness) playTTT(id string, people []*drive.Player, n int) *store.Game {
	h.t.Helper()
	rec, err := h.PlayGameUntil(id, tictactoe.ID, people, tictactoe.Players, nil, func(r *store.Game) bool { return r.Seq >= n })
	if err != nil {
		h.t.Fatal(err)
	}
	return rec
}

// adminOf runs /COMMAND admin VERB and returns what the user saw.
func (h *harness) adminOf(command string, user discordtest.User, verb string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	ms, err := h.SlashWith(command, h.world.Channel.ID, user, discordtest.SubGroup("admin", discordtest.Sub(verb, opts...)))
	if err != nil || len(ms) == 0 {
		h.t.Fatalf("/%s admin %s: %v", command, verb, err)
	}
	return ms[len(ms)-1]
}

// recordsOf runs /COMMAND records SUB in the harness's channel and returns
// what the user sees.
func (h *harness) recordsOf(command string, user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	ms, err := h.SlashWith(command, h.world.Channel.ID, user, discordtest.SubGroup("records", discordtest.Sub(sub, opts...)))
	if err != nil || len(ms) == 0 {
		h.t.Fatalf("/%s records %s: %v", command, sub, err)
	}
	return ms[len(ms)-1]
}

// fingerprint is the channel's game as stored (its moves, its seats and
// its rules state), to prove that nothing changed.
func (h *harness) fingerprint(channelID string) string {
	h.t.Helper()
	rec := h.state(channelID)
	return fmt.Sprintf("%d %+v %+v %+v", rec.Seq, rec.Seats, rec.Options, rec.State)
}
