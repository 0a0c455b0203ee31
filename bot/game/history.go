package game

import (
	"context"
	"errors"
	"fmt"

	"atheneum/engine/atheneum"
	"atheneum/store"
)

// History is what the service reads of past games and players' records;
// *store.DB implements it.
type History interface {
	FinishedGames(ctx context.Context, sc store.Scope, limit int) ([]store.FinishedGame, error)
	MemberStats(ctx context.Context, sc store.Scope, userID string) (store.MemberStats, error)
	Leaderboard(ctx context.Context, sc store.Scope, limit, minGames int) ([]store.Standing, error)
	MemberGames(ctx context.Context, guildID, userID string) ([]*store.Game, error)
	GetGame(ctx context.Context, gameID string) (*store.Game, error)
	Actions(ctx context.Context, gameID string) ([]atheneum.Action, error)
}

// History returns the finished and abandoned games of a scope (a server,
// and a channel and a game when set), newest first (limit <= 0: all).
func (s *Service) History(ctx context.Context, sc store.Scope, limit int) ([]store.FinishedGame, error) {
	return s.o.Store.FinishedGames(ctx, sc, limit)
}

// Stats returns a member's record over the finished games of a scope.
func (s *Service) Stats(ctx context.Context, sc store.Scope, userID string) (store.MemberStats, error) {
	return s.o.Store.MemberStats(ctx, sc, userID)
}

// Leaderboard ranks the people of a scope who finished at least minGames
// games, by wins then average score.
func (s *Service) Leaderboard(ctx context.Context, sc store.Scope, limit, minGames int) ([]store.Standing, error) {
	return s.o.Store.Leaderboard(ctx, sc, limit, minGames)
}

// MemberGames returns snapshots of the server's lobbies and running games
// in which the member has a seat, oldest first: each with its deadline and,
// once started, its State (State.Waiting() says whom it waits for).
func (s *Service) MemberGames(ctx context.Context, guildID, userID string) ([]*Snapshot, error) {
	recs, err := s.o.Store.MemberGames(ctx, guildID, userID)
	if err != nil {
		return nil, err
	}
	out := make([]*Snapshot, 0, len(recs))
	for _, rec := range recs {
		snap, err := s.Snapshot(ctx, rec.ID)
		switch {
		case errors.Is(err, store.ErrNotFound):
			continue // gone since the list was read
		case err != nil:
			return nil, err
		}
		out = append(out, snap)
	}
	return out, nil
}

// ScoreHistory is how a game's scores went, for a replay or a chart.
type ScoreHistory struct {
	// Turns[k][seat] is the seat's score at the end of turn k+1 (points
	// scored during play); a finished game has one more row, its final
	// totals.
	Turns [][]int
	// Final is the game's record with its State as the replay left it.
	Final *store.Game
}

// ScoreHistory replays a game's stored actions from its seed and records
// each seat's score at the end of every turn.
func (s *Service) ScoreHistory(ctx context.Context, gameID string) (*ScoreHistory, error) {
	rec, err := s.o.Store.GetGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if rec.StartedAt.IsZero() {
		return nil, refusal(CodeNotPlaying) // a lobby has no scores
	}
	actions, err := s.o.Store.Actions(ctx, gameID)
	if err != nil {
		return nil, err
	}
	cfg, err := rec.Config()
	if err != nil {
		return nil, err
	}
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		return nil, err
	}
	h := &ScoreHistory{}
	scores := func() []int {
		row := make([]int, len(g.Seats))
		for i := range g.Seats {
			row[i] = g.Seats[i].Score()
		}
		return row
	}
	for _, a := range actions {
		turn := g.TurnNumber()
		if _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("game %s: replaying action %d (%s): %w", gameID, g.Seq+1, a, err)
		}
		if g.Step == atheneum.StepOver || g.TurnNumber() != turn {
			h.Turns = append(h.Turns, scores())
		}
	}
	if g.Step == atheneum.StepOver {
		final := make([]int, len(g.Seats))
		for _, r := range g.Results {
			final[r.Seat] = r.Total
		}
		h.Turns = append(h.Turns, final)
	}
	rec.State, rec.Seq = g, g.Seq
	h.Final = rec
	return h, nil
}
