package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"atheneum/engine"
	exlibrisai "atheneum/engine/exlibris/ai"
)

// exlibrisSim is Ex Libris in sim: its hard level searching with
// --playouts, and beyond every game's summary its balance figures (the
// first player's advantage, how long games are, what each location and
// library is worth), as docs/exlibris/balance.md gives them.
var exlibrisSim = simGame{
	play: func(o *simOptions) (engine.Game, error) {
		return exlibrisai.Game(exlibrisai.Players{Playouts: o.playouts}), nil
	},
	stats: func(*simOptions) (simStats, error) { return &exlibrisStats{balance: exlibrisai.NewBalance()}, nil },
}

// exlibrisStats sums Ex Libris's games up: the summary every game gets,
// and the balance figures, taken in game order so that they never depend
// on the number of workers.
type exlibrisStats struct {
	simSummaryStats
	balance *exlibrisai.Balance
}

// measure keeps the record: the balance replays it when it is added.
func (s *exlibrisStats) measure(rec engine.GameRecord) (any, error) { return rec, nil }

func (s *exlibrisStats) add(m any) error {
	s.balance.Add(m.(engine.GameRecord))
	return nil
}

// exlibrisSummaryJSON is what `sim --game exlibris --json` prints: every
// game's summary and the balance figures, in markdown.
type exlibrisSummaryJSON struct {
	matchSummaryJSON
	Balance string `json:"balance"`
}

func (s *exlibrisStats) print(w io.Writer, run *simRun) error {
	if run.o.json {
		return writeJSON(w, exlibrisSummaryJSON{matchSummaryJSON: summaryJSON(run), Balance: s.balance.Report()})
	}
	if err := s.simSummaryStats.print(w, run); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s", s.balance.Report())
	return err
}

func (s *exlibrisStats) report(path string, run *simRun) error {
	var b bytes.Buffer
	o := run.o
	fmt.Fprintf(&b, "# Ex Libris balance (%d seats)\n\n", o.players)
	fmt.Fprintf(&b, "Made with `go run ./cmd/atheneum sim %s`: %d games between computer players (%s), the libraries drafted as the players prefer.\n\n",
		strings.Join(o.args, " "), run.sum.Games, describeLevels(o.levels, o.rotate))
	b.WriteString(s.balance.Report())
	return writeKeepingNotes(path, b.Bytes())
}
