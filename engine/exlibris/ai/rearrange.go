package ai

import (
	"math"
	"slices"

	"atheneum/engine/exlibris"
)

// The decisions that change the collection's layout (the salon, the
// cabinetmaker) or its faces (turning cards down before the inspection)
// are valued by scoring the collection they leave.

// arrangement is a collection laid out anew, to be scored.
type arrangement struct {
	cells []cell
	model *model
}

// value scores a layout for the seat: the kept cards' books, the places,
// the stability rectangle, and the distance to the planned block.
func (ar *arrangement) value() float64 {
	cells := ar.cells
	slices.SortFunc(cells, func(a, b cell) int {
		if a.r != b.r {
			return a.r - b.r
		}
		return a.c - b.c
	})
	m := ar.model
	// The best run in reading order (see model.keep).
	var best [64]float64
	total := 0.0
	top := 0.0
	for i := range cells {
		if i >= len(best) || cells[i].down {
			continue
		}
		w := m.booksValue(cells[i].card) + 1
		best[i] = w
		for j := 0; j < i; j++ {
			if !cells[j].down && cells[j].card < cells[i].card && best[j]+w > best[i] {
				best[i] = best[j] + w
			}
		}
		top = max(top, best[i])
	}
	total += top + float64(len(cells))*baseValue*0.5
	total += float64(stability(cells))
	// The planned block: the best frame's distance.
	if len(cells) > 0 {
		minR, maxR, minC, maxC := cells[0].r, cells[0].r, cells[0].c, cells[0].c
		for _, c := range cells {
			minR, maxR = min(minR, c.r), max(maxR, c.r)
			minC, maxC = min(minC, c.c), max(maxC, c.c)
		}
		w := max(m.width, maxC-minC+1)
		cost := math.Inf(1)
		for t := maxR - 2; t <= minR; t++ {
			for l := maxC - w + 1; l <= minC; l++ {
				c := 0.0
				for _, x := range cells {
					if !x.down {
						d := float64((x.r-t)*w+x.c-l) - ideal(x.card, w)
						c += d * d
					}
				}
				cost = min(cost, c)
			}
		}
		if !math.IsInf(cost, 1) {
			total -= layoutWeight * cost
		}
	}
	return total
}

// stability is the largest rectangle of places standing on the lowest
// row, two by two at least (the inspection's rule).
func stability(cells []cell) int {
	if len(cells) == 0 {
		return 0
	}
	minR, maxR, minC, maxC := cells[0].r, cells[0].r, cells[0].c, cells[0].c
	for _, c := range cells {
		minR, maxR = min(minR, c.r), max(maxR, c.r)
		minC, maxC = min(minC, c.c), max(maxC, c.c)
	}
	var full [exlibris.MaxRows][64]bool
	for _, c := range cells {
		if c.r-minR < exlibris.MaxRows && c.c-minC < 64 {
			full[c.r-minR][c.c-minC] = true
		}
	}
	rows, cols := maxR-minR+1, min(maxC-minC+1, 64)
	best := 0
	for h := 2; h <= rows; h++ {
		run := 0
		for c := 0; c <= cols; c++ {
			ok := c < cols
			for r := rows - h; ok && r < rows; r++ {
				ok = full[r][c]
			}
			if ok {
				run++
				continue
			}
			if run >= 2 && run*h > best {
				best = run * h
			}
			run = 0
		}
	}
	return best
}

// chooseRearrange values the salon's and the cabinetmaker's options by the
// layout each leaves.
func (p *Normal) chooseRearrange(d exlibris.Decision) int {
	m := &p.m
	ar := arrangement{model: m}
	scratch := make([]cell, 0, len(m.cells)+1)
	reset := func() {
		scratch = scratch[:0]
		for _, c := range m.cells {
			c.kept = false
			scratch = append(scratch, c)
		}
		ar.cells = scratch
	}
	reset()
	base := ar.value()
	find := func(r, c int) int {
		for i, x := range scratch {
			if x.r == r && x.c == c {
				return i
			}
		}
		return -1
	}
	best, bestV := 0, math.Inf(-1)
	for i, a := range p.opts {
		v := 0.0
		switch {
		case a.Kind == exlibris.ActWord:
			v = p.wordValue(d, int(a.A))
		case a.Kind == exlibris.ActWordPos: // a hand card for a placed one
			reset()
			if k := find(int(a.B), int(a.C)); k >= 0 {
				old := scratch[k].card
				scratch[k].card, scratch[k].down = int(a.D), false
				v = ar.value() - base + m.handValue(old) - m.handValue(int(a.D))
			}
		case a.Kind == exlibris.ActWordPos2 && a.A == exlibris.WordSwap2:
			reset()
			k1, k2 := find(int(a.B), int(a.C)), find(int(a.D), int(a.E))
			if k1 >= 0 && k2 >= 0 {
				scratch[k1].card, scratch[k2].card = scratch[k2].card, scratch[k1].card
				scratch[k1].down, scratch[k2].down = scratch[k2].down, scratch[k1].down
				v = ar.value() - base
			}
		case a.Kind == exlibris.ActWordPos2: // a card taken out and archived elsewhere
			reset()
			if k := find(int(a.B), int(a.C)); k >= 0 {
				scratch[k].r, scratch[k].c = int(a.D), int(a.E)
				v = ar.value() - base
			}
		case a.Kind == exlibris.ActShift:
			reset()
			for k := range scratch {
				x := &scratch[k]
				if x.r == int(a.B) && x.c >= int(a.C) && x.c <= int(a.D) {
					x.r, x.c = int(a.E), int(a.F)+x.c-int(a.C)
				}
			}
			v = ar.value() - base
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// chooseFlip turns down, before the inspection, the card whose loss most
// improves the final score, or is done.
func (p *Normal) chooseFlip() int {
	m := &p.m
	g := m.g
	var opp [exlibris.MaxSeats]int
	for s := 0; s < g.Seats(); s++ {
		if s != m.seat {
			opp[s] = popularBooks(g, s)
		}
	}
	score := func(flip int) float64 {
		var counts [exlibris.NumCategories]int
		last := -1
		for i, c := range m.cells {
			if c.down || i == flip {
				continue
			}
			if last >= 0 && c.card < last {
				continue
			}
			last = c.card
			for k := range counts {
				counts[k] += int(icons[c.card][k])
			}
		}
		return float64(inspection(g, m.seat, counts, opp))
	}
	base := score(-1)
	best, bestV := -1, 0.0
	for i, a := range p.opts {
		if a.Kind != exlibris.ActPos {
			continue
		}
		for k, c := range m.cells {
			if c.r == int(a.B) && c.c == int(a.C) {
				if v := score(k) - base; v > bestV {
					best, bestV = i, v
				}
			}
		}
	}
	if best >= 0 {
		return best
	}
	for i, a := range p.opts {
		if a.Kind == exlibris.ActWord {
			return i
		}
	}
	return 0
}

// inspection scores a seat's books (stability aside): popular books
// against the opponents' counts, banned books, diversity and speciality.
func inspection(g *exlibris.Game, seat int, counts [exlibris.NumCategories]int, opp [exlibris.MaxSeats]int) int {
	pts := 0
	pop, ban := g.Popular(), g.Banned()
	pts -= counts[ban]
	low := math.MaxInt
	for k, n := range counts {
		if exlibris.Category(k) != ban {
			low = min(low, n)
		}
	}
	pts += 3 * low
	if spec := g.Speciality(seat); spec >= 0 {
		pts += 2 * counts[spec]
	}
	if g.Seats() > 1 && counts[pop] > 0 {
		above, level := 0, 0
		for s := 0; s < g.Seats(); s++ {
			if s == seat {
				continue
			}
			switch {
			case opp[s] > counts[pop]:
				above++
			case opp[s] == counts[pop]:
				level++
			}
		}
		rewards := exlibris.PopularRewards()
		sum := 0
		for k := above; k <= above+level && k < len(rewards); k++ {
			sum += rewards[k]
		}
		pts += (sum + level) / (level + 1)
	}
	return pts
}
