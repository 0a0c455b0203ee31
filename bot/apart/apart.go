// Package apart runs computer players' searches apart from the bot: in
// child processes of the same program, which lower themselves to the
// lowest processor priority the system offers (SCHED_IDLE on Linux). A
// hard search wants a core for a second at a time; in the bot's own
// process it would compete with the answers people wait for, however
// often it paused, because the Go scheduler cannot tell background work
// from foreground. In a process of its own at idle priority it gets only
// the processor time nobody else wants, as the operating system decides,
// and the people's acknowledgements keep their pace.
//
// The parent side is Searcher, a game.Searcher for the service's pool:
// each search sends a game.SearchRequest (the game's seed, setup and moves,
// the seat and its level) to an idle child, starting one when none is
// idle, and reads back the move. The child side is Serve (Main in a
// program): it rebuilds the game with the rules it was given, takes the
// seat's view and asks that level's player, as the service would. Nothing
// here knows any game: the program that starts the children gives them
// its games.
//
// The protocol is one JSON object per line each way, one search at a time
// per child. Each request carries an id that its answer echoes: an answer
// to anything but the request awaited (a child thrown out of step by a
// stray line) is thrown away with its child.
//
// A child never outlives its bot: Linux kills it when the bot ends, even
// by kill -9 (its parent-death signal, SIGKILL, which also ends a stopped
// child). A child that stops making progress (stopped, or blocked) is
// replaced as soon as it has made none for Options.Stall, and the service
// is told at once, so that other games' searches go on meanwhile; one
// that searches longer than its budget allows (Options.Limit, in
// processor time, so that a child at idle priority on a busy host is not
// cut short) is stopped too.
package apart

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"atheneum/bot/game"
	"atheneum/engine"
)

// Options configure a Searcher.
type Options struct {
	// Command starts a child that serves searches (Main): the program and
	// its arguments, for example the bot's own executable and its "think"
	// command.
	Command []string
	// Env is added to the child's environment.
	Env []string
	// Limit bounds the processor time one search may use (DefaultLimit
	// when zero): the search's budget, with room for larger tables and
	// slower processors. A child that uses more is stopped and the search
	// fails. Processor time, not the time waited: a child at idle priority
	// on a busy host may wait long for its turn, and is not cut short for
	// it. Where a child's processor time cannot be read (outside Linux),
	// Limit bounds the time waited instead.
	Limit time.Duration
	// Stall is how long a searching child may make no progress (neither
	// run nor wait for a processor: stopped, or blocked) before it is
	// stopped and the search tried once more in a new child (DefaultStall
	// when zero). Much sooner, the Search's stalled function is called.
	Stall time.Duration
	// Logger logs children started and lost, and what they write to their
	// standard error; nil uses slog.Default.
	Logger *slog.Logger
	// RetryAfter is how long, after a child could not start, searches fail
	// at once before another start is tried, instead of trying a program
	// that is not there at every move (DefaultRetryAfter when zero).
	RetryAfter time.Duration
}

// DefaultLimit is the processor time a search may use when Options.Limit
// is not set: ten times the second a hard search takes at its default
// effort, so that only a runaway search reaches it.
const DefaultLimit = 10 * time.Second

// DefaultStall is how long a child may make no progress when
// Options.Stall is not set.
const DefaultStall = 2 * time.Second

// How a search is watched: every pollEvery, its child's progress is read;
// after releaseAfter without any, the service is told it may start
// another search meanwhile.
const (
	pollEvery    = 50 * time.Millisecond
	releaseAfter = 250 * time.Millisecond
)

// Searcher runs searches in child processes, one search at a time in
// each, starting children as they are needed (the service's pool bounds
// how many search at once). It is safe for concurrent use.
type Searcher struct {
	o Options
	// lastID numbers the requests.
	lastID atomic.Uint64
	// starter starts the children.
	starter *starter

	mu     sync.Mutex
	idle   []*child
	all    map[*child]bool
	closed bool
	// startErr is why the last child could not start, at failedAt; no
	// other start is tried for Options.RetryAfter.
	startErr error
	failedAt time.Time
}

// DefaultRetryAfter is how long a Searcher whose child could not start
// waits before trying again.
const DefaultRetryAfter = 30 * time.Second

var _ game.Searcher = (*Searcher)(nil)

// New returns a Searcher; no child starts before the first search.
func New(o Options) *Searcher {
	if o.Limit == 0 {
		o.Limit = DefaultLimit
	}
	if o.Stall == 0 {
		o.Stall = DefaultStall
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.RetryAfter == 0 {
		o.RetryAfter = DefaultRetryAfter
	}
	return &Searcher{o: o, all: map[*child]bool{}, starter: newStarter()}
}

// ErrClosed is returned by a search asked of a closed Searcher.
var ErrClosed = errors.New("apart: the searcher is closed")

// request is one search as a child reads it: the search and its id.
type request struct {
	ID uint64 `json:"id"`
	game.SearchRequest
}

// response is a child's answer to one request: the request's id, and the
// move or why there is none.
type response struct {
	ID    uint64      `json:"id"`
	Move  engine.Move `json:"move,omitempty"`
	Error string      `json:"error,omitempty"`
}

// refused is a search the child answered with an error: the request, not
// the child, is at fault, and the child serves on.
type refused struct{ msg string }

func (r *refused) Error() string { return "the search process refused the search: " + r.msg }

// Why a child was stopped in the middle of a search.
var (
	// errOverspent: the search used more processor time than Limit.
	errOverspent = errors.New("the search used more processor time than its budget allows")
	// errStalled: the child made no progress for Stall.
	errStalled = errors.New("the search process made no progress")
	// errOutOfStep: the child answered another request than the one
	// awaited.
	errOutOfStep = errors.New("the search process answered another request")
)

// Search runs q in a child and returns its move. It calls stalled, if not
// nil, at most once, when the child has made no progress for a moment
// (see Options.Stall): the caller may then start other searches
// meanwhile. A child that dies, stalls or answers out of step is replaced,
// and the search tried once more in a new child; one that outspends the
// search's budget is not, as a new child would take as long.
func (s *Searcher) Search(ctx context.Context, q game.SearchRequest, stalled func()) (engine.Move, error) {
	if stalled != nil {
		stalled = sync.OnceFunc(stalled)
	}
	for attempt := 0; ; attempt++ {
		c, fresh, err := s.take()
		if err != nil {
			return "", err
		}
		m, err := s.ask(ctx, c, q, stalled)
		var r *refused
		switch {
		case err == nil, errors.As(err, &r):
			s.put(c)
			return m, err
		}
		s.drop(c, err)
		// A child found dead is worth a second try, unless it was new
		// (the program fails); so is one that stalled or lost count.
		again := !fresh || errors.Is(err, errStalled) || errors.Is(err, errOutOfStep)
		if !again || attempt > 0 || ctx.Err() != nil || errors.Is(err, errOverspent) {
			return "", err
		}
	}
}

// take returns an idle child, or a new one (fresh).
func (s *Searcher) take() (c *child, fresh bool, err error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, false, ErrClosed
	}
	if n := len(s.idle); n > 0 {
		c = s.idle[n-1]
		s.idle = s.idle[:n-1]
		s.mu.Unlock()
		return c, false, nil
	}
	if s.startErr != nil && time.Since(s.failedAt) < s.o.RetryAfter {
		err := s.startErr
		s.mu.Unlock()
		return nil, false, err
	}
	s.mu.Unlock()
	c, err = s.start()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.startErr, s.failedAt = err, time.Now()
		s.o.Logger.Warn("the search process cannot start; computer players play their autopilot's moves meanwhile", "retry_in", s.o.RetryAfter, "err", err)
		return nil, false, err
	}
	s.startErr = nil
	if s.closed {
		c.stop(0)
		return nil, false, ErrClosed
	}
	s.all[c] = true
	return c, true, nil
}

// put gives a child back once its search is answered.
func (s *Searcher) put(c *child) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return // Close stopped it with the others
	}
	s.idle = append(s.idle, c)
}

// drop stops a child that failed.
func (s *Searcher) drop(c *child, why error) {
	s.mu.Lock()
	delete(s.all, c)
	s.mu.Unlock()
	s.o.Logger.Warn("a search process failed and was stopped", "pid", c.pid(), "err", why)
	c.stop(0)
}

// Close stops every child: idle ones are asked to end (their input
// closes), and any still searching are killed. Searches asked afterwards
// fail with ErrClosed.
func (s *Searcher) Close() error {
	s.mu.Lock()
	s.closed = true
	children := make([]*child, 0, len(s.all))
	for c := range s.all {
		children = append(children, c)
	}
	s.all, s.idle = map[*child]bool{}, nil
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range children {
		wg.Go(func() { c.stop(5 * time.Second) })
	}
	wg.Wait()
	s.starter.close()
	return nil
}

// Children reports how many child processes are running.
func (s *Searcher) Children() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.all)
}

// child is one running child process.
type child struct {
	cmd *exec.Cmd
	in  *os.File
	out *os.File
	enc *json.Encoder
	dec *json.Decoder
	// exited is closed once the process has ended.
	exited chan struct{}
}

func (c *child) pid() int { return c.cmd.Process.Pid }

// start starts a child with its own pipes (not exec's StdoutPipe, whose
// reader Wait closes under a search still reading).
func (s *Searcher) start() (*child, error) {
	if len(s.o.Command) == 0 {
		return nil, errors.New("apart: no command starts a search process")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(s.o.Command[0], s.o.Command[1:]...)
	cmd.Env = append(os.Environ(), s.o.Env...)
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = &lineLogger{log: s.o.Logger}
	// The child dies with the bot (see dieWithParent), so it is started
	// from a thread that lives as long as the Searcher.
	dieWithParent(cmd)
	err = s.starter.do(cmd.Start)
	// The child holds its ends now; the parent keeps only its own.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("apart: starting the search process: %w", err)
	}
	c := &child{cmd: cmd, in: inW, out: outR, enc: json.NewEncoder(inW), dec: json.NewDecoder(bufio.NewReader(outR)), exited: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		outR.Close()
		s.o.Logger.Debug("a search process ended", "pid", cmd.Process.Pid, "err", err)
		close(c.exited)
	}()
	s.o.Logger.Info("search process started", "pid", cmd.Process.Pid)
	return c, nil
}

// ask sends q to c and reads its answer, killing c if ctx ends first or
// the watch finds it stalled or overspent (see watch).
func (s *Searcher) ask(ctx context.Context, c *child, q game.SearchRequest, stalled func()) (engine.Move, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stopKill := context.AfterFunc(ctx, func() { c.cmd.Process.Kill() })
	defer stopKill()
	stopWatch := s.watch(c, cancel, stalled)
	defer stopWatch()
	id := s.lastID.Add(1)
	if err := c.enc.Encode(request{ID: id, SearchRequest: q}); err != nil {
		return "", fmt.Errorf("apart: sending the search: %w", err)
	}
	var r response
	if err := c.dec.Decode(&r); err != nil {
		if cause := context.Cause(ctx); cause != nil {
			return "", fmt.Errorf("apart: %w", cause)
		}
		return "", fmt.Errorf("apart: reading the answer: %w", err)
	}
	if r.ID != id {
		return "", fmt.Errorf("apart: %w (answer to %d, awaited %d)", errOutOfStep, r.ID, id)
	}
	if r.Error != "" {
		return "", &refused{r.Error}
	}
	if r.Move == "" {
		return "", &refused{"no move"}
	}
	return r.Move, nil
}

// watch watches c while it searches, until the returned function is
// called: it calls stalled (if not nil) once c has made no progress for
// releaseAfter, and ends the search, by fail with the cause, once c has
// made none for Options.Stall or has used more than Options.Limit of
// processor time since the watch began. Where c's progress cannot be read,
// it ends the search once it has lasted Limit.
func (s *Searcher) watch(c *child, fail context.CancelCauseFunc, stalled func()) (stop func()) {
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		began := time.Now()
		first, readable := readProgress(c.pid())
		last, progressed, told := first, began, false
		for {
			var now time.Time
			select {
			case <-done:
				return
			case <-c.exited:
				return
			case now = <-tick.C:
			}
			if !readable {
				if now.Sub(began) > s.o.Limit {
					fail(fmt.Errorf("%w: it lasted more than %v", errOverspent, s.o.Limit))
					return
				}
				continue
			}
			p, ok := readProgress(c.pid())
			if !ok {
				continue // gone: the reader sees it
			}
			if used := p.cpu - first.cpu; used > s.o.Limit {
				fail(fmt.Errorf("%w (%v of processor time, more than %v)", errOverspent, used.Round(time.Millisecond), s.o.Limit))
				return
			}
			if p.running || p.cpu != last.cpu {
				last, progressed = p, now
				continue
			}
			switch still := now.Sub(progressed); {
			case still >= s.o.Stall:
				fail(fmt.Errorf("%w for %v", errStalled, still.Round(time.Millisecond)))
				return
			case still >= releaseAfter && !told && stalled != nil:
				told = true
				stalled()
			}
		}
	}()
	return func() { close(done) }
}

// stop ends the child: its input closes, which ends Serve; after grace
// (at once when zero) it is killed.
func (c *child) stop(grace time.Duration) {
	c.in.Close()
	if grace > 0 {
		select {
		case <-c.exited:
			return
		case <-time.After(grace):
		}
	}
	c.cmd.Process.Kill()
	<-c.exited
}

// lineLogger logs what a child writes to its standard error, a line at a
// time.
type lineLogger struct {
	log *slog.Logger
	mu  sync.Mutex
	buf []byte
}

func (l *lineLogger) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.log.Warn("search process", "said", string(l.buf[:i]))
		l.buf = l.buf[i+1:]
	}
	if len(l.buf) > 4096 {
		l.log.Warn("search process", "said", string(l.buf))
		l.buf = l.buf[:0]
	}
	return len(p), nil
}
