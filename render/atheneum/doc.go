// Package atheneum draws Atheneum's pictures for the Discord channel, each
// as a render.Picture: PNG bytes with their size and a description (alt
// text) of what they show, in the language of render.Options. Importers
// name it atrender, since the game's rules are package atheneum too.
//
//   - DrawShelves: one seat's shelves, on demand or on the workbench, where
//     Marks light the spaces the item being placed may go to and mark the
//     seat's last move; DrawWorkbench: the same picture for the workbench,
//     redrawn at every click, which draws and compresses only the bands of
//     it that it has not written before (a quarter of the work);
//   - DrawObjectives: the objective row as a 2×2 grid;
//   - DrawHand: a seat's study cards, one compact card to a line, with the
//     objective row below them as a compact strip;
//   - DrawReveal: what each seat receives from the cards just played, and
//     from whose card;
//   - DrawTable: a compact summary of every seat for spectators (best
//     first once the game is over);
//   - DrawResults: the final scores, best first, and how a tie on points
//     was broken;
//   - DrawReplay: each seat's score turn by turn; DrawFinalShelves: every
//     seat's final shelves, on as many pictures as it takes;
//   - WriteAll: every picture of a state into a folder, for people to look
//     at them all at once.
//
// Pictures are designed for a phone first, by the rules of package render:
// a picture W pixels wide draws no text under W/45 pixels (10 pixels once
// shrunk to the 450 of a phone) nor text under 16 pixels (minText, whose
// capitals and digits stay 8 pixels tall on a phone), and none is taller
// than MaxTall (1.6) times its width at any number of seats, or a phone
// shrinks it to fit its screen; the tests check all three for every kind
// of picture at 2 to 5 seats.
// Pictures grow in height rather than width, on render's framed parchment
// card; what would grow too tall goes into columns (the reveal's boxes,
// the results' blocks), lower shelves (tall side shelves) or more
// pictures (the final shelves).
//
// A study card's section has one colour wherever it is drawn, on the hand,
// on the reveal and in the bot's words: the colour says who receives it,
// seen from the player who plays the card. Yellow stays with that player;
// green goes to the player on their left (its arrow points left, ←); blue
// goes to the player on their right (→). So the hand colours its columns
// "← to your left" green, "you" yellow, "to your right →" blue, and the
// reveal shows each seat its own card's yellow section between the blue
// section its left neighbour passes it (on the left, →) and the green one
// its right neighbour passes it (on the right, ←), each box naming whose
// card it is. Nothing else is drawn in these three colours.
//
// Every book carries its subject's letter in the picture's language (T V
// G P K in English, as the notation writes them; T Vi Ve R N in French,
// where vert and violet share a V), and every coloured mark a glyph or a
// word, so nothing rests on colour alone.
// Coordinates are printed as the bot writes them: "II.2.3" is compartment
// II, level 2 from the bottom, space 3 from the left; candle spaces are
// numbered 1 to 7.
//
// All functions are safe for concurrent use. Static parts (frames, books,
// cards) are drawn once per language and copied; the result is mapped onto
// Atheneum's fixed palette and compressed with a fast deflate, which keeps
// a seat's shelves to a few milliseconds and a few tens of kilobytes.
package atheneum
