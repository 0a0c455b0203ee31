//go:build !race

package anludim

// propertyGames is how many random games the property test plays per seat
// count and variant without the race detector.
const propertyGames = 300
