package apart

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// schedIdle is Linux's SCHED_IDLE policy: a thread that runs only when no
// other thread wants its processor (weaker than nice 19).
const schedIdle = 5

// LowerPriority puts every thread of the process at the lowest priority:
// SCHED_IDLE, and nice 19 should the kernel refuse it. Both can be asked
// by anyone; threads the Go runtime starts later inherit them from the
// thread that starts them, and a second pass catches those started during
// the first.
func LowerPriority() error {
	var first error
	for range 2 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if err := lowerThread(tid); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// lowerThread lowers one thread; one that ended meanwhile is no error.
func lowerThread(tid int) error {
	if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, 19); err != nil && !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("nice 19 for thread %d: %w", tid, err)
	}
	var param struct{ priority int32 }
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param)))
	if e != 0 && e != syscall.ESRCH {
		return fmt.Errorf("SCHED_IDLE for thread %d: %w", tid, e)
	}
	return nil
}
