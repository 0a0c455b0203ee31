// Package rendertest holds what the tests of every game's pictures share:
// comparing a picture with its golden file, and simulating colour-vision
// deficiencies to check that colours which carry meaning stay apart.
package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"atheneum/render"
)

// CompareImages returns "" when two PNGs are the same size and differ in
// at most 0.1% of their pixels by more than a small tolerance per channel,
// which absorbs rounding differences in the rasteriser.
func CompareImages(got, want []byte) string {
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "cannot decode the new picture: " + err.Error()
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "cannot decode the golden picture: " + err.Error()
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", a.Bounds().Size(), b.Bounds().Size())
	}
	pa, ok1 := a.(*image.Paletted)
	pb, ok2 := b.(*image.Paletted)
	if !ok1 || !ok2 {
		return "the pictures are not paletted"
	}
	// Compare colours index by index through a table of the palettes'
	// pairs, which is much faster than At under the race detector.
	var same [256][256]int8 // 0 unknown, 1 same, -1 different
	const tolerance = 24
	samePalette := len(pa.Palette) == len(pb.Palette)
	for i := 0; samePalette && i < len(pa.Palette); i++ {
		samePalette = pa.Palette[i] == pb.Palette[i]
	}
	diff := 0
	for i, x := range pa.Pix {
		y := pb.Pix[i]
		if x == y && samePalette {
			continue
		}
		s := &same[x][y]
		if *s == 0 {
			*s = -1
			if int(x) < len(pa.Palette) && int(y) < len(pb.Palette) {
				r1, g1, b1, _ := pa.Palette[x].RGBA()
				r2, g2, b2, _ := pb.Palette[y].RGBA()
				if absDiff(r1>>8, r2>>8) <= tolerance && absDiff(g1>>8, g2>>8) <= tolerance && absDiff(b1>>8, b2>>8) <= tolerance {
					*s = 1
				}
			}
		}
		if *s < 0 {
			diff++
		}
	}
	if diff*1000 > len(pa.Pix) {
		return fmt.Sprintf("%d pixels of %d differ", diff, len(pa.Pix))
	}
	return ""
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// Deficiency is a colour-vision deficiency simulated by a matrix applied to
// linear RGB.
type Deficiency struct {
	Name string
	M    [3][3]float64
}

// Deficiencies are normal vision and the common colour-vision
// deficiencies: the Machado, Oliveira and Fernandes (2009) matrices at full
// severity.
var Deficiencies = []Deficiency{
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// Distance is how far apart a and b look with deficiency d: CIE76 in
// L*a*b*.
func Distance(a, b color.RGBA, d Deficiency) float64 {
	la, lb := toLab(simulate(a, d.M)), toLab(simulate(b, d.M))
	return math.Sqrt(sq(la[0]-lb[0]) + sq(la[1]-lb[1]) + sq(la[2]-lb[2]))
}

// Lightness is c's CIE L*, which tells colours apart in greyscale.
func Lightness(c color.RGBA) float64 { return toLab(c)[0] }

func sq(x float64) float64 { return x * x }

func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func simulate(c color.RGBA, m [3][3]float64) [3]float64 {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var out [3]float64
	for i := range out {
		for j := range in {
			out[i] += m[i][j] * in[j]
		}
		out[i] = math.Min(1, math.Max(0, out[i]))
	}
	return out
}

// toLab converts a colour (sRGB, or already linear RGB) to CIE L*a*b*.
func toLab(v any) [3]float64 {
	var l [3]float64
	switch c := v.(type) {
	case color.RGBA:
		l = [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	case [3]float64:
		l = c
	}
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// CheckPalette holds a game's palette to what its pictures need: at most
// 256 colours (a PNG palette), and every design colour mapped back to
// itself, so that no two of them share a cell of the lookup table.
func CheckPalette(t *testing.T, p *render.Palette, exact []color.RGBA) {
	t.Helper()
	t.Run("the palette has at most 256 colours", func(t *testing.T) {
		if n := len(p.Colors()); n > 256 {
			t.Errorf("%d colours", n)
		}
	})
	t.Run("every design colour maps back to itself", func(t *testing.T) {
		for _, c := range exact {
			if got := p.Nearest(c); got != c {
				t.Errorf("%v maps to %v: two design colours share a cell of the table", c, got)
			}
		}
	})
}

// Golden is one golden picture for SameBytesWithoutCaches: its file in
// testdata and how to draw it.
type Golden struct {
	File string
	Draw func() (render.Picture, error)
}

// SameBytesWithoutCaches draws every golden picture with the caches as
// they are, then with caches that keep nothing (each sprite forgotten as
// soon as another is kept, and every frame and sprite drawn anew): both
// must be the golden file in testdata byte for byte, which the golden
// test's tolerance does not check.
func SameBytesWithoutCaches(t *testing.T, all []Golden) {
	t.Helper()
	for _, budget := range []int64{render.DefaultCacheBudget, 0} {
		old := render.SetCacheBudget(budget)
		for _, gc := range all {
			p, err := gc.Draw()
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", gc.File))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(p.PNG, want) {
				t.Errorf("with a cache budget of %d bytes, %s is not its golden file byte for byte", budget, gc.File)
			}
		}
		if u := render.Caches(); budget == 0 && u.Sprites > 1 {
			t.Errorf("caches with no budget keep %d sprites", u.Sprites)
		}
		render.SetCacheBudget(old)
	}
}
