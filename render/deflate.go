package render

import (
	"encoding/binary"
	"hash/adler32"
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
// picture it writes about level 5's bytes (0.89 of level 1's) in about
// level 1's processor time (BenchmarkDeflateRows), the rows' Adler-32
// included.
const Rows = -3

// Deflate's limits (RFC 1951).
const (
	dfWindow    = 1 << 15 // the farthest a match may reach back
	dfMaxMatch  = 258
	dfMinMatch  = 4 // shorter matches than this cost about as many bits as literals
	goodMatch   = 16
	lazyMatch   = 8
	dfHashBits  = 13
	dfLitCodes  = 286 // literals, end of block and lengths
	dfDistCodes = 30
	dfEOB       = 256
	dfMaxBits   = 15 // the longest code of literals, lengths and distances
	dfCLMaxBits = 7  // the longest code of the code lengths' code
)

// deflater holds one encoding's working memory, reused from picture to
// picture (see deflaters).
type deflater struct {
	tokens   []uint32                // literals, and matches (see matchToken)
	table    [1 << dfHashBits]uint64 // the last place (base + its offset in pix) each hash was seen, with the four bytes there above bit 32
	base     int                     // what the table's places of this input start from
	litFreq  [dfLitCodes]int32
	distFreq [dfDistCodes]int32
	litLen   [dfLitCodes]uint8
	distLen  [dfDistCodes]uint8
	litCode  [dfLitCodes]uint16
	distCode [dfDistCodes]uint16
	huff     huffScratch
	bw       bitWriter
	pix      []byte // the rows being encoded, row y at pix[y*ps:]
	ps       int
	stride   int      // a row's bytes with its filter byte
	recip    uint64   // for streamRow: 2⁶⁴/ps rounded up, or 0 for ps 1
	above    []uint64 // the places of a row that differ from the row above (see rowMask)
}

var deflaters = sync.Pool{New: func() any { return new(deflater) }}

// A token is a literal/length symbol (bits 0-8), the length's extra
// bits' value (9-13), a distance code (14-18: noDist for a literal) and
// its extra bits' value (19-31): writing one takes the same steps for a
// literal and a match, with no branch to mispredict between them.
const (
	noDist = dfDistCodes // the distance code of a literal: nothing written
	litTok = noDist << 14
)

// deflateRows appends to out the raw deflate stream (RFC 1951) of pm's
// rows as a PNG holds them: each after a filter byte 0, and returns it
// with their Adler-32 (RFC 1950). It reads the rows where they are, the
// filter bytes being implied.
func deflateRows(out []byte, pm *image.Paletted) ([]byte, uint32) {
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	var pix []byte
	if w > 0 && h > 0 {
		pix = pm.Pix[pm.PixOffset(pm.Rect.Min.X, pm.Rect.Min.Y):]
	}
	return d.encode(out, pix, pm.Stride, w, h, true)
}

// deflateBand appends to out raw's rows (each stride bytes, its filter
// byte, which must be 0, first) as deflate blocks that refer to nothing
// before them and end on a byte with a sync flush's empty stored block,
// so that bands written one after another, then a final block, make one
// deflate stream (see FinishBands).
func deflateBand(out, raw []byte, stride int) []byte {
	h := len(raw) / stride
	for y := 0; y < h; y++ {
		if raw[y*stride] != 0 {
			panic("render: a band's row with a filter byte other than 0")
		}
	}
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	out, _ = d.encode(out, raw[min(1, len(raw)):], stride, stride-1, h, false)
	return out
}

// encode appends h rows of w bytes, row y at pix[y*ps:], each after an
// implied filter byte 0, to out as one block, the last of the stream if
// final (and then returns their Adler-32 too), else followed by a sync
// flush.
func (d *deflater) encode(out, pix []byte, ps, w, h int, final bool) ([]byte, uint32) {
	sum := d.findMatches(pix, ps, w, h, final)
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
	return out, sum
}

// findMatches turns the rows into d.tokens, greedily taking the longest
// of three candidates at each place: the same place in the row above
// (w+1 back in the stream), the byte before (a run), and the last place
// the next four bytes were seen. Each row is first compared with the row
// above and with itself a byte later, eight bytes at a time and with no
// branch, into two bit masks of the places that differ (rowMasks), from
// which a match with the row above or a run is counted a word at a time.
// A span equal to the row above is taken whole, in matches of 258 bytes,
// running on over the filter byte into the next row while the rows are
// equal. Runs and the last-seen matches stay within their rows, which
// spares the filter bytes a copy of the rows. If sum, it also returns the
// Adler-32 of the rows with their filter bytes, from the same comparing.
func (d *deflater) findMatches(pix []byte, ps, w, h int, sum bool) uint32 {
	// The table's entries from earlier inputs are below base: no need to
	// clear its 256 KB for every band.
	if d.base > 1<<30 {
		clear(d.table[:])
		d.base = 0
	}
	d.base++
	base := d.base
	clear(d.litFreq[:])
	clear(d.distFreq[:])
	lf, df := &d.litFreq, &d.distFreq
	table := &d.table
	toks := d.tokens[:0]
	stride := w + 1
	d.pix, d.ps, d.stride = pix, ps, stride
	var recip uint64 // for streamRow
	if ps > 1 {
		recip = ^uint64(0)/uint64(ps) + 1
	}
	d.recip = recip
	nw := w>>6 + 2
	d.above = slices.Grow(d.above[:0], nw)[:nw]
	adler, own := uint32(1), uint32(0)
	carry := 0 // the length of a match with the row above not yet written, up to the row's start
	for y := 0; y < h; y++ {
		cur := pix[y*ps : y*ps+w : y*ps+w]
		var up []byte
		if y > 0 {
			up = pix[(y-1)*ps : (y-1)*ps+w : (y-1)*ps+w]
		}
		own = d.rowMask(cur, up, own, sum)
		if sum {
			adler = adler32Combine(adler, adler32Combine(1<<16|1, own, w), w+1)
		}
		vrow := y*stride + 1 // cur[0]'s place in the stream
		am := d.above
		x := 0
		if y == 0 {
			toks = append(toks, litTok) // the filter byte
			lf[0]++
		} else {
			x = zerosFrom(d.above, 0)
			carry += 1 + x // the filter byte too
			if x == w {
				continue
			}
			toks = appendCarry(toks, lf, df, pix, ps, stride, vrow+x, carry)
			carry = 0
		}
		lit0 := x // where the literals written last in this row start
		for x < w {
			rem := w - x
			// The row above first: a long match with it is taken as it
			// is, looking no further.
			var la int
			if v := am[x>>6] >> (x & 63); v != 0 {
				la = bits.TrailingZeros64(v)
			} else {
				la = zerosFrom(am, x)
			}
			if la == rem { // and so not the first row
				carry = rem
				break
			}
			if la >= goodMatch {
				toks = appendMatch(toks, lf, df, la, stride)
				x += la
				lit0 = x
				if x+3 <= w {
					cv := binary.LittleEndian.Uint32(cur[x-1:])
					table[hash4(cv)] = uint64(cv)<<32 | uint64(base+y*ps+x-1)
				}
				continue
			}
			bl, bd := 0, 0
			if la >= dfMinMatch {
				bl, bd = la, stride
			}
			if x > 0 && cur[x] == cur[x-1] {
				// A run: its distance is the cheapest to write, so it
				// wins ties.
				if l := eqLen(cur[x:], cur[x-1:]); l >= 3 && l >= bl {
					bl, bd = l, 1
				}
			}
			back := 0 // how many of the literals before a last-seen match repeat too
			if bl < dfMinMatch && rem >= 4 {
				// The last place these four bytes were seen, when
				// neither the row above nor a run repeat them.
				cv := binary.LittleEndian.Uint32(cur[x:])
				hv := hash4(cv)
				e := table[hv]
				table[hv] = uint64(cv)<<32 | uint64(base+y*ps+x)
				// A match found is taken back over the literals before it
				// that it repeats too.
				if p := int(uint32(e)) - base; p >= 0 && uint32(e>>32) == cv {
					py := streamRow(p, recip)
					px := p - py*ps
					if dist := (y-py)*stride + x - px; dist > 1 && dist <= dfWindow && dist != stride {
						if l := eqLen(cur[x:], pix[p:py*ps+w]); l > bl {
							bl, bd = l, dist
							for x-back > lit0 && px-back > 0 && cur[x-back-1] == pix[p-back-1] {
								back++
							}
						}
					}
				}
			}
			if back > 0 {
				// Taken back.
				for _, t := range toks[len(toks)-back:] {
					lf[t&0x1ff]--
				}
				toks = toks[:len(toks)-back]
				x -= back
				bl += back
			}
			if bd != 0 && bd != stride && bl < lazyMatch && x+1 < w && back == 0 {
				// A match that starts one byte later and is longer is
				// worth a literal first (not looked for after a match
				// with the row above, as cheap as matches come).
				if l2, d2 := d.best(cur, y, x+1, bl+1); d2 != 0 {
					b := cur[x]
					toks = append(toks, litTok|uint32(b))
					lf[b]++
					x++
					bl, bd = l2, d2
					if bd == stride && x+bl == w {
						carry = bl
						break
					}
				}
			}
			if bd == 0 {
				b := cur[x]
				toks = append(toks, litTok|uint32(b))
				lf[b]++
				x++
				continue
			}
			toks = appendMatch(toks, lf, df, bl, bd)
			x += bl
			lit0 = x
			// The end of a match is where the next repeat is likeliest to
			// start again: remember it.
			if x+3 <= w {
				cv := binary.LittleEndian.Uint32(cur[x-1:])
				table[hash4(cv)] = uint64(cv)<<32 | uint64(base+y*ps+x-1)
			}
		}
	}
	if carry > 0 {
		toks = appendCarry(toks, lf, df, pix, ps, stride, h*stride, carry)
	}
	d.base += len(pix) + 1
	d.pix = nil
	lf[dfEOB]++
	d.tokens = toks
	return adler
}

// rowMask sets bit x of d.above if cur[x] differs from up[x] (every bit
// if there is no row above), and bit len(cur). It returns the Adler-32
// of cur if sum, from own, that of up: the bytes that differ, weighted
// by their places, change it (see adlerFrom).
func (d *deflater) rowMask(cur, up []byte, own uint32, sum bool) uint32 {
	const mod = 65521
	w := len(cur)
	am := d.above
	if up == nil {
		for i := range am {
			am[i] = ^uint64(0)
		}
		if sum {
			return adler32.Checksum(cur)
		}
		return 0
	}
	up = up[:w]
	if string(cur) == string(up) { // often, and compared quickest so
		clear(am[:w>>6])
		am[w>>6] = 1 << (w & 63)
		return own
	}
	var d1, d2 int64 // the change in each sum of the Adler-32
	var acc uint64
	x := 0
	// 64 bytes at a time, with one branch where they are all equal (a
	// sixth quicker than a branch for every eight).
	for ; x+64 <= w; x += 64 {
		c, u := cur[x:x+64], up[x:x+64]
		x0 := binary.LittleEndian.Uint64(c[0:]) ^ binary.LittleEndian.Uint64(u[0:])
		x1 := binary.LittleEndian.Uint64(c[8:]) ^ binary.LittleEndian.Uint64(u[8:])
		x2 := binary.LittleEndian.Uint64(c[16:]) ^ binary.LittleEndian.Uint64(u[16:])
		x3 := binary.LittleEndian.Uint64(c[24:]) ^ binary.LittleEndian.Uint64(u[24:])
		x4 := binary.LittleEndian.Uint64(c[32:]) ^ binary.LittleEndian.Uint64(u[32:])
		x5 := binary.LittleEndian.Uint64(c[40:]) ^ binary.LittleEndian.Uint64(u[40:])
		x6 := binary.LittleEndian.Uint64(c[48:]) ^ binary.LittleEndian.Uint64(u[48:])
		x7 := binary.LittleEndian.Uint64(c[56:]) ^ binary.LittleEndian.Uint64(u[56:])
		if x0|x1|x2|x3|x4|x5|x6|x7 == 0 {
			am[x>>6] = 0
			continue
		}
		am[x>>6] = byteMask(x0) | byteMask(x1)<<8 | byteMask(x2)<<16 | byteMask(x3)<<24 |
			byteMask(x4)<<32 | byteMask(x5)<<40 | byteMask(x6)<<48 | byteMask(x7)<<56
		if !sum {
			continue
		}
		for k := 0; k < 64; k += 8 {
			if v, a := binary.LittleEndian.Uint64(c[k:]), binary.LittleEndian.Uint64(u[k:]); v != a {
				sx, tx := wordSums(a)
				sy, ty := wordSums(v)
				s := int64(sy) - int64(sx)
				d1 += s
				d2 += int64(w-x-k)*s - (int64(ty) - int64(tx))
			}
		}
	}
	for ; x+8 <= w; x += 8 {
		v, u := binary.LittleEndian.Uint64(cur[x:]), binary.LittleEndian.Uint64(up[x:])
		if v != u {
			acc |= byteMask(v^u) << (x & 63)
			if sum {
				sx, tx := wordSums(u)
				sy, ty := wordSums(v)
				s := int64(sy) - int64(sx)
				d1 += s
				d2 += int64(w-x)*s - (int64(ty) - int64(tx))
			}
		}
	}
	for ; x < w; x++ {
		if b, a := cur[x], up[x]; b != a {
			acc |= 1 << (x & 63)
			dd := int64(b) - int64(a)
			d1 += dd
			d2 += int64(w-x) * dd
		}
	}
	acc |= 1 << (w & 63) // the end of the row
	am[w>>6] = acc
	if !sum {
		return 0
	}
	s1 := (int64(own&0xffff) + d1%mod + mod) % mod
	s2 := (int64(own>>16) + d2%mod + mod) % mod
	return uint32(s2)<<16 | uint32(s1)
}

// streamRow is p/ps, for recip 2⁶⁴/ps rounded up (0 for ps 1): exact for
// p*ps < 2⁶⁴, and a multiplication is quicker than a division.
func streamRow(p int, recip uint64) int {
	if recip == 0 {
		return p
	}
	hi, _ := bits.Mul64(uint64(p), recip)
	return int(hi)
}

// byteMask is the bits (0-7) of x's bytes that are not 0.
func byteMask(x uint64) uint64 {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := ((x & lo7) + lo7 | x) & hi
	return (t >> 7) * 0x0102040810204080 >> 56
}

// zerosFrom is the number of 0 bits in m from bit x to the next 1 (there
// is one).
func zerosFrom(m []uint64, x int) int {
	i := x >> 6
	if v := m[i] >> (x & 63); v != 0 {
		return bits.TrailingZeros64(v)
	}
	n := 64 - x&63
	for i++; m[i] == 0; i++ {
		n += 64
	}
	return n + bits.TrailingZeros64(m[i])
}

// best is the longest match at cur[x] longer than atLeast, and its
// distance, or 0: the same place in the row above, if any, the byte
// before (a run) and the last place the next four bytes were seen, which
// it remembers x as. A match with the row above that reaches the end of
// the row is returned as such (the caller carries it on).
func (d *deflater) best(cur []byte, y, x, atLeast int) (int, int) {
	rem := len(cur) - x
	bl, bd := atLeast, 0
	if l := zerosFrom(d.above, x); l >= dfMinMatch && l > bl {
		if l == rem {
			return l, d.stride
		}
		bl, bd = l, d.stride
	}
	if bl >= goodMatch {
		return bl, bd
	}
	if x > 0 && cur[x] == cur[x-1] {
		// A run: its distance is the cheapest to write, so it wins ties.
		if l := eqLen(cur[x:], cur[x-1:]); l >= 3 && (l > bl || l == bl && bd != 0) {
			bl, bd = l, 1
		}
	}
	if bl < goodMatch && rem >= 4 {
		cv := binary.LittleEndian.Uint32(cur[x:])
		hv := hash4(cv)
		e := d.table[hv]
		ps, base := d.ps, d.base
		d.table[hv] = uint64(cv)<<32 | uint64(base+y*ps+x)
		if p := int(uint32(e)) - base; p >= 0 && uint32(e>>32) == cv {
			py := streamRow(p, d.recip)
			px := p - py*ps
			stride := d.stride
			if dist := (y-py)*stride + x - px; dist > 1 && dist <= dfWindow && dist != stride {
				if l := eqLen(cur[x:], d.pix[p:py*ps+len(cur)]); l > bl {
					bl, bd = l, dist
				}
			}
		}
	}
	if bd == 0 {
		return 0, 0
	}
	return bl, bd
}

// appendCarry appends the n bytes before place v in the stream, equal to
// those a row before: as a match if long enough, else as literals.
func appendCarry(toks []uint32, lf *[dfLitCodes]int32, df *[dfDistCodes]int32, pix []byte, ps, stride, v, n int) []uint32 {
	if n >= dfMinMatch {
		return appendMatch(toks, lf, df, n, stride)
	}
	for p := v - n; p < v; p++ {
		var b byte // a filter byte
		if r, c := p/stride, p%stride; c > 0 {
			b = pix[r*ps+c-1]
		}
		toks = append(toks, litTok|uint32(b))
		lf[b]++
	}
	return toks
}

// appendMatch appends a match of n bytes (3 or more) at distance dist,
// in pieces of at most 258 bytes.
func appendMatch(toks []uint32, lf *[dfLitCodes]int32, df *[dfDistCodes]int32, n, dist int) []uint32 {
	dd := uint32(dist - 1)
	var dc uint32
	if dd < 256 {
		dc = uint32(distCodeLo[dd])
	} else {
		dc = uint32(distCodeHi[dd>>7])
	}
	dt := dc<<14 | (dd-uint32(distBase[dc]))<<19
	for n > 0 {
		k := min(n, dfMaxMatch)
		if r := n - k; r > 0 && r < 3 {
			k = n - 3
		}
		l := uint32(k - 3)
		lc := uint32(lenCode[l])
		toks = append(toks, dt|(257+lc)|(l-uint32(lenBase[lc]))<<9)
		lf[257+lc]++
		df[dc]++
		n -= k
	}
	return toks
}

func hash4(v uint32) uint32 {
	return (v * 2654435761) >> (32 - dfHashBits)
}

// eqLen is how many bytes a and b have equal from their start, compared
// eight at a time.
func eqLen(a, b []byte) int {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	i := 0
	for i+8 <= n {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// The codes of lengths and distances (RFC 1951, 3.2.5): each code's first
// value and number of extra bits, and the code of each length-3 and of
// each distance-1 (below 256 directly, above by its bits from the 8th).
var (
	lenBase    [29]uint16
	lenExtra   [29]uint8
	distBase   [30]uint16
	distExtra  [30]uint8
	lenCode    [256]uint8
	distCodeLo [256]uint8
	distCodeHi [256]uint8
)

func init() {
	b := 0
	for c := range 28 {
		nb := 0
		if c >= 8 {
			nb = c/4 - 1
		}
		lenBase[c], lenExtra[c] = uint16(b), uint8(nb)
		for range 1 << nb {
			lenCode[b] = uint8(c)
			b++
		}
	}
	lenBase[28], lenExtra[28] = 255, 0 // length 258 has its own code
	lenCode[255] = 28
	b = 0
	for c := range 30 {
		nb := 0
		if c >= 4 {
			nb = c/2 - 1
		}
		distBase[c], distExtra[c] = uint16(b), uint8(nb)
		for range 1 << nb {
			if b < 256 {
				distCodeLo[b] = uint8(c)
			} else {
				distCodeHi[b>>7] = uint8(c)
			}
			b++
		}
	}
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
	d.writeTokens()
	bw.write(uint64(d.litCode[dfEOB]), uint(d.litLen[dfEOB]))
}

// writeTokens writes d.tokens with the block's codes, into room made
// beforehand for all their bits, eight bytes at a time: a token's bits
// (at most 48) are added to those not yet written (at most 7), then the
// whole bytes among them are written at once, with no branch.
func (d *deflater) writeTokens() {
	bw := &d.bw
	// The tokens' bits, counted from the symbols' frequencies.
	nbits := 0
	for s, f := range d.litFreq[:dfEOB] {
		nbits += int(f) * int(d.litLen[s])
	}
	// Each symbol's code, the code's length above bit 16 and with the
	// extra bits' above bit 24.
	var lsym [512]uint32 // as many as nine bits index, so that none is checked
	for s := range dfLitCodes {
		nb := int(d.litLen[s])
		if s > dfEOB {
			nb += int(lenExtra[s-dfEOB-1])
			nbits += int(d.litFreq[s]) * nb
		}
		lsym[s] = uint32(d.litCode[s]) | uint32(d.litLen[s])<<16 | uint32(nb)<<24
	}
	var dsym [noDist + 2]uint32 // noDist's, and one more for masking (31), write nothing
	for c := range dfDistCodes {
		nb := int(d.distLen[c]) + int(distExtra[c])
		nbits += int(d.distFreq[c]) * nb
		dsym[c] = uint32(d.distCode[c]) | uint32(d.distLen[c])<<16 | uint32(nb)<<24
	}
	out := bw.out
	o := len(out)
	out = slices.Grow(out, nbits/8+16)
	out = out[:cap(out)]
	acc, n := bw.acc, bw.n
	// Whole bytes first, so that fewer than 8 bits are pending.
	for n >= 8 {
		out[o] = byte(acc)
		o++
		acc >>= 8
		n -= 8
	}
	for _, t := range d.tokens {
		e := lsym[t&0x1ff]
		acc |= (uint64(e&0xffff) | uint64(t>>9&31)<<(e>>16&0xff)) << n
		n += uint(e >> 24)
		e = dsym[t>>14&31]
		acc |= (uint64(e&0xffff) | uint64(t>>19)<<(e>>16&0xff)) << n
		n += uint(e >> 24)
		binary.LittleEndian.PutUint64(out[o:], acc)
		k := n >> 3
		o += int(k)
		acc >>= k * 8
		n &= 7
	}
	bw.out, bw.acc, bw.n = out[:o], acc, n
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
