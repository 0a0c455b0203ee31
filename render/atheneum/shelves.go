package atheneum

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
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
func DrawShelves(g *atheneum.Game, seat int, m Marks, o render.Options) (render.Picture, error) {
	return drawShelvesIn(g, seat, m, o, nil)
}

// drawShelvesIn draws DrawShelves's picture, whole and written by
// render.Finish, or in bands through cache when it is not nil (see
// DrawWorkbench).
func drawShelvesIn(g *atheneum.Game, seat int, m Marks, o render.Options, cache *render.BandCache) (render.Picture, error) {
	if err := checkSeat(g, seat); err != nil {
		return render.Picture{}, err
	}
	l := o.Language()
	var t targets
	if m.Item != 0 {
		t = targetsOf(g, seat, m.Item)
	}
	// Placeholders are drawn only for the sides a held side shelf may go to.
	// Shelves too tall for a phone at full size (with tall side shelves)
	// are drawn with lower levels.
	lines := shelvesLegendLines(m.any())
	top := render.Margin + 58
	var plan shelfPlan
	var ph []placeholder
	var w, h int
	for _, st := range []*shelfStyle{fullShelf, compactShelf} {
		plan, ph = planWithPlaceholders(g, seat, t.sides, st)
		w = plan.l.size.X + 2*render.Margin
		h = top + plan.height + 16 + lines*legendLineH + render.Margin
		if float64(h) <= MaxTall*float64(w) {
			break
		}
	}
	plan.at = image.Pt(render.Margin, top)
	f := frames.Get(struct {
		k     string
		c     *atheneum.Content
		st    *shelfStyle
		l     i18n.Lang
		h     int
		lines int
	}{"shelves", g.Content, plan.st, l, h, lines}, func() *image.RGBA {
		c := render.NewFrame(w, h, l)
		defer c.Release()
		c.Fill(image.Rect(render.Margin, render.Margin+48, w-render.Margin, render.Margin+50), render.ParchmentDark)
		shelvesFrame(g.Content, plan.st, c, plan.at)
		drawShelfLegend(c, render.Margin, top+plan.height+16, w-2*render.Margin)
		return c.Img
	})
	c := start(f, l)
	s := shelfScene{g: g, seat: seat, p: &plan, names: o.Names, w: w, ph: ph, t: t, last: m.Last, marks: m.any(), top: top}
	if cache != nil {
		fresh := func() *render.Canvas { return start(f, l) }
		return s.finishInBands(c, fresh, cache, h, shelvesAlt(l, g, seat, o.Names, t, m.Last))
	}
	var buf [64]part
	for _, pt := range s.parts(c, buf[:0]) {
		s.draw(c, &pt)
	}
	return render.Finish(c, shelvesAlt(l, g, seat, o.Names, t, m.Last))
}

// placeholder is a dashed outline where a held side shelf may go.
type placeholder struct {
	side atheneum.Side
	r    image.Rectangle
}

// planWithPlaceholders plans the shelves, and outlines below them for the
// sides a held side shelf may go to.
func planWithPlaceholders(g *atheneum.Game, seat int, sides []atheneum.Side, st *shelfStyle) (shelfPlan, []placeholder) {
	c := render.NewSprite(1, 1, render.Parchment)
	defer c.Release()
	plan := planShelves(c, g, seat, st)
	if len(sides) == 0 {
		return plan, nil
	}
	var out []placeholder
	size := image.Pt(2*st.candle.X+st.wall, st.candle.Y+2*st.ch+st.head)
	// In the row of side shelves when the free side has room, else below.
	inRow := plan.present[0] != plan.present[1] && len(sides) == 1
	top := plan.l.size.Y + st.sideGap
	if inRow {
		other := plan.sides[0].area
		if plan.present[1] {
			other = plan.sides[1].area
		}
		inRow = other.Dx()+size.X+2*st.wall <= plan.l.cabinet.Dx()
	}
	if !inRow {
		top = plan.height + st.sideGap
	}
	for _, s := range sides {
		x := plan.l.cabinet.Min.X
		if s == atheneum.SideRight {
			x = plan.l.cabinet.Max.X - size.X
		}
		out = append(out, placeholder{s, render.Rect(x, top, size.X, size.Y)})
	}
	plan.height = max(plan.height, top+size.Y)
	return plan, out
}

func drawPlaceholder(c *render.Canvas, r image.Rectangle, side atheneum.Side) {
	render.DashedRR(c, r, 10, 4, 10, 6, render.Ink)
	cx, cy := render.Mid(r)
	c.TextMid("+", cx, cy-18, render.Sans(34), render.Ink)
	c.TextMid(render.Fit(c, c.T("render.shelf.side."+string(side)), float64(r.Dx()-12), render.Cond(17)), cx, cy+24, render.Cond(17), render.Ink)
}

// drawShelfLegend explains the coordinates and symbols in two lines.
func drawShelfLegend(c *render.Canvas, x0, y, width int) {
	f := render.Cond(17)
	x := float64(x0) + 4
	base := float64(y) + 21
	c.TextFit(c.T("render.shelf.legend.coords"), x, base, float64(width-8), f, render.Ink)
	base += legendLineH
	c.BlitOver(spiderSprite(24), image.Pt(int(x), int(base)-19))
	x += 30
	x += c.Text(c.T("render.shelf.legend.spider"), x, base, f, render.Ink, 0) + 22
	c.BlitOver(badgeSprite(26, 5, false, render.Sans(minText)), image.Pt(int(x), int(base)-20))
	x += 32
	c.TextFit(c.T("render.shelf.legend.badge"), x, base, float64(x0+width)-x, f, render.Ink)
}

// drawMarksLegend explains the marks on one line.
func drawMarksLegend(c *render.Canvas, g *atheneum.Game, t targets, last *atheneum.Action, x0, y, width int) {
	f := render.Cond(17)
	x := float64(x0)
	base := float64(y) + 21
	end := float64(x0 + width)
	if t.item != nil {
		box := render.Rect(int(x), int(base)-19, 26, 24)
		c.FillRR(box, 5, colSlot)
		render.Dashed(c, box, 2.5, colMark)
		cx, cy := render.Mid(box)
		c.TextMid("+", cx, cy, render.Sans(17), colMark)
		x += 34
		x += c.TextFit(marksLegendLabel(c.Lang, g, t), x, base, end-x-(170*b2f(last != nil)), f, render.Ink) + 20
	}
	if last != nil {
		box := render.Rect(int(x), int(base)-19, 26, 24)
		render.OutlineRR(c, box, 5, 4, render.Ink)
		x += 34
		c.TextFit(c.T("render.shelf.legend.last"), x, base, end-x, f, render.Ink)
	}
}

// marksLegendLabel is the legend of the targets of t.item (not nil).
func marksLegendLabel(l i18n.Lang, g *atheneum.Game, t targets) string {
	if len(t.spaces)+len(t.candles)+len(t.sides) == 0 {
		return render.T(l, "render.shelf.legend.nowhere", "Item", itemName(l, g, t.item))
	}
	return render.T(l, "render.shelf.legend.targets", "Item", itemName(l, g, t.item))
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
			return render.T(l, "render.item.anybook")
		}
		return render.T(l, "render.item.book", "Colour", colourName(l, it.Color))
	case atheneum.ItemPair:
		return render.T(l, "render.item.pair", "First", colourName(l, it.Color), "Second", colourName(l, it.Color2))
	case atheneum.ItemToken:
		return render.T(l, "render.item.token")
	case atheneum.ItemSideShelf:
		return render.T(l, "render.item.side")
	case atheneum.ItemSpider:
		return render.T(l, "render.item.spider")
	}
	return render.T(l, "render.item.other")
}

// shelvesAlt describes a seat's shelves for screen readers: the seat, its
// score, each compartment's books, candles, side shelves, and the marks.
func shelvesAlt(l i18n.Lang, g *atheneum.Game, seat int, names []string, t targets, last *atheneum.Action) string {
	s := &g.Seats[seat]
	pts, _ := score(g, seat)
	books := 0
	// Rows read letter by letter ("TVG."), or cell by cell when a letter
	// has two ("T Vi Ve .").
	sep := ""
	for _, col := range atheneum.Colors {
		if len([]rune(letter(l, col))) > 1 {
			sep = " "
		}
	}
	var comps []string
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		comp := &s.Comps[id]
		if !comp.Present || comp.Width < 1 {
			continue
		}
		books += comp.Books()
		var letters []string
		for lv := comp.Levels - 1; lv >= 0; lv-- {
			row := make([]string, comp.Width)
			for x := range row {
				row[x] = "."
				if col := comp.At(lv, x).Color; col.IsBook() {
					row[x] = letter(l, col)
				}
			}
			letters = append(letters, strings.Join(row, sep))
		}
		key := "render.alt.comp"
		if comp.Full() {
			key = "render.alt.comp.full"
		}
		d := render.T(l, key, "Comp", id.String(), "Rows", strings.Join(letters, "/"), "Points", g.CompValue(seat, id))
		if comp.Spider {
			d += " " + render.T(l, "render.alt.spider")
		}
		comps = append(comps, d)
	}
	var lit []string
	for k := range s.Candles {
		if s.Candles[k] >= 0 && g.CandleValue(seat, k) > 0 {
			lit = append(lit, strconv.Itoa(k+1))
		}
	}
	parts := []string{render.T(l, "render.alt.shelves", "Name", render.AltName(l, names, seat), "Subject", subjectName(l, s.Subject),
		"Books", books, "Score", pts, "Wands", s.Wands)}
	parts = append(parts, render.T(l, "render.alt.rows")+" "+strings.Join(comps, "; ")+".")
	if len(lit) == 0 {
		parts = append(parts, render.T(l, "render.alt.nocandle"))
	} else {
		parts = append(parts, render.T(l, "render.alt.candles", "List", strings.Join(lit, ", ")))
	}
	if t.item != nil {
		var where []string
		for _, p := range t.spaces {
			where = append(where, p.String())
		}
		for _, k := range t.candles {
			where = append(where, render.T(l, "render.alt.candle", "Number", k+1))
		}
		for _, sd := range t.sides {
			where = append(where, render.T(l, "render.shelf.side."+string(sd)))
		}
		if len(where) == 0 {
			parts = append(parts, render.T(l, "render.shelf.legend.nowhere", "Item", itemName(l, g, t.item))+".")
		} else {
			parts = append(parts, render.T(l, "render.alt.targets", "Item", itemName(l, g, t.item), "List", strings.Join(where, ", ")))
		}
	}
	if last != nil {
		if at := lastPlace(l, last); at != "" {
			parts = append(parts, render.T(l, "render.alt.last", "Place", at))
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
			return render.T(l, "render.alt.candle", "Number", a.Candle+1)
		}
	case atheneum.ActSideShelf:
		return render.T(l, "render.shelf.side."+string(a.Side))
	}
	return ""
}
