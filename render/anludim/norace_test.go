//go:build !race

package anludim

const raceEnabled = false
