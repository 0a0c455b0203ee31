package engine_test

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/tictactoe"
)

func TestPathOfFindsTheKeysThatBuildAMove(t *testing.T) {
	s, err := tictactoe.Rules.New(1, engine.Setup{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if path := engine.PathOf(s, 0, "s0 b2"); len(path) != 1 || path[0] != "b2" {
		t.Errorf("the centre is built by %v, want [b2]", path)
	}
	if path := engine.PathOf(s, 1, "s1 b2"); path != nil {
		t.Errorf("a seat not on turn builds %v", path)
	}
	if path := engine.PathOf(s, 0, "s0 z9"); path != nil {
		t.Errorf("a move off the board is built by %v", path)
	}
}
