package game

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"atheneum/engine"
	"atheneum/store"
)

// ReminderPoint says which of a step's reminders a NoticeReminder is.
type ReminderPoint string

// The reminder points.
const (
	// PointHalf: half the step's time is gone.
	PointHalf ReminderPoint = "half"
	// PointSoon: the deadline is close (an hour before it, or a quarter of
	// the step for steps shorter than four hours).
	PointSoon ReminderPoint = "soon"
	// PointLast: the person is the last one the step waits for.
	PointLast ReminderPoint = "last"
)

// Job kinds of the reminders.
const (
	// JobReminderSoon reminds the awaited people shortly before the
	// deadline (JobReminder is the half-way one).
	JobReminderSoon = "reminder_soon"
	// JobReminded is not a timer: it keeps, in its payload, who was
	// reminded at which point of the current step, so that nobody is
	// reminded twice at one point even across a restart or a pause. Its due
	// time is never reached.
	JobReminded = "reminded"
)

// reminderKinds are the job kinds of a step's timed reminders.
var reminderKinds = []string{JobReminder, JobReminderSoon}

// neverDue is the due time of a job that only keeps data.
var neverDue = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

type reminderTime struct {
	kind string
	due  time.Time
}

// reminderTimes are the times of a step's reminders, given its deadline
// and its length: half-way, and min(1 h, step/4) before the deadline.
func reminderTimes(deadline time.Time, step time.Duration) []reminderTime {
	return []reminderTime{
		{JobReminder, deadline.Add(-step / 2)},
		{JobReminderSoon, deadline.Add(-min(time.Hour, step/4))},
	}
}

// pointOf is the reminder point of a reminder job kind.
func pointOf(kind string) ReminderPoint {
	if kind == JobReminderSoon {
		return PointSoon
	}
	return PointHalf
}

// Budget is the most messages a player receives per step through their
// notify mode (a direct message, or a mention in the channel): the
// step's prompt, one reminder and, if the deadline passes, the notice
// that the autopilot took their seat. A reminder is sent only while it
// leaves room for that notice.
const Budget = 3

// reminded is who was reminded at which point of one step, whom the step
// awaited when it began, and how many messages each seat was sent.
type reminded struct {
	Step  string                  `json:"step"`
	Seats map[ReminderPoint][]int `json:"seats,omitempty"`
	// Began are the seats the step awaited when it began: those of them
	// no longer awaited have finished it. (Nil for a step begun before it
	// was kept: nobody is then known to have finished.)
	Began []int `json:"began,omitempty"`
	// At is when the step began (zero for a step begun before it was
	// kept).
	At time.Time `json:"at,omitzero"`
	// Sent counts, per seat, the messages of the step sent through the
	// seat's notify mode (its prompt included), against Budget.
	Sent map[int]int `json:"sent,omitempty"`
}

// begin returns the empty set of a step that begins at at, awaiting
// seats, of which prompted are sent a prompt.
func begin(step string, seats []int, at time.Time, prompted []int) reminded {
	r := reminded{Step: step, Began: slices.Clone(seats), At: at}
	if len(prompted) > 0 {
		r.Sent = make(map[int]int, len(prompted))
		for _, s := range prompted {
			r.Sent[s] = 1
		}
	}
	return r
}

// canSend reports whether seat may be sent one more reminder this step
// and still have room for the autopilot's notice.
func (r reminded) canSend(seat int) bool { return r.Sent[seat]+1 < Budget }

// of returns the set for step: the one kept if it is that step's, else an
// empty one.
func (r reminded) of(step string) reminded {
	if r.Step != step {
		return reminded{Step: step}
	}
	return r
}

func (r reminded) has(p ReminderPoint, seat int) bool { return slices.Contains(r.Seats[p], seat) }

// with returns the set with seats added at p (a copy: the table's stays
// as it is until the change is stored); sent says whether they were sent
// a message (a point passed without one is only marked).
func (r reminded) with(p ReminderPoint, sent bool, seats ...int) reminded {
	out := reminded{Step: r.Step, Began: r.Began, At: r.At, Seats: make(map[ReminderPoint][]int, len(r.Seats)+1),
		Sent: make(map[int]int, len(r.Sent)+len(seats))}
	for k, v := range r.Seats {
		out.Seats[k] = v
	}
	for k, v := range r.Sent {
		out.Sent[k] = v
	}
	out.Seats[p] = append(slices.Clone(r.Seats[p]), seats...)
	if sent {
		for _, s := range seats {
			out.Sent[s]++
		}
	}
	return out
}

func (r reminded) job() store.Job {
	payload, _ := json.Marshal(r)
	return store.Job{Kind: JobReminded, Seat: store.NoSeat, Due: neverDue, Payload: payload}
}

func decodeReminded(payload []byte) reminded {
	var r reminded
	_ = json.Unmarshal(payload, &r) // an unreadable set is an empty one
	return r
}

// lastOne is the person the step now waits for alone, or -1: exactly one
// seat is awaited that the service does not play itself, it is a person
// not on autopilot, and another person (not on autopilot) that the step
// awaited when it began has finished it. (AI seats finish at once, so with
// them alone the step would call every lone player the last one as soon as
// it began; and a step that awaits one seat, a turn, has no last one.)
func lastOne(rec *store.Game, g engine.State, began []int) int {
	if g.Over() {
		return -1
	}
	waiting := g.Awaited()
	last := -1
	for _, seat := range waiting {
		if Automatic(rec, seat) {
			continue
		}
		if last >= 0 {
			return -1
		}
		last = seat
	}
	if last < 0 || !IsPerson(rec, last) || rec.Seats[last].Autopilot {
		return -1
	}
	for _, i := range began {
		if s := rec.Seats[i]; i != last && s.UserID != "" && !s.Autopilot && !slices.Contains(waiting, i) {
			return last
		}
	}
	return -1
}

// remind runs a due reminder job: it reminds the awaited people who want
// that reminder and were not yet reminded at that point of the step.
func (s *Service) remind(ctx context.Context, t *Table, j store.Job) {
	rec := t.Rec
	step := StepKey(rec.State)
	var payload struct{ Step string }
	if json.Unmarshal(j.Payload, &payload) != nil || payload.Step != step || rec.Options.Paused {
		// A reminder of a step that has passed, or of a paused clock.
		s.dropClock(ctx, t, store.JobKey{Kind: j.Kind, Seat: j.Seat})
		return
	}
	point := pointOf(j.Kind)
	set := t.reminded.of(step)
	var seats []int
	for _, seat := range rec.State.Awaited() {
		// Seats on autopilot are not reminded: their people were told how
		// to come back, or asked for time away.
		if IsPerson(rec, seat) && !rec.Seats[seat].Autopilot && !set.has(point, seat) && set.canSend(seat) &&
			s.NotifyMode(ctx, rec.Seats[seat].UserID) != NotifyQuiet {
			seats = append(seats, seat)
		}
	}
	c := store.Commit{Finished: []store.JobKey{{Kind: j.Kind, Seat: j.Seat}}}
	if len(seats) > 0 {
		set = set.with(point, true, seats...)
		c.PutJobs = []store.Job{set.job()}
	}
	// Stored before it is shown, and only while this process still holds
	// the job: a crash may lose a reminder, nothing repeats one.
	if err := s.commit(ctx, t, c, func(*store.Game) { t.reminded = set }); err != nil {
		if RefusalCode(err) == CodeMovedOn {
			s.log.Info("a reminder waits: another process changed the game or took the job over", "game", rec.ID)
			return
		}
		s.log.Error("could not store a reminder", "game", rec.ID, "err", err)
		return
	}
	if len(seats) > 0 {
		s.log.Info("reminder", "game", rec.ID, "point", string(point), "seats", len(seats))
		s.o.Presenter.Present(ctx, t, Notice{Kind: NoticeReminder, Point: point, Seats: seats})
	}
}

// NotifyMode says how a member wants to be reminded.
type NotifyMode string

// The notify modes.
const (
	// NotifyDM: prompts and reminders by direct message (the default).
	NotifyDM NotifyMode = "dm"
	// NotifyMention: a mention in the game's channel instead.
	NotifyMention NotifyMode = "mention"
	// NotifyQuiet: no reminders, except when the member is the last one
	// the step waits for.
	NotifyQuiet NotifyMode = "quiet"
)

// NotifySetting is the member setting that keeps the notify mode.
const NotifySetting = "notify"

// MemberSettings is what the service needs of the store for members'
// settings; *store.DB implements it.
type MemberSettings interface {
	MemberSetting(ctx context.Context, userID, key string) (string, error)
	// MemberSettings returns all of a member's settings at once (see
	// WithSettingsMemo).
	MemberSettings(ctx context.Context, userID string) (map[string]string, error)
	SetMemberSetting(ctx context.Context, userID, key, value string) error
}

// NotifyMode returns how the member wants to be reminded (NotifyDM unless
// they chose otherwise).
func (s *Service) NotifyMode(ctx context.Context, userID string) NotifyMode {
	v, err := s.MemberSetting(ctx, userID, NotifySetting)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("could not read a notify mode", "err", err)
		}
		return NotifyDM
	}
	switch m := NotifyMode(v); m {
	case NotifyDM, NotifyMention, NotifyQuiet:
		return m
	}
	return NotifyDM
}

// SetNotifyMode stores how the member wants to be reminded; an unknown
// mode is refused with CodeNoSuchMode.
func (s *Service) SetNotifyMode(ctx context.Context, userID string, m NotifyMode) error {
	switch m {
	case NotifyDM, NotifyMention, NotifyQuiet:
	default:
		return refusal(CodeNoSuchMode)
	}
	return s.SetMemberSetting(ctx, userID, NotifySetting, string(m))
}
