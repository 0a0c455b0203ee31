package tictactoe

import (
	"fmt"

	"atheneum/engine"
)

// Players are tic-tac-toe's computer players: random, and normal, which
// wins when it can, blocks when it must, and otherwise takes the best
// free cell (the centre, then the corners).
var Players engine.Players = players{}

// Game is tic-tac-toe with its computer players.
var Game = engine.Game{Rules: Rules, Players: Players}

type players struct{}

// Levels are random and normal.
func (players) Levels() []string { return []string{"random", "normal"} }

// Player returns a player of level; seed makes the random one repeatable.
func (players) Player(level string, seed uint64) (engine.Player, error) {
	switch level {
	case "random":
		return &player{level: level, rng: engine.NewRand(seed)}, nil
	case "normal":
		return &player{level: level}, nil
	}
	return nil, fmt.Errorf("tictactoe: no computer player of level %q", level)
}

// Autopilot plays the normal player's move.
func (players) Autopilot(view engine.State, seat int, _ uint64) (engine.Move, error) {
	return (&player{level: "normal"}).Propose(view, seat)
}

type player struct {
	level string
	rng   *engine.Rand
}

func (p *player) Level() string { return p.level }

// preference is the order in which normal takes a free cell.
var preference = [9]int{4, 0, 2, 6, 8, 1, 3, 5, 7}

// Propose chooses a free cell.
func (p *player) Propose(view engine.State, seat int) (engine.Move, error) {
	s, ok := view.(*State)
	if !ok || s.Over() || s.toMove() != seat {
		return "", fmt.Errorf("tictactoe: seat %d has no move", seat)
	}
	next := s.Next(seat, nil)
	if p.rng != nil {
		return next[p.rng.IntN(len(next))].Move, nil
	}
	for _, mark := range []int8{int8(seat + 1), int8(2 - seat)} { // win, then block
		for _, l := range lines {
			free, own := -1, 0
			for _, i := range l {
				switch s.cells[i] {
				case 0:
					free = i
				case mark:
					own++
				}
			}
			if own == 2 && free >= 0 {
				return move(seat, free), nil
			}
		}
	}
	for _, i := range preference {
		if s.cells[i] == 0 {
			return move(seat, i), nil
		}
	}
	return "", fmt.Errorf("tictactoe: the board is full")
}

func move(seat, cell int) engine.Move {
	return engine.Move("s" + fmt.Sprint(seat) + " " + CellName(cell))
}
