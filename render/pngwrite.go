package render

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"sync"

	"github.com/klauspost/compress/flate"
)

// writePaletted writes an 8-bit paletted PNG. image/png offers only four
// compression levels and the standard library's deflate; klauspost's
// deflate at level 3 compresses these pictures to about the same size in
// about half the time, and writing rows straight from the picture saves
// the encoder's copy of each row. level is the deflate level (see Level).
func writePaletted(out *bytes.Buffer, pm *image.Paletted, level int) error {
	if level == Rows {
		return writeRows(out, pm)
	}
	pool := &zPools[level-HuffmanOnly]
	z := pool.Get().(*zstate)
	defer pool.Put(z)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	z.idat.Reset()
	z.idat.Write(zlibHeaderOf(level))
	z.w.Reset(&z.idat)
	// Each row after its filter byte (none: it does not help palette
	// indices). The Adler-32 of the rows is taken row by row and combined
	// (adler32Combine): a row equal to the one above has its checksum,
	// found by comparing, and one that differs from it in places has the
	// checksum of the row above changed by what differs (adlerFrom).
	sum, rowSum, own := uint32(1), uint32(0), uint32(0)
	filter := []byte{0}
	for y := 0; y < h; y++ {
		row := pm.Pix[y*pm.Stride : y*pm.Stride+w]
		if y == 0 {
			own = adler32.Checksum(row)
		} else if above := pm.Pix[(y-1)*pm.Stride : (y-1)*pm.Stride+w]; !bytes.Equal(row, above) {
			own = adlerFrom(own, above, row)
		}
		rowSum = adler32Combine(1<<16|1, own, w) // after the filter byte 0, whose sum is 1<<16|1
		sum = adler32Combine(sum, rowSum, w+1)
		z.w.Write(filter)
		if _, err := z.w.Write(row); err != nil {
			return err
		}
	}
	if err := z.w.Close(); err != nil {
		return err
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum)
	z.idat.Write(tail[:])
	writeChunks(out, pm, z.idat.Bytes())
	return nil
}

// writeRows writes pm as writePaletted does, its rows compressed by
// deflateRows, which also takes their Adler-32.
func writeRows(out *bytes.Buffer, pm *image.Paletted) error {
	idat := idatPool.Get().(*[]byte)
	defer idatPool.Put(idat)
	b := append((*idat)[:0], zlibHeaderOf(1)...)
	b, sum := deflateRows(b, pm)
	b = binary.BigEndian.AppendUint32(b, sum)
	*idat = b
	writeChunks(out, pm, b)
	return nil
}

var idatPool = sync.Pool{New: func() any { return new([]byte) }}

// writeChunks writes the PNG of pm's size and palette around idat, its
// compressed rows.
func writeChunks(out *bytes.Buffer, pm *image.Paletted, idat []byte) {
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	out.WriteString("\x89PNG\r\n\x1a\n")
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8], hdr[9] = 8, 3 // 8 bits per index, palette colour
	chunk(out, "IHDR", hdr[:])
	plte := make([]byte, 0, 3*len(pm.Palette))
	for _, c := range pm.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	chunk(out, "PLTE", plte)
	chunk(out, "IDAT", idat)
	chunk(out, "IEND", nil)
}

// zlibHeaderOf is the zlib header klauspost's zlib writer writes for a
// deflate level (RFC 1950: a 32 KB window, deflate, the level's class and
// a check), so that the bytes are those it wrote.
func zlibHeaderOf(level int) []byte {
	h := [2]byte{0x78, 0}
	switch level {
	case HuffmanOnly, 0, 1:
		h[1] = 0 << 6
	case 2, 3, 4, 5:
		h[1] = 1 << 6
	case 6, -1:
		h[1] = 2 << 6
	default:
		h[1] = 3 << 6
	}
	h[1] += uint8(31 - binary.BigEndian.Uint16(h[:])%31)
	return h[:]
}

// chunk writes one PNG chunk: length, type, data and CRC.
func chunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// zstate is a reusable compressor and its output; a deflate writer holds
// about a megabyte of tables, too much to allocate per picture.
type zstate struct {
	w    *flate.Writer
	idat bytes.Buffer
}

// zPools keep compressors by deflate level, from HuffmanOnly to 9.
var zPools [10 - HuffmanOnly]sync.Pool

func init() {
	for i := range zPools {
		level := i + HuffmanOnly
		zPools[i].New = func() any { return newZstate(level) }
	}
}

func newZstate(level int) *zstate {
	z := &zstate{}
	z.w, _ = flate.NewWriter(&z.idat, level)
	return z
}

// adlerFrom returns the Adler-32 of b from sum, the Adler-32 of a, as
// long as b: over n bytes, the first sum is 1 and the bytes, the second n
// and each byte i counted n-i times, so each differs by the bytes that
// differ, weighted so. Rows of a picture mostly differ from the row above
// in a few places (text, an edge): compared eight bytes at a time, and
// the words that differ summed eight bytes at a time (wordSums), which is
// about twice as fast as summing the row again.
func adlerFrom(sum uint32, a, b []byte) uint32 {
	const mod = 65521
	n := len(b)
	a = a[:n]
	var d1, d2 int64 // the change in each sum
	i := 0
	for ; i+8 <= n; i += 8 {
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		if x == y {
			continue
		}
		sx, tx := wordSums(x)
		sy, ty := wordSums(y)
		s := int64(sy) - int64(sx)
		d1 += s
		d2 += int64(n-i)*s - (int64(ty) - int64(tx))
	}
	for ; i < n; i++ {
		d := int64(b[i]) - int64(a[i])
		d1 += d
		d2 += int64(n-i) * d
	}
	s1 := (int64(sum&0xffff) + d1%mod + mod) % mod
	s2 := (int64(sum>>16) + d2%mod + mod) % mod
	return uint32(s2)<<16 | uint32(s1)
}

// wordSums returns the sum of the eight bytes of x (the first in its low
// byte), and the sum of each weighted by its place, 0 to 7: the bytes are
// added in pairs into four 16-bit lanes, which a multiplication sums
// (with weights, for the second) into its top lane, none overflowing.
func wordSums(x uint64) (s, t uint64) {
	const m = 0x00ff00ff00ff00ff
	even, odd := x&m, x>>8&m // bytes 0, 2, 4, 6 and 1, 3, 5, 7
	pairs := even + odd      // lane k: bytes 2k and 2k+1
	s = pairs * 0x0001000100010001 >> 48
	// Byte 2k weighs 2k, byte 2k+1 2k+1: twice lane k's weight k, plus
	// the odd bytes once.
	t = 2*(pairs*0x0000000100020003>>48) + odd*0x0001000100010001>>48
	return s, t
}
