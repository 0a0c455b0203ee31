//go:build race

package bot

// raceEnabled is true when the race detector slows everything tenfold.
const raceEnabled = true
