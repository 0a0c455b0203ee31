package ai

import (
	"fmt"
	"sync"

	"atheneum/engine/anludim"
)

// SimConfig describes a batch of games between computer players.
type SimConfig struct {
	// Levels gives each seat's level; its length is the number of seats.
	Levels  []string
	Games   int
	Options anludim.Options
	Seed    uint64
	// Playouts is the hard players' budget (0: DefaultPlayouts).
	Playouts int
	// Rotate shifts the levels one seat per game, so every level plays
	// from every seat as often.
	Rotate bool
	// Workers plays games in parallel (0 or 1: one at a time). The result
	// does not depend on it.
	Workers int
}

// Stats sums up a batch of games.
type Stats struct {
	Games int
	// Moves, Turns and Rounds are totals over all games.
	Moves, Turns, Rounds int
	// Ends counts the rounds by how they ended.
	Ends map[anludim.EndReason]int
	// SeatWins counts games won by each seat; RoundFirstWins counts rounds
	// won by that round's first player (out of Rounds).
	SeatWins       []int
	RoundFirstWins int
	// LevelGames and LevelWins count games played and won by each level.
	LevelGames, LevelWins map[string]int
	// ProfessorPoints is the item points each professor paid, over all
	// rounds; ProfessorWinnerHeld counts rounds whose winner had that
	// professor in front of them at the end.
	ProfessorPoints     [anludim.NumProfessors]int
	ProfessorWinnerHeld [anludim.NumProfessors]int
}

// TurnsPerGame, RoundsPerGame and the others are the usual averages.
func (s Stats) TurnsPerGame() float64 { return ratio(s.Turns, s.Games) }

// RoundsPerGame is the average number of rounds in a game.
func (s Stats) RoundsPerGame() float64 { return ratio(s.Rounds, s.Games) }

// WinRate returns the share of its games a level won.
func (s Stats) WinRate(level string) float64 { return ratio(s.LevelWins[level], s.LevelGames[level]) }

// FirstPlayerRoundRate is the share of rounds won by the round's first
// player (1/seats would be no advantage).
func (s Stats) FirstPlayerRoundRate() float64 { return ratio(s.RoundFirstWins, s.Rounds) }

// ProfessorPointsPerRound is what each professor paid in a round, on
// average.
func (s Stats) ProfessorPointsPerRound() [anludim.NumProfessors]float64 {
	var out [anludim.NumProfessors]float64
	for p := range out {
		out[p] = ratio(s.ProfessorPoints[p], s.Rounds)
	}
	return out
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (s *Stats) add(o Stats) {
	s.Games += o.Games
	s.Moves += o.Moves
	s.Turns += o.Turns
	s.Rounds += o.Rounds
	s.RoundFirstWins += o.RoundFirstWins
	for k, v := range o.Ends {
		s.Ends[k] += v
	}
	for i, v := range o.SeatWins {
		s.SeatWins[i] += v
	}
	for k, v := range o.LevelGames {
		s.LevelGames[k] += v
	}
	for k, v := range o.LevelWins {
		s.LevelWins[k] += v
	}
	for p := range s.ProfessorPoints {
		s.ProfessorPoints[p] += o.ProfessorPoints[p]
		s.ProfessorWinnerHeld[p] += o.ProfessorWinnerHeld[p]
	}
}

func newStats(seats int) Stats {
	return Stats{Ends: map[anludim.EndReason]int{}, SeatWins: make([]int, seats),
		LevelGames: map[string]int{}, LevelWins: map[string]int{}}
}

// Simulate plays cfg.Games games and gathers their statistics.
func Simulate(cfg SimConfig) (Stats, error) {
	seats := len(cfg.Levels)
	if seats < anludim.MinSeats || seats > anludim.MaxSeats {
		return Stats{}, fmt.Errorf("ai: %d seats", seats)
	}
	workers := max(1, cfg.Workers)
	results := make([]Stats, cfg.Games)
	errs := make([]error, cfg.Games)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = simulateOne(cfg, i)
			}
		}()
	}
	for i := 0; i < cfg.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	total := newStats(seats)
	for i := range results {
		if errs[i] != nil {
			return total, errs[i]
		}
		total.add(results[i])
	}
	return total, nil
}

// simulateOne plays game i of the batch.
func simulateOne(cfg SimConfig, i int) (Stats, error) {
	seats := len(cfg.Levels)
	st := newStats(seats)
	seed := cfg.Seed + uint64(i)*0x9e3779b97f4a7c15
	g, err := anludim.New(seed, seats, cfg.Options)
	if err != nil {
		return st, err
	}
	players := make([]Player, seats)
	levels := make([]string, seats)
	for s := 0; s < seats; s++ {
		lv := cfg.Levels[s]
		if cfg.Rotate {
			lv = cfg.Levels[(s+i)%seats]
		}
		levels[s] = lv
		if lv == "hard" && cfg.Playouts > 0 {
			players[s] = NewHard(seed+uint64(s), cfg.Playouts)
		} else if players[s], err = New(lv, seed+uint64(s)); err != nil {
			return st, err
		}
	}
	roundFirst := g.Active()
	for moves := 0; !g.Over(); moves++ {
		if moves > 100000 {
			return st, fmt.Errorf("ai: game %d did not end", i)
		}
		seat := g.Awaited()[0]
		m := players[seat].Propose(g.View(seat), seat)
		ev, err := g.Apply(m)
		if err != nil {
			return st, fmt.Errorf("ai: game %d, %s player proposed %s: %w", i, levels[seat], m, err)
		}
		st.Moves++
		for _, e := range ev {
			switch e.Kind {
			case anludim.EvTurnEnded:
				st.Turns++
			case anludim.EvIncome:
				st.ProfessorPoints[e.Prof] += e.Item.Value
			case anludim.EvRoundEnded:
				st.Turns++
				st.Rounds++
				st.Ends[e.Reason]++
				if e.Seat == roundFirst {
					st.RoundFirstWins++
				}
				for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
					if g.ProfessorSeat(p) == e.Seat {
						st.ProfessorWinnerHeld[p]++
					}
				}
			case anludim.EvRoundStarted:
				roundFirst = e.Seat
			}
		}
	}
	st.Games = 1
	st.SeatWins[g.Winner()]++
	for s, lv := range levels {
		st.LevelGames[lv]++
		if s == g.Winner() {
			st.LevelWins[lv]++
		}
	}
	return st, nil
}
