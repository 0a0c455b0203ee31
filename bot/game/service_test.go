package game

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// recorder is a Presenter that keeps every notice, with the game's step
// at the moment it was presented.
type recorder struct {
	mu      sync.Mutex
	notices []Notice
	steps   []string
}

func (r *recorder) Present(_ context.Context, t *Table, n Notice) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notices = append(r.notices, n)
	r.steps = append(r.steps, StepKey(t.Rec.State))
}

func (r *recorder) count(k NoticeKind) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, x := range r.notices {
		if x.Kind == k {
			n++
		}
	}
	return n
}

// fixture is a service over a real SQLite file with a settable clock.
type fixture struct {
	t   testing.TB
	ctx context.Context
	db  *store.DB
	svc *Service
	rec *recorder
	now time.Time
	mu  sync.Mutex
}

func newFixture(t testing.TB, path string) *fixture { return newFixtureWith(t, path, nil) }

// newFixtureWith is newFixture on the store at dsn (an SQLite file's path,
// "" for a new one, or a PostgreSQL URL), with the service's options set
// changes, if not nil, before the service is made. A service that watches
// other processes is closed when the test ends.
func newFixtureWith(t testing.TB, dsn string, set func(o *Options)) *fixture {
	t.Helper()
	if dsn == "" {
		dsn = filepath.Join(t.TempDir(), "game.db")
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, ctx: context.Background(), db: db, rec: &recorder{}, now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	o := Options{Store: db, Presenter: f.rec, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: f.clock,
		NewSeed: func() uint64 { return 77 }, Games: []Kind{{Game: ai.Game(ai.Players{Playouts: 2})}}}
	if set != nil {
		set(&o)
	}
	f.svc = New(o)
	if o.Watch != nil {
		t.Cleanup(f.svc.Close)
	}
	return f
}

// ath is an Atheneum game's rules state (nil before the game starts).
func ath(s engine.State) *atheneum.Game {
	if st, ok := s.(*atheneum.State); ok {
		return st.Game
	}
	return nil
}

// mv writes an Atheneum action as the service's move.
func mv(a atheneum.Action) engine.Move { return engine.Move(a.String()) }

// searching is the hard level, or the random one under the race detector,
// which only slows the single-goroutine search down.
func searching() string {
	if raceEnabled {
		return "random"
	}
	return "hard"
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

// table returns the game's locked table; the test unlocks it at its end.
func (f *fixture) table(id string) *Table {
	f.t.Helper()
	t, err := f.svc.Table(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return t
}

// startWithAIs opens a lobby for "ana", adds AI seats and starts it.
func (f *fixture) startWithAIs(levels ...string) string {
	f.t.Helper()
	rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c1", HostID: "u1", HostName: "ana", Seats: 5, StepHours: 24})
	if err != nil {
		f.t.Fatal(err)
	}
	t := f.table(rec.ID)
	defer t.Unlock()
	for _, l := range levels {
		if err := f.svc.ChangeLobby(f.ctx, t, LobbyChange{Verb: "add_ai", UserID: "u1", Value: l}); err != nil {
			f.t.Fatal(err)
		}
	}
	if err := f.svc.Start(f.ctx, t, "u1"); err != nil {
		f.t.Fatal(err)
	}
	f.svc.Settle(f.ctx, t)
	return rec.ID
}

// personMove plays one move for the person in seat 0 with the normal AI,
// as a person would, and settles. It returns false when seat 0 is not
// awaited.
func (f *fixture) personMove(id string) bool {
	f.t.Helper()
	t := f.table(id)
	defer t.Unlock()
	g := ath(t.Rec.State)
	if g.Step == atheneum.StepOver || !slices.Contains(g.Waiting(), 0) {
		return false
	}
	p, _ := ai.New("normal", ai.Options{Seed: 5})
	a, err := p.Propose(g.View(0), 0)
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.svc.Act(f.ctx, t, mv(a), ByPlayer); err != nil {
		f.t.Fatalf("%s refused: %v", a, err)
	}
	f.svc.Settle(f.ctx, t)
	return true
}

func (f *fixture) load(id string) *store.Game {
	f.t.Helper()
	rec, err := f.db.LoadGame(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec
}

func TestAGameWithAISeatsRunsThroughTheService(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startWithAIs("normal", searching())
	moves := 0
	for f.personMove(id) {
		if moves++; moves > 2000 {
			t.Fatal("the game did not finish")
		}
	}
	rec := f.load(id)
	if rec.Status != store.StatusFinished || ath(rec.State).Step != atheneum.StepOver {
		t.Fatalf("the game is %s in step %s", rec.Status, ath(rec.State).Step)
	}
	t.Run("every step's end was presented once, before the AIs moved on", func(t *testing.T) {
		if n := f.rec.count(NoticeStepEnded); n != 20 {
			t.Errorf("%d step ends, want 20 (a reveal and a turn's end in each of ten turns)", n)
		}
		for i, n := range f.rec.notices {
			if n.Kind != NoticeStepEnded {
				continue
			}
			// A pick step's end (the reveal) is presented while its
			// shelving step runs; a shelving step's after it.
			if strings.HasSuffix(n.Step, "p") && f.rec.steps[i] != strings.TrimSuffix(n.Step, "p")+"r" {
				t.Errorf("the end of %s was presented in step %s", n.Step, f.rec.steps[i])
			}
		}
	})
	t.Run("a step began only when the person was awaited", func(t *testing.T) {
		if n := f.rec.count(NoticeStepBegan); n != 20 {
			t.Errorf("%d step beginnings presented, want 20 (every step of the ten turns)", n)
		}
	})
	t.Run("no job is left behind", func(t *testing.T) {
		jobs, err := f.db.Jobs(f.ctx)
		if err != nil || len(jobs) != 0 {
			t.Errorf("jobs after the end: %v, %v", jobs, err)
		}
	})
}

func TestTheSameSeedPlaysTheSameGame(t *testing.T) {
	t.Parallel()
	logs := make([][]engine.Move, 2)
	for i := range logs {
		f := newFixture(t, "")
		id := f.startWithAIs("normal", "random", searching())
		for f.personMove(id) {
		}
		var err error
		if logs[i], err = f.db.Actions(f.ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(logs[0], logs[1]) {
		t.Fatalf("two runs with seed 77 differ: %d and %d actions", len(logs[0]), len(logs[1]))
	}
}

func TestAnAdvanceJobFinishesWhatACrashInterrupted(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.db")
	f := newFixture(t, path)
	id := f.startWithAIs("normal")
	// The person picks; the process dies before the AI's turn is played.
	t1 := f.table(id)
	p, _ := ai.New("normal", ai.Options{Seed: 1})
	a, _ := p.Propose(ath(t1.Rec.State).View(0), 0)
	if _, err := f.svc.Act(f.ctx, t1, mv(a), ByPlayer); err != nil {
		t.Fatal(err)
	}
	t1.Unlock()
	if w := ath(f.load(id).State).Waiting(); !slices.Contains(w, 1) {
		t.Fatalf("the AI seat should still be awaited, waiting %v", w)
	}
	// A new process on the same file: the scheduler's first run plays on.
	g := newFixture(t, path)
	g.svc.RunDueJobs(g.ctx)
	rec := g.load(id)
	if slices.Contains(ath(rec.State).Waiting(), 1) {
		t.Fatalf("the AI seat is still awaited after the advance job: step %s", StepKey(rec.State))
	}
	if n := g.rec.count(NoticeStepEnded); n != 1 {
		t.Errorf("the reveal was presented %d times after the restart, want 1", n)
	}
	jobs, _ := g.db.Jobs(g.ctx)
	for _, j := range jobs {
		if j.Kind == JobAdvance {
			t.Error("the advance job was left behind")
		}
	}
}

func TestRefusalsChangeNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startWithAIs("normal")
	tbl := f.table(id)
	defer tbl.Unlock()
	before, _ := ath(tbl.Rec.State).Encode()
	cases := []struct {
		name string
		run  func() error
		code Code
	}{
		{"a card that is not in the hand", func() error {
			_, err := f.svc.Act(f.ctx, tbl, mv(atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: "Z99"}), ByPlayer)
			return err
		}, ""},
		{"a lobby change after the start", func() error {
			return f.svc.ChangeLobby(f.ctx, tbl, LobbyChange{Verb: "join", UserID: "u2", Name: "bo"})
		}, CodeNotLobby},
		{"taking back a seat that is not on autopilot", func() error { return f.svc.TakeBack(f.ctx, tbl, 0) }, CodeNotAutopilot},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			err := c.run()
			var ee *engine.Refusal
			switch {
			case err == nil:
				t.Fatal("accepted")
			case c.code == "" && (!errors.As(err, &ee) || ee.Code != string(atheneum.CodeNotInHand)):
				t.Fatalf("got %v, want a rules refusal", err)
			case c.code != "" && RefusalCode(err) != c.code:
				t.Fatalf("got %v, want %s", err, c.code)
			}
			after, _ := ath(tbl.Rec.State).Encode()
			if string(after) != string(before) {
				t.Fatal("the refusal changed the game")
			}
			if stored := f.load(id); stored.Seq != tbl.Rec.Seq {
				t.Fatalf("the store has %d actions, the table %d", stored.Seq, tbl.Rec.Seq)
			}
		})
	}
}

func TestLobbyChanges(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c9", HostID: "u1", HostName: "ana", Seats: 3, StepHours: 24})
	if err != nil {
		t.Fatal(err)
	}
	tbl := f.table(rec.ID)
	defer tbl.Unlock()
	steps := []struct {
		name   string
		change LobbyChange
		code   Code
	}{
		{"a person joins", LobbyChange{Verb: "join", UserID: "u2", Name: "bo"}, ""},
		{"joining twice is refused", LobbyChange{Verb: "join", UserID: "u2", Name: "bo"}, CodeAlreadyJoined},
		{"a guest cannot add an AI", LobbyChange{Verb: "add_ai", UserID: "u2", Value: "normal"}, CodeHostOnly},
		{"an unknown level is refused", LobbyChange{Verb: "add_ai", UserID: "u1", Value: "genius"}, CodeNoSuchLevel},
		{"the host adds a normal AI", LobbyChange{Verb: "add_ai", UserID: "u1", Value: "normal"}, ""},
		{"a fourth seat is refused", LobbyChange{Verb: "add_ai", UserID: "u1", Value: "hard"}, CodeFull},
		{"a taken subject is refused", LobbyChange{Verb: "seat_option", Option: "subject", UserID: "u2", Value: "T"}, CodeOptionTaken},
		{"an unknown subject is refused", LobbyChange{Verb: "seat_option", Option: "subject", UserID: "u2", Value: "Z"}, CodeNoSuchOption},
		{"an unknown seat option is refused", LobbyChange{Verb: "seat_option", Option: "hat", UserID: "u2", Value: "T"}, CodeNoSuchOption},
		{"a game option Atheneum does not have is refused", LobbyChange{Verb: "option", Option: "variant", UserID: "u1", Value: "expert"}, CodeNoSuchOption},
		{"a person takes a free subject", LobbyChange{Verb: "seat_option", Option: "subject", UserID: "u2", Value: "K"}, ""},
		{"removing a person as an AI is refused", LobbyChange{Verb: "remove_ai", UserID: "u1", Value: "2"}, CodeNoSuchAI},
		{"a seat number out of range is refused", LobbyChange{Verb: "remove_ai", UserID: "u1", Value: "99"}, CodeNoSuchAI},
		{"the host removes the AI", LobbyChange{Verb: "remove_ai", UserID: "u1", Value: "3"}, ""},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			err := f.svc.ChangeLobby(f.ctx, tbl, s.change)
			if RefusalCode(err) != s.code || (s.code == "" && err != nil) {
				t.Fatalf("got %v, want %q", err, s.code)
			}
		})
	}
	stored, err := f.db.GetGame(f.ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Seats) != 2 || stored.Seats[1].Name != "bo" {
		t.Fatalf("stored seats %+v", stored.Seats)
	}
}
