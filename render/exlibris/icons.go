package exlibris

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// drawBook draws a book of category k as its shape, s pixels across,
// centred on (cx, cy).
func drawBook(c *render.Canvas, k exlibris.Category, cx, cy, s float64) {
	c.MarkF(cx-s, cy-s, cx+s, cy+s)
	dc := c.GG()
	h := s / 2
	switch k {
	case exlibris.Codex:
		r := s * 0.42
		dc.DrawRoundedRectangle(cx-r, cy-r, 2*r, 2*r, s*0.1)
	case exlibris.Fiction:
		dc.DrawCircle(cx, cy, s*0.46)
	case exlibris.History:
		dc.MoveTo(cx, cy-h)
		dc.LineTo(cx+h, cy+h*0.78)
		dc.LineTo(cx-h, cy+h*0.78)
		dc.ClosePath()
	case exlibris.Potions:
		dc.MoveTo(cx, cy-h*1.05)
		dc.LineTo(cx+h*0.86, cy)
		dc.LineTo(cx, cy+h*1.05)
		dc.LineTo(cx-h*0.86, cy)
		dc.ClosePath()
	case exlibris.Bestiary:
		dc.MoveTo(cx-h, cy-h*0.78)
		dc.LineTo(cx+h, cy-h*0.78)
		dc.LineTo(cx, cy+h)
		dc.ClosePath()
	case exlibris.Reference:
		a := s * 0.19
		pts := [][2]float64{{-a, -h}, {a, -h}, {a, -a}, {h, -a}, {h, a}, {a, a}, {a, h}, {-a, h}, {-a, a}, {-h, a}, {-h, -a}, {-a, -a}}
		for i, p := range pts {
			if i == 0 {
				dc.MoveTo(cx+p[0], cy+p[1])
			} else {
				dc.LineTo(cx+p[0], cy+p[1])
			}
		}
		dc.ClosePath()
	}
	dc.SetColor(catFill[k])
	dc.FillPreserve()
	dc.SetColor(catEdge)
	dc.SetLineWidth(math.Max(1, s/11))
	dc.Stroke()
}

// bookSprite is a category's book s pixels across, on a transparent ground
// (with a pixel of room for its edge).
func bookSprite(k exlibris.Category, s int) *render.Sprite {
	type key struct {
		k exlibris.Category
		s int
	}
	return sprites.Get(key{k, s}, func() *image.RGBA {
		c := render.NewSprite(s+2, s+2, color.RGBA{})
		defer c.Release()
		drawBook(c, k, float64(s+2)/2, float64(s+2)/2, float64(s))
		return c.Img
	})
}

// cardKind is how a card is drawn.
type cardKind uint8

const (
	faceUp   cardKind = iota // its code, letter count and books
	faceDown                 // turned down in a collection: its code on its back
	unknown                  // a card the view does not show: its back alone
)

// cardSprite is card id drawn w×h on the ground bg (its corners are
// rounded).
func cardSprite(id, w, h int, kind cardKind, bg color.RGBA) *render.Sprite {
	type key struct {
		id, w, h int
		kind     cardKind
		bg       color.RGBA
	}
	if kind == unknown {
		id = -1
	}
	return sprites.Get(key{id, w, h, kind, bg}, func() *image.RGBA {
		c := render.NewSprite(w, h, bg)
		c.Lang = i18n.English // a card has no words
		defer c.Release()
		drawCard(c, id, image.Rect(0, 0, w, h), kind)
		return c.Img
	})
}

// radius is a card's corner radius at width w.
func radius(w int) float64 { return math.Min(7, math.Max(3, float64(w)/10)) }

// drawCard draws card id in r: its code (letter and order) at the top, and
// the shapes of its books below; face down, its back with the code; of an
// unknown card, its back with an ornament.
func drawCard(c *render.Canvas, id int, r image.Rectangle, kind cardKind) {
	w, h := r.Dx(), r.Dy()
	rad := radius(w)
	edge := colCardEdge
	fill := colCard
	if kind != faceUp {
		edge, fill = render.Ink, colBack
	}
	c.FillRR(r, rad, edge)
	c.FillRR(r.Inset(2), math.Max(1, rad-1.5), fill)
	x0, y0 := float64(r.Min.X), float64(r.Min.Y)
	if kind == unknown {
		// A brass lozenge on the back.
		cx, cy := x0+float64(w)/2, y0+float64(h)/2
		s := math.Min(float64(w), float64(h)) * 0.28
		dc := c.GG()
		dc.MoveTo(cx, cy-s)
		dc.LineTo(cx+s*0.7, cy)
		dc.LineTo(cx, cy+s)
		dc.LineTo(cx-s*0.7, cy)
		dc.ClosePath()
		dc.SetColor(render.Brass)
		dc.Fill()
		return
	}
	info, _ := exlibris.Card(id)
	ink := render.Ink
	if kind == faceDown {
		ink = colBackInk
	}
	// The code: as large as the card allows, never under the phone's
	// minimum; on a narrow card the order goes under the letter.
	cs := codeSpec(c, id, w)
	lay := codeLayout(c, cs, w)
	if cs.stacked {
		c.Text(string(info.Letter), x0+float64(w)/2, y0+lay.base, cs.f, ink, 0.5)
		c.Text(strconv.Itoa(info.Order), x0+float64(w)/2, y0+lay.base2, cs.f, ink, 0.5)
	} else if cs.centred {
		c.Text(code(id), x0+float64(w)/2, y0+lay.base, cs.f, ink, 0.5)
	} else {
		cw := c.Text(code(id), x0+6, y0+lay.base, cs.f, ink, 0)
		if cs.of {
			c.Text("/"+strconv.Itoa(info.Of), x0+6+cw+2, y0+lay.base, render.Cond(minText), render.InkSoft, 0)
		}
	}
	bottom := y0 + lay.bottom
	if kind == faceDown {
		return
	}
	// The books, as large as the room left allows.
	var ks []exlibris.Category
	for k, n := range info.Icons {
		for range n {
			ks = append(ks, exlibris.Category(k))
		}
	}
	area := image.Rect(r.Min.X+4, int(bottom), r.Max.X-4, r.Max.Y-4)
	drawBooks(c, ks, area)
}

// codeStyle is how a card's code is written at a width.
type codeStyle struct {
	f       render.FontSpec
	centred bool // centred rather than from the left
	of      bool // with "/7", the cards of its letter
	stacked bool // letter over order, on a card too narrow for both
}

// codeSpec chooses how card id's code is written on a card w wide.
func codeSpec(c *render.Canvas, id, w int) codeStyle {
	info, _ := exlibris.Card(id)
	s := code(id)
	room := float64(w - 10)
	size := math.Min(26, math.Max(minText, float64(w)*0.3))
	for ; size >= minText; size-- {
		f := render.Sans(size)
		cw := c.Measure(s, f)
		if cw > room {
			continue
		}
		of := c.Measure("/"+strconv.Itoa(info.Of), render.Cond(minText))
		if w >= 60 && cw+2+of <= room {
			return codeStyle{f: f, of: true}
		}
		return codeStyle{f: f, centred: true}
	}
	if c.Measure(s, render.Cond(minText)) <= float64(w-4) {
		return codeStyle{f: render.Cond(minText), centred: true}
	}
	return codeStyle{f: render.Cond(minText), stacked: true}
}

// codeLines is where a card writes its code, from the card's top: the
// baseline (and the order's, stacked under the letter), and where its
// books start.
type codeLines struct{ base, base2, bottom float64 }

// codeLayout places a card's code of style cs on a card w wide: a narrow
// card keeps less room around it.
func codeLayout(c *render.Canvas, cs codeStyle, w int) codeLines {
	pad := 3.0
	if w >= 50 {
		pad = 5
	}
	capH := c.CapHeight(cs.f)
	l := codeLines{base: 2 + pad + capH}
	l.bottom = l.base + pad - 1
	if cs.stacked {
		l.base2 = l.base + capH + 5
		l.bottom = l.base2 + pad - 1
	}
	return l
}

// codeHeight is how much of a card w wide its code takes, from the top.
func codeHeight(c *render.Canvas, id, w int) int {
	return int(codeLayout(c, codeSpec(c, id, w), w).bottom + 0.999)
}

// drawBooks draws the books' shapes in area, as large as four of them fit
// (up to 24 pixels): on one line, in two, or in a column.
func drawBooks(c *render.Canvas, ks []exlibris.Category, area image.Rectangle) {
	n := len(ks)
	if n == 0 || area.Dx() < 4 || area.Dy() < 4 {
		return
	}
	const gap = 3
	aw, ah := float64(area.Dx()), float64(area.Dy())
	// Every card of a size draws its books at one size: the size four
	// books would have.
	m := max(n, 4)
	best, cols := 0.0, m
	for k := 1; k <= m; k++ {
		rows := (m + k - 1) / k
		s := math.Min((aw-float64(k-1)*gap)/float64(k), (ah-float64(rows-1)*gap)/float64(rows))
		if s > best+0.5 {
			best, cols = s, k
		}
	}
	s := math.Floor(math.Min(24, best))
	if s < 5 {
		return
	}
	cols = min(cols, n)
	rows := (n + cols - 1) / cols
	gw := float64(cols)*s + float64(cols-1)*gap
	gh := float64(rows)*s + float64(rows-1)*gap
	x0 := float64(area.Min.X) + (aw-gw)/2
	y0 := float64(area.Min.Y) + (ah-gh)/2
	for i, k := range ks {
		row, col := i/cols, i%cols
		inRow := cols
		if row == rows-1 && n%cols != 0 {
			inRow = n % cols
		}
		rx := x0 + (gw-(float64(inRow)*s+float64(inRow-1)*gap))/2
		drawBook(c, k, rx+float64(col)*(s+gap)+s/2, y0+float64(row)*(s+gap)+s/2, s)
	}
}

// cardMinH is the height a card w wide needs for its code and one line
// of books 7 pixels across (the widest code, "C10", the tallest).
func cardMinH(c *render.Canvas, w int) int {
	id, _ := exlibris.CardByCode("C10")
	return codeHeight(c, id, w) + 11
}

// tokenSprite is an assistant: a disc of its seat's colour with the
// seat's number (a special assistant: a square), d pixels across.
func tokenSprite(seat int, special bool, d int) *render.Sprite {
	type key struct {
		seat    int
		special bool
		d       int
	}
	return sprites.Get(key{seat, special, d}, func() *image.RGBA {
		c := render.NewSprite(d, d, color.RGBA{})
		c.Lang = i18n.English
		defer c.Release()
		drawToken(c, seat, special, 0, 0, d)
		return c.Img
	})
}

// drawToken draws an assistant of seat at (x, y), d pixels across.
func drawToken(c *render.Canvas, seat int, special bool, x, y, d int) {
	r := render.Rect(x, y, d, d)
	fd := float64(d)
	if special {
		c.FillRR(r, fd/4, render.Ink)
		c.FillRR(r.Inset(2), fd/4-1.5, seatFill[seat])
		render.DrawStar(c, float64(x)+fd-5, float64(y)+5, 5, render.Gold)
	} else {
		c.FillCircle(float64(x)+fd/2, float64(y)+fd/2, fd/2, render.Ink)
		c.FillCircle(float64(x)+fd/2, float64(y)+fd/2, fd/2-2, seatFill[seat])
	}
	c.TextMid(strconv.Itoa(seat+1), float64(x)+fd/2, float64(y)+fd/2, render.Sans(minText), seatInk(seat))
}

// drawLitBadge draws a place's number on a green disc centred on (cx, cy),
// its text size pixels (at least minText), and returns its width.
func drawLitBadge(c *render.Canvas, n int, cx, cy, size float64) float64 {
	size = math.Max(minText, math.Round(size))
	sp := badgeSprite(n, size)
	b := sp.Bounds()
	c.BlitOver(sp, image.Pt(int(math.Round(cx-float64(b.Dx())/2)), int(math.Round(cy-float64(b.Dy())/2))))
	return float64(b.Dx() - 2)
}

// badgeSize is a badge's width and height.
func badgeSize(c *render.Canvas, n int, size float64) (w, d float64) {
	d = math.Round(size * 1.5)
	return math.Round(math.Max(d, c.Measure(strconv.Itoa(n), render.Sans(size))+size*0.7)), d
}

// paintBadge paints a badge centred on (cx, cy).
func paintBadge(c *render.Canvas, n int, cx, cy, size float64) {
	w, d := badgeSize(c, n, size)
	r := image.Rect(int(cx-w/2), int(cy-d/2), int(cx-w/2)+int(w), int(cy-d/2)+int(d))
	c.FillRR(r, d/2, render.White)
	c.FillRR(r.Inset(2), d/2-2, colLit)
	c.TextMid(strconv.Itoa(n), cx, cy, render.Sans(size), render.White)
}

// framedRR fills r with a rounded rectangle of colour fill inside an
// outline of colour edge, width pixels wide: two flat fills, which are
// much faster than stroking a path.
func framedRR(c *render.Canvas, r image.Rectangle, rad, width int, edge, fill color.RGBA) {
	c.FillRR(r, float64(rad), edge)
	c.FillRR(r.Inset(width), float64(max(1, rad-width)), fill)
}

// slotSprite is an empty slot d pixels across on a tile (an auction's
// slot shows its bid, bid > 0).
func slotSprite(d, bid int) *render.Sprite {
	type key struct{ d, bid int }
	return sprites.Get(key{d, bid}, func() *image.RGBA {
		c := render.NewSprite(d, d, colTile)
		c.Lang = i18n.English
		defer c.Release()
		fd := float64(d)
		c.FillCircle(fd/2, fd/2, fd/2, colCardEdge)
		c.FillCircle(fd/2, fd/2, fd/2-1.5, colSlot)
		if bid > 0 {
			c.TextMid(strconv.Itoa(bid), fd/2, fd/2, render.Sans(minText), render.InkSoft)
		}
		return c.Img
	})
}

// numberSprite is a location's number on a brown disc, on a tile.
func numberSprite(n int) *render.Sprite {
	type key struct{ n int }
	return sprites.Get(key{n}, func() *image.RGBA {
		c := render.NewSprite(24, 24, colTile)
		c.Lang = i18n.English
		defer c.Release()
		c.FillCircle(12, 12, 12, render.FrameBrown)
		c.TextMid(strconv.Itoa(n), 12, 12, render.Cond(minText), render.White)
		return c.Img
	})
}

// hourglassSprite is the delayed effect's hourglass on a ground of colour
// bg.
func hourglassSprite(bg color.RGBA) *render.Sprite {
	type key struct{ bg color.RGBA }
	return sprites.Get(key{bg}, func() *image.RGBA {
		c := render.NewSprite(18, 22, bg)
		defer c.Release()
		drawHourglass(c, 9, 11)
		return c.Img
	})
}

// badgeSprite is a place's number on a green disc (see drawLitBadge), on
// a transparent ground.
func badgeSprite(n int, size float64) *render.Sprite {
	type key struct {
		n    int
		size float64
	}
	return sprites.Get(key{n, size}, func() *image.RGBA {
		probe := render.NewSprite(1, 1, color.RGBA{})
		w, d := badgeSize(probe, n, size)
		probe.Release()
		c := render.NewSprite(int(w)+2, int(d)+2, color.RGBA{})
		c.Lang = i18n.English
		defer c.Release()
		paintBadge(c, n, (w+2)/2, (d+2)/2, size)
		return c.Img
	})
}
