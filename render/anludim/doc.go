// Package anludim draws Anludim's pictures for the Discord channel, each as
// a render.Picture: PNG bytes with their size and a description (alt text)
// of what they show, in the language of render.Options. Importers name it
// anrender, since the game's rules are package anludim too.
//
//   - DrawHand: a seat's apprentice cards as cards, each showing both of
//     its readings (the value and colour at each end); between rounds the
//     cards chosen to keep are marked, and the cards a view hides are
//     drawn as backs;
//   - DrawTable: the whole table for everyone: the round, the turn and whose
//     it is; the face-up recruits, the deck and the discard pile; the five
//     professors with their item stacks; and for each seat its crest
//     (silver, or gold once it has won a round), hand size, magic items,
//     parchments, total, and the combinations it has played, each marked
//     with the professor it was played for and whether that professor's
//     pawn still stands on it;
//   - DrawItems: the five professors' item stacks, top first, what each
//     professor asks for, and where its pawn stands;
//   - DrawRoundEnd: the end of the last finished round: who won it and why,
//     each seat's total and items, and the rounds won so far; once the game
//     is over, the final results (DrawResults).
//
// Colours never speak alone: every reading carries its colour's letter
// (A amber, Z azure, J jade, R ruby, M amethyst, from the colour's name in
// the picture's language), explained by a legend; a professor's badge
// carries the start of its name; a crest carries its rounds won.
//
// The pictures follow package render's rules for a phone: 634 pixels wide,
// no text under render.MinText, and never taller than 1.6 times their
// width whatever the number of seats or cards (a crowded table counts the
// combinations it has no room for, those without a pawn first; the alt
// text still tells them). Each alt text fits whole in Discord's 1024
// characters: equal items are told together ("2 vials worth 1"), and a
// crowded table, round or hand is told more briefly rather than cut. The
// names in render.Options are written into sentences as given; French
// sentences are tidied once filled (Tidy: "au tour d'Ada", "L'IA normale
// pioche"). Same game, same bytes. Each kind of picture is written at the
// deflate level and with the PNG palette that measurement chose (see
// docs/anludim/pictures.md). All functions are safe for concurrent use.
package anludim
