package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"atheneum/engine"
	"atheneum/engine/anludim"
	anludimai "atheneum/engine/anludim/ai"
)

// anludimSim is what `sim --game anludim` prints and reports.
type anludimSim struct {
	Game        string   `json:"game"`
	Variant     string   `json:"variant"`
	Games       int      `json:"games"`
	Players     int      `json:"players"`
	Seed        uint64   `json:"seed"`
	AI          []string `json:"ai"`
	Rotate      bool     `json:"rotate"`
	Playouts    int      `json:"playouts,omitempty"`
	Seconds     float64  `json:"seconds"`
	GamesPerSec float64  `json:"games_per_second"`
	// Per game.
	Turns  float64 `json:"turns_per_game"`
	Rounds float64 `json:"rounds_per_game"`
	Moves  float64 `json:"moves_per_game"`
	// Ends gives the share of rounds ended each way.
	Ends map[string]float64 `json:"round_ends"`
	// FirstPlayerRounds is the share of rounds won by the round's first
	// player; Even is what no advantage would give (1/players).
	FirstPlayerRounds float64       `json:"first_player_round_rate"`
	Even              float64       `json:"even_rate"`
	Seats             []anludimSeat `json:"seats"`
	Levels            []anludimSeat `json:"levels"`
	// Professors gives the item points each professor paid per round, and
	// how often the round's winner held it at the end.
	Professors []anludimProfessor `json:"professors"`
}

// anludimSeat is the win rate of one seat or one level, with its 95 %
// Wilson interval.
type anludimSeat struct {
	Seat    int     `json:"seat"`
	Level   string  `json:"level,omitempty"`
	Played  int     `json:"played"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	CILow   float64 `json:"win_rate_ci_low"`
	CIHigh  float64 `json:"win_rate_ci_high"`
}

type anludimProfessor struct {
	ID             string  `json:"id"`
	Name           string  `json:"name"`
	PointsPerRound float64 `json:"points_per_round"`
	WinnerHeld     float64 `json:"winner_held_rate"`
}

// runAnludimSim plays Anludim games between computer players.
func runAnludimSim(o simOptions, stdout io.Writer) error {
	if o.players < anludim.MinSeats || o.players > anludim.MaxSeats {
		return fmt.Errorf("--players must be %d to %d for Anludim", anludim.MinSeats, anludim.MaxSeats)
	}
	if o.record != "" || o.contentSet {
		return errors.New("--record and --content are Atheneum's: leave them out with --game anludim")
	}
	opts, err := anludim.ParseOptions(map[string]string{"variant": o.variant})
	if err != nil {
		return fmt.Errorf("--variant must be base or expert: %w", err)
	}
	levels, err := parseLevelsOf(o.levels, o.players, anludimai.Levels)
	if err != nil {
		return err
	}
	start := time.Now()
	st, err := anludimai.Simulate(anludimai.SimConfig{Levels: levels, Games: o.games, Options: opts, Seed: o.seed,
		Playouts: o.playouts, Rotate: o.rotate, Workers: o.workers})
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	sum := summariseAnludim(st, o, levels, elapsed)
	if o.reportPath != "" {
		if err := os.WriteFile(o.reportPath, []byte(anludimReport(sum, o.args)), 0o644); err != nil {
			return err
		}
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	_, err = io.WriteString(stdout, anludimText(sum))
	return err
}

func summariseAnludim(st anludimai.Stats, o simOptions, levels []string, elapsed time.Duration) anludimSim {
	sum := anludimSim{Game: anludim.ID, Variant: o.variant, Games: st.Games, Players: o.players, Seed: o.seed, AI: levels,
		Rotate: o.rotate, Playouts: o.playouts, Seconds: elapsed.Seconds(), GamesPerSec: float64(st.Games) / elapsed.Seconds(),
		Turns: st.TurnsPerGame(), Rounds: st.RoundsPerGame(), Moves: per(st.Moves, st.Games),
		Ends: map[string]float64{}, FirstPlayerRounds: st.FirstPlayerRoundRate(), Even: 1 / float64(o.players)}
	for reason, n := range st.Ends {
		sum.Ends[string(reason)] = per(n, st.Rounds)
	}
	for seat, w := range st.SeatWins {
		lo, hi := engine.Wilson(float64(w), st.Games)
		sum.Seats = append(sum.Seats, anludimSeat{Seat: seat + 1, Played: st.Games, Wins: w, WinRate: per(w, st.Games), CILow: lo, CIHigh: hi})
	}
	var names []string
	for lv := range st.LevelGames {
		names = append(names, lv)
	}
	slices.SortFunc(names, func(a, b string) int { return slices.Index(anludimai.Levels, a) - slices.Index(anludimai.Levels, b) })
	for _, lv := range names {
		lo, hi := engine.Wilson(float64(st.LevelWins[lv]), st.LevelGames[lv])
		sum.Levels = append(sum.Levels, anludimSeat{Seat: -1, Level: lv, Played: st.LevelGames[lv], Wins: st.LevelWins[lv],
			WinRate: st.WinRate(lv), CILow: lo, CIHigh: hi})
	}
	points := st.ProfessorPointsPerRound()
	for p := range anludim.NumProfessors {
		n := anludim.Professor(p).Names()
		sum.Professors = append(sum.Professors, anludimProfessor{ID: n.ID, Name: n.EN, PointsPerRound: points[p],
			WinnerHeld: per(st.ProfessorWinnerHeld[p], st.Rounds)})
	}
	return sum
}

func per(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// anludimText is the summary as the terminal shows it.
func anludimText(s anludimSim) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Anludim (%s), %d games of %d seats, seeds %d-%d, levels %s", s.Variant, s.Games, s.Players, s.Seed,
		s.Seed+uint64(s.Games)-1, strings.Join(s.AI, ","))
	if s.Rotate {
		b.WriteString(" (rotated)")
	}
	fmt.Fprintf(&b, "\n%.1f games/s\n", s.GamesPerSec)
	fmt.Fprintf(&b, "per game: %.1f turns, %.2f rounds (%.1f turns a round), %.1f moves\n", s.Turns, s.Rounds, s.Turns/max(s.Rounds, 1), s.Moves)
	b.WriteString("round ends:")
	for _, k := range sortedKeys(s.Ends) {
		fmt.Fprintf(&b, " %s %.1f %%", k, 100*s.Ends[k])
	}
	fmt.Fprintf(&b, "\nthe round's first player won %.1f %% of rounds (%.1f %% would be even)\n", 100*s.FirstPlayerRounds, 100*s.Even)
	b.WriteString("seats (win rate, 95 % interval):")
	for _, st := range s.Seats {
		fmt.Fprintf(&b, " %d: %.1f %% [%.1f-%.1f]", st.Seat, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\nlevels:")
	for _, st := range s.Levels {
		fmt.Fprintf(&b, " %s %.1f %% [%.1f-%.1f] of %d", st.Level, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh, st.Played)
	}
	b.WriteString("\nprofessors (item points a round, rounds whose winner held them):")
	for _, p := range s.Professors {
		fmt.Fprintf(&b, " %s %.2f, %.0f %%;", p.Name, p.PointsPerRound, 100*p.WinnerHeld)
	}
	b.WriteString("\n")
	return b.String()
}

// anludimReport is the balance report in markdown.
func anludimReport(s anludimSim, args []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Anludim balance (%s game, %d seats)\n\n", s.Variant, s.Players)
	fmt.Fprintf(&b, "Made with `go run ./cmd/atheneum sim %s`: %d games between computer players (%s", strings.Join(args, " "), s.Games, strings.Join(s.AI, ", "))
	if s.Rotate {
		b.WriteString(", moved one seat along each game")
	}
	b.WriteString(").\n\n")
	fmt.Fprintf(&b, "| per game | turns | rounds | turns a round | moves |\n|---|---|---|---|---|\n| mean | %.1f | %.2f | %.1f | %.1f |\n\n",
		s.Turns, s.Rounds, s.Turns/max(s.Rounds, 1), s.Moves)
	b.WriteString("| round ended by | share of rounds |\n|---|---|\n")
	for _, k := range sortedKeys(s.Ends) {
		fmt.Fprintf(&b, "| %s | %.1f %% |\n", k, 100*s.Ends[k])
	}
	fmt.Fprintf(&b, "\nThe first player of a round won %.1f %% of the rounds; %.1f %% would be even.\n\n", 100*s.FirstPlayerRounds, 100*s.Even)
	b.WriteString("| seat | wins | win rate | 95 % interval |\n|---|---|---|---|\n")
	for _, st := range s.Seats {
		fmt.Fprintf(&b, "| %d | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Seat, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\n| level | wins | win rate | 95 % interval |\n|---|---|---|---|\n")
	for _, st := range s.Levels {
		fmt.Fprintf(&b, "| %s | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Level, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\n| professor | item points a round | rounds whose winner held them |\n|---|---|---|\n")
	for _, p := range s.Professors {
		fmt.Fprintf(&b, "| %s | %.2f | %.0f %% |\n", p.Name, p.PointsPerRound, 100*p.WinnerHeld)
	}
	return b.String()
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
