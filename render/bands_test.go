package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"atheneum/i18n"
)

func TestAdlerCombineIsTheChecksumOfTheWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		a := make([]byte, rng.IntN(70000))
		b := make([]byte, rng.IntN(70000))
		for j := range a {
			a[j] = byte(rng.IntN(256))
		}
		for j := range b {
			b[j] = byte(rng.IntN(4)) // long runs, as pictures have
		}
		got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b))
		if want := adler32.Checksum(append(slices.Clone(a), b...)); got != want {
			t.Fatalf("%d+%d bytes: combined %08x, whole %08x", len(a), len(b), got, want)
		}
	}
}

// The test pictures are 330×251 pixels: not a whole number of bands.
const bandsTestW, bandsTestH = 330, 251

func TestAdler32OfIsHashAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 7, 8, 9, 5551, 5552, 5553, 11104, 11111, 70000} {
		for _, top := range []int{256, 2} { // any bytes, and the long runs of pictures
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(rng.IntN(top))
				if top == 256 && i%3 == 0 {
					p[i] = 0xff // the largest sums
				}
			}
			if got, want := adler32Of(p), adler32.Checksum(p); got != want {
				t.Errorf("%d bytes: %08x, hash/adler32 says %08x", n, got, want)
			}
		}
	}
}

// bandsTestPicture draws the same things on a canvas started from a
// frame: text, a rounded rectangle and a dashed outline, moved by shift.
func bandsTestPicture(p *Palette, shift int) *Canvas {
	c := bandsTestStart(p, bandsTestW, bandsTestH)
	c.TextMid("Atheneum", 150, float64(60+shift), Sans(28), Ink)
	c.FillRR(Rect(40, 100+shift, 120, 50), 8, Brass)
	Dashed(c, Rect(200, 90, 60, 80), 3, Red)
	c.Text("a line in the frame's last band", 20, float64(bandsTestH-12), Cond(17), InkSoft, 0)
	return c
}

var bandsTestFrames SpriteCache

// bandsTestStart starts a canvas on a w×h frame kept as pictures keep
// theirs.
func bandsTestStart(p *Palette, w, h int) *Canvas {
	f := bandsTestFrames.Get(image.Pt(w, h), func() *image.RGBA {
		c := NewFrame(w, h, i18n.English)
		defer c.Release()
		c.Fill(image.Rect(Margin, 40, w-Margin, 42), ParchmentDark)
		return c.Img
	})
	return p.Start(f, i18n.English)
}

// TestAPictureInBandsDecodesToFinishsPixels writes pictures band by band,
// first all drawn, then with most bands from the cache, and checks that
// each decodes (checksums included) to the pixels and palette of the same
// drawing written by Finish, at most 40 bytes a band larger.
func TestAPictureInBandsDecodesToFinishsPixels(t *testing.T) {
	p := NewPalette(BaseColors(), BaseRamps())
	n := Bands(bandsTestH)
	cache := NewBandCache(1 << 20)
	keys := func(shift int) []BandKey {
		k := make([]BandKey, n)
		for i := range k {
			// The text and the box move with shift, and stay within the
			// first ten bands.
			k[i] = BandKey{uint64(i), 0}
			if i < 10 {
				k[i][1] = uint64(shift) + 1
			}
		}
		return k
	}
	// The first picture is all new; the second shares the bands past the
	// tenth; the third is the first again.
	for pass, shift := range []int{0, 7, 0} {
		want, err := Finish(bandsTestPicture(p, shift), "alt")
		if err != nil {
			t.Fatal(err)
		}
		ks := keys(shift)
		have := make([]Band, n)
		cached := 0
		for i, k := range ks {
			if have[i], _ = cache.Get(k); have[i].Ok() {
				cached++
			}
		}
		if wantCached := []int{0, n - 10, n}[pass]; cached != wantCached {
			t.Errorf("picture %d: %d bands from the cache, want %d", pass+1, cached, wantCached)
		}
		c := bandsTestPicture(p, shift)
		for i := range have {
			if have[i].Ok() {
				// A band taken from the cache is not read from the canvas.
				c.Fill(image.Rect(0, i*BandRows, bandsTestW, min(bandsTestH, (i+1)*BandRows)), White)
			}
		}
		got, err := FinishBands(c, "alt", ks, have, cache)
		if err != nil {
			t.Fatal(err)
		}
		samePixels(t, got.PNG, want.PNG)
		checkZlib(t, got.PNG)
		// Each band starts its own codes and ends with a flush.
		if len(got.PNG) > len(want.PNG)+40*n {
			t.Errorf("%d bytes in %d bands, %d in one stream", len(got.PNG), n, len(want.PNG))
		}
	}
}

// samePixels fails unless both PNGs decode to the same paletted picture.
func samePixels(t *testing.T, got, want []byte) {
	t.Helper()
	g, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("the picture in bands does not decode: %v", err)
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	gp, ok1 := g.(*image.Paletted)
	wp, ok2 := w.(*image.Paletted)
	if !ok1 || !ok2 || gp.Rect != wp.Rect || !bytes.Equal(gp.Pix, wp.Pix) || len(gp.Palette) != len(wp.Palette) {
		t.Fatal("the picture in bands decodes to other pixels")
	}
	for i := range gp.Palette {
		if gp.Palette[i] != wp.Palette[i] {
			t.Fatalf("palette colour %d is %v, not %v", i, gp.Palette[i], wp.Palette[i])
		}
	}
}

// checkZlib reads the PNG's image data to its end, which checks its
// Adler-32, and the chunks' CRCs.
func checkZlib(t *testing.T, b []byte) {
	t.Helper()
	var idat []byte
	for r := b[8:]; len(r) >= 12; {
		n := binary.BigEndian.Uint32(r)
		typ, data := string(r[4:8]), r[8:8+n]
		if crc := binary.BigEndian.Uint32(r[8+n:]); crc != crcOf(r[4:8+n]) {
			t.Fatalf("chunk %s: bad CRC", typ)
		}
		if typ == "IDAT" {
			idat = append(idat, data...)
		}
		r = r[12+n:]
	}
	z, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(z); err != nil {
		t.Fatalf("the image data does not read to its end: %v", err)
	}
}

func crcOf(b []byte) uint32 {
	out := appendChunk(nil, string(b[:4]), b[4:])
	return binary.BigEndian.Uint32(out[len(out)-4:])
}

// TestTheBandCacheKeepsItsBound writes pictures of many bands into a
// cache that holds only a few: it keeps to its bytes, and a picture
// written without a cache is the same.
func TestTheBandCacheKeepsItsBound(t *testing.T) {
	p := NewPalette(BaseColors(), BaseRamps())
	n := Bands(bandsTestH)
	cache := NewBandCache(2 << 10)
	var first []byte
	for shift := 0; shift < 5; shift++ {
		keys := make([]BandKey, n)
		for i := range keys {
			keys[i] = BandKey{uint64(i), uint64(shift)}
		}
		got, err := FinishBands(bandsTestPicture(p, shift), "", keys, make([]Band, n), cache)
		if err != nil {
			t.Fatal(err)
		}
		if held, _ := cache.Usage(); held > 2<<10 {
			t.Fatalf("the cache holds %d bytes, over its 2 KB", held)
		}
		if shift == 0 {
			first = got.PNG
		}
	}
	none, err := FinishBands(bandsTestPicture(p, 0), "", make([]BandKey, n), make([]Band, n), nil)
	if err != nil || !bytes.Equal(none.PNG, first) {
		t.Errorf("without a cache: %v, same bytes %v", err, bytes.Equal(none.PNG, first))
	}
}

func TestFinishBandsRefusesWhatItCannotWrite(t *testing.T) {
	small := NewPalette(BaseColors(), BaseRamps(), Smallest())
	c := bandsTestStart(small, 100, 40)
	if _, err := FinishBands(c, "", make([]BandKey, 3), make([]Band, 3), NewBandCache(1<<10)); err != ErrSmallest {
		t.Errorf("a Smallest palette: %v", err)
	}
	p := NewPalette(BaseColors(), BaseRamps())
	c = bandsTestStart(p, 100, 40)
	if _, err := FinishBands(c, "", make([]BandKey, 2), make([]Band, 2), NewBandCache(1<<10)); err == nil {
		t.Error("too few keys for the bands were taken")
	}
	var sprite Canvas // not started from a palette
	if _, err := FinishBands(&sprite, "", nil, nil, nil); err == nil {
		t.Error("a canvas without a palette was written")
	}
}

// TestMapRowMapsAsMapRect: the rows of a band are mapped four pixels at a
// time where they can.
func TestMapRowMapsAsMapRect(t *testing.T) {
	q := NewPalette(BaseColors(), BaseRamps()).quant()
	rng := rand.New(rand.NewPCG(5, 6))
	src := image.NewRGBA(image.Rect(0, 0, 203, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 203; {
			// Runs of one colour, of random lengths, some single pixels.
			c := [4]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), 0xff}
			for n := 1 + rng.IntN(1+y%9*3); n > 0 && x < 203; n-- {
				copy(src.Pix[y*src.Stride+4*x:], c[:])
				x++
			}
		}
	}
	want := image.NewPaletted(src.Rect, q.pal)
	q.toPaletted(src, want)
	got := make([]byte, 203)
	for y := 0; y < 40; y++ {
		for _, x0 := range []int{0, 3, 64} {
			q.mapRow(got[x0:], src.Pix[y*src.Stride+4*x0:y*src.Stride+4*203])
			if !bytes.Equal(got[x0:], want.Pix[y*want.Stride+x0:y*want.Stride+203]) {
				t.Fatalf("row %d from %d maps otherwise", y, x0)
			}
		}
	}
}

func TestAdlerFromIsTheChecksumOfTheNewRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 2000 {
		n := rng.IntN(1200)
		if i%100 == 0 {
			n = 20000 // past the length at which adler32 reduces its sums
		}
		a := make([]byte, n)
		for k := range a {
			a[k] = byte(rng.IntN(256))
		}
		b := bytes.Clone(a)
		switch i % 3 {
		case 0: // a few places
			for range rng.IntN(5) {
				if n > 0 {
					k := rng.IntN(n)
					for j := k; j < min(n, k+rng.IntN(20)); j++ {
						b[j] = byte(rng.IntN(256))
					}
				}
			}
		case 1: // everywhere, to the extremes
			for k := range b {
				b[k] = byte(rng.IntN(2) * 255)
			}
		default:
			for k := range b {
				b[k] = byte(rng.IntN(256))
			}
		}
		if got, want := adlerFrom(adler32.Checksum(a), a, b), adler32.Checksum(b); got != want {
			t.Fatalf("case %d, %d bytes: %08x, want %08x", i, n, got, want)
		}
	}
}

func TestWordSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 10000 {
		var b [8]byte
		for k := range b {
			b[k] = byte(rng.IntN(256))
			if i%2 == 0 {
				b[k] = 255
			}
		}
		var s, w uint64
		for k, v := range b {
			s += uint64(v)
			w += uint64(k) * uint64(v)
		}
		if gs, gw := wordSums(binary.LittleEndian.Uint64(b[:])); gs != s || gw != w {
			t.Fatalf("%v: %d, %d, want %d, %d", b, gs, gw, s, w)
		}
	}
}
