package exlibris

import (
	"errors"
	"strconv"

	"atheneum/engine"
)

// ID names Ex Libris in records, commands and custom ids.
const ID = "exlibris"

// The table options by name (engine.Setup.Options).
const (
	// OptionMode: "standard" (the default), "beginner" or "friendly".
	OptionMode = "mode"
	// OptionLength: "normal" (the default) or "long".
	OptionLength = "length"
	// OptionLevel: the solo difficulty, a SoloLevels id ("initiate", the
	// default, to "demiurge"); it only matters to a game of one seat.
	OptionLevel = "difficulty"
)

var modeNames = []string{"standard", "beginner", "friendly"}

// ParseOptions reads the table options by name; an unknown option or
// value is refused with CodeBadOption.
func ParseOptions(named map[string]string) (Options, error) {
	var o Options
	for name, value := range named {
		switch name {
		case OptionMode:
			i := indexOf(modeNames, value)
			if i < 0 {
				return Options{}, refuse(CodeBadOption, "Name", name, "Value", value)
			}
			o.Mode = Mode(i)
		case OptionLength:
			switch value {
			case "normal":
			case "long":
				o.Long = true
			default:
				return Options{}, refuse(CodeBadOption, "Name", name, "Value", value)
			}
		case OptionLevel:
			i := -1
			for k, l := range soloLevels {
				if l.Names.ID == value {
					i = k
				}
			}
			if i < 0 {
				return Options{}, refuse(CodeBadOption, "Name", name, "Value", value)
			}
			o.Level = i
		default:
			return Options{}, refuse(CodeBadOption, "Name", name, "Value", value)
		}
	}
	return o, nil
}

// Named writes the options by name, every one of them.
func (o Options) Named() map[string]string {
	length := "normal"
	if o.Long {
		length = "long"
	}
	level := ""
	if o.Level >= 0 && o.Level < len(soloLevels) {
		level = soloLevels[o.Level].Names.ID
	}
	mode := ""
	if int(o.Mode) < len(modeNames) {
		mode = modeNames[o.Mode]
	}
	return map[string]string{OptionMode: mode, OptionLength: length, OptionLevel: level}
}

func indexOf(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return -1
}

// Rules is Ex Libris at the game seam.
var Rules engine.Rules = rules{}

type rules struct{}

func (rules) ID() string                { return ID }
func (rules) SeatRange() (min, max int) { return MinSeats, MaxSeats }

// New sets up a game from the seam's Setup.
func (rules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	opts, err := ParseOptions(setup.Options)
	if err != nil {
		return nil, seamRefusal(err)
	}
	g, err := New(seed, setup.Seats, opts)
	if err != nil {
		return nil, seamRefusal(err)
	}
	return &State{Game: g}, nil
}

// Options are the mode, the length and the solo difficulty, defaults first.
func (rules) Options() []engine.Option {
	levels := make([]string, len(soloLevels))
	for i, l := range soloLevels {
		levels[i] = l.Names.ID
	}
	return []engine.Option{
		{Name: OptionMode, Values: append([]string(nil), modeNames...)},
		{Name: OptionLength, Values: []string{"normal", "long"}},
		{Name: OptionLevel, Values: levels},
	}
}

// State is an Ex Libris game at the seam (engine.State); Game is the
// rules' own state, for whoever knows the game (its pictures, its face).
type State struct {
	Game *Game
	// lent is the view LendView lends, written anew for each decision: a
	// game is about 4 KB, and a match asks for a view before every move.
	lent *viewState
}

// Rules is Ex Libris's.
func (s *State) Rules() engine.Rules { return Rules }

// Origin is the seed, the number of seats and every option.
func (s *State) Origin() (uint64, engine.Setup) {
	return s.Game.Seed(), engine.Setup{Seats: s.Game.Seats(), Options: s.Game.Options().Named()}
}

// Seats is the number of seats.
func (s *State) Seats() int { return s.Game.Seats() }

// Awaited lists the seats asked (see Game.Awaited). The list is shared
// by every game awaiting the same seats, to be read and not changed: a
// match asks for it before every move.
func (s *State) Awaited() []int { return awaitedLists[s.Game.awaitedMask()] }

// awaitedLists are the lists of seats Awaited returns, by the mask of the
// seats awaited: made once, never changed, and full to capacity, so that
// appending to one copies it.
var awaitedLists = func() (lists [1 << MaxSeats][]int) {
	for mask := 1; mask < len(lists); mask++ {
		var l []int
		for s := 0; s < MaxSeats; s++ {
			if mask&(1<<s) != 0 {
				l = append(l, s)
			}
		}
		lists[mask] = l[:len(l):len(l)]
	}
	return lists
}()

// StepKey names the step (see Game.StepKey).
func (s *State) StepKey() string { return s.Game.StepKey() }

// Next walks a move key by key (see Game.Next and docs/exlibris/notation.md).
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
		return nil, &engine.Refusal{Code: CodeNotation, Args: map[string]any{"Move": string(m)}, Message: err.Error()}
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

// Do plays a move without building its events (engine.Doer), for
// play-outs and simulations.
func (s *State) Do(m engine.Move) error {
	var words [1 + maxKeys]string
	mv, err := parseMove(string(m), &words)
	if err != nil {
		return &engine.Refusal{Code: CodeNotation, Args: map[string]any{"Move": string(m)}, Message: err.Error()}
	}
	return seamRefusal(s.Game.PlayMove(mv))
}

// View is what seat may see. The view and its game come in one
// allocation: matches ask for a view before every move.
func (s *State) View(seat int) engine.State {
	v := &viewState{}
	s.Game.viewInto(&v.game, seat)
	v.State.Game = &v.game
	return &v.State
}

// LendView is what seat may see, as View, written into a view the state
// keeps for the purpose (engine.Lender): valid until the next LendView,
// and not to be kept nor changed. Matches read their players' views
// through it, so that a move costs no copy of the game on the heap.
func (s *State) LendView(seat int) engine.State {
	if s.lent == nil {
		s.lent = new(viewState)
	}
	s.Game.viewInto(&s.lent.game, seat)
	s.lent.State.Game = &s.lent.game
	return &s.lent.State
}

// viewState holds a view's State and its Game together.
type viewState struct {
	State
	game Game
}

// Determinize deals what the seat cannot see at random.
func (s *State) Determinize(seat int, seed uint64) engine.State {
	return &State{Game: s.Game.Determinize(seat, seed)}
}

// Clone copies the game.
func (s *State) Clone() engine.State { return &State{Game: s.Game.Clone()} }

// Over reports whether the inspection is done.
func (s *State) Over() bool { return s.Game.Over() }

// Results are each seat's points by category (stability, popular,
// banned, diversity, speciality; solo: and the public library's total),
// ranked by total then by the tie-breaks; nil before the end.
func (s *State) Results() []engine.Result {
	res := s.Game.Results()
	if res == nil {
		return nil
	}
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

// Played is the number of moves applied since the setup.
func (s *State) Played() int { return s.Game.Played() }

// seamRefusal turns the rules' refusal into the seam's, code and
// arguments kept.
func seamRefusal(err error) error {
	if err == nil {
		// Before r: errors.As takes its address, which puts it on the
		// heap, and every move of a match comes here.
		return nil
	}
	var r *Refusal
	if !errors.As(err, &r) {
		return err
	}
	return &engine.Refusal{Code: r.Code, Args: r.Args, Message: r.Error()}
}

func itoa(n int) string { return strconv.Itoa(n) }

func init() { engine.Register(Rules) }
