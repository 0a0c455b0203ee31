package render

import (
	"bytes"
	"image"
	"math/rand/v2"
	"testing"
)

// TestDashedOutlinesAreGGs draws dashed (and solid) rounded rectangles of
// the sizes the pictures use, and others, at many places on a picture with a varied
// background, and checks each pixel against gg's own SetDash and
// StrokeRR: the outline traced once per shape and painted anywhere must
// be the same.
func TestDashedOutlinesAreGGs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type shape struct {
		w, h          int
		radius, width float64
		on, off       float64
	}
	shapes := []shape{
		{54, 78, 5, 3, 7, 5},     // a space of a full-size shelf, outlined
		{54, 52, 5, 3, 7, 5},     // the same, compact
		{110, 56, 5, 3, 7, 5},    // a candle space, outlined
		{26, 24, 5, 2.5, 7, 5},   // the legend's sample
		{220, 250, 10, 4, 10, 6}, // where a side shelf may go, full size
		{220, 184, 10, 4, 10, 6}, // and compact
		{9, 9, 5, 3, 7, 5},
		{64, 92, 6, 5, 0, 0}, // the last move's outlines, solid
		{70, 98, 8, 3, 0, 0},
		{26, 24, 5, 4, 0, 0},
	}
	for i := 0; i < 12; i++ {
		shapes = append(shapes, shape{4 + rng.IntN(150), 4 + rng.IntN(150), float64(rng.IntN(12)), 1 + float64(rng.IntN(8))/2, 3 + float64(rng.IntN(8)), 2 + float64(rng.IntN(6))})
	}
	for _, size := range []image.Point{{672, 800}, {100, 90}} {
		bg := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
		for i := range bg.Pix {
			bg.Pix[i] = uint8(rng.IntN(256))
			if i%4 == 3 {
				bg.Pix[i] = 0xff
			}
		}
		want, got := NewSprite(size.X, size.Y, Parchment), NewSprite(size.X, size.Y, Parchment)
		copy(want.Img.Pix, bg.Pix)
		copy(got.Img.Pix, bg.Pix)
		for _, s := range shapes {
			for n := 0; n < 10; n++ {
				x, y := rng.IntN(size.X)-s.w/2, rng.IntN(size.Y)-s.h/2
				r := Rect(x, y, s.w, s.h)
				// Both pictures are the background again before each
				// drawing, as wholes compared after it: only the rows an
				// outline may reach (half its width and a pixel of
				// antialiasing beyond the rectangle, with room to spare)
				// are copied back from it, not the whole picture each
				// time, which was most of the test's time under the race
				// detector. Should a drawing reach beyond them, the
				// pictures would differ there, or both carry the same
				// stray pixels on, still alike.
				reach := int(s.width) + 4
				rows := bg.Pix[max(0, y-reach)*bg.Stride : min(size.Y, max(0, y+s.h+reach))*bg.Stride]
				start := max(0, y-reach) * bg.Stride
				restore := func(c *Canvas) { copy(c.Img.Pix[start:start+len(rows)], rows) }
				dc := want.GG()
				if s.on > 0 {
					dc.SetDash(s.on, s.off)
				}
				want.StrokeRR(r, s.radius, s.width, Ink)
				dc.SetDash()
				// Traced the first time, painted from the cache the second.
				for _, how := range []string{"traced", "kept"} {
					if how == "kept" {
						restore(got)
					}
					DashedRR(got, r, s.radius, s.width, s.on, s.off, Ink)
					if bytes.Equal(want.Img.Pix, got.Img.Pix) {
						continue
					}
					// Compared once above: a difference is looked for only to name it.
					for i := range want.Img.Pix {
						if want.Img.Pix[i] != got.Img.Pix[i] {
							p := i / 4
							t.Fatalf("%+v at %v on %v, %s: pixel (%d, %d) is %v, gg draws %v", s, r, size, how, p%size.X, p/size.X,
								got.Img.Pix[i&^3:i&^3+4], want.Img.Pix[i&^3:i&^3+4])
						}
					}
				}
				restore(want)
				restore(got)
			}
		}
		// Every drawing stayed within the rows copied back.
		if !bytes.Equal(want.Img.Pix, bg.Pix) || !bytes.Equal(got.Img.Pix, bg.Pix) {
			t.Errorf("on %v, outlines reached beyond the rows copied back from the background", size)
		}
		want.Release()
		got.Release()
	}
}

// TestADashedOutlineDrawnAgainDoesNotAllocate: the workbench outlines the
// same places click after click, and gg allocated for each dash.
func TestADashedOutlineDrawnAgainDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops buffers at random")
	}
	c := NewSprite(672, 800, Parchment)
	defer c.Release()
	Dashed(c, Rect(300, 400, 54, 78), 3, Ink) // traced once
	if n := testing.AllocsPerRun(50, func() { Dashed(c, Rect(300, 400, 54, 78), 3, Ink) }); n > 0 {
		t.Errorf("%v allocations for an outline of some twenty dashes", n)
	}
}
