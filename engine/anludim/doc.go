// Package anludim is the rules engine of Anludim, the second game the
// project runs on Discord: a pure, deterministic state machine covering the
// base game and the expert variant for 2 to 5 players.
//
// A game is its seed plus its ordered moves. New deals the first round;
// Apply takes one Move and answers with typed Events, or with a *Refusal
// (a code and named arguments, never a sentence for players) leaving the
// state unchanged. Nothing here does I/O, reads the clock or uses global
// randomness: the shuffles come from a small PRNG kept inside the Game, so
// Replay(seed, moves) always rebuilds the same state. A game is played by
// one edition of the rules (Options.Edition, engine.Editioned): the first,
// for expert games started before ruling 17 was read strictly, or the
// current one, so that a stored game replays by the rules it began under.
//
// Combinations are built step by step so that no caller ever enumerates
// every subset of a hand: Legal lists the few non-combinatorial moves,
// CardsToAdd and ProfessorsFor guide a player picking cards, and BestPlays
// gives search AIs the strongest play for each professor.
//
// The card faces, colour names, item stacks and the choices the rulebook
// leaves open are the project's own; docs/anludim explains them.
package anludim
