package main

import (
	"context"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atheneum/bot/apart"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
)

// runEnv makes this test binary the program itself: TestMain then runs
// main with the binary's arguments, as the bot starts "atheneum think".
const runEnv = "ATHENEUM_CMD_TEST_RUN"

func TestMain(m *testing.M) {
	if os.Getenv(runEnv) == "1" {
		main()
		os.Exit(0)
	}
	code := m.Run()
	tempDirs.removeAll()
	os.Exit(code)
}

func TestTheThinkCommandAnswersTheBotsSearches(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// As newSearcher starts it, with a small effort.
	const playouts = 4
	s := apart.New(apart.Options{Command: []string{exe, "think", "--playouts", strconv.Itoa(playouts)}, Env: []string{runEnv + "=1"},
		Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	defer s.Close()
	// The real command runs at idle priority, where other packages' tests
	// may starve it: Atheneum's hard player searches few play-outs, and
	// Anludim's normal one needs little processor time, where its hard one
	// plays its default play-outs.
	for _, tc := range []struct {
		rules engine.Rules
		level string
	}{{atheneum.Rules, "hard"}, {anludim.Rules, "normal"}} {
		rules := tc.rules
		t.Run("a "+tc.level+" computer player of "+rules.ID()+" gets a legal move", func(t *testing.T) {
			setup := engine.Setup{Seats: 3}
			st, err := rules.New(5, setup)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(5)
			var moves []engine.Move
			for range 12 {
				m, err := engine.RandomMove(st, st.Awaited()[0], r)
				if err != nil {
					t.Fatal(err)
				}
				if err := engine.Do(st, m); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m)
			}
			seat := st.Awaited()[0]
			m, err := s.Search(context.Background(), game.SearchRequest{Game: rules.ID(), Seed: 5, Setup: setup, Moves: moves, Seat: seat, Level: tc.level, PlayerSeed: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The bot's own players, asked here: a count of play-outs, not
			// a time, plays the same move at idle priority as at full speed.
			i := slices.IndexFunc(games(playouts), func(g engine.Game) bool { return g.ID() == rules.ID() })
			p, err := games(playouts)[i].Player(tc.level, 1)
			if err != nil {
				t.Fatal(err)
			}
			if want, err := p.Propose(st.View(seat), seat); err != nil || m != want {
				t.Errorf("seat %d: the search process played %s, the same player here %s (%v)", seat, m, want, err)
			}
			if err := engine.Do(st, m); err != nil {
				t.Errorf("seat %d's move %s is refused: %v", seat, m, err)
			}
		})
	}
}

func TestTheThinkCommandRefusesAnEffortBelowOnePlayout(t *testing.T) {
	t.Parallel()
	err := run([]string{"think", "--playouts", "0"}, os.Stdout, os.Stderr)
	if err == nil || !strings.Contains(err.Error(), "--playouts must be at least 1") {
		t.Fatalf("got %v", err)
	}
}

func TestTheThinkCommandAndTheBotPlayTheHardPlayersDefaultEffort(t *testing.T) {
	t.Parallel()
	// The bot gives its setting to both sides, the search process and its
	// own players: at the default it must be the hard player's own.
	if got, want := hardPlayers(ai.DefaultPlayouts), (ai.Players{Playouts: ai.DefaultPlayouts, ResolvePlayouts: ai.DefaultResolvePlayouts}); got != want {
		t.Errorf("the default effort is %+v, the hard player's own %+v", got, want)
	}
}
