package render

import (
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
)

// The replay's chart: scores up the side, turns along the bottom.
const (
	replayW      = 2*cardW + cardGap + 2*margin
	replayChartH = 380
	replayLabelW = 150 // room at the right for the names at the lines' ends
)

// seatDashes tell the seats' lines apart without colour: solid, dashed,
// dotted, long dashes, dash-dot.
var seatDashes = [][]float64{nil, {14, 8}, {3, 7}, {24, 8}, {14, 6, 3, 6}}

// DrawReplay draws a finished game's story: each seat's score after every
// turn as a line chart (scores[turn][seat], turn 0 first), each line in its
// seat's subject colour with its own dash pattern, a disc with the
// subject's letter at every point and the seat's name at its end; then
// every seat's final shelves, small, two to a line. final is the game at
// its end (or any state whose shelves should be shown).
func DrawReplay(scores [][]int, final *atheneum.Game, o Options) (Picture, error) {
	if err := check(final); err != nil {
		return Picture{}, err
	}
	n := len(final.Seats)
	if len(scores) == 0 {
		return Picture{}, ErrNoScores
	}
	for t, row := range scores {
		if len(row) != n {
			return Picture{}, fmt.Errorf("%w: turn %d has %d scores for %d seats", ErrNoScores, t+1, len(row), n)
		}
	}
	l := o.lang()
	w := replayW
	chartTop := margin + 100
	chartBot := chartTop + replayChartH
	shelvesTop := chartBot + 70 + 50

	// Plan the small shelves, two to a line, each line as tall as its
	// tallest seat.
	scratch := newSprite(1, 1, colParchment)
	plans := make([]shelfPlan, n)
	panelW := cardW
	lineH := make([]int, (n+1)/2)
	for i := range final.Seats {
		plans[i] = planShelves(scratch, final, i, tinyShelf)
		lineH[i/2] = max(lineH[i/2], plans[i].height+44)
	}
	scratch.release()
	y := shelvesTop
	for i := range final.Seats {
		if i%2 == 0 && i > 0 {
			y += lineH[i/2-1] + cardGap
		}
		x := margin + (i%2)*(panelW+cardGap)
		plans[i].at = pt(x+(panelW-plans[i].l.size.X)/2, y+40)
	}
	h := y + lineH[len(lineH)-1] + margin

	// Drawn whole each time (a replay is asked for once per game), on a
	// recycled picture.
	c := palette.Blank(w, h, l)
	c.text(c.tr("render.replay.title"), margin+4, margin+40, title(36), colInk, 0)
	c.fill(image.Rect(margin, margin+56, w-margin, margin+58), colParchDark)
	c.textFit(c.tr("render.replay.subtitle", "Count", len(scores)), margin+4, margin+86, fx(w-2*margin-8), cond(17), colInkSoft)
	drawScoreChart(c, final, scores, o.Names, image.Rect(margin+44, chartTop, w-margin-replayLabelW, chartBot))
	c.fill(image.Rect(margin, shelvesTop-50, w-margin, shelvesTop-48), colParchDark)
	c.text(c.tr("render.replay.shelves"), margin+4, fx(shelvesTop-14), title(28), colInk, 0)
	for i := range final.Seats {
		p := &plans[i]
		panel := rect(p.at.X-(panelW-p.l.size.X)/2, p.at.Y-40, panelW, lineH[i/2])
		c.fillRR(panel, 10, colParchDark)
		subjectDisc(c, fx(panel.Min.X)+20, fx(panel.Min.Y)+20, 13, final.Seats[i].Subject, sans(15))
		pts, _ := score(final, i)
		sw := c.text(strconv.Itoa(pts), fx(panel.Max.X-10), fx(panel.Min.Y)+28, sans(20), colInk, 1)
		c.textFit(nameOf(l, o.Names, i), fx(panel.Min.X)+40, fx(panel.Min.Y)+28, fx(panelW-60)-sw, sans(17), colInk)
		shelvesFrame(final.Content, tinyShelf, c, p.at)
		drawShelves(c, final, i, p)
	}
	return finish(c, replayAlt(final, scores, o))
}

// drawScoreChart draws the lines in r, with the score axis at its left and
// the turns below it.
func drawScoreChart(c *canvas, g *atheneum.Game, scores [][]int, names []string, r image.Rectangle) {
	top := 1
	for _, row := range scores {
		for _, v := range row {
			top = max(top, v)
		}
	}
	step := 5
	for top/step > 6 {
		step *= 2
	}
	top = (top + step - 1) / step * step
	turns := len(scores)
	xOf := func(t int) float64 {
		if turns == 1 {
			return fx(r.Min.X + r.Dx()/2)
		}
		return fx(r.Min.X) + 16 + fx(t)*fx(r.Dx()-32)/fx(turns-1)
	}
	yOf := func(v int) float64 { return fx(r.Max.Y) - fx(v)*fx(r.Dy())/fx(top) }
	for v := 0; v <= top; v += step {
		y := yOf(v)
		c.fill(image.Rect(r.Min.X, int(y), r.Max.X, int(y)+1), colParchDark)
		c.text(strconv.Itoa(v), fx(r.Min.X)-8, y+6, sans(16), colInkSoft, 1)
	}
	c.fill(image.Rect(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+2), colInkSoft)
	every := 1
	if turns > 12 {
		every = (turns + 11) / 12
	}
	for t := 0; t < turns; t += every {
		c.text(strconv.Itoa(t+1), xOf(t), fx(r.Max.Y)+24, sans(16), colInkSoft, 0.5)
	}
	c.text(c.tr("render.replay.turn"), fx(r.Max.X), fx(r.Max.Y)+48, cond(16), colInkSoft, 1)

	dc := c.gg()
	n := len(g.Seats)
	c.mark(r.Inset(-20))
	for s := 0; s < n; s++ {
		col := colorOf(g.Seats[s].Subject)
		for pass := 0; pass < 2; pass++ {
			// A dark casing under the coloured line keeps light colours
			// visible on the parchment.
			dc.SetDash(seatDashes[s%len(seatDashes)]...)
			for t := 0; t < turns; t++ {
				dc.LineTo(xOf(t), yOf(scores[t][s]))
			}
			if pass == 0 {
				dc.SetColor(colInk)
				dc.SetLineWidth(7)
			} else {
				dc.SetColor(col)
				dc.SetLineWidth(4)
			}
			dc.Stroke()
		}
		dc.SetDash()
	}
	// Letters at every point, and each seat's name at the end of its line,
	// spread apart when scores end close together.
	type end struct {
		seat int
		y    float64
	}
	ends := make([]end, n)
	for s := 0; s < n; s++ {
		col := g.Seats[s].Subject
		for t := 0; t < turns; t++ {
			subjectDisc(c, xOf(t), yOf(scores[t][s]), 10, col, sans(15))
		}
		ends[s] = end{s, yOf(scores[turns-1][s])}
	}
	slices.SortFunc(ends, func(a, b end) int { return int(a.y - b.y) })
	for i := 1; i < n; i++ {
		ends[i].y = max(ends[i].y, ends[i-1].y+24)
	}
	for _, e := range ends {
		x := xOf(turns-1) + 18
		label := nameOf(c.lang, names, e.seat) + " " + strconv.Itoa(scores[turns-1][e.seat])
		c.textFit(label, x, e.y+6, fx(replayLabelW)+fx(r.Max.X)-x-4, sans(16), colInk)
	}
}

func replayAlt(g *atheneum.Game, scores [][]int, o Options) string {
	l := o.lang()
	parts := []string{tr(l, "render.alt.replay", "Count", len(scores))}
	for s := range g.Seats {
		var vs []string
		for _, row := range scores {
			vs = append(vs, strconv.Itoa(row[s]))
		}
		parts = append(parts, tr(l, "render.alt.replay.seat", "Name", altName(l, o.Names, s), "Scores", strings.Join(vs, ", ")))
	}
	for s := range g.Seats {
		st := statsOf(g, s)
		parts = append(parts, tr(l, "render.alt.replay.shelves", "Name", altName(l, o.Names, s), "Books", st.books, "Full", st.full))
	}
	return strings.Join(parts, " ")
}
