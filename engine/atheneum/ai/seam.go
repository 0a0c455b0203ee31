package ai

import (
	"fmt"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// Players are Atheneum's computer players at the game seam.
type Players struct {
	// Playouts, ResolvePlayouts and Budget set the hard level's effort
	// (see Options; all zero is the default effort).
	Playouts, ResolvePlayouts int
	Budget                    time.Duration
}

var _ engine.Players = Players{}

// Game is Atheneum at the seam: its rules and its computer players.
func Game(p Players) engine.Game { return engine.Game{Rules: atheneum.Rules, Players: p} }

// Levels are "random", "normal" and "hard".
func (Players) Levels() []string { return Levels }

// Player returns a player of a level.
func (p Players) Player(level string, seed uint64) (engine.Player, error) {
	inner, err := New(level, Options{Seed: seed, Playouts: p.Playouts, ResolvePlayouts: p.ResolvePlayouts, Budget: p.Budget})
	if err != nil {
		return nil, err
	}
	return seamPlayer{inner}, nil
}

// Autopilot is the normal player's move: a sensible card, then shelving
// what the seat received.
func (p Players) Autopilot(view engine.State, seat int, seed uint64) (engine.Move, error) {
	player, err := p.Player("normal", seed)
	if err != nil {
		return "", err
	}
	return player.Propose(view, seat)
}

// seamPlayer proposes through the seam.
type seamPlayer struct{ p Player }

func (s seamPlayer) Level() string { return s.p.Level() }

func (s seamPlayer) Propose(view engine.State, seat int) (engine.Move, error) {
	st, ok := view.(*atheneum.State)
	if !ok {
		return "", fmt.Errorf("ai: an Atheneum player was given a %s game", view.Rules().ID())
	}
	a, err := s.p.Propose(st.Game, seat)
	if err != nil {
		return "", err
	}
	return engine.Move(a.String()), nil
}
