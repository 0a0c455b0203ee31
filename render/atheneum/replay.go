package atheneum

import (
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/render"
)

// The replay's chart: scores up the side, turns along the bottom.
const (
	replayW      = 2*cardW + cardGap + 2*render.Margin
	replayChartH = 380
	replayLabelW = 150 // room at the right for the names at the lines' ends
)

// seatDashes tell the seats' lines apart without colour: solid, dashed,
// dotted, long dashes, dash-dot.
var seatDashes = [][]float64{nil, {14, 8}, {3, 7}, {24, 8}, {14, 6, 3, 6}}

// DrawReplay draws a finished game's story: each seat's score after every
// turn as a line chart (scores[turn][seat], turn 0 first), each line in its
// seat's subject colour with its own dash pattern, a disc with the
// subject's letter at every point and the seat's name and final score at
// its end. final is the game at its end; its shelves are drawn by
// DrawFinalShelves, on pictures of their own, so that neither grows too
// tall for a phone.
func DrawReplay(scores [][]int, final *atheneum.Game, o render.Options) (render.Picture, error) {
	if err := check(final); err != nil {
		return render.Picture{}, err
	}
	n := len(final.Seats)
	if len(scores) == 0 {
		return render.Picture{}, ErrNoScores
	}
	for t, row := range scores {
		if len(row) != n {
			return render.Picture{}, fmt.Errorf("%w: turn %d has %d scores for %d seats", ErrNoScores, t+1, len(row), n)
		}
	}
	l := o.Language()
	w := replayW
	chartTop := render.Margin + 100
	chartBot := chartTop + replayChartH
	h := chartBot + 60 + render.Margin

	// Drawn whole each time (a replay is asked for once per game), on a
	// recycled picture.
	c := palette.Blank(w, h, l)
	c.Text(c.T("render.replay.title"), render.Margin+4, render.Margin+40, render.Title(36), render.Ink, 0)
	c.Fill(image.Rect(render.Margin, render.Margin+56, w-render.Margin, render.Margin+58), render.ParchmentDark)
	c.TextFit(c.T("render.replay.subtitle", "Count", len(scores)), render.Margin+4, render.Margin+86, float64(w-2*render.Margin-8), render.Cond(17), render.InkSoft)
	drawScoreChart(c, final, scores, o.Names, image.Rect(render.Margin+44, chartTop, w-render.Margin-replayLabelW, chartBot))
	return render.Finish(c, replayAlt(final, scores, o))
}

// DrawFinalShelves draws every seat's shelves at the end of a game, small,
// two to a line under each seat's name and final score, on as many
// pictures as it takes to keep each at most 1.6 times as tall as it is
// wide (MaxTall), in seat order.
func DrawFinalShelves(final *atheneum.Game, o render.Options) ([]render.Picture, error) {
	if err := check(final); err != nil {
		return nil, err
	}
	l := o.Language()
	w := replayW
	head := render.Margin + 52
	maxH := int(MaxTall * float64(w))
	// Plan the small shelves, two to a line, each line as tall as its
	// tallest seat, then the lines onto pages.
	scratch := render.NewSprite(1, 1, render.Parchment)
	n := len(final.Seats)
	plans := make([]shelfPlan, n)
	lineH := make([]int, (n+1)/2)
	for i := range final.Seats {
		plans[i] = planShelves(scratch, final, i, tinyShelf)
		lineH[i/2] = max(lineH[i/2], plans[i].height+40)
	}
	scratch.Release()
	var pages [][]int // the lines of each page
	y := head
	for k, lh := range lineH {
		if len(pages) == 0 || y+lh+render.Margin > maxH {
			pages = append(pages, nil)
			y = head
		}
		pages[len(pages)-1] = append(pages[len(pages)-1], k)
		y += lh + cardGap
	}
	var out []render.Picture
	for p, lines := range pages {
		h := head - cardGap
		for _, k := range lines {
			h += lineH[k] + cardGap
		}
		h += render.Margin
		c := palette.Blank(w, h, l)
		title := c.T("render.replay.shelves")
		if len(pages) > 1 {
			title = c.T("render.replay.shelves.page", "Page", p+1, "Pages", len(pages))
		}
		c.TextFit(title, render.Margin+4, render.Margin+30, float64(w-2*render.Margin-8), render.Title(30), render.Ink)
		c.Fill(image.Rect(render.Margin, render.Margin+40, w-render.Margin, render.Margin+42), render.ParchmentDark)
		y := head
		var seats []int
		for _, k := range lines {
			for i := 2 * k; i < min(n, 2*k+2); i++ {
				seats = append(seats, i)
				pl := &plans[i]
				x := render.Margin + (i%2)*(cardW+cardGap)
				pl.at = image.Pt(x+(cardW-pl.l.size.X)/2, y+36)
				panel := render.Rect(x, y, cardW, lineH[k])
				c.FillRR(panel, 10, render.ParchmentDark)
				subjectDisc(c, float64(panel.Min.X)+20, float64(panel.Min.Y)+18, 13, final.Seats[i].Subject, render.Sans(minText))
				pts, _ := score(final, i)
				sw := c.Text(strconv.Itoa(pts), float64(panel.Max.X-10), float64(panel.Min.Y)+26, render.Sans(20), render.Ink, 1)
				c.TextFit(render.NameOf(l, o.Names, i), float64(panel.Min.X)+40, float64(panel.Min.Y)+26, float64(cardW-60)-sw, render.Sans(17), render.Ink)
				shelvesFrame(final.Content, tinyShelf, c, pl.at)
				drawShelves(c, final, i, pl)
			}
			y += lineH[k] + cardGap
		}
		pic, err := render.Finish(c, finalShelvesAlt(final, seats, o))
		if err != nil {
			return nil, err
		}
		out = append(out, pic)
	}
	return out, nil
}

// MaxTall is the most a picture's height may be, in widths: Discord shows a
// taller one on a phone shrunk to fit the screen's height, and its text
// then no longer reads.
const MaxTall = 1.6

// drawScoreChart draws the lines in r, with the score axis at its left and
// the turns below it.
func drawScoreChart(c *render.Canvas, g *atheneum.Game, scores [][]int, names []string, r image.Rectangle) {
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
			return float64(r.Min.X + r.Dx()/2)
		}
		return float64(r.Min.X) + 16 + float64(t)*float64(r.Dx()-32)/float64(turns-1)
	}
	yOf := func(v int) float64 { return float64(r.Max.Y) - float64(v)*float64(r.Dy())/float64(top) }
	for v := 0; v <= top; v += step {
		y := yOf(v)
		c.Fill(image.Rect(r.Min.X, int(y), r.Max.X, int(y)+1), render.ParchmentDark)
		c.Text(strconv.Itoa(v), float64(r.Min.X)-8, y+6, render.Sans(16), render.InkSoft, 1)
	}
	c.Fill(image.Rect(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+2), render.InkSoft)
	every := 1
	if turns > 12 {
		every = (turns + 11) / 12
	}
	for t := 0; t < turns; t += every {
		c.Text(strconv.Itoa(t+1), xOf(t), float64(r.Max.Y)+24, render.Sans(16), render.InkSoft, 0.5)
	}
	c.Text(c.T("render.replay.turn"), float64(r.Max.X), float64(r.Max.Y)+48, render.Cond(16), render.InkSoft, 1)

	dc := c.GG()
	n := len(g.Seats)
	c.Mark(r.Inset(-20))
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
				dc.SetColor(render.Ink)
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
			subjectDisc(c, xOf(t), yOf(scores[t][s]), 10, col, render.Sans(minText))
		}
		ends[s] = end{s, yOf(scores[turns-1][s])}
	}
	slices.SortFunc(ends, func(a, b end) int { return int(a.y - b.y) })
	for i := 1; i < n; i++ {
		ends[i].y = max(ends[i].y, ends[i-1].y+24)
	}
	for _, e := range ends {
		x := xOf(turns-1) + 18
		// The score keeps its place; the name is shortened legibly to
		// what is left, never cut in the middle of a word.
		score := " " + strconv.Itoa(scores[turns-1][e.seat])
		f := render.Sans(16)
		room := float64(replayLabelW) + float64(r.Max.X) - x - 4 - c.Measure(score, f)
		name, nf := render.ShortName(c, render.NameOf(c.Lang, names, e.seat), room, f)
		x += c.Text(name, x, e.y+6, nf, render.Ink, 0)
		c.Text(score, x, e.y+6, f, render.Ink, 0)
	}
}

func replayAlt(g *atheneum.Game, scores [][]int, o render.Options) string {
	l := o.Language()
	parts := []string{render.T(l, "render.alt.replay", "Count", len(scores))}
	for s := range g.Seats {
		var vs []string
		for _, row := range scores {
			vs = append(vs, strconv.Itoa(row[s]))
		}
		parts = append(parts, render.T(l, "render.alt.replay.seat", "Name", render.AltName(l, o.Names, s), "Scores", strings.Join(vs, ", ")))
	}
	return strings.Join(parts, " ")
}

// finalShelvesAlt describes the seats' final shelves on one picture.
func finalShelvesAlt(g *atheneum.Game, seats []int, o render.Options) string {
	l := o.Language()
	parts := []string{render.T(l, "render.alt.final.shelves")}
	for _, s := range seats {
		st := statsOf(g, s)
		parts = append(parts, render.T(l, "render.alt.replay.shelves", "Name", render.AltName(l, o.Names, s), "Books", st.books, "Full", st.full))
	}
	return strings.Join(parts, " ")
}
