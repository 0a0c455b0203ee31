// Package atheneum draws Atheneum's pictures for the Discord channel, each
// as a render.Picture: PNG bytes with their size and a description (alt
// text) of what they show, in the language of render.Options. Importers
// name it atrender, since the game's rules are package atheneum too.
//
//   - DrawShelves: one seat's shelves, on demand or on the workbench, where
//     Marks light the spaces the item being placed may go to and mark the
//     seat's last move;
//   - DrawObjectives: the objective row as a 2×2 grid;
//   - DrawHand: a seat's study cards, one compact card to a line, with the
//     objective row below them as a compact strip;
//   - DrawReveal: what each seat receives from the cards just played;
//   - DrawTable: a compact summary of every seat for spectators;
//   - DrawResults: the final scores;
//   - DrawReplay: each seat's score turn by turn, and the final shelves;
//   - WriteAll: every picture of a state into a folder, for people to look
//     at them all at once.
//
// Pictures are designed for a phone first, by the rules of package render:
// a picture W pixels wide draws no text under W/45 pixels (10 pixels once
// shrunk to the 450 of a phone); the tests check it from the renderer's own
// record of the smallest text it drew. Pictures grow in height rather than
// width, on render's framed parchment card. Colours have one meaning each:
// yellow is "you", green "the player on your left" (or from them), blue
// "the player on your right"; every book carries its subject's letter and
// every coloured mark a glyph or a word, so nothing rests on colour alone.
// Coordinates are printed as the bot writes them: "II.2.3" is compartment
// II, level 2 from the bottom, space 3 from the left; candle spaces are
// numbered 1 to 7.
//
// All functions are safe for concurrent use. Static parts (frames, books,
// cards) are drawn once per language and copied; the result is mapped onto
// Atheneum's fixed palette and compressed with a fast deflate, which keeps
// a seat's shelves to a few milliseconds and a few tens of kilobytes.
package atheneum
