package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// jobNames names jobs by game, kind and seat, sorted.
func jobNames(jobs []Job) []string {
	var out []string
	for _, j := range jobs {
		out = append(out, fmt.Sprintf("%s/%s/%d", j.GameID, j.Kind, j.Seat))
	}
	slices.Sort(out)
	return out
}

func TestJobsAreClaimedOnce(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		// Four processes on PostgreSQL, two claimers each.
		dbs := sharedStores(t, be, 4)
		mine, theirs := dbs[0], dbs[len(dbs)-1]
		const lease = time.Minute
		now := time.UnixMilli(1_900_000_000_000)
		var all []Job
		for g := range 5 {
			game := newPlaying(t, mine, 2, uint64(100+g))
			for k := range 8 {
				j := Job{GameID: game.ID, Kind: fmt.Sprint("kind", k%4), Seat: k / 4, Due: now.Add(-time.Duration(k) * time.Second)}
				if err := mine.PutJob(ctx, j); err != nil {
					t.Fatal(err)
				}
				all = append(all, j)
			}
			// Not due: never claimed.
			if err := mine.PutJob(ctx, Job{GameID: game.ID, Kind: "later", Seat: NoSeat, Due: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("of many claimers at once, each due job goes to one", func(t *testing.T) {
			const claimers = 8
			got := make([][]Job, claimers)
			errs := make([]error, claimers)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for c := range claimers {
				wg.Go(func() {
					<-start
					got[c], errs[c] = dbs[c%len(dbs)].ClaimJobs(ctx, now, now.Add(lease))
				})
			}
			close(start)
			wg.Wait()
			var claimed []Job
			for c := range claimers {
				if errs[c] != nil {
					t.Fatal(errs[c])
				}
				for _, j := range got[c] {
					if !j.Held || !j.Lease.Equal(now.Add(lease)) {
						t.Errorf("claimed job %+v is not held until the lease's end", j)
					}
				}
				claimed = append(claimed, got[c]...)
			}
			if fmt.Sprint(jobNames(claimed)) != fmt.Sprint(jobNames(all)) {
				t.Fatalf("claimed %d jobs %v\nwant each of the %d due once: %v", len(claimed), jobNames(claimed), len(all), jobNames(all))
			}
		})
		t.Run("a held job is not claimed again before its lease runs out", func(t *testing.T) {
			for _, db := range dbs {
				if got, err := db.ClaimJobs(ctx, now.Add(lease-time.Millisecond), now.Add(2*lease)); err != nil || len(got) != 0 {
					t.Fatalf("claimed %v (%v) while the leases run", jobNames(got), err)
				}
			}
		})
		t.Run("a lease that ran out is claimed by another store", func(t *testing.T) {
			got, err := theirs.ClaimJobs(ctx, now.Add(lease), now.Add(2*lease))
			if err != nil || fmt.Sprint(jobNames(got)) != fmt.Sprint(jobNames(all)) {
				t.Fatalf("claimed %v (%v), want every due job", jobNames(got), err)
			}
			if be.name == "postgres" {
				j, err := mine.GetJob(ctx, all[0].GameID, JobKey{Kind: all[0].Kind, Seat: all[0].Seat})
				if err != nil || j.Held || !j.Lease.Equal(now.Add(2*lease)) {
					t.Fatalf("read by the first store: %+v, %v; want another's lease", j, err)
				}
			}
		})
		j := all[0]
		key := JobKey{Kind: j.Kind, Seat: j.Seat}
		t.Run("only the store holding a job finishes it", func(t *testing.T) {
			if be.name == "postgres" {
				err := mine.Commit(ctx, j.GameID, Commit{Finished: []JobKey{key},
					PutJobs: []Job{{Kind: "marker", Seat: NoSeat, Due: now}}})
				if !errors.Is(err, ErrConflict) {
					t.Fatalf("finished by a store that does not hold it: %v, want ErrConflict", err)
				}
				if _, err := theirs.GetJob(ctx, j.GameID, key); err != nil {
					t.Fatalf("the job is gone: %v", err)
				}
				if _, err := theirs.GetJob(ctx, j.GameID, JobKey{Kind: "marker", Seat: NoSeat}); !errors.Is(err, ErrNotFound) {
					t.Fatalf("the refused commit changed the game: %v", err)
				}
			}
			if err := theirs.Commit(ctx, j.GameID, Commit{Finished: []JobKey{key}}); err != nil {
				t.Fatal(err)
			}
			if _, err := theirs.GetJob(ctx, j.GameID, key); !errors.Is(err, ErrNotFound) {
				t.Fatalf("the finished job is still there: %v", err)
			}
			if err := theirs.Commit(ctx, j.GameID, Commit{Finished: []JobKey{key}}); !errors.Is(err, ErrConflict) {
				t.Fatalf("finished twice: %v, want ErrConflict", err)
			}
		})
		t.Run("a job put again is nobody's and due again", func(t *testing.T) {
			j := all[1]
			if err := theirs.PutJob(ctx, Job{GameID: j.GameID, Kind: j.Kind, Seat: j.Seat, Due: now}); err != nil {
				t.Fatal(err)
			}
			got, err := mine.GetJob(ctx, j.GameID, JobKey{Kind: j.Kind, Seat: j.Seat})
			if err != nil || got.Held || !got.Lease.IsZero() {
				t.Fatalf("%+v, %v; want an unleased job", got, err)
			}
			if claimed, err := mine.ClaimJobs(ctx, now.Add(lease), now.Add(3*lease)); err != nil || len(claimed) != 1 {
				t.Fatalf("claimed %v (%v), want the job put again", jobNames(claimed), err)
			}
		})
	})
}

func TestAHeldJobIsTheHoldersUntilItsLeaseRunsOut(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dbs := sharedStores(t, be, 2)
		mine, theirs := dbs[0], dbs[len(dbs)-1]
		const lease = time.Minute
		now := time.UnixMilli(1_900_000_000_000)
		g := newPlaying(t, mine, 2, 7)
		key := JobKey{Kind: "advance", Seat: NoSeat}
		// Put held, as a process does with work it takes on at once.
		if err := mine.PutJob(ctx, Job{GameID: g.ID, Kind: key.Kind, Seat: key.Seat, Due: now, Lease: now.Add(lease)}); err != nil {
			t.Fatal(err)
		}
		t.Run("a job put with a lease is held by its putter", func(t *testing.T) {
			got, err := mine.GetJob(ctx, g.ID, key)
			if err != nil || !got.Held || !got.Lease.Equal(now.Add(lease)) {
				t.Fatalf("%+v, %v", got, err)
			}
			if claimed, err := theirs.ClaimJobs(ctx, now, now.Add(lease)); err != nil || len(claimed) != 0 {
				t.Fatalf("claimed %v (%v) under its putter's lease", jobNames(claimed), err)
			}
		})
		t.Run("its holder keeps it and renews the lease", func(t *testing.T) {
			got, err := mine.HoldJob(ctx, g.ID, key, now.Add(lease/2), now.Add(2*lease))
			if err != nil || !got.Held || !got.Lease.Equal(now.Add(2*lease)) || !got.Due.Equal(now) {
				t.Fatalf("%+v, %v", got, err)
			}
		})
		if be.name == "postgres" {
			t.Run("another store cannot hold it while the lease runs", func(t *testing.T) {
				if _, err := theirs.HoldJob(ctx, g.ID, key, now.Add(2*lease-time.Millisecond), now.Add(3*lease)); !errors.Is(err, ErrConflict) {
					t.Fatalf("got %v, want ErrConflict", err)
				}
			})
		}
		t.Run("once the lease ran out another store takes it", func(t *testing.T) {
			got, err := theirs.HoldJob(ctx, g.ID, key, now.Add(2*lease), now.Add(3*lease))
			if err != nil || !got.Held {
				t.Fatalf("%+v, %v", got, err)
			}
		})
		t.Run("a job not yet due is not held, and a missing one is not found", func(t *testing.T) {
			later := JobKey{Kind: "later", Seat: 1}
			if err := mine.PutJob(ctx, Job{GameID: g.ID, Kind: later.Kind, Seat: later.Seat, Due: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if _, err := mine.HoldJob(ctx, g.ID, later, now, now.Add(lease)); !errors.Is(err, ErrConflict) {
				t.Fatalf("a job not due: %v, want ErrConflict", err)
			}
			if _, err := mine.HoldJob(ctx, g.ID, JobKey{Kind: "nope", Seat: NoSeat}, now, now.Add(lease)); !errors.Is(err, ErrNotFound) {
				t.Fatalf("a missing job: %v, want ErrNotFound", err)
			}
		})
	})
}

func TestAClosedStoreGivesItsLeasesUp(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.fresh(t)
		mine := be.open(t, dsn)
		now := time.UnixMilli(1_900_000_000_000)
		g := newPlaying(t, mine, 2, 8)
		if err := mine.PutJob(ctx, Job{GameID: g.ID, Kind: "deadline", Seat: NoSeat, Due: now}); err != nil {
			t.Fatal(err)
		}
		leaving, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		if claimed, err := leaving.ClaimJobs(ctx, now, now.Add(time.Hour)); err != nil || len(claimed) != 1 {
			t.Fatalf("claimed %v, %v", jobNames(claimed), err)
		}
		if err := leaving.Close(); err != nil {
			t.Fatal(err)
		}
		if claimed, err := mine.ClaimJobs(ctx, now, now.Add(time.Hour)); err != nil || len(claimed) != 1 {
			t.Fatalf("claimed %v (%v) after the holder closed, want its job", jobNames(claimed), err)
		}
	})
}

func TestOpeningAnSQLiteFileClearsTheLeasesOfItsLastRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := sqliteBackend.fresh(t)
	dead := sqliteBackend.open(t, dsn)
	now := time.UnixMilli(1_900_000_000_000)
	g := newPlaying(t, dead, 2, 9)
	if err := dead.PutJob(ctx, Job{GameID: g.ID, Kind: "present", Seat: NoSeat, Due: now, Lease: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// The process that held the lease was killed: the file's next opener
	// is the only process, and takes the job at once.
	next := sqliteBackend.open(t, dsn)
	if claimed, err := next.ClaimJobs(ctx, now, now.Add(time.Hour)); err != nil || len(claimed) != 1 {
		t.Fatalf("claimed %v (%v), want the dead process's job", jobNames(claimed), err)
	}
}

func TestProgressTellsAStartedLobbyAndMoves(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dbs := sharedStores(t, be, 2)
		mine, theirs := dbs[0], dbs[len(dbs)-1]
		lobby := &Game{Kind: "atheneum", GuildID: "g", ChannelID: "progress", HostID: "u0", Seats: benchSeats(2), Options: Options{Seats: 2}}
		if err := mine.CreateGame(ctx, lobby); err != nil {
			t.Fatal(err)
		}
		if st, n, err := theirs.Progress(ctx, lobby.ID); err != nil || st != StatusLobby || n != 0 {
			t.Fatalf("%s, %d, %v", st, n, err)
		}
		if _, err := mine.StartGame(ctx, lobby.ID, 3, nil); err != nil {
			t.Fatal(err)
		}
		if st, n, err := theirs.Progress(ctx, lobby.ID); err != nil || st != StatusPlaying || n != 0 {
			t.Fatalf("%s, %d, %v; want a game started with no move", st, n, err)
		}
		if _, _, err := theirs.Progress(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unknown game: %v", err)
		}
	})
}
