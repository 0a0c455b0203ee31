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
// per child.
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
	// Timeout bounds one search (DefaultTimeout when zero): a child that
	// takes longer is stopped and the search fails (the service then
	// searches in its own process).
	Timeout time.Duration
	// Logger logs children started and lost, and what they write to their
	// standard error; nil uses slog.Default.
	Logger *slog.Logger
	// RetryAfter is how long, after a child could not start, searches fail
	// at once (and run in the service's process) before another start is
	// tried, instead of trying a program that is not there at every move
	// (DefaultRetryAfter when zero).
	RetryAfter time.Duration
}

// DefaultTimeout is how long a search may take before its child is
// stopped: far more than any level's budget, so only a stuck child
// reaches it.
const DefaultTimeout = time.Minute

// Searcher runs searches in child processes, one search at a time in
// each, starting children as they are needed (the service's pool bounds
// how many search at once). It is safe for concurrent use.
type Searcher struct {
	o Options

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
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.RetryAfter == 0 {
		o.RetryAfter = DefaultRetryAfter
	}
	return &Searcher{o: o, all: map[*child]bool{}}
}

// ErrClosed is returned by a search asked of a closed Searcher.
var ErrClosed = errors.New("apart: the searcher is closed")

// response is a child's answer to one request: the move, or why there is
// none.
type response struct {
	Move  engine.Move `json:"move,omitempty"`
	Error string      `json:"error,omitempty"`
}

// refused is a search the child answered with an error: the request, not
// the child, is at fault, and the child serves on.
type refused struct{ msg string }

func (r *refused) Error() string { return "the search process refused the search: " + r.msg }

// errTimedOut is the cause of a search that took more than the timeout.
var errTimedOut = errors.New("the search took too long")

// Search runs q in a child and returns its move. A child that dies or
// stops answering is replaced: a search that finds its idle child gone
// tries once more with a new one.
func (s *Searcher) Search(ctx context.Context, q game.SearchRequest) (engine.Move, error) {
	for attempt := 0; ; attempt++ {
		c, fresh, err := s.take()
		if err != nil {
			return "", err
		}
		m, err := s.ask(ctx, c, q)
		var r *refused
		switch {
		case err == nil, errors.As(err, &r):
			s.put(c)
			return m, err
		}
		s.drop(c, err)
		// Only a child found dead is worth a second try: a new child
		// would take as long as one that ran out of time.
		if fresh || attempt > 0 || ctx.Err() != nil || errors.Is(err, errTimedOut) {
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
		s.o.Logger.Warn("the search process cannot start; computer players search in the bot's process meanwhile", "retry_in", s.o.RetryAfter, "err", err)
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
	err = cmd.Start()
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

// ask sends q to c and reads its answer, killing c if the search takes
// longer than the timeout or ctx ends first.
func (s *Searcher) ask(ctx context.Context, c *child, q game.SearchRequest) (engine.Move, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, s.o.Timeout, fmt.Errorf("%w: more than %v", errTimedOut, s.o.Timeout))
	defer cancel()
	stopKill := context.AfterFunc(ctx, func() { c.cmd.Process.Kill() })
	defer stopKill()
	if err := c.enc.Encode(q); err != nil {
		return "", fmt.Errorf("apart: sending the search: %w", err)
	}
	var r response
	if err := c.dec.Decode(&r); err != nil {
		if cause := context.Cause(ctx); cause != nil {
			return "", fmt.Errorf("apart: %w", cause)
		}
		return "", fmt.Errorf("apart: reading the answer: %w", err)
	}
	if r.Error != "" {
		return "", &refused{r.Error}
	}
	if r.Move == "" {
		return "", &refused{"no move"}
	}
	return r.Move, nil
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
