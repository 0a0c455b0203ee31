package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// ath returns the Atheneum game inside a state at the seam.
func ath(s engine.State) *atheneum.Game { return s.(*atheneum.State).Game }

// seam returns an Atheneum game as a state at the seam.
func seam(g *atheneum.Game) engine.State { return &atheneum.State{Game: g} }

// notation is an action as the service commits it: its move in notation.
func notation(a atheneum.Action) engine.Move { return engine.Move(a.String()) }

// subject returns a seat's options choosing a favourite subject.
func subject(c atheneum.Color) map[string]string {
	return map[string]string{atheneum.SeatOptionSubject: string(c.Letter())}
}

// subjectsOf returns the subjects the seats chose, NoColor for none.
func subjectsOf(t testing.TB, seats []Seat) []atheneum.Color {
	t.Helper()
	out := make([]atheneum.Color, len(seats))
	for i, s := range seats {
		if v := s.Options[atheneum.SeatOptionSubject]; v != "" {
			c, ok := atheneum.ParseColor(v)
			if !ok {
				t.Fatalf("seat %d has subject %q", i, v)
			}
			out[i] = c
		}
	}
	return out
}

// testSeats returns n people seats with distinct subjects.
func testSeats(n int, r *rand.Rand) []Seat {
	cols := atheneum.Colors
	r.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	seats := make([]Seat, n)
	for i := range seats {
		seats[i] = Seat{UserID: fmt.Sprintf("user%d", i+1), Name: fmt.Sprintf("Player %d", i+1), Options: subject(cols[i])}
	}
	return seats
}

var channelN atomic.Int64

// newPlaying creates a playing Atheneum game of n seats in a channel of its
// own and returns its record with its initial State, which it checks is
// the rules' own deal for the seed and subjects.
func newPlaying(t testing.TB, db *DB, n int, seed uint64) *Game {
	t.Helper()
	g := &Game{
		Kind:      atheneum.GameID,
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
	checkDealt(t, g)
	return g
}

// checkDealt checks that a game's State is the new Atheneum game its seed
// and seats' subjects deal.
func checkDealt(t testing.TB, g *Game) {
	t.Helper()
	if g.State == nil {
		t.Fatal("the started game has no state")
	}
	want, err := atheneum.NewGame(atheneum.Config{Subjects: subjectsOf(t, g.Seats), Seed: g.Seed})
	if err != nil {
		t.Fatal(err)
	}
	if canonical(t, g.State) != canonical(t, seam(want)) {
		t.Fatal("the started game is not the rules' new game")
	}
}

// play returns the state after action a, s unchanged, failing the test if
// the rules refuse a in notation.
func play(t testing.TB, s engine.State, a atheneum.Action) engine.State {
	t.Helper()
	next := s.Clone()
	if _, err := next.Apply(notation(a)); err != nil {
		t.Fatalf("the rules refused their own legal action %s: %v", a, err)
	}
	return next
}

// step plays one random legal action on g through the store, as the bot
// does: apply to a copy, commit with the new state, keep the copy. It
// returns false when the game is over.
func step(t testing.TB, db *DB, g *Game, p *atheneum.RandomPlayer) bool {
	t.Helper()
	a, ok := p.Next(ath(g.State))
	if !ok {
		return false
	}
	next := play(t, g.State, a)
	if err := db.Commit(context.Background(), g.ID, Commit{Seq: ath(g.State).Seq, Move: notation(a), State: next, Results: resultsOf(next)}); err != nil {
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

// canonical returns an Atheneum state's JSON in a canonical form. The
// engine's Encode writes an empty slice as [] or null depending on how the
// slice came to be empty (Apply leaves [] where Clone and a decoded null
// leave nil), which carries no meaning; Clone turns every empty slice into
// nil, so two equal games encode to the same bytes once cloned.
func canonical(t testing.TB, s engine.State) string {
	t.Helper()
	return encode(t, ath(s).Clone())
}

// resultsOf is what the service passes with a commit that ends the game:
// its results at the seam; nil while it goes on.
func resultsOf(s engine.State) []engine.Result {
	if s == nil || !s.Over() {
		return nil
	}
	return s.Results()
}
