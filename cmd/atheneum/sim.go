package main

// `atheneum sim`: games between computer players, any game of simGames,
// played by the one match loop (engine.PlayMatch). Each game adds its own
// statistics and balance report through its simStats; records (--record)
// are the same for every game (engine.Record, docs/records.md).

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"atheneum/engine"
)

// simOptions are sim's flags, read and checked.
type simOptions struct {
	// game is the id of the game played (a key of simGames).
	game           string
	games, players int
	seed           uint64
	// levels gives each seat's computer level (before rotation).
	levels   []string
	playouts int
	budget   time.Duration
	rotate   bool
	json     bool
	workers  int
	// record and report are the --record folder and the --report file.
	record, report string
	// content and variant are Atheneum's --content and Anludim's --variant.
	content, variant string
	// args are sim's arguments as given, for a report's command.
	args []string
}

// simGame is a game sim can play: what it needs of the game beyond the
// seam, and the game's own statistics. Adding a game to sim is one entry in
// simGames (sim_games.go).
type simGame struct {
	// play returns the game with its computer players set as sim's
	// options say, or why the options do not suit it.
	play func(o *simOptions) (engine.Game, error)
	// flags are the game's own flags; sim refuses them with another game.
	flags []string
	// setup returns the setup of the game dealt from seed (nil: the
	// number of seats, and the game's defaults).
	setup func(o *simOptions, seed uint64) engine.Setup
	// playerSeed seeds the computer player of a seat (nil: the match's
	// default).
	playerSeed func(seed uint64, seat int) uint64
	// stats returns the game's statistics for a run (nil: only the
	// summary every game gets, simSummaryStats).
	stats func(o *simOptions) (simStats, error)
}

// simStats is one game's statistics over a sim run. measure sees each game
// that ended, from the worker that played it, concurrently with the
// others; add then folds the measures in game order, so the figures never
// depend on the number of workers.
type simStats interface {
	// measure takes what the statistics need from one game.
	measure(rec engine.GameRecord) (any, error)
	// add folds one game's measure in.
	add(m any) error
	// print writes the run's summary: text, or one JSON object with --json.
	print(w io.Writer, run *simRun) error
	// report writes the run's balance report (markdown) to path.
	report(path string, run *simRun) error
}

// simRun is what every game's statistics know of a run besides its games.
type simRun struct {
	o       *simOptions
	levels  []string // the game's levels, weakest first
	sum     engine.MatchSummary
	elapsed time.Duration
	// decisions is the mean time of a decision of each level, in seconds.
	decisions map[string]float64
}

// gamesPerSecond is the run's speed.
func (r *simRun) gamesPerSecond() float64 { return float64(r.o.games) / max(r.elapsed.Seconds(), 1e-9) }

// simGameIDs lists the games sim plays.
func simGameIDs() []string { return slices.Sorted(maps.Keys(simGames)) }

// parseLevelsOf reads --ai: one level for every seat, or one per seat,
// each one of known.
func parseLevelsOf(s string, players int, known []string) ([]string, error) {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
		if !slices.Contains(known, parts[i]) {
			return nil, fmt.Errorf("unknown AI level %q: choose one of %s", parts[i], strings.Join(known, ", "))
		}
	}
	switch len(parts) {
	case 1:
		out := make([]string, players)
		for i := range out {
			out[i] = parts[0]
		}
		return out, nil
	case players:
		return parts, nil
	}
	return nil, fmt.Errorf("--ai lists %d levels for %d players: give one level, or one per seat", len(parts), players)
}

// parseSim reads sim's flags and checks them against the game chosen.
func parseSim(args []string, stdout io.Writer) (*simOptions, simGame, engine.Game, error) {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	o := &simOptions{args: args}
	ids := simGameIDs()
	fs.StringVar(&o.game, "game", "atheneum", "the game to play: "+strings.Join(ids, " or "))
	fs.IntVar(&o.games, "games", 100, "number of games to play")
	fs.IntVar(&o.players, "players", 4, "seats per game (the game's range: 2-5 for Atheneum and Anludim)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.BoolVar(&o.json, "json", false, "print one JSON object instead of text")
	fs.StringVar(&o.record, "record", "", "write every game's record (docs/records.md) into this folder, one JSON file per game")
	levels := fs.String("ai", "random", "AI level of every seat, or a comma-separated level per seat (the game's levels: random, normal, hard)")
	fs.IntVar(&o.playouts, "playouts", 0, "play-outs per decision of the hard level (0: the level's default effort)")
	fs.DurationVar(&o.budget, "budget", 0, "Atheneum: thinking time per decision of the hard level instead of play-outs, for experiments (0: none, the level's default play-outs)")
	fs.BoolVar(&o.rotate, "rotate", true, "in game i, move each --ai level i seats along, so every level plays every seat")
	fs.IntVar(&o.workers, "workers", 0, "games played at once (0: GOMAXPROCS); the figures do not depend on it")
	fs.StringVar(&o.report, "report", "", "write the game's balance report (markdown) to this file, e.g. docs/atheneum/balance.md")
	fs.StringVar(&o.content, "content", atheneumDefaultContent(), "Atheneum: the content pack to play ("+atheneumPacks()+")")
	fs.StringVar(&o.variant, "variant", "base", "Anludim: the variant, base or expert")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: atheneum sim [--game "+strings.Join(ids, "|")+"] --games N --players P --seed S [--ai LEVEL[,LEVEL...]] [--playouts K] [--json] [--record DIR] [--report FILE]")
		fmt.Fprintln(fs.Output(), "Plays N games between computer players (random by default) and prints scores, win rates and errors.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout); err != nil {
		return nil, simGame{}, engine.Game{}, err
	}
	sg, ok := simGames[o.game]
	if !ok {
		return nil, sg, engine.Game{}, fmt.Errorf("--game must be %s, not %q", strings.Join(ids, " or "), o.game)
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err != nil || slices.Contains(sg.flags, f.Name) {
			return
		}
		var owners []string
		for _, id := range ids {
			if slices.Contains(simGames[id].flags, f.Name) {
				owners = append(owners, id)
			}
		}
		if len(owners) > 0 {
			err = fmt.Errorf("--%s is for --game %s only: leave it out with --game %s", f.Name, strings.Join(owners, " or "), o.game)
		}
	})
	if err != nil {
		return nil, sg, engine.Game{}, err
	}
	game, err := sg.play(o)
	if err != nil {
		return nil, sg, game, err
	}
	if lo, hi := game.SeatRange(); o.players < lo || o.players > hi {
		return nil, sg, game, fmt.Errorf("--players must be %d to %d for %s", lo, hi, o.game)
	}
	if o.games < 1 {
		return nil, sg, game, errors.New("--games must be at least 1")
	}
	if o.playouts < 0 {
		return nil, sg, game, errors.New("--playouts must not be negative")
	}
	if o.levels, err = parseLevelsOf(*levels, o.players, game.Levels()); err != nil {
		return nil, sg, game, err
	}
	return o, sg, game, nil
}

// runSim plays games between computer players and prints the totals.
func runSim(args []string, stdout, _ io.Writer) error {
	o, sg, game, err := parseSim(args, stdout)
	if err != nil {
		return err
	}
	stats := simStats(&simSummaryStats{})
	if sg.stats != nil {
		if stats, err = sg.stats(o); err != nil {
			return err
		}
	}
	if o.record != "" {
		if err := os.MkdirAll(o.record, 0o755); err != nil {
			return err
		}
	}
	timed := &timedPlayers{Players: game.Players, clocks: map[string]*decisionClock{}}
	game.Players = timed
	measures := make([]struct {
		ok bool
		m  any
	}, o.games)
	var (
		mu       sync.Mutex
		firstErr error
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	match := engine.Match{Games: o.games, Seed: o.seed, Seats: o.players, Levels: o.levels, Rotate: o.rotate,
		PlayerSeed: sg.playerSeed, Workers: o.workers,
		Each: func(r engine.GameRecord) {
			if r.Err != nil {
				return
			}
			if o.record != "" {
				if err := writeRecord(o.record, r.Record(o.game)); err != nil {
					fail(err)
				}
			}
			m, err := stats.measure(r)
			if err != nil {
				fail(fmt.Errorf("game %d (seed %d): %w", r.Index, r.Seed, err))
				return
			}
			measures[r.Index].ok, measures[r.Index].m = true, m
		}}
	if sg.setup != nil {
		match.Setup = func(i int) engine.Setup { return sg.setup(o, o.seed+uint64(i)) }
	}
	if match.Workers <= 0 {
		match.Workers = runtime.GOMAXPROCS(0)
	}
	match.Workers = min(match.Workers, o.games)
	start := time.Now()
	sum := engine.PlayMatch(game, match)
	run := &simRun{o: o, levels: game.Levels(), sum: sum, elapsed: time.Since(start), decisions: timed.means()}
	if firstErr != nil {
		return firstErr
	}
	for _, m := range measures {
		if m.ok {
			if err := stats.add(m.m); err != nil {
				return err
			}
		}
	}
	if err := stats.print(stdout, run); err != nil {
		return err
	}
	if sum.Errors > 0 {
		return fmt.Errorf("%d games failed", sum.Errors)
	}
	if o.report != "" {
		return stats.report(o.report, run)
	}
	return nil
}

// writeRecord writes one game's record into dir as <game>-<seed>.json.
func writeRecord(dir string, rec engine.Record) error {
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.json", rec.Game, rec.Seed)), append(data, '\n'), 0o644)
}

// readRecord reads a record written by writeRecord.
func readRecord(path string) (engine.Record, error) {
	var rec engine.Record
	data, err := os.ReadFile(path)
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return rec, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// timedPlayers measures every decision of the players it makes, per level.
type timedPlayers struct {
	engine.Players
	mu     sync.Mutex
	clocks map[string]*decisionClock
}

// decisionClock sums one level's decisions.
type decisionClock struct {
	n, nanos atomic.Int64
}

func (t *timedPlayers) Player(level string, seed uint64) (engine.Player, error) {
	p, err := t.Players.Player(level, seed)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.clocks[level]
	if c == nil {
		c = &decisionClock{}
		t.clocks[level] = c
	}
	return timedPlayer{p, c}, nil
}

// means gives each level's mean decision time in seconds.
func (t *timedPlayers) means() map[string]float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[string]float64{}
	for level, c := range t.clocks {
		if n := c.n.Load(); n > 0 {
			out[level] = time.Duration(c.nanos.Load()).Seconds() / float64(n)
		}
	}
	return out
}

type timedPlayer struct {
	engine.Player
	c *decisionClock
}

func (p timedPlayer) Propose(view engine.State, seat int) (engine.Move, error) {
	t0 := time.Now()
	m, err := p.Player.Propose(view, seat)
	p.c.nanos.Add(int64(time.Since(t0)))
	p.c.n.Add(1)
	return m, err
}

// decisionLine says how long each level took per decision, weakest first.
func decisionLine(run *simRun) string {
	var parts []string
	for _, l := range run.levels {
		if d, ok := run.decisions[l]; ok {
			parts = append(parts, fmt.Sprintf("%s %s", l, time.Duration(d*float64(time.Second)).Round(time.Microsecond)))
		}
	}
	return strings.Join(parts, ", ")
}

// simSummaryStats is the summary every game gets from its match alone:
// each seat's and level's mean score and win rate. A game without
// statistics of its own is summed up by it.
type simSummaryStats struct{}

func (*simSummaryStats) measure(engine.GameRecord) (any, error) { return nil, nil }
func (*simSummaryStats) add(any) error                          { return nil }

// matchSummaryJSON is what --json prints for a game summed up by its
// match alone.
type matchSummaryJSON struct {
	Game        string             `json:"game"`
	Games       int                `json:"games"`
	Players     int                `json:"players"`
	Seed        uint64             `json:"seed"`
	AI          []string           `json:"ai"`
	Rotate      bool               `json:"rotate"`
	Seconds     float64            `json:"seconds"`
	GamesPerSec float64            `json:"games_per_second"`
	Moves       float64            `json:"moves_per_game"`
	Steps       float64            `json:"steps_per_game"`
	Errors      int                `json:"errors"`
	Seats       []engine.Standing  `json:"seats"`
	Levels      []engine.Standing  `json:"levels"`
	Decisions   map[string]float64 `json:"seconds_per_decision,omitempty"`
	FirstErrors []string           `json:"first_errors,omitempty"`
}

// summaryJSON is a run's summary as --json prints it.
func summaryJSON(run *simRun) matchSummaryJSON {
	o, s := run.o, run.sum
	return matchSummaryJSON{Game: o.game, Games: o.games, Players: o.players, Seed: o.seed, AI: o.levels, Rotate: o.rotate,
		Seconds: run.elapsed.Seconds(), GamesPerSec: run.gamesPerSecond(), Moves: s.Moves, Steps: s.Steps, Errors: s.Errors,
		Seats: s.Seats, Levels: s.Levels, Decisions: run.decisions, FirstErrors: s.FirstErrors}
}

func (*simSummaryStats) print(w io.Writer, run *simRun) error {
	o, s := run.o, run.sum
	if o.json {
		return writeJSON(w, summaryJSON(run))
	}
	fmt.Fprintf(w, "%s: %d games (%d players, seeds %d..%d) in %.2fs: %.0f games/s, %.0f moves and %.0f steps per game, %d errors\n",
		o.game, o.games, o.players, o.seed, o.seed+uint64(o.games)-1, run.elapsed.Seconds(), run.gamesPerSecond(), s.Moves, s.Steps, s.Errors)
	fmt.Fprintf(w, "%-6s %-8s %7s %6s %7s %15s\n", "seat", "level", "score", "wins", "win%", "95% CI")
	row := func(name string, st engine.Standing) {
		fmt.Fprintf(w, "%-6s %-8s %7.2f %6d %7.1f %6.1f-%5.1f%%\n", name, st.Level, st.Score, st.Wins, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	for _, st := range s.Seats {
		st.Level = seatLevel(o, st.Seat)
		row(fmt.Sprint(st.Seat), st)
	}
	for _, st := range s.Levels {
		row("all", st)
	}
	fmt.Fprintf(w, "time per decision: %s\n", decisionLine(run))
	for _, e := range s.FirstErrors {
		fmt.Fprintln(w, "error:", e)
	}
	return nil
}

func (*simSummaryStats) report(path string, run *simRun) error {
	var b bytes.Buffer
	o, s := run.o, run.sum
	fmt.Fprintf(&b, "# %s balance (%d seats)\n\n", o.game, o.players)
	fmt.Fprintf(&b, "Made with `go run ./cmd/atheneum sim %s`: %d games between computer players (%s).\n\n", strings.Join(o.args, " "), s.Games, describeLevels(o.levels, o.rotate))
	b.WriteString("| seat | mean score | wins | win rate | 95 % interval |\n|---|---|---|---|---|\n")
	for _, st := range s.Seats {
		fmt.Fprintf(&b, "| %d | %.2f | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Seat+1, st.Score, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	b.WriteString("\n| level | mean score | wins | win rate | 95 % interval |\n|---|---|---|---|---|\n")
	for _, st := range s.Levels {
		fmt.Fprintf(&b, "| %s | %.2f | %d of %d | %.1f %% | %.1f-%.1f %% |\n", st.Level, st.Score, st.Wins, st.Played, 100*st.WinRate, 100*st.CILow, 100*st.CIHigh)
	}
	return writeKeepingNotes(path, b.Bytes())
}

// seatLevel is the level of a seat over the run: its --ai level, or
// "mixed" when rotation moved several levels through it.
func seatLevel(o *simOptions, seat int) string {
	if o.rotate && slices.ContainsFunc(o.levels, func(l string) bool { return l != o.levels[0] }) {
		return "mixed"
	}
	return o.levels[seat]
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// reportKeepMarker starts the hand-written part of a report file: when the
// file already holds this line, it and everything after it are kept when the
// report is written again.
const reportKeepMarker = "<!-- hand-written notes below: kept when the report is regenerated -->"

// writeKeepingNotes writes a report to path, keeping the hand-written
// notes of the file already there (from reportKeepMarker on).
func writeKeepingNotes(path string, report []byte) error {
	buf := bytes.NewBuffer(report)
	if old, err := os.ReadFile(path); err == nil {
		if i := bytes.Index(old, []byte(reportKeepMarker)); i >= 0 {
			buf.WriteString("\n")
			buf.Write(old[i:])
		}
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// describeLevels says who played, e.g. "normal ×4" or "hard, normal ×3, seats rotating".
func describeLevels(levels []string, rotate bool) string {
	var parts []string
	for i := 0; i < len(levels); {
		j := i
		for j < len(levels) && levels[j] == levels[i] {
			j++
		}
		parts = append(parts, fmt.Sprintf("%s ×%d", levels[i], j-i))
		i = j
	}
	s := strings.Join(parts, ", ")
	if rotate && len(parts) > 1 {
		s += ", levels moving one seat along each game"
	}
	return s
}
