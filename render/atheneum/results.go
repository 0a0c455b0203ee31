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
	resBlockH = 146 // a seat: name and total, its bar, its categories, its tie-breakers
	resGap    = 10
	resBarH   = 18
	resTieH   = 26 // one line of the winner's tie-break
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

// winnerTie says how the winners' tie on points was settled, or "" when
// no other seat had their points: by books shelved, then by books of the
// favourite subject, else the victory is shared. res is best first.
func winnerTie(l i18n.Lang, res []atheneum.Result) string {
	if len(res) < 2 || res[1].Total != res[0].Total {
		return ""
	}
	w := res[0]
	if res[1].Rank == 1 {
		return render.T(l, "render.results.tie.shared", "Total", w.Total, "Books", w.Books, "Favourite", w.FavoriteBooks)
	}
	// The best of the seats tied on points, after the winner.
	o := res[1]
	if o.Books != w.Books {
		return render.T(l, "render.results.tie.books", "Total", w.Total, "Books", w.Books, "Others", o.Books)
	}
	return render.T(l, "render.results.tie.favourite", "Total", w.Total, "Books", w.Books, "Favourite", w.FavoriteBooks, "Others", o.FavoriteBooks)
}

// wrap splits s into lines no wider than width in font f.
func wrap(c *render.Canvas, s string, width float64, f render.FontSpec) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && c.Measure(line+" "+w, f) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// DrawResults draws the final scores: the winners, and how a tie on points
// was settled; then one block per seat, best first: its rank, name and
// total, a bar of its points split by category, the points of each
// category in words and numbers (each next to its colour in the bar, in
// the bar's order), and the books it shelved, which break ties.
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
	tie := winnerTie(l, res)
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	tieLines := 0
	if tie != "" {
		tieLines = min(2, len(wrap(scratch, tie, resW-2*render.Margin-8, render.Cond(17))))
	}
	scratch.Release()
	top := render.Margin + 116 + tieLines*resTieH
	h := top + n*(resBlockH+resGap) - resGap + render.Margin
	f := frames.Get(struct {
		k    string
		n    int
		ties int
		l    i18n.Lang
	}{"results", n, tieLines, l}, func() *image.RGBA {
		c := render.NewFrame(resW, h, l)
		defer c.Release()
		c.Text(c.T("render.results.title"), render.Margin+4, render.Margin+40, render.Title(38), render.Ink, 0)
		c.Fill(image.Rect(render.Margin, render.Margin+56, resW-render.Margin, render.Margin+58), render.ParchmentDark)
		for i := 0; i < n; i++ {
			c.FillRR(render.Rect(render.Margin, top+i*(resBlockH+resGap), resW-2*render.Margin, resBlockH), 10, render.ParchmentDark)
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
	if tie != "" {
		for k, line := range wrap(c, tie, resW-2*render.Margin-8, render.Cond(17))[:tieLines] {
			c.TextFit(line, render.Margin+4, float64(render.Margin+92+(k+1)*resTieH), resW-2*render.Margin-8, render.Cond(17), render.InkSoft)
		}
	}
	maxTotal := 1
	for _, r := range res {
		maxTotal = max(maxTotal, r.Total)
	}
	for i, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		b := render.Rect(render.Margin, top+i*(resBlockH+resGap), resW-2*render.Margin, resBlockH)
		y := float64(b.Min.Y) + 32
		render.DrawMedal(c, float64(b.Min.X)+30, y-8, r.Rank)
		subjectDisc(c, float64(b.Min.X)+74, y-8, 15, g.Seats[r.Seat].Subject, render.Sans(16))
		tw := c.Text(strconv.Itoa(r.Total), float64(b.Max.X-14), y+4, render.Sans(32), render.Ink, 1)
		c.TextFit(render.NameOf(l, o.Names, r.Seat), float64(b.Min.X)+98, y, float64(b.Dx()-120)-tw, render.Sans(22), render.Ink)

		// The bar, as long as the total against the best total.
		bx := float64(b.Min.X + 16)
		full := float64(b.Dx() - 32)
		by := b.Min.Y + 44
		for _, cat := range categories {
			v := cat.pts(&r)
			if v <= 0 {
				continue
			}
			w := full * float64(v) / float64(maxTotal)
			seg := image.Rect(int(bx), by, int(bx+w), by+resBarH)
			c.Fill(seg, cat.col)
			c.Fill(image.Rect(seg.Max.X-1, seg.Min.Y, seg.Max.X, seg.Max.Y), render.ParchmentDark)
			bx += w
		}
		// Points by category on two lines of three, in the bar's order,
		// each after a square of its colour.
		colW := float64(b.Dx()-32) / 3
		for k, cat := range categories {
			cx := float64(b.Min.X) + 16 + float64(k%3)*colW
			cy := float64(by+resBarH) + 26 + float64(k/3)*26
			c.FillRR(render.Rect(int(cx), int(cy)-14, 15, 15), 3, cat.col)
			c.StrokeRR(render.Rect(int(cx), int(cy)-14, 15, 15), 3, 1.2, render.Ink)
			v := strconv.Itoa(cat.pts(&r))
			vw := c.Measure(v, render.Sans(17))
			name := c.FitLabel(c.T(cat.key), colW-vw-34, render.Cond(16))
			nw := c.Text(name, cx+21, cy, render.Cond(16), render.InkSoft, 0)
			c.Text(v, cx+21+nw+6, cy, render.Sans(17), render.Ink, 0)
		}
		books := c.T("render.results.books", "Books", r.Books, "Favourite", r.FavoriteBooks)
		c.TextFit(books, float64(b.Min.X)+16, float64(b.Max.Y)-12, float64(b.Dx()-32), render.Cond(16), render.InkSoft)
	}
	return render.Finish(c, resultsAlt(l, g, res, o.Names, tie))
}

func resultsAlt(l i18n.Lang, g *atheneum.Game, res []atheneum.Result, names []string, tie string) string {
	parts := []string{render.T(l, "render.alt.results")}
	if tie != "" {
		parts = append(parts, tie)
	}
	for _, r := range res {
		if r.Seat < 0 || r.Seat >= len(g.Seats) {
			continue
		}
		var cats []string
		for _, cat := range categories {
			cats = append(cats, render.T(l, cat.key)+" "+strconv.Itoa(cat.pts(&r)))
		}
		parts = append(parts, render.T(l, "render.alt.result", "Rank", r.Rank, "Name", render.AltName(l, names, r.Seat), "Count", r.Total,
			"Categories", strings.Join(cats, ", "))+" "+render.T(l, "render.results.books", "Books", r.Books, "Favourite", r.FavoriteBooks)+".")
	}
	return strings.Join(parts, " ")
}
