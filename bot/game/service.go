// Package game runs the life of games of any kind and knows nothing of
// Discord, nor of any game's rules: it opens and fills lobbies, starts
// games, applies and stores each seat's move, schedules and runs the step
// jobs (reminders, deadlines), plays AI seats and the autopilot of absent
// players, and tells a Presenter what happened so that an adapter can show
// it. It knows a game only through the engine's seam (engine.Game: its
// rules and its computer players), registered in Options.Games.
//
// Every move, a person's click, an AI seat's choice, the autopilot's or a
// host tool's, goes through Act: the move is checked by the game's rules,
// stored with what goes with it in one commit, and only then shown.
//
// With Options.Thinkers set, AI seats think off their game's lock, in a
// pool of that many workers (think.go): a search never holds a game, and
// the searches of many games never take more than their share of the
// cores. With Options.Searcher too, the pool's searches run in another
// process (bot/apart), rebuilt from the game's seed, setup and moves. The
// autopilot, which is quick, plays inline.
//
// Host tools (Host) and resignations change a running game's clock and
// seats the same way, through one commit each. Read-only answers take a
// Snapshot, the game as of its last stored change, and never wait for a
// game's lock.
package game

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// Store is what the service needs from persistence; *store.DB implements it.
type Store interface {
	CreateGame(ctx context.Context, g *store.Game) error
	UpdateLobby(ctx context.Context, gameID string, seats []store.Seat, opts store.Options, gameOptions map[string]string) error
	StartGame(ctx context.Context, gameID string, seed uint64, seats []store.Seat) (*store.Game, error)
	Abandon(ctx context.Context, gameID string) error
	Commit(ctx context.Context, gameID string, c store.Commit) error
	LoadGame(ctx context.Context, gameID string) (*store.Game, error)
	GameInChannel(ctx context.Context, channelID string) (*store.Game, error)
	SetDMClosed(ctx context.Context, gameID string, seat int, closed bool) error
	PutMessage(ctx context.Context, m store.Message) error
	GetMessage(ctx context.Context, gameID, kind string, seat int) (store.Message, error)
	DueJobs(ctx context.Context, t time.Time) ([]store.Job, error)
	Jobs(ctx context.Context) ([]store.Job, error)
	DeleteJob(ctx context.Context, gameID string, k store.JobKey) error
	GetJob(ctx context.Context, gameID string, k store.JobKey) (store.Job, error)
	GameJobs(ctx context.Context, gameID string) ([]store.Job, error)
	Results(ctx context.Context, gameID string) ([]store.SeatResult, error)
	ListActive(ctx context.Context) ([]*store.Game, error)
	MemberSettings
	History
}

var _ Store = (*store.DB)(nil)

// Job kinds.
const (
	// JobReminder reminds the awaited people half-way to the deadline
	// (JobReminderSoon shortly before it).
	JobReminder = "reminder"
	// JobDeadline plays for the awaited seats when the step's time is up.
	JobDeadline = "deadline"
	// JobAdvance is due at once whenever the game waits for a seat the
	// service plays itself; it only matters after a crash, when it makes
	// the scheduler finish what the crash interrupted.
	JobAdvance = "advance"
	// JobPresent holds a step's end until it has been presented, so that
	// a crash between storing the step's last move and posting it loses
	// nothing: after a restart the scheduler presents it.
	JobPresent = "present"
)

// AutopilotLevel is the AI level that plays for absent people.
const AutopilotLevel = "normal"

// Actor says who made a move.
type Actor int

// The actors.
const (
	// ByPlayer is the seat's own person.
	ByPlayer Actor = iota
	// ByAI is an AI seat.
	ByAI
	// ByAutopilot is the autopilot playing for an absent person.
	ByAutopilot
)

// Kind is a kind of game the service runs: its rules and computer players
// (whose effort the caller sets: a test fixes the hard level's play-outs so
// that a game replays the same way), and its default time per step.
type Kind struct {
	engine.Game
	// StepHours is the default time per step of this game (0: the
	// service's Options.StepHours): a game of many short turns wants less
	// than one of few long steps.
	StepHours int
}

// Options are the service's settings and dependencies.
type Options struct {
	Store Store
	// Games are the kinds of game the service runs; a lobby that names none
	// opens the first.
	Games []Kind
	// Presenter shows what happens; nil shows nothing.
	Presenter Presenter
	Logger    *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// NewSeed draws each new game's seed; nil draws it from crypto/rand.
	NewSeed func() uint64
	// StepHours is the default time per step of a game whose Kind sets
	// none (24 when zero).
	StepHours int
	// LobbyHours is how long a lobby stays open unless started (24 when
	// zero).
	LobbyHours int
	// AIName names a computer player of a level in a game's language ("en"
	// or "fr"); the service adds a number when two would share a name. Nil
	// gives English names such as "Normal AI". (Names are words players
	// read: the adapter supplies them from its catalogue.)
	AIName func(language, level string) string
	// Thinkers is how many computer players' searches run at once, each
	// off its game's lock (see think.go; DefaultThinkers for the bot). 0
	// runs every search inline with the game locked, so that a test or
	// the demo sees the AI seats move before Settle returns.
	Thinkers int
	// Enter is called before a search's move is played, outside any
	// interaction: false when the adapter is closing (the move is left to
	// the next start), otherwise leave ends the work. Nil always enters.
	Enter func() (leave func(), ok bool)
	// Searcher, if set, runs the pool's searches elsewhere (bot/apart: in
	// a child process at the lowest CPU priority); should a search fail
	// there, the seat plays its autopilot's move. Nil searches in this
	// process.
	Searcher Searcher
}

// Service runs games. It is safe for concurrent use: each game is guarded
// by its table's mutex.
type Service struct {
	o   Options
	log *slog.Logger

	mu     sync.Mutex
	tables map[string]*Table
	// practice serialises the opening of practice games, so that two
	// requests at once cannot both pass their bounds.
	practice sync.Mutex
	// think is the pool of searches; nil when they run inline.
	think *thinkers
}

// New returns a service.
func New(o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.AIName == nil {
		o.AIName = func(_, level string) string { return strings.ToUpper(level[:1]) + level[1:] + " AI" }
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.NewSeed == nil {
		o.NewSeed = randomSeed
	}
	if o.StepHours == 0 {
		o.StepHours = 24
	}
	if o.LobbyHours == 0 {
		o.LobbyHours = 24
	}
	if o.Presenter == nil {
		o.Presenter = quiet{}
	}
	if o.Enter == nil {
		o.Enter = func() (func(), bool) { return func() {}, true }
	}
	s := &Service{o: o, log: o.Logger, tables: map[string]*Table{}}
	if o.Thinkers > 0 {
		s.think = newThinkers(s, o.Thinkers)
	}
	return s
}

// SetPresenter sets who is told what happens (the adapter, once built).
func (s *Service) SetPresenter(p Presenter) { s.o.Presenter = p }

// Store returns the service's store, for read-only queries.
func (s *Service) Store() Store { return s.o.Store }

// Now returns the service's clock.
func (s *Service) Now() time.Time { return s.o.Now() }

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Table is one game held in memory. Everything that reads or changes it
// holds its lock: Service.Table returns it locked and the caller unlocks it.
type Table struct {
	mu sync.Mutex
	// id is the game's id, set once: readable without the lock.
	id string
	// Rec is the game's record with its current State.
	Rec *store.Game
	// stepEvents collects the step's events for the notice of its end.
	stepEvents []engine.Event
	// pending holds the notices Act queued, until Settle presents them.
	pending []Notice
	// due is the current step's deadline (zero when none is scheduled),
	// read from the store's jobs when the table is loaded.
	due time.Time
	// advanceStored is true while a JobAdvance is stored for the game.
	advanceStored bool
	// reminded is who was reminded at which point of the step (as stored
	// in the JobReminded job).
	reminded reminded
	// atDeadline is set while the deadline plays for the absent: nobody is
	// told they are the last one then.
	atDeadline bool
	// away holds the seats whose person is away, until when (as stored in
	// their JobAway jobs); nil when nobody is.
	away map[int]time.Time
	// snap is the game as of its last stored change, for readers that must
	// not wait for mu.
	snap atomic.Pointer[Snapshot]
}

// Unlock releases the table.
func (t *Table) Unlock() { t.mu.Unlock() }

// Table returns the game's table, loaded on first use, locked.
func (s *Service) Table(ctx context.Context, gameID string) (*Table, error) {
	s.mu.Lock()
	t, ok := s.tables[gameID]
	if !ok {
		t = &Table{id: gameID}
		s.tables[gameID] = t
	}
	s.mu.Unlock()
	t.mu.Lock()
	if t.Rec == nil {
		if err := s.load(ctx, t, gameID); err != nil {
			t.mu.Unlock()
			s.Forget(gameID)
			if errors.Is(err, store.ErrNotFound) {
				return nil, refusal(CodeNoGame)
			}
			return nil, err
		}
	}
	return t, nil
}

// load reads the game and what its stored jobs say into t, and publishes
// its first snapshot; t is locked.
func (s *Service) load(ctx context.Context, t *Table, gameID string) error {
	rec, err := s.o.Store.LoadGame(ctx, gameID)
	if err != nil {
		return err
	}
	jobs, err := s.o.Store.GameJobs(ctx, gameID)
	if err != nil {
		return err
	}
	t.Rec, t.due, t.advanceStored, t.reminded, t.away = rec, time.Time{}, false, reminded{}, nil
	for _, j := range jobs {
		switch j.Kind {
		case JobAway:
			t.away = withSeat(t.away, j.Seat, j.Due)
		case JobDeadline:
			t.due = j.Due
		case JobAdvance:
			t.advanceStored = true
		case JobReminded:
			t.reminded = decodeReminded(j.Payload)
		}
	}
	t.publish()
	return nil
}

// Forget drops a game from memory, so that its next use reloads it.
func (s *Service) Forget(gameID string) {
	s.mu.Lock()
	delete(s.tables, gameID)
	s.mu.Unlock()
}

// Tables returns the tables in memory (for waiting until they are idle).
func (s *Service) Tables() []*Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		out = append(out, t)
	}
	return out
}

// ID returns the game's id; unlike Rec it may be read without the lock.
func (t *Table) ID() string { return t.id }

// Wait blocks until nobody holds the table.
func (t *Table) Wait() {
	t.mu.Lock()
	t.mu.Unlock() //nolint:staticcheck // an empty critical section: waiting is the point
}

// Kind returns the kind of game rec is, as the service runs it.
func (s *Service) Kind(rec *store.Game) (Kind, error) {
	for _, k := range s.o.Games {
		if k.ID() == rec.Kind {
			return k, nil
		}
	}
	return Kind{}, fmt.Errorf("game %s: the service does not run %q games", rec.ID, rec.Kind)
}

// Kinds lists the kinds of game the service runs.
func (s *Service) Kinds() []Kind { return s.o.Games }

// StepKey names the game's current step as its rules do ("over" once it
// has ended). Components carry it to be recognised as stale once the step
// has passed.
func StepKey(st engine.State) string {
	if st.Over() {
		return "over"
	}
	return st.StepKey()
}

// IsPerson reports whether seat is played by a person (not an AI).
func IsPerson(rec *store.Game, seat int) bool { return rec.Seats[seat].UserID != "" }

// Automatic reports whether the service plays seat itself right now: an
// AI seat always, and a person's seat on autopilot while at least one
// other person is still playing (when everybody is away, the autopilot
// waits for each deadline instead of playing the game out at once).
func Automatic(rec *store.Game, seat int) bool {
	s := rec.Seats[seat]
	if s.UserID == "" {
		return true
	}
	if !s.Autopilot {
		return false
	}
	for _, o := range rec.Seats {
		if o.UserID != "" && !o.Autopilot {
			return true
		}
	}
	return false
}

// firstAutomatic is the lowest seat of g that the game waits for and the
// service plays itself, or -1; rec gives the seats (g may be the state a
// move is about to make).
func firstAutomatic(rec *store.Game, g engine.State) int {
	if g.Over() {
		return -1
	}
	for _, seat := range g.Awaited() {
		if Automatic(rec, seat) {
			return seat
		}
	}
	return -1
}

// awaitsAutomatic reports whether the game waits for a seat the service
// plays itself.
func awaitsAutomatic(rec *store.Game, g engine.State) bool { return firstAutomatic(rec, g) >= 0 }

// Deadline returns the current step's deadline (zero if none is
// scheduled, as while the game is paused); t is locked.
func (s *Service) Deadline(_ context.Context, t *Table) time.Time { return t.due }

// stepLength is the time a step of the game gets.
func (s *Service) stepLength(rec *store.Game) time.Duration {
	hours := rec.Options.StepHours
	if hours <= 0 {
		hours = s.DefaultStepHours(rec.Kind)
	}
	return time.Duration(hours) * time.Hour
}

// DefaultStepHours is the time per step a game of that kind gets unless
// its lobby chose another.
func (s *Service) DefaultStepHours(kind string) int {
	for _, k := range s.o.Games {
		if k.ID() == kind && k.StepHours > 0 {
			return k.StepHours
		}
	}
	return s.o.StepHours
}

// stepJobs are a new step's reminders and deadline, one step from now.
func (s *Service) stepJobs(rec *store.Game, g engine.State) []store.Job {
	return s.clockJobs(g, s.o.Now().Add(s.stepLength(rec)), s.stepLength(rec))
}

// clockJobs are the step's deadline at due and those of its reminders (a
// step of length step) that are still to come.
func (s *Service) clockJobs(g engine.State, due time.Time, step time.Duration) []store.Job {
	now := s.o.Now()
	payload, _ := json.Marshal(map[string]string{"step": StepKey(g)})
	var jobs []store.Job
	for _, r := range reminderTimes(due, step) {
		if r.due.After(now) {
			jobs = append(jobs, store.Job{Kind: r.kind, Seat: store.NoSeat, Due: r.due, Payload: payload})
		}
	}
	return append(jobs, store.Job{Kind: JobDeadline, Seat: store.NoSeat, Due: due, Payload: payload})
}

// clockKeys are the keys of a step's timed jobs (reminders and deadline).
func clockKeys() []store.JobKey {
	keys := make([]store.JobKey, 0, len(reminderKinds)+1)
	for _, k := range reminderKinds {
		keys = append(keys, store.JobKey{Kind: k, Seat: store.AllSeats})
	}
	return append(keys, store.JobKey{Kind: JobDeadline, Seat: store.AllSeats})
}

// scheduled remembers the deadline among jobs just stored.
func (t *Table) scheduled(jobs []store.Job) {
	for _, j := range jobs {
		if j.Kind == JobDeadline {
			t.due = j.Due
		}
	}
}

type quiet struct{}

func (quiet) Present(context.Context, *Table, Notice) {}

// aiSeed is the seed of a computer player's decisions for seat: it comes
// from the game's, so a game replays the same way.
func aiSeed(rec *store.Game, seat int) uint64 {
	return rec.Seed ^ (uint64(seat)+1)*0x9e3779b97f4a7c15
}
