package game

import (
	"errors"
	"testing"
	"time"

	"atheneum/store"
)

func (f *fixture) openLobby(channel string) *store.Game {
	f.t.Helper()
	rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: channel, HostID: "u1", HostName: "p1", Seats: 3, StepHours: 24})
	if err != nil {
		f.t.Fatal(err)
	}
	return rec
}

func TestLobbiesExpire(t *testing.T) {
	t.Parallel()
	t.Run("a lobby not started in time closes and says so", func(t *testing.T) {
		f := newFixture(t, "")
		rec := f.openLobby("c1")
		want := f.clock().Add(24 * time.Hour)
		if got := LobbyExpires(f.load(rec.ID)); !got.Equal(want) {
			t.Fatalf("expires %v, want %v", got, want)
		}
		if j, ok := f.job(rec.ID, JobLobbyExpiry); !ok || !j.Due.Equal(want) {
			t.Fatalf("expiry job %+v", j)
		}
		f.advance(23 * time.Hour)
		f.svc.RunDueJobs(f.ctx)
		if f.load(rec.ID).Status != store.StatusLobby || f.rec.count(NoticeLobbyExpired) != 0 {
			t.Fatal("the lobby closed early")
		}
		f.advance(time.Hour)
		f.svc.RunDueJobs(f.ctx)
		if st := f.load(rec.ID).Status; st != store.StatusAbandoned || f.rec.count(NoticeLobbyExpired) != 1 {
			t.Fatalf("status %s, %d expiry notices", st, f.rec.count(NoticeLobbyExpired))
		}
		if _, err := f.svc.SnapshotInChannel(f.ctx, "g1", "c1"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the channel still has a game: %v", err)
		}
		f.openLobby("c1")
	})

	t.Run("a lobby in use is not idle: its expiry moves, even if its old job runs", func(t *testing.T) {
		f := newFixture(t, "")
		rec := f.openLobby("c1")
		f.advance(20 * time.Hour)
		tb := f.table(rec.ID)
		err := f.svc.ChangeLobby(f.ctx, tb, LobbyChange{Verb: "join", UserID: "u2", Name: "p2"})
		tb.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		want := f.clock().Add(24 * time.Hour)
		if got := LobbyExpires(f.load(rec.ID)); !got.Equal(want) {
			t.Fatalf("after a join the lobby expires %v, want %v", got, want)
		}
		// As if moving the job had failed: the old one comes due.
		if err := f.db.Commit(f.ctx, rec.ID, store.Commit{PutJobs: []store.Job{{Kind: JobLobbyExpiry, Seat: store.NoSeat, Due: f.clock().Add(4 * time.Hour)}}}); err != nil {
			t.Fatal(err)
		}
		f.advance(5 * time.Hour)
		f.svc.RunDueJobs(f.ctx)
		if f.load(rec.ID).Status != store.StatusLobby {
			t.Fatal("an old expiry job closed a lobby in use")
		}
		if j, ok := f.job(rec.ID, JobLobbyExpiry); !ok || !j.Due.Equal(want) {
			t.Fatalf("the expiry job was not moved to the lobby's expiry: %+v", j)
		}
	})

	t.Run("a new lobby replaces an expired one whose job has not run", func(t *testing.T) {
		f := newFixture(t, "")
		old := f.openLobby("c1")
		if _, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c1", HostID: "u2", HostName: "p2", Seats: 3}); !errors.Is(err, store.ErrExists) {
			t.Fatalf("a second lobby beside a live one: %v", err)
		}
		f.advance(25 * time.Hour)
		rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c1", HostID: "u2", HostName: "p2", Seats: 3})
		if err != nil {
			t.Fatal(err)
		}
		if f.load(old.ID).Status != store.StatusAbandoned || rec.ID == old.ID || rec.HostID != "u2" {
			t.Fatalf("old %s, new %+v", f.load(old.ID).Status, rec)
		}
	})

	t.Run("the service's lobby hours set the expiry", func(t *testing.T) {
		f := newFixture(t, "")
		f.svc.o.LobbyHours = 2
		rec := f.openLobby("c1")
		if got := LobbyExpires(rec); !got.Equal(f.clock().Add(2 * time.Hour)) {
			t.Fatalf("expires %v", got)
		}
	})

	t.Run("a started game does not expire", func(t *testing.T) {
		f := newFixture(t, "")
		id := f.startPeople("c1", 2)
		if _, ok := f.job(id, JobLobbyExpiry); ok {
			t.Fatal("the expiry job outlived the lobby")
		}
		f.advance(25 * time.Hour)
		f.svc.RunDueJobs(f.ctx)
		if st := f.load(id).Status; st != store.StatusPlaying || f.rec.count(NoticeLobbyExpired) != 0 {
			t.Fatalf("status %s", st)
		}
	})
}

func TestDiscardLobby(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	rec := f.openLobby("c1")
	if err := f.svc.DiscardLobby(f.ctx, rec.ID); err != nil {
		t.Fatal(err)
	}
	if st := f.load(rec.ID).Status; st != store.StatusAbandoned {
		t.Fatalf("status %s", st)
	}
	t.Run("the channel is free at once", func(t *testing.T) { f.openLobby("c1") })
	t.Run("discarding twice is harmless", func(t *testing.T) {
		if err := f.svc.DiscardLobby(f.ctx, rec.ID); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a started game cannot be discarded", func(t *testing.T) {
		id := f.startPeople("c2", 2)
		if err := f.svc.DiscardLobby(f.ctx, id); RefusalCode(err) != CodeNotLobby {
			t.Fatalf("got %v", err)
		}
		if st := f.load(id).Status; st != store.StatusPlaying {
			t.Fatalf("status %s", st)
		}
	})
}

func TestLobbyLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	rec, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c1", HostID: "u1", HostName: "p1", Seats: 3, Language: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	if f.load(rec.ID).Options.Language != "fr" {
		t.Fatal("the lobby's language was not stored")
	}
	if _, err := f.svc.OpenLobby(f.ctx, Lobby{GuildID: "g1", ChannelID: "c2", HostID: "u1", HostName: "p1", Seats: 3, Language: "de"}); RefusalCode(err) != CodeNoSuchLanguage {
		t.Fatalf("a lobby in German: %v", err)
	}
	tbl := f.table(rec.ID)
	defer tbl.Unlock()
	if err := f.svc.ChangeLobby(f.ctx, tbl, LobbyChange{Verb: "join", UserID: "u2", Name: "p2"}); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		change LobbyChange
		code   Code
		want   string
	}{
		{"a guest cannot change the language", LobbyChange{Verb: "language", UserID: "u2", Value: "en"}, CodeHostOnly, "fr"},
		{"an unknown language is refused", LobbyChange{Verb: "language", UserID: "u1", Value: "de"}, CodeNoSuchLanguage, "fr"},
		{"the host switches to English", LobbyChange{Verb: "language", UserID: "u1", Value: "en"}, "", "en"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			err := f.svc.ChangeLobby(f.ctx, tbl, s.change)
			if RefusalCode(err) != s.code || (s.code == "" && err != nil) {
				t.Fatalf("got %v, want %q", err, s.code)
			}
			if got := f.load(rec.ID).Options.Language; got != s.want || tbl.Rec.Options.Language != s.want {
				t.Fatalf("language %q, want %q", got, s.want)
			}
		})
	}
	if exp := f.load(rec.ID).Options.LobbyExpires; exp == 0 {
		t.Error("a lobby change lost the expiry")
	}
}
