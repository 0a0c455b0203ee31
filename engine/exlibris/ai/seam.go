package ai

import (
	"fmt"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// Players are Ex Libris's computer players at the game seam.
type Players struct {
	// Playouts sets the hard level's budget per searched decision (0:
	// DefaultPlayouts).
	Playouts int
}

var _ engine.Players = Players{}

// Game is Ex Libris at the seam: its rules and its computer players.
func Game(p Players) engine.Game { return engine.Game{Rules: exlibris.Rules, Players: p} }

// Levels are "random", "normal" and "hard".
func (Players) Levels() []string { return Levels }

// Player returns a player of a level.
func (p Players) Player(level string, seed uint64) (engine.Player, error) {
	inner, err := New(level, seed, p.Playouts)
	if err != nil {
		return nil, err
	}
	return &seamPlayer{p: inner}, nil
}

// Autopilot is the normal player's decision, whatever the seat is asked.
func (Players) Autopilot(view engine.State, seat int, _ uint64) (engine.Move, error) {
	g, err := gameOf(view)
	if err != nil {
		return "", err
	}
	a, err := Autopilot(g, seat)
	if err != nil {
		return "", err
	}
	return engine.Move(a.AppendNotation(nil, seat)), nil
}

// seamPlayer proposes through the seam, writing its decision in notation.
type seamPlayer struct {
	p   Player
	buf []byte
}

func (s *seamPlayer) Level() string { return s.p.Level() }

func (s *seamPlayer) Propose(view engine.State, seat int) (engine.Move, error) {
	g, err := gameOf(view)
	if err != nil {
		return "", err
	}
	a, err := s.p.Propose(g, seat)
	if err != nil {
		return "", err
	}
	s.buf = a.AppendNotation(s.buf[:0], seat)
	return engine.Move(s.buf), nil
}

func gameOf(view engine.State) (*exlibris.Game, error) {
	st, ok := view.(*exlibris.State)
	if !ok {
		return nil, fmt.Errorf("ai: an Ex Libris player was given a %s game", view.Rules().ID())
	}
	return st.Game, nil
}
