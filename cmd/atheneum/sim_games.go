package main

import (
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
)

// simGames are the games `atheneum sim` plays, by their rules' ID. A game
// needs only an entry here: sim reads its seats and levels from its rules
// and players, plays it with engine.PlayMatch, writes its records and sums
// it up (simSummaryStats); its own statistics and balance report are the
// entry's stats.
var simGames = map[string]simGame{
	atheneum.GameID: atheneumSim,
	anludim.ID:      anludimSim,
}
