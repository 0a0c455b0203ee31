package apart

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"atheneum/bot/game"
	"atheneum/engine"
	anludimai "atheneum/engine/anludim/ai"
	"atheneum/engine/atheneum/ai"
)

// childEnv makes the test binary a search process: its value names the
// games' settings (see testGames). With idleEnv set too it runs Main, at
// idle priority; otherwise it serves at normal priority, so that a test's
// searches are not starved by the other packages' tests running beside
// them.
const (
	childEnv = "ATHENEUM_APART_TEST_CHILD"
	idleEnv  = "ATHENEUM_APART_TEST_IDLE"
)

func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		serve := func(games []engine.Game) error { return Serve(games, os.Stdin, os.Stdout) }
		if os.Getenv(idleEnv) != "" {
			serve = Main
		}
		if err := serve(testGames(v)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testGames are both games with hard players at a fixed effort: "quick"
// (8 play-outs, so that a search here and one apart give the same move),
// or "slow" (a search that outlasts any test's timeout).
func testGames(effort string) []engine.Game {
	playouts := 8
	if effort == "slow" {
		playouts = 1 << 30
	}
	return []engine.Game{ai.Game(ai.Players{Playouts: playouts}), anludimai.Game(anludimai.Players{Playouts: playouts})}
}

// newSearcher starts nothing yet: its children are this test binary,
// with env added to their environment.
func newSearcher(t *testing.T, effort string, timeout time.Duration, env ...string) *Searcher {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Command: []string{exe, "-test.run=^$"}, Env: append([]string{childEnv + "=" + effort}, env...), Timeout: timeout,
		Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	t.Cleanup(func() { s.Close() })
	return s
}

// positions plays a game of g between random players and returns a
// request for every awaited seat at every fifth move, with the level
// alternating between normal and hard, up to 60 requests (random players
// make long games of Anludim).
func positions(t *testing.T, g engine.Game, seats int, seed uint64) []game.SearchRequest {
	t.Helper()
	setup := engine.Setup{Seats: seats}
	st, err := g.New(seed, setup)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	var out []game.SearchRequest
	var moves []engine.Move
	for k := 0; !st.Over() && len(out) < 60; k++ {
		awaited := st.Awaited()
		if k%5 == 0 {
			for _, seat := range awaited {
				level := []string{"normal", "hard"}[len(out)%2]
				out = append(out, game.SearchRequest{Game: g.ID(), Seed: seed, Setup: setup, Moves: append([]engine.Move(nil), moves...),
					Seat: seat, Level: level, PlayerSeed: seed + uint64(len(out))})
			}
		}
		m, err := engine.RandomMove(st, awaited[0], r)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.Do(st, m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return out
}

// here answers q in this process, as the service does without a Searcher.
func here(t *testing.T, g engine.Game, q game.SearchRequest) engine.Move {
	t.Helper()
	st, err := g.New(q.Seed, q.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range q.Moves {
		if err := engine.Do(st, m); err != nil {
			t.Fatal(err)
		}
	}
	p, err := g.Player(q.Level, q.PlayerSeed)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.Propose(st.View(q.Seat), q.Seat)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestASearchApartPlaysTheMoveTheSameSearchPlaysHere(t *testing.T) {
	s := newSearcher(t, "quick", 0)
	for _, g := range testGames("quick") {
		t.Run("in "+g.ID(), func(t *testing.T) {
			qs := positions(t, g, 3, 7)
			if len(qs) < 10 {
				t.Fatalf("only %d positions", len(qs))
			}
			for _, q := range qs {
				got, err := s.Search(context.Background(), q)
				if err != nil {
					t.Fatalf("after %d moves, seat %d (%s): %v", len(q.Moves), q.Seat, q.Level, err)
				}
				if want := here(t, g, q); got != want {
					t.Errorf("after %d moves, seat %d (%s): apart %s, here %s", len(q.Moves), q.Seat, q.Level, got, want)
				}
			}
			t.Logf("%d positions", len(qs))
		})
	}
	if n := s.Children(); n != 1 {
		t.Fatalf("searches one after another used %d processes, want 1", n)
	}
	if status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.idle[0].pid())); err == nil {
		for line := range strings.Lines(string(status)) {
			if strings.HasPrefix(line, "VmRSS:") || strings.HasPrefix(line, "VmHWM:") {
				t.Logf("the search process after them: %s", strings.Join(strings.Fields(line), " "))
			}
		}
	}
}

func TestARequestTheProcessCannotAnswerIsRefusedAndItServesOn(t *testing.T) {
	s := newSearcher(t, "quick", 0)
	g := testGames("quick")[0]
	var good game.SearchRequest
	for _, q := range positions(t, g, 2, 3) {
		if len(q.Moves) >= 5 {
			good = q
			break
		}
	}
	if _, err := s.Search(context.Background(), good); err != nil {
		t.Fatal(err)
	}
	pid := s.idle[0].pid()
	for _, tc := range []struct {
		name string
		bad  func(q *game.SearchRequest)
		want string
	}{
		{"a game it does not play", func(q *game.SearchRequest) { q.Game = "chess" }, `no game "chess"`},
		{"a setup the rules refuse", func(q *game.SearchRequest) { q.Setup.Seats = 9 }, "cannot be set up"},
		{"a move the rules refuse", func(q *game.SearchRequest) { q.Moves = append(q.Moves[:1:1], "nonsense") }, "move 2 (nonsense) is refused"},
		{"a seat out of range", func(q *game.SearchRequest) { q.Seat = 7 }, "does not wait for seat 7"},
		{"an unknown level", func(q *game.SearchRequest) { q.Level = "genius" }, "genius"},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			q := good
			q.Moves = append([]engine.Move(nil), good.Moves...)
			tc.bad(&q)
			_, err := s.Search(context.Background(), q)
			var r *refused
			if !errors.As(err, &r) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a refusal naming %q", err, tc.want)
			}
			if _, err := s.Search(context.Background(), good); err != nil {
				t.Fatalf("the next search: %v", err)
			}
			if s.Children() != 1 || s.idle[0].pid() != pid {
				t.Errorf("the process was replaced")
			}
		})
	}
}

func TestAProcessThatDiesIsReplacedAtTheNextSearch(t *testing.T) {
	s := newSearcher(t, "quick", 0)
	q := positions(t, testGames("quick")[0], 2, 5)[0]
	want, err := s.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	first := s.idle[0]
	first.cmd.Process.Kill()
	<-first.exited
	got, err := s.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("after the process died: %v", err)
	}
	if got != want {
		t.Errorf("the new process plays %s, the first played %s", got, want)
	}
	if s.Children() != 1 || s.idle[0] == first {
		t.Errorf("the dead process was not replaced (%d processes)", s.Children())
	}
}

func TestASearchThatOutlastsTheTimeoutStopsItsProcess(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs strings.Builder
	s := New(Options{Command: []string{exe, "-test.run=^$"}, Env: []string{childEnv + "=slow"}, Timeout: 300 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	defer s.Close()
	qs := positions(t, testGames("slow")[0], 2, 9)
	// A normal player's search first, quick whatever the effort: the
	// child is then one already used.
	if _, err := s.Search(context.Background(), qs[0]); err != nil || qs[0].Level != "normal" {
		t.Fatalf("the first search (%s): %v", qs[0].Level, err)
	}
	_, err = s.Search(context.Background(), qs[1])
	if !errors.Is(err, errTimedOut) || !strings.Contains(err.Error(), "more than 300ms") {
		t.Fatalf("got %v, want the timeout", err)
	}
	if n := s.Children(); n != 0 {
		t.Errorf("%d processes still run", n)
	}
	// A search that ran out of time is not tried again in a new process.
	if n := strings.Count(logs.String(), "search process started"); n != 1 {
		t.Errorf("%d processes started, want 1:\n%s", n, logs.String())
	}
}

func TestTheSearchProcessRunsAtIdlePriority(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("SCHED_IDLE is Linux's")
	}
	s := newSearcher(t, "quick", 0, idleEnv+"=1")
	q := positions(t, testGames("quick")[0], 4, 11)[3]
	if _, err := s.Search(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	pid := s.idle[0].pid()
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		b, err := os.ReadFile(filepath.Join(fmt.Sprintf("/proc/%d/task", pid), task.Name(), "stat"))
		if err != nil {
			t.Fatal(err)
		}
		// The fields after the command's closing parenthesis start at the
		// third: nice is the 19th, the policy the 41st.
		fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		nice, _ := strconv.Atoi(fields[19-3])
		policy, _ := strconv.Atoi(fields[41-3])
		if policy != schedIdle || nice != 19 {
			t.Errorf("thread %s of the search process: policy %d, nice %d; want SCHED_IDLE (%d), nice 19", task.Name(), policy, nice, schedIdle)
		}
	}
	t.Logf("%d threads checked", len(tasks))
}

func TestCloseEndsEveryProcess(t *testing.T) {
	s := newSearcher(t, "quick", 0)
	q := positions(t, testGames("quick")[0], 2, 13)[0]
	if _, err := s.Search(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	c := s.idle[0]
	s.Close()
	select {
	case <-c.exited:
	default:
		t.Fatal("Close returned with the process running")
	}
	if err := c.cmd.Process.Signal(syscall.Signal(0)); err == nil {
		t.Error("the process can still be signalled")
	}
	if _, err := s.Search(context.Background(), q); !errors.Is(err, ErrClosed) {
		t.Errorf("a search after Close: %v, want ErrClosed", err)
	}
}

func TestAProgramThatCannotStartFailsTheSearch(t *testing.T) {
	var logs strings.Builder
	s := New(Options{Command: []string{filepath.Join(t.TempDir(), "missing")}, RetryAfter: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	defer s.Close()
	q := positions(t, testGames("quick")[0], 2, 13)[0]
	_, err := s.Search(context.Background(), q)
	if err == nil || !strings.Contains(err.Error(), "starting the search process") {
		t.Fatalf("got %v", err)
	}
	// The next searches fail at once, without trying the program again.
	if _, again := s.Search(context.Background(), q); again != err {
		t.Errorf("the next search: %v, want the same failure", again)
	}
	// After RetryAfter the program is tried again.
	time.Sleep(250 * time.Millisecond)
	if _, later := s.Search(context.Background(), q); later == err || later == nil {
		t.Errorf("a search after RetryAfter: %v, want a new failure", later)
	}
	if n := strings.Count(logs.String(), "cannot start"); n != 2 {
		t.Errorf("logged %d failures to start, want 2 (one per try):\n%s", n, logs.String())
	}
}
