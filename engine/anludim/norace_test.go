//go:build !race

package anludim

// propertyGames is how many random games the property test plays per seat
// count and variant without the race detector.
const propertyGames = 300

// builderStep: the combination builder test checks every builderStep-th
// position it meets.
const builderStep = 4

// searchTrials: random pools the searches are checked on against brute force.
const searchTrials = 600

// builderGames: random games the move-building tests walk through.
const builderGames = 24

// refSeeds: the games CardsToAdd is checked along against the reference,
// played by the tests' random player; refSeamSeeds, played through the
// seam, of which every refSeamEvery-th playable position is walked.
var refSeeds = []uint64{1, 2, 3}

var refSeamSeeds = []uint64{1, 2}

const refSeamEvery = 16

// refStoreSeeds: the store's test game.
var refStoreSeeds = []uint64{8}

// faultGames: random games along which playFault is checked against the
// refusals as they were built, faultChecks random plays a position.
const faultGames, faultChecks = 12, 40
