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
//
// # Several processes
//
// Several services (processes) may share one PostgreSQL database. A
// game's moves are then ordered by the database, not by a table's lock:
// every commit names the number of moves its copy of the game has, and
// the store appends move N for one writer only (store.ErrConflict for the
// others). Service.Table checks the process's copy against the stored
// count and status (store Progress, one query) before anything is
// decided on it, and reloads a copy that another process moved on; a
// move that still loses the race reloads the game and is played again
// once if its seat still stands where it stood (the same step and
// decision point, and only other seats moved meanwhile) and the rules
// still take it, and is otherwise refused with CodeMovedOn. So no
// acknowledged move is lost or applied twice. Changes that are not moves (options, seats, a lobby's) are seen
// through Options.Watch, which marks the copies other processes changed,
// and every copy when it had to reconnect; a marked copy is reloaded at
// its next use, and readers take their snapshot from the store meanwhile.
//
// # Jobs
//
// Timers and the work they stand for are the store's jobs, each run by
// one process: RunDueJobs claims the due jobs nobody holds, each leased
// to its process until Options.JobLease from now (store.ClaimJobs: FOR
// UPDATE SKIP LOCKED on PostgreSQL), and holds each again once its game
// is locked, just before it runs it (store.HoldJob), which checks that
// no other process took it over and gives its run a whole lease. A job
// is deleted or replaced by its run; one whose run failed stays held
// until its lease runs out, then is claimed again (by any process). A
// process killed holding a lease loses it when it runs out, and another
// process runs the job. Of a job that records a change and tells people
// of it, the recording is what counts:
//
//   - A reminder (JobReminder, JobReminderSoon) is at most once: the
//     reminded seats are recorded, and the job deleted, in a commit that
//     succeeds only while the process still holds the job
//     (store.Commit.Finished), and only then sent. A lost reminder costs
//     a nudge; a repeated one is noise against the player's budget.
//   - A deadline (JobDeadline) plays the awaited seats, each move stored
//     exactly once (the database orders them: a second runner's moves
//     conflict and are dropped), then tells the players: the notice that
//     the autopilot took a seat is at most once (a crash after the moves
//     loses it), the step's end at least once (below).
//   - The end of a time away (JobAway) is at most once: the seat is given
//     back and the job finished in one commit, then the person is told.
//   - A lobby's expiry (JobLobbyExpiry) is at most once: the lobby is
//     closed (which succeeds once), then the channel is told. Practice
//     games have no job of their own: their lobbies expire, their steps
//     have deadlines, as every game's.
//   - The moves of computer players and of the autopilot (JobAdvance) are
//     exactly once per move, and the work is done by one process: the
//     job is stored held by the process whose move made it due, and a
//     process plays those seats only while it holds the job (each keeps
//     its own search children), taking it if its holder's lease ran out
//     or when it claims it after a crash. A search may then run twice,
//     its move is stored once.
//   - A step's end (JobPresent) is at least once: stored held with the
//     move that ended the step, shown, then deleted; a crash in between
//     shows it again. A lost step end would leave a hole in the story the
//     channel tells; a repeated one is a duplicate post.
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
	ClaimJobs(ctx context.Context, now, until time.Time) ([]store.Job, error)
	HoldJob(ctx context.Context, gameID string, k store.JobKey, now, until time.Time) (store.Job, error)
	Progress(ctx context.Context, gameID string) (store.Status, int, error)
	// Shared reports whether other processes may change the games (see
	// store.DB.Shared): only then are copies checked with Progress.
	Shared() bool
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
	// Watch, if set, tells the service which games other processes
	// changed, so that it drops its copies of them (see WatcherOf). Nil
	// for a store no other process writes.
	Watch Watcher
	// JobLease is how long a claimed job is this process's before another
	// may take it over (DefaultJobLease when zero): the longest a job
	// waits after its process died, and more than any job's run takes.
	JobLease time.Duration
}

// DefaultJobLease is the lease of a claimed job unless Options.JobLease
// sets another: four rounds of the bot's scheduler.
const DefaultJobLease = 2 * time.Minute

// Watcher tells a process which games other processes changed (see
// store.DB.WatchGames): changed(gameID) after a change to the game's
// record, changed(store.AllGames) when changes may have gone unheard.
type Watcher interface {
	WatchGames(ctx context.Context, changed func(gameID string), lost func(err error)) error
}

// WatcherOf returns st as a Watcher when it is one (as *store.DB is), and
// nil otherwise.
func WatcherOf(st any) Watcher {
	w, _ := st.(Watcher)
	return w
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
	// stopWatch ends the watch of other processes' changes, and watching
	// waits for it to end.
	stopWatch context.CancelFunc
	watching  sync.WaitGroup
	// shared is the store's Shared, asked once.
	shared bool
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
	if o.JobLease <= 0 {
		o.JobLease = DefaultJobLease
	}
	s := &Service{o: o, log: o.Logger, tables: map[string]*Table{}}
	if o.Store != nil {
		s.shared = o.Store.Shared()
	}
	if o.Thinkers > 0 {
		s.think = newThinkers(s, o.Thinkers)
	}
	if o.Watch != nil {
		ctx, cancel := context.WithCancel(context.Background())
		s.stopWatch = cancel
		s.watching.Go(func() {
			_ = o.Watch.WatchGames(ctx, s.changed, func(err error) {
				s.log.Warn("the watch of other processes' changes lost its connection; every game will be reloaded", "err", err)
			})
		})
	}
	return s
}

// changed drops the process's copy of a game another process changed, or
// of every game (store.AllGames): its snapshot at once, its table at its
// next use (a table in use is left to its holder, so that a game never
// has two tables in one process).
func (s *Service) changed(gameID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gameID == store.AllGames {
		for _, t := range s.tables {
			t.drop()
		}
		return
	}
	if t := s.tables[gameID]; t != nil {
		t.drop()
	}
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
	// not wait for mu; nil while the copy is stale.
	snap atomic.Pointer[Snapshot]
	// stale is set when another process changed the game: the next
	// Service.Table reloads it. drops counts the times the snapshot was
	// dropped, so that a reader that read the store meanwhile knows its
	// copy may be older than the drop.
	stale atomic.Bool
	drops atomic.Uint64
	// heldUntil is when this process's hold on the game's JobAdvance runs
	// out (zero: not held), see holdAdvance.
	heldUntil time.Time
}

// drop marks the table's copy stale and drops its snapshot.
func (t *Table) drop() {
	t.stale.Store(true)
	t.unpublish()
}

// unpublish drops the table's snapshot: readers read the store until the
// table is reloaded.
func (t *Table) unpublish() {
	t.drops.Add(1)
	t.snap.Store(nil)
}

// Unlock releases the table.
func (t *Table) Unlock() { t.mu.Unlock() }

// Table returns the game's table, locked, loaded on first use and
// checked against the store before it is returned: a copy another process
// changed is reloaded first, so that everything decided on the table is
// decided on the game as stored.
func (s *Service) Table(ctx context.Context, gameID string) (*Table, error) {
	s.mu.Lock()
	t, ok := s.tables[gameID]
	if !ok {
		t = &Table{id: gameID}
		s.tables[gameID] = t
	}
	s.mu.Unlock()
	t.mu.Lock()
	if err := s.fresh(ctx, t); err != nil {
		loaded := t.Rec != nil
		t.mu.Unlock()
		if !loaded || errors.Is(err, store.ErrNotFound) {
			s.Forget(gameID)
		}
		if errors.Is(err, store.ErrNotFound) {
			return nil, refusal(CodeNoGame)
		}
		return nil, err
	}
	return t, nil
}

// fresh loads t's game if it has no copy, or a stale one, and otherwise,
// where other processes share the store, checks its copy against the
// store in one query (the status and number of moves: what another
// process's change to a game's play changes), reloading a copy that
// another process moved on; t is locked.
func (s *Service) fresh(ctx context.Context, t *Table) error {
	if t.Rec == nil || t.stale.Load() {
		return s.load(ctx, t, t.id)
	}
	if !s.shared {
		// No other process changes the game: the copy is the game.
		return nil
	}
	st, moves, err := s.o.Store.Progress(ctx, t.id)
	if err != nil {
		return err
	}
	if st == t.Rec.Status && moves == t.Rec.Seq {
		return nil
	}
	s.log.Info("another process changed the game; reloaded", "game", t.id, "moves", moves, "had", t.Rec.Seq, "status", string(st))
	return s.load(ctx, t, t.id)
}

// reload reads t's game again after a commit found that another process
// had changed it; t is locked.
func (s *Service) reload(ctx context.Context, t *Table) {
	if err := s.load(ctx, t, t.id); err != nil {
		s.log.Warn("could not reload a game that moved on", "game", t.id, "err", err)
	}
}

// load reads the game and what its stored jobs say into t, and publishes
// its snapshot; t is locked.
func (s *Service) load(ctx context.Context, t *Table, gameID string) error {
	// Unmarked before reading: a change reported meanwhile marks it again.
	wasStale := t.stale.Swap(false)
	rec, err := s.o.Store.LoadGame(ctx, gameID)
	if err == nil {
		var jobs []store.Job
		if jobs, err = s.o.Store.GameJobs(ctx, gameID); err == nil {
			t.loaded(rec, jobs)
			return nil
		}
	}
	if wasStale {
		t.stale.Store(true)
	}
	return err
}

// loaded sets t from the game and its jobs as stored, and publishes its
// snapshot; t is locked.
func (t *Table) loaded(rec *store.Game, jobs []store.Job) {
	if t.Rec == nil || t.Rec.State == nil || rec.State == nil || StepKey(t.Rec.State) != StepKey(rec.State) {
		// The events collected for the step's end were of another step.
		t.stepEvents = nil
	}
	t.Rec, t.due, t.advanceStored, t.reminded, t.away, t.heldUntil = rec, time.Time{}, false, reminded{}, nil, time.Time{}
	for _, j := range jobs {
		switch j.Kind {
		case JobAway:
			t.away = withSeat(t.away, j.Seat, j.Due)
		case JobDeadline:
			t.due = j.Due
		case JobAdvance:
			t.advanceStored = true
			if j.Held {
				t.heldUntil = j.Lease
			}
		case JobReminded:
			t.reminded = decodeReminded(j.Payload)
		}
	}
	t.publish()
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
