package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// goldenPictures decodes the games' golden pictures into RGBA, real
// content for the benchmarks of mapping and unpacking.
func goldenPictures(tb testing.TB) []*image.RGBA {
	tb.Helper()
	files, _ := filepath.Glob("atheneum/testdata/*.png")
	more, _ := filepath.Glob("anludim/testdata/*.png")
	files = append(files, more...)
	if len(files) == 0 {
		tb.Skip("no golden pictures")
	}
	var out []*image.RGBA
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		src, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			tb.Fatal(err)
		}
		img := image.NewRGBA(image.Rect(0, 0, src.Bounds().Dx(), src.Bounds().Dy()))
		draw.Draw(img, img.Rect, src, src.Bounds().Min, draw.Src)
		out = append(out, img)
	}
	return out
}

// BenchmarkMapRect maps the golden pictures onto a palette a row of
// tiles at a time, as pictures' tiles drawn on are.
func BenchmarkMapRect(b *testing.B) {
	imgs := goldenPictures(b)
	q := NewPalette(BaseColors(), BaseRamps()).quant()
	pms := make([]*image.Paletted, len(imgs))
	px := 0
	for i, img := range imgs {
		pms[i] = image.NewPaletted(img.Rect, q.pal)
		px += len(pms[i].Pix)
	}
	b.SetBytes(int64(px))
	for b.Loop() {
		for i, img := range imgs {
			for y := 0; y < img.Rect.Dy(); y += tileH {
				q.mapRect(img, pms[i], image.Rect(0, y, img.Rect.Dx(), min(y+tileH, img.Rect.Dy())))
			}
		}
	}
}

// BenchmarkUnpackTiles unpacks every tile of the golden pictures, mapped
// and packed as frames' tiles are.
func BenchmarkUnpackTiles(b *testing.B) {
	imgs := goldenPictures(b)
	q := NewPalette(BaseColors(), BaseRamps()).quant()
	type packed struct {
		p    []byte
		w, o int
	}
	var tiles []packed
	dst := make([]uint8, 4096*tileH)
	const stride = 4096
	for _, img := range imgs {
		pm := image.NewPaletted(img.Rect, q.pal)
		q.toPaletted(img, pm)
		for y := 0; y < img.Rect.Dy(); y += tileH {
			for x := 0; x < img.Rect.Dx(); x += tileW {
				r := image.Rect(x, y, min(x+tileW, img.Rect.Dx()), min(y+tileH, img.Rect.Dy()))
				t := make([]uint8, 0, r.Dx()*r.Dy())
				for yy := r.Min.Y; yy < r.Max.Y; yy++ {
					t = append(t, pm.Pix[yy*pm.Stride+r.Min.X:yy*pm.Stride+r.Max.X]...)
				}
				tiles = append(tiles, packed{packIndices(nil, t, r.Dx()), r.Dx(), x})
			}
		}
	}
	b.SetBytes(int64(len(tiles) * tileW * tileH))
	for b.Loop() {
		for _, t := range tiles {
			unpackIndices(t.p, t.w, dst, t.o, stride)
		}
	}
}

// TestUnpackIndicesUndoesPackIndices packs tiles of runs, repeated rows
// and noise, and unpacks them among other indices.
func TestUnpackIndicesUndoesPackIndices(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 2000 {
		w, h := 1+rng.IntN(tileW), 1+rng.IntN(tileH)
		if i%2 == 0 {
			w, h = tileW, tileH
		}
		pix := make([]uint8, w*h)
		for y := range h {
			row := pix[y*w : (y+1)*w]
			if y > 0 && rng.IntN(3) == 0 {
				copy(row, pix[(y-1)*w:y*w])
				continue
			}
			maxRun := []int{1, 3, 9, 64}[rng.IntN(4)]
			for x := 0; x < w; {
				v := uint8(rng.IntN(4))
				for n := 1 + rng.IntN(maxRun); n > 0 && x < w; n-- {
					row[x] = v
					x++
				}
			}
		}
		p := packIndices(nil, pix, w)
		const stride = 3 * tileW
		dst := make([]uint8, stride*(h+2))
		for k := range dst {
			dst[k] = uint8(100 + rng.IntN(50))
		}
		want := bytes.Clone(dst)
		o := stride + rng.IntN(stride-w+1)
		for y := range h {
			copy(want[o+y*stride:], pix[y*w:(y+1)*w])
		}
		unpackIndices(p, w, dst, o, stride)
		if !bytes.Equal(dst, want) {
			t.Fatalf("case %d: a %d×%d tile unpacks otherwise", i, w, h)
		}
	}
}

// TestMapRowMapsEachPixel holds mapRow to the index of each pixel, on
// rows of runs of every length from every start.
func TestMapRowMapsEachPixel(t *testing.T) {
	q := NewPalette(BaseColors(), BaseRamps()).quant()
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 3000 {
		w := 1 + rng.IntN(200)
		s := make([]byte, 4*w)
		maxRun := []int{1, 2, 8, 20, 200}[i%5]
		for x := 0; x < w; {
			c := [4]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), 0xff}
			if rng.IntN(2) == 0 {
				c = [4]byte{Parchment.R, Parchment.G, Parchment.B, 0xff}
			}
			for n := 1 + rng.IntN(maxRun); n > 0 && x < w; n-- {
				copy(s[4*x:], c[:])
				x++
			}
		}
		d := make([]byte, w)
		q.mapRow(d, s)
		for x := range w {
			c := color.RGBA{s[4*x], s[4*x+1], s[4*x+2], s[4*x+3]}
			if want := q.lut[cell(c)]; d[x] != want {
				t.Fatalf("case %d: pixel %d of %d maps to %d, not %d", i, x, w, d[x], want)
			}
		}
	}
}

// TestIndicesIntoWritesTheTileMapped holds indicesInto, flat tiles and
// others, to the tile's pixels mapped one by one.
func TestIndicesIntoWritesTheTileMapped(t *testing.T) {
	pal := NewPalette(BaseColors(), BaseRamps())
	q := pal.quant()
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range 500 {
		w, h := 1+rng.IntN(tileW), 1+rng.IntN(tileH)
		if i%2 == 0 {
			w, h = tileW, tileH
		}
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		c := [4]byte{Parchment.R, Parchment.G, Parchment.B, 0xff}
		for k := 0; k < len(img.Pix); k += 4 {
			copy(img.Pix[k:], c[:])
		}
		if i%3 == 0 {
			for n := rng.IntN(5); n > 0; n-- {
				k := 4 * rng.IntN(w*h)
				copy(img.Pix[k:], []byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), 0xff})
			}
		}
		tl := newTile(img, img.Rect, 0)
		const stride = 100
		dst := make([]uint8, stride*(h+1))
		tl.indicesInto(pal, dst, stride+3, stride)
		for y := range h {
			for x := range w {
				k := 4 * (y*w + x)
				want := q.lut[cell(color.RGBA{img.Pix[k], img.Pix[k+1], img.Pix[k+2], 0xff})]
				if got := dst[stride+3+y*stride+x]; got != want {
					t.Fatalf("case %d: pixel (%d, %d) of a %d×%d tile is %d, not %d", i, x, y, w, h, got, want)
				}
			}
		}
	}
}
