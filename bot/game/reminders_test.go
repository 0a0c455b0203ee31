package game

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

// reminders lists the reminders presented, as "point:seats".
func (r *recorder) reminders() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, n := range r.notices {
		if n.Kind == NoticeReminder {
			out = append(out, fmt.Sprintf("%s:%v", n.Point, n.Seats))
		}
	}
	return out
}

func (f *fixture) wantReminders(want ...string) {
	f.t.Helper()
	if got := f.rec.reminders(); fmt.Sprint(got) != fmt.Sprint(want) {
		f.t.Fatalf("reminders %v, want %v", got, want)
	}
}

// finishSeat plays the person's seat until the step no longer waits for it.
func (f *fixture) finishSeat(id string, seat int) {
	f.t.Helper()
	for moves := 0; f.playPerson(id, seat); moves++ {
		if moves > 200 {
			f.t.Fatal("the seat never finishes its step")
		}
	}
}

func TestRemindersComeOncePerPointWithinTheBudget(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3)
	f.advance(11 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders()
	f.advance(time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 1 2]")
	// An hour before the deadline: the prompt and the half-way reminder
	// leave room only for the autopilot's notice.
	f.advance(11 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 1 2]")
	if rec := f.load(id); ath(rec.State).Step != atheneum.StepPick || rec.Seats[0].Autopilot {
		t.Fatal("a reminder moved the game")
	}
}

func TestTheLastOneIsToldOncePerStep(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.db")
	f := newFixture(t, path)
	id := f.startPeople("c1", 3, "normal")
	f.advance(7 * time.Hour) // past a quarter of the step
	f.playPerson(id, 0)
	f.wantReminders()
	f.playPerson(id, 2)
	f.wantReminders("last:[1]")
	f.playPerson(id, 1)
	if rec := f.load(id); ath(rec.State).Step != atheneum.StepResolve {
		t.Fatalf("step %s", StepKey(rec.State))
	}
	f.advance(7 * time.Hour)
	f.finishSeat(id, 0)
	f.finishSeat(id, 2)
	f.wantReminders("last:[1]", "last:[1]")

	// After a restart, seat 1 moves without finishing: still no second
	// notice in this step.
	g := newFixture(t, path)
	tbl := g.table(id)
	var a atheneum.Action
	for _, l := range ath(tbl.Rec.State).LegalActions(1) {
		if l.Type != atheneum.ActDone && l.Type != atheneum.ActUndo {
			a = l
			break
		}
	}
	if a.Type == "" {
		tbl.Unlock()
		t.Fatal("seat 1 has nothing to do but finish; the fixed seed should give it books")
	}
	if _, err := g.svc.Act(g.ctx, tbl, mv(a), ByPlayer); err != nil {
		tbl.Unlock()
		t.Fatal(err)
	}
	g.svc.Settle(g.ctx, tbl)
	tbl.Unlock()
	if w := ath(g.load(id).State).Waiting(); !slices.Equal(w, []int{1}) {
		t.Fatalf("waiting %v", w)
	}
	g.wantReminders()
}

func TestTheLastOneIsToldOnlyOnceAQuarterOfTheStepIsGone(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3)
	f.advance(time.Hour)
	f.playPerson(id, 0)
	f.playPerson(id, 2)
	// An hour in, being the last one is no news: the prompt is an hour old.
	f.wantReminders()
	f.advance(11 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[1]")
	_ = id
}

func TestAPlayerGetsAtMostTheBudgetPerStep(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3)
	f.advance(12 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 1 2]")
	// Seat 1 becomes the last one: its budget (prompt, half-way) keeps
	// room only for the autopilot's notice.
	f.playPerson(id, 0)
	f.playPerson(id, 2)
	f.advance(11 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 1 2]")
	f.advance(time.Hour)
	f.svc.RunDueJobs(f.ctx)
	var auto []Notice
	for _, n := range f.rec.notices {
		if n.Kind == NoticeAutopilot {
			auto = append(auto, n)
		}
	}
	if len(auto) != 1 || !slices.Equal(auto[0].Seats, []int{1}) || !slices.Equal(auto[0].Tell, []int{1}) {
		t.Fatalf("autopilot notices %+v, want seat 1 told", auto)
	}
	// The next deadline: seat 1, already on autopilot while others play,
	// was played at once and hears nothing more.
	f.finishSeat(id, 0)
	f.finishSeat(id, 2)
	if n := f.rec.count(NoticeAutopilot); n != 1 {
		t.Fatalf("%d autopilot notices after the next step", n)
	}
}

func TestQuietMembersAreToldOnlyWhenLast(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	if err := f.svc.SetNotifyMode(f.ctx, "u2", NotifyQuiet); err != nil {
		t.Fatal(err)
	}
	id := f.startPeople("c1", 3)
	f.advance(12 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 2]")
	f.playPerson(id, 0)
	f.playPerson(id, 2)
	f.wantReminders("half:[0 2]", "last:[1]")
	f.advance(11 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 2]", "last:[1]")
	if _, ok := f.job(id, JobReminderSoon); ok {
		t.Error("the reminder that nobody wanted was left behind")
	}
}

func TestDowntimeRunsOnlyTheLatestTimer(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		downtime time.Duration
		want     []string
		deadline bool
	}{
		{"a restart past the half-way and the last hour gives one reminder", 23*time.Hour + 30*time.Minute, []string{"soon:[0 1 2]"}, false},
		{"a restart past the deadline gives no reminder, only the deadline", 30 * time.Hour, nil, true},
		{"a restart past the half-way only gives that reminder", 15 * time.Hour, []string{"half:[0 1 2]"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.db")
			f := newFixture(t, path)
			id := f.startPeople("c1", 3)
			g := newFixture(t, path) // the process after the downtime
			g.advance(c.downtime)
			g.svc.RunDueJobs(g.ctx)
			g.svc.RunDueJobs(g.ctx)
			g.wantReminders(c.want...)
			if ran := g.rec.count(NoticeAutopilot) == 1; ran != c.deadline {
				t.Fatalf("deadline ran: %v, want %v", ran, c.deadline)
			}
			jobs, _ := g.db.GameJobs(g.ctx, id)
			for _, j := range jobs {
				if !j.Due.After(g.clock()) {
					t.Errorf("job %s is still due", j.Kind)
				}
			}
		})
	}
}

func TestReminderTimes(t *testing.T) {
	t.Parallel()
	deadline := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		step       time.Duration
		half, soon time.Duration
	}{
		{24 * time.Hour, 12 * time.Hour, time.Hour},
		{4 * time.Hour, 2 * time.Hour, time.Hour},
		{2 * time.Hour, time.Hour, 30 * time.Minute},
		{time.Hour, 30 * time.Minute, 15 * time.Minute},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("a step of %v reminds %v and %v before its deadline", c.step, c.half, c.soon), func(t *testing.T) {
			r := reminderTimes(deadline, c.step)
			if deadline.Sub(r[0].due) != c.half || r[0].kind != JobReminder || deadline.Sub(r[1].due) != c.soon || r[1].kind != JobReminderSoon {
				t.Fatalf("%+v", r)
			}
		})
	}
}

func TestNotifyModes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	if m := f.svc.NotifyMode(f.ctx, "u1"); m != NotifyDM {
		t.Fatalf("default %q, want dm", m)
	}
	if err := f.svc.SetNotifyMode(f.ctx, "u1", NotifyMention); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SetNotifyMode(f.ctx, "u1", "carrier pigeon"); RefusalCode(err) != CodeNoSuchMode {
		t.Fatalf("an unknown mode: %v", err)
	}
	if m := f.svc.NotifyMode(f.ctx, "u1"); m != NotifyMention {
		t.Fatalf("mode %q after a refused change, want mention", m)
	}
	if v, err := f.db.MemberSetting(f.ctx, "u1", NotifySetting); err != nil || v != "mention" {
		t.Fatalf("stored %q, %v", v, err)
	}
}
