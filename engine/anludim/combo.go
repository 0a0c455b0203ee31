package anludim

import (
	"math/bits"
	"sync"
)

// Combination strengths are packed into a uint64 so that, within one
// professor's combination, a larger number is a stronger combination and 0
// means "not a valid combination". Strengths of different professors are
// never compared with each other.

func runStrength(n, top int) uint64 { return uint64(n)<<8 | uint64(top) }

func gatheringStrength(n, v int) uint64 { return uint64(n)<<8 | uint64(v) }

// groupStrength ranks pairs and trios: more groups first, then the values
// of the groups from the highest down. Each value holds at most one group,
// so the set of values as a bitmask orders exactly like the sorted list.
func groupStrength(groups int, mask uint16) uint64 { return uint64(groups)<<16 | uint64(mask) }

// flushStrength ranks flushes: more cards first, then the values from the
// highest down. For lists of equal length, comparing sorted lists equals
// comparing the count of each value from 13 down, which packs in 2 bits per
// value because a colour shows each value on exactly two cards.
func flushStrength(n int, counts *[14]uint8) uint64 {
	s := uint64(n) << 32
	for v := 13; v >= 1; v-- {
		s |= uint64(counts[v]) << (2 * (v - 1))
	}
	return s
}

// sizeCeiling is the strength of the strongest combination of p that n
// cards can make. Every professor ranks combinations by their size first
// (cards, or groups of cards), so a combination is stronger than it exactly
// when it has more cards.
func sizeCeiling(p Professor, n int) uint64 {
	switch p {
	case Arcanist:
		return uint64(n)<<32 | (1<<32 - 1)
	case Necromancer:
		return groupStrength(n/2, 0xFFFF)
	case Seer:
		return groupStrength(n/3, 0xFFFF)
	}
	return runStrength(n, 0xFF) // a run or a gathering: n<<8 | value
}

// strengthOf scores cards laid with the given sides as the combination of
// professor p, or 0 when they do not form it.
func strengthOf(p Professor, uses []Use) uint64 {
	n := len(uses)
	if n < 2 || n > NumCards {
		return 0
	}
	var vcount [14]uint8
	var vcols [14]uint8 // colours seen per value, as a bitmask
	var colours uint8
	top, vmask := 0, uint16(0)
	for _, u := range uses {
		v, c := cardVal[u.Card][u.Side], cardCol[u.Card][u.Side]
		if vcols[v]&(1<<c) != 0 {
			vcols[v] |= 0x80 // a value seen twice in one colour
		}
		vcount[v]++
		vcols[v] |= 1 << c
		colours |= 1 << c
		vmask |= 1 << (v - 1)
		if int(v) > top {
			top = int(v)
		}
	}
	distinct := bits.OnesCount16(vmask)
	switch p {
	case Alchemist:
		if distinct == n && bits.Len16(vmask)-bits.TrailingZeros16(vmask) == n {
			return runStrength(n, top)
		}
	case Arcanist:
		if bits.OnesCount8(colours) == 1 {
			return flushStrength(n, &vcount)
		}
	case Necromancer, Seer:
		k := 2
		if p == Seer {
			k = 3
		}
		if n%k != 0 {
			return 0
		}
		for v := 1; v <= 13; v++ {
			if vcount[v] != 0 && (int(vcount[v]) != k || vcols[v]&0x80 != 0) {
				return 0
			}
		}
		return groupStrength(n/k, vmask)
	case Elementalist:
		if n >= 4 && distinct == 1 {
			return gatheringStrength(n, top)
		}
	}
	return 0
}

// maxPool is how many cards a combination search considers; a hand never
// comes close, and the cap keeps every bitmask in one word.
const maxPool = 64

// pool is the cards a search may use, indexed by position, with req the
// positions that must be part of the result.
type pool struct {
	n     int
	id    [maxPool]uint8
	val   [maxPool][2]uint8
	col   [maxPool][2]uint8
	byVal [14]uint64         // positions having a reading of each value
	byCol [NumColours]uint64 // positions having a reading of each colour
	upTo  [14]uint64         // positions having a reading of value <= v
	// capMask[k-2][v]: values <= v where k cards of distinct colours exist,
	// as a bitmask; the group search's bound.
	capMask [2][14]uint16
	// byValCol[v][c]: positions reading value v in colour c.
	byValCol [14][NumColours]uint64
	req      uint64
}

func (p *pool) init(avail, req cardSet) {
	p.n, p.req = 0, 0
	p.byVal = [14]uint64{}
	p.byValCol = [14][NumColours]uint64{}
	p.byCol = [NumColours]uint64{}
	for w := 0; w < 2; w++ {
		x := avail[w]
		for x != 0 && p.n < maxPool {
			c := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			i := p.n
			p.id[i] = uint8(c)
			p.val[i] = cardVal[c]
			p.col[i] = cardCol[c]
			for s := 0; s < 2; s++ {
				p.byVal[p.val[i][s]] |= 1 << i
				p.byCol[p.col[i][s]] |= 1 << i
				p.byValCol[p.val[i][s]][p.col[i][s]] |= 1 << i
			}
			if req.has(c) {
				p.req |= 1 << i
			}
			p.n++
		}
	}
	p.upTo[0] = 0
	p.capMask[0][0], p.capMask[1][0] = 0, 0
	for v := 1; v <= 13; v++ {
		p.upTo[v] = p.upTo[v-1] | p.byVal[v]
		var cols uint8
		for x := p.byVal[v]; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			if p.val[i][0] == uint8(v) {
				cols |= 1 << p.col[i][0]
			} else {
				cols |= 1 << p.col[i][1]
			}
		}
		p.capMask[0][v], p.capMask[1][v] = p.capMask[0][v-1], p.capMask[1][v-1]
		if n := bits.OnesCount8(cols); n >= 2 {
			p.capMask[0][v] |= 1 << (v - 1)
			if n >= 3 {
				p.capMask[1][v] |= 1 << (v - 1)
			}
		}
	}
}

// capable returns the values <= v that can still hold a group of k: the
// cards not used read them in k colours at least.
func (p *pool) capable(k, v int, used uint64) uint16 {
	out := p.capMask[k-2][v]
	for x := out; x != 0; x &= x - 1 {
		w := bits.TrailingZeros16(x) + 1
		n := 0
		for c := 0; c < NumColours; c++ {
			if p.byValCol[w][c]&^used != 0 {
				n++
			}
		}
		if n < k {
			out &^= 1 << (w - 1)
		}
	}
	return out
}

// result is a combination found by a search: the positions used and, for
// each, the side read (bit set = second reading).
type result struct {
	strength uint64
	used     uint64
	second   uint64
}

func (r result) uses(p *pool) []Use {
	out := make([]Use, 0, bits.OnesCount64(r.used))
	x := r.used
	for x != 0 {
		i := bits.TrailingZeros64(x)
		x &= x - 1
		s := 0
		if r.second&(1<<i) != 0 {
			s = 1
		}
		out = append(out, Use{Card: int(p.id[i]), Side: s})
	}
	return out
}

// cards returns the cards used.
func (r result) cards(p *pool) cardSet {
	var out cardSet
	for x := r.used; x != 0; x &= x - 1 {
		out.add(int(p.id[bits.TrailingZeros64(x)]))
	}
	return out
}

// search modes.
const (
	modeBest  = iota // the strongest combination above the bar
	modeExist        // any combination above the bar
)

// best finds the strongest combination of professor pr from the pool that
// contains every required card and is stronger than bar (in modeExist it
// stops at the first one). alt reports, when all cards are required, that
// another combination of a different strength above the bar also exists,
// i.e. that the choice of readings matters.
func (p *pool) best(pr Professor, bar uint64, mode int) (res result, alt bool) {
	switch pr {
	case Alchemist:
		return p.bestRun(bar, mode)
	case Arcanist:
		return p.bestFlush(bar)
	case Elementalist:
		return p.bestGathering(bar)
	case Necromancer:
		return p.bestGroups(2, bar, mode)
	case Seer:
		return p.bestGroups(3, bar, mode)
	}
	return result{}, false
}

func (p *pool) bestFlush(bar uint64) (res result, alt bool) {
	for c := 0; c < NumColours; c++ {
		m := p.byCol[c]
		if p.req&^m != 0 || bits.OnesCount64(m) < 2 {
			continue
		}
		var counts [14]uint8
		var second uint64
		x := m
		for x != 0 {
			i := bits.TrailingZeros64(x)
			x &= x - 1
			s := 0
			if p.col[i][0] != uint8(c) {
				s = 1
				second |= 1 << i
			}
			counts[p.val[i][s]]++
		}
		st := flushStrength(bits.OnesCount64(m), &counts)
		if st <= bar {
			continue
		}
		if res.strength != 0 && st != res.strength {
			alt = true
		}
		if st > res.strength {
			res = result{st, m, second}
		}
	}
	return res, alt
}

func (p *pool) bestGathering(bar uint64) (res result, alt bool) {
	for v := 13; v >= 1; v-- {
		m := p.byVal[v]
		if p.req&^m != 0 || bits.OnesCount64(m) < 4 {
			continue
		}
		st := gatheringStrength(bits.OnesCount64(m), v)
		if st <= bar {
			continue
		}
		if res.strength != 0 && st != res.strength {
			alt = true
		}
		if st > res.strength {
			var second uint64
			x := m
			for x != 0 {
				i := bits.TrailingZeros64(x)
				x &= x - 1
				if p.val[i][0] != uint8(v) {
					second |= 1 << i
				}
			}
			res = result{st, m, second}
		}
	}
	return res, alt
}

// matcher pairs run values with distinct cards (Kuhn's augmenting paths);
// each card offers at most two values, so the paths are short.
type matcher struct {
	p        *pool
	lo, hi   uint8
	owner    [14]int8 // position holding each value, -1 none
	valOf    [maxPool]uint8
	seenVals uint16
	seenPos  uint64
}

func (m *matcher) reset(lo, hi int) {
	m.lo, m.hi = uint8(lo), uint8(hi)
	for i := range m.owner {
		m.owner[i] = -1
	}
	for i := 0; i < m.p.n; i++ {
		m.valOf[i] = 0
	}
}

// placeCard finds a value in the window for card position i.
func (m *matcher) placeCard(i int) bool {
	for s := 0; s < 2; s++ {
		v := m.p.val[i][s]
		if v < m.lo || v > m.hi || m.seenVals&(1<<v) != 0 {
			continue
		}
		m.seenVals |= 1 << v
		if o := m.owner[v]; o < 0 || m.placeCard(int(o)) {
			m.owner[v] = int8(i)
			m.valOf[i] = v
			return true
		}
	}
	return false
}

// coverValue finds a card for value v, moving matched cards to other
// values but never unmatching one.
func (m *matcher) coverValue(v uint8) bool {
	x := m.p.byVal[v] &^ m.seenPos
	for x != 0 {
		i := bits.TrailingZeros64(x)
		x &= x - 1
		m.seenPos |= 1 << i
		if w := m.valOf[i]; w == 0 || m.coverValue(w) {
			m.valOf[i] = v
			m.owner[v] = int8(i)
			return true
		}
	}
	return false
}

// window reports whether the values lo..hi can all be covered by distinct
// cards including every required one. A matching covering the required
// cards, grown by augmenting paths from the values, keeps its cards matched
// (Mendelsohn-Dulmage), so both checks succeed together or not at all.
func (m *matcher) window(lo, hi int) bool {
	m.reset(lo, hi)
	x := m.p.req
	for x != 0 {
		i := bits.TrailingZeros64(x)
		x &= x - 1
		m.seenVals = 0
		if !m.placeCard(i) {
			return false
		}
	}
	for v := lo; v <= hi; v++ {
		if m.owner[v] >= 0 {
			continue
		}
		m.seenPos = 0
		if !m.coverValue(uint8(v)) {
			return false
		}
	}
	return true
}

func (p *pool) bestRun(bar uint64, mode int) (res result, alt bool) {
	nreq := bits.OnesCount64(p.req)
	maxLen := min(13, p.n)
	minLen := max(2, nreq)
	var present uint16 // values some card shows, bit v
	for v := 1; v <= 13; v++ {
		if p.byVal[v] != 0 {
			present |= 1 << v
		}
	}
	m := matcher{p: p}
	for n := maxLen; n >= minLen; n-- {
		for hi := 13; hi >= n; hi-- {
			st := runStrength(n, hi)
			if st <= bar {
				return res, alt
			}
			// A value no card shows rules the window out before matching.
			if w := uint16(1<<(hi+1)) - uint16(1<<(hi-n+1)); present&w != w || !m.window(hi-n+1, hi) {
				continue
			}
			if res.strength != 0 {
				// A second feasible window only happens when all cards are
				// required, where it means the readings matter.
				return res, true
			}
			var used, second uint64
			for v := hi - n + 1; v <= hi; v++ {
				i := int(m.owner[v])
				used |= 1 << i
				if p.val[i][0] != uint8(v) {
					second |= 1 << i
				}
			}
			res = result{st, used, second}
			if mode == modeExist || nreq != p.n {
				return res, false
			}
		}
	}
	return res, alt
}

// groupSearch looks for pairs (k=2) or trios (k=3) of one value in
// distinct colours, distinct values across groups, by branch and bound over
// the values from 13 down.
type groupSearch struct {
	p       *pool
	k       int
	mode    int
	best    result
	bar     uint64
	alt     bool
	exact   bool
	found   uint64 // first strength found in exact mode, to spot a second
	nodes   int
	fails   **failSet  // subtrees already searched (see rec), nil until needed
	pick    [14]uint64 // positions grouped at each value
	pickSec [14]uint64
}

// nodeCap bounds one search so a pathological pool cannot stall a caller.
// Searches remember the subtrees already searched (failSet), which keeps
// real hands far below it.
const nodeCap = 200000

// failsAfter is how many nodes a search visits before it starts
// remembering the subtrees searched: most searches end well before, and
// then pay nothing for the table.
const failsAfter = 256

// groupSearchDone, when set (by tests only), is told the node count of
// every group search, so they can check that none comes near nodeCap.
var groupSearchDone func(k, nodes int)

func (p *pool) bestGroups(k int, bar uint64, mode int) (result, bool) {
	if p.capMask[k-2][13] == 0 {
		return result{}, false // no value has k cards in distinct colours
	}
	// The table is reached through a variable of its own: putting it back
	// from a field of g would make the pool escape to the heap.
	var fails *failSet
	g := groupSearch{p: p, k: k, mode: mode, bar: bar, exact: bits.OnesCount64(p.req) == p.n, fails: &fails}
	g.rec(13, 0, 0, 0, 0)
	if fails != nil {
		failSets.Put(fails)
	}
	if groupSearchDone != nil {
		groupSearchDone(k, g.nodes)
	}
	return g.best, g.alt
}

// rec decides value v; used are the positions grouped so far.
func (g *groupSearch) rec(v int, used uint64, groups int, mask uint16, second uint64) bool {
	g.nodes++
	if g.nodes > nodeCap {
		return true
	}
	// Required cards that can no longer be placed end this branch.
	rest := g.p.upTo[v] &^ used
	if g.p.req&^used&^rest != 0 {
		return false
	}
	if v == 0 {
		st := groupStrength(groups, mask)
		if groups == 0 || st <= g.bar {
			return false
		}
		if g.exact {
			if g.found != 0 && g.found != st {
				g.alt = true
			}
			if g.found == 0 {
				g.found = st
			}
		}
		if st > g.best.strength {
			g.best = result{st, used, second}
		}
		return g.mode == modeExist || (g.exact && g.alt)
	}
	// The values that may still hold a group: those the pool reads in k
	// colours, or, in a search long enough to pay for the look, those
	// the cards left do.
	capable := g.p.capMask[g.k-2][v]
	if g.nodes > failsAfter {
		capable = g.p.capable(g.k, v, used)
	}
	// The required cards left each need a place in a group below v, where
	// a value holds k cards.
	pending := bits.OnesCount64(g.p.req & rest)
	if pending > g.k*bits.OnesCount16(capable) {
		return false
	}
	if g.exact {
		// Every card is required, so the groups below v take exactly the
		// cards left: their number is known, and so the leaves' strength
		// once their values are forced.
		if pending%g.k != 0 {
			return false
		}
		below := pending / g.k
		if groupStrength(groups+below, mask|capable) <= g.bar {
			return false
		}
		// Hunting a second strength, a subtree whose leaves all have the
		// first one has nothing to give.
		if g.found != 0 && below == bits.OnesCount16(capable) && groupStrength(groups+below, mask|capable) == g.found {
			return false
		}
	} else {
		// Bound: even grouping every remaining card cannot beat the best.
		ub := groups + min(bits.OnesCount64(rest)/g.k, bits.OnesCount16(capable))
		floor := g.best.strength
		if g.bar > floor {
			floor = g.bar
		}
		if groupStrength(ub, mask|capable) <= floor {
			return false
		}
	}
	// What this subtree can give depends only on v, the groups' mask (their
	// number is its size) and which cards still readable at v or below are
	// taken: the cards taken with no such reading are past the required
	// check above, and the readings chosen above change neither a leaf's
	// strength nor a bound. So a subtree met again under the same key gives
	// nothing new: in an existence search it failed (the first leaf above
	// the bar ends the search); when hunting a second strength, its leaves
	// above the bar all had the first; when looking for the strongest, its
	// leaves were all at most the best, which has only grown since.
	key := used & g.p.upTo[v]
	fails := *g.fails
	if fails == nil && g.nodes > failsAfter {
		fails = failSets.Get().(*failSet)
		fails.reset()
		*g.fails = fails
	}
	if fails != nil && fails.has(uint8(v), mask, key) {
		return false
	}
	cand := g.p.byVal[v] &^ used
	if bits.OnesCount64(cand) >= g.k {
		// The candidates' colour and side at this value, gathered once.
		var idx, col [maxPool]uint8
		var sec [maxPool]uint64
		n := 0
		for x := cand; x != 0; x &= x - 1 {
			i := uint8(bits.TrailingZeros64(x))
			idx[n] = i
			if g.p.val[i][0] == uint8(v) {
				col[n] = g.p.col[i][0]
			} else {
				col[n] = g.p.col[i][1]
				sec[n] = 1 << i
			}
			n++
		}
		bit := uint16(1) << (v - 1)
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if col[a] == col[b] {
					continue
				}
				ab := uint64(1)<<idx[a] | uint64(1)<<idx[b]
				if g.k == 2 {
					if g.rec(v-1, used|ab, groups+1, mask|bit, second|sec[a]|sec[b]) {
						return true
					}
					continue
				}
				for c := b + 1; c < n; c++ {
					if col[c] == col[a] || col[c] == col[b] {
						continue
					}
					if g.rec(v-1, used|ab|uint64(1)<<idx[c], groups+1, mask|bit, second|sec[a]|sec[b]|sec[c]) {
						return true
					}
				}
			}
		}
	}
	if g.rec(v-1, used, groups, mask, second) {
		return true
	}
	if fails := *g.fails; fails != nil {
		fails.add(uint8(v), mask, key)
	}
	return false
}

// failSet is a hash set of the subtrees a search has done with, kept
// between searches (failSets) so that a search allocates nothing once the
// table has grown to the largest it needed. A generation number marks the
// live entries, so emptying it costs nothing.
type failSet struct {
	slots []failSlot
	gen   uint32
	n     int
}

// failSlot is one entry: a subtree's key, live when gen is the table's.
type failSlot struct {
	used uint64
	mask uint16
	v    uint8
	gen  uint32
}

// failSets keeps the tables between searches, one per goroutine in use.
var failSets = sync.Pool{New: func() any { return &failSet{slots: make([]failSlot, 1<<10)} }}

func (f *failSet) reset() {
	f.gen++
	f.n = 0
	if f.gen == 0 { // wrapped: old marks would read as live
		clear(f.slots)
		f.gen = 1
	}
}

func (f *failSet) slot(v uint8, mask uint16, used uint64) int {
	h := (used ^ uint64(mask)<<48 ^ uint64(v)<<40) * 0x9E3779B97F4A7C15
	return int(h >> 32 & uint64(len(f.slots)-1))
}

func (f *failSet) has(v uint8, mask uint16, used uint64) bool {
	for i := f.slot(v, mask, used); ; i = (i + 1) & (len(f.slots) - 1) {
		s := &f.slots[i]
		if s.gen != f.gen {
			return false
		}
		if s.used == used && s.mask == mask && s.v == v {
			return true
		}
	}
}

func (f *failSet) add(v uint8, mask uint16, used uint64) {
	if 2*(f.n+1) > len(f.slots) {
		f.grow()
	}
	for i := f.slot(v, mask, used); ; i = (i + 1) & (len(f.slots) - 1) {
		s := &f.slots[i]
		if s.gen != f.gen {
			*s = failSlot{used, mask, v, f.gen}
			f.n++
			return
		}
		if s.used == used && s.mask == mask && s.v == v {
			return
		}
	}
}

// grow doubles the table, keeping the live entries.
func (f *failSet) grow() {
	old, gen := f.slots, f.gen
	f.slots = make([]failSlot, 2*len(old))
	f.gen, f.n = 1, 0
	for _, s := range old {
		if s.gen == gen {
			f.add(s.v, s.mask, s.used)
		}
	}
}
