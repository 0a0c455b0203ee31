//go:build !linux

package enginetest

import "time"

// ThreadCPU is the calling thread's processor time where the system tells
// it (Linux); elsewhere it is unknown and always 0.
func ThreadCPU() time.Duration { return 0 }
