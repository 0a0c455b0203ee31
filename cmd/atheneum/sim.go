package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
)

// simOptions are sim's flags, for the games other than Atheneum.
type simOptions struct {
	games, players     int
	seed               uint64
	levels             string
	playouts, workers  int
	rotate, json       bool
	record, reportPath string
	// contentSet is set when --content (Atheneum's) was given.
	contentSet bool
	variant    string
	args       []string
}

// simRecord is one game written by `sim --record`.
type simRecord struct {
	Seed    uint64   `json:"seed"`
	Content string   `json:"content"`
	Seats   []string `json:"seats"`
	// Levels gives the AI level that played each seat.
	Levels   []string          `json:"levels,omitempty"`
	Actions  []atheneum.Action `json:"actions"`
	Shelves  []string          `json:"shelves"`
	Results  []atheneum.Result `json:"results"`
	Winners  []int             `json:"winners"`
	Duration string            `json:"duration"`
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

// simSeatLevels gives the level of each seat in game i: the --ai list,
// moved i seats along when rotate is set so every level plays every seat.
func simSeatLevels(levels []string, i int, rotate bool) []string {
	n := len(levels)
	out := make([]string, n)
	for s := range out {
		k := s
		if rotate {
			k = (s + i) % n
		}
		out[s] = levels[k]
	}
	return out
}

// playSimGame plays one game of sim: seed is the game's seed, levels the
// AI level of each seat (len(levels) seats, subjects in atheneum.Colors
// order), o the options shared by the AI seats (each seat's Options.Seed is
// derived from o.Seed, seed and the seat). A game of random seats only is
// played exactly as sim always did (atheneum.RandomPlayer over the whole
// table).
func playSimGame(seed uint64, levels []string, o ai.Options) (*atheneum.Game, []atheneum.Action, error) {
	g, acts, _, err := playSimGameTimed(seed, levels, o)
	return g, acts, err
}

// simTimes accumulates the time spent in one level's decisions.
type simTimes struct {
	n int
	d time.Duration
}

// timedPlayer measures a player's decisions.
type timedPlayer struct {
	ai.Player
	t *simTimes
}

func (p timedPlayer) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	t0 := time.Now()
	a, err := p.Player.Propose(view, seat)
	p.t.d += time.Since(t0)
	p.t.n++
	return a, err
}

func playSimGameTimed(seed uint64, levels []string, o ai.Options) (*atheneum.Game, []atheneum.Action, map[string]*simTimes, error) {
	cfg := simConfig(seed, len(levels))
	allRandom := true
	for _, l := range levels {
		allRandom = allRandom && l == "random"
	}
	if allRandom {
		g, err := atheneum.NewGame(cfg)
		if err != nil {
			return nil, nil, nil, err
		}
		acts, err := atheneum.NewRandomPlayer(seed).Playout(g, nil)
		if err == nil && g.Step != atheneum.StepOver {
			err = fmt.Errorf("game stopped in the %s step", g.Step)
		}
		return g, acts, nil, err
	}
	times := map[string]*simTimes{}
	players := make([]ai.Player, len(levels))
	for i, l := range levels {
		so := o
		so.Seed = o.Seed ^ (seed*0x9e3779b97f4a7c15 + uint64(i)*0xbf58476d1ce4e5b9)
		p, err := ai.New(l, so)
		if err != nil {
			return nil, nil, nil, err
		}
		if times[l] == nil {
			times[l] = &simTimes{}
		}
		players[i] = timedPlayer{p, times[l]}
	}
	g, acts, err := ai.PlayGame(cfg, players)
	if err == nil && g.Step != atheneum.StepOver {
		err = fmt.Errorf("game stopped in the %s step", g.Step)
	}
	return g, acts, times, err
}

// simGame is what one game of sim leaves for the summary.
type simGame struct {
	levels  []string
	results []atheneum.Result
	actions int
	times   map[string]*simTimes
	err     error
}

// parseLevels reads --ai: one level for every seat, or one per seat.
func parseLevels(s string, players int) ([]string, error) {
	return parseLevelsOf(s, players, ai.Levels)
}

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

// runSim plays games between computer players and prints the totals.
func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 100, "number of games to play")
	players := fs.Int("players", 4, "seats per game (2-5)")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	record := fs.String("record", "", "write one JSON record per game into this folder")
	levelsFlag := fs.String("ai", "random", "AI level of every seat, or a comma-separated level per seat ("+strings.Join(ai.Levels, ", ")+")")
	playouts := fs.Int("playouts", 0, "play-outs per decision of the hard level, per candidate in Atheneum (0: the level's default, or Atheneum's --budget)")
	budget := fs.Duration("budget", 0, "thinking time per decision of the hard level instead of play-outs, for experiments (0: none, the level's default play-outs)")
	rotate := fs.Bool("rotate", true, "in game i, move each --ai level i seats along, so every level plays every seat")
	workers := fs.Int("workers", 0, "games played at once (0: GOMAXPROCS)")
	game := fs.String("game", atheneum.GameID, "the game to play: "+atheneum.GameID+" or "+anludim.ID)
	variant := fs.String("variant", "base", "Anludim's variant: base or expert")
	reportFlags := addReportFlags(fs) // --report and --content: see report.go
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: atheneum sim [--game atheneum|anludim] [--variant base|expert] --games N --players P --seed S [--ai LEVEL[,LEVEL...]] [--playouts K] [--json] [--record DIR]")
		fmt.Fprintln(fs.Output(), "Plays N games between computer players (random by default) and prints scores, win rates and errors.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch *game {
	case anludim.ID:
		if set["budget"] {
			return errors.New("--budget is Atheneum's: Anludim's hard level takes --playouts")
		}
		return runAnludimSim(simOptions{games: *games, players: *players, seed: *seed, levels: *levelsFlag, playouts: *playouts,
			rotate: *rotate, workers: *workers, json: *asJSON, record: *record, reportPath: *reportFlags.report,
			contentSet: set["content"], variant: *variant, args: args}, stdout)
	case atheneum.GameID:
		if set["variant"] {
			return errors.New("--variant is Anludim's: use it with --game anludim")
		}
	default:
		return fmt.Errorf("--game must be %s or %s, not %q", atheneum.GameID, anludim.ID, *game)
	}
	if *players < atheneum.MinSeats || *players > atheneum.MaxSeats {
		return fmt.Errorf("--players must be %d to %d", atheneum.MinSeats, atheneum.MaxSeats)
	}
	if *games < 1 {
		return errors.New("--games must be at least 1")
	}
	if *playouts < 0 {
		return errors.New("--playouts must not be negative")
	}
	levels, err := parseLevels(*levelsFlag, *players)
	if err != nil {
		return err
	}
	rep, err := reportFlags.start(args)
	if err != nil {
		return err
	}
	if *record != "" {
		if err := os.MkdirAll(*record, 0o755); err != nil {
			return err
		}
	}
	o := ai.Options{Playouts: *playouts, Budget: *budget}
	nw := *workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = min(nw, *games)

	out := make([]simGame, *games)
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		next    int
		fileErr error
	)
	start := time.Now()
	for w := 0; w < nw; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := fileErr != nil
				mu.Unlock()
				if i >= *games || stop {
					return
				}
				gameSeed := *seed + uint64(i)
				lv := simSeatLevels(levels, i, *rotate)
				t0 := time.Now()
				g, actions, times, err := playSimGameTimed(gameSeed, lv, o)
				r := simGame{levels: lv, actions: len(actions), times: times, err: err}
				if err == nil {
					r.results = g.Results
					rep.add(simConfig(gameSeed, len(lv)), actions)
					if *record != "" {
						if werr := writeRecord(*record, g, gameSeed, lv, actions, time.Since(t0)); werr != nil {
							mu.Lock()
							fileErr = werr
							mu.Unlock()
						}
					}
				}
				out[i] = r
			}
		}()
	}
	wg.Wait()
	if fileErr != nil {
		return fileErr
	}
	elapsed := time.Since(start)
	sum := summarise(out, levels, *rotate, *seed, *players)
	sum.Playouts = *playouts
	sum.Seconds = elapsed.Seconds()
	sum.GamesPerSec = float64(*games) / elapsed.Seconds()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum); err != nil {
			return err
		}
	} else {
		printSummary(stdout, &sum)
	}
	if sum.Errors > 0 {
		return fmt.Errorf("%d games failed", sum.Errors)
	}
	return rep.write(describeLevels(levels, *rotate))
}

// summarise folds the games, in game order, into the summary.
func summarise(out []simGame, levels []string, rotate bool, seed uint64, players int) simSummary {
	sum := simSummary{Games: len(out), Players: players, Seed: seed, AI: levels, Rotate: rotate, Seats: make([]simSeat, players)}
	byLevel := map[string]*simSeat{}
	var order []string
	for _, l := range levels {
		if byLevel[l] == nil {
			byLevel[l] = &simSeat{Seat: -1, Level: l}
			order = append(order, l)
		}
	}
	times := map[string]*simTimes{}
	totalActions := 0
	for i, r := range out {
		totalActions += r.actions
		if r.err != nil {
			sum.Errors++
			if len(sum.FirstErrors) < 5 {
				sum.FirstErrors = append(sum.FirstErrors, fmt.Sprintf("seed %d: %v", seed+uint64(i), r.err))
			}
			continue
		}
		for l, t := range r.times {
			if times[l] == nil {
				times[l] = &simTimes{}
			}
			times[l].n += t.n
			times[l].d += t.d
		}
		winners := 0
		for _, res := range r.results {
			if res.Rank == 1 {
				winners++
			}
		}
		for _, res := range r.results {
			for _, s := range []*simSeat{&sum.Seats[res.Seat], byLevel[r.levels[res.Seat]]} {
				s.Played++
				s.Total += float64(res.Total)
				s.Cards += float64(res.Cards)
				s.Objectives += float64(res.Objectives)
				s.Favorite += float64(res.Favorite)
				s.Compartments += float64(res.Compartments)
				s.Candles += float64(res.Candles)
				s.Wands += float64(res.Wands)
				s.Books += float64(res.Books)
				if res.Rank == 1 {
					s.Wins++
					s.WinShare += 1 / float64(winners)
					if winners > 1 {
						s.Ties++
					}
				}
			}
		}
	}
	sum.Actions = float64(totalActions) / float64(len(out))
	for i := range sum.Seats {
		s := &sum.Seats[i]
		s.Seat = i
		s.Level = levels[i]
		if rotate && len(byLevel) > 1 {
			s.Level = "mixed"
		}
		s.finish()
	}
	for _, l := range order {
		s := byLevel[l]
		s.finish()
		sum.Levels = append(sum.Levels, *s)
	}
	if len(times) > 0 {
		sum.Decisions = map[string]float64{}
		for l, t := range times {
			if t.n > 0 {
				sum.Decisions[l] = t.d.Seconds() / float64(t.n)
			}
		}
	}
	return sum
}

// finish turns sums into means and the win rate with its interval.
func (s *simSeat) finish() {
	if s.Played == 0 {
		return
	}
	n := float64(s.Played)
	for _, f := range []*float64{&s.Total, &s.Cards, &s.Objectives, &s.Favorite, &s.Compartments, &s.Candles, &s.Wands, &s.Books} {
		*f /= n
	}
	s.WinRate = s.WinShare / n
	s.CILow, s.CIHigh = wilson(s.WinRate, n)
}

// wilson is the 95 % Wilson score interval of a proportion p over n trials.
func wilson(p, n float64) (lo, hi float64) {
	const z = 1.959964
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

func printSummary(w io.Writer, sum *simSummary) {
	fmt.Fprintf(w, "games %d (%d players, seeds %d..%d) in %.2fs: %.0f games/s, %.0f actions per game, %d errors\n",
		sum.Games, sum.Players, sum.Seed, sum.Seed+uint64(sum.Games)-1, sum.Seconds, sum.GamesPerSec, sum.Actions, sum.Errors)
	fmt.Fprintf(w, "%-6s %-6s %7s %6s %6s %6s %6s %6s %6s %6s %5s %6s %15s\n", "seat", "level", "total", "cards", "objs", "fav", "comps", "candle", "wands", "books", "wins", "win%", "95% CI")
	row := func(name string, s simSeat) {
		fmt.Fprintf(w, "%-6s %-6s %7.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %5d %6.1f %6.1f-%5.1f%%\n",
			name, s.Level, s.Total, s.Cards, s.Objectives, s.Favorite, s.Compartments, s.Candles, s.Wands, s.Books, s.Wins,
			100*s.WinRate, 100*s.CILow, 100*s.CIHigh)
	}
	for _, s := range sum.Seats {
		row(fmt.Sprint(s.Seat), s)
	}
	if len(sum.Levels) > 1 {
		for _, s := range sum.Levels {
			row("all", s)
		}
	}
	if len(sum.Decisions) > 0 {
		var parts []string
		for _, l := range ai.Levels {
			if d, ok := sum.Decisions[l]; ok {
				parts = append(parts, fmt.Sprintf("%s %s", l, time.Duration(d*float64(time.Second)).Round(time.Microsecond)))
			}
		}
		fmt.Fprintf(w, "time per decision: %s (win%% counts a win shared by k seats as 1/k; wins counts it for each)\n", strings.Join(parts, ", "))
	}
	for _, e := range sum.FirstErrors {
		fmt.Fprintln(w, "error:", e)
	}
}

func writeRecord(dir string, g *atheneum.Game, seed uint64, levels []string, actions []atheneum.Action, d time.Duration) error {
	rec := simRecord{Seed: seed, Content: g.ContentID, Levels: levels, Actions: actions, Results: g.Results, Winners: g.Winners(), Duration: d.String()}
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
