package render

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// Marks are what the workbench shows on a seat's shelves besides the
// shelves themselves.
type Marks struct {
	// Item is the id of the held item being placed (atheneum.Item.ID, from
	// 1): the spaces or candle spaces it may go to, as the engine's legal
	// actions for the seat list them, are outlined with a "+". 0 for none.
	Item int
	// Last is the seat's last move this turn, outlined; nil for none.
	Last *atheneum.Action
}

func (m Marks) any() bool { return m.Item != 0 || m.Last != nil }

// targets are the places an item may go to.
type targets struct {
	item    *atheneum.Item
	spaces  []atheneum.Pos // each space a book or half of a pair may cover
	candles []int
	sides   []atheneum.Side
}

// targetsOf lists where held item id of seat may go. The engine refuses to
// list actions on a view, whose secrets are gone; the seat's own shelves
// and held items are all a placement depends on, and a view keeps them, so
// the listing runs on a shallow copy that is not marked hidden (listing
// changes nothing).
func targetsOf(g *atheneum.Game, seat, id int) targets {
	var t targets
	s := &g.Seats[seat]
	for i := range s.Held {
		if s.Held[i].ID == id {
			t.item = &s.Held[i]
		}
	}
	if t.item == nil {
		return t
	}
	open := *g
	open.Hidden = false
	for _, a := range open.LegalActions(seat) {
		if a.Item != id {
			continue
		}
		switch {
		case a.Type == atheneum.ActShelve:
			t.spaces = append(t.spaces, a.At)
			if t.item.Kind == atheneum.ItemPair {
				t.spaces = append(t.spaces, atheneum.Pos{Comp: a.At.Comp, Level: a.At.Level, Space: a.At.Space + 1})
			}
		case a.Type == atheneum.ActToken && a.Use == atheneum.UseCandle:
			t.candles = append(t.candles, a.Candle)
		case a.Type == atheneum.ActSideShelf:
			t.sides = append(t.sides, a.Side)
		}
	}
	t.spaces = uniq(t.spaces, func(a, b atheneum.Pos) int {
		if a.Comp != b.Comp {
			return int(a.Comp) - int(b.Comp)
		}
		if a.Level != b.Level {
			return a.Level - b.Level
		}
		return a.Space - b.Space
	})
	t.candles = uniq(t.candles, func(a, b int) int { return a - b })
	t.sides = uniq(t.sides, func(a, b atheneum.Side) int { return strings.Compare(string(a), string(b)) })
	return t
}

func uniq[T comparable](s []T, cmp func(a, b T) int) []T {
	slices.SortFunc(s, cmp)
	return slices.Compact(s)
}

// shelvesLegendLines is how many lines the legend under the shelves takes:
// the coordinates and symbols, and one more for the marks.
func shelvesLegendLines(marked bool) int {
	if marked {
		return 3
	}
	return 2
}

const legendLineH = 30

// DrawShelves draws a seat's shelves: the main shelf's five compartments
// in their two tiers, any side shelves below it (left under the left end,
// right under the right end), every space with its coordinate, books with
// their letters, paired sets as one piece, waiting spiders, candle spaces
// (lit ones bright with a candle, empty ones dark) with their numbers and
// points, each compartment's value, and the seat's name, wands and score.
// Marks light where the item being placed may go and outline the last
// move. Pass the seat's own view (or the full game) for Marks.Item, which
// needs the seat's held items.
func DrawShelves(g *atheneum.Game, seat int, m Marks, o Options) (Picture, error) {
	if err := checkSeat(g, seat); err != nil {
		return Picture{}, err
	}
	l := o.lang()
	var t targets
	if m.Item != 0 {
		t = targetsOf(g, seat, m.Item)
	}
	// Placeholders are drawn only for the sides a held side shelf may go to.
	plan, ph := planWithPlaceholders(g, seat, t.sides)
	lines := shelvesLegendLines(m.any())
	w := plan.l.size.X + 2*margin
	top := margin + 58
	h := top + plan.height + 16 + lines*legendLineH + margin
	plan.at = pt(margin, top)
	f := frames.get(struct {
		k     string
		c     *atheneum.Content
		l     i18n.Lang
		h     int
		lines int
	}{"shelves", g.Content, l, h, lines}, func() *image.RGBA {
		c := newFrame(w, h, l)
		defer c.release()
		c.fill(image.Rect(margin, margin+48, w-margin, margin+50), colParchDark)
		shelvesFrame(g.Content, fullShelf, c, plan.at)
		drawShelfLegend(c, margin, top+plan.height+16, w-2*margin)
		return c.img
	})
	c := start(f, l)
	seatTitle(c, g, seat, o.Names, margin+2, fx(w-margin-2), margin+36, sans(28), sans(18))
	drawShelves(c, g, seat, &plan)
	for _, r := range ph {
		drawPlaceholder(c, r.r.Add(plan.at), r.side)
	}
	drawMarks(c, g, seat, &plan, ph, t, m.Last)
	if m.any() {
		drawMarksLegend(c, g, t, m.Last, margin+4, top+plan.height+16+2*legendLineH, w-2*margin-8)
	}
	return finish(c, shelvesAlt(l, g, seat, o.Names, t, m.Last))
}

// placeholder is a dashed outline where a held side shelf may go.
type placeholder struct {
	side atheneum.Side
	r    image.Rectangle
}

// planWithPlaceholders plans the shelves, and outlines below them for the
// sides a held side shelf may go to.
func planWithPlaceholders(g *atheneum.Game, seat int, sides []atheneum.Side) (shelfPlan, []placeholder) {
	c := newSprite(1, 1, colParchment)
	defer c.release()
	plan := planShelves(c, g, seat, fullShelf)
	if len(sides) == 0 {
		return plan, nil
	}
	var out []placeholder
	size := image.Pt(2*fullShelf.candle.X+fullShelf.wall, fullShelf.candle.Y+2*fullShelf.ch+fullShelf.head)
	top := plan.height + fullShelf.sideGap
	for _, s := range sides {
		x := plan.l.cabinet.Min.X
		if s == atheneum.SideRight {
			x = plan.l.cabinet.Max.X - size.X
		}
		out = append(out, placeholder{s, rect(x, top, size.X, size.Y)})
	}
	plan.height = top + size.Y
	return plan, out
}

func drawPlaceholder(c *canvas, r image.Rectangle, side atheneum.Side) {
	dc := c.gg()
	dc.SetDash(10, 6)
	c.strokeRR(r, 10, 4, colInk)
	dc.SetDash()
	cx, cy := mid(r)
	c.textMid("+", cx, cy-18, sans(34), colInk)
	c.textMid(fit(c, c.tr("render.shelf.side."+string(side)), float64(r.Dx()-12), cond(17)), cx, cy+24, cond(17), colInk)
}

// drawMarks outlines the targets (dashed, with a "+" on empty spaces) and
// the last move (solid, thicker).
func drawMarks(c *canvas, g *atheneum.Game, seat int, p *shelfPlan, ph []placeholder, t targets, last *atheneum.Action) {
	for _, pos := range t.spaces {
		b, ok := p.box(pos.Comp)
		if !ok || pos.Level >= b.lv || pos.Space >= b.w {
			continue
		}
		r := b.space(p.st, pos.Level, pos.Space)
		if comp := &g.Seats[seat].Comps[pos.Comp]; comp.At(pos.Level, pos.Space).Color == atheneum.NoColor {
			// Covers the coordinate, which the outline's legend and the
			// menu repeat, with a plus that reads at a glance.
			inner := r.Inset(4)
			inner.Min.Y += p.st.bookTop
			c.fillRR(inner, 6, colSlot)
			cx, cy := mid(inner)
			c.textMid("+", cx, cy-12, sans(28), colMark)
			c.textMid(pos.String(), cx, cy+20, p.st.code, colMark)
		}
		dashed(c, r.Inset(2), 3, colMark)
	}
	for _, k := range t.candles {
		if r, ok := p.candle(k); ok {
			dashed(c, r.Inset(-3), 3, colInk)
		}
	}
	if last == nil {
		return
	}
	switch last.Type {
	case atheneum.ActShelve, atheneum.ActRemove:
		b, ok := p.box(last.At.Comp)
		if !ok || last.At.Level >= b.lv || last.At.Space >= b.w {
			return
		}
		r := b.space(p.st, last.At.Level, last.At.Space)
		if sp := g.Seats[seat].Comps[last.At.Comp].At(last.At.Level, last.At.Space); last.Type == atheneum.ActShelve && sp.Pair == atheneum.PairLeft && last.At.Space+1 < b.w {
			r.Max.X += p.st.cw
		}
		c.strokeRR(r.Inset(-2), 6, 5, colMark)
		c.strokeRR(r.Inset(-5), 8, 3, colInk)
	case atheneum.ActToken:
		if last.Use != atheneum.UseCandle {
			return
		}
		if r, ok := p.candle(last.Candle); ok {
			c.strokeRR(r.Inset(-4), 10, 4, colInk)
		}
	case atheneum.ActSideShelf:
		i := 0
		if last.Side == atheneum.SideRight {
			i = 1
		}
		if p.present[i] {
			c.strokeRR(p.sides[i].cabinet.Add(p.at).Inset(-4), 10, 4, colInk)
		}
	}
}

// drawShelfLegend explains the coordinates and symbols in two lines.
func drawShelfLegend(c *canvas, x0, y, width int) {
	f := cond(17)
	x := fx(x0) + 4
	base := fx(y) + 21
	c.textFit(c.tr("render.shelf.legend.coords"), x, base, fx(width-8), f, colInk)
	base += legendLineH
	c.blitOver(spiderSprite(24), pt(int(x), int(base)-19))
	x += 30
	x += c.text(c.tr("render.shelf.legend.spider"), x, base, f, colInk, 0) + 22
	c.blitOver(badgeSprite(26, 5, false, sans(15)), pt(int(x), int(base)-20))
	x += 32
	c.textFit(c.tr("render.shelf.legend.badge"), x, base, fx(x0+width)-x, f, colInk)
}

// drawMarksLegend explains the marks on one line.
func drawMarksLegend(c *canvas, g *atheneum.Game, t targets, last *atheneum.Action, x0, y, width int) {
	f := cond(17)
	x := fx(x0)
	base := fx(y) + 21
	end := fx(x0 + width)
	if t.item != nil {
		box := rect(int(x), int(base)-19, 26, 24)
		c.fillRR(box, 5, colSlot)
		dashed(c, box, 2.5, colMark)
		cx, cy := mid(box)
		c.textMid("+", cx, cy, sans(17), colMark)
		x += 34
		label := c.tr("render.shelf.legend.targets", "Item", itemName(c.lang, g, t.item))
		if len(t.spaces)+len(t.candles)+len(t.sides) == 0 {
			label = c.tr("render.shelf.legend.nowhere", "Item", itemName(c.lang, g, t.item))
		}
		x += c.textFit(label, x, base, end-x-(170*b2f(last != nil)), f, colInk) + 20
	}
	if last != nil {
		box := rect(int(x), int(base)-19, 26, 24)
		c.strokeRR(box, 5, 4, colInk)
		x += 34
		c.textFit(c.tr("render.shelf.legend.last"), x, base, end-x, f, colInk)
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// itemName names a held item in l, for the legend and the alt text.
func itemName(l i18n.Lang, g *atheneum.Game, it *atheneum.Item) string {
	switch it.Kind {
	case atheneum.ItemBook:
		if it.Color == atheneum.AnyColor {
			return tr(l, "render.item.anybook")
		}
		return tr(l, "render.item.book", "Colour", colourName(l, it.Color))
	case atheneum.ItemPair:
		return tr(l, "render.item.pair", "First", colourName(l, it.Color), "Second", colourName(l, it.Color2))
	case atheneum.ItemToken:
		return tr(l, "render.item.token")
	case atheneum.ItemSideShelf:
		return tr(l, "render.item.side")
	case atheneum.ItemSpider:
		return tr(l, "render.item.spider")
	}
	return tr(l, "render.item.other")
}

// shelvesAlt describes a seat's shelves for screen readers: the seat, its
// score, each compartment's books, candles, side shelves, and the marks.
func shelvesAlt(l i18n.Lang, g *atheneum.Game, seat int, names []string, t targets, last *atheneum.Action) string {
	s := &g.Seats[seat]
	pts, _ := score(g, seat)
	books := 0
	var comps []string
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		comp := &s.Comps[id]
		if !comp.Present || comp.Width < 1 {
			continue
		}
		books += comp.Books()
		var letters []string
		for lv := comp.Levels - 1; lv >= 0; lv-- {
			var row strings.Builder
			for x := 0; x < comp.Width; x++ {
				if col := comp.At(lv, x).Color; col.IsBook() {
					row.WriteByte(col.Letter())
				} else {
					row.WriteByte('.')
				}
			}
			letters = append(letters, row.String())
		}
		key := "render.alt.comp"
		if comp.Full() {
			key = "render.alt.comp.full"
		}
		d := tr(l, key, "Comp", id.String(), "Rows", strings.Join(letters, "/"), "Points", g.CompValue(seat, id))
		if comp.Spider {
			d += " " + tr(l, "render.alt.spider")
		}
		comps = append(comps, d)
	}
	var lit []string
	for k := range s.Candles {
		if s.Candles[k] >= 0 && g.CandleValue(seat, k) > 0 {
			lit = append(lit, strconv.Itoa(k+1))
		}
	}
	parts := []string{tr(l, "render.alt.shelves", "Name", altName(l, names, seat), "Subject", subjectName(l, s.Subject),
		"Books", books, "Score", pts, "Wands", s.Wands)}
	parts = append(parts, tr(l, "render.alt.rows")+" "+strings.Join(comps, "; ")+".")
	if len(lit) == 0 {
		parts = append(parts, tr(l, "render.alt.nocandle"))
	} else {
		parts = append(parts, tr(l, "render.alt.candles", "List", strings.Join(lit, ", ")))
	}
	if t.item != nil {
		var where []string
		for _, p := range t.spaces {
			where = append(where, p.String())
		}
		for _, k := range t.candles {
			where = append(where, tr(l, "render.alt.candle", "Number", k+1))
		}
		for _, sd := range t.sides {
			where = append(where, tr(l, "render.shelf.side."+string(sd)))
		}
		if len(where) == 0 {
			parts = append(parts, tr(l, "render.shelf.legend.nowhere", "Item", itemName(l, g, t.item))+".")
		} else {
			parts = append(parts, tr(l, "render.alt.targets", "Item", itemName(l, g, t.item), "List", strings.Join(where, ", ")))
		}
	}
	if last != nil {
		if at := lastPlace(l, last); at != "" {
			parts = append(parts, tr(l, "render.alt.last", "Place", at))
		}
	}
	return strings.Join(parts, " ")
}

// lastPlace names where the last move happened, "" when it left no mark.
func lastPlace(l i18n.Lang, a *atheneum.Action) string {
	switch a.Type {
	case atheneum.ActShelve, atheneum.ActRemove:
		return a.At.String()
	case atheneum.ActToken:
		if a.Use == atheneum.UseCandle {
			return tr(l, "render.alt.candle", "Number", a.Candle+1)
		}
	case atheneum.ActSideShelf:
		return tr(l, "render.shelf.side."+string(a.Side))
	}
	return ""
}
