package render

import (
	"image"
	"image/color"
	"slices"
	"strconv"

	"atheneum/engine"
)

// category is one part of a final score, with its colour in the chart.
type category struct {
	name string
	col  color.RGBA
	ink  color.RGBA
	pts  func(r *engine.Result) int
}

var categories = []category{
	{"Objectives", colBrass, colInk, func(r *engine.Result) int { return r.Objectives }},
	{"Cards", colSecRight, colInk, func(r *engine.Result) int { return r.Cards }},
	{"Favourite", colSecLeft, colInk, func(r *engine.Result) int { return r.Favorite }},
	{"Compartments", colWoodDark, colWhite, func(r *engine.Result) int { return r.Compartments }},
	{"Candles", colFlameCore, colInk, func(r *engine.Result) int { return r.Candles }},
	{"Wands", colCardBack, colWhite, func(r *engine.Result) int { return r.Wands }},
}

const (
	resW      = 1340
	resRowH   = 74
	resBarH   = 44
	resNameW  = 420
	resColW   = 118
	resTotalW = 110
)

// Results draws the final scores: for each seat, best first, its rank, its
// points from objectives, cards, favourite subject, filled compartments,
// candles and wands, and its total with the tie-breakers; then a bar chart
// of the totals split by category.
func Results(g *engine.Game, names []string) ([]byte, error) {
	if err := check(g); err != nil {
		return nil, err
	}
	if g.Step != engine.StepOver || len(g.Results) == 0 {
		return nil, ErrNotOver
	}
	res := slices.Clone(g.Results)
	slices.SortStableFunc(res, func(a, b engine.Result) int {
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		return a.Seat - b.Seat
	})
	n := len(res)
	tableTop := margin + 120
	chartTop := tableTop + 44 + n*resRowH + 70
	h := chartTop + n*(resBarH+14) + 60 + margin
	f := frames.get(struct {
		k string
		n int
	}{"results", n}, func() *image.RGBA {
		c := newSprite(resW, h, colFrame)
		defer c.release()
		drawCard(c, resW, h)
		c.text("Final results", margin+4, margin+44, title(44), colInk, 0)
		c.fill(image.Rect(margin, margin+62, resW-margin, margin+64), colParchDark)
		x := fx(margin + resNameW)
		for _, cat := range categories {
			c.text(cat.name, x+resColW/2, fx(tableTop+28), cond(16), colInkSoft, 0.5)
			x += resColW
		}
		c.text("Total", x+resTotalW/2, fx(tableTop+28), sans(18), colInk, 0.5)
		c.text("Points by category", margin+4, fx(chartTop-20), title(28), colInk, 0)
		// The legend repeats the table's order, so a colour is never the
		// only way to tell the categories apart.
		lx := fx(margin + 4)
		for _, cat := range categories {
			c.fillRR(rect(int(lx), h-margin-40, 24, 24), 5, cat.col)
			c.strokeRR(rect(int(lx), h-margin-40, 24, 24), 5, 1.5, colInk)
			lx += 32
			lx += c.text(cat.name, lx, fx(h-margin-22), cond(16), colInk, 0) + 28
		}
		return c.img
	})
	c := start(f)
	var winners []string
	for _, r := range res {
		if r.Rank == 1 && r.Seat >= 0 && r.Seat < len(g.Seats) {
			winners = append(winners, nameOf(names, r.Seat))
		}
	}
	head := "Winner: "
	if len(winners) > 1 {
		head = "Shared victory: "
	}
	line := head
	for i, w := range winners {
		if i > 0 {
			line += " and "
		}
		line += w
	}
	c.textFit(line, margin+4, margin+100, resW-2*margin-8, sans(24), colInk)
	maxTotal := 1
	for _, r := range res {
		maxTotal = max(maxTotal, r.Total)
	}
	for i, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		y := tableTop + 44 + i*resRowH
		row := rect(margin, y, resW-2*margin, resRowH-8)
		c.fillRR(row, 10, colParchDark)
		_, cy := mid(row)
		drawMedal(c, fx(margin)+32, cy, r.Rank)
		subjectDisc(c, fx(margin)+76, cy, 15, g.Seats[r.Seat].Subject, sans(16))
		c.textFit(nameOf(names, r.Seat), fx(margin)+100, cy-2, resNameW-110, sans(22), colInk)
		tie := strconv.Itoa(r.Books) + " books, " + strconv.Itoa(r.FavoriteBooks) + " in the favourite subject"
		c.textFit(tie, fx(margin)+100, cy+22, resNameW-110, cond(minText), colInkSoft)
		x := fx(margin + resNameW)
		for _, cat := range categories {
			c.textMid(strconv.Itoa(cat.pts(&r)), x+resColW/2, cy, sans(22), colInk)
			x += resColW
		}
		c.textMid(strconv.Itoa(r.Total), x+resTotalW/2, cy, sans(30), colInk)

		// The bar chart row.
		by := chartTop + i*(resBarH+14)
		c.textFit(nameOf(names, r.Seat), margin+4, fx(by+resBarH/2+7), resNameW-100, sans(20), colInk)
		bx := fx(margin + resNameW - 80)
		full := fx(resW - margin - resNameW + 80 - 70)
		for _, cat := range categories {
			v := cat.pts(&r)
			if v <= 0 {
				continue
			}
			w := full * float64(v) / float64(maxTotal)
			seg := image.Rect(int(bx), by, int(bx+w), by+resBarH)
			c.fill(seg, cat.col)
			c.fill(image.Rect(seg.Max.X-1, seg.Min.Y, seg.Max.X, seg.Max.Y), colParchment)
			if label := strconv.Itoa(v); c.measure(label, sans(16))+6 < w {
				cx, cy := mid(seg)
				c.textMid(label, cx, cy, sans(16), cat.ink)
			}
			bx += w
		}
		c.text(strconv.Itoa(r.Total), bx+10, fx(by+resBarH/2+8), sans(22), colInk, 0)
	}
	return finish(c)
}

// drawMedal draws a rank: gold, silver and bronze discs for the first
// three, plain for the rest, always with the number.
func drawMedal(c *canvas, cx, cy float64, rank int) {
	col := colParchment
	switch rank {
	case 1:
		col = colGold
	case 2:
		col = colSilver
	case 3:
		col = colBronze
	}
	c.fillCircle(cx, cy, 22, colInk)
	c.fillCircle(cx, cy, 20, col)
	c.textMid(strconv.Itoa(rank), cx, cy, sans(22), colInk)
}
