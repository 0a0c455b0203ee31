package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// openTest opens a fresh database file in the test's temporary directory.
func openTest(t testing.TB) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// testSeats returns n people seats with distinct subjects.
func testSeats(n int, r *rand.Rand) []Seat {
	cols := atheneum.Colors
	r.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	seats := make([]Seat, n)
	for i := range seats {
		seats[i] = Seat{UserID: fmt.Sprintf("user%d", i+1), Name: fmt.Sprintf("Player %d", i+1), Subject: cols[i]}
	}
	return seats
}

var channelN atomic.Int64

// newPlaying creates a playing game of n seats in a channel of its own and
// returns its record with its initial State.
func newPlaying(t testing.TB, db *DB, n int, seed uint64) *Game {
	t.Helper()
	g := &Game{
		GuildID:   "guild1",
		ChannelID: fmt.Sprintf("chan%d", channelN.Add(1)),
		HostID:    "user1",
		Status:    StatusPlaying,
		Seed:      seed,
		Options:   Options{Seats: n, StepHours: 24},
		Seats:     testSeats(n, rand.New(rand.NewPCG(seed, 1))),
	}
	if err := db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	cfg, err := g.Config()
	if err != nil {
		t.Fatal(err)
	}
	if g.State, err = atheneum.NewGame(cfg); err != nil {
		t.Fatal(err)
	}
	return g
}

// step plays one random legal action on g through the store, as the bot
// does: apply to a copy, commit with the new state, keep the copy. It
// returns false when the game is over.
func step(t testing.TB, db *DB, g *Game, p *atheneum.RandomPlayer) bool {
	t.Helper()
	a, ok := p.Next(g.State)
	if !ok {
		return false
	}
	next := g.State.Clone()
	if _, err := next.Apply(a); err != nil {
		t.Fatalf("engine refused its own legal action %s: %v", a, err)
	}
	if err := db.Commit(context.Background(), g.ID, Commit{Seq: g.State.Seq, Action: &a, State: next, Results: resultsOf(next)}); err != nil {
		t.Fatal(err)
	}
	g.State = next
	return true
}

// encode returns the engine state's JSON, failing the test on error.
func encode(t testing.TB, g *atheneum.Game) string {
	t.Helper()
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// canonical returns the state's JSON in a canonical form. The engine's
// Encode writes an empty slice as [] or null depending on how the slice
// came to be empty (Apply leaves [] where Clone and a decoded null leave
// nil), which carries no meaning; Clone turns every empty slice into nil, so
// two equal games encode to the same bytes once cloned.
func canonical(t testing.TB, g *atheneum.Game) string {
	t.Helper()
	return encode(t, g.Clone())
}

// resultsOf is what the service passes with a commit that ends the game:
// its results at the seam; nil while it goes on.
func resultsOf(g *atheneum.Game) []engine.Result {
	if g == nil || g.Step != atheneum.StepOver {
		return nil
	}
	return (&atheneum.State{Game: g}).Results()
}
