// Package enginetest holds the checks every game must pass at the game
// seam (engine.State), written once: each game's tests call Conform. A
// game that passes them can be run by anything written over the seam: the
// bot's service, the generic players, the simulations. ThreadCPU is the
// processor-time clock the games' benchmarks share.
package enginetest

import (
	"errors"
	"fmt"
	"go/build"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
)

// Config sizes the checks for a game.
type Config struct {
	// Games is how many random games are played per seat count.
	Games int
	// Setup returns the setup of a game of n seats (nil: Setup{Seats: n}).
	Setup func(n int) engine.Setup
	// MaxMoves bounds the moves compared between a state and its views.
	MaxMoves int
	// PlayerGames is how many games each computer level plays against
	// itself at the smallest seat count (0: none).
	PlayerGames int
	// SeatCounts are the seat counts of the random games (nil: every
	// count the game allows).
	SeatCounts []int
	// CheckEvery is how often, in moves, a random game lists every move
	// and compares the views' (default 7): a dear check for games whose
	// moves are many.
	CheckEvery int
}

// Conform runs every check on game g.
func Conform(t *testing.T, g engine.Game, c Config) {
	if c.Games == 0 {
		c.Games = 20
	}
	if c.MaxMoves == 0 {
		c.MaxMoves = 200
	}
	if c.CheckEvery == 0 {
		c.CheckEvery = 7
	}
	if c.Setup == nil {
		c.Setup = func(n int) engine.Setup { return engine.Setup{Seats: n} }
	}
	lo, hi := g.SeatRange()
	if c.SeatCounts == nil {
		for n := lo; n <= hi; n++ {
			c.SeatCounts = append(c.SeatCounts, n)
		}
	}
	t.Run("a seat count outside the range is refused", func(t *testing.T) {
		for _, n := range []int{lo - 1, hi + 1} {
			if _, err := g.New(1, c.Setup(n)); !isRefusal(err) {
				t.Errorf("%d seats: got %v, want a refusal", n, err)
			}
		}
	})
	if ed, ok := g.Rules.(engine.Editioned); ok {
		t.Run("every edition deals a game that says it is of that edition, and an unknown one is refused", func(t *testing.T) {
			if err := checkEditions(g, ed.Edition(), c.Setup(lo)); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, n := range c.SeatCounts {
		t.Run(fmt.Sprintf("random games of %d seats end with well-formed results and replay the same", n), func(t *testing.T) {
			for k := 0; k < c.Games; k++ {
				seed := uint64(1000*n + k)
				if err := playChecked(g, seed, c.Setup(n), c.MaxMoves, c.CheckEvery); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
	t.Run("a refused move changes nothing", func(t *testing.T) {
		s, err := g.New(7, c.Setup(lo))
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(7)
		for step := 0; step < 20 && !s.Over(); step++ {
			before := fingerprint(s, c.MaxMoves)
			awaited := s.Awaited()
			var idle []int
			for seat := 0; seat < s.Seats(); seat++ {
				if !slices.Contains(awaited, seat) {
					idle = append(idle, seat)
				}
			}
			forged := []engine.Move{"", "nonsense", "s9 nothing at all", "s-1 done"}
			for _, seat := range idle {
				// A move of an awaited seat, claimed by one that is not awaited.
				if m, err := engine.RandomMove(s, awaited[0], r); err == nil && len(m) > 2 {
					forged = append(forged, engine.Move(fmt.Sprintf("s%d%s", seat, m[2:])))
				}
			}
			for _, m := range forged {
				if _, err := s.Apply(m); err == nil {
					t.Fatalf("step %s: the forged move %q was accepted", s.StepKey(), m)
				} else if !isRefusal(err) {
					t.Fatalf("step %s: %q was refused with %v, not a *Refusal", s.StepKey(), m, err)
				}
				if after := fingerprint(s, c.MaxMoves); after != before {
					t.Fatalf("step %s: refusing %q changed the game", s.StepKey(), m)
				}
			}
			m, err := engine.RandomMove(s, awaited[r.IntN(len(awaited))], r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	})
	if c.PlayerGames > 0 {
		for _, level := range g.Levels() {
			t.Run("the "+level+" players make only moves the game offers", func(t *testing.T) {
				for k := 0; k < c.PlayerGames; k++ {
					if err := playLevel(g, level, uint64(k), c.Setup(lo)); err != nil {
						t.Fatalf("game %d: %v", k, err)
					}
				}
			})
		}
		t.Run("the autopilot moves for any awaited seat", func(t *testing.T) {
			s, err := g.New(3, c.Setup(lo))
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 200 && !s.Over(); step++ {
				seat := s.Awaited()[0]
				m, err := g.Autopilot(s.View(seat), seat, uint64(seat))
				if err != nil {
					t.Fatalf("step %s: %v", s.StepKey(), err)
				}
				if _, err := s.Apply(m); err != nil {
					t.Fatalf("step %s: the autopilot's %q was refused: %v", s.StepKey(), m, err)
				}
			}
		})
	}
}

func isRefusal(err error) bool {
	var r *engine.Refusal
	return errors.As(err, &r) && r.Code != ""
}

// fingerprint sums up what a refused move must not change.
func fingerprint(s engine.State, limit int) string {
	fp := fmt.Sprint(s.StepKey(), s.Awaited(), s.Over())
	for seat := 0; seat < s.Seats(); seat++ {
		fp += fmt.Sprint(engine.Moves(s, seat, limit))
	}
	return fp
}

// playChecked plays a random game, checking at every step what the seam
// promises, then replays its moves from the seed.
func playChecked(g engine.Game, seed uint64, setup engine.Setup, limit, every int) error {
	s, err := g.New(seed, setup)
	if err != nil {
		return err
	}
	if s.Seats() != setup.Seats || s.Rules().ID() != g.ID() {
		return fmt.Errorf("a game of %d seats of %s says %d seats of %s", setup.Seats, g.ID(), s.Seats(), s.Rules().ID())
	}
	if err := checkOrigin(g, s, seed, limit); err != nil {
		return err
	}
	r := engine.NewRand(seed)
	var moves []engine.Move
	var keys []string
	for n := 0; !s.Over(); n++ {
		if n > engine.MaxPlayoutMoves {
			return fmt.Errorf("no end after %d moves", n)
		}
		if s.Results() != nil {
			return fmt.Errorf("results before the end, at step %s", s.StepKey())
		}
		awaited := s.Awaited()
		if len(awaited) == 0 {
			return fmt.Errorf("nobody awaited at step %s", s.StepKey())
		}
		for _, seat := range awaited {
			if len(s.Next(seat, nil)) == 0 {
				return fmt.Errorf("seat %d is awaited at step %s and has no move", seat, s.StepKey())
			}
			if n%every == 0 { // listing every move, views and draws is dearer
				full, complete := engine.ListMoves(s, seat, limit)
				// A view may leave out moves that depend on what it hides
				// (Atheneum's undo history), never offer one the game
				// would refuse, and always leave the seat something to do.
				for _, side := range []struct {
					name string
					s    engine.State
				}{{"view", s.View(seat)}, {"draw from the view", s.Determinize(seat, seed+uint64(n))}} {
					offered := engine.Moves(side.s, seat, limit)
					if len(offered) == 0 {
						return fmt.Errorf("step %s: seat %d's %s offers no move", s.StepKey(), seat, side.name)
					}
					for _, m := range offered {
						if !slices.Contains(full, m) && complete {
							return fmt.Errorf("step %s: seat %d's %s offers %q, which the game does not", s.StepKey(), seat, side.name, m)
						}
					}
				}
			}
		}
		if n%every == 0 {
			if err := checkSnapshot(g, s, limit); err != nil {
				return fmt.Errorf("step %s: %w", s.StepKey(), err)
			}
		}
		seat := awaited[r.IntN(len(awaited))]
		m, err := engine.RandomMove(s, seat, r)
		if err != nil {
			return fmt.Errorf("step %s, seat %d: %w", s.StepKey(), seat, err)
		}
		keys = append(keys, s.StepKey())
		if _, err := s.Apply(m); err != nil {
			return fmt.Errorf("step %s: the offered move %q was refused: %w", s.StepKey(), m, err)
		}
		moves = append(moves, m)
	}
	if len(s.Awaited()) != 0 {
		return fmt.Errorf("the game is over and still awaits %v", s.Awaited())
	}
	results := s.Results()
	if err := engine.CheckResults(results, setup.Seats); err != nil {
		return err
	}
	again, err := g.New(seed, setup)
	if err != nil {
		return err
	}
	for i, m := range moves {
		if again.StepKey() != keys[i] {
			return fmt.Errorf("replaying move %d: step %s, first time %s", i, again.StepKey(), keys[i])
		}
		if _, err := again.Apply(m); err != nil {
			return fmt.Errorf("replaying move %d %q: %w", i, m, err)
		}
	}
	if fmt.Sprint(again.Results()) != fmt.Sprint(results) {
		return fmt.Errorf("the replay ended %v, the game %v", again.Results(), results)
	}
	return nil
}

// playLevel plays a game where every seat is a computer player of level,
// each deciding from its own view.
func playLevel(g engine.Game, level string, seed uint64, setup engine.Setup) error {
	s, err := g.New(seed, setup)
	if err != nil {
		return err
	}
	players := make([]engine.Player, setup.Seats)
	for i := range players {
		if players[i], err = g.Player(level, seed+uint64(i)); err != nil {
			return err
		}
		if players[i].Level() != level {
			return fmt.Errorf("asked for %s, got %s", level, players[i].Level())
		}
	}
	for n := 0; !s.Over(); n++ {
		if n > engine.MaxPlayoutMoves {
			return fmt.Errorf("no end after %d moves", n)
		}
		seat := s.Awaited()[0]
		m, err := players[seat].Propose(s.View(seat), seat)
		if err != nil {
			return fmt.Errorf("step %s, seat %d: %w", s.StepKey(), seat, err)
		}
		if _, err := s.Apply(m); err != nil {
			return fmt.Errorf("step %s: %s's move %q was refused: %w", s.StepKey(), level, m, err)
		}
	}
	return engine.CheckResults(s.Results(), setup.Seats)
}

// CheckPure holds the package in dir (a game's rules, or the seam) to the
// standard library, plus the packages of the module named in allowed
// (the seam, for rules): no other import, no I/O, no clock, no global
// randomness.
func CheckPure(t *testing.T, dir string, allowed ...string) {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if slices.Contains(allowed, imp) {
			continue
		}
		if strings.Contains(strings.Split(imp, "/")[0], ".") || strings.HasPrefix(imp, "atheneum/") {
			t.Errorf("%s imports %s", pkg.ImportPath, imp)
		}
		for _, banned := range []string{"os", "io", "net", "time", "math/rand", "math/rand/v2", "syscall"} {
			if imp == banned {
				t.Errorf("%s imports %s: it must do no I/O and read no clock or global randomness", pkg.ImportPath, imp)
			}
		}
	}
}

// checkOrigin holds a state that tells its origin to the seed it was dealt
// from, and to a setup that deals the same game again.
func checkOrigin(g engine.Game, s engine.State, seed uint64, limit int) error {
	o, ok := s.(engine.Origin)
	if !ok {
		return nil
	}
	gotSeed, setup := o.Origin()
	if gotSeed != seed || setup.Seats != s.Seats() {
		return fmt.Errorf("the game says it was dealt from seed %d with %d seats, not %d with %d", gotSeed, setup.Seats, seed, s.Seats())
	}
	again, err := g.New(seed, setup)
	if err != nil {
		return fmt.Errorf("the setup the game tells is refused: %w", err)
	}
	if fingerprint(again, limit) != fingerprint(s, limit) {
		return fmt.Errorf("the setup the game tells deals another game")
	}
	return nil
}

// checkEditions holds Editioned rules to dealing every edition from 1 to
// their current one (0 meaning the current one), a game saying in its
// Origin which edition it is of, and to refusing the others, so that a
// host never replays a stored game by an edition it was not played by.
func checkEditions(g engine.Game, current int, setup engine.Setup) error {
	if current < 1 {
		return fmt.Errorf("the current edition is %d, not at least 1", current)
	}
	for e := 0; e <= current; e++ {
		setup.Edition = e
		s, err := g.New(1, setup)
		if err != nil {
			return fmt.Errorf("edition %d is refused: %w", e, err)
		}
		want := e
		if e == 0 {
			want = current
		}
		if o, ok := s.(engine.Origin); ok {
			if _, got := o.Origin(); got.Edition != want {
				return fmt.Errorf("a game set up for edition %d says it is of edition %d, not %d", e, got.Edition, want)
			}
		}
	}
	for _, e := range []int{-1, current + 1} {
		setup.Edition = e
		if _, err := g.New(1, setup); !isRefusal(err) {
			return fmt.Errorf("edition %d: got %v, want a refusal", e, err)
		}
	}
	return nil
}

// checkSnapshot holds a game that writes snapshots to reading them back as
// the same game: the same step, move count, awaited seats and moves.
func checkSnapshot(g engine.Game, s engine.State, limit int) error {
	snap, ok := s.(engine.Snapshotter)
	if !ok {
		return nil
	}
	restorer, ok := g.Rules.(engine.Restorer)
	if !ok {
		return fmt.Errorf("the state writes snapshots that its rules cannot read")
	}
	version, data, err := snap.Snapshot()
	if err != nil {
		return err
	}
	back, err := restorer.Restore(version, data)
	if err != nil {
		return fmt.Errorf("a snapshot does not read back: %w", err)
	}
	if restorer.SnapshotVersion() != version {
		return fmt.Errorf("a snapshot has version %d, its rules write %d", version, restorer.SnapshotVersion())
	}
	if _, err := restorer.Restore(version+1, data); err == nil {
		return fmt.Errorf("a snapshot was read as another version")
	}
	if fingerprint(back, limit) != fingerprint(s, limit) || back.(engine.Snapshotter).Played() != snap.Played() {
		return fmt.Errorf("a snapshot reads back as another game")
	}
	return nil
}
