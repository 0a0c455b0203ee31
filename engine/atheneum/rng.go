package atheneum

import "math/bits"

// rng is SplitMix64: tiny, fast, and its whole state is one uint64, so it is
// stored inside the Game and serialised with it. That is what makes a game a
// pure function of its seed and actions.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a value in [0, n) for n > 0 (Lemire's multiply-shift; the
// tiny bias for n far below 2^64 is irrelevant to a card game).
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// shuffle permutes s in place (Fisher-Yates).
func shuffle[T any](r *rng, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
