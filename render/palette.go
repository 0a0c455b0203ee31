package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"sync"
)

// The pictures use a small set of flat colours. They are drawn in RGBA
// (anti-aliased by gg and the font rasteriser) and then mapped onto their
// game's fixed palette of at most 256 colours through a lookup table, which
// is much faster than image/draw's quantiser and makes a PNG several times
// smaller than RGBA.

// RGB is the opaque colour 0xRRGGBB.
func RGB(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The design colours shared by every game's pictures: the parchment card,
// its frame and text, and the metals of medals and badges. Every one of
// them is in the palette exactly, so flat areas come out unchanged.
var (
	Parchment     = RGB(0xF4E8CC) // the card every picture is drawn on
	ParchmentDark = RGB(0xE6D3AA) // panels on the parchment
	FrameBrown    = RGB(0x4A2C17) // the card's border
	Ink           = RGB(0x2B1A0D) // text on parchment
	InkSoft       = RGB(0x6B4F36) // secondary text on parchment
	White         = RGB(0xFFFFFF)
	Brass         = RGB(0xD9A93A) // value badges
	BrassDark     = RGB(0x8A6414)
	Red           = RGB(0xB3362B) // warnings: what leaves, what is lost
	Gold          = RGB(0xE8B923)
	Silver        = RGB(0xB8BEC6)
	Bronze        = RGB(0xC07A3C)
)

// BaseColors lists the shared design colours, for a game's palette to
// start from.
func BaseColors() []color.RGBA {
	return []color.RGBA{Parchment, ParchmentDark, FrameBrown, Ink, InkSoft, White, Brass,
		BrassDark, Red, Gold, Silver, Bronze}
}

// BaseRamps are the pairs of shared colours whose anti-aliased edges are
// common (text on the card and on its panels, the frame's edge).
func BaseRamps() [][2]color.RGBA {
	return [][2]color.RGBA{{Ink, Parchment}, {InkSoft, Parchment}, {Ink, ParchmentDark},
		{White, FrameBrown}, {FrameBrown, Parchment}, {Ink, White}, {Ink, Brass}, {White, Red}}
}

// Mix returns the colour t of the way from a to b.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

const lutBits = 5

// quantizer maps RGB to palette indices through a table of 32x32x32 cells.
type quantizer struct {
	pal color.Palette
	lut [1 << (3 * lutBits)]uint8
}

// Palette is a fixed set of at most 256 colours that pictures are mapped
// onto before they are compressed: a game's design colours, which flat
// areas use and which map back exactly, then shades between the pairs of
// colours that meet along anti-aliased edges, then a coarse colour cube for
// anything else. Each game's picture package makes one (see NewPalette)
// and starts every picture from it (Start, Blank), so the same drawing
// always gives the same bytes. A palette also says how its pictures are
// written (see PaletteOption); With makes another way of writing the same
// colours. A Palette is safe for concurrent use.
type Palette struct {
	colours *paletteColours
	level   int  // the deflate level (see Level)
	compact bool // see Compact
}

// paletteColours are a palette's colours and lookup table, shared by the
// palettes With makes from it.
type paletteColours struct {
	exact []color.RGBA
	ramps [][2]color.RGBA
	once  sync.Once
	q     *quantizer
}

// NewPalette makes a palette of the colours exact (in that order, after
// which duplicates are dropped), three shades between each pair in ramps,
// and a 5×5×5 colour cube, cut at 256 colours. Its lookup table is built
// on first use (a few milliseconds). Most games start exact from the shared
// design colours (BaseColors) and ramps from BaseRamps.
func NewPalette(exact []color.RGBA, ramps [][2]color.RGBA, opts ...PaletteOption) *Palette {
	p := &Palette{colours: &paletteColours{exact: exact, ramps: ramps}, level: defaultLevel}
	for _, o := range opts {
		o(p)
	}
	return p
}

// With returns a palette of p's colours, sharing its lookup table (and the
// frames' tiles mapped onto it), whose pictures are written with p's
// options changed by opts: a game can write each kind of picture its own
// way.
func (p *Palette) With(opts ...PaletteOption) *Palette {
	q := *p
	for _, o := range opts {
		o(&q)
	}
	return &q
}

// A PaletteOption changes how a palette's pictures are written.
type PaletteOption func(*Palette)

// defaultLevel is the deflate level pictures are written at by default:
// klauspost's level 3 compresses these pictures to about the size
// image/png's default does, in about half the time.
const defaultLevel = 3

// HuffmanOnly is the deflate "level" that only entropy-codes the
// palette indices, finding no repeats: the fastest, and the largest.
const HuffmanOnly = -2

// Level writes a palette's pictures at deflate level n: 1 (fastest) to 9
// (smallest), HuffmanOnly, or Rows (the project's own encoder). Level 9
// takes about ten times as long as 8 for a few percent less. The default
// is 3. It panics on any other n, a bug in the game's code.
func Level(n int) PaletteOption {
	if n != HuffmanOnly && n != Rows && (n < 1 || n > 9) {
		panic(fmt.Sprintf("render: no deflate level %d", n))
	}
	return func(p *Palette) { p.level = n }
}

// Compact writes a PNG palette of only the colours a picture uses, in the
// palette's order, instead of the whole palette: a few hundred bytes
// fewer, and indices that compress a little better, for a pass over the
// picture. Pictures written in bands (FinishBands) cannot be compact.
func Compact() PaletteOption { return func(p *Palette) { p.compact = true } }

// Smallest writes a palette's pictures smaller, for about twice the time
// of the default (a few milliseconds): Level(8) and Compact, a fifth
// smaller in all.
func Smallest() PaletteOption {
	return func(p *Palette) { p.level, p.compact = 8, true }
}

// quant builds the palette and its lookup table once.
func (p *Palette) quant() *quantizer {
	pc := p.colours
	pc.once.Do(func() { pc.q = newQuantizer(pc.exact, pc.ramps) })
	return pc.q
}

// Colors returns the palette's colours, in the order the PNG lists them.
func (p *Palette) Colors() color.Palette { return p.quant().pal }

// Nearest returns the palette colour that c is drawn as.
func (p *Palette) Nearest(c color.RGBA) color.RGBA {
	q := p.quant()
	return q.pal[q.lut[cell(c)]].(color.RGBA)
}

func cell(c color.RGBA) int {
	return int(c.R>>(8-lutBits))<<(2*lutBits) | int(c.G>>(8-lutBits))<<lutBits | int(c.B>>(8-lutBits))
}

func newQuantizer(exact []color.RGBA, ramps [][2]color.RGBA) *quantizer {
	var cols []color.RGBA
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(cols) < 256 {
			seen[c] = true
			cols = append(cols, c)
		}
	}
	for _, c := range exact {
		add(c)
	}
	nExact := len(cols)
	for _, p := range ramps {
		for _, t := range []float64{0.25, 0.5, 0.75} {
			add(Mix(p[0], p[1], t))
		}
	}
	// A coarse cube catches whatever else an edge blends into.
	for r := 0; r < 5; r++ {
		for g := 0; g < 5; g++ {
			for b := 0; b < 5; b++ {
				add(color.RGBA{uint8(r * 255 / 4), uint8(g * 255 / 4), uint8(b * 255 / 4), 0xff})
			}
		}
	}
	q := &quantizer{pal: make(color.Palette, len(cols))}
	for i, c := range cols {
		q.pal[i] = c
	}
	const half = 1 << (7 - lutBits)
	for k := range q.lut {
		r := (k>>(2*lutBits))<<(8-lutBits) | half
		g := (k>>lutBits&(1<<lutBits-1))<<(8-lutBits) | half
		b := (k&(1<<lutBits-1))<<(8-lutBits) | half
		best, bestD := 0, 1<<30
		for i, c := range cols {
			// Weighted distance: the eye is most sensitive to green.
			dr, dg, db := r-int(c.R), g-int(c.G), b-int(c.B)
			d := 3*dr*dr + 4*dg*dg + 2*db*db
			if d < bestD {
				best, bestD = i, d
			}
		}
		q.lut[k] = uint8(best)
	}
	// The design colours own their cells, so flat areas map back exactly.
	for i := nExact - 1; i >= 0; i-- {
		q.lut[cell(cols[i])] = uint8(i)
	}
	return q
}

// toPaletted maps an opaque RGBA picture onto the palette.
func (q *quantizer) toPaletted(src *image.RGBA, dst *image.Paletted) {
	q.mapRect(src, dst, src.Rect)
}

// mapRect maps the rectangle r of src onto the same rectangle of dst; both
// start at (0, 0), row by row (see mapRow). A row whose pixels are those of
// the row above (most of a picture's rows: flat panels, the sides of
// cards) takes its indices from it, which comparing finds several times
// faster than mapping.
func (q *quantizer) mapRect(src *image.RGBA, dst *image.Paletted, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[y*src.Stride+4*r.Min.X : y*src.Stride+4*r.Max.X]
		d := dst.Pix[y*dst.Stride+r.Min.X : y*dst.Stride+r.Max.X]
		if y > r.Min.Y && bytes.Equal(s, src.Pix[(y-1)*src.Stride+4*r.Min.X:(y-1)*src.Stride+4*r.Max.X]) {
			copy(d, dst.Pix[(y-1)*dst.Stride+r.Min.X:(y-1)*dst.Stride+r.Max.X])
			continue
		}
		q.mapRow(d, s)
	}
}

// palettedPools recycle pictures' indices by size class, as rgbaPools
// do pictures' pixels.
var palettedPools sync.Map // size class -> *sync.Pool

func getPaletted(r image.Rectangle, pal color.Palette) *image.Paletted {
	w, h := r.Dx(), r.Dy()
	n := w * h
	if v, ok := classPool(&palettedPools, sizeClass(n)).Get().(*image.Paletted); ok {
		// The pools serve every game's palette.
		v.Pix, v.Stride, v.Rect, v.Palette = v.Pix[:n], w, image.Rect(0, 0, w, h), pal
		return v
	}
	return &image.Paletted{Pix: make([]uint8, n, sizeClass(n)), Stride: w, Rect: image.Rect(0, 0, w, h), Palette: pal}
}

func putPaletted(pm *image.Paletted) {
	if c := cap(pm.Pix); c == sizeClass(c) {
		pm.Palette = nil
		classPool(&palettedPools, c).Put(pm)
	}
}

// CheckTiles makes every encode also map the whole picture and compare,
// to catch a drawing call that forgot to mark its tiles (see Canvas.Mark);
// Finish then fails. Tests of picture packages set it; it costs time.
var CheckTiles bool

// encodeCanvas maps a picture onto its palette and compresses it. Tiles
// nobody drew on are copied from the frame's tiles mapped onto the
// palette, which are kept with the tiles.
func encodeCanvas(c *Canvas) ([]byte, error) {
	q := c.pal.quant()
	pm := c.pm
	if pm == nil {
		pm = getPaletted(c.Img.Rect, q.pal)
	}
	c.pm = nil
	defer putPaletted(pm)
	if c.dirty == nil {
		q.toPaletted(c.Img, pm)
	} else {
		w, h := c.Img.Rect.Dx(), c.Img.Rect.Dy()
		for ty := 0; ty*tileH < h; ty++ {
			y0, y1 := ty*tileH, min(h, (ty+1)*tileH)
			row := c.dirty[ty*c.tw : (ty+1)*c.tw]
			for tx := 0; tx < c.tw; {
				if !row[tx] {
					// A clean tile: the frame's, already mapped.
					c.frame.tiles[ty*c.tw+tx].indicesInto(c.pal, pm.Pix, y0*pm.Stride+tx*tileW, pm.Stride)
					tx++
					continue
				}
				if c.pmOK != nil && c.pmOK[ty*c.tw+tx] {
					// Only sprites were copied there: pm has its indices.
					tx++
					continue
				}
				// A run of dirty tiles, mapped at once.
				end := tx + 1
				for end < c.tw && row[end] && (c.pmOK == nil || !c.pmOK[ty*c.tw+end]) {
					end++
				}
				q.mapRect(c.Img, pm, image.Rect(tx*tileW, y0, min(w, end*tileW), y1))
				tx = end
			}
		}
		if CheckTiles {
			c.pixels()
			full := image.NewPaletted(pm.Rect, q.pal)
			q.toPaletted(c.Img, full)
			if !bytes.Equal(full.Pix, pm.Pix) {
				return nil, errors.New("render: a drawing call did not mark the tiles it drew on")
			}
		}
	}
	buf := outPool.Get().(*bytes.Buffer)
	defer outPool.Put(buf)
	buf.Reset()
	if c.pal.compact {
		compactPalette(pm)
	}
	if err := writePaletted(buf, pm, c.pal.level); err != nil {
		return nil, err
	}
	// The caller keeps the bytes; the buffer goes back to the pool.
	return bytes.Clone(buf.Bytes()), nil
}

var outPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// compactPalette gives pm a palette of only the colours it uses, in the
// palette's order, and numbers its pixels anew. Most of a picture is runs
// of one index: both passes read eight indices at a time, and skip (or
// write as before) eight that are the eight before them.
func compactPalette(pm *image.Paletted) {
	pix := pm.Pix
	var used [256]bool
	i := 0
	for prev := uint64(0); i+8 <= len(pix); i += 8 {
		w := binary.LittleEndian.Uint64(pix[i:])
		if w == prev && i > 0 {
			continue
		}
		prev = w
		for k := 0; k < 64; k += 8 {
			used[uint8(w>>k)] = true
		}
	}
	for _, v := range pix[i:] {
		used[v] = true
	}
	var remap [256]uint8
	var pal color.Palette
	same := true
	for i, u := range used {
		if u && i < len(pm.Palette) {
			remap[i] = uint8(len(pal))
			same = same && len(pal) == i
			pal = append(pal, pm.Palette[i])
		}
	}
	pm.Palette = pal
	if same {
		return // the colours used are the first ones: no index changes
	}
	i = 0
	for prevIn, prevOut := uint64(0), uint64(0); i+8 <= len(pix); i += 8 {
		w := binary.LittleEndian.Uint64(pix[i:])
		if w != prevIn || i == 0 {
			prevIn, prevOut = w, 0
			for k := 0; k < 64; k += 8 {
				prevOut |= uint64(remap[uint8(w>>k)]) << k
			}
		}
		binary.LittleEndian.PutUint64(pix[i:], prevOut)
	}
	for j := i; j < len(pix); j++ {
		pix[j] = remap[pix[j]]
	}
}
