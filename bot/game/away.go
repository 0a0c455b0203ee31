package game

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// Time away: a member hands all their games on a server to the autopilot
// for a while. It is kept with the store's generic mechanisms: a member
// setting per server says until when (so that a game started meanwhile
// is handed over too), and in each game a JobAway job of the member's
// seat, due when the time away ends, goes with the seat's autopilot.

// JobAway is due when the time away of its seat's person ends: the
// autopilot then lets go of the seat.
const JobAway = "away"

// MaxAwayHours bounds a time away (a week).
const MaxAwayHours = 168

// awaySetting is the member setting that keeps until when the member is
// away on a server (RFC 3339).
func awaySetting(guildID string) string { return "away:" + guildID }

// pointBack marks, in a step's reminded set, the prompt a person is sent
// when they come back.
const pointBack ReminderPoint = "back"

// AwayUntil returns until when the member is away on the server, or the
// zero time when they are not.
func (s *Service) AwayUntil(ctx context.Context, guildID, userID string) time.Time {
	v, err := s.MemberSetting(ctx, userID, awaySetting(guildID))
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("could not read a time away", "err", err)
		}
		return time.Time{}
	}
	until, err := time.Parse(time.RFC3339, v)
	if err != nil || !until.After(s.o.Now()) {
		return time.Time{}
	}
	return until
}

// SetAway records that the member is away on the server for hours (1 to
// MaxAwayHours, else CodeBadAwayHours) and returns until when. The caller
// then hands each of the member's games to the autopilot with Away.
func (s *Service) SetAway(ctx context.Context, guildID, userID string, hours int) (time.Time, error) {
	if hours < 1 || hours > MaxAwayHours {
		return time.Time{}, refusal(CodeBadAwayHours)
	}
	until := s.o.Now().Add(time.Duration(hours) * time.Hour).UTC().Truncate(time.Second)
	return until, s.SetMemberSetting(ctx, userID, awaySetting(guildID), until.Format(time.RFC3339))
}

// ClearAway records that the member is back on the server. The caller
// then takes back each of the member's games with Back.
func (s *Service) ClearAway(ctx context.Context, guildID, userID string) error {
	return s.SetMemberSetting(ctx, userID, awaySetting(guildID), "")
}

// Away hands userID's seat of the game to the autopilot until until; t is
// locked. A game the member does not play in, or that is not running,
// is left as it is (ok false). It queues a NoticeAway for Settle, which
// plays the seat at once if the step waits for it and somebody else
// plays.
func (s *Service) Away(ctx context.Context, t *Table, userID string, until time.Time) (ok bool, err error) {
	rec := t.Rec
	seat := seatOfUser(rec, userID)
	if !playing(rec) || seat < 0 {
		return false, nil
	}
	c := store.Commit{PutJobs: []store.Job{{Kind: JobAway, Seat: seat, Due: until}}}
	seats := slices.Clone(rec.Seats)
	if !seats[seat].Autopilot {
		c.Autopilot = []store.AutopilotChange{{Seat: seat, On: true}}
		seats[seat].Autopilot = true
	}
	after := *rec
	after.Seats = seats
	advance := awaitsAutomatic(&after, rec.State)
	var advanceJob store.Job
	if advance && !t.advanceStored {
		advanceJob = s.heldJob(JobAdvance, nil)
		c.PutJobs = append(c.PutJobs, advanceJob)
	}
	if err := s.commit(ctx, t, c, func(rec *store.Game) {
		rec.Seats[seat].Autopilot = true
		t.away = withSeat(t.away, seat, until)
		t.advanceStored = t.advanceStored || advance
		if !advanceJob.Lease.IsZero() {
			t.heldUntil = advanceJob.Lease
		}
	}); err != nil {
		return false, err
	}
	s.log.Info("away", "game", rec.ID, "seat", seat, "until", until)
	t.pending = append(t.pending, Notice{Kind: NoticeAway, Seats: []int{seat}, Until: until}, Notice{Kind: NoticeWaiting})
	return true, nil
}

// Back gives userID's seat of the game back to them, whether they were
// away or ran out of time; t is locked. A game where they have no seat on
// autopilot is left as it is (ok false). It queues a NoticeBack, with
// the seat's prompt if the step waits for it.
func (s *Service) Back(ctx context.Context, t *Table, userID string) (ok bool, err error) {
	rec := t.Rec
	seat := seatOfUser(rec, userID)
	if !playing(rec) || seat < 0 || !rec.Seats[seat].Autopilot {
		return false, nil
	}
	return true, s.takeBack(ctx, t, seat, true)
}

// awayOver ends the time away of seat when its JobAway is due.
func (s *Service) awayOver(ctx context.Context, t *Table, seat int) {
	rec := t.Rec
	if seat < 0 || seat >= len(rec.Seats) || !rec.Seats[seat].Autopilot {
		_ = s.o.Store.DeleteJob(ctx, rec.ID, store.JobKey{Kind: JobAway, Seat: seat})
		t.away = withoutSeat(t.away, seat)
		t.publish()
		return
	}
	if err := s.takeBack(ctx, t, seat, true, store.JobKey{Kind: JobAway, Seat: seat}); err != nil {
		s.log.Error("could not end a time away", "game", rec.ID, "seat", seat, "err", err)
		return
	}
	s.Settle(ctx, t)
}

// awayAtStart lists the seats of a game about to start whose person is
// away on its server, with the jobs and autopilot changes that hand them
// to the autopilot.
func (s *Service) awayAtStart(ctx context.Context, rec *store.Game) (map[int]time.Time, []store.Job, []store.AutopilotChange) {
	var away map[int]time.Time
	var jobs []store.Job
	var on []store.AutopilotChange
	for i, seat := range rec.Seats {
		if seat.UserID == "" {
			continue
		}
		if until := s.AwayUntil(ctx, rec.GuildID, seat.UserID); !until.IsZero() {
			away = withSeat(away, i, until)
			jobs = append(jobs, store.Job{Kind: JobAway, Seat: i, Due: until})
			on = append(on, store.AutopilotChange{Seat: i, On: true})
		}
	}
	return away, jobs, on
}

// withSeat returns a copy of m with seat set to until.
func withSeat(m map[int]time.Time, seat int, until time.Time) map[int]time.Time {
	out := maps.Clone(m)
	if out == nil {
		out = map[int]time.Time{}
	}
	out[seat] = until
	return out
}

// withoutSeat returns m without seat (m itself when it lacks it).
func withoutSeat(m map[int]time.Time, seat int) map[int]time.Time {
	if _, ok := m[seat]; !ok {
		return m
	}
	out := maps.Clone(m)
	delete(out, seat)
	if len(out) == 0 {
		return nil
	}
	return out
}

// WaitingFor splits whom the current step of rec waits for, leaving out
// the seats the service plays at once (AI seats, and people on autopilot
// while others play): people who play themselves, and seats on autopilot
// that wait for the deadline (when every person is on autopilot).
func WaitingFor(rec *store.Game) (people, autopilot []int) {
	if rec.State == nil || rec.State.Over() {
		return nil, nil
	}
	for _, seat := range rec.State.Awaited() {
		switch {
		case Automatic(rec, seat):
		case rec.Seats[seat].Autopilot:
			autopilot = append(autopilot, seat)
		default:
			people = append(people, seat)
		}
	}
	return people, autopilot
}

// prompted are the seats of g, as rec seats them, told that the step
// began: the people it waits for and, when every person is on autopilot,
// those who ran out of time (their prompt lets them come back by
// playing); never a person away.
func prompted(rec *store.Game, g engine.State, away map[int]time.Time) []int {
	after := *rec
	after.State = g
	people, auto := WaitingFor(&after)
	for _, seat := range auto {
		if _, ok := away[seat]; !ok {
			people = append(people, seat)
		}
	}
	slices.Sort(people)
	return people
}

// Prompted are the seats told that the current step began (see
// WaitingFor): they are sent their prompt, or mentioned in the channel;
// t is locked.
func (t *Table) Prompted() []int { return prompted(t.Rec, t.Rec.State, t.away) }

// IsAway reports whether seat's person is away; t is locked.
func (t *Table) IsAway(seat int) bool {
	_, ok := t.away[seat]
	return ok
}

// toldOfStep are the seats sent a message when step g begins: those
// prompted whose people are not quiet.
func (s *Service) toldOfStep(ctx context.Context, rec *store.Game, g engine.State, away map[int]time.Time) []int {
	var out []int
	for _, seat := range prompted(rec, g, away) {
		if s.NotifyMode(ctx, rec.Seats[seat].UserID) != NotifyQuiet {
			out = append(out, seat)
		}
	}
	return out
}

// quarterGone reports whether at least a quarter of the current step
// (begun as set says, ending at due) is gone.
func (s *Service) quarterGone(rec *store.Game, set reminded, due time.Time) bool {
	length := s.stepLength(rec)
	began := set.At
	switch {
	case began.IsZero() && due.IsZero():
		return true // a step of an older version, paused: nothing to measure
	case began.IsZero():
		began = due.Add(-length)
	case !due.IsZero():
		length = due.Sub(began)
	}
	return s.o.Now().Sub(began) >= length/4
}
