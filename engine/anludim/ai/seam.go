package ai

import (
	"fmt"

	"atheneum/engine"
	"atheneum/engine/anludim"
)

// Players are Anludim's computer players at the game seam.
type Players struct {
	// Playouts sets the hard level's effort per decision (0: DefaultPlayouts).
	Playouts int
}

var _ engine.Players = Players{}

// Game is Anludim at the seam: its rules and its computer players.
func Game(p Players) engine.Game { return engine.Game{Rules: anludim.Rules, Players: p} }

// Levels are "random", "normal" and "hard".
func (Players) Levels() []string { return Levels }

// Player returns a player of a level.
func (p Players) Player(level string, seed uint64) (engine.Player, error) {
	if level == "hard" && p.Playouts > 0 {
		return seamPlayer{NewHard(seed, p.Playouts)}, nil
	}
	inner, err := New(level, seed)
	if err != nil {
		return nil, err
	}
	return seamPlayer{inner}, nil
}

// Autopilot is the normal player's move.
func (Players) Autopilot(view engine.State, seat int, _ uint64) (engine.Move, error) {
	g, err := gameOf(view)
	if err != nil {
		return "", err
	}
	return engine.Move(Autopilot(g, seat).String()), nil
}

// seamPlayer proposes through the seam.
type seamPlayer struct{ p Player }

func (s seamPlayer) Level() string { return s.p.Level() }

func (s seamPlayer) Propose(view engine.State, seat int) (engine.Move, error) {
	g, err := gameOf(view)
	if err != nil {
		return "", err
	}
	return engine.Move(s.p.Propose(g, seat).String()), nil
}

func gameOf(view engine.State) (*anludim.Game, error) {
	st, ok := view.(*anludim.State)
	if !ok {
		return nil, fmt.Errorf("ai: an Anludim player was given a %s game", view.Rules().ID())
	}
	return st.Game, nil
}
