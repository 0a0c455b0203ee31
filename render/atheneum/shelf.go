package atheneum

import (
	"image"
	"image/color"
	"strconv"
	"sync"

	"atheneum/engine/atheneum"
	"atheneum/render"
)

// shelfStyle is the scale at which a seat's shelves are drawn: full size on
// the seat's own picture, small on the replay.
type shelfStyle struct {
	key       string
	cw, ch    int // one space
	wall      int // walls between compartments, boards between tiers
	head      int // the label strip above each compartment
	candle    image.Point
	sideGap   int // between the main cabinet and the side shelves below it
	bookInset int // margin between a book and its space's sides
	bookTop   int // margin above a book
	labelH    int // call-number label height (full size only)
	codes     bool
	spider    int
	badge     int
	letter    render.FontSpec // a book's subject letter
	code      render.FontSpec // coordinates
	comp      render.FontSpec // compartment names
	badgeF    render.FontSpec
	candleF   render.FontSpec
	platePad  int        // room around a compartment's name on its plate
	bg        color.RGBA // what the shelves stand on
}

var (
	fullShelf = &shelfStyle{key: "full", cw: 58, ch: 82, wall: 12, head: 36, candle: image.Pt(104, 50),
		sideGap: 18, bookInset: 4, bookTop: 6, labelH: 22, codes: true, spider: 28, badge: 30,
		letter: render.Sans(28), code: render.Cond(16), comp: render.Sans(19), badgeF: render.Sans(17), candleF: render.Sans(17),
		platePad: 12, bg: render.Parchment}
	// compactShelf is fullShelf with lower levels, for the shelves that
	// would be too tall for a phone at full size (tall side shelves).
	compactShelf = &shelfStyle{key: "compact", cw: 58, ch: 56, wall: 12, head: 30, candle: image.Pt(104, 42),
		sideGap: 12, bookInset: 4, bookTop: 4, labelH: 20, codes: true, spider: 26, badge: 28,
		letter: render.Sans(26), code: render.Cond(16), comp: render.Sans(19), badgeF: render.Sans(17), candleF: render.Sans(17),
		platePad: 12, bg: render.Parchment}
	// tinyShelf fits two seats' shelves side by side on a phone picture.
	tinyShelf = &shelfStyle{key: "tiny", cw: 26, ch: 32, wall: 6, head: 24, candle: image.Pt(46, 26),
		sideGap: 10, bookInset: 2, bookTop: 3, codes: false, spider: 18, badge: 22,
		letter: render.Sans(16), code: render.Cond(16), comp: render.Sans(16), badgeF: render.Sans(minText), candleF: render.Sans(minText),
		platePad: 6, bg: render.ParchmentDark}
)

// compBox is where one compartment is drawn.
type compBox struct {
	id    atheneum.CompID
	inner image.Rectangle // the spaces
	head  image.Rectangle // its label strip
	w, lv int
}

// space returns the rectangle of a space (level 0 at the bottom).
func (b *compBox) space(st *shelfStyle, level, x int) image.Rectangle {
	return render.Rect(b.inner.Min.X+x*st.cw, b.inner.Max.Y-(level+1)*st.ch, st.cw, st.ch)
}

// shelfLayout places a seat's main shelf; it depends only on the content
// pack and the style, so it is computed once. Side shelves, which most
// seats do not have for most of the game, go below it (see placeSides), so
// that a picture is no wider with them and has no room kept empty for them.
type shelfLayout struct {
	size    image.Point
	cabinet image.Rectangle
	comps   [atheneum.NumMainComps]compBox
	emblem  image.Rectangle
	candles []image.Rectangle // the main shelf's candle spaces
}

var layouts sync.Map

type layoutKey struct {
	c  *atheneum.Content
	st *shelfStyle
}

func layoutFor(ct *atheneum.Content, st *shelfStyle) *shelfLayout {
	k := layoutKey{ct, st}
	if v, ok := layouts.Load(k); ok {
		return v.(*shelfLayout)
	}
	v, _ := layouts.LoadOrStore(k, computeLayout(ct, st))
	return v.(*shelfLayout)
}

func computeLayout(ct *atheneum.Content, st *shelfStyle) *shelfLayout {
	l := &shelfLayout{}
	var tierW, tierLv [2]int
	for i := range ct.Main.Compartments {
		cs := ct.Main.Compartments[i]
		t := min(max(cs.Tier, 0), 1)
		tierW[t] += cs.Width*st.cw + st.wall
		tierLv[t] = max(tierLv[t], cs.Levels)
	}
	cabW := max(tierW[0], tierW[1]) + st.wall
	candleArea := st.candle.Y + st.wall
	cabH := st.wall
	for t := 0; t < 2; t++ {
		cabH += st.head + tierLv[t]*st.ch + st.wall
	}
	cabH += st.wall // plinth
	l.cabinet = render.Rect(0, candleArea, cabW, cabH)
	l.size = image.Pt(cabW, candleArea+cabH)

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
			b.id, b.w, b.lv = atheneum.CompID(i), cs.Width, cs.Levels
			b.inner = render.Rect(x, top+(tierLv[t]-cs.Levels)*st.ch, cs.Width*st.cw, cs.Levels*st.ch)
			// The label strip sits right on top of its compartment, even
			// when a taller neighbour leaves wood above it.
			b.head = render.Rect(x, b.inner.Min.Y-st.head, cs.Width*st.cw, st.head)
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
		l.candles = append(l.candles, render.Rect(cx-st.candle.X/2, candleArea-st.candle.Y-st.wall/2, st.candle.X, st.candle.Y))
	}
	return l
}

// sideLayout places a side shelf: its two candle spaces on top of its
// cabinet, all inside area.
type sideLayout struct {
	area    image.Rectangle
	cabinet image.Rectangle
	box     compBox
	candles [2]image.Rectangle
}

// headNeeds is the width a compartment's label strip needs for its name
// plate, spider and value badge.
func (st *shelfStyle) headNeeds(name string, c *render.Canvas) int {
	return int(c.Measure(name, st.comp)) + st.platePad + st.spider + st.badge + 10
}

// sideShape is what a side shelf's drawing depends on.
type sideShape struct {
	id   atheneum.CompID
	spec atheneum.SideShelfSpec
}

// sideSize is the size of a side shelf's area: its cabinet with its candle
// spaces above.
func sideSize(st *shelfStyle, sh sideShape, c *render.Canvas) image.Point {
	w := max(sh.spec.Width, 1) * st.cw
	inner := max(w, st.headNeeds(sh.id.String(), c))
	cabW := inner + 2*st.wall
	cabH := st.wall + st.head + max(sh.spec.Levels, 1)*st.ch + 2*st.wall
	return image.Pt(max(cabW, 2*st.candle.X+st.wall), st.candle.Y+st.wall/2+cabH)
}

// layoutSide places a side shelf in an area of sideSize.
func layoutSide(st *shelfStyle, sh sideShape, area image.Rectangle, c *render.Canvas) sideLayout {
	s := sideLayout{area: area}
	w := max(sh.spec.Width, 1) * st.cw
	inner := max(w, st.headNeeds(sh.id.String(), c))
	cabW := inner + 2*st.wall
	cabH := st.wall + st.head + max(sh.spec.Levels, 1)*st.ch + 2*st.wall
	x := area.Min.X + (area.Dx()-cabW)/2
	s.cabinet = render.Rect(x, area.Max.Y-cabH, cabW, cabH)
	s.box.id, s.box.w, s.box.lv = sh.id, sh.spec.Width, sh.spec.Levels
	s.box.head = render.Rect(x+st.wall, s.cabinet.Min.Y+st.wall, inner, st.head)
	s.box.inner = render.Rect(x+st.wall+(inner-w)/2, s.box.head.Max.Y, w, sh.spec.Levels*st.ch)
	gap := (area.Dx() - 2*st.candle.X) / 3
	for k := 0; k < 2; k++ {
		s.candles[k] = render.Rect(area.Min.X+gap+k*(st.candle.X+gap), s.cabinet.Min.Y-st.candle.Y-st.wall/2, st.candle.X, st.candle.Y)
	}
	return s
}

// sidesOf returns the side shelves a seat has, by side (present false for
// a missing one).
func sidesOf(g *atheneum.Game, seat int) (shapes [2]sideShape, present [2]bool) {
	s := &g.Seats[seat]
	for i, id := range []atheneum.CompID{atheneum.CompLeft, atheneum.CompRight} {
		comp := &s.Comps[id]
		if !comp.Present {
			continue
		}
		spec, ok := g.Content.SideShelf(comp.SideShelf)
		if !ok || spec.Width != comp.Width || spec.Levels != comp.Levels {
			// A shelf the content pack does not know: draw it from the
			// compartment's own geometry, without candle values.
			spec = atheneum.SideShelfSpec{ID: comp.SideShelf, Width: comp.Width, Levels: comp.Levels}
		}
		shapes[i], present[i] = sideShape{id, spec}, true
	}
	return shapes, present
}

// sideRow places the side shelves present below the main cabinet: the
// left one under its left end, the right one under its right end, or one
// above the other when both do not fit side by side. It returns their
// places (relative to the layout's origin) and the height the row adds.
func sideRow(l *shelfLayout, st *shelfStyle, shapes [2]sideShape, present [2]bool, c *render.Canvas) ([2]sideLayout, int) {
	var out [2]sideLayout
	var size [2]image.Point
	for i := range shapes {
		if present[i] {
			size[i] = sideSize(st, shapes[i], c)
		}
	}
	if !present[0] && !present[1] {
		return out, 0
	}
	top := l.size.Y + st.sideGap
	rowH := max(size[0].Y, size[1].Y)
	stacked := present[0] && present[1] && size[0].X+size[1].X+2*st.wall > l.cabinet.Dx()
	if stacked {
		a := render.Rect(l.cabinet.Min.X, top, size[0].X, size[0].Y)
		b := render.Rect(l.cabinet.Max.X-size[1].X, a.Max.Y+st.sideGap, size[1].X, size[1].Y)
		out[0] = layoutSide(st, shapes[0], a, c)
		out[1] = layoutSide(st, shapes[1], b, c)
		return out, b.Max.Y - l.size.Y
	}
	for i := range shapes {
		if !present[i] {
			continue
		}
		x := l.cabinet.Min.X
		if i == 1 {
			x = l.cabinet.Max.X - size[1].X
		}
		// Bottom-aligned: both cabinets stand on the same floor.
		out[i] = layoutSide(st, shapes[i], render.Rect(x, top+rowH-size[i].Y, size[i].X, size[i].Y), c)
	}
	return out, st.sideGap + rowH
}

// drawCabinet draws a cabinet's wood.
func drawCabinet(c *render.Canvas, r image.Rectangle, st *shelfStyle) {
	c.FillRR(r, float64(st.wall)/2+2, colWoodDark)
	c.FillRR(r.Inset(3), float64(st.wall)/2, colWood)
}

// drawEmptyCompartment draws a compartment's back, its spaces with their
// coordinates, and the plate with its name.
func drawEmptyCompartment(c *render.Canvas, b *compBox, st *shelfStyle) {
	c.Fill(b.inner.Inset(-2), colWoodDark)
	c.Fill(b.inner, colInterior)
	for lv := 0; lv < b.lv; lv++ {
		for x := 0; x < b.w; x++ {
			r := b.space(st, lv, x)
			if x > 0 {
				c.Fill(image.Rect(r.Min.X, r.Min.Y+st.bookTop, r.Min.X+1, r.Max.Y), colWoodDark)
			}
			if lv > 0 {
				// The board a level stands on.
				c.Fill(image.Rect(r.Min.X, r.Max.Y-2, r.Max.X, r.Max.Y+1), colWoodDark)
			}
			if st.codes {
				cx, cy := render.Mid(r)
				c.TextMid(atheneum.Pos{Comp: b.id, Level: lv, Space: x}.String(), cx, cy+float64(st.bookTop)/2, st.code, colInteriorTx)
			}
		}
	}
	name := b.id.String()
	pw := int(c.Measure(name, st.comp)) + st.platePad
	plate := render.Rect(b.head.Min.X+2, b.head.Min.Y+(st.head-st.badge)/2, pw, st.badge)
	c.FillRR(plate, 5, colInterior)
	cx, cy := render.Mid(plate)
	c.TextMid(name, cx, cy, st.comp, colLabel)
}

// headSlots returns where a compartment's spider and value badge go.
func headSlots(b *compBox, st *shelfStyle, c *render.Canvas) (spider, badge image.Point) {
	pw := int(c.Measure(b.id.String(), st.comp)) + st.platePad
	by := b.head.Min.Y + (st.head-st.badge)/2
	badge = image.Pt(b.head.Max.X-st.badge-2, by)
	sx := b.head.Min.X + 2 + pw + (badge.X-(b.head.Min.X+2+pw)-st.spider)/2
	return image.Pt(sx, b.head.Min.Y+(st.head-st.spider)/2), badge
}

// drawCandleSpace draws a candle space: its number at the left (full size
// only), the points a candle there scores at the right, and in the middle
// either a lit candle on a bright ground or an empty holder on a dark one,
// so that lit and empty spaces differ in lightness as well as in shape.
func drawCandleSpace(c *render.Canvas, r image.Rectangle, st *shelfStyle, k, value int, lit bool) {
	ground, ink := colSlot, colWax
	if lit {
		ground, ink = colCandleLit, render.Ink
	}
	c.FillRR(r, 8, colWoodDark)
	c.FillRR(r.Inset(2), 7, ground)
	_, cy := render.Mid(r)
	if st.codes {
		rad := float64(r.Dy())/2 - 8
		c.FillCircle(float64(r.Min.X)+rad+7, cy, rad, colInterior)
		c.TextMid(strconv.Itoa(k+1), float64(r.Min.X)+rad+7, cy, st.candleF, colLabel)
	}
	hx := candleX(r, st)
	h := r.Dy() - 8
	if lit {
		c.BlitOver(candleSprite(h), image.Pt(hx, r.Min.Y+4))
	} else {
		// An empty brass holder where the candle would stand.
		c.FillRR(render.Rect(hx, r.Max.Y-6-h/8, h/2, h/8+2), 2, render.BrassDark)
		c.Fill(render.Rect(hx+h/4-1, r.Max.Y-6-h/8-h/8, 3, h/8), render.BrassDark)
	}
	if value > 0 {
		c.Text("+"+strconv.Itoa(value), float64(r.Max.X-6), cy+c.CapHeight(st.candleF)/2, st.candleF, ink, 1)
	}
}

// candleX is the left edge of the candle in candle space r.
func candleX(r image.Rectangle, st *shelfStyle) int {
	h := r.Dy() - 8
	if st.codes {
		return r.Min.X + r.Dy()
	}
	return r.Min.X + 5 + h/8
}

// sideSprite is a side shelf in its area: background, the empty cabinet,
// its empty candle spaces.
func sideSprite(ct *atheneum.Content, st *shelfStyle, sh sideShape) *render.Sprite {
	return sprites.Get(struct {
		k  string
		c  *atheneum.Content
		st *shelfStyle
		sh sideShape
	}{"side", ct, st, sh}, func() *image.RGBA {
		c := render.NewSprite(1, 1, st.bg)
		size := sideSize(st, sh, c)
		c.Release()
		c = render.NewSprite(size.X, size.Y, st.bg)
		defer c.Release()
		s := layoutSide(st, sh, render.Rect(0, 0, size.X, size.Y), c)
		drawCabinet(c, s.cabinet, st)
		drawEmptyCompartment(c, &s.box, st)
		for k := 0; k < 2; k++ {
			drawCandleSpace(c, s.candles[k], st, sideCandle(sh.id, k), sh.spec.Candles[k], false)
		}
		return c.Img
	})
}

// sideCandle is the engine's candle index of a side shelf's k-th space.
func sideCandle(id atheneum.CompID, k int) int {
	if id == atheneum.CompRight {
		return 5 + k
	}
	return 3 + k
}

// shelvesFrame is everything on a seat's main shelf that does not depend
// on the game: the cabinet with empty compartments and candle spaces.
func shelvesFrame(ct *atheneum.Content, st *shelfStyle, c *render.Canvas, at image.Point) {
	l := layoutFor(ct, st)
	drawCabinet(c, l.cabinet.Add(at), st)
	for i := range l.comps {
		b := l.comps[i]
		b.inner, b.head = b.inner.Add(at), b.head.Add(at)
		drawEmptyCompartment(c, &b, st)
	}
	if !l.emblem.Empty() {
		c.FillRR(l.emblem.Add(at).Inset(2), 6, render.ParchmentDark)
	}
	for k, r := range l.candles {
		drawCandleSpace(c, r.Add(at), st, k, ct.Main.Candles[k], false)
	}
}

// shelfPlan is where one seat's shelves are drawn: the main shelf's layout
// and the side shelves placed below it, all offset by at.
type shelfPlan struct {
	st      *shelfStyle
	l       *shelfLayout
	at      image.Point
	sides   [2]sideLayout
	shapes  [2]sideShape
	present [2]bool
	height  int // the whole drawing's height
}

func planShelves(c *render.Canvas, g *atheneum.Game, seat int, st *shelfStyle) shelfPlan {
	p := shelfPlan{st: st, l: layoutFor(g.Content, st)}
	p.shapes, p.present = sidesOf(g, seat)
	var extra int
	p.sides, extra = sideRow(p.l, st, p.shapes, p.present, c)
	p.height = p.l.size.Y + extra
	return p
}

// box returns compartment id's box in picture coordinates, false when the
// seat does not have it.
func (p *shelfPlan) box(id atheneum.CompID) (compBox, bool) {
	var b compBox
	switch {
	case id.IsSide():
		i := id - atheneum.CompLeft
		if !p.present[i] {
			return b, false
		}
		b = p.sides[i].box
	case int(id) < len(p.l.comps):
		b = p.l.comps[id]
	default:
		return b, false
	}
	b.inner, b.head = b.inner.Add(p.at), b.head.Add(p.at)
	return b, true
}

// candle returns candle space k's rectangle in picture coordinates.
func (p *shelfPlan) candle(k int) (image.Rectangle, bool) {
	var r image.Rectangle
	switch {
	case k < len(p.l.candles):
		r = p.l.candles[k]
	case k >= 3 && k < 5 && p.present[0]:
		r = p.sides[0].candles[k-3]
	case k >= 5 && k < 7 && p.present[1]:
		r = p.sides[1].candles[k-5]
	default:
		return r, false
	}
	return r.Add(p.at), true
}

// drawShelves draws seat's shelves as planned, over a frame drawn by
// shelvesFrame at p.at: their parts (see shelfParts), in order.
func drawShelves(c *render.Canvas, g *atheneum.Game, seat int, p *shelfPlan) {
	var buf [64]part
	for _, pt := range shelfParts(c, g, seat, p, buf[:0]) {
		drawShelfPart(c, g, seat, p, &pt)
	}
}

// drawBooksLevel draws the books of one level of a compartment, each
// paired set as one piece across its two spaces, with call-number labels
// at full size.
func drawBooksLevel(c *render.Canvas, b *compBox, comp *atheneum.Compartment, st *shelfStyle, lv int) {
	for x := 0; x < comp.Width && x < b.w; x++ {
		sp := comp.At(lv, x)
		if sp.Color == atheneum.NoColor {
			continue
		}
		r := b.space(st, lv, x)
		paired := sp.Pair == atheneum.PairLeft && x+1 < comp.Width && x+1 < b.w && comp.At(lv, x+1).Color != atheneum.NoColor
		if paired {
			c.Blit(pairSprite(st, sp.Color, comp.At(lv, x+1).Color, c.Lang), r.Min)
		} else if sp.Pair == atheneum.PairRight && x > 0 && comp.At(lv, x-1).Pair == atheneum.PairLeft {
			// Drawn with its left half.
		} else {
			c.Blit(bookSprite(st, sp.Color, c.Lang), r.Min)
		}
		if st.codes {
			lr := labelRect(st, r)
			cx, cy := render.Mid(lr)
			c.TextMid(atheneum.Pos{Comp: b.id, Level: lv, Space: x}.String(), cx, cy, st.code, render.Ink)
		}
	}
}
