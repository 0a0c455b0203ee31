package exlibris

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// SpotMode says how a card goes into a spot offered.
type SpotMode uint8

// The ways a card goes into a spot, in the order the picture numbers the
// spots of one place.
const (
	// Place: into an empty place; on a place holding a card, that card
	// is the one chosen (the salon's and the cabinetmaker's moves).
	Place SpotMode = iota
	// PushRight: the wizard's archiving into this place, the run of cards
	// from here to the row's end pushed one place right.
	PushRight
	// PushLeft: the same, the run pushed one place left.
	PushLeft
	// Over: the mummy's archiving over the card here, burying it.
	Over
	// Under: the mummy's archiving under the card here.
	Under
)

// Spot is a place of a collection a move may choose next, as a picture
// of the collection numbers it.
type Spot struct {
	// Key is the move's key for it ("r0c1", "r0c1>", "r1c0o"; see
	// docs/exlibris/notation.md).
	Key  string
	R, C int
	Mode SpotMode
	// Label is the number the picture draws on it: "1", "2"... in
	// reading order (rows from the top, each from the left).
	Label string
}

// Spots lists the places of seat's collection that the move being built
// (path, the keys chosen so far, as Game.Next takes them) may choose
// next, in the order DrawCollection numbers them: a face labels its
// buttons with Spot.Label so that they match the picture. It is nil when
// the next keys are not places, or the seat is not asked anything.
func Spots(g *exlibris.Game, seat int, path []string) []Spot {
	if g == nil || seat < 0 || seat >= g.Seats() {
		return nil
	}
	var out []Spot
	for _, st := range g.Next(seat, path) {
		if sp, ok := parseSpot(st.Key); ok {
			out = append(out, sp)
		}
	}
	slices.SortStableFunc(out, func(a, b Spot) int {
		if a.R != b.R {
			return a.R - b.R
		}
		if a.C != b.C {
			return a.C - b.C
		}
		return int(a.Mode) - int(b.Mode)
	})
	for i := range out {
		out[i].Label = strconv.Itoa(i + 1)
	}
	return out
}

// parseSpot reads a place's key: "r<row>c<column>", then ">" or "<" (the
// wizard), "o" or "u" (the mummy).
func parseSpot(key string) (Spot, bool) {
	sp := Spot{Key: key}
	s, ok := strings.CutPrefix(key, "r")
	if !ok {
		return Spot{}, false
	}
	rs, rest, ok := strings.Cut(s, "c")
	if !ok {
		return Spot{}, false
	}
	if n := len(rest); n > 0 {
		switch rest[n-1] {
		case '>':
			sp.Mode, rest = PushRight, rest[:n-1]
		case '<':
			sp.Mode, rest = PushLeft, rest[:n-1]
		case 'o':
			sp.Mode, rest = Over, rest[:n-1]
		case 'u':
			sp.Mode, rest = Under, rest[:n-1]
		}
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(rest)
	if err1 != nil || err2 != nil || len(rs) == 0 || len(rest) == 0 || rs[0] == '+' || rest[0] == '+' {
		return Spot{}, false
	}
	sp.R, sp.C = r, c
	return sp, true
}

// Marks are what a collection picture shows besides the cards.
type Marks struct {
	// Offer lights and numbers the places of the collection that the
	// seat drawn may choose next in the move it is building (see Spots):
	// to archive a card, to turn one down before the inspection, to
	// rearrange the collection. It asks the game given what the seat may
	// choose, so pass the seat's own view.
	Offer bool
	// Path is the move being built: the keys chosen so far, as Game.Next
	// takes them (nil: none). A card in Path is the card being placed,
	// shown above the grid; a place in Path is outlined as chosen.
	Path []string
	// Last is the code of the card archived last ("E2"), outlined; "" for
	// none.
	Last string
}

// The collection picture, top to bottom: a heading (name, cards, status,
// library), the books by category, the card being placed with the number
// of places offered, the grid, and the legend of what is marked.
const (
	collHeadH   = 100 // with one line of library and hand
	infoLineH   = 22
	catBlockH   = 116
	placingH    = 58
	legendLineH = 26
)

// collection is what the collection picture shows of a seat.
type collection struct {
	seat    int
	places  []exlibris.Place
	spots   []Spot
	placing int // the card being placed, -1 none
	marks   map[int]cellMarks
	stable  stableRect
	out     []int // out of alphabetical order now
	chosen  [][2]int
}

// collectionOf gathers what the picture shows of seat's collection.
func collectionOf(g *exlibris.Game, seat int, m Marks) collection {
	cl := collection{seat: seat, places: g.Collection(seat), placing: -1, marks: map[int]cellMarks{}}
	if m.Offer {
		cl.spots = Spots(g, seat, m.Path)
	}
	for _, k := range m.Path {
		if id, ok := exlibris.CardByCode(k); ok {
			cl.placing = id
		}
		if sp, ok := parseSpot(k); ok {
			cl.chosen = append(cl.chosen, [2]int{sp.R, sp.C})
		}
	}
	for _, p := range cl.places {
		for _, ch := range cl.chosen {
			if ch == [2]int{p.R, p.C} {
				mk := cl.marks[p.Card]
				mk.chosen = true
				cl.marks[p.Card] = mk
			}
		}
	}
	if id, ok := exlibris.CardByCode(m.Last); ok {
		mk := cl.marks[id]
		mk.last = true
		cl.marks[id] = mk
	}
	if !g.Over() {
		cl.out = outOfOrder(cl.places)
		for _, id := range cl.out {
			mk := cl.marks[id]
			mk.outOfOrder = true
			cl.marks[id] = mk
		}
	}
	cl.stable = stability(cl.places)
	return cl
}

// DrawCollection draws seat's collection: its name and cards, whose move
// the game waits for, its library and hand, its face-up books by category
// (the popular, banned and, where the view shows it, speciality
// categories marked), then the grid of its places as they lie, each card
// with its code (letter and order), how many cards share its letter and
// its books' shapes; face-down cards show their backs, a card buried by
// the mummy shows behind the card over it. The cards the alphabetical
// check would turn down now are flagged, and the stability rectangle is
// outlined.
//
// Marks light the places the move being built may choose next, each
// numbered as Spots numbers it (an empty place, a gap where the wizard
// pushes a row aside, the top or bottom of a card for the mummy), show
// the card being placed, and outline the card archived last.
//
// g is what the picture may show: pass the seat's own view (g.View(seat))
// to light its places, or a spectator's view (g.View(-1)). It returns
// render.ErrNoGame or render.ErrNoSeat for a game or seat it cannot draw.
func DrawCollection(g *exlibris.Game, seat int, m Marks, o render.Options) (render.Picture, error) {
	return finish(collectionCanvas(g, seat, m, o))
}

func collectionCanvas(g *exlibris.Game, seat int, m Marks, o render.Options) (*render.Canvas, string, error) {
	if err := checkSeat(g, seat); err != nil {
		return nil, "", err
	}
	cl := collectionOf(g, seat, m)
	return collectionCanvasOf(g, &cl, o)
}

// collectionCanvasOf draws a collection as gathered (see collectionOf).
func collectionCanvasOf(g *exlibris.Game, cl *collection, o render.Options) (*render.Canvas, string, error) {
	l := o.Language()
	seat := cl.seat
	lay := layOutCollection(g, cl, l)
	c := startCanvas(lay.top+lay.plan.height()+lay.footer+render.Margin, l)

	drawCollectionHead(c, g, seat, o.Names, lay.info)
	y := render.Margin + lay.headH
	drawCategories(c, g, seat, faceUpBooks(cl.places), "books_faceup", y)
	y += catBlockH
	if cl.placing >= 0 || len(cl.spots) > 0 {
		drawPlacing(c, cl, y)
		y += placingH
	}
	x0 := render.Margin + (innerW-lay.plan.width())/2
	drawCollectionGrid(c, lay.plan, x0, y, cl, render.Parchment)
	y += lay.plan.height() + 16
	drawLegend(c, lay.legendLines, render.Margin, y)
	y += len(lay.legendLines) * legendLineH
	for i, line := range lay.stats {
		label(c, line, render.Margin+4, float64(y+18+i*infoLineH), innerW-8, render.Cond(16), render.Ink)
	}
	return c, collectionAlt(l, g, cl, lay.plan, o.Names), nil
}

// collectionAltText is the alt text collectionCanvas gives its picture,
// worked out from the same layout without drawing it: the tests read the
// alt texts of a whole game's pictures.
func collectionAltText(g *exlibris.Game, seat int, m Marks, o render.Options) (string, error) {
	if err := checkSeat(g, seat); err != nil {
		return "", err
	}
	cl := collectionOf(g, seat, m)
	l := o.Language()
	return collectionAlt(l, g, &cl, layOutCollection(g, &cl, l).plan, o.Names), nil
}

// collectionLayout is where a collection's picture puts its parts.
type collectionLayout struct {
	legendLines [][]legendPlace
	info, stats []string // the heading's lines and the statistics' below
	headH, top  int      // the heading's height, and the top of the placing or grid
	footer      int      // the height below the grid
	plan        gridPlan
}

// layOutCollection measures a collection's picture in language l: its
// height and the grid's plan, on which the alt text depends too.
func layOutCollection(g *exlibris.Game, cl *collection, l i18n.Lang) collectionLayout {
	extra := make([][2]int, 0, len(cl.spots)+1)
	for _, sp := range cl.spots {
		extra = append(extra, [2]int{sp.R, sp.C})
	}
	minR, minC, rows, cols := bounds(cl.places, extra)
	scratch := render.NewSprite(1, 1, render.Parchment)
	defer scratch.Release()
	scratch.Lang = l
	var lay collectionLayout
	lay.legendLines = flowLegend(scratch, collectionLegend(l, cl), innerW)
	lay.info = wrapParts(scratch, seatParts(l, g, cl.seat), innerW-8, render.Cond(16))
	lay.stats = wrapParts(scratch, statsParts(l, cl, g.Over()), innerW-8, render.Cond(16))
	lay.headH = collHeadH + (len(lay.info)-1)*infoLineH
	lay.top = render.Margin + lay.headH + catBlockH
	if cl.placing >= 0 || len(cl.spots) > 0 {
		lay.top += placingH
	}
	lay.footer = 16 + len(lay.legendLines)*legendLineH + len(lay.stats)*infoLineH + 8
	lay.plan = planGrid(scratch, minR, minC, rows, cols, innerW, maxH-lay.top-lay.footer-render.Margin, maxCardW, true)
	if lay.plan.height() > maxH-lay.top-lay.footer-render.Margin {
		// A collection too large for its books: the cards show their codes.
		lay.plan = planGrid(scratch, minR, minC, rows, cols, innerW, maxH-lay.top-lay.footer-render.Margin, maxCardW, false)
	}
	return lay
}

// drawCollectionHead draws the heading: the seat's token and name, its
// cards, the status line, and its library and hand on the lines info.
func drawCollectionHead(c *render.Canvas, g *exlibris.Game, seat int, names []string, info []string) {
	l := c.Lang
	x0 := float64(render.Margin)
	c.BlitOver(tokenSprite(seat, false, 28), image.Pt(render.Margin+2, render.Margin+8))
	count := pt(l, "cards", "Count", g.CollectionSize(seat))
	cw := c.Text(count, float64(picW-render.Margin-4), render.Margin+30, render.Sans(19), render.Ink, 1)
	c.TextFit(name(l, names, seat), x0+38, render.Margin+31, float64(innerW)-cw-50, render.Sans(25), render.Ink)
	drawStatus(c, g, names, x0+4, render.Margin+58, float64(innerW-8), render.Cond(17), render.InkSoft)
	for i, line := range info {
		label(c, line, x0+4, float64(render.Margin+84+i*infoLineH), float64(innerW-8), render.Cond(16), render.Ink)
	}
	y := render.Margin + collHeadH + (len(info)-1)*infoLineH
	c.Fill(image.Rect(render.Margin, y-8, picW-render.Margin, y-6), render.ParchmentDark)
}

// seatParts are a seat's library and hand, and when the last round comes:
// "Arcane Tower (Wizard)", "5 cards in hand", "last round at 16 cards".
func seatParts(l i18n.Lang, g *exlibris.Game, seat int) []string {
	var parts []string
	switch lib := g.LibraryOf(seat); {
	case lib >= 0:
		parts = append(parts, pt(l, "library", "Library", libName(l, lib), "Assistant", assistName(l, lib)))
	case g.Round() == 0 && g.Options().Mode != exlibris.Beginner:
		parts = append(parts, pt(l, "no_library_yet"))
	default:
		parts = append(parts, libName(l, lib))
	}
	parts = append(parts, pt(l, "in_hand", "Count", g.HandSize(seat)))
	if !g.Solo() && !g.Over() {
		if called, _ := g.LastRound(); !called {
			parts = append(parts, pt(l, "trigger", "Count", exlibris.EndTrigger(g.Seats(), g.Options().Long)))
		}
	}
	return parts
}

// seatLine is seatParts on one line.
func seatLine(l i18n.Lang, g *exlibris.Game, seat int) string {
	return strings.Join(seatParts(l, g, seat), pt(l, "sep"))
}

// wrapParts joins parts with " · " into lines no wider than width; a part
// too long for a line of its own is broken between words.
func wrapParts(c *render.Canvas, parts []string, width int, f render.FontSpec) []string {
	var lines []string
	sep := pt(c.Lang, "sep")
	fits := func(s string) bool { return c.Measure(s, f) <= float64(width) }
	for _, p := range parts {
		if n := len(lines); n > 0 && fits(lines[n-1]+sep+p) {
			lines[n-1] += sep + p
			continue
		}
		if fits(p) {
			lines = append(lines, p)
			continue
		}
		line := ""
		for _, w := range strings.Fields(p) {
			switch {
			case line == "":
				line = w
			case fits(line + " " + w):
				line += " " + w
			default:
				lines = append(lines, line)
				line = w
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// drawCategories draws the six categories on three lines of two: each
// book's shape and name, how many books count (n; -1: unknown), and the popular,
// banned and speciality marks, under a heading (id) with those marks'
// legend.
func drawCategories(c *render.Canvas, g *exlibris.Game, seat int, n [exlibris.NumCategories]int, id string, y int) {
	spec := exlibris.Category(-1)
	if seat >= 0 {
		spec = g.Speciality(seat)
	}
	c.Blit(categoriesSprite(c.Lang, id, g.Popular(), g.Banned(), spec), image.Pt(render.Margin, y))
	colW := innerW / 2
	for k := exlibris.Category(0); k < exlibris.NumCategories; k++ {
		cx := render.Margin + int(k%2)*colW
		cy := y + 28 + int(k/2)*28
		num := "–"
		if n[k] >= 0 {
			num = strconv.Itoa(n[k])
		}
		c.Text(num, float64(cx+colW-2-8-22), float64(cy+19), render.Sans(17), render.Ink, 1)
	}
}

// categoriesSprite is the categories block without its counts: its
// heading (message id) with the marks' legend, and each category's shape,
// name and mark (popular, banned, speciality), drawn once for each
// language and table.
func categoriesSprite(l i18n.Lang, id string, popular, banned, spec exlibris.Category) *render.Sprite {
	type key struct {
		l                     i18n.Lang
		id                    string
		popular, banned, spec exlibris.Category
	}
	return sprites.Get(key{l, id, popular, banned, spec}, func() *image.RGBA {
		c := render.NewSprite(innerW, catBlockH, render.Parchment)
		c.Lang = l
		defer c.Release()
		c.Text(pt(l, id), 4, 18, render.Cond(16), render.InkSoft, 0)
		// The marks' legend, on the right.
		tags := []struct {
			glyph string
			col   color.RGBA
			word  string
			show  bool
		}{
			{"★", render.BrassDark, pt(l, "tag.popular"), true},
			{"✖", render.Red, pt(l, "tag.banned"), true},
			{"◆", catFill[exlibris.Codex], pt(l, "tag.speciality"), spec >= 0},
		}
		x := float64(innerW - 4)
		for i := len(tags) - 1; i >= 0; i-- {
			t := tags[i]
			if !t.show {
				continue
			}
			x -= c.Text(t.word, x, 18, render.Cond(minText), render.InkSoft, 1) + 4
			x -= c.Text(t.glyph, x, 18, render.Sans(minText), t.col, 1) + 14
		}
		colW := innerW / 2
		for k := exlibris.Category(0); k < exlibris.NumCategories; k++ {
			cx := int(k%2) * colW
			cy := 28 + int(k/2)*28
			box := render.Rect(cx+2, cy, colW-4, 25)
			c.FillRR(box, 6, render.ParchmentDark)
			c.BlitOver(bookSprite(k, 17), image.Pt(cx+8, cy+3))
			label(c, catName(l, k), float64(cx+32), float64(cy+18), float64(colW-90), render.Cond(minText), render.Ink)
			right := float64(box.Max.X - 8)
			switch k {
			case popular:
				c.Text("★", right, float64(cy+19), render.Sans(16), render.BrassDark, 1)
			case banned:
				c.Text("✖", right, float64(cy+19), render.Sans(16), render.Red, 1)
			case spec:
				c.Text("◆", right, float64(cy+19), render.Sans(16), catFill[exlibris.Codex], 1)
			}
		}
		c.Fill(image.Rect(0, catBlockH-8, innerW, catBlockH-6), render.ParchmentDark)
		return c.Img
	})
}

// drawPlacing draws the card being placed and how many places it may go
// to.
func drawPlacing(c *render.Canvas, cl *collection, y int) {
	l := c.Lang
	x := float64(render.Margin + 4)
	if cl.placing >= 0 {
		c.Blit(cardSprite(cl.placing, 36, 48, faceUp, render.Parchment), image.Pt(render.Margin+4, y))
		x += 46
	}
	var s string
	switch {
	case len(cl.spots) == 0:
		s = pt(l, "placing.none", "Code", code(cl.placing))
	case cl.placing >= 0:
		s = pt(l, "placing.card", "Code", code(cl.placing), "Count", len(cl.spots))
	default:
		s = pt(l, "placing", "Count", len(cl.spots))
	}
	label(c, s, x, float64(y+30), float64(picW-render.Margin)-x-4, render.Sans(17), render.Ink)
}

// drawCollectionGrid draws the grid: the stability rectangle, the cards,
// and the spots offered, numbered.
func drawCollectionGrid(c *render.Canvas, p gridPlan, x0, y0 int, cl *collection, bg color.RGBA) {
	drawBandCaptions(c, p, x0, y0)
	if len(cl.places) == 0 && len(cl.spots) == 0 {
		r, _ := p.cell(x0, y0, p.minR, p.minC)
		render.Dashed(c, r, 2, render.InkSoft)
		cx, cy := render.Mid(r)
		c.TextMid(pt(c.Lang, "empty_short"), cx, cy, render.Cond(minText), render.InkSoft)
		return
	}
	drawStable(c, p, x0, y0, cl.stable)
	for _, sp := range cl.spots {
		if sp.Mode != Place || occupied(cl.places, sp.R, sp.C) {
			continue
		}
		r, _ := p.cell(x0, y0, sp.R, sp.C)
		c.Blit(litSprite(p.w, p.h, bg), r.Min)
	}
	drawGridCards(c, p, x0, y0, cl.places, cl.marks, bg)
	size := math.Min(22, float64(p.w)*0.2)
	for _, sp := range cl.spots {
		r, _ := p.cell(x0, y0, sp.R, sp.C)
		n, _ := strconv.Atoi(sp.Label)
		cx, cy := render.Mid(r)
		half := math.Round(math.Max(minText, size)*1.5) / 2
		switch sp.Mode {
		case Place:
			if occupied(cl.places, sp.R, sp.C) {
				cy = float64(r.Max.Y) - half - 3
			}
			drawLitBadge(c, n, cx, cy, size)
		case PushRight, PushLeft:
			// In the gap before the card (the row from it moves right)
			// or after it (it moves left), below the codes: the one
			// moving left above the one moving right.
			b := math.Round(minText*1.5) / 2
			gx, dir := float64(r.Min.X)-float64(p.gap)/2, 1.0
			cy = float64(r.Max.Y) - b - 2
			if sp.Mode == PushLeft {
				gx, dir = float64(r.Max.X)+float64(p.gap)/2, -1
				cy = math.Max(float64(r.Max.Y)-3*b-5, float64(r.Min.Y)+b)
			}
			bw := drawLitBadge(c, n, gx, cy, minText)
			drawArrow(c, gx+dir*(bw/2+1), cy, dir)
		case Over, Under:
			// Over at the bottom left, under at the bottom right (on a
			// narrow card, over above under).
			bx, by := cx, float64(r.Max.Y)-half-3
			if wide := p.w >= 56; wide && sp.Mode == Over {
				bx = float64(r.Min.X) + float64(p.w)/4 + 2
			} else if wide {
				bx = float64(r.Max.X) - float64(p.w)/4 - 2
			} else if sp.Mode == Over {
				by -= 2*half + 2
			}
			drawLitBadge(c, n, bx, by, minText)
		}
	}
}

// litSprite is an empty place offered, w×h on a ground of colour bg.
func litSprite(w, h int, bg color.RGBA) *render.Sprite {
	type key struct {
		w, h int
		bg   color.RGBA
	}
	return sprites.Get(key{w, h, bg}, func() *image.RGBA {
		c := render.NewSprite(w, h, bg)
		defer c.Release()
		r := image.Rect(0, 0, w, h)
		c.FillRR(r, radius(w), colLitSoft)
		render.DashedRR(c, r, radius(w), 2, 7, 5, colLit)
		return c.Img
	})
}

// drawArrow draws a small green triangle pointing right (dir 1) or left
// (-1) from (x, cy).
func drawArrow(c *render.Canvas, x, cy, dir float64) {
	c.MarkF(min(x, x+dir*9), cy-7, max(x, x+dir*9), cy+7)
	dc := c.GG()
	dc.MoveTo(x, cy-6)
	dc.LineTo(x+dir*8, cy)
	dc.LineTo(x, cy+6)
	dc.ClosePath()
	dc.SetColor(render.White)
	dc.FillPreserve()
	dc.SetColor(colLit)
	dc.SetLineWidth(1.5)
	dc.Stroke()
}

// occupied reports whether a place holds a card.
func occupied(places []exlibris.Place, r, col int) bool {
	for _, p := range places {
		if p.R == r && p.C == col {
			return true
		}
	}
	return false
}

// drawStable outlines the stability rectangle, band by band.
func drawStable(c *render.Canvas, p gridPlan, x0, y0 int, s stableRect) {
	if s.area == 0 {
		return
	}
	for b := 0; b < p.bands; b++ {
		lo := max(s.c0, p.minC+b*p.perBand)
		hi := min(s.c1, p.minC+(b+1)*p.perBand-1)
		if lo > hi {
			continue
		}
		a, _ := p.cell(x0, y0, s.r0, lo)
		z, _ := p.cell(x0, y0, s.r1, hi)
		r := a.Union(z).Inset(-max(2, p.gap/2+1))
		c.FillRR(r, 8, render.ParchmentDark)
		render.DashedRR(c, r, 8, 2, 8, 5, render.BrassDark)
	}
}

// drawBandCaptions names the columns each band holds, when there are
// several.
func drawBandCaptions(c *render.Canvas, p gridPlan, x0, y0 int) {
	if p.bands < 2 {
		return
	}
	for b := 1; b < p.bands; b++ {
		r, _ := p.cell(x0, y0, p.minR, p.minC+b*p.perBand)
		first := b*p.perBand + 1
		last := min(p.cols, (b+1)*p.perBand)
		c.Text(pt(c.Lang, "band", "First", first, "Last", last), float64(x0), float64(r.Min.Y-9), render.Cond(minText), render.InkSoft, 0)
	}
}

// legendItem is one entry of a picture's legend: a sample drawn in a box
// w pixels wide, then its words.
type legendItem struct {
	w      int
	sample func(c *render.Canvas, x, cy int)
	words  string
}

// collectionLegend lists what the collection picture marks.
func collectionLegend(l i18n.Lang, cl *collection) []legendItem {
	var items []legendItem
	modes := map[SpotMode]bool{}
	for _, sp := range cl.spots {
		modes[sp.Mode] = true
	}
	badge := func(dx, dy int) func(c *render.Canvas, x, cy int) {
		return func(c *render.Canvas, x, cy int) { drawLitBadge(c, 1, float64(x+dx), float64(cy+dy), minText) }
	}
	onCard := func(over bool) func(c *render.Canvas, x, cy int) {
		return func(c *render.Canvas, x, cy int) {
			r := render.Rect(x, cy-12, 40, 24)
			c.FillRR(r, 3, colCardEdge)
			c.FillRR(r.Inset(2), 2, colCard)
			if over {
				drawLitBadge(c, 1, float64(x+12), float64(cy+2), minText)
			} else {
				drawLitBadge(c, 1, float64(x+28), float64(cy+2), minText)
			}
		}
	}
	if modes[Place] {
		items = append(items, legendItem{24, badge(12, 0), pt(l, "legend.spot")})
	}
	if modes[PushRight] {
		items = append(items, legendItem{36, func(c *render.Canvas, x, cy int) {
			badge(12, 0)(c, x, cy)
			drawArrow(c, float64(x+24), float64(cy), 1)
		}, pt(l, "legend.push_right")})
	}
	if modes[PushLeft] {
		items = append(items, legendItem{36, func(c *render.Canvas, x, cy int) {
			drawArrow(c, float64(x+10), float64(cy), -1)
			badge(23, 0)(c, x, cy)
		}, pt(l, "legend.push_left")})
	}
	if modes[Over] {
		items = append(items, legendItem{40, onCard(true), pt(l, "legend.over")})
	}
	if modes[Under] {
		items = append(items, legendItem{40, onCard(false), pt(l, "legend.under")})
	}
	items = append(items, placesLegend(l, cl.places, cl.marks, cl.stable.area > 0)...)
	return items
}

// placesLegend lists what a grid of places marks: face-down and buried
// cards, cards out of order or turned at the inspection, the last card
// archived, the stability rectangle.
func placesLegend(l i18n.Lang, places []exlibris.Place, marks map[int]cellMarks, stable bool) []legendItem {
	var down, buried bool
	for _, p := range places {
		down = down || p.FaceDown
		buried = buried || p.Buried >= 0
	}
	var any cellMarks
	for _, m := range marks {
		any.outOfOrder = any.outOfOrder || m.outOfOrder
		any.last = any.last || m.last
		any.flipped = any.flipped || m.flipped
		any.checked = any.checked || m.checked
	}
	var items []legendItem
	sampleCard := func(c *render.Canvas, x, cy int) image.Rectangle {
		r := render.Rect(x, cy-10, 18, 20)
		c.FillRR(r, 3, colCardEdge)
		c.FillRR(r.Inset(2), 2, colCard)
		return r
	}
	if any.checked {
		items = append(items, legendItem{20, func(c *render.Canvas, x, cy int) { drawCorner(c, sampleCard(c, x, cy), render.Red, false) },
			pt(l, "legend.checked")})
	}
	if any.outOfOrder {
		items = append(items, legendItem{20, func(c *render.Canvas, x, cy int) { drawCorner(c, sampleCard(c, x, cy), render.Red, false) },
			pt(l, "legend.out_of_order")})
	}
	if any.flipped {
		items = append(items, legendItem{20, func(c *render.Canvas, x, cy int) { drawCorner(c, sampleCard(c, x, cy), colOwner, true) },
			pt(l, "legend.flipped")})
	}
	if down {
		items = append(items, legendItem{20, func(c *render.Canvas, x, cy int) {
			r := render.Rect(x, cy-10, 18, 20)
			c.FillRR(r, 3, render.Ink)
			c.FillRR(r.Inset(2), 2, colBack)
		}, pt(l, "legend.face_down")})
	}
	if buried {
		items = append(items, legendItem{24, func(c *render.Canvas, x, cy int) {
			r := render.Rect(x+5, cy-7, 17, 18)
			c.FillRR(r, 3, render.Ink)
			c.FillRR(r.Inset(2), 2, colBack)
			sampleCard(c, x, cy-3)
		}, pt(l, "legend.buried")})
	}
	if any.last {
		items = append(items, legendItem{22, func(c *render.Canvas, x, cy int) {
			c.FillRR(render.Rect(x-1, cy-12, 22, 24), 4, render.Gold)
			sampleCard(c, x+1, cy)
		}, pt(l, "legend.last")})
	}
	if stable {
		items = append(items, legendItem{26, func(c *render.Canvas, x, cy int) {
			r := render.Rect(x, cy-10, 26, 20)
			c.FillRR(r, 5, render.ParchmentDark)
			render.DashedRR(c, r, 5, 2, 5, 3, render.BrassDark)
		}, pt(l, "legend.stability")})
	}
	return items
}

// legendPlace is an item of a legend placed on a line.
type legendPlace struct {
	item legendItem
	x    int
}

// flowLegend places a legend's items on lines width pixels wide.
func flowLegend(c *render.Canvas, items []legendItem, width int) [][]legendPlace {
	var lines [][]legendPlace
	x := 0
	const gap = 18
	for _, it := range items {
		w := it.w + 6 + int(c.Measure(it.words, render.Cond(minText))+0.5)
		if len(lines) == 0 || x > 0 && x+w > width-8 {
			lines = append(lines, nil)
			x = 0
		}
		n := len(lines) - 1
		lines[n] = append(lines[n], legendPlace{it, x})
		x += w + gap
	}
	return lines
}

// drawLegend draws a legend's lines from (x0, y0).
func drawLegend(c *render.Canvas, lines [][]legendPlace, x0, y0 int) {
	for i, line := range lines {
		cy := y0 + i*legendLineH + legendLineH/2
		for _, p := range line {
			p.item.sample(c, x0+p.x+4, cy)
			label(c, p.item.words, float64(x0+p.x+4+p.item.w+6), float64(cy+6), float64(innerW-p.x-p.item.w-10), render.Cond(minText), render.InkSoft)
		}
	}
}

// statsParts are the stability the collection scores now, and the cards
// out of alphabetical order.
func statsParts(l i18n.Lang, cl *collection, over bool) []string {
	s := []string{pt(l, "stability", "Count", cl.stable.area)}
	if cl.stable.area == 0 {
		s[0] = pt(l, "stability.none")
	}
	if !over && len(cl.out) > 0 {
		s = append(s, pt(l, "out_of_order", "Cards", codes(l, cl.out)))
	}
	return s
}

// collectionAlt describes a collection: whose, its size, its rows of
// cards (each card's books, face-down and buried ones said), the books by
// category, the marks and the spots offered, numbered as drawn. A
// collection too long to describe whole drops its cards' books, then
// its rows.
func collectionAlt(l i18n.Lang, g *exlibris.Game, cl *collection, p gridPlan, names []string) string {
	head := []string{
		pt(l, "alt.collection", "Name", render.AltName(l, names, cl.seat), "Count", g.CollectionSize(cl.seat)) + ".",
		status(l, g, names, true) + ".",
		seatLine(l, g, cl.seat) + ".",
	}
	at := func(withBooks, withRows, withSpots bool) func() string {
		return func() string {
			parts := slices.Clone(head)
			if withRows {
				parts = append(parts, rowsAlt(l, cl.places, p.minR, p.minC, withBooks)...)
			}
			parts = append(parts, booksAlt(l, g, cl.seat, faceUpBooks(cl.places)))
			parts = append(parts, strings.Join(statsParts(l, cl, g.Over()), pt(l, "sep"))+".")
			if len(cl.spots) > 0 || cl.placing >= 0 {
				parts = append(parts, spotsAlt(l, cl, p, withSpots))
			}
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true, true, true), at(false, true, true), at(false, false, true), at(false, false, false))
}

// rowsAlt describes a grid's rows: "Row 1: E2 (fiction, history), empty,
// C3 face down." Rows and columns count from the grid's top left, place
// (minR, minC); rows without cards are left out.
func rowsAlt(l i18n.Lang, places []exlibris.Place, minR, minC int, withBooks bool) []string {
	if len(places) == 0 {
		return []string{pt(l, "empty") + "."}
	}
	var out []string
	at := map[[2]int]exlibris.Place{}
	r0, c0, rows, cols := bounds(places, nil)
	for _, pl := range places {
		at[[2]int{pl.R, pl.C}] = pl
	}
	for r := r0; r < r0+rows; r++ {
		var cells []string
		for col := minC; col < c0+cols; col++ {
			pl, ok := at[[2]int{r, col}]
			switch {
			case !ok:
				cells = append(cells, pt(l, "alt.gap"))
			case pl.FaceDown:
				cells = append(cells, pt(l, "alt.face_down", "Code", code(pl.Card)))
			case withBooks:
				cells = append(cells, cardWords(l, pl.Card))
			default:
				cells = append(cells, code(pl.Card))
			}
			if ok && pl.Buried >= 0 {
				cells[len(cells)-1] += " " + pt(l, "alt.buried", "Code", code(pl.Buried))
			}
		}
		// Trailing gaps say nothing.
		for len(cells) > 0 && cells[len(cells)-1] == pt(l, "alt.gap") {
			cells = cells[:len(cells)-1]
		}
		if len(cells) == 0 {
			continue
		}
		out = append(out, pt(l, "alt.row", "Row", r-minR+1, "Cards", strings.Join(cells, ", "))+".")
	}
	return out
}

// booksAlt says the books that count by category, and which categories
// are popular, banned and the seat's speciality (when known).
func booksAlt(l i18n.Lang, g *exlibris.Game, seat int, n [exlibris.NumCategories]int) string {
	var cats []string
	for k := exlibris.Category(0); k < exlibris.NumCategories; k++ {
		cats = append(cats, pt(l, "alt.books", "Count", n[k], "Category", catName(l, k)))
	}
	s := pt(l, "alt.faceup", "Books", strings.Join(cats, ", ")) + " " + tableCats(l, g, seat) + "."
	return s
}

// tableCats names the popular and banned categories and the seat's
// speciality when the view shows it.
func tableCats(l i18n.Lang, g *exlibris.Game, seat int) string {
	s := pt(l, "alt.popular_banned", "Popular", catName(l, g.Popular()), "Banned", catName(l, g.Banned()))
	if seat >= 0 && g.Speciality(seat) >= 0 {
		s += pt(l, "sep") + pt(l, "alt.speciality", "Category", catName(l, g.Speciality(seat)))
	}
	return s
}

// spotsAlt says how many places are offered and, with list, lists them
// by their numbers.
func spotsAlt(l i18n.Lang, cl *collection, p gridPlan, list bool) string {
	var s string
	switch {
	case len(cl.spots) == 0:
		return pt(l, "placing.none", "Code", code(cl.placing)) + "."
	case cl.placing >= 0:
		s = pt(l, "placing.card", "Code", code(cl.placing), "Count", len(cl.spots))
	default:
		s = pt(l, "placing", "Count", len(cl.spots))
	}
	if !list {
		return s + "."
	}
	items := make([]string, len(cl.spots))
	for i, sp := range cl.spots {
		items[i] = pt(l, "alt.spot."+spotModeID[sp.Mode], "Label", sp.Label, "Row", sp.R-p.minR+1, "Column", sp.C-p.minC+1)
	}
	return s + pt(l, "colon") + strings.Join(items, pt(l, "alt.sep")) + "."
}

var spotModeID = [...]string{Place: "place", PushRight: "push_right", PushLeft: "push_left", Over: "over", Under: "under"}
