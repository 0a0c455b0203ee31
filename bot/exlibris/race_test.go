//go:build race

package exlibris

// raceEnabled is set under the race detector, which slows the games the
// tests play tenfold: they play fewer of them then.
const raceEnabled = true
