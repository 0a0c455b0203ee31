//go:build !race

package atheneum

const raceEnabled = false
