//go:build race

package exlibris_test

// Under the race detector a play-out runs about ten times slower and
// finds no more races for being repeated: Conform plays fewer games.
const conformGames = 4
