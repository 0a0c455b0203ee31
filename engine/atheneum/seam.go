package atheneum

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"atheneum/engine"
)

// GameID is Atheneum's name at the game seam and in records.
const GameID = "atheneum"

// The Setup options Atheneum reads at the seam.
const (
	// OptionContent names the content pack (DefaultContentID, "atheneum-4", by default).
	OptionContent = "content"
	// SeatOptionSubject is a seat's favourite subject, as a colour letter
	// ("T", "V", "G", "P" or "K"); seats without one get the first free
	// subject in colour order.
	SeatOptionSubject = "subject"
)

// Rules is Atheneum at the game seam: the rules every host and algorithm
// written over engine.State can run.
var Rules engine.Rules = rules{}

type rules struct{}

func (rules) ID() string                { return GameID }
func (rules) SeatRange() (min, max int) { return MinSeats, MaxSeats }

// New sets up a game from the seam's Setup (see OptionContent and
// SeatOptionSubject).
func (rules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	content, err := Load(setup.Option(OptionContent, Default().ID))
	if err != nil {
		return nil, &engine.Refusal{Code: "no_content", Message: err.Error()}
	}
	if setup.Seats < MinSeats || setup.Seats > MaxSeats {
		return nil, refusalOf(errf(CodeSeatCount, "a game needs %d to %d players, not %d", MinSeats, MaxSeats, setup.Seats).
			with("Min", MinSeats).with("Max", MaxSeats).with("Players", setup.Seats))
	}
	subjects := make([]Color, setup.Seats)
	taken := map[Color]bool{}
	for i := range subjects {
		if i < len(setup.SeatOptions) {
			if v := setup.SeatOptions[i][SeatOptionSubject]; v != "" {
				c, ok := ParseColor(v)
				if !ok || !c.IsBook() {
					return nil, &engine.Refusal{Code: string(CodeSameSubject), Message: "unknown subject " + strconv.Quote(v)}
				}
				subjects[i] = c
				taken[c] = true
			}
		}
	}
	for i := range subjects {
		for _, c := range Colors {
			if subjects[i] == NoColor && !taken[c] {
				subjects[i], taken[c] = c, true
			}
		}
	}
	g, err := NewGame(Config{Subjects: subjects, Seed: seed, Content: content})
	if err != nil {
		return nil, refusalOf(err)
	}
	return &State{Game: g}, nil
}

// State is an Atheneum game at the seam (engine.State); Game is the rules'
// own state, for whoever knows the game (its pictures, its Discord face).
// Like the Game, it is for one goroutine at a time.
type State struct {
	Game *Game
	// listed caches the last seat's moves in notation, for the several
	// calls to Next that build one move.
	listed struct {
		ok        bool
		seat, seq int
		moves     []engine.Move
	}
}

// Rules is Atheneum's.
func (s *State) Rules() engine.Rules { return Rules }

// Seats is the number of seats.
func (s *State) Seats() int { return len(s.Game.Seats) }

// Awaited lists the seats that have still to pick or to shelve.
func (s *State) Awaited() []int {
	if s.Game.Step == StepOver {
		return nil
	}
	return s.Game.Waiting()
}

// StepKey is "t3p" (turn 3, pick), "t3r" (turn 3, resolve) or "over".
func (s *State) StepKey() string {
	switch s.Game.Step {
	case StepPick:
		return "t" + strconv.Itoa(s.Game.TurnNumber()) + "p"
	case StepResolve:
		return "t" + strconv.Itoa(s.Game.TurnNumber()) + "r"
	}
	return "over"
}

// Next offers the words of the seat's legal actions in notation, one at a
// time: the action type, then its item, colour, side or space.
func (s *State) Next(seat int, chosen []string) []engine.Choice {
	return engine.NextFromList(s.moves(seat), chosen)
}

// moves lists seat's legal actions in notation.
func (s *State) moves(seat int) []engine.Move {
	g := s.Game
	if c := &s.listed; c.ok && c.seat == seat && c.seq == g.Seq {
		return c.moves
	}
	if g.Hidden {
		// A view lists its own seat's moves (other hands are not in it);
		// a shallow copy, only read.
		c := *g
		c.Hidden = false
		g = &c
	}
	acts := g.LegalActions(seat)
	moves := make([]engine.Move, len(acts))
	for i, a := range acts {
		moves[i] = engine.Move(a.String())
	}
	s.listed.ok, s.listed.seat, s.listed.seq, s.listed.moves = true, seat, s.Game.Seq, moves
	return moves
}

// Apply plays an action written in notation.
func (s *State) Apply(m engine.Move) ([]engine.Event, error) {
	a, err := ParseAction(string(m))
	if err != nil {
		return nil, &engine.Refusal{Code: "notation", Args: map[string]any{"Move": string(m)}, Message: err.Error()}
	}
	events, err := s.Game.Apply(a)
	if err != nil {
		return nil, refusalOf(err)
	}
	out := make([]engine.Event, len(events))
	for i, e := range events {
		out[i] = seamEvent(e)
	}
	return out, nil
}

// Do plays an action without building its events, for play-outs.
func (s *State) Do(m engine.Move) error {
	a, err := ParseAction(string(m))
	if err != nil {
		return &engine.Refusal{Code: "notation", Args: map[string]any{"Move": string(m)}, Message: err.Error()}
	}
	if err := s.Game.Act(a); err != nil {
		return refusalOf(err)
	}
	return nil
}

// View is what seat may see.
func (s *State) View(seat int) engine.State { return &State{Game: s.Game.View(seat)} }

// Determinize deals the cards the seat cannot see at random.
func (s *State) Determinize(seat int, seed uint64) engine.State {
	return &State{Game: s.Game.Determinize(seat, seed)}
}

// Clone copies the game.
func (s *State) Clone() engine.State { return &State{Game: s.Game.Clone()} }

// Over reports whether the tenth turn has been scored.
func (s *State) Over() bool { return s.Game.Step == StepOver }

// Results are the final scores by category, in seat order. Points decide
// first, then the books shelved ("books"), then the books of the
// favourite subject ("favorite_books").
func (s *State) Results() []engine.Result {
	g := s.Game
	if g.Step != StepOver || len(g.Results) != len(g.Seats) {
		return nil
	}
	out := make([]engine.Result, len(g.Results))
	for _, r := range g.Results {
		out[r.Seat] = engine.Result{Seat: r.Seat, Rank: r.Rank, Score: r.Total, Rows: []engine.Row{
			{Category: "cards", Points: r.Cards}, {Category: "objectives", Points: r.Objectives},
			{Category: "favorite", Points: r.Favorite}, {Category: "compartments", Points: r.Compartments},
			{Category: "candles", Points: r.Candles}, {Category: "wands", Points: r.Wands}}}
	}
	for _, r := range g.Results {
		for _, o := range g.Results {
			if o.Seat == r.Seat || o.Total != r.Total || o.Rank == r.Rank {
				continue
			}
			if o.Books != r.Books {
				out[r.Seat].TieBreak = "books"
			} else if out[r.Seat].TieBreak == "" {
				out[r.Seat].TieBreak = "favorite_books"
			}
		}
	}
	return out
}

// refusalOf turns the rules' refusal into the seam's, code and arguments
// kept; anything else (which the rules never return) is wrapped as is.
func refusalOf(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	args := make(map[string]any, len(e.Args))
	for _, a := range e.Args {
		args[a.Name] = a.Value
	}
	return &engine.Refusal{Code: string(e.Code), Args: args, Message: e.Message}
}

// seamEvent carries an event's fields as named details (those set).
func seamEvent(e Event) engine.Event {
	out := engine.Event{Kind: string(e.Type), Seat: e.Seat}
	data, err := json.Marshal(e)
	if err != nil {
		return out
	}
	if json.Unmarshal(data, &out.Args) == nil {
		delete(out.Args, "type")
		delete(out.Args, "seat")
	}
	return out
}

// EventOf reads back an event of the seam as the rules' own (the inverse
// of what Apply gives), for whoever knows the game: its Discord face words
// its events. ok is false for an event that is not Atheneum's.
func EventOf(e engine.Event) (ev Event, ok bool) {
	fields := make(map[string]any, len(e.Args)+2)
	for k, v := range e.Args {
		fields[k] = v
	}
	fields["type"], fields["seat"] = e.Kind, e.Seat
	data, err := json.Marshal(fields)
	if err != nil || json.Unmarshal(data, &ev) != nil || ev.Type == "" {
		return Event{}, false
	}
	return ev, true
}

func init() { engine.Register(Rules) }

// Played is the number of actions applied since the deal.
func (s *State) Played() int { return s.Game.Seq }

// Snapshot writes the game's versioned JSON form (see Encode).
func (s *State) Snapshot() (int, []byte, error) {
	data, err := s.Game.Encode()
	return s.Game.V, data, err
}

// Options are each seat's favourite subject, distinct, in colour order.
// (The content pack is set by whoever hosts the game, not in a lobby.)
func (rules) Options() []engine.Option {
	values := make([]string, len(Colors))
	for i, c := range Colors {
		values[i] = string(c.Letter())
	}
	return []engine.Option{{Name: SeatOptionSubject, Values: values, PerSeat: true, Unique: true}}
}

// SnapshotVersion is StateVersion, the version Snapshot writes.
func (rules) SnapshotVersion() int { return StateVersion }

// Origin is the seed, the content pack and each seat's subject.
func (s *State) Origin() (uint64, engine.Setup) {
	g := s.Game
	setup := engine.Setup{Seats: len(g.Seats), Options: map[string]string{OptionContent: g.ContentID},
		SeatOptions: make([]map[string]string, len(g.Seats))}
	for i, seat := range g.Seats {
		setup.SeatOptions[i] = map[string]string{SeatOptionSubject: string(seat.Subject.Letter())}
	}
	return g.Seed, setup
}

// Restore reads a snapshot written by Snapshot, of this engine's state
// version only.
func (rules) Restore(version int, data []byte) (engine.State, error) {
	if version != StateVersion {
		return nil, fmt.Errorf("atheneum: state version %d, this engine reads %d", version, StateVersion)
	}
	g, err := DecodeGame(data)
	if err != nil {
		return nil, err
	}
	return &State{Game: g}, nil
}

// ReadLegacyMove reads an action stored as JSON, as records kept them
// before the game seam, into notation.
func (rules) ReadLegacyMove(data []byte) (engine.Move, error) {
	var a Action
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		return "", err
	}
	if d.More() {
		return "", errors.New("atheneum: trailing data after the action")
	}
	m := a.String()
	if back, err := ParseAction(m); err != nil || back != a {
		return "", fmt.Errorf("atheneum: the stored action %s has no notation", data)
	}
	return engine.Move(m), nil
}
