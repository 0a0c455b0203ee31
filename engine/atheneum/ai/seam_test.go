package ai

import (
	"fmt"
	"testing"

	"atheneum/engine"
	"atheneum/engine/enginetest"
)

// TestAtheneumAtTheSeam runs the checks every game passes at the game
// seam on Atheneum, its computer players included.
func TestAtheneumAtTheSeam(t *testing.T) {
	enginetest.Conform(t, Game(Players{Playouts: 2}), enginetest.Config{Games: 10, PlayerGames: 1})
}

// TestTheSearchLevelPlaysAtheneum: the search level written once over the
// seam plays whole Atheneum games, from its seat's view, with moves the
// game accepts, and beats random players more often than not.
func TestTheSearchLevelPlaysAtheneum(t *testing.T) {
	g := Game(Players{})
	wins := 0.0
	const games = 4
	for k := range games {
		s, err := g.New(uint64(k), engine.Setup{Seats: 2})
		if err != nil {
			t.Fatal(err)
		}
		search := engine.NewSearchPlayer(uint64(k), 1, 8)
		random := engine.NewRandomPlayer(uint64(k))
		me := k % 2
		for !s.Over() {
			seat := s.Awaited()[0]
			var p engine.Player = random
			if seat == me {
				p = search
			}
			m, err := p.Propose(s.View(seat), seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(m); err != nil {
				t.Fatalf("%s's move %q was refused: %v", p.Level(), m, err)
			}
		}
		switch r := s.Results(); {
		case r[me].Rank == 1 && r[1-me].Rank == 1:
			wins += 0.5
		case r[me].Rank == 1:
			wins++
		}
	}
	if wins <= games/2 {
		t.Errorf("the search level won %.1f of %d games against random players", wins, games)
	}
}

// TestAMatchOverTheSeam plays a small match of Atheneum through the
// generic match runner: the same games with one worker or two, and the
// normal level ahead of the random one.
func TestAMatchOverTheSeam(t *testing.T) {
	m := engine.Match{Games: 6, Seed: 11, Seats: 2, Levels: []string{"normal", "random"}, Rotate: true, Workers: 1}
	one := engine.PlayMatch(Game(Players{}), m)
	m.Workers = 2
	two := engine.PlayMatch(Game(Players{}), m)
	if one.Errors > 0 || two.Errors > 0 {
		t.Fatalf("errors: %v %v", one.FirstErrors, two.FirstErrors)
	}
	if fmt.Sprint(one) != fmt.Sprint(two) {
		t.Errorf("one worker and two play different games:\n%+v\n%+v", one, two)
	}
	if len(one.Levels) != 2 || one.Levels[0].Level != "normal" || one.Levels[0].WinRate <= one.Levels[1].WinRate {
		t.Errorf("levels %+v", one.Levels)
	}
	if one.Steps != 20 {
		t.Errorf("%.1f steps per game, want 20 (ten turns of two steps)", one.Steps)
	}
}
