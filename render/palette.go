package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"sync"

	"atheneum/engine/atheneum"
)

// The pictures use a small set of flat colours. They are drawn in RGBA
// (anti-aliased by gg and the font rasteriser) and then mapped onto one fixed
// 256-colour palette through a lookup table, which is much faster than
// image/draw's quantiser and makes a PNG several times smaller than RGBA.

// rgb is shorthand for an opaque colour.
func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The design colours. Every one of them is in the palette exactly, so flat
// areas come out unchanged.
var (
	colParchment  = rgb(0xF4E8CC) // the card every picture is drawn on
	colParchDark  = rgb(0xE6D3AA) // panels on the parchment
	colFrame      = rgb(0x4A2C17) // the card's border
	colInk        = rgb(0x2B1A0D) // text on parchment
	colInkSoft    = rgb(0x6B4F36) // secondary text on parchment
	colWood       = rgb(0x9C6634) // shelf cabinets
	colWoodDark   = rgb(0x6A4020) // cabinet edges and walls
	colWoodLight  = rgb(0xC08A52) // highlights on the wood
	colInterior   = rgb(0x3A2414) // the back of a compartment
	colInteriorTx = rgb(0xD2B48A) // coordinates on an empty space
	colLabel      = rgb(0xFFF9EC) // call-number label on a book spine
	colWhite      = rgb(0xFFFFFF)
	colBrass      = rgb(0xD9A93A) // value badges
	colBrassDark  = rgb(0x8A6414)
	colRed        = rgb(0xB3362B) // "leaves this turn"
	colWax        = rgb(0xFFF1CF)
	colFlame      = rgb(0xF39A1E)
	colFlameCore  = rgb(0xFFDD55)
	colSlot       = rgb(0x7B4D26) // an empty candle space
	colCandleLit  = rgb(0xFBD46A) // the glow of a candle space with a candle
	colMark       = rgb(0xFFFFFF) // outlines of the spaces an item may go to and of the last move
	colGrey       = rgb(0xA49C92) // a book of any colour
	colGreyDark   = rgb(0x5E5850)
	colSecYou     = rgb(0xF2C53D) // study card sections: yellow, green, blue
	colSecLeft    = rgb(0x79BD66)
	colSecRight   = rgb(0x5B98D6)
	colSecYouBg   = rgb(0xFBEDBF)
	colSecLeftBg  = rgb(0xDDEFD2)
	colSecRightBg = rgb(0xD4E4F5)
	colCardBack   = rgb(0x51306B)
	colGold       = rgb(0xE8B923)
	colSilver     = rgb(0xB8BEC6)
	colBronze     = rgb(0xC07A3C)
)

// The subjects' colours were chosen for lightness steps (about 15, 35, 52,
// 73 and 85 in CIE L*) as well as hue, so they stay apart for the common
// colour-vision deficiencies and in greyscale; every book also carries its
// letter.
var bookColors = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     rgb(0x168C88),
	atheneum.Purple:   rgb(0x6B3FA0),
	atheneum.Green:    rgb(0xB9E05E),
	atheneum.Pink:     rgb(0xF59BC9),
	atheneum.Black:    rgb(0x242424),
	atheneum.AnyColor: colGrey,
}

// bookDark is a darker shade of each book colour for spine bands.
var bookDark = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     rgb(0x0C5F5C),
	atheneum.Purple:   rgb(0x482670),
	atheneum.Green:    rgb(0x86AE33),
	atheneum.Pink:     rgb(0xC9679B),
	atheneum.Black:    rgb(0x000000),
	atheneum.AnyColor: colGreyDark,
}

// bookInk is the colour of the letter printed on a book: dark on the light
// books, white on the dark ones.
func bookInk(c atheneum.Color) color.RGBA {
	switch c {
	case atheneum.Green, atheneum.Pink, atheneum.AnyColor:
		return rgb(0x1A1A1A)
	}
	return colWhite
}

func colorOf(c atheneum.Color) color.RGBA {
	if int(c) < len(bookColors) {
		return bookColors[c]
	}
	return colGrey
}

func darkOf(c atheneum.Color) color.RGBA {
	if int(c) < len(bookDark) {
		return bookDark[c]
	}
	return colGreyDark
}

// exactColors lists the colours that flat areas use.
func exactColors() []color.RGBA {
	cs := []color.RGBA{colParchment, colParchDark, colFrame, colInk, colInkSoft, colWood, colWoodDark,
		colWoodLight, colInterior, colInteriorTx, colLabel, colWhite, colBrass, colBrassDark, colRed,
		colWax, colFlame, colFlameCore, colSlot, colGrey, colGreyDark, colSecYou, colSecLeft,
		colSecRight, colSecYouBg, colSecLeftBg, colSecRightBg, colCardBack, colGold, colSilver, colBronze, colCandleLit,
		rgb(0x1A1A1A)}
	for _, c := range atheneum.Colors {
		cs = append(cs, bookColors[c], bookDark[c])
	}
	return cs
}

// rampPairs are the colour pairs whose anti-aliased edges are common enough
// (text, book outlines) to deserve exact in-between shades.
func rampPairs() [][2]color.RGBA {
	p := [][2]color.RGBA{
		{colInk, colParchment}, {colInkSoft, colParchment}, {colInk, colParchDark},
		{colInteriorTx, colInterior}, {colInk, colLabel}, {colWhite, colFrame},
		{colWood, colParchment}, {colWoodDark, colWood}, {colInk, colBrass}, {colWhite, colInterior},
		{colInk, colSecYouBg}, {colInk, colSecLeftBg}, {colInk, colSecRightBg}, {colWhite, colRed},
		{colFrame, colParchment}, {colWhite, colWood}, {colInk, colWhite}, {colInk, colCandleLit},
		{colWhite, colSlot}, {colInk, colSecYou}, {colInk, colSecLeft}, {colInk, colSecRight},
	}
	for _, c := range atheneum.Colors {
		p = append(p, [2]color.RGBA{colorOf(c), colInterior}, [2]color.RGBA{bookInk(c), colorOf(c)})
	}
	return p
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

const lutBits = 5

// quantizer maps RGB to palette indices through a table of 32x32x32 cells.
type quantizer struct {
	pal color.Palette
	lut [1 << (3 * lutBits)]uint8
}

var (
	quantOnce sync.Once
	quant     *quantizer
)

// theQuantizer builds the palette and its lookup table once (a few ms).
func theQuantizer() *quantizer {
	quantOnce.Do(func() { quant = newQuantizer() })
	return quant
}

func cell(c color.RGBA) int {
	return int(c.R>>(8-lutBits))<<(2*lutBits) | int(c.G>>(8-lutBits))<<lutBits | int(c.B>>(8-lutBits))
}

func newQuantizer() *quantizer {
	var cols []color.RGBA
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(cols) < 256 {
			seen[c] = true
			cols = append(cols, c)
		}
	}
	for _, c := range exactColors() {
		add(c)
	}
	nExact := len(cols)
	for _, p := range rampPairs() {
		for _, t := range []float64{0.25, 0.5, 0.75} {
			add(mix(p[0], p[1], t))
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
// start at (0, 0). Flat areas are long runs of one colour, so a pixel equal
// to the one before it reuses its index without a table lookup.
func (q *quantizer) mapRect(src *image.RGBA, dst *image.Paletted, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[y*src.Stride+4*r.Min.X : y*src.Stride+4*r.Max.X]
		d := dst.Pix[y*dst.Stride+r.Min.X : y*dst.Stride+r.Max.X]
		prev, idx := uint32(1), uint8(0) // 1 is no opaque pixel's value
		for x := range d {
			v := binary.LittleEndian.Uint32(s[4*x:])
			if v != prev {
				prev = v
				idx = q.lut[(v>>(8-lutBits)&(1<<lutBits-1))<<(2*lutBits)|(v>>(16-lutBits)&(1<<lutBits-1))<<lutBits|(v>>(24-lutBits)&(1<<lutBits-1))]
			}
			d[x] = idx
		}
	}
}

var palettedPool sync.Pool

func getPaletted(r image.Rectangle, pal color.Palette) *image.Paletted {
	if v, ok := palettedPool.Get().(*image.Paletted); ok && cap(v.Pix) >= r.Dx()*r.Dy() {
		v.Pix = v.Pix[:r.Dx()*r.Dy()]
		v.Stride, v.Rect = r.Dx(), image.Rect(0, 0, r.Dx(), r.Dy())
		return v
	}
	return image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
}

// palFrames holds each frame already mapped onto the palette.
var palFrames sync.Map // *image.RGBA -> *image.Paletted

func palettedFrame(f *image.RGBA) *image.Paletted {
	if v, ok := palFrames.Load(f); ok {
		return v.(*image.Paletted)
	}
	q := theQuantizer()
	pm := image.NewPaletted(image.Rect(0, 0, f.Rect.Dx(), f.Rect.Dy()), q.pal)
	q.toPaletted(f, pm)
	v, _ := palFrames.LoadOrStore(f, pm)
	return v.(*image.Paletted)
}

// checkTiles makes every encode also map the whole picture and compare,
// to catch a drawing call that forgot to mark its tiles. Tests set it.
var checkTiles bool

// encodeCanvas maps a picture onto the palette and compresses it. Tiles
// nobody drew on are copied from the frame's mapped copy.
func encodeCanvas(c *canvas) ([]byte, error) {
	q := theQuantizer()
	pm := getPaletted(c.img.Rect, q.pal)
	defer palettedPool.Put(pm)
	if c.dirty == nil {
		q.toPaletted(c.img, pm)
	} else {
		pf := palettedFrame(c.frame)
		w, h := c.img.Rect.Dx(), c.img.Rect.Dy()
		for ty := 0; ty*tileH < h; ty++ {
			y0, y1 := ty*tileH, min(h, (ty+1)*tileH)
			row := c.dirty[ty*c.tw : (ty+1)*c.tw]
			for tx := 0; tx < c.tw; {
				// A run of tiles that are all dirty or all clean.
				end := tx + 1
				for end < c.tw && row[end] == row[tx] {
					end++
				}
				x0, x1 := tx*tileW, min(w, end*tileW)
				if row[tx] {
					q.mapRect(c.img, pm, image.Rect(x0, y0, x1, y1))
				} else {
					for y := y0; y < y1; y++ {
						copy(pm.Pix[y*pm.Stride+x0:y*pm.Stride+x1], pf.Pix[y*pf.Stride+x0:y*pf.Stride+x1])
					}
				}
				tx = end
			}
		}
		if checkTiles {
			full := image.NewPaletted(pm.Rect, q.pal)
			q.toPaletted(c.img, full)
			if !bytes.Equal(full.Pix, pm.Pix) {
				return nil, errors.New("render: a drawing call did not mark the tiles it drew on")
			}
		}
	}
	buf := outPool.Get().(*bytes.Buffer)
	defer outPool.Put(buf)
	buf.Reset()
	if err := writePaletted(buf, pm); err != nil {
		return nil, err
	}
	// The caller keeps the bytes; the buffer goes back to the pool.
	return bytes.Clone(buf.Bytes()), nil
}

var outPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}
