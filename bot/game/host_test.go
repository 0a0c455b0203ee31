package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum"
	"atheneum/store"
)

// startPeople opens a lobby in channel for people u1 (the host), u2...,
// adds AI seats at the given levels and starts the game.
func (f *fixture) startPeople(channel string, people int, levels ...string) string {
	f.t.Helper()
	rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: channel, HostID: "u1", HostName: "p1", Seats: 5, StepHours: 24})
	if err != nil {
		f.t.Fatal(err)
	}
	t := f.table(rec.ID)
	defer t.Unlock()
	for i := 2; i <= people; i++ {
		if err := f.svc.ChangeLobby(f.ctx, t, LobbyChange{Verb: "join", UserID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("p%d", i)}); err != nil {
			f.t.Fatal(err)
		}
	}
	for _, l := range levels {
		if err := f.svc.ChangeLobby(f.ctx, t, LobbyChange{Verb: "add_ai", UserID: "u1", Value: l}); err != nil {
			f.t.Fatal(err)
		}
	}
	if err := f.svc.Start(f.ctx, t, "u1"); err != nil {
		f.t.Fatal(err)
	}
	f.svc.Settle(f.ctx, t)
	return rec.ID
}

// host runs a host command on the game as op and settles, returning the
// refusal if any.
func (f *fixture) host(id string, op Operator, c HostCommand) error {
	f.t.Helper()
	t := f.table(id)
	defer t.Unlock()
	if err := f.svc.Host(f.ctx, t, op, c); err != nil {
		return err
	}
	f.svc.Settle(f.ctx, t)
	return nil
}

// stored is everything the store keeps of a game that a host tool could
// change, in a comparable form.
func (f *fixture) stored(id string) string {
	f.t.Helper()
	rec := f.load(id)
	jobs, err := f.db.GameJobs(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	state := ""
	if rec.State != nil {
		b, _ := ath(rec.State).Clone().Encode()
		state = string(b)
	}
	rec.State = nil
	b, _ := json.Marshal(struct {
		Rec   *store.Game
		Jobs  []store.Job
		State string
	}{rec, jobs, state})
	return string(b)
}

func (f *fixture) job(id, kind string) (store.Job, bool) {
	j, err := f.db.GetJob(f.ctx, id, store.JobKey{Kind: kind, Seat: store.NoSeat})
	return j, err == nil
}

// lastHost is the last NoticeHost presented.
func (r *recorder) lastHost() *HostNotice {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.notices) - 1; i >= 0; i-- {
		if r.notices[i].Kind == NoticeHost {
			return r.notices[i].Host
		}
	}
	return nil
}

var (
	theHost  = Operator{UserID: "u1", Name: "p1", GuildID: "g1"}
	aManager = Operator{UserID: "u9", Name: "mod", GuildID: "g1", Manager: true}
	stranger = Operator{UserID: "u8", Name: "someone", GuildID: "g1"}
	aPlayer  = Operator{UserID: "u2", Name: "p2", GuildID: "g1"}
	// anotherServersManager manages a server the game is not on.
	anotherServersManager = Operator{UserID: "u9", Name: "mod", GuildID: "g2", Manager: true}
	// theHostFromAnotherServer is the host, in a request made on another server.
	theHostFromAnotherServer = Operator{UserID: "u1", Name: "p1", GuildID: "g2"}
)

func TestHostToolsRefuseAndChangeNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startPeople("c1", 3, "normal") // seats: p1, p2, p3, Normal AI
	cases := []struct {
		name string
		op   Operator
		cmd  HostCommand
		code Code
	}{
		{"a stranger pausing", stranger, HostCommand{Verb: VerbPause}, CodeHostOnly},
		{"another player ending the game", aPlayer, HostCommand{Verb: VerbEnd, Reason: "bored"}, CodeHostOnly},
		{"another server's manager ending the game", anotherServersManager, HostCommand{Verb: VerbEnd, Reason: "mine now"}, CodeOtherServer},
		{"the host pausing from another server", theHostFromAnotherServer, HostCommand{Verb: VerbPause}, CodeOtherServer},
		{"an unknown tool", theHost, HostCommand{Verb: "shuffle"}, CodeNoSuchVerb},
		{"extending by no hours", theHost, HostCommand{Verb: VerbExtend, Hours: 0}, CodeBadHours},
		{"extending by more than two weeks", theHost, HostCommand{Verb: VerbExtend, Hours: MaxHours + 1}, CodeBadHours},
		{"steps of minus one hour", aManager, HostCommand{Verb: VerbHours, Hours: -1}, CodeBadHours},
		{"resuming a game that is not paused", theHost, HostCommand{Verb: VerbResume}, CodeNotPaused},
		{"the autopilot on a seat that does not exist", theHost, HostCommand{Verb: VerbAutopilot, Seat: 4}, CodeNoSuchSeat},
		{"the autopilot on an AI seat", theHost, HostCommand{Verb: VerbAutopilot, Seat: 3}, CodeNotPerson},
		{"removing a seat below zero", theHost, HostCommand{Verb: VerbRemove, Seat: -1}, CodeNoSuchSeat},
		{"removing an AI seat", theHost, HostCommand{Verb: VerbRemove, Seat: 3}, CodeNotPerson},
		{"replacing with a player of the game", theHost, HostCommand{Verb: VerbReplace, Seat: 1, UserID: "u3", Name: "p3"}, CodeAlreadySeated},
		{"replacing a player with themselves", theHost, HostCommand{Verb: VerbReplace, Seat: 1, UserID: "u2", Name: "p2"}, CodeAlreadySeated},
		{"replacing with an unknown AI level", theHost, HostCommand{Verb: VerbReplace, Seat: 1, AILevel: "genius"}, CodeNoSuchLevel},
		{"replacing a seat that does not exist", theHost, HostCommand{Verb: VerbReplace, Seat: 7, UserID: "u7", Name: "p7"}, CodeNoSuchSeat},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			before := f.stored(id)
			err := f.host(id, c.op, c.cmd)
			if RefusalCode(err) != c.code {
				t.Fatalf("got %v, want %s", err, c.code)
			}
			if after := f.stored(id); after != before {
				t.Fatalf("the refusal changed the game:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
	t.Run("resigning without a seat is refused", func(t *testing.T) {
		before := f.stored(id)
		tbl := f.table(id)
		err := f.svc.Resign(f.ctx, tbl, "u8")
		tbl.Unlock()
		if RefusalCode(err) != CodeNotInGame {
			t.Fatalf("got %v, want %s", err, CodeNotInGame)
		}
		if f.stored(id) != before {
			t.Fatal("the refusal changed the game")
		}
	})
	t.Run("pausing twice is refused", func(t *testing.T) {
		if err := f.host(id, theHost, HostCommand{Verb: VerbPause}); err != nil {
			t.Fatal(err)
		}
		before := f.stored(id)
		if err := f.host(id, theHost, HostCommand{Verb: VerbPause}); RefusalCode(err) != CodePaused {
			t.Fatalf("got %v, want %s", err, CodePaused)
		}
		if f.stored(id) != before {
			t.Fatal("the refusal changed the game")
		}
	})
	t.Run("host tools on a lobby are refused", func(t *testing.T) {
		rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c2", HostID: "u1", HostName: "p1", Seats: 3, StepHours: 24})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.host(rec.ID, theHost, HostCommand{Verb: VerbExtend, Hours: 2}); RefusalCode(err) != CodeNotPlaying {
			t.Fatalf("got %v, want %s", err, CodeNotPlaying)
		}
		tbl := f.table(rec.ID)
		defer tbl.Unlock()
		if err := f.svc.Resign(f.ctx, tbl, "u1"); RefusalCode(err) != CodeNotPlaying {
			t.Fatalf("resigning from a lobby: got %v, want %s", err, CodeNotPlaying)
		}
	})
}

func TestHostToolsAcceptTheHostAndManagers(t *testing.T) {
	t.Parallel()
	for _, op := range []Operator{theHost, aManager} {
		t.Run(fmt.Sprintf("%s extends the deadline and its reminders", op.Name), func(t *testing.T) {
			f := newFixture(t, "")
			id := f.startPeople("c1", 2)
			deadline, _ := f.job(id, JobDeadline)
			half, _ := f.job(id, JobReminder)
			if err := f.host(id, op, HostCommand{Verb: VerbExtend, Hours: 5}); err != nil {
				t.Fatal(err)
			}
			d2, _ := f.job(id, JobDeadline)
			h2, _ := f.job(id, JobReminder)
			if d2.Due.Sub(deadline.Due) != 5*time.Hour || h2.Due.Sub(half.Due) != 5*time.Hour {
				t.Fatalf("deadline %v -> %v, reminder %v -> %v", deadline.Due, d2.Due, half.Due, h2.Due)
			}
			snap, _ := f.svc.Snapshot(f.ctx, id)
			if !snap.Deadline.Equal(d2.Due) {
				t.Errorf("the snapshot's deadline is %v, want %v", snap.Deadline, d2.Due)
			}
			n := f.rec.lastHost()
			if n == nil || n.By != op || n.Command.Verb != VerbExtend || n.Command.Hours != 5 {
				t.Fatalf("host notice %+v", n)
			}
		})
	}
}

func TestHostTools(t *testing.T) {
	t.Parallel()
	t.Run("hours change the steps to come, not the current deadline", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		before, _ := f.job(id, JobDeadline)
		if err := f.host(id, theHost, HostCommand{Verb: VerbHours, Hours: 2}); err != nil {
			t.Fatal(err)
		}
		if now, _ := f.job(id, JobDeadline); !now.Due.Equal(before.Due) || f.load(id).Options.StepHours != 2 {
			t.Fatalf("deadline %v -> %v, hours %d", before.Due, now.Due, f.load(id).Options.StepHours)
		}
		f.playPerson(id, 0)
		f.playPerson(id, 1)
		next, _ := f.job(id, JobDeadline)
		if !next.Due.Equal(f.clock().Add(2 * time.Hour)) {
			t.Fatalf("the next step's deadline is %v, want two hours from %v", next.Due, f.clock())
		}
	})

	t.Run("a pause stops the clock and resume gives back the time left", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		f.advance(13 * time.Hour)
		if err := f.host(id, theHost, HostCommand{Verb: VerbPause}); err != nil {
			t.Fatal(err)
		}
		// (Who was reminded, kept as a job that is never due, is no timer.)
		if jobs, _ := f.db.GameJobs(f.ctx, id); len(jobs) != 1 || jobs[0].Kind != JobReminded {
			t.Fatalf("jobs while paused: %+v", jobs)
		}
		if rec := f.load(id); !rec.Options.Paused || rec.Options.PausedLeftMS != (11*time.Hour).Milliseconds() {
			t.Fatalf("options %+v", rec.Options)
		}
		if snap, _ := f.svc.Snapshot(f.ctx, id); !snap.Paused || !snap.Deadline.IsZero() {
			t.Fatalf("snapshot paused %v, deadline %v", snap.Paused, snap.Deadline)
		}
		f.advance(100 * time.Hour)
		f.svc.RunDueJobs(f.ctx)
		if rec := f.load(id); rec.Seats[0].Autopilot || rec.Seats[1].Autopilot || f.rec.count(NoticeReminder) != 0 {
			t.Fatal("a deadline or a reminder ran while paused")
		}
		if !f.playPerson(id, 0) {
			t.Fatal("a player could not move while paused")
		}
		if err := f.host(id, theHost, HostCommand{Verb: VerbResume}); err != nil {
			t.Fatal(err)
		}
		d, ok := f.job(id, JobDeadline)
		if !ok || !d.Due.Equal(f.clock().Add(11*time.Hour)) {
			t.Fatalf("deadline after resume %v, want 11 h from %v", d.Due, f.clock())
		}
		if _, ok := f.job(id, JobReminder); ok {
			t.Error("the half-way reminder, already past at the pause, came back")
		}
		if _, ok := f.job(id, JobReminderSoon); !ok {
			t.Error("the reminder before the deadline is missing")
		}
		if rec := f.load(id); rec.Options.Paused || rec.Options.PausedLeftMS != 0 {
			t.Errorf("options after resume %+v", rec.Options)
		}
	})

	t.Run("a step begun during a pause gets no clock, then a whole step", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		f.advance(20 * time.Hour)
		if err := f.host(id, theHost, HostCommand{Verb: VerbPause}); err != nil {
			t.Fatal(err)
		}
		f.playPerson(id, 0)
		f.playPerson(id, 1)
		if rec := f.load(id); ath(rec.State).Step != atheneum.StepResolve {
			t.Fatalf("step %s", StepKey(rec.State))
		}
		if jobs, _ := f.db.GameJobs(f.ctx, id); slices.ContainsFunc(jobs, func(j store.Job) bool { return j.Kind == JobDeadline }) {
			t.Fatal("a step begun during the pause got a deadline")
		}
		if err := f.host(id, theHost, HostCommand{Verb: VerbResume}); err != nil {
			t.Fatal(err)
		}
		if d, _ := f.job(id, JobDeadline); !d.Due.Equal(f.clock().Add(24 * time.Hour)) {
			t.Fatalf("deadline %v, want a whole step from %v", d.Due, f.clock())
		}
		if _, ok := f.job(id, JobReminder); !ok {
			t.Error("the new step has no half-way reminder")
		}
	})

	t.Run("the autopilot plays a seat at once and keeps it", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 3)
		if err := f.host(id, theHost, HostCommand{Verb: VerbAutopilot, Seat: 1}); err != nil {
			t.Fatal(err)
		}
		rec := f.load(id)
		if !rec.Seats[1].Autopilot || slices.Contains(ath(rec.State).Waiting(), 1) {
			t.Fatalf("seat 1: autopilot %v, waiting %v", rec.Seats[1].Autopilot, ath(rec.State).Waiting())
		}
		f.playPerson(id, 0)
		f.playPerson(id, 2)
		if rec := f.load(id); ath(rec.State).Step != atheneum.StepResolve || slices.Contains(ath(rec.State).Waiting(), 1) {
			t.Fatalf("the next step did not play seat 1: %s, waiting %v", StepKey(rec.State), ath(rec.State).Waiting())
		}
	})

	t.Run("a newcomer takes over a seat as it stands", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		f.playPerson(id, 1)
		before := f.load(id)
		if err := f.host(id, theHost, HostCommand{Verb: VerbReplace, Seat: 1, UserID: "u5", Name: "p5"}); err != nil {
			t.Fatal(err)
		}
		after := f.load(id)
		if canonicalState(t, ath(after.State)) != canonicalState(t, ath(before.State)) {
			t.Fatal("replacing a player changed the game")
		}
		if s := after.Seats[1]; s.UserID != "u5" || s.Name != "p5" || s.Options["subject"] != before.Seats[1].Options["subject"] || s.Options["subject"] == "" {
			t.Fatalf("seat 1 is %+v", s)
		}
		if n := f.rec.lastHost(); n == nil || n.Former != "p2" || n.Command.Name != "p5" {
			t.Fatalf("notice %+v", n)
		}
		if !f.playPerson(id, 0) || ath(f.load(id).State).Step != atheneum.StepResolve {
			t.Fatal("the game did not go on")
		}
	})

	t.Run("an AI newcomer plays at once", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 3)
		if err := f.host(id, aManager, HostCommand{Verb: VerbReplace, Seat: 2, AILevel: "random"}); err != nil {
			t.Fatal(err)
		}
		rec := f.load(id)
		if s := rec.Seats[2]; s.AILevel != "random" || s.UserID != "" || !strings.Contains(s.Name, "AI") || slices.Contains(ath(rec.State).Waiting(), 2) {
			t.Fatalf("seat 2 %+v, waiting %v", s, ath(rec.State).Waiting())
		}
	})

	for _, resign := range []bool{false, true} {
		name := "a removed player's seat is played by an AI to the end"
		if resign {
			name = "a player who resigns leaves their seat to an AI"
		}
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "")
			id := f.startPeople("c1", 2)
			var err error
			if resign {
				tbl := f.table(id)
				if err = f.svc.Resign(f.ctx, tbl, "u2"); err == nil {
					f.svc.Settle(f.ctx, tbl)
				}
				tbl.Unlock()
			} else {
				err = f.host(id, theHost, HostCommand{Verb: VerbRemove, Seat: 1})
			}
			if err != nil {
				t.Fatal(err)
			}
			n := f.rec.lastHost()
			if n == nil || n.Former != "p2" || (resign && (n.Command.Verb != VerbResign || n.By.UserID != "u2")) {
				t.Fatalf("notice %+v", n)
			}
			for moves := 0; f.playPerson(id, 0); moves++ {
				if moves > 500 {
					t.Fatal("the game does not end")
				}
			}
			rec := f.load(id)
			if rec.Status != store.StatusFinished || rec.Seats[1].AILevel != ReplacementLevel {
				t.Fatalf("the game is %s, seat 1 %+v", rec.Status, rec.Seats[1])
			}
		})
	}

	t.Run("ending the game abandons it with the reason", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		reason := "  " + strings.Repeat("é", MaxReasonLength+20) + " "
		if err := f.host(id, aManager, HostCommand{Verb: VerbEnd, Reason: reason}); err != nil {
			t.Fatal(err)
		}
		rec := f.load(id)
		want := strings.Repeat("é", MaxReasonLength)
		if rec.Status != store.StatusAbandoned || rec.EndReason != want {
			t.Fatalf("status %s, reason %q", rec.Status, rec.EndReason)
		}
		if jobs, _ := f.db.GameJobs(f.ctx, id); len(jobs) != 0 {
			t.Errorf("jobs left: %+v", jobs)
		}
		if n := f.rec.lastHost(); n == nil || n.Command.Reason != want {
			t.Errorf("notice %+v", n)
		}
		if err := f.host(id, theHost, HostCommand{Verb: VerbPause}); RefusalCode(err) != CodeNotPlaying {
			t.Errorf("a tool on the ended game: %v", err)
		}
	})
}

// canonicalState is the state's encoding once cloned (see the store's
// tests: a clone normalises empty slices).
func canonicalState(t *testing.T, g *atheneum.Game) string {
	t.Helper()
	b, err := g.Clone().Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
