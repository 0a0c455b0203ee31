package main

import (
	"io"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSimPerGame runs sim as `atheneum sim` does, for Atheneum and
// Anludim side by side in one run, with random and normal players at four
// seats and one worker, and reports what one game costs: its time on the
// clock (ns/game), the process's CPU time (cpu-ns/game, garbage collection
// included, which a loaded machine disturbs less), and the bytes and
// allocations of the whole run per game (B/game, allocs/game). The
// statistics sim keeps of each game are counted too: they are part of
// what sim costs.
func BenchmarkSimPerGame(b *testing.B) {
	const games = 20
	for _, level := range []string{"random", "normal"} {
		for _, game := range []string{"atheneum", "anludim"} {
			b.Run(level+"/"+game, func(b *testing.B) {
				args := []string{"--game", game, "--games", strconv.Itoa(games), "--players", "4", "--ai", level, "--workers", "1"}
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				cpu, start := processCPU(), time.Now()
				for b.Loop() {
					if err := runSim(args, io.Discard, io.Discard); err != nil {
						b.Fatal(err)
					}
				}
				elapsed, used := time.Since(start), processCPU()-cpu
				runtime.ReadMemStats(&after)
				n := float64(b.N * games)
				b.ReportMetric(float64(elapsed.Nanoseconds())/n, "ns/game")
				b.ReportMetric(float64(used.Nanoseconds())/n, "cpu-ns/game")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/game")
				b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/game")
			})
		}
	}
}

// processCPU is the process's user and system time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
