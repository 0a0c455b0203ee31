package game

import (
	"slices"
	"testing"
	"time"

	"atheneum/engine/atheneum"
	"atheneum/store"
)

// away hands the member's seat of the game to the autopilot for hours.
func (f *fixture) away(id, userID string, hours int) time.Time {
	f.t.Helper()
	until, err := f.svc.SetAway(f.ctx, "g1", userID, hours)
	if err != nil {
		f.t.Fatal(err)
	}
	t := f.table(id)
	defer t.Unlock()
	if ok, err := f.svc.Away(f.ctx, t, userID, until); err != nil || !ok {
		f.t.Fatalf("away: %v, %v", ok, err)
	}
	f.svc.Settle(f.ctx, t)
	return until
}

func (f *fixture) notices(k NoticeKind) []Notice {
	f.rec.mu.Lock()
	defer f.rec.mu.Unlock()
	var out []Notice
	for _, n := range f.rec.notices {
		if n.Kind == k {
			out = append(out, n)
		}
	}
	return out
}

func TestTimeAwayHandsTheSeatToTheAutopilotUntilItEnds(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3)
	if _, err := f.svc.SetAway(f.ctx, "g1", "u2", 169); RefusalCode(err) != CodeBadAwayHours {
		t.Fatalf("169 hours away: %v", err)
	}
	until := f.away(id, "u2", 30)
	rec := f.load(id)
	if !rec.Seats[1].Autopilot || slices.Contains(ath(rec.State).Waiting(), 1) {
		t.Fatalf("seat 1 is not played for its absent person: autopilot %v, waiting %v", rec.Seats[1].Autopilot, ath(rec.State).Waiting())
	}
	if n := f.notices(NoticeAway); len(n) != 1 || !n[0].Until.Equal(until) || !slices.Equal(n[0].Seats, []int{1}) {
		t.Fatalf("away notices %+v", n)
	}
	if snap, _ := f.svc.Snapshot(f.ctx, id); !snap.Away[1].Equal(until) {
		t.Fatalf("the snapshot's away seats %v", snap.Away)
	}
	if got := f.svc.AwayUntil(f.ctx, "g1", "u2"); !got.Equal(until) {
		t.Fatalf("away until %v, want %v", got, until)
	}
	// Half-way, nobody reminds the absent person.
	f.advance(12 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	f.wantReminders("half:[0 2]")
	// A new step: the absent seat is played at once, and never prompted.
	f.playPerson(id, 0)
	f.playPerson(id, 2)
	f.finishSeat(id, 0)
	f.finishSeat(id, 2)
	if g := ath(f.load(id).State); g.TurnNumber() != 2 || g.Step != atheneum.StepPick || slices.Contains(g.Waiting(), 1) {
		t.Fatalf("turn %d step %s waiting %v", g.TurnNumber(), g.Step, g.Waiting())
	}
	// Thirty hours on, the time away ends: the seat is its person's again.
	f.advance(18 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	rec = f.load(id)
	if rec.Seats[1].Autopilot {
		t.Fatal("the time away ended but the autopilot kept the seat")
	}
	if n := f.notices(NoticeBack); len(n) != 1 || !slices.Equal(n[0].Seats, []int{1}) {
		t.Fatalf("back notices %+v", n)
	}
	if _, err := f.db.GetJob(f.ctx, id, store.JobKey{Kind: JobAway, Seat: 1}); err == nil {
		t.Fatal("the away job outlived the time away")
	}
	if !f.svc.AwayUntil(f.ctx, "g1", "u2").IsZero() {
		t.Fatal("the member is still away once the time has passed")
	}
}

func TestAMoveOrBackEndsTimeAway(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 2)
	f.away(id, "u2", 48)
	f.away(id, "u1", 48)
	// Seat 1 was played at once while seat 0 played; now everybody is
	// away and the autopilot waits for the deadline.
	if w := ath(f.load(id).State).Waiting(); !slices.Equal(w, []int{0}) {
		t.Fatalf("waiting %v with everybody away", w)
	}
	if !f.playPerson(id, 0) {
		t.Fatal("seat 0 was not awaited")
	}
	rec := f.load(id)
	if rec.Seats[0].Autopilot {
		t.Fatal("a move did not end the time away")
	}
	if _, err := f.db.GetJob(f.ctx, id, store.JobKey{Kind: JobAway, Seat: 0}); err == nil {
		t.Fatal("a move left the away job")
	}
	tbl := f.table(id)
	ok, err := f.svc.Back(f.ctx, tbl, "u2")
	f.svc.Settle(f.ctx, tbl)
	tbl.Unlock()
	if err != nil || !ok {
		t.Fatalf("back: %v %v", ok, err)
	}
	if f.load(id).Seats[1].Autopilot {
		t.Fatal("back did not end the autopilot")
	}
	backs := f.notices(NoticeBack)
	if len(backs) != 2 {
		t.Fatalf("back notices %+v", backs)
	}
}

func TestAGameStartedWhileAwayStartsOnAutopilot(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	if _, err := f.svc.SetAway(f.ctx, "g1", "u2", 10); err != nil {
		t.Fatal(err)
	}
	id := f.startPeople("c1", 3)
	rec := f.load(id)
	if !rec.Seats[1].Autopilot || slices.Contains(ath(rec.State).Waiting(), 1) {
		t.Fatalf("seat 1 of an away member: autopilot %v, waiting %v", rec.Seats[1].Autopilot, ath(rec.State).Waiting())
	}
	if n := f.notices(NoticeAway); len(n) != 1 {
		t.Fatalf("away notices %+v", n)
	}
}

func TestReplacingAnAwaySeatEndsItsTimeAway(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3)
	f.away(id, "u2", 48)
	if err := f.host(id, theHost, HostCommand{Verb: VerbReplace, Seat: 1, UserID: "u7", Name: "p7"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.GetJob(f.ctx, id, store.JobKey{Kind: JobAway, Seat: 1}); err == nil {
		t.Fatal("the newcomer inherited the time away")
	}
	f.advance(48 * time.Hour)
	f.svc.RunDueJobs(f.ctx)
	if n := f.notices(NoticeBack); len(n) != 0 {
		t.Fatalf("back notices for a seat whose person left: %+v", n)
	}
}
