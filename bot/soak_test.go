package bot

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atheneum/bot/drive"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/store"
)

// soakEnv turns the soak test on: ATHENEUM_SOAK=N plays N games at once.
const soakEnv = "ATHENEUM_SOAK"

// hogEnv makes this test binary a CPU hog (see TestMain's caller below):
// it spins every core until killed.
const hogEnv = "ATHENEUM_TEST_HOG"

// stallAfter is how long the watchdog lets a soak run without a single
// interaction answered or move stored before it calls it a stall.
const stallAfter = 30 * time.Second

func init() {
	if os.Getenv(hogEnv) == "" {
		return
	}
	// The hog ends with its test: when the test process dies (killed,
	// not only ended), the hog is re-parented and exits, rather than
	// spinning on every core for good.
	parent := os.Getppid()
	go func() {
		for range time.Tick(time.Second) {
			if os.Getppid() != parent {
				os.Exit(0)
			}
		}
	}()
	var spin atomic.Uint64
	for range runtime.NumCPU() {
		go func() {
			for {
				spin.Add(1)
			}
		}()
	}
	select {}
}

// startHog starts this test binary as a CPU hog beside the test, at
// normal priority, until the test ends.
func startHog(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), hogEnv+"=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
}

// TestSoakManyGamesUnderACPUHog plays ATHENEUM_SOAK games at once, half
// Atheneum and half Anludim, each to its end, through one bot while
// another process takes every core, with a watchdog: when nothing moves
// (no interaction answered, no move stored) for stallAfter, it writes the
// interactions still awaiting an answer, the gateway's connections and
// every goroutine, and fails. Every game must finish.
func TestSoakManyGamesUnderACPUHog(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(soakEnv))
	if n <= 0 {
		t.Skipf("a soak test: set %s=100 to play 100 games at once", soakEnv)
	}
	startHog(t)
	h := newHarness(t, "host")
	type table struct {
		h       *harness
		players []*drive.Player
		id      string
		anludim bool
	}
	tables := make([]table, n)
	for k := range tables {
		ch, users, ps := h.tableOfThree(k)
		tables[k] = table{h: h.in(t, ch), players: ps, anludim: k%2 == 1}
		if tables[k].anludim {
			id, err := tables[k].h.Open(drive.Lobby{Command: anludim.ID, People: users})
			if err != nil {
				t.Fatal(err)
			}
			tables[k].id = id
			continue
		}
		tables[k].h.openGame(users...)
		rec, err := h.db.GameInChannel(h.Ctx, ch.ID)
		if err != nil {
			t.Fatal(err)
		}
		tables[k].id, tables[k].h.Game = rec.ID, rec.ID
	}
	var moves atomic.Int64
	done := make(chan struct{})
	go watchdog(t, h, &moves, done)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb := tables[k]
			gh := tb.h
			if tb.anludim {
				_, errs[k] = gh.PlayGame(tb.id, anludim.ID, tb.players, anai.Players{}, func(*store.Game) { moves.Add(1) })
				return
			}
			for rounds := 0; rounds < 5000; rounds++ {
				rec, err := gh.db.GetGame(gh.Ctx, tb.id)
				if err != nil {
					errs[k] = err
					return
				}
				if rec.Status == store.StatusFinished {
					return
				}
				for _, p := range tb.players {
					acted, err := gh.Driver.Step(p)
					if err != nil {
						errs[k] = fmt.Errorf("game %d: %w", k, err)
						return
					}
					if acted {
						moves.Add(1)
					}
				}
			}
			errs[k] = fmt.Errorf("game %d did not end", k)
		}()
	}
	wg.Wait()
	close(done)
	for k, err := range errs {
		if err != nil {
			t.Errorf("game %d: %v", k, err)
		}
	}
	for _, tb := range tables {
		if rec, err := h.db.GetGame(h.Ctx, tb.id); err != nil || rec.Status != store.StatusFinished {
			t.Errorf("game %s did not finish", tb.id)
		}
	}
	t.Logf("%d games finished, %d moves by people, %d interactions", n, moves.Load(), len(h.Srv.Interactions()))
}

// watchdog fails the test with everything needed to understand a stall
// when, for stallAfter, no interaction is answered and no move is made.
func watchdog(t *testing.T, h *harness, moves *atomic.Int64, done <-chan struct{}) {
	progress := func() int64 {
		answered := 0
		for _, in := range h.Srv.Interactions() {
			if _, ok := in.Callback(); ok {
				answered++
			}
		}
		return int64(answered) + moves.Load()
	}
	last, since := progress(), time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		if p := progress(); p != last {
			last, since = p, time.Now()
			continue
		}
		if time.Since(since) < stallAfter {
			continue
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "STALL: nothing moved for %v\n", stallAfter)
		for _, in := range h.Srv.Interactions() {
			if _, ok := in.Callback(); !ok {
				fmt.Fprintf(&sb, "awaiting an answer: %s by %s in %s, dispatched at %v on connection %d\n", in.ID, in.User.Username, in.ChannelID, in.DispatchedAt().Format(time.RFC3339Nano), in.ConnectionID())
			}
		}
		for _, c := range h.Srv.Connections() {
			fmt.Fprintf(&sb, "gateway connection: %+v\n", c)
		}
		buf := make([]byte, 1<<24)
		buf = buf[:runtime.Stack(buf, true)]
		sb.Write(buf)
		path := os.Getenv("ATHENEUM_SOAK_DUMP")
		if path == "" {
			path = t.TempDir() + "/stall.txt"
		}
		_ = os.WriteFile(path, []byte(sb.String()), 0o644)
		t.Errorf("stall: nothing moved for %v; dump in %s", stallAfter, path)
		return
	}
}
