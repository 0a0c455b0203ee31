// Package ai holds Ex Libris's computer players: random, normal (a
// heuristic that values each decision by what it adds to the seat's
// collection) and hard (determinized Monte Carlo over normal play-outs,
// with a budget counted in play-outs, so that a seed plays the same move
// on any machine), the autopilot that answers for an absent seat, and
// Balance, the statistics a later `sim --game exlibris` reports.
//
// Players see only a View of the game and return one decision at a time;
// they use nothing but the standard library and package exlibris (and the
// game seam for its generator and its matches).
package ai
