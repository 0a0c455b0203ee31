package anludim

import (
	"errors"

	"atheneum/engine"
)

// Rules is Anludim at the game seam: the rules every host and algorithm
// written over engine.State can run. Its only option is "variant": "base"
// (the default) or "expert". It is engine.Editioned: a Setup's Edition is
// Options.Edition (EditionFirst or EditionHigherOnly, 0 the current one).
var Rules engine.Rules = rules{}

type rules struct{}

func (rules) ID() string                { return ID }
func (rules) SeatRange() (min, max int) { return MinSeats, MaxSeats }

// Edition is the current edition, CurrentEdition.
func (rules) Edition() int { return CurrentEdition }

// New sets up a game from the seam's Setup, by the edition it names.
func (rules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	opts, err := ParseOptions(setup.Options)
	if err != nil {
		return nil, &engine.Refusal{Code: "options", Message: err.Error()}
	}
	opts.Edition = setup.Edition
	g, err := New(seed, setup.Seats, opts)
	if err != nil {
		return nil, seamRefusal(err)
	}
	return &State{Game: g}, nil
}

// State is an Anludim game at the seam (engine.State); Game is the rules'
// own state, for whoever knows the game (its pictures, its Discord face).
type State struct {
	Game *Game
	// lent is the view LendView lends, written anew for each decision:
	// a game is 2.8 KB, and a match asks for a view before every move.
	lent *lentView
}

// lentView holds a lent view's State and its Game together.
type lentView struct {
	state State
	game  Game
}

// Rules is Anludim's.
func (s *State) Rules() engine.Rules { return Rules }

// Options are the variant, "base" (the default) or "expert".
func (rules) Options() []engine.Option {
	return []engine.Option{{Name: OptionVariant, Values: []string{"base", "expert"}}}
}

// Origin is the seed, the number of seats, the variant and the edition.
func (s *State) Origin() (uint64, engine.Setup) {
	opts := s.Game.Options()
	return s.Game.Seed(), engine.Setup{Seats: s.Game.Seats(), Options: opts.Named(), Edition: opts.Edition}
}

// Seats is the number of seats.
func (s *State) Seats() int { return s.Game.Seats() }

// Awaited is the seat on turn (or, between rounds, the seat choosing the
// cards its crest keeps).
func (s *State) Awaited() []int { return s.Game.Awaited() }

// StepKey is "r2.t14" (round 2, turn 14), "r2.k3" (keeping cards) or
// "over".
func (s *State) StepKey() string { return s.Game.StepKey() }

// Next walks a move step by step: its start, then cards, a professor and,
// when it matters, a reading (see Game.Next).
func (s *State) Next(seat int, chosen []string) []engine.Choice {
	steps := s.Game.Next(seat, chosen)
	out := make([]engine.Choice, len(steps))
	for i, st := range steps {
		out[i].Key = st.Key
		if st.Move != nil {
			out[i].Move = engine.Move(st.Move.String())
		}
	}
	return out
}

// Apply plays a move written in notation.
func (s *State) Apply(m engine.Move) ([]engine.Event, error) {
	mv, err := ParseMove(string(m))
	if err != nil {
		return nil, &engine.Refusal{Code: "notation", Args: map[string]any{"Move": string(m)}, Message: err.Error()}
	}
	events, err := s.Game.Apply(mv)
	if err != nil {
		return nil, seamRefusal(err)
	}
	out := make([]engine.Event, len(events))
	for i, e := range events {
		out[i] = engine.Event{Kind: string(e.Kind), Seat: e.Seat, Args: e.Args(), Private: e.Private}
	}
	return out, nil
}

// Do plays a move without building its events, for play-outs.
func (s *State) Do(m engine.Move) error {
	mv, err := ParseMove(string(m))
	if err != nil {
		return &engine.Refusal{Code: "notation", Args: map[string]any{"Move": string(m)}, Message: err.Error()}
	}
	return seamRefusal(s.Game.Do(mv))
}

// View is what seat may see.
func (s *State) View(seat int) engine.State { return &State{Game: s.Game.View(seat)} }

// LendView is what seat may see, as View, written into a view the state
// keeps for the purpose (engine.Lender): valid until the next LendView,
// and not to be kept. Matches read their players' views through it, so
// that a move costs no copy of the game on the heap.
func (s *State) LendView(seat int) engine.State {
	if s.lent == nil {
		s.lent = new(lentView)
	}
	s.Game.viewInto(&s.lent.game, seat)
	s.lent.state.Game = &s.lent.game
	return &s.lent.state
}

// Determinize deals what the seat cannot see at random.
func (s *State) Determinize(seat int, seed uint64) engine.State {
	return &State{Game: s.Game.Determinize(seat, seed)}
}

// Clone copies the game.
func (s *State) Clone() engine.State { return &State{Game: s.Game.Clone()} }

// Over reports whether a seat has won two rounds.
func (s *State) Over() bool { return s.Game.Over() }

// Results rank the seats by rounds won, then by the value they held at the
// rounds' ends (see docs/anludim/content.md), in seat order; nil before
// the end.
func (s *State) Results() []engine.Result {
	if !s.Game.Over() {
		return nil
	}
	res := s.Game.Results()
	out := make([]engine.Result, len(res))
	for _, r := range res {
		rows := make([]engine.Row, len(r.Rows))
		for i, row := range r.Rows {
			rows[i] = engine.Row{Category: row.Category, Points: row.Points}
		}
		out[r.Seat] = engine.Result{Seat: r.Seat, Rank: r.Rank, Score: r.Score, Rows: rows, TieBreak: r.TieBreak}
	}
	return out
}

// seamRefusal turns the rules' refusal into the seam's, code and
// arguments kept.
func seamRefusal(err error) error {
	if err == nil {
		return nil // before r, which escapes: a move played costs nothing here
	}
	var r *Refusal
	if !errors.As(err, &r) {
		return err
	}
	return &engine.Refusal{Code: r.Code, Args: r.Args, Message: r.Error()}
}

func init() { engine.Register(Rules) }
