package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// raceRules is a toy game for the match and record tests: seats take turns
// adding 1 or 2 to a count, from a seat the seed picks; whoever brings it
// to target or more wins alone. Its "greedy" level always adds 2. It has
// two editions: the first also let a seat add 3.
type raceRules struct{}

const raceTarget = 10

func (raceRules) ID() string                { return "race-test" }
func (raceRules) SeatRange() (min, max int) { return 2, 4 }
func (raceRules) Edition() int              { return 2 }
func (raceRules) New(seed uint64, setup Setup) (State, error) {
	if setup.Seats < 2 || setup.Seats > 4 {
		return nil, &Refusal{Code: "seat_count"}
	}
	edition := setup.PinEdition(raceRules{}).Edition
	if edition < 1 || edition > 2 {
		return nil, &Refusal{Code: "edition"}
	}
	return &raceState{seats: setup.Seats, turn: int(seed % uint64(setup.Seats)), winner: -1, edition: edition}, nil
}

type raceState struct {
	seats, turn, count, winner int
	moves                      int
	edition                    int
}

// most is the most a seat may add in the state's edition.
func (s *raceState) most() int { return 4 - s.edition }

func (s *raceState) Rules() Rules { return raceRules{} }
func (s *raceState) Seats() int   { return s.seats }
func (s *raceState) Awaited() []int {
	if s.Over() {
		return nil
	}
	return []int{s.turn}
}
func (s *raceState) StepKey() string { return "m" + strconv.Itoa(s.moves) }
func (s *raceState) Next(seat int, chosen []string) []Choice {
	if s.Over() || seat != s.turn {
		return nil
	}
	var moves []Move
	for n := 1; n <= s.most(); n++ {
		moves = append(moves, Move(fmt.Sprintf("s%d add %d", seat, n)))
	}
	return NextFromList(moves, chosen)
}
func (s *raceState) Apply(m Move) ([]Event, error) {
	var seat, n int
	if _, err := fmt.Sscanf(string(m), "s%d add %d", &seat, &n); err != nil || seat != s.turn || n < 1 || n > s.most() || s.Over() {
		return nil, &Refusal{Code: "refused", Message: "refused: " + string(m)}
	}
	s.count += n
	s.moves++
	if s.count >= raceTarget {
		s.winner = seat
	}
	s.turn = (s.turn + 1) % s.seats
	return nil, nil
}
func (s *raceState) View(int) State                { return s.Clone() }
func (s *raceState) Determinize(int, uint64) State { return s.Clone() }
func (s *raceState) Clone() State                  { c := *s; return &c }
func (s *raceState) Over() bool                    { return s.winner >= 0 }
func (s *raceState) Origin() (seed uint64, _ Setup) {
	return 0, Setup{Seats: s.seats, Options: map[string]string{"target": "10"}, Edition: s.edition}
}
func (s *raceState) Results() []Result {
	if !s.Over() {
		return nil
	}
	out := make([]Result, s.seats)
	for i := range out {
		out[i] = Result{Seat: i, Rank: 2}
	}
	out[s.winner] = Result{Seat: s.winner, Rank: 1, Score: 1, Rows: []Row{{Category: "wins", Points: 1}}}
	return out
}

// racePlayers are the toy game's levels; seeds, if set, receives each
// player's seed.
type racePlayers struct{ seeds *sync.Map }

func (racePlayers) Levels() []string { return []string{"random", "greedy"} }
func (p racePlayers) Player(level string, seed uint64) (Player, error) {
	if p.seeds != nil {
		p.seeds.Store(seed, true)
	}
	switch level {
	case "random":
		return NewRandomPlayer(seed), nil
	case "greedy":
		return greedy{}, nil
	}
	return nil, fmt.Errorf("no level %q", level)
}
func (racePlayers) Autopilot(view State, seat int, seed uint64) (Move, error) {
	return greedy{}.Propose(view, seat)
}

type greedy struct{}

func (greedy) Level() string { return "greedy" }
func (greedy) Propose(view State, seat int) (Move, error) {
	return Move(fmt.Sprintf("s%d add 2", seat)), nil
}

func init() { Register(raceRules{}) }

var raceGame = Game{Rules: raceRules{}, Players: racePlayers{}}

func TestPlayMatchPlaysTheSameGamesWithAnyNumberOfWorkers(t *testing.T) {
	m := Match{Games: 40, Seed: 5, Seats: 3, Levels: []string{"greedy", "random", "random"}, Rotate: true}
	m.Workers = 1
	one := PlayMatch(raceGame, m)
	m.Workers = 3
	three := PlayMatch(raceGame, m)
	if fmt.Sprint(one) != fmt.Sprint(three) {
		t.Fatalf("one worker and three differ:\n%+v\n%+v", one, three)
	}
	if one.Games != 40 || one.Errors != 0 || len(one.Levels) != 2 {
		t.Fatalf("summary %+v", one)
	}
	t.Run("every level played every seat, and win shares add up to the games", func(t *testing.T) {
		share, played := 0.0, 0
		for _, st := range one.Seats {
			share += st.WinShare
			played += st.Played
			if st.CILow > st.WinRate || st.CIHigh < st.WinRate {
				t.Errorf("seat %d: win rate %.3f outside its interval %.3f-%.3f", st.Seat, st.WinRate, st.CILow, st.CIHigh)
			}
		}
		if math.Abs(share-40) > 1e-9 || played != 120 || one.Levels[0].Played != 40 || one.Levels[1].Played != 80 {
			t.Fatalf("seats %+v levels %+v", one.Seats, one.Levels)
		}
	})
}

func TestPlayMatchRecordsGamesThatReplay(t *testing.T) {
	var seeds [4][2]uint64
	var players sync.Map
	m := Match{Games: 4, Seed: 100, Seats: 2, Levels: []string{"random"}, Workers: 2,
		PlayerSeed: func(seed uint64, seat int) uint64 { return seed*1000 + uint64(seat) },
		Each: func(r GameRecord) {
			seeds[r.Index] = [2]uint64{r.Seed, uint64(len(r.Moves))}
			if r.Err != nil || r.Final == nil || !r.Final.Over() {
				t.Errorf("game %d: %v", r.Index, r.Err)
				return
			}
			rec := r.Record("race-test")
			if rec.Options["target"] != "10" || rec.Edition != 2 {
				t.Errorf("game %d: the record's setup %+v is not the state's origin", r.Index, rec.Setup())
			}
			data, err := json.Marshal(rec)
			if err != nil {
				t.Error(err)
				return
			}
			var back Record
			if err := json.Unmarshal(data, &back); err != nil {
				t.Error(err)
				return
			}
			if _, err := back.Replay(); err != nil {
				t.Errorf("game %d: %s does not replay: %v", r.Index, data, err)
			}
		}}
	if sum := PlayMatch(Game{Rules: raceRules{}, Players: racePlayers{&players}}, m); sum.Games != 4 || sum.Errors != 0 {
		t.Fatalf("summary %+v", sum)
	}
	for i, s := range seeds {
		if s[0] != 100+uint64(i) || s[1] < raceTarget/2 {
			t.Errorf("game %d: seed %d, %d moves", i, s[0], s[1])
		}
		for seat := range 2 {
			if _, ok := players.Load(s[0]*1000 + uint64(seat)); !ok {
				t.Errorf("game %d: seat %d's player was not seeded by PlayerSeed", i, seat)
			}
		}
	}
}

func TestReplayRefusesARecordThatDoesNotHold(t *testing.T) {
	var rec Record
	PlayMatch(raceGame, Match{Games: 1, Seed: 3, Seats: 2, Levels: []string{"greedy"},
		Each: func(r GameRecord) { rec = r.Record("race-test") }})
	if _, err := rec.Replay(); err != nil {
		t.Fatalf("the untouched record: %v", err)
	}
	cases := []struct {
		name, want string
		change     func(r *Record)
	}{
		{"a record of another version", "version", func(r *Record) { r.Version = 99 }},
		{"a record of a game not known here", "no game", func(r *Record) { r.Game = "chess" }},
		{"a record whose setup makes no game", "do not make a game", func(r *Record) { r.Seats = 9 }},
		{"a record with a move the rules refuse", "refused", func(r *Record) { r.Moves[1] = "s0 add 7" }},
		{"a record cut short", "not over", func(r *Record) { r.Moves = r.Moves[:2] }},
		{"a record with a move after the end", "over before", func(r *Record) { r.Moves = append(r.Moves, "s0 add 1") }},
		{"a record with another winner", "the record says", func(r *Record) { r.Results[0].Rank, r.Results[1].Rank = r.Results[1].Rank, r.Results[0].Rank }},
		{"a record with other points", "the record says", func(r *Record) { r.Results[0].Rows = nil; r.Results[1].Rows = nil }},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			r := rec
			r.Moves = append([]Move(nil), rec.Moves...)
			r.Results = append([]RecordResult(nil), rec.Results...)
			c.change(&r)
			if _, err := r.Replay(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
}

func TestWilsonGivesTheKnownIntervals(t *testing.T) {
	cases := []struct {
		name           string
		wins           float64
		n              int
		wantLo, wantHi float64
	}{
		{"no game says nothing", 0, 0, 0, 1},
		{"no win in ten games", 0, 10, 0, 0.2775},
		{"half of ten games", 5, 10, 0.2366, 0.7634},
		{"a quarter of four thousand games", 1000, 4000, 0.2368, 0.2637},
		{"shared wins count their share", 2.5, 10, 0.0809, 0.5578},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lo, hi := Wilson(c.wins, c.n)
			if math.Abs(lo-c.wantLo) > 5e-5 || math.Abs(hi-c.wantHi) > 5e-5 {
				t.Fatalf("Wilson(%v, %d) = %.4f-%.4f, want %.4f-%.4f", c.wins, c.n, lo, hi, c.wantLo, c.wantHi)
			}
		})
	}
}

func TestARecordReplaysByItsEdition(t *testing.T) {
	// Seat 1 begins (seed 1, two seats) and adds 3 twice: only the first
	// edition allows it.
	rec := Record{Version: RecordVersion, Game: "race-test", Seed: 1, Seats: 2, Edition: 1,
		Moves:   []Move{"s1 add 3", "s0 add 2", "s1 add 3", "s0 add 1", "s1 add 1"},
		Results: []RecordResult{{Seat: 0, Rank: 2}, {Seat: 1, Rank: 1, Score: 1, Rows: []RecordRow{{"wins", 1}}}}}
	t.Run("a record of the first edition replays by it", func(t *testing.T) {
		s, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if _, setup := s.(Origin).Origin(); setup.Edition != 1 {
			t.Fatalf("the replayed game says it is of edition %d", setup.Edition)
		}
	})
	for _, c := range []struct {
		name    string
		edition int
	}{{"the same moves under the second edition are refused", 2}, {"a record without an edition replays by the current one", 0}} {
		t.Run(c.name, func(t *testing.T) {
			r := rec
			r.Edition = c.edition
			if _, err := r.Replay(); err == nil || !strings.Contains(err.Error(), "move 1 (s1 add 3) is refused") {
				t.Fatalf("got %v, want the first move refused", err)
			}
		})
	}
	t.Run("a record of an edition the rules do not know is refused", func(t *testing.T) {
		r := rec
		r.Edition = 3
		if _, err := r.Replay(); err == nil || !strings.Contains(err.Error(), "do not make a game") {
			t.Fatalf("got %v, want the setup refused", err)
		}
	})
}
