// Package ai holds Anludim's computer players: random, normal (a
// heuristic) and hard (determinized Monte Carlo over normal play-outs).
// Matches between them are played by engine.PlayMatch (Game gives them
// at the seam); `atheneum sim --game anludim` sums them up.
//
// Players see only a View of the game and return one move at a time; they
// use nothing but the standard library and package anludim.
package ai
