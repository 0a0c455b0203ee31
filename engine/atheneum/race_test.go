//go:build race

package atheneum

// Under the race detector a single-goroutine play-out runs about ten times
// slower and finds no more races for being repeated, so the play-out tests
// play fewer games; the checks made on each game are the same.
const (
	legalGames  = 10
	randomGames = 200
	undoGames   = 5
)
