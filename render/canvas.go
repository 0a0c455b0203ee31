package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math/bits"
	"sync"

	"atheneum/fonts"
	"atheneum/i18n"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// FontSpec is a font at a pixel size (its em height).
type FontSpec struct {
	Font fonts.Font
	Size float64
}

// Sans is the body font, for names, numbers and sentences, at size pixels.
func Sans(size float64) FontSpec { return FontSpec{fonts.Sans, size} }

// Cond is the condensed font, for labels and captions that need to be
// narrow, at size pixels.
func Cond(size float64) FontSpec { return FontSpec{fonts.Condensed, size} }

// Title is the display font, for headings, at size pixels.
func Title(size float64) FontSpec { return FontSpec{fonts.Title, size} }

// MinText is the smallest text size on any picture: a picture up to 675
// pixels wide shows it at 10 pixels or more on a phone (see PhoneText);
// wider pictures use larger text, which Picture.PhoneProblem checks. A
// canvas asked for smaller text panics: it is a bug in the picture's
// design, which tests that draw every picture catch.
const MinText = 15

// face is a font face with the cap height used to centre text vertically
// and a cache of advances: the truetype face loads (and hints) a glyph's
// outline every time it is asked for an advance.
type face struct {
	font.Face
	capHeight float64
	advances  map[rune]fixed.Int26_6
}

// GlyphAdvance returns r's advance width from the cache.
func (f *face) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := f.advances[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.advances[r] = a
	}
	return a, ok
}

// faceSet holds one render's faces. Faces cache glyph masks and are not
// safe for concurrent use, so sets are pooled and each render borrows one.
type faceSet struct {
	m map[FontSpec]*face
}

var facePool = sync.Pool{New: func() any { return &faceSet{m: map[FontSpec]*face{}} }}

func (fs *faceSet) get(s FontSpec) *face {
	if f, ok := fs.m[s]; ok {
		return f
	}
	if s.Size < MinText {
		// Smaller text cannot be read on a phone; this is a bug in the
		// picture's design, caught by the tests that draw every picture.
		panic(fmt.Sprintf("render: %v text of %v px, under the %d px minimum", s.Font, s.Size, MinText))
	}
	tf, err := fonts.Parsed(s.Font)
	if err != nil {
		// The fonts are embedded and tested; this cannot happen in a
		// working build.
		panic(err)
	}
	// Small text repeats many glyphs; big headings have few, and their
	// masks are large.
	entries := 256
	if s.Size > 24 {
		entries = 64
	}
	tface := truetype.NewFace(tf, &truetype.Options{Size: s.Size, Hinting: font.HintingFull, GlyphCacheEntries: entries, SubPixelsX: 1})
	f := &face{Face: tface, advances: map[rune]fixed.Int26_6{}}
	if b, _, ok := tface.GlyphBounds('H'); ok {
		f.capHeight = float64(-b.Min.Y) / 64
	} else {
		f.capHeight = s.Size * 0.7
	}
	fs.m[s] = f
	return f
}

// Canvas is an RGBA picture being drawn, with the faces to write on it.
// It records the smallest text drawn on it (from sprites blitted onto it
// too) for Picture.PhoneProblem. A picture started from a frame also
// records which tiles were drawn on, so that only those need mapping onto
// the palette.
type Canvas struct {
	// Img is the picture drawn on. On a picture started from a frame
	// (Palette.Start, Blank) it holds only the tiles drawn on: Mark a
	// rectangle before reading its pixels.
	Img *image.RGBA
	// Lang is the language of the words drawn (see T).
	Lang   i18n.Lang
	fs     *faceSet
	record layoutRecord // the text drawn, directly or in sprites
	sprite bool         // a sprite: its record is kept for those who copy it
	dc     *gg.Context
	frame  *Sprite
	dirty  []bool   // by tile, row-major; nil when not tracking
	tw     int      // tiles per row
	copied bool     // the whole frame was copied up front
	pal    *Palette // what the picture is encoded onto (nil for sprites)
	// pm holds, for the tiles marked in pmOK, the picture's palette
	// indices already: tiles only sprites were copied onto (Blit) take
	// the indices of the sprites' tiles, mapped once and kept with them,
	// and are not mapped again when encoding. Their pixels in Img are
	// not written until something else is drawn on them (Mark), which
	// most never are: then the frame's tile and the sprites copied there
	// (blits, in order) are brought in. Made by the first Blit.
	pm    *image.Paletted
	pmOK  []bool // by tile, as dirty
	blits []blit
}

// blit is a sprite copied onto a picture, whose pixels in the picture's
// tiles of valid indices are written only when needed (see Canvas.pm).
type blit struct {
	src *Sprite
	at  image.Point
}

// Mark records that r was drawn on. Every Canvas method marks what it
// draws; code that draws on Img or through GG directly must mark it
// (CheckTiles catches a mark forgotten).
func (c *Canvas) Mark(r image.Rectangle) { c.mark(r, nil) }

// markCovering is Mark for a drawing that then writes every pixel of
// cover, whatever was there (a flat fill, an opaque copy): those pixels
// of the tiles it reaches are not brought in first.
func (c *Canvas) markCovering(r, cover image.Rectangle) {
	c.mark(r, func(t image.Rectangle) image.Rectangle { return t.Intersect(cover) })
}

// mark marks r drawn on; covered, when not nil, gives the part of a
// tile's rectangle the drawing writes whole without reading it, which
// need not be brought in (copying the frame's tiles was most of Mark's
// time, on pixels about to be painted over).
func (c *Canvas) mark(r image.Rectangle, covered func(image.Rectangle) image.Rectangle) {
	if c.dirty == nil {
		return
	}
	r = r.Intersect(c.Img.Rect)
	if r.Empty() {
		return
	}
	w, h := c.Img.Rect.Dx(), c.Img.Rect.Dy()
	for ty := r.Min.Y / tileH; ty <= (r.Max.Y-1)/tileH; ty++ {
		row := c.dirty[ty*c.tw : (ty+1)*c.tw]
		for tx := r.Min.X / tileW; tx <= (r.Max.X-1)/tileW; tx++ {
			i := ty*c.tw + tx
			if row[tx] && (c.pmOK == nil || !c.pmOK[i]) {
				continue
			}
			// The tile's pixels are not all in Img yet.
			t := tileRect(i, c.tw, w, h)
			var cov image.Rectangle
			if covered != nil {
				cov = covered(t)
			}
			if !row[tx] {
				row[tx] = true
				if cov != t && c.frame != nil && !c.copied {
					c.frame.copyTileOutside(c.Img, tx, ty, cov)
				}
			} else {
				c.pmOK[i] = false
				if cov != t {
					c.pixelsOf(tx, ty)
				}
			}
		}
	}
}

// pixelsOf writes the pixels of tile (tx, ty), of valid indices until
// now: the frame's, then the sprites copied onto it, in order.
func (c *Canvas) pixelsOf(tx, ty int) {
	c.copyTile(tx, ty)
	clip := tileRect(ty*c.tw+tx, c.tw, c.Img.Rect.Dx(), c.Img.Rect.Dy())
	for _, b := range c.blits {
		b.src.drawClipped(c.Img, b.at, clip)
	}
}

// pixels writes the pixels of every tile of valid indices (see Canvas.pm)
// and keeps them valid: for a check of the whole picture.
func (c *Canvas) pixels() {
	for i, ok := range c.pmOK {
		if ok {
			c.pixelsOf(i%c.tw, i/c.tw)
		}
	}
}

// copyTile brings one tile of the frame into the picture, just before it
// is first drawn on: tiles nobody draws on are never copied.
func (c *Canvas) copyTile(tx, ty int) {
	if c.frame == nil || c.copied {
		return
	}
	c.frame.copyTile(c.Img, tx, ty)
}

// MarkF records that the rectangle (x0, y0)-(x1, y1) was drawn on, with a
// pixel of slack for anti-aliasing.
func (c *Canvas) MarkF(x0, y0, x1, y1 float64) {
	c.Mark(image.Rect(int(x0)-2, int(y0)-2, int(x1)+3, int(y1)+3))
}

func newCanvas(img *image.RGBA) *Canvas {
	return &Canvas{Img: img, fs: facePool.Get().(*faceSet)}
}

// Release returns the faces to the pool; the canvas is unusable after it.
// A sprite's record is kept for the Sprite made of its picture (see
// SpriteCache), so that pictures copying the sprite know the text they
// show.
func (c *Canvas) Release() {
	if c.sprite && (c.record.text != "" || c.record.cut != "") {
		keepRecord(c.Img, c.record)
	}
	if c.fs != nil {
		facePool.Put(c.fs)
		c.fs = nil
	}
}

// GG returns a gg context on the picture, made on first use because its
// rasteriser is allocated to the picture's size.
func (c *Canvas) GG() *gg.Context {
	if c.dc == nil {
		c.dc = gg.NewContextForRGBA(c.Img)
	}
	return c.dc
}

// Fill paints a rectangle with a flat colour (image/draw's fast path).
func (c *Canvas) Fill(r image.Rectangle, col color.RGBA) {
	c.markCovering(r, r)
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// Blit copies an opaque sprite with its top-left corner at p.
func (c *Canvas) Blit(src *Sprite, p image.Point) {
	r := src.Bounds().Add(p)
	if c.dirty == nil || c.frame == nil || !r.In(c.Img.Rect) {
		c.markCovering(r, r)
		c.record.merge(src.record)
		src.drawOn(c.Img, p, draw.Src)
		return
	}
	c.blitIndices(src, p)
	c.record.merge(src.record)
}

// blitIndices copies the palette indices of src, with its top-left
// corner at p inside the picture, into c.pm, and marks its tiles drawn
// on: a tile first drawn on takes the frame's indices, and keeps its
// indices valid (pmOK) until something other than a sprite is drawn on
// it (see Canvas.pm); the sprite's pixels are written now only on the
// tiles drawn on otherwise before. Copying a pixel's index is mapping
// it: the index depends on the pixel alone.
func (c *Canvas) blitIndices(src *Sprite, p image.Point) {
	q := c.pal.quant()
	if c.pm == nil {
		c.pm = getPaletted(c.Img.Rect, q.pal)
		c.pmOK = make([]bool, len(c.dirty))
	}
	pm := c.pm
	w, h := c.Img.Rect.Dx(), c.Img.Rect.Dy()
	r := src.Bounds().Add(p)
	for ty := r.Min.Y / tileH; ty <= (r.Max.Y-1)/tileH; ty++ {
		for tx := r.Min.X / tileW; tx <= (r.Max.X-1)/tileW; tx++ {
			i := ty*c.tw + tx
			if c.dirty[i] {
				if !c.pmOK[i] {
					src.drawClipped(c.Img, p, tileRect(i, c.tw, w, h))
				}
				continue
			}
			c.dirty[i], c.pmOK[i] = true, true
			if !tileRect(i, c.tw, w, h).In(r) {
				// The sprite leaves some of the frame's tile showing.
				c.frame.tiles[i].indicesInto(c.pal, pm.Pix, ty*tileH*pm.Stride+tx*tileW, pm.Stride)
			}
		}
	}
	c.blits = append(c.blits, blit{src, p})
	for i, t := range src.tiles {
		tr := tileRect(i, src.tw, src.w, src.h).Add(p)
		t.indicesInto(c.pal, pm.Pix, tr.Min.Y*pm.Stride+tr.Min.X, pm.Stride)
	}
}

// BlitOver composites a sprite with transparent parts at p.
func (c *Canvas) BlitOver(src *Sprite, p image.Point) {
	r := src.Bounds().Add(p)
	solid := src.solid.Add(p)
	c.mark(r, func(t image.Rectangle) image.Rectangle {
		if t.In(r) && src.opaqueIn(t.Sub(p)) {
			return t
		}
		return t.Intersect(solid)
	})
	c.record.merge(src.record)
	src.drawOn(c.Img, p, draw.Over)
}

// Measure returns the advance width of s.
func (c *Canvas) Measure(s string, f FontSpec) float64 {
	return float64(font.MeasureString(c.fs.get(f), s)) / 64
}

// Text draws s with its baseline at y; ax places x: 0 at the left end of the
// text, 0.5 at its middle, 1 at its right end. It returns the width drawn.
// gg's own DrawString resamples every glyph through a transform; writing
// the cached glyph masks directly is many times faster and looks the same
// without rotation.
func (c *Canvas) Text(s string, x, y float64, f FontSpec, col color.RGBA, ax float64) float64 {
	fc := c.fs.get(f)
	w := float64(font.MeasureString(fc, s)) / 64
	if w == 0 {
		return 0
	}
	c.record.note(f.Size, fc.capHeight, s)
	x0 := x - ax*w
	c.MarkF(x0-f.Size/4, y-f.Size*1.2, x0+w+f.Size/4, y+f.Size*0.4)
	// font.Drawer's DrawString, each glyph drawn by drawGlyph.
	dot := fixed.Point26_6{X: fixed.I(int(x - ax*w + 0.5)), Y: fixed.I(int(y + 0.5))}
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += fc.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := fc.Glyph(dot, r)
		if !ok {
			continue
		}
		drawGlyph(c.Img, dr, col, mask, mp)
		dot.X += advance
		prev = r
	}
	return w
}

// drawGlyph composites col through a glyph's mask onto dst's rectangle r
// as draw.DrawMask does (draw.Over), to the same bytes: inside a glyph,
// where the mask is whole, an opaque colour is written as it is, without
// blending.
func drawGlyph(dst *image.RGBA, r image.Rectangle, col color.RGBA, mask image.Image, mp image.Point) {
	a, ok := mask.(*image.Alpha)
	if !ok || col.A != 0xff {
		draw.DrawMask(dst, r, image.NewUniform(col), image.Point{}, mask, mp, draw.Over)
		return
	}
	// draw.DrawMask's clip (a uniform source has no bounds).
	cr := r.Intersect(dst.Rect).Intersect(a.Rect.Add(r.Min.Sub(mp)))
	if cr.Empty() {
		return
	}
	mp = mp.Add(cr.Min.Sub(r.Min))
	// image/draw's drawGlyphOver, for an opaque source.
	const m = 1<<16 - 1
	sr, sg, sb := uint32(col.R)*0x101, uint32(col.G)*0x101, uint32(col.B)*0x101
	const sa = m
	n := cr.Dx()
	for y := 0; y < cr.Dy(); y++ {
		do := dst.PixOffset(cr.Min.X, cr.Min.Y+y)
		dp := dst.Pix[do : do+4*n]
		mo := a.PixOffset(mp.X, mp.Y+y)
		for x, ma := range a.Pix[mo : mo+n] {
			d := dp[4*x : 4*x+4 : 4*x+4]
			switch ma {
			case 0:
				continue
			case 0xff:
				d[0], d[1], d[2], d[3] = col.R, col.G, col.B, 0xff
				continue
			}
			ma := uint32(ma)
			ma |= ma << 8
			a := (m - (sa * ma / m)) * 0x101
			d[0] = uint8((uint32(d[0])*a + sr*ma) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + sg*ma) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + sb*ma) / m >> 8)
			d[3] = uint8((uint32(d[3])*a + sa*ma) / m >> 8)
		}
	}
}

// CapHeight returns the height of f's capitals, which centres text on a
// point.
func (c *Canvas) CapHeight(f FontSpec) float64 { return c.fs.get(f).capHeight }

// TextMid centres s's capitals on (cx, cy).
func (c *Canvas) TextMid(s string, cx, cy float64, f FontSpec, col color.RGBA) float64 {
	return c.Text(s, cx, cy+c.fs.get(f).capHeight/2, f, col, 0.5)
}

// TextFit draws s left-aligned, shortened with an ellipsis to fit width.
func (c *Canvas) TextFit(s string, x, y, width float64, f FontSpec, col color.RGBA) float64 {
	return c.Text(Fit(c, s, width, f), x, y, f, col, 0)
}

// FitLabel is Fit for what the game says (a benefit, whom a card section
// is for, what an objective asks), which a player needs whole, unlike a
// name: a label it has to shorten is recorded (see Picture.Shortened and
// Canvas.Shortened), so that tests can hold every label to fit.
func (c *Canvas) FitLabel(s string, width float64, f FontSpec) string {
	t := Fit(c, s, width, f)
	if t != s && c.record.cut == "" {
		c.record.cut = s
	}
	return t
}

// Fit shortens s with an ellipsis until it fits width.
func Fit(c *Canvas, s string, width float64, f FontSpec) string {
	if c.Measure(s, f) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && c.Measure(string(r)+"…", f) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// FitName returns line(name), shortening the name with an ellipsis, not
// the rest of the line, until it fits width: "Bartholomew the L… wins the
// game". When even a name of one letter does not fit, the line itself is
// shortened.
func FitName(c *Canvas, name string, width float64, f FontSpec, line func(name string) string) string {
	s := line(name)
	if c.Measure(s, f) <= width {
		return s
	}
	r := []rune(name)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if s = line(string(r) + "…"); c.Measure(s, f) <= width {
			return s
		}
	}
	return Fit(c, s, width, f)
}

// rgbaPools recycle pictures' pixels by size class (see sizeClass): a
// render overwrites every pixel it reads, so a recycled picture needs no
// clearing. Pictures of every height within a class share their pool: by
// exact size, the heights that vary with what a picture shows (a hand's
// rows, a seat's shelves) each had a pool of their own, which the garbage
// collector emptied before it was asked again, and a picture made anew is
// megabytes cleared.
var rgbaPools sync.Map // size class -> *sync.Pool

// sizeClass is the capacity kept for n bytes: n rounded up to an eighth
// of the power of two below it, at most an eighth more.
func sizeClass(n int) int {
	if n <= 1<<12 {
		return 1 << 12
	}
	step := 1 << (bits.Len(uint(n-1)) - 4)
	return (n + step - 1) &^ (step - 1)
}

func classPool(pools *sync.Map, class int) *sync.Pool {
	if p, ok := pools.Load(class); ok {
		return p.(*sync.Pool)
	}
	p, _ := pools.LoadOrStore(class, &sync.Pool{})
	return p.(*sync.Pool)
}

func getRGBA(w, h int) *image.RGBA {
	n := 4 * w * h
	r := image.Rect(0, 0, w, h)
	if img, ok := classPool(&rgbaPools, sizeClass(n)).Get().(*image.RGBA); ok {
		img.Pix, img.Stride, img.Rect = img.Pix[:n], 4*w, r
		return img
	}
	return &image.RGBA{Pix: make([]uint8, n, sizeClass(n)), Stride: 4 * w, Rect: r}
}

func putRGBA(img *image.RGBA) {
	if c := cap(img.Pix); c == sizeClass(c) {
		classPool(&rgbaPools, c).Put(img)
	}
}

// NewSprite makes a picture of the given size filled with bg (transparent
// when bg is the zero colour) and a canvas to draw it, for a SpriteCache's
// draw function, which releases the canvas and returns its picture.
func NewSprite(w, h int, bg color.RGBA) *Canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	c := newCanvas(img)
	c.sprite = true
	if bg.A != 0 {
		c.Fill(img.Rect, bg)
	}
	return c
}

// rr adds a rounded rectangle to the path.
func rr(dc *gg.Context, r image.Rectangle, radius float64) {
	dc.DrawRoundedRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), radius)
}

// FillRR fills a rounded rectangle. gg's painter blends span by span,
// which is slow over large areas, so a large one is filled flat and only
// its four corner discs go through the rasteriser (a disc's anti-aliased
// edge over the same colour changes nothing).
func (c *Canvas) FillRR(r image.Rectangle, radius float64, col color.RGBA) {
	rad := int(radius)
	if radius != float64(rad) || rad < 1 || r.Dx() < 4*rad || r.Dy() < 4*rad {
		c.Mark(r)
		dc := c.GG()
		rr(dc, r, radius)
		dc.SetColor(col)
		dc.Fill()
		return
	}
	// The flat cross: the rectangle without its corner squares, which
	// the fills write whole before the discs blend over them.
	tall := image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Max.Y)
	wide := image.Rect(r.Min.X, r.Min.Y+rad, r.Max.X, r.Max.Y-rad)
	c.mark(r, func(t image.Rectangle) image.Rectangle {
		a, b := t.Intersect(tall), t.Intersect(wide)
		if a.Dx()*a.Dy() < b.Dx()*b.Dy() {
			return b
		}
		return a
	})
	u := image.NewUniform(col)
	draw.Draw(c.Img, wide, u, image.Point{}, draw.Src)
	draw.Draw(c.Img, image.Rect(tall.Min.X, tall.Min.Y, tall.Max.X, wide.Min.Y), u, image.Point{}, draw.Src)
	draw.Draw(c.Img, image.Rect(tall.Min.X, wide.Max.Y, tall.Max.X, tall.Max.Y), u, image.Point{}, draw.Src)
	dc := c.GG()
	for _, p := range [4]image.Point{{r.Min.X + rad, r.Min.Y + rad}, {r.Max.X - rad, r.Min.Y + rad}, {r.Min.X + rad, r.Max.Y - rad}, {r.Max.X - rad, r.Max.Y - rad}} {
		dc.DrawCircle(float64(p.X), float64(p.Y), radius)
	}
	dc.SetColor(col)
	dc.Fill()
}

// StrokeRR outlines a rounded rectangle inside r.
func (c *Canvas) StrokeRR(r image.Rectangle, radius, width float64, col color.RGBA) {
	c.Mark(r)
	dc := c.GG()
	h := width / 2
	dc.DrawRoundedRectangle(float64(r.Min.X)+h, float64(r.Min.Y)+h, float64(r.Dx())-width, float64(r.Dy())-width, radius)
	dc.SetColor(col)
	dc.SetLineWidth(width)
	dc.Stroke()
}

// FillCircle fills a disc.
func (c *Canvas) FillCircle(cx, cy, r float64, col color.RGBA) {
	c.MarkF(cx-r, cy-r, cx+r, cy+r)
	dc := c.GG()
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(col)
	dc.Fill()
}

// StrokeCircle outlines a circle.
func (c *Canvas) StrokeCircle(cx, cy, r, width float64, col color.RGBA) {
	c.MarkF(cx-r-width, cy-r-width, cx+r+width, cy+r+width)
	dc := c.GG()
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(col)
	dc.SetLineWidth(width)
	dc.Stroke()
}

// Rect is the rectangle w×h pixels with its top-left corner at (x, y).
func Rect(x, y, w, h int) image.Rectangle { return image.Rect(x, y, x+w, y+h) }

// Mid returns the centre of r.
func Mid(r image.Rectangle) (float64, float64) {
	return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
}

// layoutRecord is the renderer's own record of the text a picture shows,
// which the tests read: its smallest text, which the phone test scales to
// a phone's width, and the first label that had to be shortened to fit.
type layoutRecord struct {
	size float64 // the smallest text's font pixel size (its em height)
	text string  // the smallest text
	// capH is the smallest height of capitals and digits drawn, as the
	// hinted font draws them, and capText the text drawn with it: what
	// the eye reads, which differs between fonts of one size.
	capH    float64
	capText string
	cut     string // the first label shortened with an ellipsis (see FitLabel)
}

// note keeps the smaller of the record and a text of size px whose
// capitals are capH px tall.
func (r *layoutRecord) note(size, capH float64, s string) {
	if s == "" {
		return
	}
	if r.text == "" || size < r.size {
		r.size, r.text = size, s
	}
	if r.capText == "" || capH < r.capH {
		r.capH, r.capText = capH, s
	}
}

// merge adds another record, a sprite's, to r.
func (r *layoutRecord) merge(o layoutRecord) {
	if o.text != "" && (r.text == "" || o.size < r.size) {
		r.size, r.text = o.size, o.text
	}
	if o.capText != "" && (r.capText == "" || o.capH < r.capH) {
		r.capH, r.capText = o.capH, o.capText
	}
	if r.cut == "" {
		r.cut = o.cut
	}
}

// Shortened returns the first label FitLabel had to shorten on this
// canvas, or "".
func (c *Canvas) Shortened() string { return c.record.cut }
