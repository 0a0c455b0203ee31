package render

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// category is one part of a final score, with its colour in the chart.
// The colours avoid the sections' yellow, green and blue, which mean "you",
// "left" and "right" elsewhere.
type category struct {
	key string
	col color.RGBA
	ink color.RGBA
	pts func(r *atheneum.Result) int
}

var categories = []category{
	{"render.category.objectives", colBrass, colInk, func(r *atheneum.Result) int { return r.Objectives }},
	{"render.category.cards", colCardBack, colWhite, func(r *atheneum.Result) int { return r.Cards }},
	{"render.category.favourite", colSilver, colInk, func(r *atheneum.Result) int { return r.Favorite }},
	{"render.category.compartments", colWoodDark, colWhite, func(r *atheneum.Result) int { return r.Compartments }},
	{"render.category.candles", colFlame, colInk, func(r *atheneum.Result) int { return r.Candles }},
	{"render.category.wands", colInk, colWhite, func(r *atheneum.Result) int { return r.Wands }},
}

const (
	resW      = 2*cardW + cardGap + 2*margin
	resBlockH = 132
	resBarH   = 40
)

// ranked returns the results best first.
func ranked(g *atheneum.Game) []atheneum.Result {
	res := slices.Clone(g.Results)
	slices.SortStableFunc(res, func(a, b atheneum.Result) int {
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		return a.Seat - b.Seat
	})
	return res
}

// DrawResults draws the final scores: the winners; for each seat, best
// first, its rank, name and total, its points by category (objectives,
// cards, favourite subject, filled compartments, candles, wands) in words
// and numbers, and the tie-breakers; then the totals as bars split by
// category, in the same order as the words.
func DrawResults(g *atheneum.Game, o Options) (Picture, error) {
	if err := check(g); err != nil {
		return Picture{}, err
	}
	if g.Step != atheneum.StepOver || len(g.Results) == 0 {
		return Picture{}, ErrNotOver
	}
	l := o.lang()
	res := ranked(g)
	n := len(res)
	top := margin + 116
	chartTop := top + n*(resBlockH+10) + 56
	legendTop := chartTop + n*(resBarH+38)
	h := legendTop + 2*32 + margin
	f := frames.get(struct {
		k string
		n int
		l i18n.Lang
	}{"results", n, l}, func() *image.RGBA {
		c := newFrame(resW, h, l)
		defer c.release()
		c.text(c.tr("render.results.title"), margin+4, margin+40, title(38), colInk, 0)
		c.fill(image.Rect(margin, margin+56, resW-margin, margin+58), colParchDark)
		for i := 0; i < n; i++ {
			c.fillRR(rect(margin, top+i*(resBlockH+10), resW-2*margin, resBlockH), 10, colParchDark)
		}
		c.text(c.tr("render.results.chart"), margin+4, fx(chartTop-18), title(28), colInk, 0)
		// The legend repeats the blocks' order, so a colour is never the
		// only way to tell the categories apart.
		x, y := fx(margin+4), legendTop
		for _, cat := range categories {
			name := c.tr(cat.key)
			wd := 32 + c.measure(name, cond(17)) + 22
			if x+wd > fx(resW-margin) {
				x, y = fx(margin+4), y+32
			}
			c.fillRR(rect(int(x), y, 22, 22), 5, cat.col)
			c.strokeRR(rect(int(x), y, 22, 22), 5, 1.5, colInk)
			c.text(name, x+30, fx(y)+18, cond(17), colInk, 0)
			x += wd
		}
		return c.img
	})
	c := start(f, l)
	var winners []string
	for _, r := range res {
		if r.Rank == 1 && r.Seat >= 0 && r.Seat < len(g.Seats) {
			winners = append(winners, nameOf(l, o.Names, r.Seat))
		}
	}
	head := c.tr("render.results.winner", "Name", strings.Join(winners, c.tr("render.and")))
	if len(winners) > 1 {
		head = c.tr("render.results.shared", "Names", strings.Join(winners, c.tr("render.and")))
	}
	c.textFit(head, margin+4, margin+92, resW-2*margin-8, sans(22), colInk)
	maxTotal := 1
	for _, r := range res {
		maxTotal = max(maxTotal, r.Total)
	}
	for i, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		b := rect(margin, top+i*(resBlockH+10), resW-2*margin, resBlockH)
		y := fx(b.Min.Y) + 34
		drawMedal(c, fx(b.Min.X)+30, y-8, r.Rank)
		subjectDisc(c, fx(b.Min.X)+74, y-8, 15, g.Seats[r.Seat].Subject, sans(16))
		tw := c.text(strconv.Itoa(r.Total), fx(b.Max.X-14), y+4, sans(32), colInk, 1)
		c.textFit(nameOf(l, o.Names, r.Seat), fx(b.Min.X)+98, y, fx(b.Dx()-120)-tw, sans(22), colInk)
		// Points by category on two lines of three.
		for k, cat := range categories {
			cx := fx(b.Min.X) + 16 + fx(k%3)*fx(b.Dx()-32)/3
			cy := y + 32 + fx(k/3)*26
			v := strconv.Itoa(cat.pts(&r))
			vw := c.text(v, cx, cy, sans(17), colInk, 0)
			c.textFit(c.tr(cat.key), cx+vw+6, cy, fx(b.Dx()-32)/3-vw-12, cond(16), colInkSoft)
		}
		tie := c.tr("render.results.tie", "Books", r.Books, "Favourite", r.FavoriteBooks)
		c.textFit(tie, fx(b.Min.X)+16, y+86, fx(b.Dx()-32), cond(16), colInkSoft)

		// The bar: name above, segments in the legend's order.
		by := chartTop + i*(resBarH+38)
		c.textFit(nameOf(l, o.Names, r.Seat), margin+4, fx(by+18), fx(resW-2*margin-8), sans(18), colInk)
		bx := fx(margin + 4)
		full := fx(resW - 2*margin - 60)
		for _, cat := range categories {
			v := cat.pts(&r)
			if v <= 0 {
				continue
			}
			w := full * float64(v) / float64(maxTotal)
			seg := image.Rect(int(bx), by+26, int(bx+w), by+26+resBarH)
			c.fill(seg, cat.col)
			c.fill(image.Rect(seg.Max.X-1, seg.Min.Y, seg.Max.X, seg.Max.Y), colParchment)
			if label := strconv.Itoa(v); c.measure(label, sans(16))+6 < w {
				cx, cy := mid(seg)
				c.textMid(label, cx, cy, sans(16), cat.ink)
			}
			bx += w
		}
		c.text(strconv.Itoa(r.Total), bx+8, fx(by+26+resBarH/2+8), sans(20), colInk, 0)
	}
	return finish(c, resultsAlt(l, g, res, o.Names))
}

func resultsAlt(l i18n.Lang, g *atheneum.Game, res []atheneum.Result, names []string) string {
	parts := []string{tr(l, "render.alt.results")}
	for _, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		var cats []string
		for _, cat := range categories {
			cats = append(cats, tr(l, cat.key)+" "+strconv.Itoa(cat.pts(&r)))
		}
		parts = append(parts, tr(l, "render.alt.result", "Rank", r.Rank, "Name", altName(l, names, r.Seat), "Total", r.Total,
			"Categories", strings.Join(cats, ", "))+" "+tr(l, "render.results.tie", "Books", r.Books, "Favourite", r.FavoriteBooks)+".")
	}
	return strings.Join(parts, " ")
}
