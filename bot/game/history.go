package game

import (
	"context"
	"errors"
	"fmt"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// History is what the service reads of past games and players' records;
// *store.DB implements it.
type History interface {
	FinishedGames(ctx context.Context, sc store.Scope, limit int) ([]store.FinishedGame, error)
	MemberStats(ctx context.Context, sc store.Scope, userID string) (store.MemberStats, error)
	MemberGameCount(ctx context.Context, sc store.Scope, userID string) (int, error)
	Leaderboard(ctx context.Context, sc store.Scope, limit, minGames int) ([]store.Standing, error)
	MemberGames(ctx context.Context, guildID, userID string) ([]*store.Game, error)
	GetGame(ctx context.Context, gameID string) (*store.Game, error)
	Actions(ctx context.Context, gameID string) ([]engine.Move, error)
	MoveLog(ctx context.Context, gameID string) ([]store.LoggedMove, error)
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

// GamesPlayed returns how many finished games of a scope a member played
// (their Stats' Games, read alone).
func (s *Service) GamesPlayed(ctx context.Context, sc store.Scope, userID string) (int, error) {
	return s.o.Store.MemberGameCount(ctx, sc, userID)
}

// Leaderboard ranks the people of a scope who finished at least minGames
// games, by wins then average score.
func (s *Service) Leaderboard(ctx context.Context, sc store.Scope, limit, minGames int) ([]store.Standing, error) {
	return s.o.Store.Leaderboard(ctx, sc, limit, minGames)
}

// MemberGames returns snapshots of the server's lobbies and running games
// in which the member has a seat, oldest first: each with its deadline and,
// once started, its State (State.Awaited() says whom it waits for).
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

// Step is one move of a replay: the game before it, the move, what it
// caused and the game after it, who made it and when.
type Step struct {
	Before engine.State
	Move   engine.Move
	Events []engine.Event
	After  engine.State
	// By is who made the move: "player", "ai" or "autopilot" ("" for a
	// move stored before it was kept).
	By string
	At time.Time
	// Number is the move's number in the game, from 1.
	Number int
}

// Replay replays a game's stored moves from its seed and setup, calling
// visit with each (a visit that returns an error stops the replay with
// it). It returns the game's record with its State as the replay left it,
// for a replay picture, a chart of scores or a log of what happened.
func (s *Service) Replay(ctx context.Context, gameID string, visit func(Step) error) (*store.Game, error) {
	rec, err := s.o.Store.GetGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if rec.StartedAt.IsZero() {
		return nil, refusal(CodeNotPlaying) // a lobby has nothing to replay
	}
	moves, err := s.o.Store.MoveLog(ctx, gameID)
	if err != nil {
		return nil, err
	}
	st, err := rec.NewState()
	if err != nil {
		return nil, err
	}
	for i, lm := range moves {
		m := lm.Move
		before := st.Clone()
		ev, err := st.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("game %s: replaying move %d (%s): %w", gameID, i+1, m, err)
		}
		if visit != nil {
			if err := visit(Step{Before: before, Move: m, Events: ev, After: st, By: lm.By, At: lm.At, Number: i + 1}); err != nil {
				return nil, err
			}
		}
	}
	rec.State, rec.Seq = st, len(moves)
	return rec, nil
}
