package anludim

import "math/bits"

// cardSet is a set of apprentice cards as a 65-bit bitmap, so hands and
// combinations copy with the Game in one memcpy and never allocate.
type cardSet [2]uint64

func (s cardSet) has(c int) bool { return s[c>>6]&(1<<(uint(c)&63)) != 0 }
func (s *cardSet) add(c int)     { s[c>>6] |= 1 << (uint(c) & 63) }
func (s *cardSet) del(c int)     { s[c>>6] &^= 1 << (uint(c) & 63) }
func (s cardSet) count() int     { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cardSet) empty() bool    { return s[0]|s[1] == 0 }

func (s cardSet) or(t cardSet) cardSet     { return cardSet{s[0] | t[0], s[1] | t[1]} }
func (s cardSet) andNot(t cardSet) cardSet { return cardSet{s[0] &^ t[0], s[1] &^ t[1]} }
func (s cardSet) and(t cardSet) cardSet    { return cardSet{s[0] & t[0], s[1] & t[1]} }

// min returns the lowest card of the set, or -1 when it is empty.
func (s cardSet) min() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// appendTo appends the cards in increasing order.
func (s cardSet) appendTo(dst []int) []int {
	for w := 0; w < 2; w++ {
		x := s[w]
		for x != 0 {
			dst = append(dst, w*64+bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return dst
}

func tz(x uint64) int { return bits.TrailingZeros64(x) }
