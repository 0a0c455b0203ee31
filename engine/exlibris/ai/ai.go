package ai

import (
	"errors"
	"fmt"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// Player chooses one decision at a time for a seat, from what that seat
// may see.
type Player interface {
	// Level is "random", "normal" or "hard".
	Level() string
	// Propose returns one of the decisions view offers seat.
	Propose(view *exlibris.Game, seat int) (exlibris.Action, error)
}

// Levels lists the levels New accepts, from the weakest.
var Levels = []string{"random", "normal", "hard"}

// ErrNothingToDo is returned when the seat is not asked anything.
var ErrNothingToDo = errors.New("ai: the seat is not asked anything")

// New returns a player of a level; seed makes its choices repeatable
// (hard: playouts is its budget per decision, 0 for DefaultPlayouts).
func New(level string, seed uint64, playouts int) (Player, error) {
	switch level {
	case "random":
		return &Random{seed: seed}, nil
	case "normal":
		return &Normal{}, nil
	case "hard":
		if playouts <= 0 {
			playouts = DefaultPlayouts
		}
		return NewHard(seed, playouts), nil
	}
	return nil, fmt.Errorf("ai: unknown level %q", level)
}

// Autopilot is the decision taken for an absent seat: the normal
// player's, for every kind of step (a placement, an archive, a tax to
// pay, a card to give...).
func Autopilot(view *exlibris.Game, seat int) (exlibris.Action, error) {
	var p Normal
	return p.Propose(view, seat)
}

// Random chooses uniformly among the decisions offered.
type Random struct {
	seed uint64
	buf  []exlibris.Action
}

// Level is "random".
func (p *Random) Level() string { return "random" }

// Propose returns a random decision, drawn from the player's seed and the
// position (the number of moves played), so that a game replayed from
// its record draws the same.
func (p *Random) Propose(view *exlibris.Game, seat int) (exlibris.Action, error) {
	p.buf = view.AppendOptions(p.buf[:0], seat)
	if len(p.buf) == 0 {
		return exlibris.Action{}, ErrNothingToDo
	}
	r := engine.NewRand(decisionSeed(p.seed, view.Played(), seat))
	return p.buf[r.IntN(len(p.buf))], nil
}

// decisionSeed mixes a player's seed with the position it decides in.
func decisionSeed(seed uint64, played, seat int) uint64 {
	return seed ^ uint64(played)*0x9e3779b97f4a7c15 ^ uint64(seat+1)*0xbf58476d1ce4e5b9
}
