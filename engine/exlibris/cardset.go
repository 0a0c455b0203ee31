package exlibris

import "math/bits"

// cardSet is a set of card ids, one bit per card: hands and tiles copy
// with the game and never allocate.
type cardSet [3]uint64

func (s *cardSet) add(c int)     { s[c>>6] |= 1 << (c & 63) }
func (s *cardSet) remove(c int)  { s[c>>6] &^= 1 << (c & 63) }
func (s cardSet) has(c int) bool { return c >= 0 && c < NumCards && s[c>>6]&(1<<(c&63)) != 0 }
func (s cardSet) empty() bool    { return s[0]|s[1]|s[2] == 0 }
func (s cardSet) or(o cardSet) cardSet {
	return cardSet{s[0] | o[0], s[1] | o[1], s[2] | o[2]}
}
func (s cardSet) and(o cardSet) cardSet {
	return cardSet{s[0] & o[0], s[1] & o[1], s[2] & o[2]}
}
func (s cardSet) andNot(o cardSet) cardSet {
	return cardSet{s[0] &^ o[0], s[1] &^ o[1], s[2] &^ o[2]}
}

func (s cardSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// first is the lowest card in the set, -1 when empty.
func (s cardSet) first() int {
	for w := 0; w < 3; w++ {
		if s[w] != 0 {
			return w<<6 | bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// next is the lowest card above c, -1 when none: for c := s.first(); c >= 0; c = s.next(c).
func (s cardSet) next(c int) int {
	c++
	for w := c >> 6; w < 3; w++ {
		m := s[w]
		if w == c>>6 {
			m &^= (1 << (c & 63)) - 1
		}
		if m != 0 {
			return w<<6 | bits.TrailingZeros64(m)
		}
	}
	return -1
}

// appendTo appends the cards in increasing order.
func (s cardSet) appendTo(dst []int) []int {
	for c := s.first(); c >= 0; c = s.next(c) {
		dst = append(dst, c)
	}
	return dst
}

// nth is the n-th card (from 0) in increasing order, -1 past the end.
func (s cardSet) nth(n int) int {
	for c := s.first(); c >= 0; c = s.next(c) {
		if n == 0 {
			return c
		}
		n--
	}
	return -1
}

func setOf(cards ...int) cardSet {
	var s cardSet
	for _, c := range cards {
		s.add(c)
	}
	return s
}
