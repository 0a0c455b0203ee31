// Package atheneum is the rules of Atheneum: Mystic Library as a pure,
// deterministic state machine.
//
// A game is its seed plus its ordered actions: NewGame deals from the seed,
// and Apply validates one Action and moves the Game forward, returning the
// Events it caused or an *Error whose message a player can read. Replaying the
// same seed and actions always yields the same state, because every shuffle and
// bonus-token draw comes from a generator kept inside the Game. Searches that
// do not read the events use Act, which applies an action in the same way
// without building them, and AppendLegal with a reused buffer.
//
// The package imports the standard library only and performs no I/O: content
// (shelves, study cards, objectives and bonus tokens) is embedded data loaded
// through Load, and the game's text notation (see docs/atheneum/notation.md) is
// produced and parsed here so that tests, logs and records share one format.
//
// Seats sit clockwise in index order: the left neighbour of seat i is seat
// i+1 and its right neighbour is seat i-1 (modulo the seat count). With two
// seats, the opponent is both neighbours.
package atheneum
