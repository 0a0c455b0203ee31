package anludim

import (
	"fmt"
	"testing"
)

// bruteBest tries every way to lay a subset of cards (each unused, or read
// on either side) and returns the strongest combination of p above bar
// that contains every required card.
func bruteBest(p Professor, cards []int, req cardSet, bar uint64) uint64 {
	n := len(cards)
	total := 1
	for i := 0; i < n; i++ {
		total *= 3
	}
	var best uint64
	uses := make([]Use, 0, n)
	for code := 0; code < total; code++ {
		uses = uses[:0]
		x, ok := code, true
		for i := 0; i < n; i++ {
			d := x % 3
			x /= 3
			if d == 0 {
				if req.has(cards[i]) {
					ok = false
					break
				}
				continue
			}
			uses = append(uses, Use{Card: cards[i], Side: d - 1})
		}
		if !ok {
			continue
		}
		if s := strengthOf(p, uses); s > bar && s > best {
			best = s
		}
	}
	return best
}

func TestSearchesAgreeWithBruteForce(t *testing.T) {
	r := newTestRNG(99)
	for trial := 0; trial < searchTrials; trial++ {
		n := 4 + r.intn(5)
		var avail, req cardSet
		var cards []int
		for len(cards) < n {
			// Draw from a few values so that groups and runs are common.
			c := r.intn(5)*13 + 2 + r.intn(6)
			if r.intn(4) == 0 {
				c = r.intn(NumCards)
			}
			if !avail.has(c) {
				avail.add(c)
				cards = append(cards, c)
			}
		}
		if r.intn(3) == 0 {
			req.add(cards[r.intn(n)])
		}
		for p := Professor(0); p < NumProfessors; p++ {
			bar := uint64(0)
			if r.intn(3) == 0 {
				bar = bruteBest(p, cards, cardSet{}, 0) - uint64(r.intn(2))
			}
			want := bruteBest(p, cards, req, bar)
			var pl pool
			pl.init(avail, req)
			got, _ := pl.best(p, bar, modeBest)
			name := fmt.Sprintf("%s from %v requiring %v above %d", p.ID(), cards, req.appendTo(nil), bar)
			if got.strength != want {
				t.Fatalf("%s: search %d, brute force %d", name, got.strength, want)
			}
			if got.strength > 0 && strengthOf(p, got.uses(&pl)) != got.strength {
				t.Fatalf("%s: the cards returned do not make the strength claimed", name)
			}
			if ex, _ := pl.best(p, bar, modeExist); (ex.strength > 0) != (want > 0) {
				t.Fatalf("%s: existence %v, brute force %d", name, ex.strength > 0, want)
			}
		}
	}
}

// bruteReadings counts the distinct strengths above bar that reading all
// the cards (each on either side) gives, up to 2.
func bruteReadings(p Professor, cards []int, bar uint64) (uint64, int) {
	seen := map[uint64]bool{}
	var best uint64
	uses := make([]Use, len(cards))
	for code := 0; code < 1<<len(cards); code++ {
		for i, c := range cards {
			uses[i] = Use{Card: c, Side: code >> i & 1}
		}
		if s := strengthOf(p, uses); s > bar {
			seen[s] = true
			best = max(best, s)
		}
	}
	return best, len(seen)
}

func TestExactReadingsAgreeWithBruteForce(t *testing.T) {
	r := newTestRNG(7)
	choices := 0
	for trial := 0; trial < searchTrials; trial++ {
		var set cardSet
		var cards []int
		for n := 2 + r.intn(5); len(cards) < n; {
			c := r.intn(5)*13 + 3 + r.intn(5)
			if !set.has(c) {
				set.add(c)
				cards = append(cards, c)
			}
		}
		for p := Professor(0); p < NumProfessors; p++ {
			want, distinct := bruteReadings(p, cards, 0)
			var pl pool
			pl.init(set, set)
			got, alt := pl.best(p, 0, modeBest)
			if got.strength != want || alt != (distinct > 1) {
				t.Fatalf("%s from %v: search %d (choice %v), brute force %d (%d readings)", p.ID(), cards, got.strength, alt, want, distinct)
			}
			if alt {
				choices++
			}
		}
	}
	if choices == 0 {
		t.Fatal("no trial had a choice of readings; the test checks nothing")
	}
}

// TestACombinationOfMoreCardsIsAlwaysStronger checks what sizeCeiling
// relies on (ruling 17's "at least one card more"): every valid
// combination of n cards ranks above every combination of fewer cards and
// at most at sizeCeiling(p, n).
func TestACombinationOfMoreCardsIsAlwaysStronger(t *testing.T) {
	r := newTestRNG(17)
	checked := 0
	for trial := 0; trial < 20000; trial++ {
		n := 2 + r.intn(7)
		seen := map[int]bool{}
		uses := make([]Use, 0, n)
		for len(uses) < n {
			c := r.intn(NumCards)
			if !seen[c] {
				seen[c] = true
				uses = append(uses, Use{Card: c, Side: r.intn(2)})
			}
		}
		for p := Professor(0); p < NumProfessors; p++ {
			s := strengthOf(p, uses)
			if s == 0 {
				continue
			}
			checked++
			if s > sizeCeiling(p, n) || s <= sizeCeiling(p, n-1) {
				t.Fatalf("%s of %d cards %v: strength %#x outside (%#x, %#x]", p.ID(), n, uses, s, sizeCeiling(p, n-1), sizeCeiling(p, n))
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d combinations met", checked)
	}
}
