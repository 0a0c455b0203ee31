package ai

import (
	"math"
	"slices"

	"atheneum/engine/exlibris"
)

// What a card is worth to a seat, and where it belongs in its collection.
//
// A card's worth is its books, each valued for the seat (speciality +2,
// banned -1, popular by how close the race is, diversity by how short the
// seat runs of that category), plus a base for the place it fills
// (stability, the end of the game). Its place follows the alphabetical
// check: the collection is read row by row, so a card keeps its books
// only between a smaller card before it and a larger one after it; and
// to leave room for the cards still to come, each card has an ideal spot
// in a planned block of three rows (row 0 for A to F, row 1 for G to O,
// row 2 for P to Z, and by its rank within the row).

// The content tables, read once.
var (
	icons  [exlibris.NumCards][exlibris.NumCategories]int8
	nbooks [exlibris.NumCards]int8
)

func init() {
	for c := 0; c < exlibris.NumCards; c++ {
		info, _ := exlibris.Card(c)
		for k, n := range info.Icons {
			icons[c][k] = int8(n)
			nbooks[c] += int8(n)
		}
	}
}

// Weights of the heuristic, in points.
const (
	// baseValue is a card's worth in the collection beside its books: a
	// place of the stability rectangle, a step towards the end.
	baseValue = 1.0
	// outOfOrder is what a card placed against the alphabetical order
	// costs beyond its lost books (it may push others down later).
	outOfOrder = 0.4
	// layoutWeight prices each squared place of distance between a card
	// and its ideal spot.
	layoutWeight = 0.06
	// buriedBonus is a mummy's buried card: 2 points of stability.
	buriedBonus = 2.0
)

// cell is a place of a collection.
type cell struct {
	r, c int
	card int
	down bool // face down: its books do not count, whatever the order
	kept bool // in the best alphabetical run (its books count)
}

// frame is a placement of the planned block over the collection: its top
// row and left column.
type frame struct {
	top, left int
	cost      float64 // the kept cards' squared distances to their ideal spots
}

// spot is an empty place next to the collection where a card may go.
type spot struct {
	r, c int
	// prev and next are the largest kept card read before the spot and
	// the smallest after it (-1 and NumCards when none).
	prev, next int
}

// model is one seat's view of its own collection, built once per
// decision.
type model struct {
	g                   *exlibris.Game
	seat                int
	spec, popular, bann exlibris.Category
	// counts are the books of the kept cards by category; size the
	// collection's cards, buried ones too.
	counts [exlibris.NumCategories]int
	size   int
	cells  []cell // in reading order
	minR   int
	maxR   int
	minC   int
	maxC   int
	width  int // the planned block's width
	frames []frame
	spots  []spot
	// bookVal is what one more book of each category is worth.
	bookVal [exlibris.NumCategories]float64
	// handWeight is the share of a card's worth a card in hand keeps: how
	// likely it is to be archived before the end.
	handWeight float64
	places     []exlibris.Place
	hand       []int
	grid       map[[2]int]int
}

// build fills the model for seat from g.
func (m *model) build(g *exlibris.Game, seat int) {
	m.g, m.seat = g, seat
	m.spec, m.popular, m.bann = g.Speciality(seat), g.Popular(), g.Banned()
	m.places = g.AppendCollection(m.places[:0], seat)
	m.hand = g.AppendHand(m.hand[:0], seat)
	m.size = g.CollectionSize(seat)
	m.cells = m.cells[:0]
	for _, p := range m.places {
		m.cells = append(m.cells, cell{r: p.R, c: p.C, card: p.Card, down: p.FaceDown})
	}
	slices.SortFunc(m.cells, func(a, b cell) int {
		if a.r != b.r {
			return a.r - b.r
		}
		return a.c - b.c
	})
	m.bookValues(nil)
	m.keep()
	m.counts = [exlibris.NumCategories]int{}
	for _, c := range m.cells {
		if c.kept {
			for k := range m.counts {
				m.counts[k] += int(icons[c.card][k])
			}
		}
	}
	m.bookValues(&m.counts)
	m.layout()
	m.handWeight = handWeight(g, seat, len(m.hand))
}

// bookValues sets what one more book of each category is worth to the
// seat, given its counts (nil: before they are known, a flat guess).
func (m *model) bookValues(counts *[exlibris.NumCategories]int) {
	g := m.g
	var c [exlibris.NumCategories]int
	if counts != nil {
		c = *counts
	}
	// Diversity: 3 points per book of the rarest category but the banned
	// one; a book counts for as much as its category is likely to stay the
	// rarest (a soft minimum).
	low := math.MaxInt
	for k := range c {
		if exlibris.Category(k) != m.bann && c[k] < low {
			low = c[k]
		}
	}
	var w [exlibris.NumCategories]float64
	sum := 0.0
	for k := range c {
		if exlibris.Category(k) == m.bann {
			continue
		}
		w[k] = math.Exp(-float64(c[k]-low) / 1.3)
		sum += w[k]
	}
	for k := range m.bookVal {
		m.bookVal[k] = 0
		if exlibris.Category(k) != m.bann {
			m.bookVal[k] = 3 * w[k] / sum
		}
	}
	m.bookVal[m.bann] = -1
	if m.spec >= 0 {
		m.bookVal[m.spec] += 2
	}
	// Popular books: 15, 9 and 4 points for the most; a book is worth more
	// the closer the race with the nearest opponent.
	if m.popular != m.bann {
		mine := c[m.popular]
		gap := 99
		if g.Seats() == 1 {
			gap = mine - 4 // the public library: about four by the end
		}
		for s := 0; s < g.Seats(); s++ {
			if s != m.seat {
				gap = min(gap, abs(popularBooks(g, s)-mine))
			}
		}
		m.bookVal[m.popular] += 0.6 + 5/(2+float64(abs(gap)))
	}
}

// popularBooks counts the popular books face up in seat's collection.
func popularBooks(g *exlibris.Game, seat int) int {
	n := 0
	p := g.Popular()
	var buf [40]exlibris.Place
	for _, pl := range g.AppendCollection(buf[:0], seat) {
		if !pl.FaceDown {
			n += int(icons[pl.Card][p])
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// booksValue is what card c's books are worth to the seat.
func (m *model) booksValue(c int) float64 {
	v := 0.0
	for k, n := range icons[c] {
		if n > 0 {
			v += float64(n) * m.bookVal[k]
		}
	}
	return v
}

// cardValue is card c's worth in the collection, kept in order.
func (m *model) cardValue(c int) float64 { return baseValue + m.booksValue(c) }

// keep marks the face-up cards that keep their books: the most valuable
// run in alphabetical reading order (the seat turns the others down
// before the check, or the check does).
func (m *model) keep() {
	n := len(m.cells)
	var best [64]float64
	var from [64]int
	top, topV := -1, 0.0
	for i := 0; i < n && i < len(best); i++ {
		m.cells[i].kept = false
		if m.cells[i].down {
			continue
		}
		w := m.booksValue(m.cells[i].card) + 1
		best[i], from[i] = w, -1
		for j := 0; j < i; j++ {
			if !m.cells[j].down && m.cells[j].card < m.cells[i].card && best[j]+w > best[i] {
				best[i], from[i] = best[j]+w, j
			}
		}
		if best[i] > topV {
			top, topV = i, best[i]
		}
	}
	for i := top; i >= 0; i = from[i] {
		m.cells[i].kept = true
	}
}

// planWidth is the planned block's width: three rows hold the cards that
// call the end, and a little more.
func planWidth(g *exlibris.Game) int {
	t := exlibris.EndTrigger(g.Seats(), g.Options().Long)
	if t == 0 {
		t = 13 // solo: five rounds
	}
	return (t + 4) / 3
}

// ideal is card c's ideal reading index in a block of 3 rows of width w.
func ideal(c, w int) float64 {
	return (float64(c)+0.5)/float64(exlibris.NumCards)*float64(3*w) - 0.5
}

// layout finds the frames the collection fits in and the empty spots a
// card may be archived into.
func (m *model) layout() {
	m.frames, m.spots = m.frames[:0], m.spots[:0]
	w := planWidth(m.g)
	if m.grid == nil {
		m.grid = make(map[[2]int]int, 32)
	}
	clear(m.grid)
	if len(m.cells) == 0 {
		m.width = w
		m.minR, m.maxR, m.minC, m.maxC = 0, -1, 0, -1
		m.spots = append(m.spots, spot{r: 0, c: 0, prev: -1, next: exlibris.NumCards})
		for top := -2; top <= 0; top++ {
			for left := -(w - 1); left <= 0; left++ {
				m.frames = append(m.frames, frame{top: top, left: left})
			}
		}
		return
	}
	m.minR, m.maxR, m.minC, m.maxC = m.cells[0].r, m.cells[0].r, m.cells[0].c, m.cells[0].c
	for i, c := range m.cells {
		m.minR, m.maxR = min(m.minR, c.r), max(m.maxR, c.r)
		m.minC, m.maxC = min(m.minC, c.c), max(m.maxC, c.c)
		m.grid[[2]int{c.r, c.c}] = i
	}
	m.width = max(w, m.maxC-m.minC+1)
	for top := m.maxR - 2; top <= m.minR; top++ {
		for left := m.maxC - m.width + 1; left <= m.minC; left++ {
			f := frame{top: top, left: left}
			for _, c := range m.cells {
				if c.kept {
					d := float64((c.r-top)*m.width+c.c-left) - ideal(c.card, m.width)
					f.cost += d * d
				}
			}
			m.frames = append(m.frames, f)
		}
	}
	for r := m.minR - 1; r <= m.maxR+1; r++ {
		if max(m.maxR, r)-min(m.minR, r) >= exlibris.MaxRows {
			continue
		}
		for c := m.minC - 1; c <= m.maxC+1; c++ {
			if _, full := m.grid[[2]int{r, c}]; full {
				continue
			}
			if !m.occupied(r-1, c) && !m.occupied(r+1, c) && !m.occupied(r, c-1) && !m.occupied(r, c+1) {
				continue
			}
			m.spots = append(m.spots, m.spotAt(r, c))
		}
	}
}

func (m *model) occupied(r, c int) bool {
	_, ok := m.grid[[2]int{r, c}]
	return ok
}

// spotAt describes the empty place (r, c): the kept cards read around it.
func (m *model) spotAt(r, c int) spot {
	s := spot{r: r, c: c, prev: -1, next: exlibris.NumCards}
	for _, x := range m.cells {
		if !x.kept {
			continue
		}
		if x.r < r || (x.r == r && x.c < c) {
			s.prev = max(s.prev, x.card)
		} else {
			s.next = min(s.next, x.card)
		}
	}
	return s
}

// layoutCost is how much card c at (r, c) strays from the plan: the
// smallest extra squared distance over the frames holding the place.
func (m *model) layoutCost(card, r, c int) float64 {
	best := math.Inf(1)
	base := math.Inf(1)
	id := ideal(card, m.width)
	for _, f := range m.frames {
		base = min(base, f.cost)
		if r < f.top || r > f.top+2 {
			continue
		}
		d := float64((r-f.top)*m.width+c-f.left) - id
		best = min(best, f.cost+d*d)
	}
	if math.IsInf(best, 1) {
		// Outside every frame: the block has to widen.
		return 4 * float64(m.width)
	}
	return best - base
}

// archiveAt is what archiving card c at the spot is worth to the seat.
func (m *model) archiveAt(card int, s spot) float64 {
	v := baseValue - layoutWeight*m.layoutCost(card, s.r, s.c)
	if card > s.prev && card < s.next {
		return v + m.booksValue(card)
	}
	return v - outOfOrder
}

// bestArchive is the most archiving card c into a plain spot is worth.
func (m *model) bestArchive(card int) float64 {
	best := math.Inf(-1)
	for _, s := range m.spots {
		best = max(best, m.archiveAt(card, s))
	}
	return best
}

// archiveAction values an archive the game offers: a plain spot, the
// wizard's push or the mummy's stack.
func (m *model) archiveAction(a exlibris.Action) float64 {
	card, r, c := int(a.A), int(a.B), int(a.C)
	switch a.D {
	case exlibris.PosPlain:
		return m.archiveAt(card, m.spotAt(r, c))
	case exlibris.PosRight, exlibris.PosLeft:
		// The run moves along its row: the order of the cards already
		// there stays, the new card reads just before the run (pushed
		// right) or just after it (pushed left).
		i, ok := m.grid[[2]int{r, c}]
		if !ok {
			return math.Inf(-1)
		}
		s := spot{r: r, c: c, prev: -1, next: exlibris.NumCards}
		for j, x := range m.cells {
			if !x.kept {
				continue
			}
			before := j < i || (a.D == exlibris.PosLeft && j == i)
			if before {
				s.prev = max(s.prev, x.card)
			} else {
				s.next = min(s.next, x.card)
			}
		}
		v := baseValue - layoutWeight*m.layoutCost(card, r, c) - 0.3
		if card > s.prev && card < s.next {
			return v + m.booksValue(card)
		}
		return v - outOfOrder
	case exlibris.PosUnder:
		return buriedBonus + 0.3
	case exlibris.PosOver:
		i, ok := m.grid[[2]int{r, c}]
		if !ok {
			return math.Inf(-1)
		}
		old := m.cells[i]
		v := buriedBonus + 0.3
		if old.kept {
			v -= m.booksValue(old.card)
		}
		s := spot{r: r, c: c, prev: -1, next: exlibris.NumCards}
		for j, x := range m.cells {
			if !x.kept || j == i {
				continue
			}
			if j < i {
				s.prev = max(s.prev, x.card)
			} else {
				s.next = min(s.next, x.card)
			}
		}
		if card > s.prev && card < s.next {
			v += m.booksValue(card)
		} else {
			v -= outOfOrder
		}
		return v
	}
	return math.Inf(-1)
}

// handValue is what card c is worth kept in hand.
func (m *model) handValue(c int) float64 { return m.handWeight * max(0, m.bestArchive(c)) }

// drawValue is what an unknown card drawn into the hand is worth.
func (m *model) drawValue() float64 { return m.handWeight * m.randomArchive() }

// randomArchive estimates archiving an unknown card: the average card's
// books, kept in order about three times in five.
func (m *model) randomArchive() float64 {
	v := 0.0
	for k := range m.bookVal {
		v += m.bookVal[k] * 85 / exlibris.NumCards
	}
	return baseValue + 0.6*v - 0.3
}

// handWeight is the share of its worth a card in hand keeps: near none
// once the seat has no archive left to make, more while many assistants
// are still to come.
func handWeight(g *exlibris.Game, seat, hand int) float64 {
	_, toPlace := g.PlacedThisRound(seat)
	chances := float64(toPlace)
	if called, _ := g.LastRound(); !called {
		chances += 3 * roundsLeft(g)
	}
	return 0.65 * min(1, chances/float64(max(hand, 1))/1.5)
}

// roundsLeft guesses how many rounds follow this one.
func roundsLeft(g *exlibris.Game) float64 {
	if g.Solo() {
		return float64(max(0, exlibris.SoloRounds-g.Round()))
	}
	t := exlibris.EndTrigger(g.Seats(), g.Options().Long)
	most := 0
	for s := 0; s < g.Seats(); s++ {
		most = max(most, g.CollectionSize(s))
	}
	return math.Ceil(float64(max(0, t-most)) / 2.5)
}
