package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// NoticeKind says what a Notice reports.
type NoticeKind int

// The notice kinds.
const (
	// NoticeStepBegan: a step began (or the game started); prompt the
	// awaited people and refresh the status.
	NoticeStepBegan NoticeKind = iota + 1
	// NoticeStepEnded: a step ended, or the game is over; Step is the
	// step's key and Events are the events of its moves.
	NoticeStepEnded
	// noticeStepEndedV1 is a step's end stored before the game seam, read
	// as NoticeStepEnded (without its events, which were Atheneum's).
	noticeStepEndedV1
	// NoticeWaiting: fewer seats are awaited than before.
	NoticeWaiting
	// NoticeReminder: half the step's time is gone; Seats are the awaited
	// people.
	NoticeReminder
	// NoticeAutopilot: Seats ran out of time; the autopilot played for
	// them and keeps playing until they act again.
	NoticeAutopilot

	// NoticeHost: the host (or a manager) used a host tool, or a player
	// resigned; Host says who did what.
	NoticeHost
	// NoticeLobbyExpired: the lobby was not started in time and is closed.
	NoticeLobbyExpired
	// NoticeAway: Seats' person is away until Until: the autopilot plays
	// for them meanwhile.
	NoticeAway
	// NoticeBack: Seats' person is back (they moved, said so, or their
	// time away ran out) and plays again; Tell are those of them the step
	// waits for, to be sent their prompt.
	NoticeBack
)

// Notice is one thing the service did that players should see.
type Notice struct {
	Kind  NoticeKind `json:"kind"`
	Seats []int      `json:"seats,omitempty"`
	// Step is set for NoticeStepEnded: the key of the step that ended.
	Step   string         `json:"step,omitempty"`
	Events []engine.Event `json:"events,omitempty"`
	// Host is set for NoticeHost.
	Host *HostNotice `json:"host,omitempty"`
	// Point is set for NoticeReminder: which reminder this is.
	Point ReminderPoint `json:"point,omitempty"`
	// Tell are, for NoticeAutopilot, the seats whose people are told
	// through their notify mode (a direct message or a mention), and for
	// NoticeBack those sent their prompt.
	Tell []int `json:"tell,omitempty"`
	// Until is, for NoticeAway, the end of the time away.
	Until time.Time `json:"until,omitzero"`
}

// Presenter shows players what the service did. It is called with the
// table locked, in the order things happened, and with the game as it is
// right after them.
type Presenter interface {
	Present(ctx context.Context, t *Table, n Notice)
}

// Result is what one accepted move did.
type Result struct {
	Events []engine.Event
	// StepEnded is true when the action finished the step.
	StepEnded bool
	// Returned is true when the move took the seat back from the
	// autopilot: its person is back.
	Returned bool
}

// Act applies a move (in its game's notation, which names its seat) on
// behalf of by, and stores it before anything is shown; t is locked. A
// refusal (an *engine.Refusal from the rules, or a *Refusal) changes
// nothing. What the move causes beyond the acting seat is queued for
// Settle, which the caller runs once it has answered the person who acted.
func (s *Service) Act(ctx context.Context, t *Table, m engine.Move, by Actor) (Result, error) {
	rec := t.Rec
	switch {
	case rec.State == nil || rec.Status == store.StatusAbandoned:
		return Result{}, refusal(CodeGameEnded)
	case rec.State.Over():
		return Result{}, refusal(CodeGameOver)
	}
	return s.act(ctx, t, m, by, nil)
}

// act is Act with extra autopilot changes to store in the same commit.
// Should another process have stored a move first, the game is reloaded
// and the move played again, once, if its seat still stands where it
// stood when the move was chosen (see standsWhereItStood: the move means
// what it meant) and the rules still take it; otherwise it is refused
// with CodeMovedOn.
func (s *Service) act(ctx context.Context, t *Table, m engine.Move, by Actor, autopilot []store.AutopilotChange) (Result, error) {
	res, err := s.actOnce(ctx, t, m, by, autopilot)
	if !errors.Is(err, store.ErrConflict) {
		return res, err
	}
	before := t.Rec
	seat, _ := engine.MoveSeat(m)
	s.reload(ctx, t)
	if !s.standsWhereItStood(ctx, before, t.Rec, seat) {
		return Result{}, refusal(CodeMovedOn)
	}
	s.log.Info("another process moved first; the move is played again", "game", t.id, "seat", seat)
	res, err = s.actOnce(ctx, t, m, by, autopilot)
	var refused *engine.Refusal
	switch {
	case errors.Is(err, store.ErrConflict):
		s.reload(ctx, t)
		return Result{}, refusal(CodeMovedOn)
	case errors.As(err, &refused):
		// Taken when chosen: another seat's move made it impossible.
		return Result{}, refusal(CodeMovedOn)
	}
	return res, err
}

// standsWhereItStood reports whether seat is where it was in before, the
// copy a move of it was chosen on, now that the game is now: it is still
// playing, in the same step, at the same decision point, and none of the
// moves stored since is the seat's own (another process played it, as a
// double click reaching two processes does). Only other seats moved, as
// in a step that waits for several at once.
func (s *Service) standsWhereItStood(ctx context.Context, before, now *store.Game, seat int) bool {
	if now == before || !playing(now) || seat < 0 || seat >= len(now.Seats) || len(now.Seats) != len(before.Seats) ||
		decisionPoint(now, seat) != decisionPoint(before, seat) {
		return false
	}
	moves, err := s.o.Store.Actions(ctx, now.ID)
	if err != nil || len(moves) < before.Seq {
		return false
	}
	for _, m := range moves[before.Seq:] {
		if of, ok := engine.MoveSeat(m); !ok || of == seat {
			return false
		}
	}
	return true
}

// actOnce applies and stores a move on t as it is; a move another
// process beat to the store gives store.ErrConflict and changes nothing.
func (s *Service) actOnce(ctx context.Context, t *Table, m engine.Move, by Actor, autopilot []store.AutopilotChange) (Result, error) {
	rec := t.Rec
	g := rec.State
	seat, ok := engine.MoveSeat(m)
	if !ok || seat >= len(rec.Seats) {
		return Result{}, refusal(CodeNoSuchSeat)
	}
	next := g.Clone()
	ev, err := next.Apply(m)
	if err != nil {
		return Result{}, err
	}
	seats := slices.Clone(rec.Seats)
	away := t.away
	returned := by == ByPlayer && seats[seat].Autopilot
	if returned {
		// The person is back: the autopilot lets go of the seat, and their
		// time away in this game is over.
		autopilot = append(autopilot, store.AutopilotChange{Seat: seat, On: false})
		away = withoutSeat(t.away, seat)
	}
	for _, ch := range autopilot {
		seats[ch.Seat].Autopilot = ch.On
	}
	after := *rec
	after.Seats, after.State = seats, next
	c := store.Commit{Seq: rec.Seq, Move: m, By: by.String(), State: next, At: s.o.Now(), Autopilot: autopilot}
	over := next.Over()
	if over {
		c.Results = next.Results()
	}
	if _, ok := t.away[seat]; returned && ok {
		c.DeleteJobs = append(c.DeleteJobs, store.JobKey{Kind: JobAway, Seat: seat})
	}
	ended := StepKey(g) != StepKey(next)
	due := t.due
	if ended {
		c.DeleteJobs = append(c.DeleteJobs, clockKeys()...)
		c.DeleteJobs = append(c.DeleteJobs, store.JobKey{Kind: JobReminded, Seat: store.NoSeat})
		due = time.Time{}
		// While paused a new step gets no clock: resume gives it its time.
		if !over && !rec.Options.Paused {
			c.PutJobs = s.stepJobs(&after, next)
			due = c.PutJobs[len(c.PutJobs)-1].Due
		}
	}
	// The person the step now waits for alone is told once per step, once
	// a quarter of it is gone (earlier, it would only echo its prompt),
	// within their budget; only another seat's move makes them the last.
	set := t.reminded.of(StepKey(next))
	if ended {
		set = begin(StepKey(next), next.Awaited(), s.o.Now(), s.toldOfStep(ctx, &after, next, away))
	}
	last := -1
	if !t.atDeadline && !ended {
		last = lastOne(&after, next, set.Began)
	}
	markedLast := false
	switch {
	case last < 0 || last == seat || set.has(PointLast, last):
		last = -1
	case !s.quarterGone(&after, set, due) || !set.canSend(last):
		// Too early, or no room left: the point passes unsaid.
		set, last, markedLast = set.with(PointLast, false, last), -1, true
	default:
		set, markedLast = set.with(PointLast, true, last), true
	}
	if (ended && !over) || markedLast {
		c.PutJobs = append(c.PutJobs, set.job())
	}
	var stepEnd *Notice
	if ended {
		stepEnd = &Notice{Kind: NoticeStepEnded, Step: StepKey(g), Events: append(slices.Clone(t.stepEvents), ev...)}
	}
	if stepEnd != nil {
		payload, err := json.Marshal(stepEnd)
		if err != nil {
			return Result{}, err
		}
		// Held: this process shows it in the Settle that follows; another
		// shows it only should this one die first.
		c.PutJobs = append(c.PutJobs, s.heldJob(JobPresent, payload))
	}
	advance := awaitsAutomatic(&after, next)
	var advanceJob store.Job
	switch {
	case advance && !t.advanceStored:
		// Held: this process plays the seats it made due.
		advanceJob = s.heldJob(JobAdvance, nil)
		c.PutJobs = append(c.PutJobs, advanceJob)
	case !advance && t.advanceStored:
		c.DeleteJobs = append(c.DeleteJobs, store.JobKey{Kind: JobAdvance, Seat: store.NoSeat})
	}
	if err := s.o.Store.Commit(ctx, rec.ID, c); err != nil {
		return Result{}, err
	}
	switch {
	case !advanceJob.Lease.IsZero():
		t.heldUntil = advanceJob.Lease
	case !advance:
		t.heldUntil = time.Time{}
	}
	t.advanceStored = advance
	t.reminded = set
	t.away = away
	waitedBefore := len(g.Awaited())
	rec.Seats, rec.State, rec.Seq = seats, next, rec.Seq+1
	if over {
		rec.Status = store.StatusFinished
	}
	if ended {
		t.due = time.Time{}
		t.scheduled(c.PutJobs)
	}
	t.publish()
	t.stepEvents = append(t.stepEvents, ev...)
	if stepEnd != nil {
		t.pending = append(t.pending, *stepEnd)
		t.stepEvents = nil
	}
	switch {
	case ended && !over:
		t.pending = append(t.pending, Notice{Kind: NoticeStepBegan})
	case !ended && len(next.Awaited()) != waitedBefore:
		t.pending = append(t.pending, Notice{Kind: NoticeWaiting})
	}
	if last >= 0 {
		t.pending = append(t.pending, Notice{Kind: NoticeReminder, Point: PointLast, Seats: []int{last}})
	}
	if returned {
		t.pending = append(t.pending, Notice{Kind: NoticeBack, Seats: []int{seat}})
	}
	s.log.Info("move", "game", rec.ID, "seq", rec.Seq, "move", string(m), "by", by.String())
	return Result{Events: ev, StepEnded: ended, Returned: returned}, nil
}

// String names the actor for logs.
func (a Actor) String() string {
	switch a {
	case ByAI:
		return "ai"
	case ByAutopilot:
		return "autopilot"
	}
	return "player"
}

// maxAutomaticMoves bounds the moves one Settle makes for the seats the
// service plays, so a faulty player can never loop forever.
const maxAutomaticMoves = 5000

// Settle presents what earlier actions caused, then plays the seats the
// service plays itself (AI seats, and people on autopilot while others
// play) until the game waits only for people; t is locked. A step's
// beginning is presented last, so prompts and the status name only the
// people the game really waits for.
func (s *Service) Settle(ctx context.Context, t *Table) {
	began, waiting := false, false
	flush := func() {
		for _, n := range t.pending {
			switch n.Kind {
			case NoticeStepBegan:
				began = true
			case NoticeWaiting:
				waiting = true
			default:
				s.o.Presenter.Present(ctx, t, n)
			}
			if n.Kind == NoticeStepEnded {
				if err := s.o.Store.DeleteJob(ctx, t.Rec.ID, store.JobKey{Kind: JobPresent, Seat: store.NoSeat}); err != nil {
					s.log.Warn("could not clear a presented step", "game", t.Rec.ID, "err", err)
				}
			}
		}
		t.pending = nil
	}
	flush()
	for moves := 0; moves < maxAutomaticMoves; moves++ {
		seat := s.nextInline(ctx, t)
		if seat < 0 {
			break
		}
		by := ByAI
		if IsPerson(t.Rec, seat) {
			by = ByAutopilot
		}
		if err := s.playFor(ctx, t, seat, by, nil); err != nil {
			if RefusalCode(err) == CodeMovedOn {
				// Another process moved the game on: it settles what it did.
				s.log.Info("another process moved the game on while its seats were played", "game", t.Rec.ID, "seat", seat)
			} else {
				s.log.Error("could not play for a seat", "game", t.Rec.ID, "seat", seat, "err", err)
			}
			break
		}
		flush()
	}
	if t.advanceStored && (t.Rec.State == nil || !awaitsAutomatic(t.Rec, t.Rec.State)) {
		if err := s.o.Store.DeleteJob(ctx, t.Rec.ID, store.JobKey{Kind: JobAdvance, Seat: store.NoSeat}); err == nil {
			t.advanceStored, t.heldUntil = false, time.Time{}
		}
	}
	switch {
	case began && !t.Rec.State.Over():
		s.o.Presenter.Present(ctx, t, Notice{Kind: NoticeStepBegan})
	case waiting || began:
		s.o.Presenter.Present(ctx, t, Notice{Kind: NoticeWaiting})
	}
	if t.Rec.State.Over() || t.Rec.Status == store.StatusAbandoned {
		// A game that is over needs no memory; a late click reloads it.
		s.Forget(t.Rec.ID)
	}
}

// nextInline is the lowest awaited seat the service plays itself now, with
// the game locked, or -1: AI seats go to the pool of searches when there
// is one (handOff), and only the autopilot plays inline then. Those seats
// are played by the process that holds the game's JobAdvance (see
// holdAdvance): none while another process does.
func (s *Service) nextInline(ctx context.Context, t *Table) int {
	rec := t.Rec
	if rec.State == nil || rec.Status != store.StatusPlaying || rec.State.Over() {
		return -1
	}
	held := false
	for _, seat := range rec.State.Awaited() {
		if !Automatic(rec, seat) {
			continue
		}
		if !held {
			if !s.holdAdvance(ctx, t) {
				return -1
			}
			held = true
		}
		if !s.handOff(t, seat) {
			return seat
		}
	}
	return -1
}

// heldJob is a job of the whole game, due now and held by this process for
// a lease: work it does at once itself, which no other process is to take
// unless this one dies first.
func (s *Service) heldJob(kind string, payload []byte) store.Job {
	now := s.o.Now()
	return store.Job{Kind: kind, Seat: store.NoSeat, Due: now, Payload: payload, Lease: now.Add(s.o.JobLease)}
}

// holdAdvance reports whether this process plays the seats the service
// plays itself in t's game: it holds the game's JobAdvance, renewed once
// half its lease is gone, or takes it if nobody holds it, so that of
// several processes one plays those seats (and searches each computer
// player's move); t is locked. A game without the job (stored before it
// was kept) is played by whoever settles it, as it always was.
func (s *Service) holdAdvance(ctx context.Context, t *Table) bool {
	now := s.o.Now()
	if t.heldUntil.After(now.Add(s.o.JobLease / 2)) {
		return true
	}
	j, err := s.o.Store.HoldJob(ctx, t.id, store.JobKey{Kind: JobAdvance, Seat: store.NoSeat}, now, now.Add(s.o.JobLease))
	switch {
	case err == nil:
		t.heldUntil, t.advanceStored = j.Lease, true
		return true
	case errors.Is(err, store.ErrNotFound):
		return true
	case errors.Is(err, store.ErrConflict):
		s.log.Info("another process plays the game's automatic seats", "game", t.id)
	default:
		s.log.Warn("could not hold a game's automatic seats", "game", t.id, "err", err)
	}
	t.heldUntil = time.Time{}
	return false
}

// playAs plays m, a computer player's or the autopilot's move for seat, on
// behalf of by, and stores it; t is locked. A move of any other seat is
// refused: a faulty player must not move someone else, and the seat it
// plays for, left waiting, would be asked again without end.
func (s *Service) playAs(ctx context.Context, t *Table, seat int, m engine.Move, by Actor, autopilot []store.AutopilotChange) (Result, error) {
	if of, ok := engine.MoveSeat(m); !ok || of != seat {
		return Result{}, fmt.Errorf("the move %q is not seat %d's", m, seat)
	}
	return s.act(ctx, t, m, by, autopilot)
}

// playFor makes one move for seat with its AI (the autopilot's level for
// a person) and stores it; autopilot changes go into the same commit.
func (s *Service) playFor(ctx context.Context, t *Table, seat int, by Actor, autopilot []store.AutopilotChange) error {
	rec := t.Rec
	level := rec.Seats[seat].AILevel
	if IsPerson(rec, seat) || level == "" {
		level = AutopilotLevel
	}
	m, err := s.propose(rec, seat, level, by == ByAutopilot)
	if err == nil {
		_, err = s.playAs(ctx, t, seat, m, by, autopilot)
		if err == nil || RefusalCode(err) == CodeMovedOn {
			return err
		}
		s.log.Error("an AI proposed a refused move", "game", rec.ID, "seat", seat, "level", level, "move", string(m), "err", err)
	}
	return s.playFirstLegal(ctx, t, seat, by, autopilot...)
}

// playFirstLegal plays the first legal move the rules list for seat: a
// game never stalls on a faulty computer player.
func (s *Service) playFirstLegal(ctx context.Context, t *Table, seat int, by Actor, autopilot ...store.AutopilotChange) error {
	moves := engine.Moves(t.Rec.State.View(seat), seat, 1)
	if len(moves) == 0 {
		return fmt.Errorf("seat %d has no legal move", seat)
	}
	_, err := s.act(ctx, t, moves[0], by, autopilot)
	return err
}

// propose asks the game's computer player of level for seat's move, from
// what the seat may see; the autopilot plays the game's own autopilot.
func (s *Service) propose(rec *store.Game, seat int, level string, autopilot bool) (engine.Move, error) {
	k, err := s.Kind(rec)
	if err != nil {
		return "", err
	}
	view := rec.State.View(seat)
	if autopilot {
		return k.Autopilot(view, seat, aiSeed(rec, seat))
	}
	p, err := k.Player(level, aiSeed(rec, seat))
	if err != nil {
		return "", err
	}
	return p.Propose(view, seat)
}

// TakeBack ends the autopilot of seat: its person plays again; t is
// locked.
func (s *Service) TakeBack(ctx context.Context, t *Table, seat int) error {
	rec := t.Rec
	if rec.State == nil || rec.Status != store.StatusPlaying {
		return refusal(CodeGameEnded)
	}
	if !rec.Seats[seat].Autopilot {
		return refusal(CodeNotAutopilot)
	}
	return s.takeBack(ctx, t, seat, false)
}

// takeBack turns seat's autopilot off and ends its time away; t is
// locked. It queues a NoticeBack (and, with prompt, has the seat sent its
// prompt if the step waits for it and its budget allows). finished are
// the claimed jobs that this ends (the time away's, when it ran out): the
// commit fails unless the process still holds them, so that the person
// is told once.
func (s *Service) takeBack(ctx context.Context, t *Table, seat int, prompt bool, finished ...store.JobKey) error {
	rec := t.Rec
	c := store.Commit{Autopilot: []store.AutopilotChange{{Seat: seat, On: false}}, Finished: finished}
	if _, ok := t.away[seat]; ok && len(finished) == 0 {
		c.DeleteJobs = []store.JobKey{{Kind: JobAway, Seat: seat}}
	}
	n := Notice{Kind: NoticeBack, Seats: []int{seat}}
	set := t.reminded.of(StepKey(rec.State))
	if prompt && slices.Contains(rec.State.Awaited(), seat) && set.canSend(seat) && s.NotifyMode(ctx, rec.Seats[seat].UserID) != NotifyQuiet {
		n.Tell = []int{seat}
		set = set.with(pointBack, true, seat)
		c.PutJobs = []store.Job{set.job()}
	}
	if err := s.commit(ctx, t, c, func(rec *store.Game) {
		rec.Seats[seat].Autopilot = false
		t.away = withoutSeat(t.away, seat)
		if n.Tell != nil {
			t.reminded = set
		}
	}); err != nil {
		return err
	}
	s.log.Info("autopilot off", "game", rec.ID, "seat", seat)
	t.pending = append(t.pending, n, Notice{Kind: NoticeWaiting})
	return nil
}

// RunDueJobs claims the reminders, deadlines and pending automatic moves
// that are due and that no other process holds, and runs them.
func (s *Service) RunDueJobs(ctx context.Context) {
	now := s.o.Now()
	jobs, err := s.o.Store.ClaimJobs(ctx, now, now.Add(s.o.JobLease))
	if err != nil {
		s.log.Error("could not claim due jobs", "err", err)
		return
	}
	// A step's end left unshown by a crash is shown before anything moves
	// the game on.
	slices.SortStableFunc(jobs, func(a, b store.Job) int {
		return boolRank(b.Kind == JobPresent) - boolRank(a.Kind == JobPresent)
	})
	// After downtime several of a step's timers may be due at once: only
	// the latest counts, so players get one message, not a burst. A due
	// deadline makes both reminders pointless; a due "soon" the half-way.
	type clock struct{ deadline, soon bool }
	due := map[string]clock{}
	for _, j := range jobs {
		c := due[j.GameID]
		c.deadline = c.deadline || j.Kind == JobDeadline
		c.soon = c.soon || j.Kind == JobReminderSoon
		due[j.GameID] = c
	}
	for _, j := range jobs {
		c := due[j.GameID]
		drop := (j.Kind == JobReminderSoon && c.deadline) || (j.Kind == JobReminder && (c.deadline || c.soon))
		s.runJob(ctx, j, drop)
	}
}

// runJob runs one due job, or with drop deletes it unrun (a reminder made
// pointless by a later one that is due too).
func (s *Service) runJob(ctx context.Context, j store.Job, drop bool) {
	key := store.JobKey{Kind: j.Kind, Seat: j.Seat}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in a scheduled job", "game", j.GameID, "job", j.Kind, "panic", fmt.Sprint(p))
		}
	}()
	t, err := s.Table(ctx, j.GameID)
	if err != nil {
		s.log.Warn("job for a game that cannot be loaded", "game", j.GameID, "err", err)
		_ = s.o.Store.DeleteJob(ctx, j.GameID, key)
		return
	}
	defer t.Unlock()
	// Claimed before the lock: the job may since have run, been moved
	// (extend), replaced by the next step's, or taken over by another
	// process once its lease ran out. Held again, it is this process's for
	// a whole lease from now.
	now := s.o.Now()
	cur, err := s.o.Store.HoldJob(ctx, j.GameID, key, now, now.Add(s.o.JobLease))
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrConflict) {
			s.log.Warn("could not hold a due job", "game", j.GameID, "job", j.Kind, "err", err)
		}
		return
	}
	j = cur
	rec := t.Rec
	if j.Kind == JobLobbyExpiry && rec.Status == store.StatusLobby {
		if at := LobbyExpires(rec); !s.expired(rec) && !at.IsZero() {
			// The lobby was used since: its expiry moved with it.
			_ = s.o.Store.Commit(ctx, rec.ID, store.Commit{PutJobs: []store.Job{{Kind: JobLobbyExpiry, Seat: store.NoSeat, Due: at}}})
			return
		}
		s.expireLobby(ctx, t)
		return
	}
	if rec.State == nil || rec.Status != store.StatusPlaying {
		_ = s.o.Store.DeleteJob(ctx, j.GameID, key)
		return
	}
	// The batch a process claimed may hold a reminder without the deadline
	// that makes it pointless, when another process claimed that one: the
	// step's deadline, as stored, decides.
	if (j.Kind == JobReminder || j.Kind == JobReminderSoon) && !t.due.IsZero() && !now.Before(t.due) {
		drop = true
	}
	if drop {
		s.dropClock(ctx, t, key)
		return
	}
	switch j.Kind {
	case JobReminder, JobReminderSoon:
		s.remind(ctx, t, j)
	case JobDeadline:
		s.deadline(ctx, t)
	case JobAway:
		s.awayOver(ctx, t, j.Seat)
	case JobAdvance:
		t.advanceStored, t.heldUntil = true, j.Lease
		s.Settle(ctx, t)
	case JobPresent:
		// A step's end that a crash kept from being shown: show it now,
		// with the game as the step left it.
		var n Notice
		if err := json.Unmarshal(j.Payload, &n); err != nil || (n.Kind != NoticeStepEnded && n.Kind != noticeStepEndedV1) {
			s.log.Error("a stored step end cannot be read", "game", j.GameID, "err", err)
			_ = s.o.Store.DeleteJob(ctx, j.GameID, key)
			return
		}
		if n.Kind == noticeStepEndedV1 {
			n = Notice{Kind: NoticeStepEnded}
		}
		t.pending = append([]Notice{n}, t.pending...)
		if !rec.State.Over() {
			t.pending = append(t.pending, Notice{Kind: NoticeStepBegan})
		}
		s.Settle(ctx, t)
	default:
		_ = s.o.Store.DeleteJob(ctx, j.GameID, key)
	}
}

// deadline plays the step out for every awaited seat: people go on
// autopilot (told in the channel) until they act again.
func (s *Service) deadline(ctx context.Context, t *Table) {
	rec := t.Rec
	if rec.Options.Paused {
		// Stored before the pause removed it: no deadline runs while paused.
		s.dropClock(ctx, t, store.JobKey{Kind: JobDeadline, Seat: store.NoSeat})
		return
	}
	step := StepKey(rec.State)
	waiting := rec.State.Awaited()
	s.log.Info("deadline reached", "game", rec.ID, "waiting", len(waiting))
	t.atDeadline = true
	set := t.reminded.of(step)
	var absent, tell []int
	for _, seat := range waiting {
		by := ByAI
		var switchOn []store.AutopilotChange
		if IsPerson(t.Rec, seat) {
			by = ByAutopilot
			// Only those who ran out of time now are told: a seat already
			// on autopilot (everybody away) was told before.
			if !t.Rec.Seats[seat].Autopilot {
				absent = append(absent, seat)
				switchOn = []store.AutopilotChange{{Seat: seat, On: true}}
				if set.Sent[seat] < Budget && s.NotifyMode(ctx, t.Rec.Seats[seat].UserID) != NotifyQuiet {
					tell = append(tell, seat)
				}
			}
		}
		if err := s.playOut(ctx, t, seat, by, switchOn); err != nil {
			s.log.Error("could not play for an absent player", "game", rec.ID, "seat", seat, "err", err)
		}
	}
	t.atDeadline = false
	if len(absent) > 0 {
		// Told before the step's end is shown, as it happened first.
		t.pending = append([]Notice{{Kind: NoticeAutopilot, Seats: absent, Tell: tell}}, t.pending...)
	}
	if StepKey(t.Rec.State) == step {
		// Nothing was awaited any more: the deadline has nothing to do.
		s.dropClock(ctx, t, store.JobKey{Kind: JobDeadline, Seat: store.NoSeat})
	}
	s.Settle(ctx, t)
}

// dropClock deletes one of the step's timed jobs, forgetting the deadline
// if it is the one.
func (s *Service) dropClock(ctx context.Context, t *Table, k store.JobKey) {
	if err := s.o.Store.DeleteJob(ctx, t.Rec.ID, k); err != nil {
		s.log.Warn("could not delete a job", "game", t.Rec.ID, "job", k.Kind, "err", err)
		return
	}
	if k.Kind == JobDeadline && !t.due.IsZero() {
		t.due = time.Time{}
		t.publish()
	}
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
