package engine

import (
	"slices"
	"strings"
)

// Pather is a State that tells the keys that build a move through Next,
// for a game whose moves are too many to find by walking Next (Anludim's
// combinations of cards).
type Pather interface {
	// Path returns the keys that build m for seat, in the order Next
	// offers them; the move they complete may be written otherwise than m
	// when the rules take it as m (the same cards in another order, a
	// reading of the same strength). nil when Next does not build m.
	Path(seat int, m Move) []string
}

// maxPathVisits bounds the choices PathOf visits when it walks Next.
const maxPathVisits = 100000

// PathOf returns the keys that build move m for seat through s.Next, the
// last of them completing m, or nil when Next does not build it (or not
// within a bound of choices visited). A Pather answers itself; otherwise
// the words of m's notation after the seat are tried first (as
// NextFromList builds keys), then Next is walked depth first.
func PathOf(s State, seat int, m Move) []string {
	if p, ok := s.(Pather); ok {
		if path := p.Path(seat, m); builds(s, seat, path, "") {
			return path
		}
		return nil
	}
	if words := strings.Fields(string(m)); len(words) > 1 && builds(s, seat, words[1:], m) {
		return words[1:]
	}
	visits := 0
	var walk func(chosen []string) []string
	walk = func(chosen []string) []string {
		for _, c := range s.Next(seat, chosen) {
			if visits++; visits > maxPathVisits {
				return nil
			}
			path := append(slices.Clip(chosen), c.Key)
			if c.Move == m {
				return path
			}
			if c.Move != "" {
				continue
			}
			if found := walk(path); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(nil)
}

// builds reports whether path, walked through Next, ends with the choice
// that completes m (any move, when m is "").
func builds(s State, seat int, path []string, m Move) bool {
	for i, k := range path {
		j := slices.IndexFunc(s.Next(seat, path[:i]), func(c Choice) bool { return c.Key == k })
		if j < 0 {
			return false
		}
		c := s.Next(seat, path[:i])[j]
		if i == len(path)-1 {
			return c.Move != "" && (m == "" || c.Move == m)
		}
		if c.Move != "" {
			return false
		}
	}
	return false
}
