package anludim

import (
	"math/big"
	"slices"
	"strconv"
	"strings"

	"atheneum/bot/face"
	an "atheneum/engine/anludim"
)

// A seat builds its move step by step (engine.State.Next): a button or a
// menu value chooses one key, and the message is redrawn with the keys
// that may follow. The custom ids of the redrawn components carry how far
// the seat has got, its position, so that a press can be checked against
// what was offered without keeping anything in memory.
//
// A position is the keys chosen so far. Only two kinds exist, since every
// first key but "p" completes a move: the start (nothing chosen), and a
// combination being built ("p", then cards, then perhaps a professor's
// code). The cards are kept as a set, written as one base-36 number of 65
// bits, so that a combination of every card still fits Discord's 100
// characters; the rules take the cards of a combination in any order, so
// the set is read back in increasing order.
//
// Custom ids (face.ID) are:
//
//	Step, Seq  the game's step key and move count when the component was
//	           built: any move makes the component stale;
//	Seat       the seat it was built for;
//	Moves      how many keys the position has chosen (0 at the start);
//	Verb       "b" for a button, "m0" to "m4" for the menus of a message;
//	Args       the position: "s" (start) or "p", the card set and the
//	           professor's code if chosen, then "@N" on page N > 0; a
//	           button adds its choice: a key (":" written "~"), "^" (back
//	           to the start), "<" (back to the cards) or "@N" (a page).

// pos is how far a seat has got in building a move.
type pos struct {
	// play is set once "p" is chosen: a combination is being built.
	play bool
	// cards are the cards chosen so far, in increasing order (play only).
	cards []int
	// prof is the professor's code once chosen (play only).
	prof string
	// page is the page of a long menu shown (0 the first).
	page int
}

// chosen are the position's keys, as Next takes them.
func (p pos) chosen() []string {
	if !p.play {
		return nil
	}
	out := make([]string, 0, len(p.cards)+2)
	out = append(out, "p")
	for _, c := range p.cards {
		out = append(out, strconv.Itoa(c))
	}
	if p.prof != "" {
		out = append(out, p.prof)
	}
	return out
}

// with returns the position with one more card, kept in order.
func (p pos) with(card int) pos {
	q := p
	q.cards = append(slices.Clone(p.cards), card)
	slices.Sort(q.cards)
	q.page = 0
	return q
}

// The verbs of the face's components: the kit's (face.VerbButton,
// face.VerbMenu), which Anludim's components had before the kit.
const (
	verbButton = face.VerbButton
	verbMenu   = face.VerbMenu
)

// The choices of buttons that navigate rather than choose a key: the
// kit's. Back from the readings is back to the cards (the professor is
// the last key).
const (
	navStart = face.NavStart
	navCards = face.NavBack
	navPage  = face.NavPage
)

// codec writes a seat's path as the kit's custom id arguments: the
// position's, so that the components already in players' messages keep
// working.
type codec struct{}

// Encode writes the position of path (no page: the kit adds it).
func (codec) Encode(path []string) []string { return pathPos(path).args() }

// Decode reads a position without a page back as its path (the cards in
// increasing order).
func (codec) Decode(args []string) ([]string, bool) {
	p, err := parsePos(args)
	if err != nil || p.page != 0 {
		return nil, false
	}
	return p.chosen(), true
}

// pathPos is the position of a path Next was asked with: "p", then cards,
// then a professor's code. Keys of another shape make a position the
// rules never offer, which the kit's walk of Next refuses.
func pathPos(path []string) pos {
	if len(path) == 0 || path[0] != "p" {
		return pos{}
	}
	p := pos{play: true}
	for _, k := range path[1:] {
		if card, err := strconv.Atoi(k); err == nil && p.prof == "" {
			p.cards = append(p.cards, card)
			continue
		}
		p.prof = k
	}
	slices.Sort(p.cards)
	return p
}

// args writes the position as custom id arguments.
func (p pos) args() []string {
	var out []string
	if !p.play {
		out = []string{"s"}
	} else {
		out = []string{"p", encodeCards(p.cards)}
		if p.prof != "" {
			out = append(out, p.prof)
		}
	}
	if p.page > 0 {
		out = append(out, navPage+strconv.Itoa(p.page))
	}
	return out
}

// parsePos reads what args wrote; anything else is face.ErrBadID. Only
// the form is checked here: whether the seat may be there is for Next.
func parsePos(args []string) (pos, error) {
	var p pos
	if n := len(args); n > 0 && strings.HasPrefix(args[n-1], navPage) {
		page, ok := parsePage(args[n-1])
		if !ok || page == 0 {
			return pos{}, face.ErrBadID
		}
		p.page, args = page, args[:n-1]
	}
	switch {
	case len(args) == 1 && args[0] == "s":
		return p, nil
	case (len(args) == 2 || len(args) == 3) && args[0] == "p":
		cards, ok := decodeCards(args[1])
		if !ok {
			return pos{}, face.ErrBadID
		}
		p.play, p.cards = true, cards
		if len(args) == 3 {
			if !isProfCode(args[2]) {
				return pos{}, face.ErrBadID
			}
			p.prof = args[2]
		}
		return p, nil
	}
	return pos{}, face.ErrBadID
}

// parsePage reads "@N" (N written canonically).
func parsePage(s string) (int, bool) { return face.ParsePage(s) }

func isProfCode(s string) bool {
	for p := an.Professor(0); p < an.NumProfessors; p++ {
		if p.Code() == s {
			return true
		}
	}
	return false
}

// encodeCards writes a set of card ids as one base-36 number, bit c for
// card c ("0" for none).
func encodeCards(cards []int) string {
	n := new(big.Int)
	for _, c := range cards {
		n.SetBit(n, c, 1)
	}
	return n.Text(36)
}

// decodeCards reads what encodeCards wrote, refusing any other spelling
// (so one set has one id) and any bit beyond the last card.
func decodeCards(s string) ([]int, bool) {
	n, ok := new(big.Int).SetString(s, 36)
	if !ok || n.Sign() < 0 || n.Text(36) != s || n.BitLen() > an.NumCards {
		return nil, false
	}
	var out []int
	for c := 0; c < n.BitLen(); c++ {
		if n.Bit(c) == 1 {
			out = append(out, c)
		}
	}
	return out, true
}

// unescapeKey reads a key of Next written as one custom id argument.
func unescapeKey(a string) string { return face.UnescapeKey(a) }
