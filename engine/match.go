package engine

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// Match is a run of games between computer players, for simulations and
// balance reports of any game: the one loop that plays them.
type Match struct {
	// Games is the number of games; game i is set up from Seed+i.
	Games int
	Seed  uint64
	// Seats is the number of seats of every game.
	Seats int
	// Levels gives each seat's computer level (one level: every seat).
	Levels []string
	// Rotate moves each level i seats along in game i, so that every
	// level plays every seat and no seat's advantage favours a level.
	Rotate bool
	// Setup returns game i's setup (nil: Setup{Seats: Seats}).
	Setup func(i int) Setup
	// PlayerSeed returns the seed of the computer player at seat in the
	// game dealt from seed (nil: seed*31+seat+1), for a game whose
	// simulations chose their players' seeds before there was a Match.
	PlayerSeed func(seed uint64, seat int) uint64
	// Workers is how many games are played at once (at least 1).
	Workers int
	// Each, if set, receives every game's record as it ends, from the
	// worker that played it (so it must be safe for concurrent use). The
	// match keeps no game's Final state after Each returns.
	Each func(GameRecord)
}

// GameRecord is one game of a Match: enough to replay it exactly.
type GameRecord struct {
	Index int
	Seed  uint64
	// Setup is the whole setup the game was dealt from: the state's
	// Origin when it tells one (every default filled in), else the setup
	// given; its edition pinned either way (Setup.PinEdition).
	Setup  Setup
	Levels []string
	Moves  []Move
	// Steps counts the steps the game went through (its StepKey changes):
	// turns for a game played one seat at a time.
	Steps   int
	Results []Result
	// Final is the game at its end, for game-specific statistics.
	Final State
	Err   error
}

// MatchSummary sums a Match up.
type MatchSummary struct {
	Games, Errors int
	FirstErrors   []string
	// Moves and Steps are the means per game.
	Moves, Steps float64
	// Seats and Levels are each seat's and each level's standing.
	Seats  []Standing
	Levels []Standing
}

// Standing is how one seat or one level fared. Wins counts the games it
// ranked first in, Ties those of them it shared; a win shared by k seats
// counts 1/k in WinShare; WinRate is WinShare per game played, with its
// 95 % Wilson interval. Score is the mean Result.Score.
type Standing struct {
	Seat          int
	Level         string
	Played        int
	Score         float64
	Wins, Ties    int
	WinShare      float64
	WinRate       float64
	CILow, CIHigh float64
}

// LevelsOf gives each seat's level in game i of the match.
func (m Match) LevelsOf(i int) []string {
	out := make([]string, m.Seats)
	for s := range out {
		k := s
		if m.Rotate {
			k = s + i
		}
		if len(m.Levels) > 0 {
			out[s] = m.Levels[k%len(m.Levels)]
		}
	}
	return out
}

// PlayMatch plays the games of m between g's computer players, each
// deciding from its own seat's view, and sums them up. The same match
// gives the same games whatever the number of workers.
func PlayMatch(g Game, m Match) MatchSummary {
	workers := max(m.Workers, 1)
	records := make([]GameRecord, m.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rec := playRecorded(g, m, i)
				if m.Each != nil {
					m.Each(rec)
				}
				rec.Final = nil // thousands of final states are not kept
				records[i] = rec
			}
		}()
	}
	for i := range m.Games {
		next <- i
	}
	close(next)
	wg.Wait()
	return summarize(m, records)
}

// playRecorded plays game i of a match.
func playRecorded(g Game, m Match, i int) GameRecord {
	rec := GameRecord{Index: i, Seed: m.Seed + uint64(i), Levels: m.LevelsOf(i)}
	rec.Setup = Setup{Seats: m.Seats}
	if m.Setup != nil {
		rec.Setup = m.Setup(i)
	}
	s, err := g.New(rec.Seed, rec.Setup)
	if err != nil {
		rec.Err = err
		return rec
	}
	if o, ok := s.(Origin); ok {
		_, rec.Setup = o.Origin()
	}
	rec.Setup = rec.Setup.PinEdition(g.Rules)
	players := make([]Player, m.Seats)
	for seat := range players {
		seed := rec.Seed*31 + uint64(seat) + 1
		if m.PlayerSeed != nil {
			seed = m.PlayerSeed(rec.Seed, seat)
		}
		if players[seat], err = g.Player(rec.Levels[seat], seed); err != nil {
			rec.Err = err
			return rec
		}
	}
	key := ""
	for n := 0; !s.Over(); n++ {
		if n > MaxPlayoutMoves {
			rec.Err = fmt.Errorf("no end after %d moves", n)
			return rec
		}
		if k := s.StepKey(); k != key {
			rec.Steps++
			key = k
		}
		awaited := s.Awaited()
		if len(awaited) == 0 {
			rec.Err = fmt.Errorf("nobody awaited at step %s", key)
			return rec
		}
		seat := awaited[0]
		mv, err := players[seat].Propose(LendView(s, seat), seat)
		if err != nil {
			rec.Err = fmt.Errorf("step %s, seat %d (%s): %w", key, seat, rec.Levels[seat], err)
			return rec
		}
		if err := Do(s, mv); err != nil {
			rec.Err = fmt.Errorf("step %s: %s's move %q was refused: %w", key, rec.Levels[seat], mv, err)
			return rec
		}
		rec.Moves = append(rec.Moves, mv)
	}
	rec.Results, rec.Final = s.Results(), s
	return rec
}

func summarize(m Match, records []GameRecord) MatchSummary {
	sum := MatchSummary{Seats: make([]Standing, m.Seats)}
	levels := map[string]*Standing{}
	var order []string
	for s := range sum.Seats {
		sum.Seats[s].Seat = s
	}
	for _, r := range records {
		if r.Err != nil {
			sum.Errors++
			if len(sum.FirstErrors) < 5 {
				sum.FirstErrors = append(sum.FirstErrors, fmt.Sprintf("game %d (seed %d): %v", r.Index, r.Seed, r.Err))
			}
			continue
		}
		sum.Games++
		sum.Moves += float64(len(r.Moves))
		sum.Steps += float64(r.Steps)
		winners := len(Winners(r.Results))
		for _, res := range r.Results {
			lv := r.Levels[res.Seat]
			st, ok := levels[lv]
			if !ok {
				st = &Standing{Seat: -1, Level: lv}
				levels[lv] = st
				order = append(order, lv)
			}
			for _, x := range []*Standing{&sum.Seats[res.Seat], st} {
				x.Played++
				x.Score += float64(res.Score)
				if res.Rank == 1 {
					x.Wins++
					x.WinShare += 1 / float64(winners)
					if winners > 1 {
						x.Ties++
					}
				}
			}
		}
	}
	if sum.Games > 0 {
		sum.Moves /= float64(sum.Games)
		sum.Steps /= float64(sum.Games)
	}
	for _, lv := range order {
		sum.Levels = append(sum.Levels, *levels[lv])
	}
	for _, list := range [][]Standing{sum.Seats, sum.Levels} {
		for i := range list {
			st := &list[i]
			if st.Played > 0 {
				st.Score /= float64(st.Played)
				st.WinRate = st.WinShare / float64(st.Played)
				st.CILow, st.CIHigh = Wilson(st.WinShare, st.Played)
			}
		}
	}
	return sum
}

// Wilson is the 95 % Wilson score interval of a rate of wins in n games
// (wins may be fractional: shared wins), the one every simulation and
// report quotes.
func Wilson(wins float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := wins/float64(n), float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, centre-half), min(1, centre+half)
}

// RecordVersion is the version of the record format (docs/records.md)
// that Record writes and Replay reads.
const RecordVersion = 1

// Record is a game written down whole, in the one format every game shares
// (docs/records.md): which game, its seed and whole setup, who played each
// seat, its moves in the game's notation and its results. It is what
// `sim --record` writes; Replay checks one from outside the program that
// played it.
type Record struct {
	Version     int                 `json:"version"`
	Game        string              `json:"game"`
	Seed        uint64              `json:"seed"`
	Seats       int                 `json:"seats"`
	Options     map[string]string   `json:"options,omitempty"`
	SeatOptions []map[string]string `json:"seat_options,omitempty"`
	// Edition is the edition of the rules the game was played by
	// (Setup.Edition); a record without one, written before records kept
	// it, replays by the rules' current edition.
	Edition int `json:"edition,omitempty"`
	// Levels are the computer players' levels by seat (none for people).
	Levels  []string       `json:"levels,omitempty"`
	Moves   []Move         `json:"moves"`
	Results []RecordResult `json:"results"`
}

// RecordResult is a Result as a record writes it.
type RecordResult struct {
	Seat     int         `json:"seat"`
	Rank     int         `json:"rank"`
	Score    int         `json:"score"`
	Rows     []RecordRow `json:"rows,omitempty"`
	TieBreak string      `json:"tie_break,omitempty"`
}

// RecordRow is a Row as a record writes it.
type RecordRow struct {
	Category string `json:"category"`
	Points   int    `json:"points"`
}

// Record writes a game of a match down; game is its Rules' ID.
func (r GameRecord) Record(game string) Record {
	rec := Record{Version: RecordVersion, Game: game, Seed: r.Seed, Seats: r.Setup.Seats, Options: r.Setup.Options,
		SeatOptions: r.Setup.SeatOptions, Edition: r.Setup.Edition, Levels: r.Levels, Moves: r.Moves, Results: make([]RecordResult, len(r.Results))}
	for i, res := range r.Results {
		out := RecordResult{Seat: res.Seat, Rank: res.Rank, Score: res.Score, TieBreak: res.TieBreak}
		for _, row := range res.Rows {
			out.Rows = append(out.Rows, RecordRow(row))
		}
		rec.Results[i] = out
	}
	return rec
}

// Setup is the setup the recorded game was dealt from.
func (r Record) Setup() Setup {
	return Setup{Seats: r.Seats, Options: r.Options, SeatOptions: r.SeatOptions, Edition: r.Edition}
}

// Replay plays a record again with its game's registered rules (Lookup)
// and returns the game at its end. It fails when the game is unknown, a
// move is refused, the game does not end with the last move, or it ends
// with other results than the record's.
func (r Record) Replay() (State, error) {
	if r.Version != RecordVersion {
		return nil, fmt.Errorf("a record of version %d: this program reads version %d", r.Version, RecordVersion)
	}
	rules, ok := Lookup(r.Game)
	if !ok {
		return nil, fmt.Errorf("no game %q is known here (known: %v)", r.Game, Registered())
	}
	s, err := rules.New(r.Seed, r.Setup())
	if err != nil {
		return nil, fmt.Errorf("the seed and setup do not make a game of %s: %w", r.Game, err)
	}
	for i, m := range r.Moves {
		if s.Over() {
			return nil, fmt.Errorf("the game is over before move %d (%s)", i+1, m)
		}
		if err := Do(s, m); err != nil {
			return nil, fmt.Errorf("move %d (%s) is refused: %w", i+1, m, err)
		}
	}
	if !s.Over() {
		return nil, fmt.Errorf("the game is not over after its %d moves", len(r.Moves))
	}
	got := GameRecord{Results: s.Results()}.Record(r.Game).Results
	if len(got) != len(r.Results) {
		return nil, fmt.Errorf("the game ends with %d results, the record has %d", len(got), len(r.Results))
	}
	for i := range got {
		if !slices.Equal(got[i].Rows, r.Results[i].Rows) || got[i].Seat != r.Results[i].Seat || got[i].Rank != r.Results[i].Rank ||
			got[i].Score != r.Results[i].Score || got[i].TieBreak != r.Results[i].TieBreak {
			return nil, fmt.Errorf("seat %d ends with %+v, the record says %+v", i, got[i], r.Results[i])
		}
	}
	return s, nil
}
