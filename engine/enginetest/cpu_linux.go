//go:build linux

package enginetest

import (
	"syscall"
	"time"
)

// ThreadCPU is the calling thread's user and system time. Benchmarks lock
// their goroutine to its thread around the work they measure and report
// the difference: processor time, which a shared machine's load does not
// stretch the way it stretches the wall clock.
func ThreadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
