// Package tictactoe is the project's fixture game: noughts and crosses on
// three by three cells, small and complete, which proves that a game is
// its rules, its words and its pictures. Tests and the demo host it; the
// bot does not offer it to players.
//
// Seat 0 plays X and moves first, seat 1 plays O. A move is "s<seat>
// <cell>", the cell a column letter and a row number ("s0 b2" is the
// centre). Three in a row wins; a full board with no line is a draw, which
// both seats share. Nothing is hidden, so a seat's view is the game
// itself.
package tictactoe

import (
	"strconv"

	"atheneum/engine"
)

// ID names the game in records, commands and custom ids.
const ID = "tictactoe"

// Rules is the game at the seam.
var Rules engine.Rules = rules{}

func init() { engine.Register(Rules) }

type rules struct{}

func (rules) ID() string                { return ID }
func (rules) SeatRange() (min, max int) { return 2, 2 }

// New sets up an empty board; the seed changes nothing (the game has no
// chance), but is kept with the game.
func (rules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	if setup.Seats != 2 {
		return nil, &engine.Refusal{Code: "seats", Args: map[string]any{"Seats": setup.Seats}, Message: "tic-tac-toe is played by 2"}
	}
	return &State{seed: seed}, nil
}

// State is a game of tic-tac-toe: each cell's mark (0 empty, 1 X, 2 O).
type State struct {
	seed  uint64
	cells [9]int8
	moves int
}

var _ engine.State = (*State)(nil)

// Cell is a cell's mark, by index (row*3 + column): 0 none, 1 X, 2 O.
func (s *State) Cell(i int) int { return int(s.cells[i]) }

// CellName is a cell's name in the notation ("a1" to "c3").
func CellName(i int) string { return string(rune('a'+i%3)) + strconv.Itoa(i/3+1) }

// Rules is tic-tac-toe's.
func (s *State) Rules() engine.Rules { return Rules }

// Seats is 2.
func (s *State) Seats() int { return 2 }

// toMove is the seat whose turn it is.
func (s *State) toMove() int { return s.moves % 2 }

// Awaited is the seat on turn, none once the game is over.
func (s *State) Awaited() []int {
	if s.Over() {
		return nil
	}
	return []int{s.toMove()}
}

// StepKey is "t<N>", the turn, or "over".
func (s *State) StepKey() string {
	if s.Over() {
		return "over"
	}
	return "t" + strconv.Itoa(s.moves+1)
}

// Next offers the seat on turn its empty cells, each completing a move.
func (s *State) Next(seat int, chosen []string) []engine.Choice {
	if s.Over() || seat != s.toMove() || len(chosen) > 0 {
		return nil
	}
	var out []engine.Choice
	for i, c := range s.cells {
		if c == 0 {
			out = append(out, engine.Choice{Key: CellName(i), Move: engine.Move("s" + strconv.Itoa(seat) + " " + CellName(i))})
		}
	}
	return out
}

// Apply marks a cell.
func (s *State) Apply(m engine.Move) ([]engine.Event, error) {
	seat, ok := engine.MoveSeat(m)
	refuse := func(code string) error {
		return &engine.Refusal{Code: code, Args: map[string]any{"Move": string(m)}, Message: "refused: " + string(m)}
	}
	switch {
	case !ok || len(m) != 5 || m[2] != ' ':
		return nil, refuse("notation")
	case s.Over():
		return nil, refuse("over")
	case seat != s.toMove():
		return nil, refuse("not_your_turn")
	}
	col, row := int(m[3])-'a', int(m[4])-'1'
	if col < 0 || col > 2 || row < 0 || row > 2 {
		return nil, refuse("notation")
	}
	i := row*3 + col
	if s.cells[i] != 0 {
		return nil, refuse("taken")
	}
	s.cells[i] = int8(seat + 1)
	s.moves++
	events := []engine.Event{{Kind: "marked", Seat: seat, Args: map[string]any{"Cell": CellName(i)}}}
	if w := s.winner(); w >= 0 {
		events = append(events, engine.Event{Kind: "won", Seat: w})
	} else if s.moves == 9 {
		events = append(events, engine.Event{Kind: "drawn", Seat: -1})
	}
	return events, nil
}

// lines are the eight lines of three cells.
var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// winner is the seat with three in a row, or -1.
func (s *State) winner() int {
	for _, l := range lines {
		if c := s.cells[l[0]]; c != 0 && c == s.cells[l[1]] && c == s.cells[l[2]] {
			return int(c) - 1
		}
	}
	return -1
}

// View is the game itself: nothing is hidden.
func (s *State) View(int) engine.State { return s.Clone() }

// Determinize is the game itself: nothing is hidden.
func (s *State) Determinize(int, uint64) engine.State { return s.Clone() }

// Clone copies the game.
func (s *State) Clone() engine.State { c := *s; return &c }

// Over reports a line of three or a full board.
func (s *State) Over() bool { return s.winner() >= 0 || s.moves == 9 }

// Results rank the winner first (one point), the loser second; a draw
// ranks both first with no point.
func (s *State) Results() []engine.Result {
	if !s.Over() {
		return nil
	}
	w := s.winner()
	out := make([]engine.Result, 2)
	for seat := range out {
		r := engine.Result{Seat: seat, Rank: 1}
		switch {
		case w == seat:
			r.Score = 1
		case w >= 0:
			r.Rank = 2
		}
		r.Rows = []engine.Row{{Category: "wins", Points: r.Score}}
		out[seat] = r
	}
	return out
}

// Origin is the seed and two seats.
func (s *State) Origin() (uint64, engine.Setup) { return s.seed, engine.Setup{Seats: 2} }
