package main

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"

	"atheneum/bot/apart"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
)

// runEnv makes this test binary the program itself: TestMain then runs
// main with the binary's arguments, as the bot starts "atheneum think".
const runEnv = "ATHENEUM_CMD_TEST_RUN"

func TestMain(m *testing.M) {
	if os.Getenv(runEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestTheThinkCommandAnswersTheBotsSearches(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// As newSearcher starts it, with a short budget.
	s := apart.New(apart.Options{Command: []string{exe, "think", "--budget", "30ms"}, Env: []string{runEnv + "=1"},
		Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	defer s.Close()
	// The real command runs at idle priority, where other packages' tests
	// may starve it: Atheneum's hard player stops at its (short) budget,
	// and Anludim's normal one needs little processor time, where its hard
	// one plays a fixed number of play-outs.
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
			if err := engine.Do(st, m); err != nil {
				t.Errorf("seat %d's move %s is refused: %v", seat, m, err)
			}
		})
	}
}

func TestTheThinkCommandRefusesABudgetThatIsNotPositive(t *testing.T) {
	err := run([]string{"think", "--budget", "0s"}, os.Stdout, os.Stderr)
	if err == nil || !strings.Contains(err.Error(), "--budget must be positive") {
		t.Fatalf("got %v", err)
	}
}
