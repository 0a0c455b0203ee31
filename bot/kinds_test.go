package bot

import (
	"fmt"
	"sync"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	ex "atheneum/engine/exlibris"
	exai "atheneum/engine/exlibris/ai"
	"atheneum/engine/tictactoe"
	"atheneum/store"
)

// TestGamesOfEveryKindAtOnce plays the opening of a game of every hosted
// game on one bot at once, each table driven from its own goroutine, with
// one person of each table reached by command because their direct
// messages are closed: Atheneum through its second turn, Anludim for
// forty moves, Ex Libris into its second round (a whole round with the
// answers other players owe mid-turn), and tic-tac-toe to its end. This is
// where the race detector watches the bot's goroutines meet across kinds
// of games; the whole games, which check the flow a move at a time, run
// without it (see oneFlowAtATime).
func TestGamesOfEveryKindAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "host")
	type table struct {
		name string
		play func(gh *harness, users []discordtest.User, people []*drive.Player) error
	}
	kit := func(kind string, lobby drive.Lobby, players engine.Players, done func(rec *store.Game) bool) func(*harness, []discordtest.User, []*drive.Player) error {
		return func(gh *harness, users []discordtest.User, people []*drive.Player) error {
			lobby.Command, lobby.People = kind, users
			id, err := gh.Open(lobby)
			if err != nil {
				return err
			}
			gh.Game = id
			rec, err := gh.PlayGameUntil(id, kind, people, players, nil, done)
			if err != nil {
				return err
			}
			if !done(rec) {
				return fmt.Errorf("the game stopped short, %s at move %d", rec.Status, rec.Seq)
			}
			return nil
		}
	}
	tables := []table{
		{"Atheneum", func(gh *harness, users []discordtest.User, people []*drive.Player) error {
			if _, err := gh.Driver.OpenGame(users...); err != nil {
				return err
			}
			rec, err := gh.db.GameInChannel(gh.Ctx, gh.Channel)
			if err != nil {
				return err
			}
			gh.Game = rec.ID
			for rounds := 0; rounds < 500; rounds++ {
				full, err := gh.db.LoadGame(gh.Ctx, rec.ID)
				if err != nil {
					return err
				}
				if g := ath(full.State); g == nil || g.TurnNumber() > 2 {
					return nil
				}
				for _, p := range people {
					if _, err := gh.Driver.Step(p); err != nil {
						return err
					}
				}
			}
			return fmt.Errorf("the second turn did not end in 500 rounds")
		}},
		{"Anludim", kit(anludim.ID, drive.Lobby{}, anai.Players{}, func(rec *store.Game) bool { return rec.Seq >= 40 })},
		{"Ex Libris", kit(ex.ID, drive.Lobby{AI: []string{"normal"}}, exai.Players{}, func(rec *store.Game) bool {
			g, ok := rec.State.(*ex.State)
			return ok && g.Game.Round() >= 2
		})},
		{"tic-tac-toe", kit(tictactoe.ID, drive.Lobby{}, tictactoe.Players, func(rec *store.Game) bool { return rec.Status == store.StatusFinished })},
	}
	errs := make([]error, len(tables))
	var wg sync.WaitGroup
	for k, tb := range tables {
		ch, users, people := h.tableOfThree(k)
		if tb.name == "tic-tac-toe" {
			users, people = users[1:], people[1:]
		}
		gh := h.in(t, ch)
		wg.Go(func() {
			if err := tb.play(gh, users, people); err != nil {
				errs[k] = fmt.Errorf("%s: %w", tb.name, err)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		t.Logf("the bot's log:\n%s", h.logs.String())
	}
}
