// Package ai holds Anludim's computer players: random, normal (a
// heuristic) and hard (determinized Monte Carlo over normal play-outs),
// plus Simulate, the statistics a future `sim --game anludim` prints.
//
// Players see only a View of the game and return one move at a time; they
// use nothing but the standard library and package anludim.
package ai
