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
	// found by comparing.
	sum, rowSum := uint32(1), uint32(0)
	filter := []byte{0}
	for y := 0; y < h; y++ {
		row := pm.Pix[y*pm.Stride : y*pm.Stride+w]
		if y == 0 || !bytes.Equal(row, pm.Pix[(y-1)*pm.Stride:(y-1)*pm.Stride+w]) {
			rowSum = adler32Combine(1<<16|1, adler32.Checksum(row), w) // after the filter byte 0, whose sum is 1<<16|1
		}
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
	chunk(out, "IDAT", z.idat.Bytes())
	chunk(out, "IEND", nil)
	return nil
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
