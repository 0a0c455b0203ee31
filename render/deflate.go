package render

import (
	"encoding/binary"
	"image"
	"math/bits"
	"slices"
	"sync"
)

// Rows is the deflate "level" of the encoder written for palette
// pictures (see Level): it looks for repeats where these pictures have
// them (the row above, a run of one index, and the last place the next
// four indices were seen) and writes the whole picture as one deflate
// block with one Huffman table. klauspost's fast levels cut their input
// into 64 KB blocks and build three Huffman tables for each, more than
// half of their compressing time on Atheneum's hand. Over every golden
// picture it writes about level 5's bytes in about level 3's time
// (BenchmarkDeflateRows).
const Rows = -3

// Deflate's limits (RFC 1951).
const (
	dfWindow    = 1 << 15 // the farthest a match may reach back
	dfMaxMatch  = 258
	dfMinMatch  = 4 // shorter matches than this cost about as many bits as literals
	goodMatch   = 16
	lazyMatch   = 8
	dfHashBits  = 15
	dfLitCodes  = 286 // literals, end of block and lengths
	dfDistCodes = 30
	dfEOB       = 256
	dfMaxBits   = 15 // the longest code of literals, lengths and distances
	dfCLMaxBits = 7  // the longest code of the code lengths' code
)

// deflater holds one encoding's working memory, reused from picture to
// picture (see deflaters).
type deflater struct {
	scan     []byte                 // the rows, each after its filter byte (0)
	tokens   []uint32               // literals, and matches (matchFlag | dist-1 << 8 | len-3)
	table    [1 << dfHashBits]int32 // base + the last place each hash was seen
	base     int                    // what the table's places of this input start from
	litFreq  [dfLitCodes]int32
	distFreq [dfDistCodes]int32
	litLen   [dfLitCodes]uint8
	distLen  [dfDistCodes]uint8
	litCode  [dfLitCodes]uint16
	distCode [dfDistCodes]uint16
	huff     huffScratch
	bw       bitWriter
}

var deflaters = sync.Pool{New: func() any { return new(deflater) }}

const matchFlag = 1 << 31

// deflateRows appends to out the raw deflate stream (RFC 1951) of pm's
// rows as a PNG holds them: each after a filter byte 0.
func deflateRows(out []byte, pm *image.Paletted) []byte {
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	stride := w + 1
	n := stride * h
	d.scan = slices.Grow(d.scan[:0], n)[:n]
	for y := 0; y < h; y++ {
		d.scan[y*stride] = 0
		copy(d.scan[y*stride+1:(y+1)*stride], pm.Pix[y*pm.Stride:y*pm.Stride+w])
	}
	return d.encode(out, d.scan, stride, true)
}

// deflateBand appends to out raw's rows (each stride bytes, its filter
// byte first) as deflate blocks that refer to nothing before them and end
// on a byte with a sync flush's empty stored block, so that bands written
// one after another, then a final block, make one deflate stream (see
// FinishBands).
func deflateBand(out, raw []byte, stride int) []byte {
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	return d.encode(out, raw, stride, false)
}

// encode appends s, rows of stride bytes, to out as one block, the last
// of the stream if final, else followed by a sync flush.
func (d *deflater) encode(out, s []byte, stride int, final bool) []byte {
	d.findMatches(s, stride)
	d.bw.out = out
	d.writeBlock(final)
	if final {
		d.bw.flush()
	} else {
		d.bw.write(0, 3)                              // a stored block, not the last,
		d.bw.flush()                                  // from the next byte,
		d.bw.out = append(d.bw.out, 0, 0, 0xff, 0xff) // empty
	}
	out = d.bw.out
	d.bw.out = nil
	return out
}

// findMatches turns s into d.tokens, greedily taking the longest of three
// candidates at each place: the same place in the row above (stride
// back), the byte before (a run), and the last place the next four bytes
// were seen.
func (d *deflater) findMatches(s []byte, stride int) {
	n := len(s)
	// The table's entries from earlier inputs are below base: no need to
	// clear its 128 KB for every band.
	if d.base > 1<<30 {
		clear(d.table[:])
		d.base = 0
	}
	d.base++
	clear(d.litFreq[:])
	clear(d.distFreq[:])
	toks := d.tokens[:0]
	i := 0
	for i < n {
		bestLen, bestDist := d.best(s, i, stride, 0)
		if bestLen > 0 && bestLen < lazyMatch && i+1 < n {
			// A match that starts one byte later and is longer is worth
			// a literal first.
			if l2, _ := d.best(s, i+1, stride, bestLen); l2 > bestLen+1 {
				bestLen = 0
			}
		}
		if bestLen == 0 {
			toks = append(toks, uint32(s[i]))
			d.litFreq[s[i]]++
			i++
			continue
		}
		toks = append(toks, matchFlag|uint32(bestDist-1)<<8|uint32(bestLen-3))
		sym, _, _ := lengthSymbol(bestLen - 3)
		d.litFreq[sym]++
		dc, _, _ := distSymbol(bestDist - 1)
		d.distFreq[dc]++
		i += bestLen
		// The end of a match is where the next repeat is likeliest to
		// start again: remember it.
		if j := i - 1; j+4 <= n {
			d.table[hash4(s[j:])] = int32(d.base + j)
		}
	}
	d.base += n
	d.litFreq[dfEOB]++
	d.tokens = toks
}

// best is the longest match at i better than atLeast, and its distance,
// or 0: the same place in the row above (stride back), the byte before
// (a run) and the last place the next four bytes were seen, which it
// remembers i as.
func (d *deflater) best(s []byte, i, stride, atLeast int) (int, int) {
	n := len(s)
	maxLen := min(dfMaxMatch, n-i)
	bestLen, bestDist := atLeast, 0
	if i >= stride && s[i] == s[i-stride] {
		if l := matchLen(s, i-stride, i, maxLen); l >= dfMinMatch && l > bestLen {
			bestLen, bestDist = l, stride
		}
	}
	// A long enough match is taken as it is: looking further costs more
	// than the few bits a longer one saves, and the next match starts
	// where it ends.
	if bestLen < goodMatch && i >= 1 && s[i] == s[i-1] {
		// A run: its distance is the cheapest to write, so it wins ties.
		if l := matchLen(s, i-1, i, maxLen); l >= 3 && (l > bestLen || l == bestLen && bestDist != 0) {
			bestLen, bestDist = l, 1
		}
	}
	if bestLen < goodMatch && i+4 <= n {
		hv := hash4(s[i:])
		p := int(d.table[hv]) - d.base
		d.table[hv] = int32(d.base + i)
		if p >= 0 && i-p <= dfWindow && i-p != stride && i-p != 1 &&
			binary.LittleEndian.Uint32(s[p:]) == binary.LittleEndian.Uint32(s[i:]) {
			if l := matchLen(s, p, i, maxLen); l >= dfMinMatch && l > bestLen {
				bestLen, bestDist = l, i-p
			}
		}
	}
	if bestDist == 0 {
		return 0, 0
	}
	return bestLen, bestDist
}

func hash4(b []byte) uint32 {
	return (binary.LittleEndian.Uint32(b) * 2654435761) >> (32 - dfHashBits)
}

// matchLen is how many bytes from s[b:] repeat those from s[a:], at most
// max, compared eight at a time.
func matchLen(s []byte, a, b, max int) int {
	n := 0
	for n+8 <= max {
		if x := binary.LittleEndian.Uint64(s[a+n:]) ^ binary.LittleEndian.Uint64(s[b+n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < max && s[a+n] == s[b+n] {
		n++
	}
	return n
}

// lengthSymbol is the literal/length symbol of a match length l+3, with
// its extra bits' value and count.
func lengthSymbol(l int) (sym, extra, nbits int) {
	switch {
	case l < 8:
		return 257 + l, 0, 0
	case l == 255:
		return 285, 0, 0
	}
	nb := bits.Len(uint(l)) - 3
	return 257 + 4*nb + 4 + (l>>nb)&3, l & (1<<nb - 1), nb
}

// distSymbol is the distance code of a distance d+1, with its extra bits'
// value and count.
func distSymbol(d int) (code, extra, nbits int) {
	if d < 4 {
		return d, 0, 0
	}
	nb := bits.Len(uint(d)) - 2
	return 2*nb + 2 + (d>>nb)&1, d & (1<<nb - 1), nb
}

// clOrder is the order the code lengths' code lengths are written in.
var clOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeBlock writes d.tokens as one block with dynamic Huffman codes,
// the stream's last if final.
func (d *deflater) writeBlock(final bool) {
	atLeastTwo(d.distFreq[:])
	d.huff.lengths(d.litFreq[:], dfMaxBits, d.litLen[:])
	d.huff.lengths(d.distFreq[:], dfMaxBits, d.distLen[:])
	canonical(d.litLen[:], d.litCode[:])
	canonical(d.distLen[:], d.distCode[:])
	nLit := dfLitCodes
	for nLit > 257 && d.litLen[nLit-1] == 0 {
		nLit--
	}
	nDist := dfDistCodes
	for nDist > 1 && d.distLen[nDist-1] == 0 {
		nDist--
	}
	// The code lengths, run-length coded: 16 repeats the last length 3-6
	// times, 17 writes 3-10 zeros, 18 writes 11-138.
	var seq [dfLitCodes + dfDistCodes]uint8
	copy(seq[:], d.litLen[:nLit])
	copy(seq[nLit:], d.distLen[:nDist])
	var cl [dfLitCodes + dfDistCodes]uint16 // symbol | extra << 8
	var clFreq [19]int32
	ncl := 0
	emit := func(sym, extra int) {
		cl[ncl] = uint16(sym | extra<<8)
		ncl++
		clFreq[sym]++
	}
	all := seq[:nLit+nDist]
	for i := 0; i < len(all); {
		v := all[i]
		run := 1
		for i+run < len(all) && all[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				r := min(run, 138)
				emit(18, r-11)
				run -= r
			}
			if run >= 3 {
				emit(17, run-3)
				run = 0
			}
		} else {
			emit(int(v), 0)
			run--
			for run >= 3 {
				r := min(run, 6)
				emit(16, r-3)
				run -= r
			}
		}
		for ; run > 0; run-- {
			emit(int(v), 0)
		}
	}
	var clLen [19]uint8
	var clCode [19]uint16
	atLeastTwo(clFreq[:])
	d.huff.lengths(clFreq[:], dfCLMaxBits, clLen[:])
	canonical(clLen[:], clCode[:])
	nCL := 19
	for nCL > 4 && clLen[clOrder[nCL-1]] == 0 {
		nCL--
	}
	bw := &d.bw
	if final {
		bw.write(1, 1) // the last block
	} else {
		bw.write(0, 1)
	}
	bw.write(2, 2) // dynamic Huffman codes
	bw.write(uint64(nLit-257), 5)
	bw.write(uint64(nDist-1), 5)
	bw.write(uint64(nCL-4), 4)
	for _, s := range clOrder[:nCL] {
		bw.write(uint64(clLen[s]), 3)
	}
	for _, c := range cl[:ncl] {
		sym := int(c & 0xff)
		bw.write(uint64(clCode[sym]), uint(clLen[sym]))
		switch sym {
		case 16:
			bw.write(uint64(c>>8), 2)
		case 17:
			bw.write(uint64(c>>8), 3)
		case 18:
			bw.write(uint64(c>>8), 7)
		}
	}
	for _, t := range d.tokens {
		if t&matchFlag == 0 {
			bw.write(uint64(d.litCode[t]), uint(d.litLen[t]))
			continue
		}
		sym, extra, nb := lengthSymbol(int(t & 0xff))
		bw.write(uint64(d.litCode[sym])|uint64(extra)<<d.litLen[sym], uint(d.litLen[sym])+uint(nb))
		dc, dextra, dnb := distSymbol(int(t>>8) & (dfWindow - 1))
		bw.write(uint64(d.distCode[dc])|uint64(dextra)<<d.distLen[dc], uint(d.distLen[dc])+uint(dnb))
	}
	bw.write(uint64(d.litCode[dfEOB]), uint(d.litLen[dfEOB]))
}

// atLeastTwo gives a code used for fewer than two symbols a second (or
// first and second) symbol, so that its code is complete: one symbol
// alone would have a code of one bit, half of them unused, which strict
// decoders refuse.
func atLeastTwo(freq []int32) {
	used := 0
	for _, f := range freq {
		if f != 0 {
			used++
		}
	}
	for i := 0; used < 2 && i < len(freq); i++ {
		if freq[i] == 0 {
			freq[i] = 1
			used++
		}
	}
}

// huffScratch is the working memory of building a code.
type huffScratch struct {
	syms   []uint64 // the used symbols (low 16 bits), by rising frequency
	weight []int64  // the nodes' weights: leaves, then internal nodes
	parent []int32
	depth  []uint8
}

// lengths sets length[i] to the length of symbol i's code in a Huffman
// code for freq, with no code longer than maxBits, complete (Kraft's sum
// exactly 1), for at least two used symbols.
func (hs *huffScratch) lengths(freq []int32, maxBits int, length []uint8) {
	clear(length)
	// The used symbols by rising frequency, then symbol: sorted as
	// numbers (frequency above, symbol below), which is quicker than a
	// stable sort with a comparison function.
	hs.syms = hs.syms[:0]
	for i, f := range freq {
		if f != 0 {
			hs.syms = append(hs.syms, uint64(f)<<16|uint64(i))
		}
	}
	slices.Sort(hs.syms)
	syms := hs.syms
	n := len(syms)
	// Huffman's construction with two queues: the leaves by rising
	// weight, and the internal nodes, made in rising weight too.
	hs.weight = slices.Grow(hs.weight[:0], 2*n)[:2*n-1]
	hs.parent = slices.Grow(hs.parent[:0], 2*n)[:2*n-1]
	for k, s := range syms {
		hs.weight[k] = int64(s >> 16)
	}
	leaf, inner, next := 0, n, n
	take := func() int {
		if leaf < n && (inner >= next || hs.weight[leaf] <= hs.weight[inner]) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for next < 2*n-1 {
		a, b := take(), take()
		hs.weight[next] = hs.weight[a] + hs.weight[b]
		hs.parent[a], hs.parent[b] = int32(next), int32(next)
		next++
	}
	// Depths from the root (the last node) down.
	hs.depth = slices.Grow(hs.depth[:0], 2*n)[:2*n-1]
	root := 2*n - 2
	hs.depth[root] = 0
	var count [64]int
	for k := root - 1; k >= 0; k-- {
		hs.depth[k] = hs.depth[hs.parent[k]] + 1
		if k < n {
			count[hs.depth[k]]++
		}
	}
	// Codes longer than maxBits are shortened as JPEG does (ITU T.81,
	// K.3): two leaves at the deepest level make room for themselves one
	// level up by pushing down a leaf from a shallower level, which keeps
	// the code complete.
	for i := 63; i > maxBits; i-- {
		for count[i] > 0 {
			j := i - 2
			for count[j] == 0 {
				j--
			}
			count[i] -= 2
			count[i-1]++
			count[j+1] += 2
			count[j]--
		}
	}
	// The shortest codes to the most frequent symbols.
	k := n - 1
	for l := 1; l <= maxBits; l++ {
		for c := count[l]; c > 0; c-- {
			length[syms[k]&0xffff] = uint8(l)
			k--
		}
	}
}

// canonical sets code[i] to symbol i's canonical code of length[i] bits,
// bit-reversed, as deflate writes codes from their first bit.
func canonical(length []uint8, code []uint16) {
	var count [16]int
	for _, l := range length {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	c := 0
	for l := 1; l < 16; l++ {
		c = (c + count[l-1]) << 1
		next[l] = c
	}
	for i, l := range length {
		if l == 0 {
			code[i] = 0
			continue
		}
		code[i] = bits.Reverse16(uint16(next[l])) >> (16 - l)
		next[l]++
	}
}

// bitWriter writes bits from the least significant, as deflate packs
// them.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// write writes the nb (at most 32) low bits of v.
func (b *bitWriter) write(v uint64, nb uint) {
	b.acc |= v << b.n
	b.n += nb
	if b.n >= 32 {
		b.out = binary.LittleEndian.AppendUint32(b.out, uint32(b.acc))
		b.acc >>= 32
		b.n -= 32
	}
}

// flush writes the bits left, padded to a byte.
func (b *bitWriter) flush() {
	for b.n > 0 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.n -= min(b.n, 8)
	}
	b.acc, b.n = 0, 0
}
