package game

import (
	"time"
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
	// PointLast: everybody else has finished the step.
	PointLast ReminderPoint = "last"
)

// JobReminderSoon reminds the awaited people shortly before the deadline.
const JobReminderSoon = "reminder_soon"

// reminderKinds are the job kinds of a step's timed reminders.
var reminderKinds = []string{JobReminder, JobReminderSoon}

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
