package tictactoe

import (
	"errors"
	"testing"

	"atheneum/engine"
	"atheneum/engine/enginetest"
)

func TestTicTacToeConformsToTheSeam(t *testing.T) {
	enginetest.Conform(t, Game, enginetest.Config{Games: 30, PlayerGames: 20})
}

// play applies moves to a new game and returns it.
func play(t *testing.T, moves ...string) *State {
	t.Helper()
	s, err := Rules.New(1, engine.Setup{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := s.Apply(engine.Move(m)); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s.(*State)
}

func TestThreeInARowWinsAndAFullBoardIsShared(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		ranks [2]int
	}{
		{"X's diagonal wins", []string{"s0 a1", "s1 b1", "s0 b2", "s1 c1", "s0 c3"}, [2]int{1, 2}},
		{"O's column wins", []string{"s0 a1", "s1 b1", "s0 c3", "s1 b2", "s0 a2", "s1 b3"}, [2]int{2, 1}},
		{"a full board without a line is a draw", []string{"s0 a1", "s1 b1", "s0 c1", "s1 b2", "s0 a2", "s1 a3", "s0 b3", "s1 c2", "s0 c3"}, [2]int{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := play(t, tt.moves...)
			if !s.Over() || s.Awaited() != nil {
				t.Fatal("the game is not over")
			}
			for _, r := range s.Results() {
				if r.Rank != tt.ranks[r.Seat] {
					t.Errorf("seat %d ranks %d, want %d", r.Seat, r.Rank, tt.ranks[r.Seat])
				}
			}
		})
	}
}

func TestAWrongMoveIsRefusedWithACode(t *testing.T) {
	tests := []struct{ name, move, code string }{
		{"a taken cell", "s1 a1", "taken"},
		{"out of turn", "s0 b1", "not_your_turn"},
		{"a cell off the board", "s1 d4", "notation"},
		{"nonsense", "hello", "notation"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is refused", func(t *testing.T) {
			s := play(t, "s0 a1")
			_, err := s.Apply(engine.Move(tt.move))
			var r *engine.Refusal
			if !errors.As(err, &r) || r.Code != tt.code {
				t.Errorf("got %v, want code %s", err, tt.code)
			}
		})
	}
}

func TestTheNormalPlayerWinsOrBlocks(t *testing.T) {
	p, _ := Players.Player("normal", 1)
	s := play(t, "s0 a1", "s1 b1", "s0 a2") // X threatens a3; O must block
	if m, _ := p.Propose(s, 1); m != "s1 a3" {
		t.Errorf("O played %s, want the block s1 a3", m)
	}
	s = play(t, "s0 a1", "s1 b1", "s0 a2", "s1 b2") // X wins at a3
	if m, _ := p.Propose(s, 0); m != "s0 a3" {
		t.Errorf("X played %s, want the win s0 a3", m)
	}
}

func TestTheRulesImportOnlyTheStandardLibrary(t *testing.T) {
	enginetest.CheckPure(t, ".", "atheneum/engine")
}
