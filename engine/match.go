package engine

import (
	"fmt"
	"math"
	"sync"
)

// Match is a run of games between computer players, for simulations and
// balance reports of any game.
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
	// Workers is how many games are played at once (at least 1).
	Workers int
	// Each, if set, receives every game's record as it ends, from the
	// worker that played it (so it must be safe for concurrent use).
	Each func(GameRecord)
}

// GameRecord is one game of a Match: enough to replay it exactly.
type GameRecord struct {
	Index  int
	Seed   uint64
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

// Standing is how one seat or one level fared. A win shared by k seats
// counts 1/k in WinShare; WinRate is WinShare per game played, with its
// 95 % Wilson interval.
type Standing struct {
	Seat          int
	Level         string
	Played        int
	Score         float64
	Wins          int
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
				records[i] = playRecorded(g, m, i)
				if m.Each != nil {
					m.Each(records[i])
				}
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
	players := make([]Player, m.Seats)
	for seat := range players {
		if players[seat], err = g.Player(rec.Levels[seat], rec.Seed*31+uint64(seat)+1); err != nil {
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
		mv, err := players[seat].Propose(s.View(seat), seat)
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

// Wilson is the 95 % Wilson score interval of a rate of wins in n games.
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
