//go:build !linux

package anludim

import "time"

// threadCPU is unknown here: the benchmarks report 0.
func threadCPU() time.Duration { return 0 }
