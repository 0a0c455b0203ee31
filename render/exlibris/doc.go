// Package exlibris draws Ex Libris's pictures for the Discord channel,
// each as a render.Picture: PNG bytes with their size and a description
// (alt text) of what they show, in the language of render.Options.
// Importers name it exrender, since the game's rules are package exlibris
// too.
//
//   - DrawCollection: a seat's collection as its places lie, each card with
//     its code (letter and order, as moves write it), how many cards share
//     its letter and the shapes of its books; face-down cards show their
//     backs with their codes, a card buried by the mummy shows behind the
//     card over it; the cards the alphabetical check would turn down now
//     are flagged and the stability rectangle is outlined. Marks light and
//     number the places the move being built may choose (Spots gives the
//     same numbers to label the face's buttons), show the card being
//     placed and outline the card archived last.
//   - DrawHand: a seat's hand, backs for the cards the view does not show.
//   - DrawCity: the round and whose move it is, the popular and banned
//     categories, the locations in play (permanent ones first) with their
//     slots, assistants and cards, the libraries on offer during the
//     draft, and one row per seat (assistants to place and at home, hand,
//     collection).
//   - DrawInspection: the end of the game's inspection, seat by seat: the
//     cards turned face down by their owner and by the alphabetical check,
//     and the stability rectangle with its points; during the flip step,
//     what is turned so far and what the check would turn.
//   - DrawResults: each library by rank with its points by category
//     (stability, popular, banned, diversity, speciality) and the books
//     behind them; solo, the player against the public library.
//
// Each picture draws only what the game given shows: the face passes a
// seat's view (Game.View(seat)) for that seat's pictures and a
// spectator's view (Game.View(-1)) for the channel's, and a hidden card
// is drawn as a back.
//
// A book's category reads without its colour: codex a square, fiction a
// disc, history a triangle, potions a diamond, bestiary a triangle
// pointing down, reference a cross, each named in the pictures' legend of
// categories. A seat's assistants carry its number as well as its colour
// (a special assistant is square), and every mark on a card (out of
// order, turned by its owner, last archived) is explained in the
// picture's legend.
//
// The pictures follow package render's rules for a phone: 634 pixels
// wide, no text under 16 pixels (minText: capitals and digits 12 pixels
// tall, 8 on a phone, render.PhoneCapHeight), and never taller than 1.6
// times their width. A large collection shrinks its cards (their codes stay
// readable), then wraps its columns into bands; a large hand takes more
// cards to a line; a city with many locations draws them compact, their
// cards as chips with their codes; an inspection of four large
// collections counts the cards turned rather than listing them. Each alt
// text fits whole in Discord's 1024 characters, told more briefly when it
// must. French sentences are tidied once filled ("d'Ada"). Same game, same
// bytes. All functions are safe for concurrent use.
package exlibris
