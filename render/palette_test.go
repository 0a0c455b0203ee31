package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"

	"atheneum/i18n"
)

// TestEveryWayOfWritingAPaletteGivesTheSamePixels writes one drawing at
// each deflate level, with the whole palette and compact, and checks that
// each decodes to the same colours; the palettes With makes share their
// colours' lookup table.
func TestEveryWayOfWritingAPaletteGivesTheSamePixels(t *testing.T) {
	base := NewPalette(BaseColors(), BaseRamps())
	draw := func(p *Palette) Picture {
		c := p.Blank(200, 120, i18n.English)
		c.Text("Sixty-four", 30, 60, Sans(20), Ink, 0)
		c.FillCircle(150, 60, 30, Red)
		pic, err := Finish(c, "")
		if err != nil {
			t.Fatal(err)
		}
		return pic
	}
	want := decodeRGBA(t, draw(base).PNG)
	for _, level := range []int{HuffmanOnly, 1, 3, 5, 8, 9} {
		for _, compact := range []bool{false, true} {
			opts := []PaletteOption{Level(level)}
			if compact {
				opts = append(opts, Compact())
			}
			p := base.With(opts...)
			t.Run(fmt.Sprintf("a picture written at level %d (compact %v) decodes to the same colours", level, compact), func(t *testing.T) {
				if p.quant() != base.quant() {
					t.Error("With made a palette with a lookup table of its own")
				}
				if got := decodeRGBA(t, draw(p).PNG); !bytes.Equal(got.Pix, want.Pix) {
					t.Errorf("level %d, compact %v: the pixels differ", level, compact)
				}
			})
		}
	}
	t.Run("an unknown level is refused", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("Level(0) did not panic")
			}
		}()
		Level(0)
	})
}

func decodeRGBA(t *testing.T, b []byte) *image.RGBA {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
	return img
}

// TestASpriteIsDrawnOverAsImageDrawWould composites sprites of random
// premultiplied pixels, many fully transparent or opaque as sprites'
// are, over random pictures at every kind of offset, clipped or not, and
// compares with image/draw's Over.
func TestASpriteIsDrawnOverAsImageDrawWould(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Pixels come in runs of one kind (clear, opaque, blended), as in
	// sprites, where opaque runs are copied at once.
	kind, left := 0, 0
	pixel := func() color.RGBA {
		if left == 0 {
			kind, left = rng.IntN(3), 1+rng.IntN(12)
		}
		left--
		switch kind {
		case 0:
			return color.RGBA{}
		case 1:
			return color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff}
		}
		a := uint8(rng.IntN(256))
		return color.RGBA{uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), a}
	}
	fill := func(img *image.RGBA) {
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				img.SetRGBA(x, y, pixel())
			}
		}
	}
	for i := range 200 {
		src := image.NewRGBA(image.Rect(0, 0, 1+rng.IntN(40), 1+rng.IntN(40)))
		fill(src)
		dst := image.NewRGBA(image.Rect(0, 0, 50, 50))
		fill(dst)
		want := image.NewRGBA(dst.Rect)
		copy(want.Pix, dst.Pix)
		r := src.Rect.Add(image.Pt(rng.IntN(70)-20, rng.IntN(70)-20))
		draw.Draw(want, r, src, image.Point{}, draw.Over)
		over(dst, r, src)
		if !bytes.Equal(dst.Pix, want.Pix) {
			t.Fatalf("case %d: a %v sprite at %v differs from image/draw's", i, src.Rect.Size(), r.Min)
		}
	}
}

func TestAGlyphIsDrawnAsImageDrawWould(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 3000 {
		mask := image.NewAlpha(image.Rect(0, 0, 1+rng.IntN(30), 1+rng.IntN(30)))
		// Runs of one kind, as a glyph's mask has: empty around it,
		// whole inside its strokes, partial on their edges (drawGlyph
		// takes eight empty or whole bytes at once).
		for k := 0; k < len(mask.Pix); {
			kind, run := rng.IntN(3), 1
			if i%2 == 0 {
				run = 1 + rng.IntN(20)
			}
			for ; run > 0 && k < len(mask.Pix); run, k = run-1, k+1 {
				switch kind {
				case 0:
				case 1:
					mask.Pix[k] = 0xff
				default:
					mask.Pix[k] = uint8(rng.IntN(256))
				}
			}
		}
		if i%3 == 0 {
			// A glyph cache's masks are parts of one picture.
			mask = mask.SubImage(image.Rect(1, 2, 40, 40)).(*image.Alpha)
		}
		dst := image.NewRGBA(image.Rect(0, 0, 40, 40))
		for k := range dst.Pix {
			dst.Pix[k] = uint8(rng.IntN(256))
		}
		col := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff}
		if i%2 == 1 {
			// Text of a few colours on flat backgrounds, mostly.
			bg := []color.RGBA{Parchment, ParchmentDark, {}}[rng.IntN(3)]
			for k := 0; k < len(dst.Pix); k += 4 {
				if rng.IntN(20) > 0 {
					dst.Pix[k], dst.Pix[k+1], dst.Pix[k+2], dst.Pix[k+3] = bg.R, bg.G, bg.B, bg.A
				}
			}
			col = []color.RGBA{Ink, InkSoft, White}[rng.IntN(3)]
		}
		want := image.NewRGBA(dst.Rect)
		copy(want.Pix, dst.Pix)
		if i%10 == 0 {
			col = color.RGBA{col.R / 2, col.G / 2, col.B / 2, 0x80}
		}
		r := image.Rect(0, 0, 1+rng.IntN(30), 1+rng.IntN(30)).Add(image.Pt(rng.IntN(50)-10, rng.IntN(50)-10))
		mp := image.Pt(rng.IntN(8)-2, rng.IntN(8)-2).Add(mask.Rect.Min)
		draw.DrawMask(want, r, image.NewUniform(col), image.Point{}, mask, mp, draw.Over)
		drawGlyph(dst, r, col, mask, mp)
		if !bytes.Equal(dst.Pix, want.Pix) {
			t.Fatalf("case %d: a glyph of %v at %v from %v differs from image/draw's", i, mask.Rect.Size(), r, mp)
		}
	}
}
