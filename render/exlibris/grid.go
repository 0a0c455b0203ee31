package exlibris

import (
	"image"
	"image/color"
	"math"
	"slices"

	"atheneum/engine/exlibris"
	"atheneum/render"
)

// A collection is drawn as a grid of cards, row 0 of the picture being the
// top row of the places and spots shown. Cards shrink to fit the width
// (a collection of 15 columns still shows every letter); past the
// narrowest card that shows its code, the columns wrap into bands, one
// under the other, each saying which columns it holds.

// The grid's cards: at most maxCardW wide, at least minCardW; cards are
// taller than wide, down to the least that shows their code and books.
const (
	maxCardW = 96
	minCardW = 22
	bandGap  = 28 // between bands, room for the band's caption
)

// gridPlan is how a grid of rows×cols places is laid out.
type gridPlan struct {
	minR, minC int // the places' row and column at the grid's top left
	rows, cols int
	w, h, gap  int // a card, and the space between cards
	perBand    int // columns in a band
	bands      int
}

// bandH is one band's height, without the gap after it.
func (p gridPlan) bandH() int { return p.rows*p.h + (p.rows-1)*p.gap }

// height is the whole grid's height.
func (p gridPlan) height() int {
	return p.bands*p.bandH() + (p.bands-1)*bandGap
}

// width is the widest band's width.
func (p gridPlan) width() int {
	n := min(p.cols, p.perBand)
	return n*p.w + (n-1)*p.gap
}

// cell is the rectangle of place (r, c) in a grid drawn from (x0, y0),
// and false for a place outside the grid.
func (p gridPlan) cell(x0, y0, r, c int) (image.Rectangle, bool) {
	gr, gc := r-p.minR, c-p.minC
	if gr < 0 || gr >= p.rows || gc < 0 || gc >= p.cols {
		return image.Rectangle{}, false
	}
	b := gc / p.perBand
	gc %= p.perBand
	x := x0 + gc*(p.w+p.gap)
	y := y0 + b*(p.bandH()+bandGap) + gr*(p.h+p.gap)
	return render.Rect(x, y, p.w, p.h), true
}

// planGrid lays out rows×cols places within maxW×maxH pixels: the widest
// cards that fit (up to widest), as tall as 1.25 times their width when
// there is room, and bands only when the narrowest cards do not fit.
// Without books, cards may be as short as their codes, their books left
// out.
func planGrid(c *render.Canvas, minR, minC, rows, cols, maxW, maxH, widest int, books bool) gridPlan {
	p := gridPlan{minR: minR, minC: minC, rows: max(rows, 1), cols: max(cols, 1), bands: 1}
	for {
		p.perBand = (p.cols + p.bands - 1) / p.bands
		p.gap = 6
		if p.perBand > 12 {
			p.gap = 3
		}
		p.w = min(widest, (maxW-(p.perBand-1)*p.gap)/p.perBand)
		if p.w >= minCardW || p.perBand == 1 {
			break
		}
		p.bands++
	}
	// The widest cards whose grid fits maxH; the shortest grid when none
	// does (a narrow card writes its order under its letter, which takes
	// more height).
	top := max(p.w, minCardW)
	best, bestH := gridPlan{}, 0
	for w := top; w >= minCardW; w-- {
		q := p
		q.w = w
		least := cardMinH(c, w)
		if !books {
			least = codeHeight(c, 0, w) + 3
		}
		// A narrow card is taller than 1.25 times its width when it
		// can be, for its books.
		q.h = max(least, int(float64(w)*1.25), least+14)
		for q.h > least && q.height() > maxH {
			q.h--
		}
		if q.height() <= maxH {
			return q
		}
		if bestH == 0 || q.height() < bestH {
			best, bestH = q, q.height()
		}
	}
	return best
}

// stableRect is the largest rectangle of places, at least two wide and two
// high, standing on the lowest row (ruling 44), as the engine scores it:
// its rows r0..r1 and columns c0..c1, and its area (0 for none).
type stableRect struct {
	r0, r1, c0, c1 int
	area           int
}

// stability finds the stability rectangle of a collection's places.
func stability(places []exlibris.Place) stableRect {
	if len(places) == 0 {
		return stableRect{}
	}
	at := map[[2]int]bool{}
	minR, maxR, minC, maxC := places[0].R, places[0].R, places[0].C, places[0].C
	for _, p := range places {
		at[[2]int{p.R, p.C}] = true
		minR, maxR = min(minR, p.R), max(maxR, p.R)
		minC, maxC = min(minC, p.C), max(maxC, p.C)
	}
	var best stableRect
	for h := 2; h <= maxR-minR+1; h++ {
		run := 0
		for c := minC; c <= maxC+1; c++ {
			full := c <= maxC
			for r := maxR - h + 1; full && r <= maxR; r++ {
				full = at[[2]int{r, c}]
			}
			if full {
				run++
				continue
			}
			if run >= 2 && run*h > best.area {
				best = stableRect{r0: maxR - h + 1, r1: maxR, c0: c - run, c1: c - 1, area: run * h}
			}
			run = 0
		}
	}
	return best
}

// cardLess orders cards as the alphabetical check reads them: by letter,
// then by order within the letter.
func cardLess(a, b int) bool {
	ia, _ := exlibris.Card(a)
	ib, _ := exlibris.Card(b)
	if ia.Letter != ib.Letter {
		return ia.Letter < ib.Letter
	}
	return ia.Order < ib.Order
}

// readingOrder lists a collection's places from the top row down, each row
// from left to right.
func readingOrder(places []exlibris.Place) []exlibris.Place {
	ps := slices.Clone(places)
	slices.SortFunc(ps, func(a, b exlibris.Place) int {
		if a.R != b.R {
			return a.R - b.R
		}
		return a.C - b.C
	})
	return ps
}

// outOfOrder lists the face-up cards the alphabetical check would turn
// face down now (ruling 42): read in order, each card lower than the last
// card kept.
func outOfOrder(places []exlibris.Place) []int {
	var out []int
	last := -1
	for _, p := range readingOrder(places) {
		if p.FaceDown {
			continue
		}
		if last >= 0 && cardLess(p.Card, last) {
			out = append(out, p.Card)
			continue
		}
		last = p.Card
	}
	return out
}

// faceUpBooks counts the books of a collection's face-up cards by
// category.
func faceUpBooks(places []exlibris.Place) [exlibris.NumCategories]int {
	var n [exlibris.NumCategories]int
	for _, p := range places {
		if p.FaceDown {
			continue
		}
		for k, b := range books(p.Card) {
			n[k] += b
		}
	}
	return n
}

// bounds is the rows and columns a set of places spans, with the extra
// places (spots) given.
func bounds(places []exlibris.Place, extra [][2]int) (minR, minC, rows, cols int) {
	first := true
	var maxR, maxC int
	add := func(r, c int) {
		if first {
			minR, maxR, minC, maxC, first = r, r, c, c, false
			return
		}
		minR, maxR = min(minR, r), max(maxR, r)
		minC, maxC = min(minC, c), max(maxC, c)
	}
	for _, p := range places {
		add(p.R, p.C)
	}
	for _, e := range extra {
		add(e[0], e[1])
	}
	if first {
		return 0, 0, 1, 1
	}
	return minR, minC, maxR - minR + 1, maxC - minC + 1
}

// cellMarks are what a card of a grid is marked with.
type cellMarks struct {
	outOfOrder bool // the check would turn it down now
	last       bool // archived last
	chosen     bool // a place of the move being built
	flipped    bool // turned down by its owner at the inspection
	checked    bool // turned down by the alphabetical check
}

// drawGridCards draws the places of a grid from (x0, y0) on a ground of
// colour bg: each top card, the card buried beneath it showing behind,
// and the marks given.
func drawGridCards(c *render.Canvas, p gridPlan, x0, y0 int, places []exlibris.Place, marks map[int]cellMarks, bg color.RGBA) {
	for _, pl := range places {
		r, ok := p.cell(x0, y0, pl.R, pl.C)
		if !ok {
			continue
		}
		m := marks[pl.Card]
		kind := faceUp
		if pl.FaceDown {
			kind = faceDown
		}
		ring := m.last || m.chosen
		if ring {
			c.FillRR(r.Inset(-3), radius(p.w)+2, render.Gold)
		}
		if pl.Buried >= 0 {
			// The buried card shows behind, a little lower and to the
			// right, face down.
			off := max(3, p.w/14)
			if ring {
				c.BlitOver(cardSprite(pl.Buried, p.w-off, p.h-off, faceDown, color.RGBA{}), image.Pt(r.Min.X+off, r.Min.Y+off))
			} else {
				c.Blit(cardSprite(pl.Buried, p.w-off, p.h-off, faceDown, bg), image.Pt(r.Min.X+off, r.Min.Y+off))
			}
			r = image.Rect(r.Min.X, r.Min.Y, r.Max.X-off, r.Max.Y-off)
			c.BlitOver(cardSprite(pl.Card, r.Dx(), r.Dy(), kind, color.RGBA{}), r.Min)
		} else if ring {
			c.BlitOver(cardSprite(pl.Card, p.w, p.h, kind, color.RGBA{}), r.Min)
		} else {
			c.Blit(cardSprite(pl.Card, p.w, p.h, kind, bg), r.Min)
		}
		switch {
		case m.checked, m.outOfOrder:
			drawCorner(c, r, render.Red, false)
		case m.flipped:
			drawCorner(c, r, colOwner, true)
		}
	}
}

// drawCorner marks a card's top right corner (left: its top left corner)
// with a triangle of colour col.
func drawCorner(c *render.Canvas, r image.Rectangle, col color.RGBA, left bool) {
	s := math.Min(18, float64(r.Dx())*0.5)
	x, y := float64(r.Max.X), float64(r.Min.Y)
	dx := -s
	if left {
		x, dx = float64(r.Min.X), s
	}
	c.MarkF(math.Min(x, x+dx), y, math.Max(x, x+dx), y+s)
	dc := c.GG()
	dc.MoveTo(x+dx, y)
	dc.LineTo(x, y)
	dc.LineTo(x, y+s)
	dc.ClosePath()
	dc.SetColor(col)
	dc.Fill()
}
