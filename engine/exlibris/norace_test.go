//go:build !race

package exlibris_test

// conformGames is how many random games Conform plays per seat count.
const conformGames = 20
