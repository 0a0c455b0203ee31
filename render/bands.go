package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"sync"
)

// A picture that a player sees again and again with small changes (the
// workbench's shelves, redrawn at every click) can be written band by
// band: BandRows rows at a time, each band compressed on its own by a
// fresh compressor and ended with a sync flush, so that its bytes depend
// on nothing before it. The PNG's zlib stream is then the bands one after
// another, an empty final block and the Adler-32 of the whole, combined
// from the bands' own. A band whose content was written before is taken
// from a BandCache by a key that names its content, and neither drawn,
// mapped nor compressed again. Such a picture decodes to exactly the
// pixels and palette Finish would give; its bytes differ. Each band
// starts its own codes, ends with a flush and cannot refer to the rows
// above it, which at Finish's level 3 made the shelves a tenth larger:
// bands are compressed by Rows (deflateBand), which keeps them within a
// few per cent of Finish's size. Rows took 0.87 of klauspost's level 5's
// time per click and made pictures 3 % smaller (BenchmarkShelvingClicks,
// incremental).

// BandRows is the height of a band: a row of tiles (see Canvas.Mark).
const BandRows = tileH

// BandKey names what a band shows: bands with equal keys must have equal
// palette indices, so a key must be made from everything the band's
// pixels depend on, with a hash strong enough that two contents never
// meet (128 bits).
type BandKey [2]uint64

// Band is one band of a picture, compressed on its own.
type Band struct {
	z     []byte // deflate blocks ending in a sync flush
	adler uint32 // of the band's raw rows (filter byte and indices)
	n     int    // the raw rows' length
}

// Ok reports whether b holds a band (the zero Band does not).
func (b Band) Ok() bool { return b.z != nil }

// BandCache keeps compressed bands by key, forgetting the least recently
// used beyond a bound in bytes. It is safe for concurrent use.
type BandCache struct{ l *lru[BandKey, Band] }

// NewBandCache returns a cache of at most maxBytes of compressed bands.
func NewBandCache(maxBytes int) *BandCache {
	return &BandCache{l: newLRU[BandKey, Band](maxBytes, func(b Band) int { return len(b.z) + 96 })}
}

// Get returns the band kept under k.
func (bc *BandCache) Get(k BandKey) (Band, bool) { return bc.l.get(k) }

// Usage returns the bytes the cache holds and its number of bands.
func (bc *BandCache) Usage() (bytes, bands int) { return bc.l.usage() }

// Bands returns how many bands a picture h rows tall has.
func Bands(h int) int { return (h + BandRows - 1) / BandRows }

// ErrSmallest is returned by FinishBands for a palette with the Smallest
// or Compact option, whose pictures' palette depends on the whole picture.
var ErrSmallest = errors.New("render: pictures of a Smallest palette cannot be written in bands")

// bandState is what writing one band needs: the raw rows and the
// compressed bytes.
type bandState struct {
	raw []byte
	z   []byte
}

var bandPool = sync.Pool{New: func() any { return &bandState{} }}

// FinishBands encodes the picture drawn on c (started by Palette.Start or
// Blank) with its alt text, band by band, and recycles the canvas, which
// is unusable after it. keys[i] names band i; where have[i] holds a band
// (from cache.Get), it is used as it is, and its rows on c are not read:
// whatever was drawn there does not matter. The other bands are mapped
// from c, compressed, and put in cache (when it is not nil). The
// picture's layout record holds only the text drawn on c.
func FinishBands(c *Canvas, alt string, keys []BandKey, have []Band, cache *BandCache) (Picture, error) {
	if c.pal == nil {
		return Picture{}, errors.New("render: FinishBands needs a canvas from Palette.Start or Blank")
	}
	defer func() {
		c.Release()
		putRGBA(c.Img)
		if c.pm != nil {
			putPaletted(c.pm)
			c.pm = nil
		}
	}()
	if c.pal.compact {
		return Picture{}, ErrSmallest
	}
	w, h := c.Img.Rect.Dx(), c.Img.Rect.Dy()
	n := Bands(h)
	if len(keys) != n || len(have) != n {
		return Picture{}, errors.New("render: FinishBands needs a key and a slot for each band")
	}
	bands := make([]Band, n)
	for i := range bands {
		if have[i].Ok() {
			bands[i] = have[i]
			continue
		}
		b, err := encodeBand(c, i)
		if err != nil {
			return Picture{}, err
		}
		bands[i] = b
		if cache != nil {
			cache.l.put(keys[i], b)
		}
	}
	png := assembleBands(c.pal.quant().pal, w, h, bands)
	return Picture{PNG: png, Alt: Clip(alt, AltLimit), Width: w, Height: h, layout: c.record}, nil
}

// encodeBand maps band i of c onto its palette and compresses it. As
// encodeCanvas does, the band's tiles nobody drew on take the frame's
// tiles' indices, and those only sprites were copied onto the indices
// already in c.pm; only the others are mapped.
func encodeBand(c *Canvas, i int) (Band, error) {
	q := c.pal.quant()
	w, h := c.Img.Rect.Dx(), c.Img.Rect.Dy()
	y0, y1 := i*BandRows, min(h, (i+1)*BandRows)
	s := bandPool.Get().(*bandState)
	defer bandPool.Put(s)
	if need := (y1 - y0) * (w + 1); cap(s.raw) < need {
		s.raw = make([]byte, need)
	} else {
		s.raw = s.raw[:need]
	}
	// The rows of raw are w+1 bytes apart, each after its filter byte.
	for y := y0; y < y1; y++ {
		s.raw[(y-y0)*(w+1)] = 0 // no filter, as writePaletted
	}
	if c.dirty == nil {
		c.Mark(image.Rect(0, y0, w, y1))
	}
	for tx := 0; tx*tileW < w; {
		x0 := tx * tileW
		t := i*c.tw + tx
		switch {
		case c.dirty != nil && !c.dirty[t]:
			// A clean tile: the frame's, already mapped.
			c.frame.tiles[t].indicesInto(c.pal, s.raw, 1+x0, w+1)
			tx++
			continue
		case c.pmOK != nil && c.pmOK[t]:
			for y := y0; y < y1; y++ {
				copy(s.raw[(y-y0)*(w+1)+1+x0:(y-y0)*(w+1)+1+min(w, x0+tileW)], c.pm.Pix[y*c.pm.Stride+x0:])
			}
			tx++
			continue
		}
		// A run of tiles drawn on, mapped at once.
		end := tx + 1
		for end*tileW < w && (c.dirty == nil || c.dirty[i*c.tw+end]) && (c.pmOK == nil || !c.pmOK[i*c.tw+end]) {
			end++
		}
		x1 := min(w, end*tileW)
		for y := y0; y < y1; y++ {
			row := (y-y0)*(w+1) + 1
			q.mapRow(s.raw[row+x0:row+x1], c.Img.Pix[y*c.Img.Stride+4*x0:y*c.Img.Stride+4*x1])
		}
		tx = end
	}
	s.z = deflateBand(s.z[:0], s.raw, w+1)
	return Band{z: bytes.Clone(s.z), adler: adler32Of(s.raw), n: len(s.raw)}, nil
}

// mapRow maps one row of opaque RGBA pixels onto palette indices, as
// mapRect does, eight pixels a step: eight that all equal the pixel
// before them take its index (most of a row is flat), and the others
// are each looked up, without a branch per pixel, which edges and text
// mispredicted (0.56 of the time over the golden pictures' rows).
func (q *quantizer) mapRow(d, s []byte) {
	s = s[:4*len(d)]
	prev, idx := uint32(1), uint8(0) // 1 is no opaque pixel's value
	x := 0
	for ; x+8 <= len(d); x += 8 {
		p := s[4*x : 4*x+32 : 4*x+32]
		pp := uint64(prev)<<32 | uint64(prev)
		if binary.LittleEndian.Uint64(p) == pp && binary.LittleEndian.Uint64(p[8:]) == pp &&
			binary.LittleEndian.Uint64(p[16:]) == pp && binary.LittleEndian.Uint64(p[24:]) == pp {
			// Eight pixels of the colour before them.
			binary.LittleEndian.PutUint64(d[x:], uint64(idx)*0x0101010101010101)
			continue
		}
		// Pixels of several colours: each looked up, without a branch
		// that edges would mispredict.
		var w uint64
		for i := range 8 {
			w |= uint64(q.index(binary.LittleEndian.Uint32(p[4*i:]))) << (8 * i)
		}
		binary.LittleEndian.PutUint64(d[x:], w)
		prev, idx = binary.LittleEndian.Uint32(p[28:]), uint8(w>>56)
	}
	for ; x < len(d); x++ {
		if v := binary.LittleEndian.Uint32(s[4*x:]); v != prev {
			prev, idx = v, q.index(v)
		}
		d[x] = idx
	}
}

// index is the palette index of the opaque pixel v (R in its low byte).
func (q *quantizer) index(v uint32) uint8 {
	return q.lut[(v>>(8-lutBits)&(1<<lutBits-1))<<(2*lutBits)|(v>>(16-lutBits)&(1<<lutBits-1))<<lutBits|(v>>(24-lutBits)&(1<<lutBits-1))]
}

// zlibHeader is the zlib header of a picture in bands: deflate with a
// 32 KB window (its level field, 1, only informs).
var zlibHeader = [2]byte{0x78, 0x5e}

// finalBlock is an empty final deflate block (fixed codes, end of block).
var finalBlock = [2]byte{0x03, 0x00}

// assembleBands writes the PNG of a w×h paletted picture whose rows are
// compressed in bands: one IDAT chunk holding the zlib header, the bands,
// an empty final block and the Adler-32 combined from the bands'.
func assembleBands(pal color.Palette, w, h int, bands []Band) []byte {
	size := 2 + len(finalBlock) + 4
	sum := uint32(1) // the Adler-32 of nothing
	for _, b := range bands {
		size += len(b.z)
		sum = adler32Combine(sum, b.adler, b.n)
	}
	out := make([]byte, 0, 8+25+12+3*len(pal)+12+size+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8], hdr[9] = 8, 3 // 8 bits per index, palette colour
	out = appendChunk(out, "IHDR", hdr[:])
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	out = appendChunk(out, "PLTE", plte)
	out = binary.BigEndian.AppendUint32(out, uint32(size))
	start := len(out)
	out = append(out, "IDAT"...)
	out = append(out, zlibHeader[:]...)
	for _, b := range bands {
		out = append(out, b.z...)
	}
	out = append(out, finalBlock[:]...)
	out = binary.BigEndian.AppendUint32(out, sum)
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
	return appendChunk(out, "IEND", nil)
}

// appendChunk appends one PNG chunk: length, type, data and CRC.
func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// adler32Of is hash/adler32.Checksum taking eight bytes a step: over
// them the sum of sums grows by eight times the running sum plus each
// byte weighted by how many steps it is counted in, which does not wait
// for one byte's sum before the next (twice as fast).
func adler32Of(p []byte) uint32 {
	const mod = 65521
	// The most bytes before the sums must be reduced, a multiple of 8 (as
	// hash/adler32's nmax, 5552).
	const nmax = 5552
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		for ; len(q) >= 8; q = q[8:] {
			b0, b1, b2, b3 := uint32(q[0]), uint32(q[1]), uint32(q[2]), uint32(q[3])
			b4, b5, b6, b7 := uint32(q[4]), uint32(q[5]), uint32(q[6]), uint32(q[7])
			s2 += 8*s1 + 8*b0 + 7*b1 + 6*b2 + 5*b3 + 4*b4 + 3*b5 + 2*b6 + b7
			s1 += b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}

// adler32Combine returns the Adler-32 of a||b from a's checksum s1, b's
// checksum s2 and b's length n (zlib's adler32_combine).
func adler32Combine(s1, s2 uint32, n int) uint32 {
	const mod = 65521
	rem := uint32(n % mod)
	lo1 := s1 & 0xffff
	sum2 := rem * lo1 % mod
	lo := lo1 + (s2 & 0xffff) + mod - 1
	hi := (s1 >> 16) + (s2 >> 16) + mod - rem + sum2
	if lo >= mod {
		lo -= mod
	}
	if lo >= mod {
		lo -= mod
	}
	if hi >= mod<<1 {
		hi -= mod << 1
	}
	if hi >= mod {
		hi -= mod
	}
	return hi<<16 | lo
}

// DrawnRows returns the rows of the tiles drawn on since Palette.Start,
// y0 == y1 when none: a picture cut in bands needs each part of it to
// say which rows it reaches, and this checks the claim.
func (c *Canvas) DrawnRows() (y0, y1 int) {
	first, last := -1, -1
	for i, d := range c.dirty {
		if d {
			if first < 0 {
				first = i / c.tw
			}
			last = i / c.tw
		}
	}
	if first < 0 {
		return 0, 0
	}
	return first * tileH, min(c.Img.Rect.Dy(), (last+1)*tileH)
}
