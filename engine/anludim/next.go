package anludim

import (
	"strconv"
	"strings"
)

// Step is one choice in building a move step by step, for menus and for
// callers that walk moves without knowing the game (the project's game
// seam): Key is passed back to Next in chosen; Move is set when the
// choice completes a move.
type Step struct {
	Key  string
	Move *Move
}

// Next lists the choices that may follow chosen in a move seat is
// building. At the start every non-combinatorial move is one complete
// choice (keys "d", "u0", "t:7", "x:T3", "x:P", "e", "z", "k:12"), and "p"
// starts a play when some professor can be taken. After "p" come cards
// (keys "12", as CardsToAdd offers them) and, once the cards chosen take a
// professor, its code ("SE"): that completes the play with the strongest
// reading, unless ProfessorsFor flags a choice of readings, in which case
// one more step offers each reading ("12a.40b.33a", as ReadingOptions
// lists them; with more than 14 cards the strongest is played). Every
// move reached is accepted by Apply; every move Apply
// accepts is reached, up to the order of the cards and readings of equal
// strength.
func (g *Game) Next(seat int, chosen []string) []Step {
	if len(chosen) == 0 {
		legal := g.Legal(seat)
		out := make([]Step, 0, len(legal)+1)
		for i := range legal {
			out = append(out, Step{Key: stepKey(legal[i]), Move: &legal[i]})
		}
		if g.Takeable(seat) != 0 {
			out = append(out, Step{Key: "p"})
		}
		return out
	}
	if chosen[0] != "p" || !g.canPlayNow(seat) {
		return nil
	}
	var cards []int
	for i, k := range chosen[1:] {
		if c, ok := cardNumber(k); ok {
			cards = append(cards, c)
			continue
		}
		// A professor's code, then possibly a reading: the end of a play.
		p := profByCode(k)
		if p < 0 || len(chosen) > i+3 {
			return nil
		}
		return g.readingSteps(seat, p, cards, chosen[i+2:])
	}
	var out []Step
	for _, c := range g.CardsToAdd(seat, cards) {
		out = append(out, Step{Key: itoa(c)})
	}
	for _, pc := range g.ProfessorsFor(seat, cards) {
		s := Step{Key: pc.Prof.Code()}
		// Beyond maxAuto cards the readings are too many to list: the
		// strongest is played.
		if !pc.Choice || len(cards) > maxAuto {
			m := Move{Seat: seat, Kind: Play, Prof: pc.Prof, Cards: inOrder(cards, pc.Uses)}
			s.Move = &m
		}
		out = append(out, s)
	}
	return out
}

// readingSteps serves the steps after a professor's code: nothing when
// that code completed the play, else one step per reading.
func (g *Game) readingSteps(seat int, p Professor, cards []int, rest []string) []Step {
	if len(rest) > 0 || len(cards) < 2 {
		return nil
	}
	var out []Step
	for _, uses := range g.ReadingOptions(seat, p, cards) {
		if len(uses) != len(cards) {
			continue
		}
		m := Move{Seat: seat, Kind: Play, Prof: p, Cards: uses}
		var key []string
		for _, u := range uses {
			key = append(key, itoa(u.Card)+string("ab"[u.Side]))
		}
		out = append(out, Step{Key: strings.Join(key, "."), Move: &m})
	}
	if len(out) < 2 {
		return nil // no choice to make: the code itself completed the play
	}
	return out
}

// stepKey is a legal move's key: its notation after the seat, words
// joined by a colon.
func stepKey(m Move) string {
	s := m.String()
	if i := strings.IndexByte(s, ' '); i >= 0 {
		s = s[i+1:]
	}
	return strings.ReplaceAll(s, " ", ":")
}

func profByCode(code string) Professor {
	for p := Professor(0); p < NumProfessors; p++ {
		if p.Code() == code {
			return p
		}
	}
	return -1
}

// inOrder gives uses in the order the cards were chosen.
func inOrder(cards []int, uses []Use) []Use {
	out := make([]Use, 0, len(cards))
	for _, c := range cards {
		for _, u := range uses {
			if u.Card == c {
				out = append(out, u)
			}
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
