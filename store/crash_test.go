package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

// crashEnv names the database a TestHelperProcess child writes to.
const crashEnv = "ATHENEUM_STORE_CRASH_DB"

// TestHelperProcess is the child of TestCrashSafety, not a test: it plays
// random games through the store forever, printing "commit GAME SEQ" after
// each commit returns, until the parent kills it.
func TestHelperProcess(t *testing.T) {
	t.Parallel()
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrashSafety")
	}
	// Stop by itself should the parent never kill it.
	time.AfterFunc(20*time.Second, func() { os.Exit(3) })
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	games, broken, err := db.LoadActive(ctx)
	if err != nil || len(broken) > 0 {
		fmt.Println("error", err, broken)
		os.Exit(2)
	}
	seed := uint64(time.Now().UnixNano())
	p := atheneum.NewRandomPlayer(seed)
	var g *Game
	if len(games) > 0 {
		g = games[0]
	}
	for n := 0; ; n++ {
		if g == nil || g.State.Over() {
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			g = &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "crash", HostID: "u1", Status: StatusPlaying, Seed: r.Uint64(), Seats: testSeats(2+r.IntN(4), r)}
			if err := db.CreateGame(ctx, g); err != nil {
				fmt.Println("error", err)
				os.Exit(2)
			}
		}
		a, _ := p.Next(ath(g.State))
		next := g.State.Clone()
		if _, err := next.Apply(notation(a)); err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		// A realistic commit: the action, a deadline for the seat it
		// concerns, and the seat's prompt message.
		seq := ath(next).Seq
		c := Commit{Seq: ath(g.State).Seq, Move: notation(a), State: next, Results: resultsOf(next),
			PutJobs:     []Job{{Kind: "deadline", Seat: a.Seat, Due: time.Now().Add(24 * time.Hour), Payload: []byte(a.String())}},
			PutMessages: []Message{{Kind: "prompt", Seat: a.Seat, ChannelID: "dm", MessageID: strconv.Itoa(seq)}},
		}
		if err := db.Commit(ctx, g.ID, c); err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		fmt.Printf("commit %s %d\n", g.ID, seq)
		g.State = next
	}
}

// TestCrashSafety kills a process that is playing through the store, at
// random moments, and checks that every move it acknowledged is stored:
// in an SQLite file (whose WAL must also be sound), and in PostgreSQL.
func TestCrashSafety(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		const kills = 24
		path := be.fresh(t)
		ctx := context.Background()
		acked := map[string]int{} // game -> highest sequence number acknowledged
		var last string           // the game the child was playing when killed
		total := 0
		start := time.Now()
		for k := range kills {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), crashEnv+"="+path)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Read everything the child printed; its lines before the kill are
			// all in the pipe, so reading to EOF misses none.
			first := make(chan struct{})
			var lines []string
			var wg sync.WaitGroup
			wg.Go(func() {
				sc := bufio.NewScanner(out)
				for sc.Scan() {
					if len(lines) == 0 {
						close(first)
					}
					lines = append(lines, sc.Text())
				}
				if len(lines) == 0 {
					close(first)
				}
			})
			// Most kills land among commits; every fourth lands at a random
			// moment of start-up (opening, migrating, loading).
			if k%4 != 0 {
				<-first // as long as it takes: go test's -timeout catches a child that never commits
			}
			time.Sleep(time.Duration(rand.IntN(50_000)) * time.Microsecond)
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			wg.Wait()
			werr := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(werr, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("kill %d: the child ended by itself (%v): %q", k, werr, lines)
			}
			n := 0
			for _, l := range lines {
				f := strings.Fields(l)
				if len(f) == 3 && f[0] == "commit" {
					seq, _ := strconv.Atoi(f[2])
					acked[f[1]] = max(acked[f[1]], seq)
					last = f[1]
					n++
				} else if len(f) > 0 && f[0] == "error" {
					t.Fatalf("kill %d: child: %s", k, l)
				}
			}
			total += n
			checkAfterCrash(t, ctx, path, k, acked, last)
		}
		t.Logf("%d kills, %d commits acknowledged in %d games, %v", kills, total, len(acked), time.Since(start).Round(time.Millisecond))
	})
}

// checkAfterCrash opens the database a killed child left and checks that it
// is sound and holds every acknowledged action.
func checkAfterCrash(t *testing.T, ctx context.Context, path string, k int, acked map[string]int, last string) {
	t.Helper()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("kill %d: open: %v", k, err)
	}
	defer db.Close()
	if db.pg == nil {
		var ok string
		if err := db.r.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
			t.Fatalf("kill %d: integrity_check %q, %v", k, ok, err)
		}
	}
	for id, seq := range acked {
		g, err := db.LoadGame(ctx, id)
		if err != nil {
			t.Fatalf("kill %d: load %s: %v", k, id, err)
		}
		// At most one commit can be durable but unacknowledged: the one
		// the kill interrupted between its commit and its print.
		if g.Seq < seq || id == last && g.Seq > seq+1 {
			t.Fatalf("kill %d: game %s has %d actions, %d were acknowledged", k, id, g.Seq, seq)
		}
		if id != last && g.Status != StatusFinished {
			t.Fatalf("kill %d: earlier game %s is %s", k, id, g.Status)
		}
	}
}
