package atheneum

import (
	"encoding/binary"
	"image"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// A seat's shelves are drawn on their frame as a list of parts, in order:
// the title, the side shelves, the emblem, each compartment's books level
// by level with its spider and badge, the lit candles, then on the
// workbench the placeholders, the marks and their legend. Each part knows
// the rows it may draw on and can write what it shows as a key, so that
// a picture can be cut in bands named by the parts that reach them (see
// DrawWorkbench), and a band whose parts have not changed need not be
// drawn again.

// partKind is what a part draws.
type partKind uint8

const (
	partTitle       partKind = iota + 1 // the seat's disc, name, wands and score
	partSide                            // side shelf a (0 left, 1 right), empty
	partEmblem                          // the subject's emblem
	partBooks                           // the books of compartment a's level b
	partSpider                          // compartment a's spider
	partBadge                           // compartment a's value v
	partCandle                          // candle space a, lit, worth v
	partPlaceholder                     // placeholder a of the scene
	partTarget                          // target space a of the scene
	partCandleMark                      // candle space a, a target
	partLast                            // the outline of the last move
	partMarksLegend                     // the marks' legend line
)

// part is one thing drawn.
type part struct {
	kind   partKind
	a, b   int
	v      int
	at     image.Point     // where a spider or badge goes
	r      image.Rectangle // a space, candle or outline, in picture coordinates
	y0, y1 int             // the rows it may draw on
}

// shelfScene is what a seat's shelves picture shows: the seat's shelves as
// planned and, on the workbench, its placeholders and marks.
type shelfScene struct {
	g     *atheneum.Game
	seat  int
	p     *shelfPlan
	names []string
	w     int // the picture's width, for the title
	ph    []placeholder
	t     targets
	last  *atheneum.Action
	marks bool // the marks' legend is drawn (Marks.any)
	top   int  // the shelves' top
}

// shelfParts appends the parts of seat's shelves as planned, in the order
// drawShelves draws them.
func shelfParts(c *render.Canvas, g *atheneum.Game, seat int, p *shelfPlan, out []part) []part {
	st := p.st
	s := &g.Seats[seat]
	for i := range p.sides {
		if p.present[i] {
			a := p.sides[i].area.Add(p.at)
			out = append(out, part{kind: partSide, a: i, y0: a.Min.Y, y1: a.Max.Y})
		}
	}
	if e := p.l.emblem; !e.Empty() {
		e = e.Add(p.at)
		out = append(out, part{kind: partEmblem, r: e, y0: e.Min.Y - 8, y1: e.Max.Y + 8})
	}
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		comp := &s.Comps[id]
		if !comp.Present || comp.Width < 1 || comp.Levels < 1 {
			continue
		}
		b, ok := p.box(id)
		if !ok {
			continue
		}
		for lv := 0; lv < comp.Levels && lv < b.lv; lv++ {
			r := b.space(st, lv, 0)
			out = append(out, part{kind: partBooks, a: int(id), b: lv, y0: r.Min.Y - 4, y1: r.Max.Y + 4})
		}
		sp, bp := headSlots(&b, st, c)
		if comp.Spider {
			out = append(out, part{kind: partSpider, a: int(id), at: sp, y0: sp.Y, y1: sp.Y + st.spider})
		}
		if v := g.CompValue(seat, id); v > 0 {
			out = append(out, part{kind: partBadge, a: int(id), v: v, at: bp, y0: bp.Y, y1: bp.Y + st.badge})
		}
	}
	for k := 0; k < atheneum.NumCandles; k++ {
		if s.Candles[k] < 0 || g.CandleValue(seat, k) == 0 {
			continue
		}
		if r, ok := p.candle(k); ok {
			out = append(out, part{kind: partCandle, a: k, v: g.CandleValue(seat, k), r: r, y0: r.Min.Y - 6, y1: r.Max.Y + 6})
		}
	}
	return out
}

// parts lists everything the shelves picture draws on its frame, in
// order.
func (s *shelfScene) parts(c *render.Canvas, out []part) []part {
	out = append(out, part{kind: partTitle, y0: render.Margin - 4, y1: render.Margin + 56})
	out = shelfParts(c, s.g, s.seat, s.p, out)
	for i, r := range s.ph {
		rr := r.r.Add(s.p.at)
		out = append(out, part{kind: partPlaceholder, a: i, r: rr, y0: rr.Min.Y - 8, y1: rr.Max.Y + 8})
	}
	return s.markParts(c, out)
}

// textRows are the rows Canvas.TextMid marks for text in f centred on
// row cy (see Canvas.MarkF), with a pixel more each side.
func textRows(c *render.Canvas, cy float64, f render.FontSpec) (y0, y1 int) {
	base := cy + c.CapHeight(f)/2
	return int(base-1.2*f.Size) - 3, int(base+0.4*f.Size) + 4
}

// markParts appends the marks: the targets (dashed, with a "+" on empty
// spaces), the last move (solid, thicker) and the legend.
func (s *shelfScene) markParts(c *render.Canvas, out []part) []part {
	p := s.p
	for i, pos := range s.t.spaces {
		b, ok := p.box(pos.Comp)
		if !ok || pos.Level >= b.lv || pos.Space >= b.w {
			continue
		}
		r := b.space(p.st, pos.Level, pos.Space)
		y0, y1 := r.Min.Y, r.Max.Y
		if s.g.Seats[s.seat].Comps[pos.Comp].At(pos.Level, pos.Space).Color == atheneum.NoColor {
			// The plus and the coordinate (see draw) reach past a low
			// space.
			_, cy := render.Mid(targetInner(r, p.st))
			t0, _ := textRows(c, cy-12, render.Sans(28))
			_, t1 := textRows(c, cy+20, p.st.code)
			y0, y1 = min(y0, t0), max(y1, t1)
		}
		out = append(out, part{kind: partTarget, a: i, r: r, y0: y0, y1: y1})
	}
	for _, k := range s.t.candles {
		if r, ok := p.candle(k); ok {
			r = r.Inset(-3)
			out = append(out, part{kind: partCandleMark, a: k, r: r, y0: r.Min.Y - 2, y1: r.Max.Y + 2})
		}
	}
	if r, ok := s.lastOutline(); ok {
		out = append(out, part{kind: partLast, r: r, y0: r.Min.Y - 2, y1: r.Max.Y + 2})
	}
	if s.marks {
		y := s.legendY()
		out = append(out, part{kind: partMarksLegend, y0: y - 6, y1: y + legendLineH + 6})
	}
	return out
}

// legendY is the top of the marks' legend line.
func (s *shelfScene) legendY() int { return s.top + s.p.height + 16 + 2*legendLineH }

// lastOutline is the rectangle around the last move, false when it leaves
// no outline.
func (s *shelfScene) lastOutline() (image.Rectangle, bool) {
	last, p := s.last, s.p
	if last == nil {
		return image.Rectangle{}, false
	}
	switch last.Type {
	case atheneum.ActShelve, atheneum.ActRemove:
		b, ok := p.box(last.At.Comp)
		if !ok || last.At.Level >= b.lv || last.At.Space >= b.w {
			return image.Rectangle{}, false
		}
		r := b.space(p.st, last.At.Level, last.At.Space)
		if sp := s.g.Seats[s.seat].Comps[last.At.Comp].At(last.At.Level, last.At.Space); last.Type == atheneum.ActShelve && sp.Pair == atheneum.PairLeft && last.At.Space+1 < b.w {
			r.Max.X += p.st.cw
		}
		return r.Inset(-5), true
	case atheneum.ActToken:
		if last.Use != atheneum.UseCandle {
			return image.Rectangle{}, false
		}
		if r, ok := p.candle(last.Candle); ok {
			return r.Inset(-4), true
		}
	case atheneum.ActSideShelf:
		i := 0
		if last.Side == atheneum.SideRight {
			i = 1
		}
		if p.present[i] {
			return p.sides[i].cabinet.Add(p.at).Inset(-4), true
		}
	}
	return image.Rectangle{}, false
}

// draw draws one part of the scene.
func (s *shelfScene) draw(c *render.Canvas, pt *part) {
	switch pt.kind {
	case partTitle:
		seatTitle(c, s.g, s.seat, s.names, render.Margin+2, float64(s.w-render.Margin-2), render.Margin+36, render.Sans(28), render.Sans(18))
	case partPlaceholder:
		drawPlaceholder(c, pt.r, s.ph[pt.a].side)
	case partTarget:
		pos := s.t.spaces[pt.a]
		r := pt.r
		if comp := &s.g.Seats[s.seat].Comps[pos.Comp]; comp.At(pos.Level, pos.Space).Color == atheneum.NoColor {
			// Covers the coordinate, which the outline's legend and the
			// menu repeat, with a plus that reads at a glance.
			inner := targetInner(r, s.p.st)
			c.Blit(targetSlot(s.p.st, inner.Size()), inner.Min)
			cx, cy := render.Mid(inner)
			c.TextMid(pos.String(), cx, cy+20, s.p.st.code, colMark)
		}
		render.Dashed(c, r.Inset(2), 3, colMark)
	case partCandleMark:
		render.Dashed(c, pt.r, 3, render.Ink)
	case partLast:
		if s.last.Type == atheneum.ActShelve || s.last.Type == atheneum.ActRemove {
			// Outlines drawn at the same places click after click: their
			// spans are kept (see render.OutlineRR).
			r := pt.r.Inset(5)
			render.OutlineRR(c, r.Inset(-2), 6, 5, colMark)
			render.OutlineRR(c, r.Inset(-5), 8, 3, render.Ink)
		} else {
			render.OutlineRR(c, pt.r, 10, 4, render.Ink)
		}
	case partMarksLegend:
		drawMarksLegend(c, s.g, s.t, s.last, render.Margin+4, s.legendY(), s.w-2*render.Margin-8)
	default:
		drawShelfPart(c, s.g, s.seat, s.p, pt)
	}
}

// targetSlot is the slot with its plus drawn in an empty target space,
// size big, on the space's back: copied, not filled, at every target of
// every workbench picture (filling them was a twentieth of the
// workbench's time). The space's coordinate, which the slot covers, lies
// well inside it, clear of its rounded corners, so the slot's pixels are
// those it had filled over the space.
func targetSlot(st *shelfStyle, size image.Point) *render.Sprite {
	return sprites.Get(struct {
		k    string
		st   string
		size image.Point
	}{"target", st.key, size}, func() *image.RGBA {
		c := render.NewSprite(size.X, size.Y, colInterior)
		defer c.Release()
		inner := image.Rectangle{Max: size}
		c.FillRR(inner, 6, colSlot)
		cx, cy := render.Mid(inner)
		c.TextMid("+", cx, cy-12, render.Sans(28), colMark)
		return c.Img
	})
}

// targetInner is the slot drawn in an empty target space r.
func targetInner(r image.Rectangle, st *shelfStyle) image.Rectangle {
	inner := r.Inset(4)
	inner.Min.Y += st.bookTop
	return inner
}

// drawShelfPart draws one of shelfParts.
func drawShelfPart(c *render.Canvas, g *atheneum.Game, seat int, p *shelfPlan, pt *part) {
	st := p.st
	switch pt.kind {
	case partSide:
		c.Blit(sideSprite(g.Content, st, p.shapes[pt.a]), p.sides[pt.a].area.Min.Add(p.at))
	case partEmblem:
		e := pt.r
		cx, cy := render.Mid(e)
		r := min(float64(e.Dx()), float64(e.Dy()))*0.3 + 2
		subject := g.Seats[seat].Subject
		if st.codes {
			cy -= 12
			emblemDisc(c, e, cx, cy, r, subject)
			c.TextMid(render.Fit(c, c.T("render.shelf.favourite"), float64(e.Dx()-8), render.Cond(17)), cx, cy+r+18, render.Cond(17), render.Ink)
		} else {
			subjectDisc(c, cx, cy, r, subject, render.Sans(max(minText, r)))
		}
	case partBooks:
		b, _ := p.box(atheneum.CompID(pt.a))
		drawBooksLevel(c, &b, &g.Seats[seat].Comps[pt.a], st, pt.b)
	case partSpider:
		c.BlitOver(spiderSprite(st.spider), pt.at)
	case partBadge:
		c.BlitOver(badgeSprite(st.badge, pt.v, g.Seats[seat].Comps[pt.a].Full(), st.badgeF), pt.at)
	case partCandle:
		drawCandleSpace(c, pt.r, st, pt.a, pt.v, true)
	}
}

// emblemDisc draws subjectDisc(c, cx, cy, r, subject, Sans(r)) on the
// emblem e, whose flat panel the frame draws: the disc flattened onto the
// panel's colour once is copied rather than blended over it, the same
// pixels for a tenth of the time (the emblem is drawn again whenever a
// band of the upper tier's levels is).
func emblemDisc(c *render.Canvas, e image.Rectangle, cx, cy, r float64, subject atheneum.Color) {
	f := render.Sans(r)
	d := int(2*r + 0.5)
	at := image.Pt(int(cx-r+0.5), int(cy-r+0.5))
	if !image.Rect(at.X, at.Y, at.X+d, at.Y+d).In(e.Inset(8)) {
		// Over the panel's rounded corners or past them.
		subjectDisc(c, cx, cy, r, subject, f)
		return
	}
	l := c.Lang
	c.Blit(sprites.Get(struct {
		k   string
		r   float64
		col atheneum.Color
		l   i18n.Lang
	}{"emblem disc", r, subject, l}, func() *image.RGBA {
		fc := render.NewSprite(d, d, render.ParchmentDark)
		defer fc.Release()
		fc.BlitOver(discSprite(r, subject, f, l), image.Pt(0, 0))
		return fc.Img
	}), at)
}

// key appends what a part shows, besides what its kind and place (the
// layout, keyed apart) say: two parts of the same kind, place and key
// draw the same pixels over the same pixels.
func (s *shelfScene) key(buf []byte, c *render.Canvas, pt *part) []byte {
	g, seat := s.g, s.seat
	buf = append(buf, byte(pt.kind))
	buf = binary.AppendVarint(buf, int64(pt.a))
	buf = binary.AppendVarint(buf, int64(pt.b))
	buf = binary.AppendVarint(buf, int64(pt.v))
	str := func(x string) {
		buf = binary.AppendUvarint(buf, uint64(len(x)))
		buf = append(buf, x...)
	}
	num := func(x int) { buf = binary.AppendVarint(buf, int64(x)) }
	switch pt.kind {
	case partTitle:
		st := &g.Seats[seat]
		pts, final := score(g, seat)
		str(render.NameOf(c.Lang, s.names, seat))
		num(int(st.Subject))
		num(st.Wands)
		num(pts)
		num(int(b2f(final)))
	case partEmblem:
		num(int(g.Seats[seat].Subject))
	case partBooks:
		comp := &g.Seats[seat].Comps[pt.a]
		num(comp.Width)
		num(comp.Levels)
		for x := 0; x < comp.Width; x++ {
			sp := comp.At(pt.b, x)
			buf = append(buf, byte(sp.Color), byte(sp.Pair))
		}
	case partBadge:
		num(int(b2f(g.Seats[seat].Comps[pt.a].Full())))
	case partPlaceholder:
		str(string(s.ph[pt.a].side))
	case partTarget:
		pos := s.t.spaces[pt.a]
		num(int(pos.Comp))
		num(pos.Level)
		num(pos.Space)
		num(int(g.Seats[seat].Comps[pos.Comp].At(pos.Level, pos.Space).Color))
	case partLast:
		str(string(s.last.Type))
		num(pt.r.Min.X)
		num(pt.r.Min.Y)
		num(pt.r.Max.X)
		num(pt.r.Max.Y)
	case partMarksLegend:
		num(int(b2f(s.t.item != nil)))
		num(int(b2f(s.last != nil)))
		if s.t.item != nil {
			str(marksLegendLabel(c.Lang, g, s.t))
		}
	}
	return buf
}
