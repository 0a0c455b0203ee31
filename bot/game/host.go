package game

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"atheneum/store"
)

// MaxHours bounds the hours of the host tools extend and hours (two weeks).
const MaxHours = 336

// MaxReasonLength bounds the reason given for ending a game, in characters.
const MaxReasonLength = 200

// The host tools (HostCommand.Verb); VerbResign marks a player's own
// resignation in a HostNotice.
const (
	VerbExtend    = "extend"
	VerbHours     = "hours"
	VerbPause     = "pause"
	VerbResume    = "resume"
	VerbAutopilot = "autopilot"
	VerbReplace   = "replace"
	VerbRemove    = "remove"
	VerbEnd       = "end"
	VerbResign    = "resign"
)

// ReplacementLevel is the AI level that takes over the seat of a person who
// is removed or resigns.
const ReplacementLevel = "normal"

// Operator is who asks for a host action, from which server; Manager is set
// by the adapter when the member has Manage Server there (read from the
// interaction's permissions), so it counts only in GuildID's games.
type Operator struct {
	UserID, Name string
	GuildID      string
	Manager      bool
}

// HostCommand is one host action.
type HostCommand struct {
	// Verb is "extend", "hours", "pause", "resume", "autopilot", "replace",
	// "remove" or "end" ("resign" in the notice of a resignation).
	Verb string
	// Hours: for extend, the hours added to the current deadline; for
	// hours, the new time per step (1 to MaxHours).
	Hours int
	// Seat is the seat (from 0) of autopilot, replace and remove.
	Seat int
	// UserID and Name are who takes the seat for replace; an empty UserID
	// with AILevel set seats an AI ("random", "normal" or "hard").
	UserID, Name string
	AILevel      string
	// Reason is why the game ends, for end (trimmed, at most
	// MaxReasonLength characters).
	Reason string
}

// HostNotice says who used which host tool, for NoticeHost.
type HostNotice struct {
	By      Operator
	Command HostCommand
	// Former is the name of who played the seat before, for replace,
	// remove and resign.
	Former string
}

// Host applies a host tool; only the game's host or a manager may; t is
// locked. A refusal changes nothing. An accepted action queues a
// NoticeHost for Settle, which the caller runs once it has answered.
func (s *Service) Host(ctx context.Context, t *Table, op Operator, c HostCommand) error {
	rec := t.Rec
	switch c.Verb {
	case VerbExtend, VerbHours, VerbPause, VerbResume, VerbAutopilot, VerbReplace, VerbRemove, VerbEnd:
	default:
		return refusal(CodeNoSuchVerb)
	}
	if !playing(rec) {
		return refusal(CodeNotPlaying)
	}
	if op.GuildID != rec.GuildID {
		return refusal(CodeOtherServer)
	}
	if op.UserID != rec.HostID && !op.Manager {
		return refusal(CodeHostOnly)
	}
	notice := HostNotice{By: op, Command: c}
	mark := len(t.pending)
	var err error
	switch c.Verb {
	case VerbExtend:
		err = s.extend(ctx, t, c.Hours)
	case VerbHours:
		err = s.setHours(ctx, t, c.Hours)
	case VerbPause:
		err = s.pause(ctx, t)
	case VerbResume:
		err = s.resume(ctx, t)
	case VerbAutopilot:
		err = s.hostAutopilot(ctx, t, c.Seat)
	case VerbReplace:
		if c.Seat >= 0 && c.Seat < len(rec.Seats) {
			notice.Former = rec.Seats[c.Seat].Name
		}
		notice.Command.Name, err = s.replace(ctx, t, c)
	case VerbRemove:
		if err = checkPersonSeat(rec, c.Seat); err == nil {
			notice.Former = rec.Seats[c.Seat].Name
			err = s.toAI(ctx, t, c.Seat)
		}
	case VerbEnd:
		notice.Command.Reason = clipReason(c.Reason)
		err = s.end(ctx, t, notice.Command.Reason)
	}
	if err != nil {
		return err
	}
	s.log.Info("host action", "game", rec.ID, "verb", c.Verb, "by", op.UserID, "manager", op.Manager)
	// Told before whatever the action set off (a step's end, say).
	t.pending = slices.Insert(t.pending, mark, Notice{Kind: NoticeHost, Host: &notice}, Notice{Kind: NoticeWaiting})
	return nil
}

// Resign gives the seat of userID to an AI that plays it to the end; t is
// locked. It queues a NoticeHost (verb "resign") for Settle.
func (s *Service) Resign(ctx context.Context, t *Table, userID string) error {
	rec := t.Rec
	if !playing(rec) {
		return refusal(CodeNotPlaying)
	}
	seat := seatOfUser(rec, userID)
	if seat < 0 {
		return refusal(CodeNotInGame)
	}
	former := rec.Seats[seat].Name
	if err := s.toAI(ctx, t, seat); err != nil {
		return err
	}
	s.log.Info("resigned", "game", rec.ID, "seat", seat)
	notice := HostNotice{By: Operator{UserID: userID, Name: former}, Command: HostCommand{Verb: VerbResign, Seat: seat}, Former: former}
	t.pending = append(t.pending, Notice{Kind: NoticeHost, Host: &notice}, Notice{Kind: NoticeWaiting})
	return nil
}

// playing reports whether the game is running.
func playing(rec *store.Game) bool {
	return rec.Status == store.StatusPlaying && rec.State != nil && !rec.State.Over()
}

func checkHours(h int) error {
	if h < 1 || h > MaxHours {
		return refusal(CodeBadHours)
	}
	return nil
}

func checkSeat(rec *store.Game, seat int) error {
	if seat < 0 || seat >= len(rec.Seats) {
		return refusal(CodeNoSuchSeat)
	}
	return nil
}

func checkPersonSeat(rec *store.Game, seat int) error {
	if err := checkSeat(rec, seat); err != nil {
		return err
	}
	if !IsPerson(rec, seat) {
		return refusal(CodeNotPerson)
	}
	return nil
}

// clipReason trims a reason and keeps its first MaxReasonLength characters.
func clipReason(r string) string {
	r = strings.TrimSpace(r)
	if utf8.RuneCountInString(r) > MaxReasonLength {
		r = strings.TrimSpace(string([]rune(r)[:MaxReasonLength]))
	}
	return r
}

// commit stores c on t's game (at its current action count) and publishes
// the snapshot once the record is updated by apply.
func (s *Service) commit(ctx context.Context, t *Table, c store.Commit, apply func(rec *store.Game)) error {
	rec := t.Rec
	c.Seq = rec.Seq
	if c.At.IsZero() {
		c.At = s.o.Now()
	}
	if err := s.o.Store.Commit(ctx, rec.ID, c); err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another process changed the game (or took over the job
			// this finishes): what was decided on this copy may no longer
			// hold.
			s.reload(ctx, t)
			return refusal(CodeMovedOn)
		}
		return err
	}
	// A copy of the record: a snapshot taken earlier may share its seats.
	rec.Seats = slices.Clone(rec.Seats)
	if c.Options != nil {
		rec.Options = *c.Options
	}
	if apply != nil {
		apply(rec)
	}
	t.publish()
	return nil
}

// extend moves the current deadline and its reminders hours later (or,
// while paused, adds the hours to the time left).
func (s *Service) extend(ctx context.Context, t *Table, hours int) error {
	if err := checkHours(hours); err != nil {
		return err
	}
	rec := t.Rec
	add := time.Duration(hours) * time.Hour
	if rec.Options.Paused {
		opts := rec.Options
		opts.PausedLeftMS = (s.pausedLeft(rec) + add).Milliseconds()
		opts.PausedStep = StepKey(rec.State)
		return s.commit(ctx, t, store.Commit{Options: &opts}, nil)
	}
	jobs, err := s.o.Store.GameJobs(ctx, rec.ID)
	if err != nil {
		return err
	}
	var c store.Commit
	var due time.Time
	for _, j := range jobs {
		if j.Kind == JobDeadline || slices.Contains(reminderKinds, j.Kind) {
			j.Due = j.Due.Add(add)
			c.PutJobs = append(c.PutJobs, j)
			if j.Kind == JobDeadline {
				due = j.Due
			}
		}
	}
	if due.IsZero() {
		// No deadline was scheduled: the step gets one, hours from now.
		jobs := s.clockJobs(rec.State, s.o.Now().Add(add), s.stepLength(rec))
		deadline := jobs[len(jobs)-1]
		c.PutJobs, due = append(c.PutJobs, deadline), deadline.Due
	}
	return s.commit(ctx, t, c, func(*store.Game) { t.due = due })
}

// setHours sets the time of the steps to come; the current deadline stays.
func (s *Service) setHours(ctx context.Context, t *Table, hours int) error {
	if err := checkHours(hours); err != nil {
		return err
	}
	opts := t.Rec.Options
	opts.StepHours = hours
	return s.commit(ctx, t, store.Commit{Options: &opts}, nil)
}

// pause stops the step's clock, keeping the time left.
func (s *Service) pause(ctx context.Context, t *Table) error {
	rec := t.Rec
	if rec.Options.Paused {
		return refusal(CodePaused)
	}
	left := s.stepLength(rec)
	if !t.due.IsZero() {
		left = max(t.due.Sub(s.o.Now()), 0)
	}
	opts := rec.Options
	opts.Paused, opts.PausedLeftMS, opts.PausedStep = true, left.Milliseconds(), StepKey(rec.State)
	return s.commit(ctx, t, store.Commit{Options: &opts, DeleteJobs: clockKeys()}, func(*store.Game) { t.due = time.Time{} })
}

// pausedLeft is the time the current step has left on resume: what was
// left when paused, or a whole step for a step begun during the pause.
func (s *Service) pausedLeft(rec *store.Game) time.Duration {
	if rec.Options.PausedStep != StepKey(rec.State) {
		return s.stepLength(rec)
	}
	return time.Duration(rec.Options.PausedLeftMS) * time.Millisecond
}

// resume starts the clock again: the deadline is the time left from now,
// with the reminders still to come.
func (s *Service) resume(ctx context.Context, t *Table) error {
	rec := t.Rec
	if !rec.Options.Paused {
		return refusal(CodeNotPaused)
	}
	due := s.o.Now().Add(s.pausedLeft(rec))
	opts := rec.Options
	opts.Paused, opts.PausedLeftMS, opts.PausedStep = false, 0, ""
	c := store.Commit{Options: &opts, PutJobs: s.clockJobs(rec.State, due, s.stepLength(rec))}
	return s.commit(ctx, t, c, func(*store.Game) { t.due = due })
}

// hostAutopilot puts a person's seat on autopilot and, if the step waits
// for it, plays it out now as at a deadline.
func (s *Service) hostAutopilot(ctx context.Context, t *Table, seat int) error {
	rec := t.Rec
	if err := checkPersonSeat(rec, seat); err != nil {
		return err
	}
	var on []store.AutopilotChange
	if !rec.Seats[seat].Autopilot {
		on = []store.AutopilotChange{{Seat: seat, On: true}}
	}
	if !slices.Contains(rec.State.Awaited(), seat) {
		if on == nil {
			return nil
		}
		return s.commit(ctx, t, store.Commit{Autopilot: on}, func(rec *store.Game) { rec.Seats[seat].Autopilot = true })
	}
	return s.playOut(ctx, t, seat, ByAutopilot, on)
}

// playOut plays seat's moves until the step no longer waits for it;
// autopilot changes go with the first move.
func (s *Service) playOut(ctx context.Context, t *Table, seat int, by Actor, autopilot []store.AutopilotChange) error {
	step := StepKey(t.Rec.State)
	for moves := 0; moves < maxAutomaticMoves && StepKey(t.Rec.State) == step && slices.Contains(t.Rec.State.Awaited(), seat); moves++ {
		if err := s.playFor(ctx, t, seat, by, autopilot); err != nil {
			return err
		}
		autopilot = nil
	}
	return nil
}

// replace seats a newcomer (person or AI) in seat, which keeps its shelf,
// hand and score; it returns the newcomer's name.
func (s *Service) replace(ctx context.Context, t *Table, c HostCommand) (string, error) {
	rec := t.Rec
	if err := checkSeat(rec, c.Seat); err != nil {
		return "", err
	}
	ch := store.SeatChange{Seat: c.Seat, UserID: c.UserID, Name: c.Name}
	switch {
	case c.UserID != "":
		if seatOfUser(rec, c.UserID) >= 0 {
			return "", refusal(CodeAlreadySeated)
		}
		if ch.Name == "" {
			ch.Name = c.UserID
		}
	case s.hasLevel(rec, c.AILevel):
		ch.AILevel, ch.Name = c.AILevel, s.aiName(rec.Seats, rec.Options.Language, c.AILevel)
	default:
		return "", refusal(CodeNoSuchLevel)
	}
	return ch.Name, s.changeSeat(ctx, t, ch)
}

// hasLevel reports whether the game's computer players have that level.
func (s *Service) hasLevel(rec *store.Game, level string) bool {
	k, err := s.Kind(rec)
	return err == nil && slices.Contains(k.Levels(), level)
}

// toAI gives a person's seat to a computer player of ReplacementLevel (or,
// in a game without that level, of its weakest).
func (s *Service) toAI(ctx context.Context, t *Table, seat int) error {
	level := ReplacementLevel
	if k, err := s.Kind(t.Rec); err == nil && !slices.Contains(k.Levels(), level) && len(k.Levels()) > 0 {
		level = k.Levels()[0]
	}
	return s.changeSeat(ctx, t, store.SeatChange{Seat: seat, AILevel: level, Name: s.aiName(t.Rec.Seats, t.Rec.Options.Language, level)})
}

// changeSeat stores a new player for a seat; when the service now has a
// seat to play, an advance job goes with it, as after an action.
func (s *Service) changeSeat(ctx context.Context, t *Table, ch store.SeatChange) error {
	rec := t.Rec
	seats := slices.Clone(rec.Seats)
	seats[ch.Seat] = store.Seat{Index: ch.Seat, UserID: ch.UserID, AILevel: ch.AILevel, Name: ch.Name, Options: seats[ch.Seat].Options}
	after := *rec
	after.Seats = seats
	// Whoever takes the seat is not away, whatever its former player was.
	c := store.Commit{Seats: []store.SeatChange{ch}, DeleteJobs: []store.JobKey{{Kind: JobAway, Seat: ch.Seat}}}
	advance := awaitsAutomatic(&after, rec.State)
	var advanceJob store.Job
	if advance && !t.advanceStored {
		advanceJob = s.heldJob(JobAdvance, nil)
		c.PutJobs = []store.Job{advanceJob}
	}
	return s.commit(ctx, t, c, func(rec *store.Game) {
		rec.Seats = seats
		t.advanceStored = t.advanceStored || advance
		t.away = withoutSeat(t.away, ch.Seat)
		if !advanceJob.Lease.IsZero() {
			t.heldUntil = advanceJob.Lease
		}
	})
}

// end abandons the game with the reason given.
func (s *Service) end(ctx context.Context, t *Table, reason string) error {
	return s.commit(ctx, t, store.Commit{Abandon: true, EndReason: reason}, func(rec *store.Game) {
		rec.Status, rec.EndReason, rec.EndedAt = store.StatusAbandoned, reason, s.o.Now()
		t.due, t.advanceStored = time.Time{}, false
	})
}
