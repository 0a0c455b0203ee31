//go:build race

package exlibris

// raceEnabled lets the slowest tests draw fewer pictures under the race
// detector, which makes pixel loops about twenty times slower.
const raceEnabled = true
