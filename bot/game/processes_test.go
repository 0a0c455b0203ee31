package game

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/store"
	"atheneum/store/storetest"
)

// Several processes on one PostgreSQL database: each is a service with a
// store of its own (its own connections, its own name in the jobs' leases),
// as two bot processes have; they share the test's clock.

// processes returns n services on one new PostgreSQL schema, sharing the
// first one's clock; set, if not nil, changes the options of each (the
// i-th).
func processes(t *testing.T, n int, set func(i int, o *Options)) []*fixture {
	t.Helper()
	dsn := storetest.Postgres(t)
	var out []*fixture
	for i := range n {
		f := newFixtureWith(t, dsn, func(o *Options) {
			if i > 0 {
				o.Now = out[0].clock
			}
			if set != nil {
				set(i, o)
			}
		})
		out = append(out, f)
	}
	return out
}

// lockedBuffer is a log that several goroutines write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// count is how many lines of the log hold s.
func (l *lockedBuffer) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), s)
}

// firstMove is the first of seat's legal moves in the table's game.
func firstMove(t *testing.T, tbl *Table, seat int) engine.Move {
	t.Helper()
	moves := engine.Moves(tbl.Rec.State.View(seat), seat, 1)
	if len(moves) == 0 {
		t.Fatalf("seat %d has no legal move", seat)
	}
	return moves[0]
}

func TestTwoProcessesRacingOnAGameStoreEveryAcknowledgedMoveOnce(t *testing.T) {
	t.Parallel()
	logs := &lockedBuffer{}
	ps := processes(t, 2, func(_ int, o *Options) { o.Logger = slog.New(slog.NewTextHandler(logs, nil)) })
	a, b := ps[0], ps[1]
	id := a.startPeople("race", 3)

	// Four people's clients play random moves of whichever seat the game
	// awaits (two of them sometimes the same seat's, as a double click
	// reaching both processes would), each move through the process its
	// client did not use last, as a load balancer spreads interactions:
	// whatever the scheduling, each process finds its copy behind the
	// other's moves.
	type ack struct {
		seq  int
		move engine.Move
	}
	var mu sync.Mutex
	var acks []ack
	movedOn := 0
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			p := atheneum.NewRandomPlayer(uint64(w) + 1)
			for i := range 5000 {
				f := ps[(w+i)%2]
				tbl, err := f.svc.Table(f.ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				g := ath(tbl.Rec.State)
				act, ok := p.Next(g)
				if !ok {
					tbl.Unlock()
					return
				}
				_, err = f.svc.Act(f.ctx, tbl, mv(act), ByPlayer)
				mu.Lock()
				switch {
				case err == nil:
					acks = append(acks, ack{tbl.Rec.Seq, mv(act)})
				case RefusalCode(err) == CodeMovedOn:
					movedOn++
				default:
					t.Errorf("%s, chosen on a table checked against the store, was refused: %v", act, err)
				}
				mu.Unlock()
				f.svc.Settle(f.ctx, tbl)
				tbl.Unlock()
			}
			t.Error("the game did not end in 5000 moves of one client")
		})
	}
	wg.Wait()
	rec := a.load(id)
	if rec.Status != store.StatusFinished {
		t.Fatalf("the game is %s", rec.Status)
	}
	log, err := b.db.Actions(b.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d moves stored, %d refused as moved on, %d copies reloaded, %d moves played again after losing a race",
		len(log), movedOn, logs.count("another process changed the game"), logs.count("the move is played again"))
	t.Run("every acknowledged move is stored once, where it was acknowledged", func(t *testing.T) {
		seen := map[int]bool{}
		for _, k := range acks {
			if seen[k.seq] {
				t.Fatalf("two moves were acknowledged as move %d", k.seq)
			}
			seen[k.seq] = true
			if k.seq < 1 || k.seq > len(log) || log[k.seq-1] != k.move {
				t.Fatalf("move %d was acknowledged as %s, the log has %v", k.seq, k.move, log[max(0, min(k.seq, len(log))-1)])
			}
		}
	})
	t.Run("every stored move was acknowledged", func(t *testing.T) {
		if len(acks) != len(log) {
			t.Fatalf("%d moves acknowledged, %d stored", len(acks), len(log))
		}
	})
	t.Run("each process checked its copy against the store and reloaded it", func(t *testing.T) {
		if logs.count("another process changed the game") == 0 {
			t.Fatal("no copy was ever found behind the store: the processes did not share the game")
		}
	})
	t.Run("each step's end was shown once, by one process", func(t *testing.T) {
		if n := a.rec.count(NoticeStepEnded) + b.rec.count(NoticeStepEnded); n != 20 {
			t.Fatalf("%d step ends shown, want 20 (two steps in each of ten turns)", n)
		}
	})
}

func TestAMoveThatLostTheRaceIsPlayedAgainOnlyWhereItsSeatStood(t *testing.T) {
	t.Parallel()
	ps := processes(t, 2, nil)
	a, b := ps[0], ps[1]
	id := a.startPeople("lost", 3)
	// The first step awaits the three seats at once.
	t.Run("a seat whose choices another seat's move left alone plays its move anyway", func(t *testing.T) {
		mine := a.table(id)
		defer mine.Unlock()
		theirs := b.table(id)
		theirMove := firstMove(t, theirs, 1)
		if _, err := b.svc.Act(b.ctx, theirs, theirMove, ByPlayer); err != nil {
			t.Fatal(err)
		}
		b.svc.Settle(b.ctx, theirs)
		theirs.Unlock()
		myMove := firstMove(t, mine, 0)
		if _, err := a.svc.Act(a.ctx, mine, myMove, ByPlayer); err != nil {
			t.Fatalf("refused: %v", err)
		}
		log, _ := a.db.Actions(a.ctx, id)
		if !slices.Equal(log, []engine.Move{theirMove, myMove}) || mine.Rec.Seq != 2 {
			t.Fatalf("log %v, the table has %d moves", log, mine.Rec.Seq)
		}
	})
	t.Run("a seat that moved meanwhile is refused as moved on, and nothing changes", func(t *testing.T) {
		mine := a.table(id)
		defer mine.Unlock()
		theirs := b.table(id)
		if _, err := b.svc.Act(b.ctx, theirs, firstMove(t, theirs, 2), ByPlayer); err != nil {
			t.Fatal(err)
		}
		b.svc.Settle(b.ctx, theirs)
		theirs.Unlock()
		stored := a.load(id).Seq
		_, err := a.svc.Act(a.ctx, mine, firstMove(t, mine, 2), ByPlayer)
		if RefusalCode(err) != CodeMovedOn {
			t.Fatalf("got %v, want %s", err, CodeMovedOn)
		}
		if a.load(id).Seq != stored || mine.Rec.Seq != stored {
			t.Fatalf("the store has %d moves, was %d; the table %d", a.load(id).Seq, stored, mine.Rec.Seq)
		}
	})
	t.Run("a copy another process moved on is reloaded before anything is decided on it", func(t *testing.T) {
		a.table(id).Unlock()
		theirs := b.table(id)
		seat := ath(theirs.Rec.State).Waiting()[0]
		if _, err := b.svc.Act(b.ctx, theirs, firstMove(t, theirs, seat), ByPlayer); err != nil {
			t.Fatal(err)
		}
		b.svc.Settle(b.ctx, theirs)
		theirs.Unlock()
		mine := a.table(id)
		defer mine.Unlock()
		if stored := a.load(id); mine.Rec.Seq != stored.Seq || StepKey(mine.Rec.State) != StepKey(stored.State) {
			t.Fatalf("the table has %d moves, the store %d", mine.Rec.Seq, stored.Seq)
		}
	})
}

func TestADeadlineDueWhileTwoProcessesRunJobsRunsOnce(t *testing.T) {
	t.Parallel()
	ps := processes(t, 2, nil)
	a, b := ps[0], ps[1]
	id := a.startPeople("deadline", 3)
	step := StepKey(a.load(id).State)
	// The reminders and the deadline are all due: the deadline alone runs.
	a.advance(25 * time.Hour)
	var wg sync.WaitGroup
	for w := range 6 {
		f := ps[w%2]
		wg.Go(func() { f.svc.RunDueJobs(f.ctx) })
	}
	wg.Wait()
	rec := a.load(id)
	if StepKey(rec.State) == step {
		t.Fatal("the deadline did not play the step out")
	}
	for i, seat := range rec.Seats {
		if !seat.Autopilot {
			t.Errorf("seat %d is not on autopilot after the deadline", i)
		}
	}
	for _, c := range []struct {
		kind NoticeKind
		what string
		want int
	}{
		{NoticeAutopilot, "the autopilot's taking over", 1},
		{NoticeStepEnded, "the step's end", 1},
		{NoticeReminder, "a reminder", 0},
	} {
		if n := a.rec.count(c.kind) + b.rec.count(c.kind); n != c.want {
			t.Errorf("%s was shown %d times, want %d", c.what, n, c.want)
		}
	}
	if n := len(rec.State.Awaited()); n != 3 {
		t.Errorf("the next step awaits %d seats, want the three on autopilot until its deadline", n)
	}
}

func TestAJobHeldByAProcessThatDiedIsRunByAnotherOnceItsLeaseRunsOut(t *testing.T) {
	t.Parallel()
	ps := processes(t, 2, nil)
	dead, alive := ps[0], ps[1]
	id := dead.startPeople("dead", 3)
	step := StepKey(dead.load(id).State)
	dead.advance(25 * time.Hour)
	// The dead process claimed the due jobs, then was killed: nothing
	// gives its leases up.
	now := dead.clock()
	claimed, err := dead.db.ClaimJobs(dead.ctx, now, now.Add(DefaultJobLease))
	if err != nil || len(claimed) == 0 {
		t.Fatalf("claimed %v, %v", claimed, err)
	}
	t.Run("while the lease runs nobody runs the job", func(t *testing.T) {
		alive.svc.RunDueJobs(alive.ctx)
		dead.advance(DefaultJobLease - time.Millisecond)
		alive.svc.RunDueJobs(alive.ctx)
		if StepKey(alive.load(id).State) != step || alive.rec.count(NoticeAutopilot) != 0 {
			t.Fatal("the deadline ran while another process held it")
		}
	})
	t.Run("once it ran out another process runs it, once", func(t *testing.T) {
		dead.advance(time.Millisecond)
		alive.svc.RunDueJobs(alive.ctx)
		alive.svc.RunDueJobs(alive.ctx)
		if StepKey(alive.load(id).State) == step {
			t.Fatal("the deadline did not run")
		}
		if n := alive.rec.count(NoticeAutopilot); n != 1 {
			t.Fatalf("the autopilot's taking over was shown %d times", n)
		}
	})
}

func TestAComputerPlayersMoveIsPlayedByTheProcessHoldingTheGame(t *testing.T) {
	t.Parallel()
	ps := processes(t, 2, nil)
	dead, alive := ps[0], ps[1]
	id := dead.startPeople("computer", 1, "random")
	// The person moves on the first process, which dies before it plays
	// the computer player it made due (as the crash test on SQLite).
	for {
		tbl := dead.table(id)
		if awaitsAutomatic(tbl.Rec, tbl.Rec.State) {
			tbl.Unlock()
			break
		}
		if _, err := dead.svc.Act(dead.ctx, tbl, firstMove(t, tbl, 0), ByPlayer); err != nil {
			t.Fatal(err)
		}
		tbl.Unlock()
	}
	stored := dead.load(id).Seq
	t.Run("another process does not play it while the first holds the game", func(t *testing.T) {
		tbl := alive.table(id)
		alive.svc.Settle(alive.ctx, tbl)
		tbl.Unlock()
		alive.svc.RunDueJobs(alive.ctx)
		if n := alive.load(id).Seq; n != stored {
			t.Fatalf("%d moves stored, was %d", n, stored)
		}
		if n := alive.rec.count(NoticeStepEnded); n != 0 {
			t.Fatalf("the step's end was shown %d times by a process that does not hold it", n)
		}
	})
	t.Run("once the hold ran out another process plays it and shows the step's end", func(t *testing.T) {
		dead.advance(DefaultJobLease)
		alive.svc.RunDueJobs(alive.ctx)
		rec := alive.load(id)
		if awaitsAutomatic(rec, rec.State) || rec.Seq == stored {
			t.Fatalf("the computer player is still awaited (%d moves, was %d)", rec.Seq, stored)
		}
		if n := alive.rec.count(NoticeStepEnded); n != 1 {
			t.Fatalf("the step's end was shown %d times, want once", n)
		}
	})
}

// heard is a Watcher that reports to the test each change once the
// service has taken it.
type heard struct {
	w       Watcher
	reports chan string
}

func (h heard) WatchGames(ctx context.Context, changed func(gameID string), lost func(err error)) error {
	return h.w.WatchGames(ctx, func(gameID string) {
		changed(gameID)
		select {
		case h.reports <- gameID:
		case <-ctx.Done():
		}
	}, lost)
}

// waitFor waits until the watch reports gameID.
func waitFor(reports <-chan string, gameID string) {
	for id := range reports {
		if id == gameID {
			return
		}
	}
}

func TestAChangeByAnotherProcessDropsTheCopiesOfIt(t *testing.T) {
	t.Parallel()
	reports := make(chan string, 100)
	ps := processes(t, 2, func(i int, o *Options) {
		if i == 0 {
			o.Watch = heard{w: WatcherOf(o.Store), reports: reports}
		}
	})
	a, b := ps[0], ps[1]
	waitFor(reports, store.AllGames)
	id := a.startPeople("watched", 2)
	if snap, err := a.svc.Snapshot(a.ctx, id); err != nil || snap.Paused {
		t.Fatalf("%+v, %v", snap, err)
	}
	t.Run("a change that is not a move drops the snapshot, and the table reloads", func(t *testing.T) {
		if err := b.host(id, Operator{UserID: "u1", GuildID: "g1"}, HostCommand{Verb: VerbPause}); err != nil {
			t.Fatal(err)
		}
		waitFor(reports, id)
		snap, err := a.svc.Snapshot(a.ctx, id)
		if err != nil || !snap.Paused || !snap.Deadline.IsZero() {
			t.Fatalf("the snapshot after another process paused the game: %+v, %v", snap, err)
		}
		tbl := a.table(id)
		defer tbl.Unlock()
		if !tbl.Rec.Options.Paused || !tbl.due.IsZero() {
			t.Fatal("the table was not reloaded")
		}
	})
	t.Run("every copy is dropped when changes may have gone unheard", func(t *testing.T) {
		a.table(id).Unlock()
		a.svc.changed(store.AllGames)
		for _, tbl := range a.svc.Tables() {
			if !tbl.stale.Load() || tbl.snap.Load() != nil {
				t.Fatalf("the copy of %s was kept", tbl.ID())
			}
		}
		tbl := a.table(id)
		defer tbl.Unlock()
		if tbl.stale.Load() || tbl.snap.Load() == nil {
			t.Fatal("the table was not reloaded at its next use")
		}
	})
}
