//go:build race

package render

// raceEnabled skips the counts of allocations under the race detector,
// whose sync.Pool drops what is put back at random.
const raceEnabled = true
