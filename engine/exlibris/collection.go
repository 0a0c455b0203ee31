package exlibris

// A collection is a grid of places, rows growing downwards and columns
// rightwards from the first card archived (row 0, column 0). Each place
// holds a top card and, under a mummy's card, at most one buried card.

// cell is one occupied place: its row, column and top card.
type cell struct {
	r    int8
	c    int16
	card uint8
}

// cellBuf holds a collection's places without allocating.
type cellBuf struct {
	cells [NumCards]cell
	n     int
}

func (b *cellBuf) add(r int8, c int16, card int) {
	b.cells[b.n] = cell{r: r, c: c, card: uint8(card)}
	b.n++
}

func (b *cellBuf) list() []cell { return b.cells[:b.n] }

// cellsOf fills b with seat's places.
func (g *Game) cellsOf(seat int, b *cellBuf) {
	b.n = 0
	s := g.coll[seat]
	for c := s.first(); c >= 0; c = s.next(c) {
		b.add(g.posR[c], g.posC[c], c)
	}
}

// grid answers "what is at (r, c)" for a set of places.
type grid struct {
	minR, maxR int8
	minC, maxC int16
	n          int
	at         [MaxRows + 4][NumCards + 4]uint8 // card plus one; row minR-1.., column minC-1..
}

// build fills the grid from places whose rows span at most MaxRows+2
// rows and columns at most NumCards+2 (always true of a real collection
// and of the changes tried on one).
func (gr *grid) build(cells []cell) bool {
	gr.n = len(cells)
	if len(cells) == 0 {
		gr.minR, gr.maxR, gr.minC, gr.maxC = 0, -1, 0, -1
		return true
	}
	gr.minR, gr.maxR, gr.minC, gr.maxC = cells[0].r, cells[0].r, cells[0].c, cells[0].c
	for _, c := range cells[1:] {
		gr.minR, gr.maxR = min(gr.minR, c.r), max(gr.maxR, c.r)
		gr.minC, gr.maxC = min(gr.minC, c.c), max(gr.maxC, c.c)
	}
	if int(gr.maxR-gr.minR) >= MaxRows+2 || int(gr.maxC-gr.minC) >= NumCards+2 {
		return false
	}
	for i := 0; i <= int(gr.maxR-gr.minR)+2; i++ {
		row := &gr.at[i]
		for j := 0; j <= int(gr.maxC-gr.minC)+2; j++ {
			row[j] = 0
		}
	}
	for _, c := range cells {
		gr.at[c.r-gr.minR+1][c.c-gr.minC+1] = c.card + 1
	}
	return true
}

// get is the card at (r, c), -1 for none.
func (gr *grid) get(r int8, c int16) int {
	if r < gr.minR || r > gr.maxR || c < gr.minC || c > gr.maxC {
		return -1
	}
	return int(gr.at[r-gr.minR+1][c-gr.minC+1]) - 1
}

// touches reports whether an empty place (r, c) is orthogonally next to a
// card.
func (gr *grid) touches(r int8, c int16) bool {
	return gr.get(r-1, c) >= 0 || gr.get(r+1, c) >= 0 || gr.get(r, c-1) >= 0 || gr.get(r, c+1) >= 0
}

// connected reports whether the places form one group.
func (gr *grid) connected(cells []cell) bool {
	return gr.connectedWithout(cells, -1)
}

// connectedWithout reports whether the places but cells[skip] (none if
// skip < 0) form one group.
func (gr *grid) connectedWithout(cells []cell, skip int) bool {
	if len(cells) <= 2 && skip >= 0 || len(cells) <= 1 {
		return true
	}
	var sr int8 = 127
	var sc int16
	if skip >= 0 {
		sr, sc = cells[skip].r, cells[skip].c
	}
	start := 0
	if start == skip {
		start = 1
	}
	var lab comps
	n := lab.flood(gr, cells[start].r, cells[start].c, sr, sc, 1)
	want := len(cells)
	if skip >= 0 {
		want--
	}
	return n == want
}

// comps labels the groups of a grid's places, one byte per spot.
type comps struct {
	lab [MaxRows + 4][NumCards + 4]uint8
	n   int
}

// flood labels with l every place reached from (r, c) without going
// through (sr, sc), and counts them.
func (cp *comps) flood(gr *grid, r int8, c int16, sr int8, sc int16, l uint8) int {
	var stack [NumCards + 1]cell
	stack[0] = cell{r: r, c: c}
	cp.lab[r-gr.minR+1][c-gr.minC+1] = l
	sp, reached := 1, 1
	for sp > 0 {
		sp--
		cur := stack[sp]
		for d := 0; d < 4; d++ {
			r, c := cur.r, cur.c
			switch d {
			case 0:
				r--
			case 1:
				r++
			case 2:
				c--
			default:
				c++
			}
			if (r == sr && c == sc) || gr.get(r, c) < 0 {
				continue
			}
			lv := &cp.lab[r-gr.minR+1][c-gr.minC+1]
			if *lv != 0 {
				continue
			}
			*lv = l
			reached++
			stack[sp] = cell{r: r, c: c}
			sp++
		}
	}
	return reached
}

// label labels every group of the grid's places (1, 2...).
func (cp *comps) label(gr *grid, cells []cell) {
	cp.n = 0
	for _, cl := range cells {
		if cp.lab[cl.r-gr.minR+1][cl.c-gr.minC+1] == 0 {
			cp.n++
			cp.flood(gr, cl.r, cl.c, 127, 0, uint8(cp.n))
		}
	}
}

// at is the group of the place at (r, c), 0 for none.
func (cp *comps) at(gr *grid, r int8, c int16) uint8 {
	if gr.get(r, c) < 0 {
		return 0
	}
	return cp.lab[r-gr.minR+1][c-gr.minC+1]
}

// rowsOK reports whether a place in row r keeps the rows within MaxRows.
func (gr *grid) rowsOK(r int8) bool {
	if gr.n == 0 {
		return true
	}
	return max(gr.maxR, r)-min(gr.minR, r) < MaxRows
}

// archivePlaces calls f for every place a card may be archived into:
// plain places next to a card; with the wizard, places opened by pushing
// a run aside; with the mummy, over or under a card with none buried.
func (g *Game) archivePlaces(seat int, by int8, f func(r int8, c int16, mode int16)) {
	var b cellBuf
	g.cellsOf(seat, &b)
	var gr grid
	gr.build(b.list())
	if gr.n == 0 {
		f(0, 0, PosPlain)
		return
	}
	for r := gr.minR - 1; r <= gr.maxR+1; r++ {
		if !gr.rowsOK(r) {
			continue
		}
		for c := gr.minC - 1; c <= gr.maxC+1; c++ {
			if gr.get(r, c) < 0 && gr.touches(r, c) {
				f(r, c, PosPlain)
			}
		}
	}
	switch Library(by) {
	case Wizard:
		var moved cellBuf
		for _, cl := range b.list() {
			for _, mode := range [2]int16{PosRight, PosLeft} {
				if g.wizardShift(&gr, b.list(), cl.r, cl.c, mode, &moved) {
					f(cl.r, cl.c, mode)
				}
			}
		}
	case Mummy:
		for _, cl := range b.list() {
			if g.under[cl.card] == 0 {
				f(cl.r, cl.c, PosOver)
				f(cl.r, cl.c, PosUnder)
			}
		}
	}
}

// wizardShift computes the places after pushing the run that starts at
// (r, c) one space along the row (mode posRight or posLeft), the new card
// going into (r, c); it reports whether they stay one group. moved
// receives the new places, the new card left out.
func (g *Game) wizardShift(gr *grid, cells []cell, r int8, c int16, mode int16, moved *cellBuf) bool {
	step := int16(1)
	if mode == PosLeft {
		step = -1
	}
	// The run: (r, c), (r, c+step), ... while occupied.
	end := c
	for gr.get(r, end+step) >= 0 {
		end += step
	}
	moved.n = 0
	for _, cl := range cells {
		if cl.r == r && (cl.c-c)*step >= 0 && (end-cl.c)*step >= 0 {
			cl.c += step
		}
		moved.cells[moved.n] = cl
		moved.n++
	}
	moved.add(r, c, NumCards-1) // a stand-in for the new card
	var ng grid
	if !ng.build(moved.list()) {
		return false
	}
	ok := ng.connected(moved.list())
	moved.n--
	return ok
}

// placeCard archives card c for seat at (r, c) in mode (see archivePlaces).
func (g *Game) placeCard(seat, card int, r int8, c int16, mode int16) {
	switch mode {
	case PosRight, PosLeft:
		var b cellBuf
		g.cellsOf(seat, &b)
		var gr grid
		gr.build(b.list())
		var moved cellBuf
		g.wizardShift(&gr, b.list(), r, c, mode, &moved)
		for _, cl := range moved.list() {
			g.setPos(int(cl.card), cl.r, cl.c)
		}
	case PosOver:
		top := g.topAt(seat, r, c)
		g.coll[seat].remove(top)
		g.buried[seat].add(top)
		g.down.add(top)
		g.under[top] = 0
		g.under[card] = uint8(top) + 1
	case PosUnder:
		top := g.topAt(seat, r, c)
		g.under[top] = uint8(card) + 1
		g.buried[seat].add(card)
		g.down.add(card)
		g.setPos(card, r, c)
		return
	}
	g.coll[seat].add(card)
	g.down.remove(card)
	g.setPos(card, r, c)
}

func (g *Game) setPos(card int, r int8, c int16) {
	g.posR[card], g.posC[card] = r, c
	if u := g.under[card]; u != 0 {
		g.posR[u-1], g.posC[u-1] = r, c
	}
}

// topAt is the top card of seat's place (r, c), -1 if empty.
func (g *Game) topAt(seat int, r int8, c int16) int {
	s := g.coll[seat]
	for k := s.first(); k >= 0; k = s.next(k) {
		if g.posR[k] == r && g.posC[k] == c {
			return k
		}
	}
	return -1
}

// removable reports whether seat may take the top card of place (r, c)
// out of the collection: always over a buried card (which stays, face
// down, ruling 29), otherwise only if the rest stays one group (ruling 14).
func (g *Game) removable(seat int, top int) bool {
	if g.under[top] != 0 {
		return true
	}
	var b cellBuf
	g.cellsOf(seat, &b)
	var gr grid
	gr.build(b.list())
	for i, cl := range b.list() {
		if int(cl.card) == top {
			return gr.connectedWithout(b.list(), i)
		}
	}
	return false
}

// removableSet lists seat's top cards that may leave the collection (see
// removable): the places whose removal splits no group, found in one
// depth-first walk (Tarjan's articulation points).
func (g *Game) removableSet(seat int) cardSet {
	var b cellBuf
	g.cellsOf(seat, &b)
	var out cardSet
	if b.n == 0 {
		return out
	}
	var gr grid
	gr.build(b.list())
	var idx comps // here: each place's index plus one
	for i, cl := range b.list() {
		idx.lab[cl.r-gr.minR+1][cl.c-gr.minC+1] = uint8(i + 1)
	}
	var disc, low [NumCards]int16
	var cut [NumCards]bool
	type frame struct {
		v, parent int16
		dir       int8
		children  int8
	}
	var stack [NumCards]frame
	time := int16(1)
	disc[0], low[0] = time, time
	stack[0] = frame{v: 0, parent: -1}
	sp := 1
	for sp > 0 {
		f := &stack[sp-1]
		if f.dir == 4 {
			sp--
			if sp > 0 {
				p := &stack[sp-1]
				low[p.v] = min(low[p.v], low[f.v])
				if p.parent >= 0 && low[f.v] >= disc[p.v] {
					cut[p.v] = true
				}
			}
			continue
		}
		cl := b.cells[f.v]
		r, c := cl.r, cl.c
		switch f.dir {
		case 0:
			r--
		case 1:
			r++
		case 2:
			c--
		default:
			c++
		}
		f.dir++
		if gr.get(r, c) < 0 {
			continue
		}
		u := int16(idx.lab[r-gr.minR+1][c-gr.minC+1]) - 1
		if disc[u] == 0 {
			time++
			disc[u], low[u] = time, time
			f.children++
			stack[sp] = frame{v: u, parent: f.v}
			sp++
		} else if u != f.parent {
			low[f.v] = min(low[f.v], disc[u])
		}
	}
	if stack[0].children > 1 {
		cut[0] = true
	}
	for i, cl := range b.list() {
		if g.under[cl.card] != 0 || !cut[i] {
			out.add(int(cl.card))
		}
	}
	return out
}

// takeOut removes the top card from seat's collection; a card buried under
// it takes its place, face down and no longer buried.
func (g *Game) takeOut(seat, top int) {
	g.coll[seat].remove(top)
	g.down.remove(top)
	if u := g.under[top]; u != 0 {
		b := int(u) - 1
		g.under[top] = 0
		g.buried[seat].remove(b)
		g.coll[seat].add(b)
		g.down.add(b)
	}
}

// collectionSize counts the cards in seat's collection, buried ones
// included (ruling 39).
func (g *Game) collectionSize(seat int) int { return g.coll[seat].count() + g.buried[seat].count() }

// faceUp are seat's collection cards whose books count.
func (g *Game) faceUp(seat int) cardSet { return g.coll[seat].andNot(g.down) }

// stability is the largest rectangle of places, at least two wide and two
// high, standing on the lowest row.
func (g *Game) stability(seat int) int {
	var b cellBuf
	g.cellsOf(seat, &b)
	var gr grid
	gr.build(b.list())
	best := 0
	for h := int8(2); h <= gr.maxR-gr.minR+1; h++ {
		run := 0
		for c := gr.minC; c <= gr.maxC+1; c++ {
			full := c <= gr.maxC
			for r := gr.maxR - h + 1; full && r <= gr.maxR; r++ {
				full = gr.get(r, c) >= 0
			}
			if full {
				run++
				continue
			}
			if run >= 2 && run*int(h) > best {
				best = run * int(h)
			}
			run = 0
		}
	}
	return best
}

// readingOrder lists seat's face-up top cards from the top row down, each
// row from left to right.
func (g *Game) readingOrder(seat int, dst []int) []int {
	var b cellBuf
	g.cellsOf(seat, &b)
	var gr grid
	gr.build(b.list())
	for r := gr.minR; r <= gr.maxR; r++ {
		for c := gr.minC; c <= gr.maxC; c++ {
			if k := gr.get(r, c); k >= 0 && !g.down.has(k) {
				dst = append(dst, k)
			}
		}
	}
	return dst
}

// cardLess orders cards by letter, then by their order within the letter.
func cardLess(a, b int) bool {
	if cardLet[a] != cardLet[b] {
		return cardLet[a] < cardLet[b]
	}
	return cardOrd[a] < cardOrd[b]
}

// outOfOrder lists the cards the alphabetical check turns face down
// (ruling 42): reading the face-up cards in order, each card that comes
// before the last card kept is turned.
func (g *Game) outOfOrder(seat int) []int {
	var buf [NumCards]int
	cards := g.readingOrder(seat, buf[:0])
	var out []int
	last := -1
	for _, k := range cards {
		if last >= 0 && cardLess(k, last) {
			out = append(out, k)
			continue
		}
		last = k
	}
	return out
}

// moveCells moves the places in from (cards with their buried ones) by
// the offsets given, all at once.
func (g *Game) moveCard(card int, r int8, c int16) { g.setPos(card, r, c) }

// cabinetMoves calls f for every move of a run of neighbours within a row
// (row r, columns c1 to c2) to another row and column (r2, d being its
// new first column) that keeps one group within three rows (ruling 28);
// f returns false to stop.
func (g *Game) cabinetMoves(seat int, f func(r int8, c1, c2 int16, r2 int8, d int16) bool) {
	var b cellBuf
	g.cellsOf(seat, &b)
	if b.n < 2 {
		return
	}
	var gr grid
	gr.build(b.list())
	var rest cellBuf
	var rg grid
	for r := gr.minR; r <= gr.maxR; r++ {
		for c1 := gr.minC; c1 <= gr.maxC; c1++ {
			if gr.get(r, c1) < 0 {
				continue
			}
			for c2 := c1; c2 <= gr.maxC && gr.get(r, c2) >= 0; c2++ {
				if int(c2-c1+1) == b.n {
					break // the whole collection: moving it changes nothing
				}
				rest.n = 0
				for _, cl := range b.list() {
					if cl.r != r || cl.c < c1 || cl.c > c2 {
						rest.cells[rest.n] = cl
						rest.n++
					}
				}
				rg.build(rest.list())
				var cp comps
				cp.label(&rg, rest.list())
				length := c2 - c1 + 1
				for r2 := rg.maxR - MaxRows + 1; r2 <= rg.minR+MaxRows-1; r2++ {
					for d := rg.minC - length; d <= rg.maxC+1; d++ {
						if r2 == r && d == c1 {
							continue
						}
						if !runFits(&rg, &cp, r2, d, length) {
							continue
						}
						if !f(r, c1, c2, r2, d) {
							return
						}
					}
				}
			}
		}
	}
}

// cabinetMoveOK reports whether one cabinetmaker's move is allowed (as
// cabinetMoves would list it), without listing them all.
func (g *Game) cabinetMoveOK(seat int, r int8, c1, c2 int16, r2 int8, d int16) bool {
	var b cellBuf
	g.cellsOf(seat, &b)
	if b.n < 2 || c2 < c1 || int(c2-c1+1) >= b.n || (r2 == r && d == c1) {
		return false
	}
	var gr grid
	gr.build(b.list())
	for c := c1; c <= c2; c++ {
		if gr.get(r, c) < 0 {
			return false
		}
	}
	var rest cellBuf
	for _, cl := range b.list() {
		if cl.r != r || cl.c < c1 || cl.c > c2 {
			rest.cells[rest.n] = cl
			rest.n++
		}
	}
	var rg grid
	rg.build(rest.list())
	if r2 < rg.maxR-MaxRows+1 || r2 > rg.minR+MaxRows-1 || d < rg.minC-(c2-c1+1) || d > rg.maxC+1 {
		return false
	}
	var cp comps
	cp.label(&rg, rest.list())
	return runFits(&rg, &cp, r2, d, c2-c1+1)
}

// runFits reports whether a run of length places from (r, d) lands on
// empty spots and joins every group of the places left.
func runFits(rg *grid, cp *comps, r int8, d, length int16) bool {
	var touched uint64
	for k := int16(0); k < length; k++ {
		c := d + k
		if rg.get(r, c) >= 0 {
			return false
		}
		for _, l := range [4]uint8{cp.at(rg, r-1, c), cp.at(rg, r+1, c), cp.at(rg, r, c-1), cp.at(rg, r, c+1)} {
			if l != 0 && l < 64 {
				touched |= 1 << l
			}
		}
	}
	for l := 1; l <= cp.n; l++ {
		if l >= 64 || touched&(1<<l) == 0 {
			return false
		}
	}
	return true
}
