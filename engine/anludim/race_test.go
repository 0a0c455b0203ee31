//go:build race

package anludim

// Under the race detector a single-goroutine play-out runs about ten times
// slower and finds no more races for being repeated, so the property test
// plays fewer games; the checks made on each game are the same.
const propertyGames = 8

// builderStep: the combination builder test checks every builderStep-th
// position it meets.
const builderStep = 12

// searchTrials: random pools the searches are checked on against brute force.
const searchTrials = 60

// builderGames: random games the move-building tests walk through.
const builderGames = 8

// refSeeds: the games CardsToAdd is checked along against the reference,
// played by the tests' random player; refSeamSeeds, played through the
// seam, of which every refSeamEvery-th playable position is walked.
var refSeeds = []uint64{1}

var refSeamSeeds = []uint64{1}

const refSeamEvery = 40

// refStoreSeeds is empty: the store's game alone takes ten seconds here.
var refStoreSeeds []uint64

// faultGames: random games along which playFault is checked against the
// refusals as they were built, faultChecks random plays a position.
const faultGames, faultChecks = 3, 20
