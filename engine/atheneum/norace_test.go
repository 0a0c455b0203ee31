//go:build !race

package atheneum

// The number of games the play-out tests play without the race detector.
const (
	legalGames  = 40
	randomGames = 2000
	undoGames   = 50
)
