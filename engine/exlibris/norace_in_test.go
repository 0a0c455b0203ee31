//go:build !race

package exlibris

// propertyGames is how many random games a property test plays per
// setting without the race detector.
const propertyGames = 6
