// Package ai holds computer players for Atheneum: a uniform random player,
// a greedy "normal" player and a searching "hard" player.
//
// A player proposes one action at a time for one seat from that seat's view
// of the game (Game.View), so it never sees other seats' hands or picks, the
// decks' order, the objective deck or the bag's order. Its choice is a pure
// function of its Options, the view and the seat (the hard player with a
// time Budget aside), so a bot that restarts and asks a fresh player again
// gets the same answer, on any machine and however busy it is.
//
// The hard player's effort is counted in play-outs, not time: by default
// DefaultPlayouts per candidate at a card pick and DefaultResolvePlayouts
// at a shelving choice, calibrated so that a pick takes about a second on
// one core of a two-core machine at three or four seats
// (BenchmarkDefaultHardDecision, processor time of the searching thread:
// 0.5-0.7 s at two seats, 0.9-1.1 s at three, 1.0-1.3 s at four and five;
// 0.1-0.3 s per shelving choice).
package ai

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"atheneum/engine/atheneum"
)

// Levels lists the levels, weakest first: "random", "normal", "hard".
var Levels = []string{"random", "normal", "hard"}

// Options configure a player.
type Options struct {
	Seed uint64 // all of the player's randomness comes from it
	// Playouts is the hard player's effort per decision: play-outs per
	// candidate action, at card picks and shelving choices alike unless
	// ResolvePlayouts sets the latter apart. A decision between k
	// candidates plays about k*Playouts games to their end, most of them
	// for the closest candidates. Zero, with no Budget either, is the
	// default effort: DefaultPlayouts at a pick, DefaultResolvePlayouts at
	// a shelving choice.
	Playouts int
	// ResolvePlayouts, if set, is the effort at shelving choices (resolve
	// decisions), which matter less than the cards.
	ResolvePlayouts int
	// Budget, when Playouts is 0, bounds the hard player's thinking time
	// per decision instead (a third of it at a shelving choice): for
	// experiments only, since the player then plays differently on a
	// slower or busier machine.
	Budget time.Duration
}

// Player proposes actions for one seat from what that seat may see.
type Player interface {
	Level() string
	// Propose returns the action seat should take next. view must be
	// g.View(seat) (a Hidden game); the player never sees hidden cards or the
	// bag order. It returns an error only if seat has nothing to do.
	Propose(view *atheneum.Game, seat int) (atheneum.Action, error)
}

// New returns a player of the given level. A player keeps buffers between
// decisions, so it must not be used by two goroutines at once; it keeps no
// memory of the game, so a fresh player decides exactly like an old one.
func New(level string, o Options) (Player, error) {
	switch level {
	case "random":
		return &randomPlayer{o: o}, nil
	case "normal":
		return &normalPlayer{o: o}, nil
	case "hard":
		return &hardPlayer{o: o}, nil
	}
	return nil, fmt.Errorf("unknown AI level %q: choose one of %s", level, strings.Join(Levels, ", "))
}

// ErrNothingToDo is returned by Propose when the seat has no action to take.
var ErrNothingToDo = errors.New("ai: the seat has nothing to do now")

// playable returns a game on which legal actions can be listed: the view
// itself when it is not hidden, or a shallow copy with Hidden cleared. The
// copy shares the view's slices and is only read, never played on.
func playable(view *atheneum.Game) *atheneum.Game {
	if !view.Hidden {
		return view
	}
	c := *view
	c.Hidden = false
	return &c
}

// waiting reports whether the game waits for seat.
func waiting(g *atheneum.Game, seat int) bool {
	if seat < 0 || seat >= len(g.Seats) || g.Step == atheneum.StepOver {
		return false
	}
	switch g.Seats[seat].Status {
	case atheneum.StatusPicking, atheneum.StatusShelving, atheneum.StatusScoring:
		return true
	}
	return false
}

// decisionSeed mixes the player's seed with the position and the seat, so
// each decision has its own reproducible randomness.
func decisionSeed(seed uint64, seq, seat int) uint64 {
	x := seed ^ 0x6a09e667f3bcc909
	x = mix64(x + uint64(seq)*0x9e3779b97f4a7c15)
	x = mix64(x + uint64(seat+1)*0xbf58476d1ce4e5b9)
	return x
}

// mix64 is SplitMix64's finaliser.
func mix64(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// rng is a small SplitMix64 generator for the players' own randomness.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int {
	return int((r.next() >> 1) % uint64(n))
}

// PlayGame plays a whole game from cfg with players[i] at seat i, asking
// each waiting seat (lowest seat first) for an action through its own view
// and applying it. It returns the finished game and the actions. An action
// the engine refuses is returned as an error (that is a bug).
func PlayGame(cfg atheneum.Config, players []Player) (*atheneum.Game, []atheneum.Action, error) {
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		return nil, nil, err
	}
	if len(players) != len(g.Seats) {
		return g, nil, fmt.Errorf("ai: %d players for %d seats", len(players), len(g.Seats))
	}
	var actions []atheneum.Action
	for g.Step != atheneum.StepOver {
		seat := firstWaiting(g)
		if seat < 0 {
			return g, actions, fmt.Errorf("ai: the game waits for no seat in the %s step", g.Step)
		}
		a, err := players[seat].Propose(g.View(seat), seat)
		if err != nil {
			return g, actions, fmt.Errorf("ai: %s player at seat %d: %w", players[seat].Level(), seat, err)
		}
		if a.Seat != seat {
			return g, actions, fmt.Errorf("ai: %s player at seat %d proposed %s for another seat", players[seat].Level(), seat, a)
		}
		if _, err := g.Apply(a); err != nil {
			return g, actions, &atheneum.ReplayError{Index: len(actions), Action: a, Err: err}
		}
		actions = append(actions, a)
	}
	return g, actions, nil
}

// firstWaiting is the lowest seat the game waits for, or -1 (Game.Waiting
// without its allocation, for play-outs).
func firstWaiting(g *atheneum.Game) int {
	for i := range g.Seats {
		if waiting(g, i) {
			return i
		}
	}
	return -1
}
