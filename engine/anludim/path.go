package anludim

import (
	"slices"
	"strings"

	"atheneum/engine"
)

// Path returns the keys that build m through Next (engine.Pather): one
// key for a move that is not a play; for a play, "p", its cards in
// increasing order, the professor's code and, when Next asks for it, the
// reading of m's cards, or the strongest when Next does not list m's (a
// reading of equal strength, or beyond the cards whose readings are
// listed). nil when m cannot be read.
func (s *State) Path(seat int, m engine.Move) []string {
	mv, err := ParseMove(string(m))
	if err != nil || mv.Seat != seat {
		return nil
	}
	if mv.Kind != Play {
		return []string{stepKey(mv)}
	}
	path := []string{"p"}
	var want []string
	for _, u := range slices.SortedFunc(slices.Values(mv.Cards), func(a, b Use) int { return a.Card - b.Card }) {
		path = append(path, itoa(u.Card))
		if u.Side >= 0 {
			want = append(want, itoa(u.Card)+string("ab"[u.Side]))
		}
	}
	path = append(path, mv.Prof.Code())
	readings := s.Game.Next(seat, path)
	if len(readings) == 0 {
		return path // the professor's code completes the play
	}
	slices.Sort(want)
	for _, r := range readings {
		got := strings.Split(r.Key, ".")
		slices.Sort(got)
		if slices.Equal(got, want) {
			return append(path, r.Key)
		}
	}
	return append(path, readings[0].Key)
}
