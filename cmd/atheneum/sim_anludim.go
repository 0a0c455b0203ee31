package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"atheneum/engine"
	"atheneum/engine/anludim"
	anludimai "atheneum/engine/anludim/ai"
)

// anludimSim is Anludim in sim: its --variant, and its statistics and
// balance report (rounds, how they end, the first player's advantage, what
// each professor pays).
var anludimSim = simGame{
	play: func(o *simOptions) (engine.Game, error) {
		if _, err := anludim.ParseOptions(map[string]string{anludim.OptionVariant: o.variant}); err != nil {
			return engine.Game{}, fmt.Errorf("--variant must be base or expert, not %q", o.variant)
		}
		return anludimai.Game(anludimai.Players{Playouts: o.playouts}), nil
	},
	flags: []string{"variant"},
	setup: func(o *simOptions, _ uint64) engine.Setup {
		return engine.Setup{Seats: o.players, Options: map[string]string{anludim.OptionVariant: o.variant}}
	},
	stats: func(*simOptions) (simStats, error) { return &anludimStats{}, nil },
}

// anludimStats sums Anludim's games up.
type anludimStats struct {
	games int
	// moves, turns and rounds are totals over all games.
	moves, turns, rounds int
	// ends counts the rounds by how they ended.
	ends map[string]int
	// roundFirstWins counts the rounds won by the round's first player.
	roundFirstWins int
	// profPoints is the item points each professor paid, over all rounds;
	// winnerHeld counts the rounds whose winner had that professor in
	// front of them at the end.
	profPoints, winnerHeld [anludim.NumProfessors]int
}

// measure replays the game for its events: they tell how each round went.
func (s *anludimStats) measure(rec engine.GameRecord) (any, error) {
	st, err := anludim.Rules.New(rec.Seed, rec.Setup)
	if err != nil {
		return nil, err
	}
	g := st.(*anludim.State).Game
	out := &anludimStats{ends: map[string]int{}, games: 1, moves: len(rec.Moves)}
	roundFirst := g.Active()
	var ev []anludim.Event // one buffer for every move's events
	for _, mv := range rec.Moves {
		m, err := anludim.ParseMove(string(mv))
		if err != nil {
			return nil, err
		}
		ev, err = g.AppendApply(ev[:0], m)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", mv, err)
		}
		for _, e := range ev {
			switch e.Kind {
			case anludim.EvTurnEnded:
				out.turns++
			case anludim.EvIncome:
				out.profPoints[e.Prof] += e.Item.Value
			case anludim.EvRoundEnded:
				out.turns++
				out.rounds++
				out.ends[string(e.Reason)]++
				if e.Seat == roundFirst {
					out.roundFirstWins++
				}
				for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
					if g.ProfessorSeat(p) == e.Seat {
						out.winnerHeld[p]++
					}
				}
			case anludim.EvRoundStarted:
				roundFirst = e.Seat
			}
		}
	}
	if !g.Over() {
		return nil, errors.New("the replayed game is not over")
	}
	return out, nil
}

func (s *anludimStats) add(v any) error {
	o := v.(*anludimStats)
	if s.ends == nil {
		s.ends = map[string]int{}
	}
	s.games += o.games
	s.moves += o.moves
	s.turns += o.turns
	s.rounds += o.rounds
	s.roundFirstWins += o.roundFirstWins
	for k, n := range o.ends {
		s.ends[k] += n
	}
	for p := range s.profPoints {
		s.profPoints[p] += o.profPoints[p]
		s.winnerHeld[p] += o.winnerHeld[p]
	}
	return nil
}

// anludimSummary is what `sim --game anludim` prints and reports.
type anludimSummary struct {
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
	Errors      int      `json:"errors"`
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
	// Decisions is the mean time per decision of each level, in seconds.
	Decisions   map[string]float64 `json:"seconds_per_decision,omitempty"`
	FirstErrors []string           `json:"first_errors,omitempty"`
}

// anludimSeat is the win rate of one seat (numbered from 1) or one
// level, with its 95 % Wilson interval.
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

func (s *anludimStats) summary(run *simRun) anludimSummary {
	o := run.o
	sum := anludimSummary{Game: anludim.ID, Variant: o.variant, Games: s.games, Players: o.players, Seed: o.seed, AI: o.levels,
		Rotate: o.rotate, Playouts: o.playouts, Seconds: run.elapsed.Seconds(), GamesPerSec: run.gamesPerSecond(), Errors: run.sum.Errors,
		Turns: per(s.turns, s.games), Rounds: per(s.rounds, s.games), Moves: per(s.moves, s.games),
		Ends: map[string]float64{}, FirstPlayerRounds: per(s.roundFirstWins, s.rounds), Even: 1 / float64(o.players),
		Decisions: run.decisions, FirstErrors: run.sum.FirstErrors}
	for reason, n := range s.ends {
		sum.Ends[reason] = per(n, s.rounds)
	}
	seat := func(st engine.Standing, seat int) anludimSeat {
		return anludimSeat{Seat: seat, Level: st.Level, Played: st.Played, Wins: st.Wins, WinRate: st.WinRate, CILow: st.CILow, CIHigh: st.CIHigh}
	}
	for _, st := range run.sum.Seats {
		sum.Seats = append(sum.Seats, seat(st, st.Seat+1))
	}
	for _, st := range run.sum.Levels {
		sum.Levels = append(sum.Levels, seat(st, -1))
	}
	// Weakest level first, as the game lists them.
	slices.SortStableFunc(sum.Levels, func(a, b anludimSeat) int {
		return slices.Index(run.levels, a.Level) - slices.Index(run.levels, b.Level)
	})
	for p := range anludim.NumProfessors {
		n := anludim.Professor(p).Names()
		sum.Professors = append(sum.Professors, anludimProfessor{ID: n.ID, Name: n.EN, PointsPerRound: per(s.profPoints[p], s.rounds),
			WinnerHeld: per(s.winnerHeld[p], s.rounds)})
	}
	return sum
}

func per(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (s *anludimStats) print(w io.Writer, run *simRun) error {
	sum := s.summary(run)
	if run.o.json {
		return writeJSON(w, sum)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Anludim (%s), %d games of %d seats, seeds %d-%d, levels %s", sum.Variant, sum.Games, sum.Players, sum.Seed,
		sum.Seed+uint64(run.o.games)-1, strings.Join(sum.AI, ","))
	if sum.Rotate {
		b.WriteString(" (rotated)")
	}
	fmt.Fprintf(&b, "\n%.1f games/s, %d errors; time per decision: %s\n", sum.GamesPerSec, sum.Errors, decisionLine(run))
	fmt.Fprintf(&b, "per game: %.1f turns, %.2f rounds (%.1f turns a round), %.1f moves\n", sum.Turns, sum.Rounds, sum.Turns/max(sum.Rounds, 1), sum.Moves)
	b.WriteString("round ends:")
	for _, k := range sortedKeys(sum.Ends) {
		fmt.Fprintf(&b, " %s %.1f %%", k, 100*sum.Ends[k])
	}
	fmt.Fprintf(&b, "\nthe round's first player won %.1f %% of rounds (%.1f %% would be even)\n", 100*sum.FirstPlayerRounds, 100*sum.Even)
	b.WriteString("seats (win rate, 95 % interval):")
	for _, st := range sum.Seats {
		fmt.Fprintf(&b, " %d: %.1f %% [%.1f-%.1f]", st.Seat, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\nlevels:")
	for _, st := range sum.Levels {
		fmt.Fprintf(&b, " %s %.1f %% [%.1f-%.1f] of %d", st.Level, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh, st.Played)
	}
	b.WriteString("\nprofessors (item points a round, rounds whose winner held them):")
	for _, p := range sum.Professors {
		fmt.Fprintf(&b, " %s %.2f, %.0f %%;", p.Name, p.PointsPerRound, 100*p.WinnerHeld)
	}
	b.WriteString("\n")
	for _, e := range sum.FirstErrors {
		fmt.Fprintln(&b, "error:", e)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// report writes the balance report in markdown.
func (s *anludimStats) report(path string, run *simRun) error {
	sum := s.summary(run)
	var b strings.Builder
	fmt.Fprintf(&b, "# Anludim balance (%s game, %d seats)\n\n", sum.Variant, sum.Players)
	fmt.Fprintf(&b, "Made with `go run ./cmd/atheneum sim %s`: %d games between computer players (%s", strings.Join(run.o.args, " "), sum.Games, strings.Join(sum.AI, ", "))
	if sum.Rotate {
		b.WriteString(", moved one seat along each game")
	}
	fmt.Fprintf(&b, "), seeds %d to %d.\n\n", sum.Seed, sum.Seed+uint64(run.o.games)-1)
	fmt.Fprintf(&b, "| per game | turns | rounds | turns a round | moves |\n|---|---|---|---|---|\n| mean | %.1f | %.2f | %.1f | %.1f |\n\n",
		sum.Turns, sum.Rounds, sum.Turns/max(sum.Rounds, 1), sum.Moves)
	b.WriteString("| round ended by | share of rounds |\n|---|---|\n")
	for _, k := range sortedKeys(sum.Ends) {
		fmt.Fprintf(&b, "| %s | %.1f %% |\n", k, 100*sum.Ends[k])
	}
	fmt.Fprintf(&b, "\nThe first player of a round won %.1f %% of the rounds; %.1f %% would be even.\n\n", 100*sum.FirstPlayerRounds, 100*sum.Even)
	b.WriteString("| seat | wins | win rate | 95 % interval |\n|---|---|---|---|\n")
	for _, st := range sum.Seats {
		fmt.Fprintf(&b, "| %d | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Seat, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\n| level | wins | win rate | 95 % interval |\n|---|---|---|---|\n")
	for _, st := range sum.Levels {
		fmt.Fprintf(&b, "| %s | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Level, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\n| professor | item points a round | rounds whose winner held them |\n|---|---|---|\n")
	for _, p := range sum.Professors {
		fmt.Fprintf(&b, "| %s | %.2f | %.0f %% |\n", p.Name, p.PointsPerRound, 100*p.WinnerHeld)
	}
	return writeKeepingNotes(path, []byte(b.String()))
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
