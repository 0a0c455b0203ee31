package game

import (
	"context"
	"maps"
	"slices"
	"time"

	"atheneum/store"
)

// Snapshot is a game as of its last stored change, for read-only answers
// (autocomplete, status, scores, the table image) that must never wait for
// the game's lock or for the Discord calls made while it is held. Nothing
// in a snapshot changes once it is taken: treat it as read-only.
type Snapshot struct {
	// Rec is the game's record, with its State once it has started.
	Rec *store.Game
	// Deadline is the current step's deadline, zero when none is scheduled.
	Deadline time.Time
	// Paused is set while the host has stopped the clock.
	Paused bool
	// Away are the seats whose person is away, until when.
	Away map[int]time.Time
}

// publish replaces the table's snapshot with a copy of the game as it is
// now; t is locked. The copy shares nothing that a later change writes to.
// A stale table publishes nothing: another process changed the game, so
// readers read the store until the table is reloaded.
func (t *Table) publish() {
	if t.stale.Load() {
		t.unpublish()
		return
	}
	rec := *t.Rec
	rec.Seats = slices.Clone(t.Rec.Seats)
	if t.Rec.State != nil {
		rec.State = t.Rec.State.Clone()
	}
	t.snap.Store(&Snapshot{Rec: &rec, Deadline: t.due, Paused: rec.Options.Paused, Away: maps.Clone(t.away)})
}

// Snapshot returns the game as of its last stored change without waiting
// for its table: the copy kept in memory, or else a fresh read of the
// store (kept for the next readers of a table whose copy another process
// made stale). An unknown game gives store.ErrNotFound.
func (s *Service) Snapshot(ctx context.Context, gameID string) (*Snapshot, error) {
	s.mu.Lock()
	t := s.tables[gameID]
	s.mu.Unlock()
	if t == nil {
		return s.readSnapshot(ctx, gameID)
	}
	if snap := t.snap.Load(); snap != nil {
		return snap, nil
	}
	drops := t.drops.Load()
	snap, err := s.readSnapshot(ctx, gameID)
	if err != nil {
		return nil, err
	}
	// Kept unless the table published its own meanwhile, or dropped one
	// (then what was read may be older than the change that dropped it).
	if t.snap.CompareAndSwap(nil, snap) && t.drops.Load() != drops {
		t.snap.CompareAndSwap(snap, nil)
	}
	return snap, nil
}

// readSnapshot reads a game's snapshot from the store.
func (s *Service) readSnapshot(ctx context.Context, gameID string) (*Snapshot, error) {
	rec, err := s.o.Store.LoadGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{Rec: rec, Paused: rec.Options.Paused}
	jobs, err := s.o.Store.GameJobs(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for _, j := range jobs {
		switch j.Kind {
		case JobDeadline:
			snap.Deadline = j.Due
		case JobAway:
			snap.Away = withSeat(snap.Away, j.Seat, j.Due)
		}
	}
	return snap, nil
}

// SnapshotInChannel returns the snapshot of the channel's lobby or playing
// game, or store.ErrNotFound when it has none; a game of another server
// than guildID is refused with CodeOtherServer.
func (s *Service) SnapshotInChannel(ctx context.Context, guildID, channelID string) (*Snapshot, error) {
	rec, err := s.GameInChannel(ctx, guildID, channelID)
	if err != nil {
		return nil, err
	}
	return s.Snapshot(ctx, rec.ID)
}

// GameInChannel returns the channel's lobby or playing game as stored, or
// store.ErrNotFound when it has none. A request names its server and its
// channel separately, so the two are checked against each other: a game
// of another server than guildID is refused with CodeOtherServer.
func (s *Service) GameInChannel(ctx context.Context, guildID, channelID string) (*store.Game, error) {
	rec, err := s.o.Store.GameInChannel(ctx, channelID)
	if err != nil {
		return nil, err
	}
	if rec.GuildID != guildID {
		return nil, refusal(CodeOtherServer)
	}
	return rec, nil
}
