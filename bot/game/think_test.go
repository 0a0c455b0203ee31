package game

import (
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// gated wraps Atheneum's computer players so that a test decides when the
// first search ends, and counts the searches by the step they began in.
type gated struct {
	engine.Players
	mu      sync.Mutex
	steps   []string // the step of each search, in order
	hold    chan struct{}
	held    bool
	started chan struct{}
}

func newGated(hold bool) *gated {
	g := &gated{Players: ai.Players{Playouts: 2}, started: make(chan struct{}, 1)}
	if hold {
		g.hold = make(chan struct{})
	}
	return g
}

func (g *gated) Player(level string, seed uint64) (engine.Player, error) {
	p, err := g.Players.Player(level, seed)
	if err != nil {
		return nil, err
	}
	return gatedPlayer{p, g}, nil
}

type gatedPlayer struct {
	engine.Player
	g *gated
}

// Propose waits for the gate on the first search only.
func (p gatedPlayer) Propose(view engine.State, seat int) (engine.Move, error) {
	p.g.mu.Lock()
	p.g.steps = append(p.g.steps, view.StepKey())
	first := !p.g.held
	p.g.held = true
	p.g.mu.Unlock()
	if first {
		p.g.started <- struct{}{}
		if p.g.hold != nil {
			<-p.g.hold
		}
	}
	return p.Player.Propose(view, seat)
}

// searchesIn counts the searches begun in step.
func (g *gated) searchesIn(step string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, s := range g.steps {
		if s == step {
			n++
		}
	}
	return n
}

// newThinkingFixture is a fixture whose service runs searches in a pool of
// one worker, with g as Atheneum's computer players.
func newThinkingFixture(t *testing.T, g engine.Players) *fixture {
	f := newFixture(t, "")
	f.svc = New(Options{Store: f.db, Presenter: f.rec, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: f.clock,
		NewSeed: func() uint64 { return 77 }, Games: []Kind{{Game: engine.Game{Rules: atheneum.Rules, Players: g}}}, Thinkers: 1})
	t.Cleanup(f.svc.Close)
	return f
}

// waitStarted waits for the first search to begin.
func waitStarted(t *testing.T, g *gated) {
	t.Helper()
	<-g.started // as long as it takes: go test's -timeout catches none beginning
}

// movesBy counts the stored moves of seat made in step's turn by who.
func (f *fixture) movesBy(id string, seat int, by string) int {
	f.t.Helper()
	log, err := f.db.MoveLog(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	n := 0
	for _, m := range log {
		if s, ok := engine.MoveSeat(m.Move); ok && s == seat && m.By == by {
			n++
		}
	}
	return n
}

func TestASearchRunsOffTheGamesLock(t *testing.T) {
	t.Parallel()
	g := newGated(true)
	f := newThinkingFixture(t, g)
	// Starting returns while the AI seat's pick is still being searched:
	// the search does not hold the game.
	id := f.startWithAIs("normal")
	waitStarted(t, g)
	pick := StepKey(f.load(id).State)
	t.Run("a person plays while the computer player thinks", func(t *testing.T) {
		if !f.personMove(id) {
			t.Fatal("the person was not awaited")
		}
		if st := StepKey(f.load(id).State); st != pick {
			t.Fatalf("the step moved on to %s before the AI seat picked", st)
		}
	})
	close(g.hold)
	f.svc.Idle()
	t.Run("the search's move is played once it ends, through the normal path", func(t *testing.T) {
		rec := f.load(id)
		if StepKey(rec.State) == pick {
			t.Fatalf("still in %s after the search", pick)
		}
		if n := f.movesBy(id, 1, "ai"); n == 0 {
			t.Error("no move stored for the AI seat")
		}
	})
	t.Run("another seat's move did not make the seat search again", func(t *testing.T) {
		if n := g.searchesIn(pick); n != 1 {
			t.Errorf("%d searches in %s, want 1", n, pick)
		}
	})
}

func TestASearchWhoseSeatChangedIsSearchedAgain(t *testing.T) {
	t.Parallel()
	g := newGated(true)
	f := newThinkingFixture(t, g)
	id := f.startWithAIs("normal")
	waitStarted(t, g)
	pick := StepKey(f.load(id).State)
	// The host seats a hard AI in its place while the normal one thinks:
	// its decision point changed.
	if err := f.host(id, Operator{UserID: "u1", GuildID: "g1"}, HostCommand{Verb: VerbReplace, Seat: 1, AILevel: "hard"}); err != nil {
		t.Fatal(err)
	}
	close(g.hold)
	f.svc.Idle()
	if n := g.searchesIn(pick); n != 2 {
		t.Errorf("%d searches in %s, want 2 (the outdated one, then the new level's)", n, pick)
	}
	if n := f.movesBy(id, 1, "ai"); n != 1 {
		t.Errorf("the AI seat made %d moves, want its one pick", n)
	}
}

func TestASearchOvertakenByTheDeadlineIsDropped(t *testing.T) {
	t.Parallel()
	g := newGated(true)
	f := newThinkingFixture(t, g)
	id := f.startWithAIs("normal")
	waitStarted(t, g)
	// Nobody picks: at the deadline the autopilot plays the person and the
	// AI seat is played inline.
	f.advance(25 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	close(g.hold)
	f.svc.Idle()
	log, err := f.db.MoveLog(f.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	picks := 0
	for _, m := range log {
		if strings.HasPrefix(string(m.Move), "s1 pick") {
			picks++
		}
	}
	if picks != 1 {
		t.Errorf("the AI seat picked %d times in the first turn, want 1: %v", picks, log)
	}
}

// racePrefixMoves is how many moves each computer player makes before a
// whole game played under the race detector stops.
const racePrefixMoves = 6

func TestAGameWithSearchesInThePoolPlaysToItsEnd(t *testing.T) {
	t.Parallel()
	f := newThinkingFixture(t, newGated(false))
	id := f.startWithAIs("normal", "hard")
	for moves := 0; ; moves++ {
		f.svc.Idle()
		if moves > 2000 {
			t.Fatal("the game did not finish")
		}
		if raceEnabled && f.movesBy(id, 1, "ai") >= racePrefixMoves && f.movesBy(id, 2, "ai") >= racePrefixMoves {
			// Where the pool's searches meet the service shows within a
			// few moves of each computer player; the whole game is played
			// without the race detector (CI tests this package both ways).
			return
		}
		if f.personMove(id) {
			continue
		}
		rec := f.load(id)
		if rec.State.Over() {
			break
		}
		t.Fatalf("with no search running the game waits in %s for nobody", StepKey(rec.State))
	}
	rec := f.load(id)
	if rec.Status != store.StatusFinished {
		t.Fatalf("the game is %s", rec.Status)
	}
	res, err := f.db.Results(f.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 3 {
		t.Errorf("%d results, want one per seat", len(res))
	}
	t.Run("every step's end was presented once", func(t *testing.T) {
		if n := f.rec.count(NoticeStepEnded); n != 20 {
			t.Errorf("%d step ends, want 20 (a reveal and a turn's end in each of ten turns)", n)
		}
	})
	t.Run("every AI move is stored as the AI's", func(t *testing.T) {
		for _, seat := range []int{1, 2} {
			if n := f.movesBy(id, seat, "ai"); n < 20 {
				t.Errorf("seat %d made %d moves as an AI", seat, n)
			}
		}
	})
}
