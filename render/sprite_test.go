package render

import (
	"bytes"
	"image"
	"image/draw"
	"runtime"
	"sync"
	"testing"
	"time"

	"atheneum/i18n"
)

// forgetAll empties every sprite cache, for tests that count what the
// caches hold; what they held is drawn again when next asked for.
func forgetAll() { SetCacheBudget(SetCacheBudget(-1)) }

// withBudget runs the test with the caches' budget set to n bytes, and
// empties them afterwards, so that the sprites it kept count against no
// other test.
func withBudget(t *testing.T, n int64) {
	t.Helper()
	old := SetCacheBudget(n)
	t.Cleanup(func() {
		SetCacheBudget(old)
		forgetAll()
	})
}

// spriteOf makes a sprite of img that no cache holds, with tiles of its
// own, for tests that start pictures from a frame of their own.
func spriteOf(img *image.RGBA) *Sprite {
	sp, hashes := newSprite(img)
	for i := range sp.tiles {
		sp.tiles[i] = newTile(img, tileRect(i, sp.tw, sp.w, sp.h), hashes[i])
	}
	return sp
}

// noise is a w×h picture of opaque pixels that vary everywhere, the same
// for the same seed: its tiles are shared with no other picture's.
func noise(w, h int, seed uint32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	x := seed*2654435761 + 1
	for i := 0; i < len(img.Pix); i += 4 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x), uint8(x>>8), uint8(x>>16), 0xff
	}
	return img
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
	withBudget(t, DefaultCacheBudget)
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
	withBudget(t, DefaultCacheBudget)
	forgetAll()
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
	withBudget(t, DefaultCacheBudget)
	forgetAll()
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

func TestACacheOverItsBudgetForgetsTheSpritesLeastUsed(t *testing.T) {
	const size = 256 * 256 * 4
	withBudget(t, 4*size)
	var sc SpriteCache
	draws := map[int]int{}
	get := func(k int) *Sprite {
		return sc.Get(k, func() *image.RGBA {
			draws[k]++
			return noise(256, 256, uint32(k))
		})
	}
	hot := get(0)
	var cold []*Sprite
	for k := 1; k <= 12; k++ {
		get(0)
		cold = append(cold, get(k))
		if u := Caches(); u.Bytes > u.Budget {
			t.Fatalf("after %d sprites the caches take %d bytes, over their budget of %d", k+1, u.Bytes, u.Budget)
		}
	}
	if draws[0] != 1 {
		t.Errorf("the sprite asked for before every other was drawn %d times", draws[0])
	}
	if u := Caches(); u.Sprites > 4 {
		t.Errorf("%d sprites of %d KB kept within %d KB", u.Sprites, size>>10, u.Budget>>10)
	}
	get(1)
	if draws[1] != 2 {
		t.Errorf("the sprite used the longest ago was drawn %d times, not drawn again once forgotten", draws[1])
	}
	for k, s := range append([]*Sprite{hot}, cold...) {
		if !bytes.Equal(pixels(s).Pix, noise(256, 256, uint32(k)).Pix) {
			t.Errorf("sprite %d, forgotten by the cache while still held, changed", k)
		}
	}
}

func TestNothingOfAForgottenSpriteStaysBehind(t *testing.T) {
	withBudget(t, DefaultCacheBudget)
	forgetAll()
	texts := countTexts()
	var sc SpriteCache
	frame := sc.Get("frame", func() *image.RGBA {
		c := NewFrame(300, 200, i18n.English)
		defer c.Release()
		c.Text("a frame", 20, 50, Sans(20), Ink, 0)
		return c.Img
	})
	// A picture left untouched is encoded from the frame's tiles mapped
	// onto the palette, which the frame's tiles keep.
	if _, err := Finish(testPalette.Start(frame, i18n.English), "a test"); err != nil {
		t.Fatal(err)
	}
	if u := Caches(); u.Sprites != 1 || u.Tiles == 0 || u.Bytes <= int64(u.Tiles)*tileOverhead {
		t.Fatalf("the caches hold %d sprites, %d tiles, %d bytes", u.Sprites, u.Tiles, u.Bytes)
	}
	forgetAll()
	if u := Caches(); u.Sprites != 0 || u.Tiles != 0 || u.Bytes != 0 {
		t.Errorf("once every sprite is forgotten the caches still hold %d sprites, %d tiles, %d bytes", u.Sprites, u.Tiles, u.Bytes)
	}
	if _, ok := sc.m.Load("frame"); ok {
		t.Error("a forgotten sprite is still kept under its key")
	}
	// A sprite canvas released with text and never kept: its record goes
	// with its pixels.
	func() {
		c := NewSprite(100, 30, Parchment)
		c.Text("lost", 10, 20, Sans(16), Ink, 0)
		c.Release()
	}()
	for i := 0; countTexts() > texts && i < 100; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := countTexts(); n > texts {
		t.Errorf("%d records of sprites no longer drawn are kept, %d before", n, texts)
	}
}

// TestSpriteCachesAreSafeForConcurrentUse draws pictures from several
// goroutines out of a cache too small for their sprites, so that sprites
// are forgotten and drawn again while others copy them; run it with -race.
func TestSpriteCachesAreSafeForConcurrentUse(t *testing.T) {
	withBudget(t, 6*128*128*4)
	var sc SpriteCache
	sprite := func(k int) *Sprite {
		return sc.Get(k, func() *image.RGBA { return noise(128, 128, uint32(k)) })
	}
	rounds := 200
	if testing.Short() {
		rounds = 50
	}
	// The pixels each sprite must show, worked out once rather than at
	// every look (most of the test's time under the race detector).
	var want [16][]byte
	for k := range want {
		want[k] = noise(128, 128, uint32(k)).Pix
	}
	// The pictures are written at the cheapest deflate level: nobody reads
	// them, and the writing (most of the test's time at the default level
	// under the race detector) shares nothing with the caches; the frame's
	// tiles are mapped onto the same colours, so the same way.
	pal := testPalette.With(Level(HuffmanOnly))
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range rounds {
				k := (g*7 + i*5) % 16
				s := sprite(k)
				if !bytes.Equal(pixels(s).Pix, want[k]) {
					t.Errorf("sprite %d shows other pixels", k)
					return
				}
				c := pal.Start(s, i18n.English)
				c.Fill(image.Rect(0, 0, 20, 20), Ink)
				if _, err := Finish(c, "a test"); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if u := Caches(); u.Bytes > u.Budget {
		t.Errorf("the caches take %d bytes, over their budget of %d", u.Bytes, u.Budget)
	}
}

// TestUnpackWritesOnlyTheTile packs tiles of random runs and unpacks them
// into a larger picture: unpackIndices writes eight indices at a time past
// short runs, which must stay inside the tile's rows.
func TestUnpackWritesOnlyTheTile(t *testing.T) {
	for seed := range 300 {
		w, h := 1+seed%tileW, 1+seed%tileH
		pix := make([]uint8, w*h)
		s := uint32(seed*2654435761 + 1)
		next := func() uint32 { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s }
		for i := 0; i < len(pix); {
			v, n := uint8(next()), 1+int(next()%uint32(1+seed%20))
			for ; n > 0 && i < len(pix); n-- {
				pix[i] = v
				i++
			}
			if next()%4 == 0 && i%w == 0 && i >= w && i+w <= len(pix) {
				copy(pix[i:], pix[i-w:i]) // a row as the one above
				i += w
			}
		}
		const stride, o = tileW + 16, 8 + 2*(tileW+16)
		dst := bytes.Repeat([]byte{0xee}, stride*(tileH+4))
		unpackIndices(packIndices(nil, pix, w), w, dst, o, stride)
		for y := range tileH + 4 {
			for x := range stride {
				want := uint8(0xee)
				if tx, ty := x-8, y-2; tx >= 0 && tx < w && ty >= 0 && ty < h {
					want = pix[ty*w+tx]
				}
				if got := dst[y*stride+x]; got != want {
					t.Fatalf("seed %d (%dx%d): at (%d, %d) %d, want %d", seed, w, h, x, y, got, want)
				}
			}
		}
	}
}
