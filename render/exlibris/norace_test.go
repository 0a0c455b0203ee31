//go:build !race

package exlibris

const raceEnabled = false
