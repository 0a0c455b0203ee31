package render

import (
	"image"
	"image/color"
	"strconv"
	"sync"

	"atheneum/engine"
)

// shelfStyle is the scale at which a seat's shelves are drawn: full size on
// the seat's own picture, small on the table.
type shelfStyle struct {
	key       string
	cw, ch    int // one space
	wall      int // walls between compartments, boards between tiers
	head      int // the label strip above each compartment
	candle    image.Point
	sideCells int // spaces reserved on each side for a side shelf
	gap       int // between a side area and the main cabinet
	bookInset int // margin between a book and its space's sides
	bookTop   int // margin above a book
	labelH    int // call-number label height (full size only)
	codes     bool
	spider    int
	badge     int
	letter    fontSpec // a book's subject letter
	code      fontSpec // coordinates
	comp      fontSpec // compartment names
	badgeF    fontSpec
	candleF   fontSpec
	platePad  int        // room around a compartment's name on its plate
	bg        color.RGBA // what the shelves stand on
}

var (
	fullShelf = &shelfStyle{key: "full", cw: 58, ch: 82, wall: 12, head: 36, candle: image.Pt(104, 50),
		sideCells: 4, gap: 26, bookInset: 4, bookTop: 6, labelH: 21, codes: true, spider: 28, badge: 30,
		letter: sans(28), code: cond(14), comp: sans(19), badgeF: sans(16), candleF: sans(16),
		platePad: 12, bg: colParchment}
	miniShelf = &shelfStyle{key: "mini", cw: 36, ch: 48, wall: 7, head: 27, candle: image.Pt(64, 32),
		sideCells: 4, gap: 12, bookInset: 3, bookTop: 4, codes: false, spider: 19, badge: 23,
		letter: sans(17), code: cond(14), comp: sans(14), badgeF: sans(14), candleF: sans(14),
		platePad: 7, bg: colParchDark}
)

// compBox is where one compartment is drawn.
type compBox struct {
	id    engine.CompID
	inner image.Rectangle // the spaces
	head  image.Rectangle // its label strip
	w, lv int
}

// space returns the rectangle of a space (level 0 at the bottom).
func (b *compBox) space(st *shelfStyle, level, x int) image.Rectangle {
	return rect(b.inner.Min.X+x*st.cw, b.inner.Max.Y-(level+1)*st.ch, st.cw, st.ch)
}

// shelfLayout places a seat's shelves; it depends only on the content pack
// and the style, so it is computed once.
type shelfLayout struct {
	size     image.Point
	cabinet  image.Rectangle
	comps    [engine.NumMainComps]compBox
	emblem   image.Rectangle
	candles  []image.Rectangle // the main shelf's candle spaces
	sideArea [2]image.Rectangle
}

var layouts sync.Map

type layoutKey struct {
	c  *engine.Content
	st *shelfStyle
}

func layoutFor(ct *engine.Content, st *shelfStyle) *shelfLayout {
	k := layoutKey{ct, st}
	if v, ok := layouts.Load(k); ok {
		return v.(*shelfLayout)
	}
	v, _ := layouts.LoadOrStore(k, computeLayout(ct, st))
	return v.(*shelfLayout)
}

func computeLayout(ct *engine.Content, st *shelfStyle) *shelfLayout {
	l := &shelfLayout{}
	var tierW, tierLv [2]int
	for i := range ct.Main.Compartments {
		cs := ct.Main.Compartments[i]
		t := min(max(cs.Tier, 0), 1)
		tierW[t] += cs.Width*st.cw + st.wall
		tierLv[t] = max(tierLv[t], cs.Levels)
	}
	cabW := max(tierW[0], tierW[1]) + st.wall
	sideW := 2*st.wall + st.sideCells*st.cw
	candleArea := st.candle.Y + st.wall
	cabH := st.wall
	for t := 0; t < 2; t++ {
		cabH += st.head + tierLv[t]*st.ch + st.wall
	}
	cabH += st.wall // plinth
	cabX := sideW + st.gap
	l.cabinet = rect(cabX, candleArea, cabW, cabH)
	l.size = image.Pt(2*sideW+2*st.gap+cabW, candleArea+cabH)
	l.sideArea[0] = rect(0, 0, sideW, l.size.Y)
	l.sideArea[1] = rect(l.size.X-sideW, 0, sideW, l.size.Y)

	y := l.cabinet.Min.Y + st.wall
	bestLeft := -1
	for t := 0; t < 2; t++ {
		headY := y
		top := y + st.head
		x := l.cabinet.Min.X + st.wall
		for i := range ct.Main.Compartments {
			cs := ct.Main.Compartments[i]
			if min(max(cs.Tier, 0), 1) != t {
				continue
			}
			b := &l.comps[i]
			b.id, b.w, b.lv = engine.CompID(i), cs.Width, cs.Levels
			b.inner = rect(x, top+(tierLv[t]-cs.Levels)*st.ch, cs.Width*st.cw, cs.Levels*st.ch)
			// The label strip sits right on top of its compartment, even
			// when a taller neighbour leaves wood above it.
			b.head = rect(x, b.inner.Min.Y-st.head, cs.Width*st.cw, st.head)
			x += cs.Width*st.cw + st.wall
		}
		// The subject's emblem goes where a tier leaves the most room, as
		// on the printed shelf's upper right.
		if left := l.cabinet.Max.X - st.wall - x; left > bestLeft {
			bestLeft = left
			l.emblem = image.Rect(x, headY, l.cabinet.Max.X-st.wall, top+tierLv[t]*st.ch)
		}
		y = top + tierLv[t]*st.ch + st.wall
	}
	if bestLeft < st.cw {
		l.emblem = image.Rectangle{}
	}
	n := len(ct.Main.Candles)
	for k := 0; k < n; k++ {
		cx := l.cabinet.Min.X + cabW*(2*k+1)/(2*n)
		l.candles = append(l.candles, rect(cx-st.candle.X/2, candleArea-st.candle.Y-st.wall/2, st.candle.X, st.candle.Y))
	}
	return l
}

// sideLayout places a side shelf inside its reserved area: bottom-aligned
// with the main cabinet, its two candle spaces on top.
type sideLayout struct {
	cabinet image.Rectangle
	box     compBox
	candles [2]image.Rectangle
}

// headNeeds is the width a compartment's label strip needs for its name
// plate, spider and value badge.
func (st *shelfStyle) headNeeds(name string, c *canvas) int {
	return int(c.measure(name, st.comp)) + st.platePad + st.spider + st.badge + 10
}

func computeSide(l *shelfLayout, st *shelfStyle, id engine.CompID, spec engine.SideShelfSpec, c *canvas) sideLayout {
	var s sideLayout
	area := l.sideArea[0]
	if id == engine.CompRight {
		area = l.sideArea[1]
	}
	w := max(spec.Width, 1) * st.cw
	// A narrow shelf gets a wider cabinet, so its label strip fits.
	inner := max(w, st.headNeeds(id.String(), c))
	cabW := inner + 2*st.wall
	cabH := st.wall + st.head + spec.Levels*st.ch + 2*st.wall
	x := area.Min.X + (area.Dx()-cabW)/2
	s.cabinet = rect(x, l.cabinet.Max.Y-cabH, cabW, cabH)
	s.box.id, s.box.w, s.box.lv = id, spec.Width, spec.Levels
	s.box.head = rect(x+st.wall, s.cabinet.Min.Y+st.wall, inner, st.head)
	s.box.inner = rect(x+st.wall+(inner-w)/2, s.box.head.Max.Y, w, spec.Levels*st.ch)
	gap := (area.Dx() - 2*st.candle.X) / 3
	for k := 0; k < 2; k++ {
		s.candles[k] = rect(area.Min.X+gap+k*(st.candle.X+gap), s.cabinet.Min.Y-st.candle.Y-st.wall/2, st.candle.X, st.candle.Y)
	}
	return s
}

// drawCabinet draws a cabinet's wood.
func drawCabinet(c *canvas, r image.Rectangle, st *shelfStyle) {
	c.fillRR(r, float64(st.wall)/2+2, colWoodDark)
	c.fillRR(r.Inset(3), float64(st.wall)/2, colWood)
}

// drawEmptyCompartment draws a compartment's back, its spaces with their
// coordinates, and the plate with its name.
func drawEmptyCompartment(c *canvas, b *compBox, st *shelfStyle) {
	c.fill(b.inner.Inset(-2), colWoodDark)
	c.fill(b.inner, colInterior)
	for lv := 0; lv < b.lv; lv++ {
		for x := 0; x < b.w; x++ {
			r := b.space(st, lv, x)
			if x > 0 {
				c.fill(image.Rect(r.Min.X, r.Min.Y+st.bookTop, r.Min.X+1, r.Max.Y), colWoodDark)
			}
			if lv > 0 {
				// The board a level stands on.
				c.fill(image.Rect(r.Min.X, r.Max.Y-2, r.Max.X, r.Max.Y+1), colWoodDark)
			}
			if st.codes {
				cx, cy := mid(r)
				c.textMid(engine.Pos{Comp: b.id, Level: lv, Space: x}.String(), cx, cy+float64(st.bookTop)/2, st.code, colInteriorTx)
			}
		}
	}
	name := b.id.String()
	pw := int(c.measure(name, st.comp)) + st.platePad
	plate := rect(b.head.Min.X+2, b.head.Min.Y+(st.head-st.badge)/2, pw, st.badge)
	c.fillRR(plate, 5, colInterior)
	cx, cy := mid(plate)
	c.textMid(name, cx, cy, st.comp, colLabel)
}

// headSlots returns where a compartment's spider and value badge go.
func headSlots(b *compBox, st *shelfStyle, c *canvas) (spider, badge image.Point) {
	pw := int(c.measure(b.id.String(), st.comp)) + st.platePad
	by := b.head.Min.Y + (st.head-st.badge)/2
	badge = pt(b.head.Max.X-st.badge-2, by)
	sx := b.head.Min.X + 2 + pw + (badge.X-(b.head.Min.X+2+pw)-st.spider)/2
	return pt(sx, b.head.Min.Y+(st.head-st.spider)/2), badge
}

// drawCandleSpace draws an empty candle space: its number at the left
// (full size only), a holder in the middle where a candle stands, and the
// points a candle there scores at the right.
func drawCandleSpace(c *canvas, r image.Rectangle, st *shelfStyle, k, value int) {
	c.fillRR(r, 8, colWoodDark)
	c.fillRR(r.Inset(2), 7, colSlot)
	_, cy := mid(r)
	if st.codes {
		rad := float64(r.Dy())/2 - 8
		c.fillCircle(float64(r.Min.X)+rad+7, cy, rad, colInterior)
		c.textMid(strconv.Itoa(k+1), float64(r.Min.X)+rad+7, cy, st.candleF, colLabel)
	}
	// An empty brass holder where the candle would stand.
	hx := candleX(r, st)
	h := r.Dy() - 8
	c.fillRR(rect(hx, r.Max.Y-6-h/8, h/2, h/8+2), 2, colBrassDark)
	c.fill(rect(hx+h/4-1, r.Max.Y-6-h/8-h/8, 3, h/8), colBrassDark)
	c.text("+"+strconv.Itoa(value), float64(r.Max.X-7), cy+c.fs.get(st.candleF).capHeight/2, st.candleF, colWax, 1)
}

// candleX is the left edge of the candle in candle space r.
func candleX(r image.Rectangle, st *shelfStyle) int {
	h := r.Dy() - 8
	if st.codes {
		return r.Min.X + r.Dy() - 6 + 6
	}
	return r.Min.X + 8 + h/8
}

// candleAt draws a placed candle in candle space r.
func candleAt(c *canvas, r image.Rectangle, st *shelfStyle) {
	c.blitOver(candleSprite(r.Dy()-8), pt(candleX(r, st), r.Min.Y+4))
}

// sideSprite is a side shelf in its reserved area: parchment, the empty
// cabinet, its candle spaces.
func sideSprite(ct *engine.Content, st *shelfStyle, id engine.CompID, spec engine.SideShelfSpec) *image.RGBA {
	return sprites.get(struct {
		k    string
		c    *engine.Content
		st   *shelfStyle
		id   engine.CompID
		spec engine.SideShelfSpec
	}{"side", ct, st, id, spec}, func() *image.RGBA {
		l := layoutFor(ct, st)
		area := l.sideArea[0]
		if id == engine.CompRight {
			area = l.sideArea[1]
		}
		c := newSprite(area.Dx(), area.Dy(), st.bg)
		defer c.release()
		s := computeSide(l, st, id, spec, c)
		off := area.Min
		cab := s.cabinet.Sub(off)
		drawCabinet(c, cab, st)
		box := s.box
		box.inner, box.head = box.inner.Sub(off), box.head.Sub(off)
		drawEmptyCompartment(c, &box, st)
		for k := 0; k < 2; k++ {
			drawCandleSpace(c, s.candles[k].Sub(off), st, sideCandle(id, k), spec.Candles[k])
		}
		return c.img
	})
}

// sideCandle is the engine's candle index of a side shelf's k-th space.
func sideCandle(id engine.CompID, k int) int {
	if id == engine.CompRight {
		return 5 + k
	}
	return 3 + k
}

// shelvesFrame is everything on a seat's shelves that does not depend on
// the game: the main cabinet with empty compartments and candle spaces,
// and dashed outlines where side shelves may go.
func shelvesFrame(ct *engine.Content, st *shelfStyle, c *canvas, at image.Point) {
	l := layoutFor(ct, st)
	drawCabinet(c, l.cabinet.Add(at), st)
	for i := range l.comps {
		b := l.comps[i]
		b.inner, b.head = b.inner.Add(at), b.head.Add(at)
		drawEmptyCompartment(c, &b, st)
	}
	if !l.emblem.Empty() {
		c.fillRR(l.emblem.Add(at).Inset(2), 6, colParchDark)
	}
	for k, r := range l.candles {
		drawCandleSpace(c, r.Add(at), st, k, ct.Main.Candles[k])
	}
	for side := range l.sideArea {
		r := placeholder(l, st, side).Add(at)
		dc := c.gg()
		dc.SetDash(8, 6)
		c.strokeRR(r, 8, 2, colInkSoft)
		dc.SetDash()
		name := "no left side shelf"
		if side == 1 {
			name = "no right side shelf"
		}
		cx, cy := mid(r)
		c.textMid(fit(c, name, float64(r.Dx()-8), cond(minText)), cx, cy, cond(minText), colInkSoft)
	}
}

// placeholder is the outline drawn where a side shelf may go.
func placeholder(l *shelfLayout, st *shelfStyle, side int) image.Rectangle {
	a := l.sideArea[side]
	return image.Rect(a.Min.X+st.wall, l.cabinet.Max.Y-3*st.ch, a.Max.X-st.wall, l.cabinet.Max.Y)
}

// drawShelves draws seat's shelves with the top-left of the layout at at,
// over a frame drawn by shelvesFrame.
func drawShelves(c *canvas, g *engine.Game, seat int, st *shelfStyle, at image.Point) {
	ct := g.Content
	l := layoutFor(ct, st)
	s := &g.Seats[seat]
	var sides [2]sideLayout
	for i, id := range []engine.CompID{engine.CompLeft, engine.CompRight} {
		comp := &s.Comps[id]
		if !comp.Present {
			continue
		}
		spec, ok := ct.SideShelf(comp.SideShelf)
		if !ok || spec.Width != comp.Width || spec.Levels != comp.Levels {
			// A shelf the content pack does not know: draw it from the
			// compartment's own geometry, without candle values.
			spec = engine.SideShelfSpec{ID: comp.SideShelf, Width: comp.Width, Levels: comp.Levels}
		}
		sides[i] = computeSide(l, st, id, spec, c)
		// Copy only the cabinet and its candles: the rest of the sprite is
		// the background the frame already has.
		used := sides[i].cabinet.Union(sides[i].candles[0]).Union(sides[i].candles[1]).Union(placeholder(l, st, i)).Inset(-2).Intersect(l.sideArea[i])
		sp := sideSprite(ct, st, id, spec).SubImage(used.Sub(l.sideArea[i].Min)).(*image.RGBA)
		c.blit(sp, used.Min.Add(at))
	}
	if !l.emblem.Empty() {
		e := l.emblem.Add(at)
		cx, cy := mid(e)
		r := min(float64(e.Dx()), float64(e.Dy()))*0.3 + 2
		if st.codes {
			cy -= 12
			subjectDisc(c, cx, cy, r, s.Subject, sans(r))
			c.textMid("favourite", cx, cy+r+18, cond(16), colInk)
		} else {
			subjectDisc(c, cx, cy, r, s.Subject, sans(max(minText, r)))
		}
	}
	for id := engine.CompID(0); id < engine.NumComps; id++ {
		comp := &s.Comps[id]
		if !comp.Present || comp.Width < 1 || comp.Levels < 1 {
			continue
		}
		var b compBox
		if id.IsSide() {
			b = sides[id-engine.CompLeft].box
		} else if int(id) < len(l.comps) {
			b = l.comps[id]
		}
		b.inner, b.head = b.inner.Add(at), b.head.Add(at)
		drawBooks(c, &b, comp, st)
		sp, bp := headSlots(&b, st, c)
		if comp.Spider {
			c.blitOver(spiderSprite(st.spider), sp)
		}
		if v := g.CompValue(seat, id); v > 0 {
			c.blitOver(badgeSprite(st.badge, v, comp.Full(), st.badgeF), bp)
		}
	}
	for k := 0; k < engine.NumCandles; k++ {
		if s.Candles[k] < 0 || g.CandleValue(seat, k) == 0 {
			continue
		}
		var r image.Rectangle
		switch {
		case k < len(l.candles):
			r = l.candles[k]
		case k >= 3 && k < 5:
			r = sides[0].candles[k-3]
		case k >= 5:
			r = sides[1].candles[k-5]
		}
		if !r.Empty() {
			candleAt(c, r.Add(at), st)
		}
	}
}

// drawBooks draws the books of one compartment, each paired set as one
// piece across its two spaces, with call-number labels at full size.
func drawBooks(c *canvas, b *compBox, comp *engine.Compartment, st *shelfStyle) {
	for lv := 0; lv < comp.Levels && lv < b.lv; lv++ {
		for x := 0; x < comp.Width && x < b.w; x++ {
			sp := comp.At(lv, x)
			if sp.Color == engine.NoColor {
				continue
			}
			r := b.space(st, lv, x)
			paired := sp.Pair == engine.PairLeft && x+1 < comp.Width && x+1 < b.w && comp.At(lv, x+1).Color != engine.NoColor
			if paired {
				c.blit(pairSprite(st, sp.Color, comp.At(lv, x+1).Color), r.Min)
			} else if sp.Pair == engine.PairRight && x > 0 && comp.At(lv, x-1).Pair == engine.PairLeft {
				// Drawn with its left half.
			} else {
				c.blit(bookSprite(st, sp.Color), r.Min)
			}
			if st.codes {
				lr := labelRect(st, r)
				cx, cy := mid(lr)
				c.textMid(engine.Pos{Comp: b.id, Level: lv, Space: x}.String(), cx, cy, st.code, colInk)
			}
		}
	}
}
