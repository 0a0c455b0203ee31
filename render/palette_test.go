package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"atheneum/engine/atheneum"
)

func TestPalette(t *testing.T) {
	q := palette.quant()
	t.Run("the palette has at most 256 colours", func(t *testing.T) {
		if len(q.pal) > 256 {
			t.Errorf("%d colours", len(q.pal))
		}
	})
	t.Run("every design colour maps back to itself", func(t *testing.T) {
		for _, c := range exactColors() {
			if got := q.pal[q.lut[cell(c)]]; got != color.Color(c) {
				t.Errorf("%v maps to %v: two design colours share a cell of the table", c, got)
			}
		}
	})
	t.Run("a picture maps pixel by pixel onto the nearest colours", func(t *testing.T) {
		img := image.NewRGBA(image.Rect(0, 0, 3, 1))
		img.Set(0, 0, colParchment)
		img.Set(1, 0, mix(colInk, colParchment, 0.5))
		img.Set(2, 0, color.RGBA{0xF4, 0xE9, 0xCB, 0xff}) // near the parchment
		pm := image.NewPaletted(img.Rect, q.pal)
		q.toPaletted(img, pm)
		if pm.At(0, 0) != color.Color(colParchment) || pm.At(2, 0) != color.Color(colParchment) {
			t.Errorf("parchment became %v and %v", pm.At(0, 0), pm.At(2, 0))
		}
		want := mix(colInk, colParchment, 0.5)
		got := pm.At(1, 0).(color.RGBA)
		if absDiff(uint32(got.R), uint32(want.R)) > 12 || absDiff(uint32(got.G), uint32(want.G)) > 12 || absDiff(uint32(got.B), uint32(want.B)) > 12 {
			t.Errorf("the half-way shade of text %v became %v", want, got)
		}
	})
}

// The subject colours must stay apart for people with the common
// colour-vision deficiencies. The simulations are the Machado, Oliveira and
// Fernandes (2009) matrices at full severity, applied in linear RGB; the
// distance is CIE76 in L*a*b*.
var deficiencies = []struct {
	name string
	m    [3][3]float64
}{
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

func TestSubjectColoursStayApart(t *testing.T) {
	for _, d := range deficiencies {
		t.Run("the five subjects are distinct with "+d.name, func(t *testing.T) {
			labs := map[atheneum.Color][3]float64{}
			for _, c := range atheneum.Colors {
				labs[c] = toLab(simulate(colorOf(c), d.m))
			}
			for i, a := range atheneum.Colors {
				for _, b := range atheneum.Colors[i+1:] {
					la, lb := labs[a], labs[b]
					dist := math.Sqrt(sq(la[0]-lb[0]) + sq(la[1]-lb[1]) + sq(la[2]-lb[2]))
					if dist < 20 {
						t.Errorf("%v and %v are only %.1f apart", a, b, dist)
					}
				}
			}
		})
	}
	t.Run("the five subjects differ in lightness alone", func(t *testing.T) {
		for i, a := range atheneum.Colors {
			for _, b := range atheneum.Colors[i+1:] {
				if d := math.Abs(toLab(colorOf(a))[0] - toLab(colorOf(b))[0]); d < 8 {
					t.Errorf("%v and %v differ by %.1f in L*", a, b, d)
				}
			}
		}
	})
}

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
