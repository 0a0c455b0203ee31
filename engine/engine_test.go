package engine

import (
	"slices"
	"testing"
)

func TestNextFromList(t *testing.T) {
	moves := []Move{"s0 pick A01", "s0 pick A02", "s0 shelve #1 II.1.1", "s0 shelve #1 T II.1.2", "s0 done"}
	cases := []struct {
		name   string
		chosen []string
		want   []Choice
	}{
		{"the first words of the moves, each once", nil, []Choice{{Key: "pick"}, {Key: "shelve"}, {Key: "done", Move: "s0 done"}}},
		{"the words after a chosen one", []string{"pick"}, []Choice{{Key: "A01", Move: "s0 pick A01"}, {Key: "A02", Move: "s0 pick A02"}}},
		{"a word that ends one move and continues another", []string{"shelve", "#1"}, []Choice{{Key: "II.1.1", Move: "s0 shelve #1 II.1.1"}, {Key: "T"}}},
		{"nothing after a whole move", []string{"done"}, nil},
		{"nothing after a word no move has", []string{"jump"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := NextFromList(moves, c.chosen); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// listState is a one-step game offering a fixed list of moves to seat 0.
type listState struct {
	State
	moves []Move
}

func (s listState) Next(seat int, chosen []string) []Choice {
	if seat != 0 {
		return nil
	}
	return NextFromList(s.moves, chosen)
}

func TestMovesWalksEveryPath(t *testing.T) {
	s := listState{moves: []Move{"s0 a x", "s0 a y", "s0 b", "s0 c z w"}}
	if got := Moves(s, 0, 0); !slices.Equal(got, s.moves) {
		t.Errorf("got %v, want %v", got, s.moves)
	}
	if got := Moves(s, 0, 2); !slices.Equal(got, s.moves[:2]) {
		t.Errorf("with a limit of 2: got %v", got)
	}
	if got := Moves(s, 1, 0); got != nil {
		t.Errorf("a seat without moves: got %v", got)
	}
}

func TestCheckResults(t *testing.T) {
	r := func(seat, rank, score int) Result { return Result{Seat: seat, Rank: rank, Score: score} }
	cases := []struct {
		name    string
		results []Result
		ok      bool
	}{
		{"a winner and a loser", []Result{r(0, 2, 10), r(1, 1, 20)}, true},
		{"a tie for first, the next rank skipped", []Result{r(0, 1, 20), r(1, 1, 20), r(2, 3, 5)}, true},
		{"a tie broken by the game's rule", []Result{r(0, 2, 20), r(1, 1, 20)}, true},
		{"a missing seat", []Result{r(0, 1, 20)}, false},
		{"seats out of order", []Result{r(1, 1, 20), r(0, 2, 10)}, false},
		{"a rank that skips nobody", []Result{r(0, 1, 20), r(1, 3, 10)}, false},
		{"a better score ranked lower", []Result{r(0, 1, 10), r(1, 2, 20)}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seats := max(len(c.results), 2)
			if err := CheckResults(c.results, seats); (err == nil) != c.ok {
				t.Errorf("CheckResults = %v, want ok %v", err, c.ok)
			}
		})
	}
}

func TestStanding(t *testing.T) {
	results := []Result{{Seat: 0, Rank: 1}, {Seat: 1, Rank: 1}, {Seat: 2, Rank: 3}}
	for seat, want := range []float64{0.75, 0.75, 0} {
		if got := standing(results, seat); got != want {
			t.Errorf("seat %d: %v, want %v", seat, got, want)
		}
	}
}

func TestRandIsRepeatable(t *testing.T) {
	a, b := NewRand(42), NewRand(42)
	for range 100 {
		if x, y := a.IntN(7), b.IntN(7); x != y || x < 0 || x >= 7 {
			t.Fatalf("%d and %d", x, y)
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(50, 100)
	if lo < 0.40 || lo > 0.41 || hi < 0.59 || hi > 0.60 {
		t.Errorf("50 of 100: [%.3f, %.3f], want about [0.404, 0.596]", lo, hi)
	}
	if lo, hi := Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("no games: [%v, %v]", lo, hi)
	}
}

func TestLevelsOfRotates(t *testing.T) {
	m := Match{Seats: 3, Levels: []string{"a", "b"}, Rotate: true}
	if got := m.LevelsOf(1); !slices.Equal(got, []string{"b", "a", "b"}) {
		t.Errorf("game 1: %v", got)
	}
	m.Rotate = false
	if got := m.LevelsOf(1); !slices.Equal(got, []string{"a", "b", "a"}) {
		t.Errorf("without rotation: %v", got)
	}
}

// plainRules are rules with a single edition (not Editioned).
type plainRules struct{ Rules }

func TestPinEditionFillsInTheCurrentEdition(t *testing.T) {
	cases := []struct {
		name  string
		rules Rules
		given int
		want  int
	}{
		{"an editioned game set up for the current edition is pinned to its number", raceRules{}, 0, 2},
		{"an editioned game set up for an older edition keeps it", raceRules{}, 1, 1},
		{"a game whose rules have one edition is pinned to the first", plainRules{}, 0, 1},
		{"a game whose rules have one edition keeps an edition given", plainRules{}, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			setup := Setup{Seats: 2, Options: map[string]string{"a": "b"}, Edition: c.given}
			got := setup.PinEdition(c.rules)
			if got.Edition != c.want || got.Seats != 2 || got.Options["a"] != "b" {
				t.Fatalf("got %+v, want edition %d and the rest unchanged", got, c.want)
			}
		})
	}
	if CurrentEdition(raceRules{}) != 2 || CurrentEdition(plainRules{}) != 1 {
		t.Fatalf("current editions %d and %d, want 2 and 1", CurrentEdition(raceRules{}), CurrentEdition(plainRules{}))
	}
}
