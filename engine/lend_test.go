package engine

import "testing"

// lendingState is raceState that lends its views, counting them.
type lendingState struct {
	*raceState
	lent  raceState
	lends int
}

func (s *lendingState) LendView(int) State {
	s.lends++
	s.lent = *s.raceState
	return &s.lent
}

// TestAMatchReadsViewsThroughLendView: a state that lends its views
// (Lender) lends one before every move of a match, and the match plays
// the same game as with views made anew; a state that does not lend
// gives a new view.
func TestAMatchReadsViewsThroughLendView(t *testing.T) {
	t.Run("a state that does not lend gives a view of its own", func(t *testing.T) {
		s := &raceState{seats: 2, winner: -1}
		if v := LendView(s, 0); v == State(s) {
			t.Error("LendView gave the state itself")
		}
	})
	t.Run("a match lends a view before every move and plays the same game", func(t *testing.T) {
		plain := playRecorded(Game{Rules: raceRules{}, Players: racePlayers{}}, Match{Games: 1, Seed: 3, Seats: 2, Levels: []string{"greedy"}}, 0)
		var lender *lendingState
		lending := Game{Rules: lendingRules{made: func(s *lendingState) { lender = s }}, Players: racePlayers{}}
		rec := playRecorded(lending, Match{Games: 1, Seed: 3, Seats: 2, Levels: []string{"greedy"}}, 0)
		if rec.Err != nil || plain.Err != nil {
			t.Fatal(rec.Err, plain.Err)
		}
		if len(rec.Moves) != len(plain.Moves) || lender.lends != len(rec.Moves) {
			t.Errorf("%d moves lent %d views; %d moves without lending", len(rec.Moves), lender.lends, len(plain.Moves))
		}
		for i := range rec.Moves {
			if rec.Moves[i] != plain.Moves[i] {
				t.Errorf("move %d: %s, not %s", i, rec.Moves[i], plain.Moves[i])
			}
		}
	})
}

// lendingRules are raceRules whose states lend their views.
type lendingRules struct {
	raceRules
	made func(*lendingState)
}

func (r lendingRules) New(seed uint64, setup Setup) (State, error) {
	s, err := r.raceRules.New(seed, setup)
	if err != nil {
		return nil, err
	}
	l := &lendingState{raceState: s.(*raceState)}
	r.made(l)
	return l, nil
}
