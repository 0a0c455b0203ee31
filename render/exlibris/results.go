package exlibris

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// The results, top to bottom: a heading with the winner (solo: whether
// the public library was beaten), then one panel per library by rank: its
// medal, name and total, a bar of its points by category, the points of
// each category, and the books behind them.
const (
	resHeadH   = 104
	resNameH   = 40
	resBarH    = 14
	resRowLine = 24
	resGap     = 10
)

// resultRows are the categories a panel shows, in order, with their
// colours: the banned books take points away.
var resultRows = []struct {
	id  string
	col color.RGBA
}{
	{exlibris.RowStability, render.BrassDark},
	{exlibris.RowPopular, render.Gold},
	{exlibris.RowBanned, render.Red},
	{exlibris.RowDiversity, colLit},
	{exlibris.RowSpeciality, colOwner},
}

// standing is one panel of the results: a seat's, or the solo public
// library's (seat -1).
type standing struct {
	seat     int
	rank     int
	total    int
	points   map[string]int
	books    [exlibris.NumCategories]int
	spec     exlibris.Category
	tieBreak string
	details  []string
}

// DrawResults draws the final results of a finished game: the winner
// (solo: whether the player beat the public library), then each library
// by rank with its medal, name and total, a bar of its points by
// category, its points in each category (stability, popular books,
// banned books, diversity, speciality) and the books behind them (how
// many popular and banned books, how many of the rarest category, its
// speciality's books), and how a tie on points was broken. Solo, the
// public library has its own panel.
//
// Everything it shows is public once the game is over: pass any view.
// It returns render.ErrNotOver before the game has ended, and
// render.ErrNoGame for a game it cannot draw.
func DrawResults(g *exlibris.Game, o render.Options) (render.Picture, error) {
	return finish(resultsCanvas(g, o))
}

func resultsCanvas(g *exlibris.Game, o render.Options) (*render.Canvas, string, error) {
	if err := resultsReady(g); err != nil {
		return nil, "", err
	}
	l := o.Language()
	st := standings(g)
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	h := render.Margin + resHeadH
	for i := range st {
		st[i].details = wrapParts(scratch, detailParts(l, g, &st[i]), innerW-24, render.Cond(minText))
		h += panelH(&st[i]) + resGap
	}
	scratch.Release()
	h += render.Margin - resGap
	c := startCanvas(h, l)

	x0 := float64(render.Margin)
	label(c, pt(l, "res.title"), x0+4, render.Margin+34, innerW-8, render.Title(32), render.Ink)
	drawVerdict(c, g, o.Names, x0+4, render.Margin+72)
	c.Fill(image.Rect(render.Margin, render.Margin+resHeadH-14, picW-render.Margin, render.Margin+resHeadH-12), render.ParchmentDark)
	most := 1
	for _, s := range st {
		most = max(most, positive(&s))
	}
	y := render.Margin + resHeadH
	for i := range st {
		drawStanding(c, &st[i], o.Names, y, most)
		y += panelH(&st[i]) + resGap
	}
	return c, resultsAlt(l, g, st, o.Names), nil
}

// resultsReady says why the results of g cannot be drawn yet, if so.
func resultsReady(g *exlibris.Game) error {
	if err := check(g); err != nil {
		return err
	}
	if !g.Over() {
		return render.ErrNotOver
	}
	return nil
}

// resultsAltText is the alt text resultsCanvas gives its picture, without
// drawing it (the standings' wrapped details are not read): the tests
// read the alt texts of a whole game's pictures.
func resultsAltText(g *exlibris.Game, o render.Options) (string, error) {
	if err := resultsReady(g); err != nil {
		return "", err
	}
	return resultsAlt(o.Language(), g, standings(g), o.Names), nil
}

// standings are the panels in rank order (solo: the player, then the
// public library).
func standings(g *exlibris.Game) []standing {
	var out []standing
	for _, r := range g.Results() {
		s := standing{seat: r.Seat, rank: r.Rank, total: r.Score, points: map[string]int{}, tieBreak: r.TieBreak,
			books: faceUpBooks(g.Collection(r.Seat)), spec: g.Speciality(r.Seat)}
		for _, row := range r.Rows {
			s.points[row.Category] = row.Points
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b standing) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return a.seat - b.seat
	})
	if g.Solo() && len(out) == 1 {
		pub := standing{seat: -1, points: map[string]int{}, spec: g.PublicSpeciality()}
		for _, row := range g.PublicLibrary() {
			pub.points[row.Category] = row.Points
			pub.total += row.Points
		}
		for _, id := range g.Discard() {
			for k, b := range books(id) {
				pub.books[k] += b
			}
		}
		out[0].rank, pub.rank = 1, 2
		if !g.SoloWon() {
			out[0].rank, pub.rank = 2, 1
			out[0], pub = pub, out[0]
		}
		out = append(out, pub)
	}
	return out
}

// positive is a panel's points but the banned books'.
func positive(s *standing) int {
	n := 0
	for _, r := range resultRows {
		if r.id != exlibris.RowBanned {
			n += max(0, s.points[r.id])
		}
	}
	return n
}

// panelH is a panel's height.
func panelH(s *standing) int {
	return 10 + resNameH + resBarH + 8 + 3*resRowLine + len(s.details)*22 + 10
}

// drawVerdict draws who won: the winner or winners, or (solo) whether the
// public library was beaten.
func drawVerdict(c *render.Canvas, g *exlibris.Game, names []string, x, y float64) {
	l := c.Lang
	width := float64(innerW - 8)
	f := render.Sans(22)
	if g.Solo() {
		id := "res.solo_lost"
		if g.SoloWon() {
			id = "res.solo_won"
		}
		drawNamed(c, names, 0, id, x, y, width, f, render.Ink, 0)
		return
	}
	var win []int
	for _, r := range g.Results() {
		if r.Rank == 1 {
			win = append(win, r.Seat)
		}
	}
	if len(win) == 1 {
		drawNamed(c, names, win[0], "res.winner", x, y, width, f, render.Ink, 0)
		return
	}
	short := make([]string, len(win))
	for cut := 0; ; cut++ {
		for i, s := range win {
			r := []rune(render.NameOf(l, names, s))
			if n := len(r) - cut; cut > 0 && n >= 2 {
				r = append(r[:n-1:n-1], '…')
			}
			short[i] = string(r)
		}
		line := tidy(l, pt(l, "res.winners", "Names", strings.Join(short, pt(l, "list_sep"))))
		if c.Measure(line, f) <= width || cut > 32 {
			c.Text(render.Fit(c, line, width, f), x, y, f, render.Ink, 0)
			return
		}
	}
}

// drawStanding draws one panel from y; most is the largest bar's points.
func drawStanding(c *render.Canvas, s *standing, names []string, y, most int) {
	l := c.Lang
	box := render.Rect(render.Margin, y, innerW, panelH(s))
	if s.rank == 1 {
		framedRR(c, box, 10, 3, render.Gold, render.ParchmentDark)
	} else {
		c.FillRR(box, 10, render.ParchmentDark)
	}
	x := box.Min.X + 12
	cy := y + 10 + resNameH/2
	render.DrawMedal(c, float64(x+20), float64(cy), s.rank)
	tw := c.Text(strconv.Itoa(s.total), float64(box.Max.X-14), float64(cy+11), render.Sans(30), render.Ink, 1)
	nx := float64(x + 48)
	who := pt(l, "res.public")
	if s.seat >= 0 {
		c.BlitOver(tokenSprite(s.seat, false, 24), image.Pt(int(nx), cy-12))
		nx += 32
		who = name(l, names, s.seat)
	}
	c.TextFit(who, nx, float64(cy+8), float64(box.Max.X-14)-tw-nx-16, render.Sans(22), render.Ink)
	// The bar: each category's points but the banned books', in
	// proportion to the most points of any panel.
	by := y + 10 + resNameH + 2
	bw := innerW - 24
	bx := box.Min.X + 12
	c.Fill(render.Rect(bx, by, bw, resBarH), render.Parchment)
	for _, r := range resultRows {
		p := s.points[r.id]
		if r.id == exlibris.RowBanned || p <= 0 {
			continue
		}
		w := p * bw / most
		c.Fill(render.Rect(bx, by, w, resBarH), r.col)
		bx += w
	}
	// The categories, two to a line.
	ry := by + resBarH + 8
	colW := (innerW - 24) / 2
	for i, r := range resultRows {
		rx := box.Min.X + 12 + (i%2)*colW
		ly := ry + (i/2)*resRowLine
		c.FillRR(render.Rect(rx, ly+4, 14, 14), 3, r.col)
		label(c, rowName(l, r.id), float64(rx+20), float64(ly+17), float64(colW-70), render.Cond(minText), render.Ink)
		c.Text(signed(s.points[r.id], r.id == exlibris.RowBanned), float64(rx+colW-16), float64(ly+17), render.Sans(17), render.Ink, 1)
	}
	for k, line := range s.details {
		label(c, line, float64(box.Min.X+12), float64(ry+3*resRowLine+14+k*22), innerW-24, render.Cond(minText), render.InkSoft)
	}
}

// signed writes points, with a minus sign (−, not -) when they are taken
// away.
func signed(p int, banned bool) string {
	if p < 0 || banned && p == 0 {
		if p == 0 {
			return "0"
		}
		return "−" + strconv.Itoa(-p)
	}
	return strconv.Itoa(p)
}

// detailParts are the books behind a panel's points, and the tie-break.
func detailParts(l i18n.Lang, g *exlibris.Game, s *standing) []string {
	low := -1
	for k := exlibris.Category(0); k < exlibris.NumCategories; k++ {
		if k != g.Banned() && (low < 0 || s.books[k] < low) {
			low = s.books[k]
		}
	}
	parts := []string{
		pt(l, "res.popular_books", "Count", s.books[g.Popular()]),
		pt(l, "res.banned_books", "Count", s.books[g.Banned()]),
		pt(l, "res.rarest", "Count", max(0, low)),
	}
	if s.spec >= 0 {
		parts = append(parts, pt(l, "res.speciality", "Category", catName(l, s.spec), "Count", s.books[s.spec]))
	}
	if s.tieBreak != "" {
		parts = append(parts, render.T(l, "exlibris.tiebreak."+s.tieBreak))
	}
	return parts
}

// resultsAlt describes the results: the verdict, then each panel's rank,
// name, total, points by category and the books behind them.
func resultsAlt(l i18n.Lang, g *exlibris.Game, st []standing, names []string) string {
	parts := []string{pt(l, "res.title") + "."}
	if g.Solo() {
		id := "res.solo_lost"
		if g.SoloWon() {
			id = "res.solo_won"
		}
		parts = append(parts, pt(l, id, "Name", render.AltName(l, names, 0))+".")
	} else {
		var win []string
		for _, r := range g.Results() {
			if r.Rank == 1 {
				win = append(win, render.AltName(l, names, r.Seat))
			}
		}
		if len(win) == 1 {
			parts = append(parts, pt(l, "res.winner", "Name", win[0])+".")
		} else {
			parts = append(parts, pt(l, "res.winners", "Names", strings.Join(win, pt(l, "list_sep")))+".")
		}
	}
	at := func(details bool) func() string {
		return func() string {
			out := slices.Clone(parts)
			for i := range st {
				s := &st[i]
				who := pt(l, "res.public")
				if s.seat >= 0 {
					who = render.AltName(l, names, s.seat)
				}
				var rows []string
				for _, r := range resultRows {
					rows = append(rows, rowName(l, r.id)+" "+signed(s.points[r.id], r.id == exlibris.RowBanned))
				}
				line := pt(l, "alt.standing", "Rank", s.rank, "Name", who, "Count", s.total) + pt(l, "colon") + strings.Join(rows, pt(l, "list_sep"))
				if details {
					line += " (" + strings.Join(detailParts(l, g, s), pt(l, "list_sep")) + ")"
				}
				out = append(out, line+".")
			}
			return strings.Join(out, " ")
		}
	}
	return fitAlt(l, at(true), at(false))
}
