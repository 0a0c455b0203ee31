package render

import (
	"bytes"
	"image"
	"image/draw"
	"testing"

	"atheneum/i18n"
)

// spriteOf makes a sprite of img that no cache holds, with tiles of its
// own, for tests that start pictures from a frame of their own.
func spriteOf(img *image.RGBA) *Sprite {
	sp, hashes := newSprite(img)
	for i := range sp.tiles {
		sp.tiles[i] = newTile(img, tileRect(i, sp.tw, sp.w, sp.h), hashes[i])
	}
	return sp
}

// pixels copies a sprite onto a picture of its size.
func pixels(s *Sprite) *image.RGBA {
	img := image.NewRGBA(s.Bounds())
	s.drawOn(img, image.Point{}, draw.Src)
	return img
}

func countTexts() int {
	n := 0
	drawnTexts.Range(func(_, _ any) bool { n++; return true })
	return n
}

func TestASpriteShowsWhatWasDrawnAndKnowsItsText(t *testing.T) {
	texts := countTexts()
	var sc SpriteCache
	var want *image.RGBA
	s := sc.Get("labelled", func() *image.RGBA {
		c := NewSprite(150, 40, Parchment)
		defer c.Release()
		c.Text("II.2.3", 10, 30, Cond(16), Ink, 0)
		c.FillCircle(120, 20, 15, Red)
		want = image.NewRGBA(c.Img.Rect)
		copy(want.Pix, c.Img.Pix)
		return c.Img
	})
	if got := pixels(s); !bytes.Equal(got.Pix, want.Pix) {
		t.Error("the sprite's pixels are not those drawn")
	}
	if n := countTexts(); n != texts {
		t.Errorf("%d records are kept aside after the sprite was made, %d before", n, texts)
	}
	c := testPalette.Blank(200, 60, i18n.English)
	c.Text("big", 10, 40, Sans(30), Ink, 0)
	c.BlitOver(s, image.Pt(20, 10))
	p, err := Finish(c, "a test")
	if err != nil {
		t.Fatal(err)
	}
	if size, text := p.SmallestText(); size != 16 || text != "II.2.3" {
		t.Errorf("the picture's smallest text is %q at %v px, not the sprite's", text, size)
	}
}

func TestSpritesShowingTheSameTilesStoreThemOnce(t *testing.T) {
	var sc SpriteCache
	flat := func() *image.RGBA {
		c := NewSprite(640, 160, RGB(0x123457))
		defer c.Release()
		return c.Img
	}
	before := Caches()
	a := sc.Get("a", flat)
	if u := Caches(); u.Sprites-before.Sprites != 1 || u.Tiles-before.Tiles != 1 {
		t.Errorf("a sprite of one colour adds %d tiles in %d sprites, not one", u.Tiles-before.Tiles, u.Sprites-before.Sprites)
	}
	b := sc.Get("b", flat)
	u := Caches()
	if u.Sprites-before.Sprites != 2 || u.Tiles-before.Tiles != 1 {
		t.Errorf("two sprites of the same colour add %d tiles in %d sprites", u.Tiles-before.Tiles, u.Sprites-before.Sprites)
	}
	if n := u.Bytes - before.Bytes; n > 2*tileW*tileH*4 {
		t.Errorf("two sprites of 400 KB each take %d bytes, not about one tile's", n)
	}
	if !bytes.Equal(pixels(a).Pix, pixels(b).Pix) || !bytes.Equal(pixels(a).Pix, flat().Pix) {
		t.Error("sprites sharing tiles do not show what was drawn")
	}
}

// TestFramesThatDifferOnlyInHeightShareTheirTiles draws frames as the
// shelves' are drawn, one per picture height, with a two-line legend above
// the bottom border: every frame after the first adds only the tiles of
// its last rows, where the legend and the border sit.
func TestFramesThatDifferOnlyInHeightShareTheirTiles(t *testing.T) {
	var frames SpriteCache
	const w = 672
	bottom := Margin + 2*30 + 16 // the legend and the margin under it
	rows := (bottom+tileH-1)/tileH + 1
	tw := (w + tileW - 1) / tileW
	for k, h := range []int{700, 713, 742, 770, 808, 861} {
		var want *image.RGBA
		before := Caches()
		f := frames.Get(h, func() *image.RGBA {
			c := NewFrame(w, h, i18n.English)
			defer c.Release()
			c.Text("Ada", Margin+4, Margin+36, Title(34), Ink, 0)
			c.FillRR(Rect(Margin, Margin+80, w-2*Margin, 400), 10, FrameBrown)
			c.FillRR(Rect(Margin+12, Margin+92, 300, 200), 6, ParchmentDark)
			c.Text("II.2.3 = compartment II, level 2 from the bottom, space 3", Margin+4, float64(h-bottom+21), Cond(17), Ink, 0)
			c.Text("spider not yet caught", Margin+34, float64(h-bottom+51), Cond(17), Ink, 0)
			want = image.NewRGBA(c.Img.Rect)
			copy(want.Pix, c.Img.Pix)
			return c.Img
		})
		if !bytes.Equal(pixels(f).Pix, want.Pix) {
			t.Fatalf("the frame %d px tall does not show what was drawn", h)
		}
		after := Caches()
		added := after.Tiles - before.Tiles
		t.Logf("a frame %d px tall adds %d tiles, %d KB", h, added, (after.Bytes-before.Bytes)>>10)
		if k > 0 && added > rows*tw {
			t.Errorf("a frame %d px tall adds %d tiles to those of the frames of other heights, more than its last %d rows' %d", h, added, rows, rows*tw)
		}
	}
}
