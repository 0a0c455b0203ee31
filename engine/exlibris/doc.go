// Package exlibris is the rules engine of Ex Libris, the third game the
// project runs on Discord: a pure, deterministic state machine for 1 (the
// solo mode) to 4 players, with the beginner, friendly and long variants.
//
// A game is its seed plus its ordered moves. New deals the setup; every
// decision a player takes (a library in the draft, an assistant's place,
// each choice an effect or a power asks for, an answer owed to another
// player, a card turned down before the inspection) is one Move, built
// key by key through Next. Apply answers with Events, or with a *Refusal
// leaving the state unchanged. The game runs as a small stack of tasks
// that stops whenever a seat must decide; Awaited names the seats asked
// and Decision what they are asked.
//
// Nothing here does I/O, reads the clock or uses global randomness: the
// shuffles come from a PRNG kept inside the Game, so Replay(seed, moves)
// always rebuilds the same state. A game can also be written down whole
// (MarshalBinary, the seam's snapshots) and read back.
//
// Computer players and the game's balance statistics live in
// engine/exlibris/ai; they read decisions as decoded Actions
// (AppendOptions) and play them with Do.
//
// The book cards, the names and data the rulebook does not print and the
// choices it leaves open are the project's own; docs/exlibris explains
// them.
package exlibris
