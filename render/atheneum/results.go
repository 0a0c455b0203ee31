package atheneum

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
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
	{"render.category.objectives", render.Brass, render.Ink, func(r *atheneum.Result) int { return r.Objectives }},
	{"render.category.cards", colCardBack, render.White, func(r *atheneum.Result) int { return r.Cards }},
	{"render.category.favourite", render.Silver, render.Ink, func(r *atheneum.Result) int { return r.Favorite }},
	{"render.category.compartments", colWoodDark, render.White, func(r *atheneum.Result) int { return r.Compartments }},
	{"render.category.candles", colFlame, render.Ink, func(r *atheneum.Result) int { return r.Candles }},
	{"render.category.wands", render.Ink, render.White, func(r *atheneum.Result) int { return r.Wands }},
}

const (
	resW      = 2*cardW + cardGap + 2*render.Margin
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
func DrawResults(g *atheneum.Game, o render.Options) (render.Picture, error) {
	if err := check(g); err != nil {
		return render.Picture{}, err
	}
	if g.Step != atheneum.StepOver || len(g.Results) == 0 {
		return render.Picture{}, render.ErrNotOver
	}
	l := o.Language()
	res := ranked(g)
	n := len(res)
	top := render.Margin + 116
	chartTop := top + n*(resBlockH+10) + 56
	legendTop := chartTop + n*(resBarH+38)
	h := legendTop + 2*32 + render.Margin
	f := frames.Get(struct {
		k string
		n int
		l i18n.Lang
	}{"results", n, l}, func() *image.RGBA {
		c := render.NewFrame(resW, h, l)
		defer c.Release()
		c.Text(c.T("render.results.title"), render.Margin+4, render.Margin+40, render.Title(38), render.Ink, 0)
		c.Fill(image.Rect(render.Margin, render.Margin+56, resW-render.Margin, render.Margin+58), render.ParchmentDark)
		for i := 0; i < n; i++ {
			c.FillRR(render.Rect(render.Margin, top+i*(resBlockH+10), resW-2*render.Margin, resBlockH), 10, render.ParchmentDark)
		}
		c.Text(c.T("render.results.chart"), render.Margin+4, float64(chartTop-18), render.Title(28), render.Ink, 0)
		// The legend repeats the blocks' order, so a colour is never the
		// only way to tell the categories apart.
		x, y := float64(render.Margin+4), legendTop
		for _, cat := range categories {
			name := c.T(cat.key)
			wd := 32 + c.Measure(name, render.Cond(17)) + 22
			if x+wd > float64(resW-render.Margin) {
				x, y = float64(render.Margin+4), y+32
			}
			c.FillRR(render.Rect(int(x), y, 22, 22), 5, cat.col)
			c.StrokeRR(render.Rect(int(x), y, 22, 22), 5, 1.5, render.Ink)
			c.Text(name, x+30, float64(y)+18, render.Cond(17), render.Ink, 0)
			x += wd
		}
		return c.Img
	})
	c := start(f, l)
	var winners []string
	for _, r := range res {
		if r.Rank == 1 && r.Seat >= 0 && r.Seat < len(g.Seats) {
			winners = append(winners, render.NameOf(l, o.Names, r.Seat))
		}
	}
	head := c.T("render.results.winner", "Name", strings.Join(winners, c.T("render.and")))
	if len(winners) > 1 {
		head = c.T("render.results.shared", "Names", strings.Join(winners, c.T("render.and")))
	}
	c.TextFit(head, render.Margin+4, render.Margin+92, resW-2*render.Margin-8, render.Sans(22), render.Ink)
	maxTotal := 1
	for _, r := range res {
		maxTotal = max(maxTotal, r.Total)
	}
	for i, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		b := render.Rect(render.Margin, top+i*(resBlockH+10), resW-2*render.Margin, resBlockH)
		y := float64(b.Min.Y) + 34
		render.DrawMedal(c, float64(b.Min.X)+30, y-8, r.Rank)
		subjectDisc(c, float64(b.Min.X)+74, y-8, 15, g.Seats[r.Seat].Subject, render.Sans(16))
		tw := c.Text(strconv.Itoa(r.Total), float64(b.Max.X-14), y+4, render.Sans(32), render.Ink, 1)
		c.TextFit(render.NameOf(l, o.Names, r.Seat), float64(b.Min.X)+98, y, float64(b.Dx()-120)-tw, render.Sans(22), render.Ink)
		// Points by category on two lines of three.
		for k, cat := range categories {
			cx := float64(b.Min.X) + 16 + float64(k%3)*float64(b.Dx()-32)/3
			cy := y + 32 + float64(k/3)*26
			v := strconv.Itoa(cat.pts(&r))
			vw := c.Text(v, cx, cy, render.Sans(17), render.Ink, 0)
			c.TextFit(c.T(cat.key), cx+vw+6, cy, float64(b.Dx()-32)/3-vw-12, render.Cond(16), render.InkSoft)
		}
		tie := c.T("render.results.tie", "Books", r.Books, "Favourite", r.FavoriteBooks)
		c.TextFit(tie, float64(b.Min.X)+16, y+86, float64(b.Dx()-32), render.Cond(16), render.InkSoft)

		// The bar: name above, segments in the legend's order.
		by := chartTop + i*(resBarH+38)
		c.TextFit(render.NameOf(l, o.Names, r.Seat), render.Margin+4, float64(by+18), float64(resW-2*render.Margin-8), render.Sans(18), render.Ink)
		bx := float64(render.Margin + 4)
		full := float64(resW - 2*render.Margin - 60)
		for _, cat := range categories {
			v := cat.pts(&r)
			if v <= 0 {
				continue
			}
			w := full * float64(v) / float64(maxTotal)
			seg := image.Rect(int(bx), by+26, int(bx+w), by+26+resBarH)
			c.Fill(seg, cat.col)
			c.Fill(image.Rect(seg.Max.X-1, seg.Min.Y, seg.Max.X, seg.Max.Y), render.Parchment)
			if label := strconv.Itoa(v); c.Measure(label, render.Sans(16))+6 < w {
				cx, cy := render.Mid(seg)
				c.TextMid(label, cx, cy, render.Sans(16), cat.ink)
			}
			bx += w
		}
		c.Text(strconv.Itoa(r.Total), bx+8, float64(by+26+resBarH/2+8), render.Sans(20), render.Ink, 0)
	}
	return render.Finish(c, resultsAlt(l, g, res, o.Names))
}

func resultsAlt(l i18n.Lang, g *atheneum.Game, res []atheneum.Result, names []string) string {
	parts := []string{render.T(l, "render.alt.results")}
	for _, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		var cats []string
		for _, cat := range categories {
			cats = append(cats, render.T(l, cat.key)+" "+strconv.Itoa(cat.pts(&r)))
		}
		parts = append(parts, render.T(l, "render.alt.result", "Rank", r.Rank, "Name", render.AltName(l, names, r.Seat), "Total", r.Total,
			"Categories", strings.Join(cats, ", "))+" "+render.T(l, "render.results.tie", "Books", r.Books, "Favourite", r.FavoriteBooks)+".")
	}
	return strings.Join(parts, " ")
}
