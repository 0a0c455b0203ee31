package game_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"atheneum/bot/apart"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// These tests run the pool's searches in real search processes: this
// test binary, run again as one (childEnv names how it plays, see
// childGames). pidsEnv names a folder where each search process leaves a
// file named after its pid.
const (
	childEnv = "ATHENEUM_GAME_TEST_CHILD"
	pidsEnv  = "ATHENEUM_GAME_TEST_PIDS"
)

func TestMain(m *testing.M) {
	if how := os.Getenv(childEnv); how != "" {
		if dir := os.Getenv(pidsEnv); dir != "" {
			os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644)
		}
		if err := apart.Serve(childGames(how), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// childGames is Atheneum as a search process plays it: "other-seat", whose
// players answer with a legal move of another awaited seat when there is
// one (they see the whole game), or "endless-hard", whose hard player
// searches without end and normal player as usual.
func childGames(how string) []engine.Game {
	switch how {
	case "other-seat":
		return []engine.Game{{Rules: seeAllRules{atheneum.Rules}, Players: otherSeatPlayers{}}}
	case "endless-hard":
		return []engine.Game{ai.Game(ai.Players{Playouts: 1 << 30})}
	}
	panic("no search process plays " + how)
}

// seeAllRules are Atheneum's, but a seat's view is the whole game.
type seeAllRules struct{ engine.Rules }

func (r seeAllRules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	st, err := r.Rules.New(seed, setup)
	return seeAll{st}, err
}

type seeAll struct{ engine.State }

func (s seeAll) View(int) engine.State { return s.State.Clone() }

// otherSeatPlayers answer with another awaited seat's first legal move.
type otherSeatPlayers struct{ engine.Players }

func (otherSeatPlayers) Player(string, uint64) (engine.Player, error) { return otherSeat{}, nil }

type otherSeat struct{}

func (otherSeat) Level() string { return "other-seat" }

func (otherSeat) Propose(view engine.State, seat int) (engine.Move, error) {
	for _, other := range view.Awaited() {
		if other != seat {
			return engine.Moves(view, other, 1)[0], nil
		}
	}
	return engine.Moves(view, seat, 1)[0], nil
}

// apartFixture is a service whose pool of one worker searches in search
// processes playing how, with Atheneum's computer players (2 play-outs)
// for everything else.
type apartFixture struct {
	t        *testing.T
	ctx      context.Context
	db       *store.DB
	svc      *game.Service
	searcher *apart.Searcher
	logs     *lockedBuffer
	// pids is the folder the search processes leave their pids in.
	pids string
}

func newApartFixture(t *testing.T, how string, o apart.Options) *apartFixture {
	t.Helper()
	f := &apartFixture{t: t, ctx: context.Background(), logs: new(lockedBuffer), pids: t.TempDir()}
	db, err := store.Open(f.ctx, filepath.Join(t.TempDir(), "game.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(f.logs, nil))
	o.Command = []string{exe, "-test.run=^$"}
	o.Env = []string{childEnv + "=" + how, pidsEnv + "=" + f.pids}
	o.Logger = log
	f.db, f.searcher = db, apart.New(o)
	f.svc = game.New(game.Options{Store: db, Logger: log, NewSeed: func() uint64 { return 77 },
		Games: []game.Kind{{Game: ai.Game(ai.Players{Playouts: 2})}}, Thinkers: 1, Searcher: f.searcher})
	// The search processes end first: the pool waits for its searches.
	t.Cleanup(f.svc.Close)
	t.Cleanup(func() { f.searcher.Close() })
	return f
}

// start opens a game of a person and computer players of levels in
// channel, starts it and returns its id.
func (f *apartFixture) start(channel string, levels ...string) string {
	f.t.Helper()
	rec, err := f.svc.OpenLobby(f.ctx, game.Lobby{GuildID: "g1", ChannelID: channel, HostID: "u1", HostName: "ana", Seats: 5, StepHours: 24})
	if err != nil {
		f.t.Fatal(err)
	}
	t, err := f.svc.Table(f.ctx, rec.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	defer t.Unlock()
	for _, l := range levels {
		if err := f.svc.ChangeLobby(f.ctx, t, game.LobbyChange{Verb: "add_ai", UserID: "u1", Value: l}); err != nil {
			f.t.Fatal(err)
		}
	}
	if err := f.svc.Start(f.ctx, t, "u1"); err != nil {
		f.t.Fatal(err)
	}
	f.svc.Settle(f.ctx, t)
	return rec.ID
}

// moves counts game id's stored moves of seat made by by.
func (f *apartFixture) moves(id string, seat int, by string) int {
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

func TestASearchAnsweredWithAnotherSeatsMoveIsNotPlayed(t *testing.T) {
	t.Parallel()
	f := newApartFixture(t, "other-seat", apart.Options{})
	// The person (seat 0) and the computer player (seat 1) both pick: the
	// search process answers the computer player's search with the
	// person's pick.
	id := f.start("c1", "normal")
	idle := make(chan struct{})
	go func() {
		f.svc.Idle()
		close(idle)
	}()
	for done := false; !done; {
		select {
		case <-idle:
			done = true
		case <-time.After(10 * time.Millisecond):
		}
		if n := f.moves(id, 0, "ai"); n > 0 {
			t.Fatalf("the person's seat made %d moves stored as the computer player's", n)
		}
	}
	if n := f.moves(id, 1, "ai"); n != 1 {
		t.Errorf("the computer player made %d moves, want its one pick", n)
	}
	rec, err := f.db.LoadGame(f.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if aw := rec.State.Awaited(); !slices.Equal(aw, []int{0}) {
		t.Errorf("the game waits for seats %v, want the person alone", aw)
	}
	if !strings.Contains(f.logs.String(), "answered a move it cannot play") {
		t.Errorf("the refused answer was not logged:\n%s", f.logs.String())
	}
}

func TestAStalledSearchLetsOtherGamesSearchMeanwhile(t *testing.T) {
	t.Parallel()
	// The stalled search is neither given up nor stopped for the length of
	// the test: only the pool may let the other game go on.
	f := newApartFixture(t, "endless-hard", apart.Options{Stall: time.Hour, Limit: time.Hour})
	stalled := f.start("c1", "hard")
	// The first search process is the stalled game's, searching without
	// end; stopped, it makes no progress.
	var pid int
	for pid == 0 {
		entries, err := os.ReadDir(f.pids)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) > 0 {
			pid, _ = strconv.Atoi(entries[0].Name())
			continue
		}
		time.Sleep(time.Millisecond)
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	// Once checked, the stopped process is killed rather than left to the
	// Searcher's Close, which gives a process it stops 5 s to end on its
	// own, which a stopped one never does: the package's longest wait.
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	other := f.start("c2", "normal")
	for f.moves(other, 1, "ai") == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if n := f.moves(stalled, 1, "ai"); n != 0 {
		t.Errorf("the stalled game's computer player made %d moves", n)
	}
	if !f.svc.Searching() {
		t.Error("the stalled search is no longer awaited")
	}
}

// lockedBuffer is a log that tests read while the service writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
