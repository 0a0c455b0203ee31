package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"sync"

	"github.com/klauspost/compress/zlib"
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
	z.idat.Reset()
	z.w.Reset(&z.idat)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	filter := []byte{0} // no filter: it does not help palette indices
	for y := 0; y < h; y++ {
		z.w.Write(filter)
		if _, err := z.w.Write(pm.Pix[y*pm.Stride : y*pm.Stride+w]); err != nil {
			return err
		}
	}
	if err := z.w.Close(); err != nil {
		return err
	}
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

// zstate is a reusable compressor and its output; a zlib writer holds
// about a megabyte of tables, too much to allocate per picture.
type zstate struct {
	w    *zlib.Writer
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
	z.w, _ = zlib.NewWriterLevel(&z.idat, level)
	return z
}
