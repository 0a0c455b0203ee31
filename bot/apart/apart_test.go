package apart

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
// them. botEnv makes it a bot instead, as far as searches go (see
// runAsBot).
const (
	childEnv = "ATHENEUM_APART_TEST_CHILD"
	idleEnv  = "ATHENEUM_APART_TEST_IDLE"
	botEnv   = "ATHENEUM_APART_TEST_BOT"
)

func TestMain(m *testing.M) {
	if os.Getenv(botEnv) != "" {
		if err := runAsBot(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
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
// (a few play-outs, so that a search here and one apart give the same
// move), or "slow" (a search that outlasts any test's timeout).
func testGames(effort string) []engine.Game {
	playouts, atheneumPlayouts := 8, quickAtheneumPlayouts
	if effort == "slow" {
		playouts, atheneumPlayouts = 1<<30, 1<<30
	}
	return []engine.Game{ai.Game(ai.Players{Playouts: atheneumPlayouts}), anludimai.Game(anludimai.Players{Playouts: playouts})}
}

// quickAtheneumPlayouts is Atheneum's quick effort: 8 play-outs, or 2
// under the race detector, where Atheneum's hard searches made nearly all
// of this package's processor time (a play-out plays the game to its end,
// some 50 of them per pick at 8) and the detector is there for the
// Searcher's goroutines, not the search. The move still depends on the
// whole request at 2: of the 6 hard searches among the 12 positions of
// TestASearchApartPlaysTheMoveTheSameSearchPlaysHere, 4 play another move
// than the normal player (3 at 8) and 4 another move with another player
// seed (4 at 8), so a level or a seed lost on the way apart shows as
// surely. Anludim's searches cost little at 8 and keep it.
var quickAtheneumPlayouts = map[bool]int{false: 8, true: 2}[raceEnabled]

// newSearcher starts nothing yet: its children are this test binary,
// serving effort's games, with o's Env added to their environment; the
// rest of o (its limits) is the Searcher's, and its log goes to the test's
// output and to the returned buffer.
func newSearcher(t *testing.T, effort string, o Options) (*Searcher, *lockedBuffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logs := new(lockedBuffer)
	o.Command = []string{exe, "-test.run=^$"}
	o.Env = append([]string{childEnv + "=" + effort}, o.Env...)
	o.Logger = slog.New(slog.NewTextHandler(io.MultiWriter(t.Output(), logs), nil))
	s := New(o)
	t.Cleanup(func() { s.Close() })
	return s, logs
}

// lockedBuffer is a log that tests read while the Searcher writes.
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

// positions plays a game of g between random players and returns a
// request for every awaited seat at every fifth move, with the level
// alternating between normal and hard, up to 60 requests (random players
// make long games of Anludim).
// positionsAtMost bounds the positions taken from one game: under the
// race detector, where each search costs some ten times as much, a fifth
// of them (CI tests this package both ways, the whole count without it).
var positionsAtMost = map[bool]int{false: 60, true: 12}[raceEnabled]

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
	for k := 0; !st.Over() && len(out) < positionsAtMost; k++ {
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
	s, _ := newSearcher(t, "quick", Options{})
	for _, g := range testGames("quick") {
		t.Run("in "+g.ID(), func(t *testing.T) {
			qs := positions(t, g, 3, 7)
			if len(qs) < 10 {
				t.Fatalf("only %d positions", len(qs))
			}
			for _, q := range qs {
				got, err := s.Search(context.Background(), q, nil)
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
	s, _ := newSearcher(t, "quick", Options{})
	g := testGames("quick")[0]
	var good game.SearchRequest
	for _, q := range positions(t, g, 2, 3) {
		if len(q.Moves) >= 5 {
			good = q
			break
		}
	}
	if _, err := s.Search(context.Background(), good, nil); err != nil {
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
			_, err := s.Search(context.Background(), q, nil)
			var r *refused
			if !errors.As(err, &r) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a refusal naming %q", err, tc.want)
			}
			if _, err := s.Search(context.Background(), good, nil); err != nil {
				t.Fatalf("the next search: %v", err)
			}
			if s.Children() != 1 || s.idle[0].pid() != pid {
				t.Errorf("the process was replaced")
			}
		})
	}
}

func TestAProcessThatDiesIsReplacedAtTheNextSearch(t *testing.T) {
	s, _ := newSearcher(t, "quick", Options{})
	q := positions(t, testGames("quick")[0], 2, 5)[0]
	want, err := s.Search(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := s.idle[0]
	first.cmd.Process.Kill()
	<-first.exited
	got, err := s.Search(context.Background(), q, nil)
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

func TestASearchThatOutspendsItsBudgetStopsItsProcess(t *testing.T) {
	// A stall bound far shorter than the search: a child that searches is
	// never taken for stalled, however long it runs.
	s, logs := newSearcher(t, "slow", Options{Limit: 300 * time.Millisecond, Stall: 100 * time.Millisecond})
	qs := positions(t, testGames("slow")[0], 2, 9)
	// A normal player's search first, quick whatever the effort: the
	// child is then one already used.
	if _, err := s.Search(context.Background(), qs[0], nil); err != nil || qs[0].Level != "normal" {
		t.Fatalf("the first search (%s): %v", qs[0].Level, err)
	}
	var stalled atomic.Bool
	_, err := s.Search(context.Background(), qs[1], func() { stalled.Store(true) })
	if !errors.Is(err, errOverspent) || !strings.Contains(err.Error(), "more than 300ms") {
		t.Fatalf("got %v, want the search stopped at its budget", err)
	}
	if stalled.Load() {
		t.Error("a search that ran all along was said to stall")
	}
	if n := s.Children(); n != 0 {
		t.Errorf("%d processes still run", n)
	}
	// A search that ran out of budget is not tried again in a new process.
	if n := strings.Count(logs.String(), "search process started"); n != 1 {
		t.Errorf("%d processes started, want 1:\n%s", n, logs.String())
	}
}

func TestAStoppedProcessIsReplacedAndTheCallerToldMeanwhile(t *testing.T) {
	s, logs := newSearcher(t, "quick", Options{Stall: 500 * time.Millisecond})
	g := testGames("quick")[0]
	qs := positions(t, g, 3, 17)
	if _, err := s.Search(context.Background(), qs[0], nil); err != nil {
		t.Fatal(err)
	}
	first := s.idle[0]
	// Stopped, as kill -STOP or a debugger would: it neither answers nor
	// dies.
	if err := syscall.Kill(first.pid(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	told := make(chan struct{})
	q := qs[3]
	got, err := s.Search(context.Background(), q, func() { close(told) })
	if err != nil {
		t.Fatalf("the search was not tried again in a new process: %v", err)
	}
	if want := here(t, g, q); got != want {
		t.Errorf("the new process played %s, the search here %s", got, want)
	}
	select {
	case <-told:
	default:
		t.Error("the caller was not told that the search stalled")
	}
	select {
	case <-first.exited:
	default:
		t.Error("the stopped process was left behind")
	}
	if s.Children() != 1 || s.idle[0] == first {
		t.Errorf("the stopped process was not replaced")
	}
	if !strings.Contains(logs.String(), "made no progress") {
		t.Errorf("the stall was not logged:\n%s", logs.String())
	}
}

func TestAnAnswerToAnotherRequestIsThrownAwayWithItsProcess(t *testing.T) {
	s, logs := newSearcher(t, "quick", Options{})
	g := testGames("quick")[0]
	qs := positions(t, g, 3, 7)
	q, stray := qs[2], qs[len(qs)-1]
	want := here(t, g, q)
	if here(t, g, stray) == want {
		t.Fatal("pick a stray request with another answer")
	}
	if _, err := s.Search(context.Background(), q, nil); err != nil {
		t.Fatal(err)
	}
	first := s.idle[0]
	// One stray line on the process's input (a request without an id):
	// its answer comes first, and would be taken for the next one's.
	if err := json.NewEncoder(first.in).Encode(stray); err != nil {
		t.Fatal(err)
	}
	for k := range 2 {
		got, err := s.Search(context.Background(), q, nil)
		if err != nil {
			t.Fatalf("search %d: %v", k+1, err)
		}
		if got != want {
			t.Fatalf("search %d played %s, the answer to another request; want %s", k+1, got, want)
		}
	}
	if s.Children() != 1 || s.idle[0] == first {
		t.Error("the process that answered out of step was kept")
	}
	if !strings.Contains(logs.String(), "answered another request") {
		t.Errorf("the answer out of step was not logged:\n%s", logs.String())
	}
}

func TestAProcessOutlivesTheThreadThatAskedForIt(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	s, logs := newSearcher(t, "quick", Options{})
	q := positions(t, testGames("quick")[0], 2, 19)[1]
	// The first search, asked from a goroutine locked to its thread, which
	// ends with it: Linux sends the parent-death signal when the thread
	// that started a child ends.
	var tid int
	for tid == 0 {
		done := make(chan int)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread ends here
			if _, err := s.Search(context.Background(), q, nil); err != nil {
				t.Error(err)
			}
			done <- syscall.Gettid()
		}()
		// The main thread, should it run the goroutine, never ends: try
		// again on another.
		if id := <-done; id != os.Getpid() {
			tid = id
		}
	}
	for {
		if _, err := os.Stat(fmt.Sprintf("/proc/self/task/%d", tid)); errors.Is(err, os.ErrNotExist) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	pid := s.idle[0].pid()
	if _, err := s.Search(context.Background(), q, nil); err != nil {
		t.Fatal(err)
	}
	if s.Children() != 1 || s.idle[0].pid() != pid {
		t.Errorf("the process died with the thread that asked for it:\n%s", logs.String())
	}
}

// runAsBot is the test binary as a bot (botEnv): it starts a search
// process with a search, writes its pid, and waits for its input to end
// (it is killed first).
func runAsBot() error {
	// Its search process is no bot.
	os.Unsetenv(botEnv)
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	s := New(Options{Command: []string{exe, "-test.run=^$"}, Env: []string{childEnv + "=quick"}})
	q := game.SearchRequest{Game: "atheneum", Seed: 1, Setup: engine.Setup{Seats: 2}, Seat: 0, Level: "normal", PlayerSeed: 1}
	if _, err := s.Search(context.Background(), q, nil); err != nil {
		return err
	}
	fmt.Println(s.idle[0].pid())
	_, err = io.Copy(io.Discard, os.Stdin)
	return err
}

func TestASearchProcessDiesWithItsBotEvenStopped(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	// This test process adopts the search process once its bot is gone (it
	// becomes a subreaper), so that it can wait for it.
	const prSetChildSubreaper = 36
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		t.Fatalf("PR_SET_CHILD_SUBREAPER: %v", e)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bot := exec.Command(exe, "-test.run=^$")
	bot.Env = append(os.Environ(), botEnv+"=1")
	bot.Stderr = t.Output()
	in, err := bot.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := bot.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := bot.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		bot.Process.Kill()
		bot.Wait()
		t.Fatalf("the bot wrote no pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	// Stopped first: a stopped process ends neither when its input closes
	// nor at any signal but SIGKILL.
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	for state(t, pid) != "T" {
		time.Sleep(time.Millisecond)
	}
	if err := bot.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	bot.Wait()
	// The search process is this process's now: it reports its death, or
	// (not consumed by anyone before) its stop, should it still be there.
	var ws syscall.WaitStatus
	if _, err := syscall.Wait4(pid, &ws, syscall.WUNTRACED, nil); err != nil {
		// Not this process's to wait for: reaped before it could be
		// adopted (its bot's dying threads waited for it). What matters
		// is that it is gone.
		if _, serr := os.Stat(fmt.Sprintf("/proc/%d", pid)); errors.Is(serr, os.ErrNotExist) {
			t.Logf("the search process was gone before it could be adopted (%v)", err)
			return
		}
		t.Fatalf("waiting for the search process: %v, and it is still there (state %s)", err, state(t, pid))
	}
	if ws.Stopped() {
		syscall.Kill(pid, syscall.SIGKILL)
		syscall.Wait4(pid, &ws, 0, nil)
		t.Fatal("the search process outlived its bot (stopped)")
	}
	if !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("the search process ended with status %#x, want killed by SIGKILL", ws)
	}
}

// state is a process's state letter in /proc ("R", "S", "T"...).
func state(t *testing.T, pid int) string {
	t.Helper()
	f, ok := statFields(fmt.Sprintf("/proc/%d/stat", pid))
	if !ok || len(f) == 0 {
		t.Fatalf("process %d is gone", pid)
	}
	return f[0]
}

func TestTheSearchProcessRunsAtIdlePriority(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("SCHED_IDLE is Linux's")
	}
	s, _ := newSearcher(t, "quick", Options{Env: []string{idleEnv + "=1"}})
	// The first position of a two-seat game: the search's own work is
	// not what is tested, and at idle priority on a busy runner every
	// processor second it needs waits for a free core.
	q := positions(t, testGames("quick")[0], 2, 13)[0]
	if _, err := s.Search(context.Background(), q, nil); err != nil {
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
	s, _ := newSearcher(t, "quick", Options{})
	q := positions(t, testGames("quick")[0], 2, 13)[0]
	if _, err := s.Search(context.Background(), q, nil); err != nil {
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
	if _, err := s.Search(context.Background(), q, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("a search after Close: %v, want ErrClosed", err)
	}
}

func TestAProgramThatCannotStartFailsTheSearch(t *testing.T) {
	var logs strings.Builder
	s := New(Options{Command: []string{filepath.Join(t.TempDir(), "missing")}, RetryAfter: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	defer s.Close()
	q := positions(t, testGames("quick")[0], 2, 13)[0]
	_, err := s.Search(context.Background(), q, nil)
	if err == nil || !strings.Contains(err.Error(), "starting the search process") {
		t.Fatalf("got %v", err)
	}
	// The next searches fail at once, without trying the program again.
	if _, again := s.Search(context.Background(), q, nil); again != err {
		t.Errorf("the next search: %v, want the same failure", again)
	}
	// After RetryAfter the program is tried again.
	time.Sleep(250 * time.Millisecond)
	if _, later := s.Search(context.Background(), q, nil); later == err || later == nil {
		t.Errorf("a search after RetryAfter: %v, want a new failure", later)
	}
	if n := strings.Count(logs.String(), "cannot start"); n != 2 {
		t.Errorf("logged %d failures to start, want 2 (one per try):\n%s", n, logs.String())
	}
}
