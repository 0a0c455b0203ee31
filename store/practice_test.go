package store

import (
	"context"
	"testing"

	"atheneum/engine/atheneum"
)

// TestAPracticeGameCountsInNoRecord: a tutorial game finishes like any
// other, but the history, a member's stats and the leaderboard leave it
// out.
func TestAPracticeGameCountsInNoRecord(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		finish := func(practice bool, seed uint64) *Game {
			g := newPlaying(t, db, 2, seed)
			if practice {
				opts := g.Options
				opts.Practice = true
				if err := db.Commit(ctx, g.ID, Commit{Seq: 0, Options: &opts}); err != nil {
					t.Fatal(err)
				}
			}
			p := atheneum.NewRandomPlayer(seed)
			for step(t, db, g, p) {
			}
			return g
		}
		real := finish(false, 3)
		finish(true, 4)
		sc := Scope{GuildID: "guild1"}
		tests := []struct {
			name string
			got  func() (int, error)
		}{
			{"the history lists the real game only", func() (int, error) {
				games, err := db.FinishedGames(ctx, sc, 10)
				if len(games) == 1 && games[0].Game.ID != real.ID {
					t.Errorf("the history lists %s", games[0].Game.ID)
				}
				return len(games), err
			}},
			{"a player's stats count the real game only", func() (int, error) {
				st, err := db.MemberStats(ctx, sc, "user1")
				return st.Games, err
			}},
			{"the leaderboard counts the real game only", func() (int, error) {
				board, err := db.Leaderboard(ctx, sc, 10, 1)
				n := 0
				for _, s := range board {
					if s.UserID == "user1" {
						n = s.Games
					}
				}
				return n, err
			}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				if n, err := tc.got(); err != nil || n != 1 {
					t.Errorf("counted %d games (%v), want 1", n, err)
				}
			})
		}
	})
}
