package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
)

// atheneumSim is Atheneum in sim: its --content and --budget, its
// favourite subjects dealt from each game's seed (simConfig), its players
// seeded as they were before sim ran on engine.PlayMatch (so a seed plays
// the same game as then), and its statistics and balance report.
var atheneumSim = simGame{
	play: func(o *simOptions) (engine.Game, error) {
		if _, err := atheneum.Load(o.content); err != nil {
			return engine.Game{}, fmt.Errorf("--content: %w", err)
		}
		return ai.Game(ai.Players{Playouts: o.playouts, Budget: o.budget}), nil
	},
	flags: []string{"content", "budget"},
	setup: func(o *simOptions, seed uint64) engine.Setup {
		cfg := simConfig(seed, o.players, nil)
		setup := engine.Setup{Seats: o.players, Options: map[string]string{atheneum.OptionContent: o.content}}
		for _, c := range cfg.Subjects {
			setup.SeatOptions = append(setup.SeatOptions, map[string]string{atheneum.SeatOptionSubject: string(c.Letter())})
		}
		return setup
	},
	playerSeed: func(seed uint64, seat int) uint64 {
		return seed*0x9e3779b97f4a7c15 + uint64(seat)*0xbf58476d1ce4e5b9
	},
	stats: newAtheneumStats,
}

func atheneumDefaultContent() string { return atheneum.DefaultContentID }

func atheneumPacks() string { return strings.Join(atheneum.EmbeddedPacks(), ", ") }

// simSummary is what `sim` prints for Atheneum.
type simSummary struct {
	Games       int     `json:"games"`
	Players     int     `json:"players"`
	Seed        uint64  `json:"seed"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_second"`
	Actions     float64 `json:"mean_actions_per_game"`
	Errors      int     `json:"errors"`
	// AI is the level of each seat as given by --ai (before rotation).
	AI []string `json:"ai"`
	// Rotate is true when game i moved each level i seats along.
	Rotate   bool `json:"rotate"`
	Playouts int  `json:"playouts,omitempty"`
	// Seats holds per-seat means of the final score and its categories.
	Seats []simSeat `json:"seats"`
	// Levels holds the same per level, over every seat it played.
	Levels []simSeat `json:"levels"`
	// Decisions is the mean time per decision of each level, in seconds.
	Decisions   map[string]float64 `json:"seconds_per_decision,omitempty"`
	FirstErrors []string           `json:"first_errors,omitempty"`
}

// simSeat is the mean result of one seat or one level. Wins counts games
// won (a shared win counts for each winner); WinShare counts a win shared
// by k seats as 1/k, so a 2-seat tie is half a win; WinRate is WinShare
// per game played, with its 95 % Wilson interval.
type simSeat struct {
	Seat         int     `json:"seat"`
	Level        string  `json:"level"`
	Played       int     `json:"played"`
	Total        float64 `json:"total"`
	Cards        float64 `json:"cards"`
	Objectives   float64 `json:"objectives"`
	Favorite     float64 `json:"favorite"`
	Compartments float64 `json:"compartments"`
	Candles      float64 `json:"candles"`
	Wands        float64 `json:"wands"`
	Books        float64 `json:"books"`
	Wins         int     `json:"wins"`
	Ties         int     `json:"ties"`
	WinShare     float64 `json:"win_share"`
	WinRate      float64 `json:"win_rate"`
	CILow        float64 `json:"win_rate_ci_low"`
	CIHigh       float64 `json:"win_rate_ci_high"`
}

// atheneumStats are Atheneum's statistics: each seat's and level's mean
// score by category, and the balance report's (report.go) with --report.
type atheneumStats struct {
	content *atheneum.Content
	seats   []simSeat
	levels  map[string]*simSeat
	rep     *reporter // nil without --report
}

// atheneumGame is what one game gives the statistics.
type atheneumGame struct {
	levels  []string
	results []atheneum.Result
	// analysis is the report's (nil without --report).
	analysis *gameStats
	subjects []atheneum.Color
}

func newAtheneumStats(o *simOptions) (simStats, error) {
	c, err := atheneum.Load(o.content)
	if err != nil {
		return nil, fmt.Errorf("--content: %w", err)
	}
	s := &atheneumStats{content: c, seats: make([]simSeat, o.players), levels: map[string]*simSeat{}}
	for _, l := range o.levels {
		s.levels[l] = &simSeat{Seat: -1, Level: l}
	}
	if o.report != "" {
		s.rep = newReporter(o.report, o.args)
	}
	return s, nil
}

func (s *atheneumStats) measure(rec engine.GameRecord) (any, error) {
	st, ok := rec.Final.(*atheneum.State)
	if !ok {
		return nil, errors.New("not an Atheneum game")
	}
	g := st.Game
	m := atheneumGame{levels: rec.Levels, results: g.Results}
	for _, seat := range g.Seats {
		m.subjects = append(m.subjects, seat.Subject)
	}
	if s.rep != nil {
		actions := make([]atheneum.Action, len(rec.Moves))
		for i, mv := range rec.Moves {
			a, err := atheneum.ParseAction(string(mv))
			if err != nil {
				return nil, err
			}
			actions[i] = a
		}
		a, err := analyzeGame(atheneum.Config{Subjects: m.subjects, Seed: rec.Seed, Content: s.content}, actions)
		if err != nil {
			return nil, err
		}
		m.analysis = a
	}
	return m, nil
}

func (s *atheneumStats) add(v any) error {
	m := v.(atheneumGame)
	winners := 0
	for _, res := range m.results {
		if res.Rank == 1 {
			winners++
		}
	}
	for _, res := range m.results {
		for _, x := range []*simSeat{&s.seats[res.Seat], s.levels[m.levels[res.Seat]]} {
			x.Played++
			x.Total += float64(res.Total)
			x.Cards += float64(res.Cards)
			x.Objectives += float64(res.Objectives)
			x.Favorite += float64(res.Favorite)
			x.Compartments += float64(res.Compartments)
			x.Candles += float64(res.Candles)
			x.Wands += float64(res.Wands)
			x.Books += float64(res.Books)
			if res.Rank == 1 {
				x.Wins++
				x.WinShare += 1 / float64(winners)
				if winners > 1 {
					x.Ties++
				}
			}
		}
	}
	if s.rep != nil {
		s.rep.add(m.analysis, m.subjects)
	}
	return nil
}

// finish turns sums into means and the win rate with its interval.
func (x *simSeat) finish() {
	if x.Played == 0 {
		return
	}
	n := float64(x.Played)
	for _, f := range []*float64{&x.Total, &x.Cards, &x.Objectives, &x.Favorite, &x.Compartments, &x.Candles, &x.Wands, &x.Books} {
		*f /= n
	}
	x.WinRate = x.WinShare / n
	x.CILow, x.CIHigh = engine.Wilson(x.WinShare, x.Played)
}

// summary is the run's simSummary.
func (s *atheneumStats) summary(run *simRun) simSummary {
	o := run.o
	sum := simSummary{Games: o.games, Players: o.players, Seed: o.seed, Seconds: run.elapsed.Seconds(), GamesPerSec: run.gamesPerSecond(),
		Actions: run.sum.Moves, Errors: run.sum.Errors, AI: o.levels, Rotate: o.rotate, Playouts: o.playouts,
		Decisions: run.decisions, FirstErrors: run.sum.FirstErrors}
	for i, x := range s.seats {
		x.Seat, x.Level = i, seatLevel(o, i)
		x.finish()
		sum.Seats = append(sum.Seats, x)
	}
	seen := map[string]bool{}
	for _, l := range o.levels {
		if !seen[l] {
			seen[l] = true
			x := *s.levels[l]
			x.finish()
			sum.Levels = append(sum.Levels, x)
		}
	}
	return sum
}

func (s *atheneumStats) print(w io.Writer, run *simRun) error {
	sum := s.summary(run)
	if run.o.json {
		return writeJSON(w, sum)
	}
	fmt.Fprintf(w, "games %d (%d players, seeds %d..%d) in %.2fs: %.0f games/s, %.0f actions per game, %d errors\n",
		sum.Games, sum.Players, sum.Seed, sum.Seed+uint64(sum.Games)-1, sum.Seconds, sum.GamesPerSec, sum.Actions, sum.Errors)
	fmt.Fprintf(w, "%-6s %-6s %7s %6s %6s %6s %6s %6s %6s %6s %5s %6s %15s\n", "seat", "level", "total", "cards", "objs", "fav", "comps", "candle", "wands", "books", "wins", "win%", "95% CI")
	row := func(name string, x simSeat) {
		fmt.Fprintf(w, "%-6s %-6s %7.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %5d %6.1f %6.1f-%5.1f%%\n",
			name, x.Level, x.Total, x.Cards, x.Objectives, x.Favorite, x.Compartments, x.Candles, x.Wands, x.Books, x.Wins,
			100*x.WinRate, 100*x.CILow, 100*x.CIHigh)
	}
	for _, x := range sum.Seats {
		row(fmt.Sprint(x.Seat), x)
	}
	if len(sum.Levels) > 1 {
		for _, x := range sum.Levels {
			row("all", x)
		}
	}
	fmt.Fprintf(w, "time per decision: %s (win%% counts a win shared by k seats as 1/k; wins counts it for each)\n", decisionLine(run))
	for _, e := range sum.FirstErrors {
		fmt.Fprintln(w, "error:", e)
	}
	return nil
}

func (s *atheneumStats) report(_ string, run *simRun) error {
	return s.rep.write(describeLevels(run.o.levels, run.o.rotate))
}
