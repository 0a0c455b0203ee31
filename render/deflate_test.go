package render

import (
	"bytes"
	"compress/flate"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"atheneum/engine/enginetest"
)

// goldenPaletted reads the golden pictures of the games' renderers, each
// a paletted PNG as the bot sends it.
func goldenPaletted(tb testing.TB) map[string]*image.Paletted {
	tb.Helper()
	files, err := filepath.Glob("*/testdata/*.png")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no golden pictures found: %v", err)
	}
	out := map[string]*image.Paletted{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			tb.Fatal(err)
		}
		if pm, ok := img.(*image.Paletted); ok {
			out[f] = pm
		}
	}
	return out
}

// inflateRows decodes deflateRows's output strictly (the standard
// library refuses incomplete codes) and checks it is pm's rows, and sum
// their Adler-32.
func inflateRows(t *testing.T, pm *image.Paletted, data []byte, sum uint32) {
	t.Helper()
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	if err != nil {
		t.Fatalf("the stream does not inflate: %v", err)
	}
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	want := make([]byte, 0, (w+1)*h)
	for y := 0; y < h; y++ {
		want = append(want, 0)
		want = append(want, pm.Pix[y*pm.Stride:y*pm.Stride+w]...)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("inflated %d bytes, not the %d bytes of the rows", len(got), len(want))
	}
	if a := adler32.Checksum(want); sum != a {
		t.Fatalf("the Adler-32 is %08x, not %08x", sum, a)
	}
}

func TestDeflateRowsInflatesToTheRows(t *testing.T) {
	t.Run("every golden picture", func(t *testing.T) {
		for name, pm := range goldenPaletted(t) {
			t.Run(name, func(t *testing.T) {
				data, sum := deflateRows(nil, pm)
				inflateRows(t, pm, data, sum)
			})
		}
	})
	pal := make([]color.Color, 256)
	for i := range pal {
		pal[i] = color.Gray{uint8(i)}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := []struct {
		what string
		fill func(pm *image.Paletted)
	}{
		{"noise over all 256 indices", func(pm *image.Paletted) {
			for i := range pm.Pix {
				pm.Pix[i] = uint8(rng.IntN(256))
			}
		}},
		{"one index everywhere", func(pm *image.Paletted) { clear(pm.Pix) }},
		{"two indices at random", func(pm *image.Paletted) {
			for i := range pm.Pix {
				pm.Pix[i] = uint8(rng.IntN(2))
			}
		}},
		{"rows repeating with changes here and there", func(pm *image.Paletted) {
			for i := range pm.Pix {
				if i < pm.Stride || rng.IntN(50) == 0 {
					pm.Pix[i] = uint8(rng.IntN(12))
				} else {
					pm.Pix[i] = pm.Pix[i-pm.Stride]
				}
			}
		}},
		{"every row the first, at random", func(pm *image.Paletted) {
			for i := range pm.Pix {
				if i < pm.Stride {
					pm.Pix[i] = uint8(rng.IntN(256))
				} else {
					pm.Pix[i] = pm.Pix[i-pm.Stride]
				}
			}
		}},
		{"noise repeating rows 32768 and 33024 bytes back in the stream (255-byte rows)", func(pm *image.Paletted) {
			for i := range pm.Pix {
				y := i / pm.Stride
				switch {
				case y >= 128 && y%3 == 0:
					pm.Pix[i] = pm.Pix[i-128*pm.Stride] // 128 rows of 256 bytes back: the window's end
				case y >= 129 && y%3 == 1:
					pm.Pix[i] = pm.Pix[i-129*pm.Stride] // beyond it
				default:
					pm.Pix[i] = uint8(rng.IntN(256))
				}
			}
		}},
		{"words of noise repeated within and across rows", func(pm *image.Paletted) {
			var words [8][]byte
			for k := range words {
				words[k] = make([]byte, 3+rng.IntN(9))
				for j := range words[k] {
					words[k][j] = uint8(rng.IntN(256))
				}
			}
			for i := 0; i < len(pm.Pix); {
				if rng.IntN(3) == 0 {
					pm.Pix[i] = uint8(rng.IntN(4))
					i++
					continue
				}
				i += copy(pm.Pix[i:], words[rng.IntN(len(words))])
			}
		}},
		{"skewed indices, as a Fibonacci-like spread that makes deep codes", func(pm *image.Paletted) {
			for i := range pm.Pix {
				v := 0
				for v < 40 && rng.IntN(3) != 0 {
					v++
				}
				pm.Pix[i] = uint8(v)
			}
		}},
	}
	for _, sh := range shapes {
		for _, size := range []image.Point{{1, 1}, {3, 2}, {7, 40}, {63, 9}, {64, 9}, {65, 9}, {128, 5}, {255, 300}, {300, 200}, {634, 120}} {
			pm := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), pal)
			sh.fill(pm)
			t.Run(fmt.Sprintf("%s, %d×%d", sh.what, size.X, size.Y), func(t *testing.T) {
				data, sum := deflateRows(nil, pm)
				inflateRows(t, pm, data, sum)
			})
		}
	}
}

func TestBandsDeflatedApartMakeOneStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		what          string
		stride, bands int
	}{{"one band of one row of one byte", 1, 1}, {"three bands of a 65-byte row", 65, 3}, {"twelve bands of 635-byte rows", 635, 12}} {
		t.Run(tc.what, func(t *testing.T) {
			var z, want []byte
			for range tc.bands {
				rows := 1 + rng.IntN(16)
				raw := make([]byte, rows*tc.stride)
				for i := range raw {
					switch {
					case i%tc.stride == 0:
						raw[i] = 0 // the filter byte
					case i >= tc.stride && rng.IntN(8) != 0:
						raw[i] = raw[i-tc.stride]
					default:
						raw[i] = uint8(rng.IntN(6))
					}
				}
				want = append(want, raw...)
				z = deflateBand(z, raw, tc.stride)
			}
			z = append(z, finalBlock[:]...)
			got, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
			if err != nil {
				t.Fatalf("the bands do not inflate: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("inflated %d bytes, not the %d bytes of the bands", len(got), len(want))
			}
		})
	}
}

// BenchmarkDeflateRows writes the golden pictures as writePaletted does,
// with deflateRows (Rows) and with klauspost's levels 1, 3 (the default)
// and 5, reporting the bytes of all of them and the processor time of
// the benchmark's thread (cpu-ns/op), which a loaded machine disturbs
// less than the clock.
func BenchmarkDeflateRows(b *testing.B) {
	pics := goldenPaletted(b)
	for _, level := range []int{Rows, 1, 3, 5} {
		name := fmt.Sprintf("level-%d", level)
		if level == Rows {
			name = "rows"
		}
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var out bytes.Buffer
			n := 0
			start := enginetest.ThreadCPU()
			for b.Loop() {
				n = 0
				for _, pm := range pics {
					out.Reset()
					if err := writePaletted(&out, pm, level); err != nil {
						b.Fatal(err)
					}
					n += out.Len()
				}
			}
			b.ReportMetric(float64(enginetest.ThreadCPU()-start)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
