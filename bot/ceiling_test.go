package bot

import (
	"context"
	"fmt"
	"hash/fnv"
	"sync"
	"syscall"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/store"
)

// BenchmarkCeiling measures one bot process's ceiling in a closed loop on
// the lean fake Discord: N games at once (three people each, the third
// with closed direct messages; three in four Atheneum, one in four
// Anludim), each person answering whatever the game asks as soon as they
// are answered, for a fixed amount of play per game (Atheneum: one turn;
// Anludim: twenty moves). It reports the interactions answered per second,
// the acknowledgement's median and 99th percentile, and the process's
// processor time per interaction (the bot with the fake and the drivers:
// compare runs side by side, not with a bot alone). Each game is dealt
// from a seed of its own, as real games are: with the harness's one seed
// every game would show the same cards, and any cache of what was drawn
// or written would look far better than it is.
func BenchmarkCeiling(b *testing.B) {
	for _, games := range []int{5, 20, 80} {
		b.Run(fmt.Sprintf("%d-games", games), func(b *testing.B) {
			var lat []time.Duration
			var cpu time.Duration
			var wall time.Duration
			for b.Loop() {
				h := newCeilingHarness(b)
				before := processCPU()
				start := time.Now()
				lat = append(lat, playCeiling(b, h, games)...)
				wall += time.Since(start)
				cpu += processCPU() - before
				h.stop()
			}
			n := float64(len(lat))
			b.ReportMetric(n/wall.Seconds(), "interactions/s")
			b.ReportMetric(float64(discordtest.Percentile(lat, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(discordtest.Percentile(lat, 99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(cpu.Microseconds())/1000/n, "cpu-ms/interaction")
		})
	}
}

// newCeilingHarness is a lean harness (as newMeasuringHarness) whose
// games each get a seed of their own.
func newCeilingHarness(tb testing.TB) *harness {
	tb.Helper()
	return newLeanHarness(tb, func(s Store) Store { return ownSeeds{s} })
}

// ownSeeds deals each game from a seed made from its id, in place of the
// harness's one seed for every game.
type ownSeeds struct{ Store }

// StartGame starts the game with its own seed.
func (s ownSeeds) StartGame(ctx context.Context, gameID string, _ uint64, seats []store.Seat) (*store.Game, error) {
	h := fnv.New64a()
	h.Write([]byte(gameID))
	return s.Store.StartGame(ctx, gameID, h.Sum64(), seats)
}

// processCPU is the processor time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// playCeiling plays games games at once through h and returns their
// people's acknowledgement latencies.
func playCeiling(tb testing.TB, h *harness, games int) []time.Duration {
	start := len(h.Srv.Interactions())
	errs := make([]error, games)
	var wg sync.WaitGroup
	for k := range games {
		ch, users, ps := h.tableOfThree(k)
		gh := h.in(tb, ch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if k%4 == 3 {
				id, err := gh.Open(drive.Lobby{Command: anludim.ID, People: users})
				if err != nil {
					errs[k] = err
					return
				}
				_, err = gh.PlayGameUntil(id, anludim.ID, ps, anai.Players{}, nil, func(rec *store.Game) bool { return rec.Seq >= 20 })
				errs[k] = err
				return
			}
			if _, err := gh.Driver.OpenGame(users...); err != nil {
				errs[k] = err
				return
			}
			rec, err := gh.db.GameInChannel(gh.Ctx, ch.ID)
			if err != nil {
				errs[k] = err
				return
			}
			gh.Game = rec.ID
			for rounds := 0; rounds < 500; rounds++ {
				full, err := gh.db.LoadGame(gh.Ctx, rec.ID)
				if err != nil {
					errs[k] = err
					return
				}
				if g := ath(full.State); g == nil || g.TurnNumber() > 1 {
					return
				}
				for _, p := range ps {
					if _, err := gh.Driver.Step(p); err != nil {
						errs[k] = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	var lat []time.Duration
	for _, in := range h.Srv.Interactions()[start:] {
		if d, ok := in.Latency(); ok {
			lat = append(lat, d)
		}
	}
	return lat
}
