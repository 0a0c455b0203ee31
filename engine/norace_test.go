//go:build !race

package engine

// The number of games the play-out tests play without the race detector.
const (
	randomGames = 2000
	undoGames   = 100
)
