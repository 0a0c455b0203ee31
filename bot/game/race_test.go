//go:build race

package game

// raceEnabled is true when the race detector slows everything tenfold.
const raceEnabled = true
