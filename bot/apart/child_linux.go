package apart

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// dieWithParent has Linux kill the child when the thread that starts it
// ends: with the bot, however it ends (kill -9 included). SIGKILL, as a
// stopped child would keep any other signal pending forever.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

// progress is what Linux says of a process: the processor time its
// threads have used, and whether one of them runs or waits to run (for a
// processor, or for the disk).
type progress struct {
	cpu     time.Duration
	running bool
}

// tick is the unit of the processor times in /proc (USER_HZ, 100 on
// every Linux).
const tick = 10 * time.Millisecond

// readProgress reads pid's progress from /proc; false once it has ended.
func readProgress(pid int) (progress, bool) {
	dir := fmt.Sprintf("/proc/%d", pid)
	fields, ok := statFields(filepath.Join(dir, "stat"))
	// The fields after the command's closing parenthesis start at the
	// third, the state; utime and stime are the 14th and 15th.
	if !ok || len(fields) < 13 || fields[0] == "Z" || fields[0] == "X" {
		return progress{}, false
	}
	utime, err1 := strconv.ParseInt(fields[14-3], 10, 64)
	stime, err2 := strconv.ParseInt(fields[15-3], 10, 64)
	if err1 != nil || err2 != nil {
		return progress{}, false
	}
	p := progress{cpu: time.Duration(utime+stime) * tick}
	tasks, err := os.ReadDir(filepath.Join(dir, "task"))
	if err != nil {
		return progress{}, false
	}
	for _, t := range tasks {
		if f, ok := statFields(filepath.Join(dir, "task", t.Name(), "stat")); ok && len(f) > 0 && (f[0] == "R" || f[0] == "D") {
			p.running = true
			break
		}
	}
	return p, true
}

// statFields reads a /proc stat file and returns its fields after the
// command's name (which may hold spaces and parentheses).
func statFields(path string) ([]string, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil, false
	}
	return strings.Fields(string(b[i+1:])), true
}
