package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"atheneum/engine"
)

// simRecord is one game written by `sim --record`.
type simRecord struct {
	Seed     uint64          `json:"seed"`
	Content  string          `json:"content"`
	Seats    []string        `json:"seats"`
	Actions  []engine.Action `json:"actions"`
	Shelves  []string        `json:"shelves"`
	Results  []engine.Result `json:"results"`
	Winners  []int           `json:"winners"`
	Duration string          `json:"duration"`
}

// simSummary is what `sim` prints.
type simSummary struct {
	Games       int     `json:"games"`
	Players     int     `json:"players"`
	Seed        uint64  `json:"seed"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_second"`
	Actions     float64 `json:"mean_actions_per_game"`
	Errors      int     `json:"errors"`
	// Seats holds per-seat means of the final score and its categories.
	Seats []simSeat `json:"seats"`
	// Wins counts games won (shared wins count for each winner).
	FirstErrors []string `json:"first_errors,omitempty"`
}

type simSeat struct {
	Seat         int     `json:"seat"`
	Total        float64 `json:"total"`
	Cards        float64 `json:"cards"`
	Objectives   float64 `json:"objectives"`
	Favorite     float64 `json:"favorite"`
	Compartments float64 `json:"compartments"`
	Candles      float64 `json:"candles"`
	Wands        float64 `json:"wands"`
	Books        float64 `json:"books"`
	Wins         int     `json:"wins"`
}

// runSim plays games between random players and prints the totals.
func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of games to play")
	players := fs.Int("players", 4, "seats per game (2-5)")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	record := fs.String("record", "", "write one JSON record per game into this folder")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: atheneum sim --games N --players P --seed S [--json] [--record DIR]")
		fmt.Fprintln(stderr, "Plays N games in which every seat picks uniformly among its legal actions.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *players < engine.MinSeats || *players > engine.MaxSeats {
		return fmt.Errorf("--players must be %d to %d", engine.MinSeats, engine.MaxSeats)
	}
	if *games < 1 {
		return errors.New("--games must be at least 1")
	}
	if *record != "" {
		if err := os.MkdirAll(*record, 0o755); err != nil {
			return err
		}
	}
	sum := simSummary{Games: *games, Players: *players, Seed: *seed, Seats: make([]simSeat, *players)}
	subjects := engine.Colors[:*players]
	totalActions := 0
	start := time.Now()
	for i := 0; i < *games; i++ {
		gameSeed := *seed + uint64(i)
		t0 := time.Now()
		g, err := engine.NewGame(engine.Config{Subjects: subjects, Seed: gameSeed})
		if err != nil {
			return err
		}
		actions, err := engine.NewRandomPlayer(gameSeed).Playout(g, nil)
		totalActions += len(actions)
		if err == nil && g.Step != engine.StepOver {
			err = fmt.Errorf("game stopped in the %s step", g.Step)
		}
		if err != nil {
			sum.Errors++
			if len(sum.FirstErrors) < 5 {
				sum.FirstErrors = append(sum.FirstErrors, fmt.Sprintf("seed %d: %v", gameSeed, err))
			}
			continue
		}
		for _, r := range g.Results {
			s := &sum.Seats[r.Seat]
			s.Total += float64(r.Total)
			s.Cards += float64(r.Cards)
			s.Objectives += float64(r.Objectives)
			s.Favorite += float64(r.Favorite)
			s.Compartments += float64(r.Compartments)
			s.Candles += float64(r.Candles)
			s.Wands += float64(r.Wands)
			s.Books += float64(r.Books)
			if r.Rank == 1 {
				s.Wins++
			}
		}
		if *record != "" {
			if err := writeRecord(*record, g, gameSeed, actions, time.Since(t0)); err != nil {
				return err
			}
		}
	}
	elapsed := time.Since(start)
	sum.Seconds = elapsed.Seconds()
	sum.GamesPerSec = float64(*games) / elapsed.Seconds()
	sum.Actions = float64(totalActions) / float64(*games)
	played := float64(*games - sum.Errors)
	for i := range sum.Seats {
		s := &sum.Seats[i]
		s.Seat = i
		if played > 0 {
			for _, f := range []*float64{&s.Total, &s.Cards, &s.Objectives, &s.Favorite, &s.Compartments, &s.Candles, &s.Wands, &s.Books} {
				*f /= played
			}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	fmt.Fprintf(stdout, "games %d (%d players, seeds %d..%d) in %.2fs: %.0f games/s, %.0f actions per game, %d errors\n",
		sum.Games, sum.Players, *seed, *seed+uint64(*games)-1, sum.Seconds, sum.GamesPerSec, sum.Actions, sum.Errors)
	fmt.Fprintf(stdout, "%-5s %7s %6s %6s %6s %6s %6s %6s %6s %5s\n", "seat", "total", "cards", "objs", "fav", "comps", "candle", "wands", "books", "wins")
	for _, s := range sum.Seats {
		fmt.Fprintf(stdout, "%-5d %7.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %5d\n",
			s.Seat, s.Total, s.Cards, s.Objectives, s.Favorite, s.Compartments, s.Candles, s.Wands, s.Books, s.Wins)
	}
	for _, e := range sum.FirstErrors {
		fmt.Fprintln(stdout, "error:", e)
	}
	if sum.Errors > 0 {
		return fmt.Errorf("%d games failed", sum.Errors)
	}
	return nil
}

func writeRecord(dir string, g *engine.Game, seed uint64, actions []engine.Action, d time.Duration) error {
	rec := simRecord{Seed: seed, Content: g.ContentID, Actions: actions, Results: g.Results, Winners: g.Winners(), Duration: d.String()}
	for i := range g.Seats {
		rec.Seats = append(rec.Seats, g.Seats[i].Subject.String())
		rec.Shelves = append(rec.Shelves, g.Shelves(i))
	}
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("game-%d.json", seed)), data, 0o644)
}
