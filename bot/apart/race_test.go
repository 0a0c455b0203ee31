//go:build race

package apart

// raceEnabled is true when the race detector slows everything tenfold.
const raceEnabled = true
