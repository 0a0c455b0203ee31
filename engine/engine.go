// Package engine is the seam between the games and everything that runs
// them: one narrow interface that each game's rules implement once
// (engine/atheneum, engine/anludim), and the algorithms written once over
// it (random play-outs, a search player, the checks every game must pass in
// engine/enginetest).
//
// The shape follows OpenSpiel's State: a game is set up from a seed and a
// Setup, moves are applied one at a time, and anything that drives a game
// (the bot's service, a computer player, a simulation) asks the state whom
// it waits for, which moves it offers and how it ended, without knowing
// the game. Moves travel as text in the game's own notation (Move), which
// is also what records keep: a game is its seed, its Setup and its ordered
// moves.
//
// Moves are built step by step (Next): an Atheneum seat chooses an item,
// then a space; an Anludim player chooses cards one by one, then a
// professor. So menus, computer players and move listings never enumerate
// every combination at once.
//
// # Editions
//
// Rules change after games have started under them (a ruling read more
// strictly refuses a move it accepted), and a stored game is replayed
// through the rules, so a game must keep the rules it started with. Rules
// that have changed so implement Editioned: their readings are numbered
// editions from 1, a Setup names the edition a game is played by (0: the
// current one), and the game's Origin reports that edition pinned, which
// a host stores with the game and passes back when it replays it. Rules
// without Editioned ignore Setup.Edition and are at their first edition:
// hosts pin 1 for their games (Setup.PinEdition), so the day such rules
// gain a second edition, their edition 1 must play exactly as they did.
//
// The package imports the standard library only and does no I/O.
package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Spectator is the seat of someone who plays none: a View for them shows
// only what every player may see.
const Spectator = -1

// Move is one move in its game's text notation, seat included (the
// notation is each game's own, documented in docs/<game>/notation.md).
type Move string

// Rules is one kind of game: how to set one up. Each game's rules package
// provides one value of it.
type Rules interface {
	// ID names the game in records, commands and custom ids, e.g.
	// "atheneum"; it never changes.
	ID() string
	// SeatRange is the smallest and the largest number of seats.
	SeatRange() (min, max int)
	// New sets up a game. The same seed and setup give the same game; an
	// impossible setup is refused with a *Refusal.
	New(seed uint64, setup Setup) (State, error)
}

// Players are a game's computer players. They live beside the rules, not
// in them (a game's AI package imports its rules), hence an interface of
// their own.
type Players interface {
	// Levels lists the computer players' levels, weakest first.
	Levels() []string
	// Player returns a computer player of a level; seed makes its choices
	// repeatable.
	Player(level string, seed uint64) (Player, error)
	// Autopilot returns the move played for an absent seat at a deadline,
	// chosen from that seat's view; seed makes it repeatable.
	Autopilot(view State, seat int, seed uint64) (Move, error)
}

// Game is a kind of game a host can run: its rules and its computer
// players.
type Game struct {
	Rules
	Players
}

// Setup is what a lobby decides before a game starts.
type Setup struct {
	// Seats is the number of seats.
	Seats int
	// Options are the game's options by name (for example Anludim's
	// "variant": "expert"); each game checks its own.
	Options map[string]string
	// SeatOptions holds each seat's options, in seat order (for example
	// Atheneum's "subject"); nil when the game has none.
	SeatOptions []map[string]string
	// Edition is the edition of the rules the game is played by (see
	// Editioned); 0 means the rules' current edition. Rules that are not
	// Editioned ignore it.
	Edition int
}

// PinEdition returns the setup with its edition pinned for rules r: an
// Edition of 0 becomes r's current edition (CurrentEdition). A host pins
// a game's edition when it starts, so that a later edition of the rules
// never changes a game under way.
func (s Setup) PinEdition(r Rules) Setup {
	if s.Edition == 0 {
		s.Edition = CurrentEdition(r)
	}
	return s
}

// Option returns a game option, or def when it is not set.
func (s Setup) Option(name, def string) string {
	if v, ok := s.Options[name]; ok {
		return v
	}
	return def
}

// State is a game in progress. Apply is the only method that changes it.
type State interface {
	// Rules is the game this state belongs to.
	Rules() Rules
	// Seats is the number of seats.
	Seats() int
	// Awaited lists the seats the game waits for now, in seat order:
	// several during a simultaneous step, one on a turn, another player
	// when someone is asked for a choice in the middle of a turn; none
	// once the game is over.
	Awaited() []int
	// StepKey names the current step; it changes whenever a step ends,
	// so clocks, reminders and stale buttons can key on it.
	StepKey() string
	// Next lists the choices that may follow chosen (the keys of the
	// choices made so far; none to begin a move) in a move that seat is
	// building. A choice whose Move is set completes a move. Every move
	// Apply accepts from seat is reached this way, and every move reached
	// is accepted.
	Next(seat int, chosen []string) []Choice
	// Apply plays a move. A refused move returns a *Refusal and leaves the
	// state as it was.
	Apply(m Move) ([]Event, error)
	// View is the game as seat may see it (Spectator: only what is
	// public). A view can list moves and be searched, but its hidden parts
	// are left out.
	View(seat int) State
	// Determinize returns a whole game that the seat's view cannot tell
	// from the real one, hidden parts drawn from seed: what search players
	// play out.
	Determinize(seat int, seed uint64) State
	// Clone returns an independent copy.
	Clone() State
	// Over reports whether the game has ended.
	Over() bool
	// Results gives each seat's final standing, in seat order, once the
	// game is over (nil before).
	Results() []Result
}

// Option is a choice a lobby offers before a game starts: one of the
// game's options (Setup.Options) or each seat's own (Setup.SeatOptions).
type Option struct {
	// Name is the option's key in the setup.
	Name string
	// Values are the values allowed, the default first.
	Values []string
	// PerSeat is set for a seat's own option.
	PerSeat bool
	// Unique per-seat options take a different value at every seat (two
	// Atheneum players never share a favourite subject).
	Unique bool
}

// Editioned is Rules that have had more than one edition: readings of the
// rules that accept or refuse different moves, numbered from 1. New sets a
// game up by the edition its Setup names (0: the current one) and refuses
// an edition it does not know with a *Refusal; the game's Origin reports
// the edition pinned, and its Next and Apply follow that edition.
type Editioned interface {
	// Edition is the rules' current edition, at least 1: the one a game
	// set up with Edition 0 is played by.
	Edition() int
}

// CurrentEdition is the edition a game of r set up today is played by:
// r's Edition, or 1 for rules that are not Editioned.
func CurrentEdition(r Rules) int {
	if e, ok := r.(Editioned); ok {
		return e.Edition()
	}
	return 1
}

// Optioner is Rules whose games have options a lobby may set. A game
// without it has none.
type Optioner interface {
	Options() []Option
}

// Choice is one step in building a move.
type Choice struct {
	// Key identifies the choice among those offered with it (a menu's
	// value); it is passed back to Next in chosen.
	Key string
	// Move is set when this choice completes a move.
	Move Move
}

// Refusal is a move or a setup refused by the rules: a code and named
// arguments, which the catalogue words for players ("<game>.<code>").
type Refusal struct {
	Code string
	Args map[string]any
	// Message is an English summary, for logs only.
	Message string
}

func (r *Refusal) Error() string {
	if r.Message != "" {
		return r.Message
	}
	return "refused: " + r.Code
}

// Event is something a move caused that players may be told about: a kind
// named by the game, the seat it concerns (-1 for none) and named details.
type Event struct {
	Kind string
	Seat int
	Args map[string]any
	// Private events carry details only Seat may see (the card it drew);
	// the others are told the event without them.
	Private bool
}

// Result is a seat's final standing.
type Result struct {
	Seat int
	// Rank is 1 for the winners; tied seats share a rank.
	Rank int
	// Score is the number the game ranks by first (Atheneum's points,
	// Anludim's rounds won), for records that compare games.
	Score int
	// Rows are the seat's points by category, in the game's display
	// order; the catalogue words each "<game>.category.<Category>".
	Rows []Row
	// TieBreak names the rule that settled the seat's rank against a seat
	// with the same Score ("" when none was needed).
	TieBreak string
}

// Row is one category of a result.
type Row struct {
	Category string
	Points   int
}

// Player is a computer player: it chooses a move for a seat from what
// that seat may see.
type Player interface {
	// Level is the player's level, one of its Rules' Levels.
	Level() string
	// Propose returns the move to play; view is the seat's view.
	Propose(view State, seat int) (Move, error)
}

// NextFromList serves Next for a game whose moves are few enough to list
// whole: each move's notation is split into words after its seat, and the
// choices are the distinct words that follow chosen, in list order.
func NextFromList(moves []Move, chosen []string) []Choice {
	var out []Choice
	for _, m := range moves {
		words := strings.Fields(string(m))
		if len(words) < 2 {
			continue
		}
		words = words[1:] // the seat, known to the caller
		if len(words) <= len(chosen) || !slices.Equal(words[:len(chosen)], chosen) {
			continue
		}
		key := words[len(chosen)]
		var done Move
		if len(words) == len(chosen)+1 {
			done = m
		}
		if k := slices.IndexFunc(out, func(c Choice) bool { return c.Key == key }); k >= 0 {
			if out[k].Move == "" {
				out[k].Move = done
			}
			continue
		}
		out = append(out, Choice{Key: key, Move: done})
	}
	return out
}

// Moves lists the moves seat can make now by walking Next to the end of
// each path, depth first (see ListMoves for the bound).
func Moves(s State, seat, limit int) []Move {
	moves, _ := ListMoves(s, seat, limit)
	return moves
}

// ListMoves is Moves that also says whether the list is complete. limit
// bounds how many moves are listed, and the walk stops after visiting 16
// times as many choices (0: no bound), for games whose moves are too many
// to list (Anludim's combinations of cards).
func ListMoves(s State, seat, limit int) (moves []Move, complete bool) {
	visits := 0
	var walk func(chosen []string) bool
	walk = func(chosen []string) bool {
		for _, c := range s.Next(seat, chosen) {
			visits++
			if limit > 0 && (visits > 16*limit || len(moves) >= limit) {
				return false
			}
			if c.Move != "" {
				moves = append(moves, c.Move)
			}
			if !walk(append(slices.Clip(chosen), c.Key)) {
				return false
			}
		}
		return true
	}
	complete = walk(nil)
	return moves, complete
}

// Winners lists the seats ranked first.
func Winners(results []Result) []int {
	var w []int
	for _, r := range results {
		if r.Rank == 1 {
			w = append(w, r.Seat)
		}
	}
	return w
}

// CheckResults reports what is wrong with a game's results, if anything:
// one per seat in seat order, ranks from 1 with ties sharing a rank and
// the next rank skipping them, better scores never ranked lower.
func CheckResults(results []Result, seats int) error {
	if len(results) != seats {
		return fmt.Errorf("%d results for %d seats", len(results), seats)
	}
	for i, r := range results {
		if r.Seat != i {
			return fmt.Errorf("result %d is for seat %d", i, r.Seat)
		}
		better := 0
		for _, o := range results {
			if o.Rank < r.Rank {
				better++
			}
			if o.Score > r.Score && o.Rank > r.Rank {
				return fmt.Errorf("seat %d scored %d and ranks below seat %d with %d", o.Seat, o.Score, r.Seat, r.Score)
			}
		}
		if r.Rank != better+1 {
			return fmt.Errorf("seat %d has rank %d with %d seats ranked above", r.Seat, r.Rank, better)
		}
	}
	return nil
}
