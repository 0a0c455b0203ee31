package game

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"atheneum/engine"
	"atheneum/store"
)

// Computer players think off the game's lock. A hard search takes about a
// second of CPU per decision; run inside Settle it would hold the game's
// lock that long, and with no bound on how many run at once it would take
// every core from the people playing other games. With Options.Thinkers
// set, Settle hands each awaited AI seat's decision to a pool of that many
// workers instead: the search runs on the seat's view as it was (a copy the
// game's later moves never touch), and its move then goes through Act like
// anyone's. The move is played only if the seat's own decision point is
// unchanged (see decisionPoint); otherwise the seat is searched again from
// where it now stands. Another seat's move does not change it.
//
// A worker may hand its search to a Searcher (Options.Searcher), which
// runs it in another process from the game's moves up to the hand-off:
// there the operating system gives the people's work priority over the
// search, which no pausing inside the bot's process achieves. Should the
// Searcher fail, the seat plays its autopilot's move (quick to find)
// rather than search in the bot's process. A search whose process stops
// making progress gives its worker back (see Searcher), so that other
// games' searches go on while it is waited for; and whatever a Searcher
// answers, only a move of the seat that was asked is played.

// DefaultThinkers is the pool size the bot uses: every core but one, so
// that acknowledgements and pictures always keep a core (at least one
// worker).
func DefaultThinkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// seatKey names one seat of one game.
type seatKey struct {
	game string
	seat int
}

// Searcher runs computer players' searches outside the service's process,
// so that the operating system, not the service, decides who gets the
// processor: bot/apart runs them in a child process that only gets the
// time nobody else wants.
type Searcher interface {
	// Search returns the move the request's seat would play; an error
	// means the search could not run (the seat then plays its autopilot's
	// move). It calls stalled, if not nil, at most once, should the search
	// stop making progress: its worker then goes on to the next search
	// while this one is waited for.
	Search(ctx context.Context, q SearchRequest, stalled func()) (engine.Move, error)
}

// SearchRequest is one computer player's decision, as another process
// rebuilds it: the game from its seed, setup and moves (a game is its
// seed, its setup and its ordered moves), then the seat's view of it.
type SearchRequest struct {
	// Game is the rules' ID ("atheneum").
	Game string
	// Seed and Setup set the game up, as Rules.New.
	Seed  uint64
	Setup engine.Setup
	// Moves are the game's moves so far, in order.
	Moves []engine.Move
	// Seat is the computer player's seat, Level its level.
	Seat  int
	Level string
	// PlayerSeed makes the player's choices repeatable (Players.Player).
	PlayerSeed uint64
}

// thought is one search asked of the pool.
type thought struct {
	key seatKey
	// point is the seat's decision point when the search began.
	point string
	view  engine.State
	kind  Kind
	// q is the decision (seat, level, the player's seed) and, for a
	// Searcher, the game as it stood: its Moves are read from the store
	// when the search begins (the first played of them).
	q      SearchRequest
	played int
}

// thinkers is the pool of workers that run searches.
type thinkers struct {
	mu      sync.Mutex
	wake    *sync.Cond
	queue   []thought
	pending map[seatKey]bool
	closed  bool
	// busy counts thoughts queued or being answered, for Idle.
	busy int
	idle *sync.Cond
	wg   sync.WaitGroup
}

func newThinkers(s *Service, n int) *thinkers {
	p := &thinkers{pending: map[seatKey]bool{}}
	p.wake = sync.NewCond(&p.mu)
	p.idle = sync.NewCond(&p.mu)
	for range n {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for {
				th, ok := p.next()
				if !ok {
					return
				}
				p.run(s, th)
			}
		}()
	}
	return p
}

// run runs th's search and returns when it is over, or sooner if the
// Searcher finds it stalled: the worker is then free for the next search,
// and the stalled one ends on its own (close waits for it too).
func (p *thinkers) run(s *Service, th thought) {
	freed := make(chan struct{})
	free := sync.OnceFunc(func() { close(freed) })
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer free()
		s.search(th, free)
	}()
	<-freed
}

// next waits for a thought; false once the pool is closed.
func (p *thinkers) next() (thought, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.wake.Wait()
	}
	if p.closed {
		return thought{}, false
	}
	th := p.queue[0]
	p.queue = slices.Delete(p.queue, 0, 1)
	return th, true
}

// submit queues th unless its seat is already being searched; it reports
// whether the seat is now in the pool's hands.
func (p *thinkers) submit(th thought) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	if p.pending[th.key] {
		return true
	}
	p.pending[th.key] = true
	p.busy++
	p.queue = append(p.queue, th)
	p.wake.Signal()
	return true
}

// searching reports whether seat k is being searched.
func (p *thinkers) searching(k seatKey) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pending[k]
}

// release forgets seat k's search.
func (p *thinkers) release(k seatKey) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.pending, k)
}

// finished ends one thought's work, answered or dropped.
func (p *thinkers) finished() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.busy--
	if p.busy == 0 {
		p.idle.Broadcast()
	}
}

// close stops the workers once their current search is done; queued
// searches are dropped (the stored JobAdvance has the next start search
// again).
func (p *thinkers) close() {
	p.mu.Lock()
	p.closed = true
	p.busy -= len(p.queue)
	p.queue = nil
	p.wake.Broadcast()
	p.idle.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

// waitIdle blocks until no search is queued or running.
func (p *thinkers) waitIdle() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.busy > 0 && !p.closed {
		p.idle.Wait()
	}
}

// Idle blocks until no computer player's search is queued or running and
// its move, if any, has been played and settled. With searches inline it
// returns at once.
func (s *Service) Idle() {
	if s.think != nil {
		s.think.waitIdle()
	}
}

// Searching reports whether a computer player's search is queued or
// running, or its move is being played.
func (s *Service) Searching() bool {
	if s.think == nil {
		return false
	}
	s.think.mu.Lock()
	defer s.think.mu.Unlock()
	return s.think.busy > 0 && !s.think.closed
}

// Close stops the pool of searches: a search running finishes and its
// move is played; those queued are dropped, to be searched again after a
// restart (the game's stored JobAdvance asks for it). It stops the watch
// of other processes' changes too.
func (s *Service) Close() {
	if s.think != nil {
		s.think.close()
	}
	if s.stopWatch != nil {
		s.stopWatch()
		s.watching.Wait()
	}
}

// decisionPoint is what a seat's decision depends on: the step, the seat's
// level and the choices it may begin a move with, which its own moves,
// the hand or items it holds, and host tools change, but another seat's
// move in the same step does not.
func decisionPoint(rec *store.Game, seat int) string {
	return decisionPointOf(rec, seat, rec.State.View(seat))
}

// decisionPointOf is decisionPoint from the seat's view, already made.
func decisionPointOf(rec *store.Game, seat int, view engine.State) string {
	var b strings.Builder
	b.WriteString(StepKey(rec.State))
	b.WriteString("|")
	b.WriteString(rec.Seats[seat].AILevel)
	for _, c := range view.Next(seat, nil) {
		b.WriteString("|")
		b.WriteString(c.Key)
	}
	return b.String()
}

// handOff gives an awaited AI seat's decision to the pool; t is locked.
// It reports whether the pool has it (false when searches run inline).
func (s *Service) handOff(t *Table, seat int) bool {
	if s.think == nil || IsPerson(t.Rec, seat) {
		return false
	}
	k := seatKey{t.Rec.ID, seat}
	if s.think.searching(k) {
		return true
	}
	kind, err := s.Kind(t.Rec)
	if err != nil {
		return false
	}
	rec := t.Rec
	view := rec.State.View(seat)
	return s.think.submit(thought{key: k, point: decisionPointOf(rec, seat, view), view: view, kind: kind, played: rec.Seq,
		q: SearchRequest{Game: rec.Kind, Seed: rec.Seed, Setup: rec.Setup(), Seat: seat, Level: rec.Seats[seat].AILevel, PlayerSeed: aiSeed(rec, seat)}})
}

// thinkAbout runs th's search: with the Searcher when there is one
// (stalled as Searcher.Search), or in this process.
func (s *Service) thinkAbout(ctx context.Context, th thought, stalled func()) (engine.Move, error) {
	if s.o.Searcher != nil {
		return s.searchApart(ctx, th, stalled)
	}
	p, err := th.kind.Player(th.q.Level, th.q.PlayerSeed)
	if err != nil {
		return "", err
	}
	return p.Propose(th.view, th.key.seat)
}

// searchApart asks the Searcher, with the game's moves up to where the
// search began.
func (s *Service) searchApart(ctx context.Context, th thought, stalled func()) (engine.Move, error) {
	moves, err := s.o.Store.Actions(ctx, th.key.game)
	if err != nil {
		return "", err
	}
	if len(moves) < th.played {
		return "", fmt.Errorf("the log has %d moves, fewer than the %d played when the search began", len(moves), th.played)
	}
	q := th.q
	q.Moves = moves[:th.played]
	return s.o.Searcher.Search(ctx, q, stalled)
}

// search runs one search for a worker (stalled frees the worker, see
// run), then plays its move with the game locked if the seat still stands
// where the search began, and settles the game (which hands the next
// decisions to the pool). A search that failed, or answered with a move
// the seat cannot play (another seat's, or one the rules refuse), has the
// seat play its autopilot's move instead: every search ends in one move
// of its seat, or none if the seat moved on, so that the seat is never
// searched again and again for the same decision.
func (s *Service) search(th thought, stalled func()) {
	defer s.think.finished()
	defer func() {
		if p := recover(); p != nil {
			s.think.release(th.key)
			s.log.Error("panic in a computer player's search", "game", th.key.game, "seat", th.key.seat, "panic", fmt.Sprint(p))
		}
	}()
	m, err := s.thinkAbout(context.Background(), th, stalled)
	leave, ok := s.o.Enter()
	if !ok {
		// Closing: the game's JobAdvance searches again after the restart.
		s.think.release(th.key)
		return
	}
	defer leave()
	ctx := context.Background()
	t, terr := s.Table(ctx, th.key.game)
	if terr != nil {
		s.think.release(th.key)
		s.log.Warn("a searched game cannot be loaded", "game", th.key.game, "err", terr)
		return
	}
	defer t.Unlock()
	// Released with the game locked: a Settle that ran meanwhile saw the
	// seat in the pool's hands; the Settle below hands it out again if it
	// still waits.
	s.think.release(th.key)
	rec := t.Rec
	switch {
	case rec.State == nil || rec.Status != store.StatusPlaying || rec.State.Over():
		return
	case !slices.Contains(rec.State.Awaited(), th.key.seat) || IsPerson(rec, th.key.seat):
		// Played meanwhile (a deadline), or a person took the seat.
	case decisionPoint(rec, th.key.seat) != th.point:
		s.log.Info("search outdated", "game", rec.ID, "seat", th.key.seat)
	case err != nil:
		s.log.Error("a computer player's search failed; it plays its autopilot's move", "game", rec.ID, "seat", th.key.seat, "level", th.q.Level, "err", err)
		s.playInstead(ctx, t, th)
	default:
		if _, aerr := s.playAs(ctx, t, th.key.seat, m, ByAI, nil); aerr != nil && RefusalCode(aerr) != CodeMovedOn {
			s.log.Error("a computer player's search answered a move it cannot play; it plays its autopilot's move", "game", rec.ID, "seat", th.key.seat, "level", th.q.Level, "move", string(m), "err", aerr)
			s.playInstead(ctx, t, th)
		}
	}
	s.Settle(ctx, t)
}

// playInstead plays th's seat's autopilot move (or, should that fail, its
// first legal move) in place of a search that gave none; t is locked.
func (s *Service) playInstead(ctx context.Context, t *Table, th thought) {
	seat := th.key.seat
	m, err := th.kind.Autopilot(t.Rec.State.View(seat), seat, th.q.PlayerSeed)
	if err == nil {
		_, err = s.playAs(ctx, t, seat, m, ByAI, nil)
		if err == nil || RefusalCode(err) == CodeMovedOn {
			return
		}
	}
	s.log.Error("the autopilot found no move for a computer player", "game", t.Rec.ID, "seat", seat, "err", err)
	if err := s.playFirstLegal(ctx, t, seat, ByAI); err != nil {
		s.log.Error("could not play for a seat", "game", t.Rec.ID, "seat", seat, "err", err)
	}
}
