package bot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
	"atheneum/render"
)

// newMeasuringHarness is a harness whose fake Discord keeps little (see
// discordtest.Options.Lean), so that what is measured is the bot's memory.
func newMeasuringHarness(tb testing.TB) *harness {
	tb.Helper()
	return newLeanHarness(tb, nil)
}

// newLeanHarness is newMeasuringHarness with its store wrapped by wrap
// (when not nil).
func newLeanHarness(tb testing.TB, wrap func(Store) Store) *harness {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	srv := discordtest.New(tb, withREST(discordtest.Options{Lean: true}))
	world := srv.Seed("host")
	h := &harness{Driver: drive.Driver{Ctx: ctx, Srv: srv, Channel: world.Channel.ID}, t: tb, world: world,
		dbPath: filepath.Join(tb.TempDir(), "atheneum.db"), clock: &fakeClock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)},
		logs: &lockedBuffer{}, wrap: wrap}
	h.start()
	tb.Cleanup(h.stop)
	return h
}

// playHundredGames opens 100 games at once through h's bot, three people
// each (the third with closed DMs): three in four Atheneum, one in four
// Anludim, every other one in French. Each Atheneum game plays two whole
// turns, each Anludim game twelve moves, so that every kind of prompt and
// picture has been drawn; the games stay active.
func playHundredGames(tb testing.TB, h *harness) {
	const games = 100
	errs := make([]error, games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 20)
	for k := range games {
		ch, users, ps := h.tableOfThree(k)
		gh := h.in(tb, ch)
		lobby := drive.Lobby{Command: "atheneum", People: users}
		if k%4 == 3 {
			lobby.Command = anludim.ID
		}
		if k%2 == 1 {
			lobby.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[k] = playActive(gh, lobby, ps)
		}()
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			tb.Errorf("game %d: %v", k, err)
		}
	}
}

// playActive opens one game and plays it on for a while.
func playActive(gh *harness, lobby drive.Lobby, ps []*drive.Player) error {
	id, err := gh.Driver.Open(lobby)
	if err != nil {
		return err
	}
	if lobby.Command == anludim.ID {
		for range 12 {
			rec, err := gh.db.LoadGame(gh.Ctx, id)
			if err != nil {
				return err
			}
			w := rec.State.Awaited()
			if len(w) == 0 {
				return fmt.Errorf("the game waits for nobody")
			}
			if _, err := gh.Driver.PlayAnludim(ps[w[0]], id, w[0]); err != nil {
				return err
			}
		}
		return nil
	}
	for rounds := 0; rounds < 3000; rounds++ {
		rec, err := gh.db.LoadGame(gh.Ctx, id)
		if err != nil {
			return err
		}
		if g := ath(rec.State); g.Step == atheneum.StepOver || g.TurnNumber() > 2 {
			return nil
		}
		for _, p := range ps {
			if _, err := gh.Driver.Step(p); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("the game did not reach turn 3")
}

// rssBytes is the process's resident set size, read from /proc.
func rssBytes(tb testing.TB) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		tb.Skip("no /proc/self/status here")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatal("no VmRSS line")
	return 0
}

// BenchmarkHundredActiveGames measures the memory of a bot with 100
// active games (see playHundredGames), in both languages and both games,
// once every picture of a turn has been drawn: the heap in use after a
// garbage collection (heap-MB: the spans in use; live-MB: the objects in
// them), and the resident set of the process, which also
// holds the fake Discord (lean: its messages without their pictures'
// bytes or earlier versions) and the test.
// bot-heap-MB and bot-live-MB are the bot's share of heap-MB and live-MB:
// how much less is in use once
// the bot is closed and the picture caches emptied (the bands of the
// workbench's cache, a few megabytes, stay and count as not the bot's).
// ATHENEUM_HEAP_PROFILE names a file to write the heap profile to, taken
// at the same moment.
func BenchmarkHundredActiveGames(b *testing.B) {
	var heap, live, rss, rest, restLive uint64
	for b.Loop() {
		h := newMeasuringHarness(b)
		playHundredGames(b, h)
		h.logs.mu.Lock()
		h.logs.b = strings.Builder{}
		h.logs.mu.Unlock()
		runtime.GC()
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap, live, rss = ms.HeapInuse, ms.HeapAlloc, rssBytes(b)
		if path := os.Getenv("ATHENEUM_HEAP_PROFILE"); path != "" {
			// What holds the memory, while the games are active.
			f, err := os.Create(path)
			if err != nil {
				b.Fatal(err)
			}
			if err := pprof.WriteHeapProfile(f); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
		n := 0
		if games, err := h.db.ListActive(h.Ctx); err == nil {
			n = len(games)
		}
		if n != 100 {
			b.Fatalf("%d active games, want 100", n)
		}
		// The bot's share: what is left once the bot is closed and the
		// picture caches are emptied is the fake's, the test's and the
		// runtime's.
		h.stop()
		render.SetCacheBudget(render.SetCacheBudget(0))
		runtime.GC()
		debug.FreeOSMemory()
		runtime.ReadMemStats(&ms)
		rest, restLive = ms.HeapInuse, ms.HeapAlloc
	}
	b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(heap-min(heap, rest))/(1<<20), "bot-heap-MB")
	b.ReportMetric(float64(live-min(live, restLive))/(1<<20), "bot-live-MB")
	b.ReportMetric(float64(rss)/(1<<20), "rss-MB")
}
