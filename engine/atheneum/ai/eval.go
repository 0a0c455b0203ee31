package ai

import (
	"math"

	"atheneum/engine/atheneum"
)

// params are the weights of the normal player's evaluation.
type params struct {
	// wand is a wand in hand: a point at the end, and the price of an objective.
	wand float64
	// spider is a spider's reward, captured when a compartment fills.
	spider float64
	// token is a bonus token when no candle space is free.
	token float64
	// reshelve is one reshelving allowance.
	reshelve float64
	// objWeight scales the value of objectives not completed yet.
	objWeight float64
	// objReach is how many missing books a turn can bring to an objective.
	objReach float64
	// colorCost and anyCost weigh the books an objective still needs.
	colorCost, anyCost float64
	// favPotential is a lone favourite-subject book with room beside it.
	favPotential float64
	// booksPerTurn (times fillShare) is how many books per future turn a
	// compartment can hope for: tuned high, so partial compartments keep most
	// of their worth until the last turns.
	booksPerTurn float64
	// fillShare is the part of the future books one compartment can expect.
	fillShare float64
	// neighbours weighs what a picked card gives the neighbours (subtracted).
	neighbours float64
	// reshelveGain is the least gain for which a book is moved.
	reshelveGain float64
	// sideBooks is how many books per future turn may overflow onto a side
	// shelf; sideCandles weighs its candle spaces.
	sideBooks, sideCandles float64
}

var defaultParams = params{
	wand:         1.3,
	spider:       1.6,
	token:        1.4,
	reshelve:     0.15,
	objWeight:    1.2,
	objReach:     1.0,
	colorCost:    1.0,
	anyCost:      0.6,
	favPotential: 0.75,
	booksPerTurn: 6.75,
	fillShare:    0.9,
	neighbours:   0.25,
	reshelveGain: 0.3,
	sideBooks:    2.1,
	sideCandles:  0.3,
}

const inf = math.MaxFloat64 / 4

// rowObj is an objective of the row the seat has not scored.
type rowObj struct {
	obj *atheneum.Objective
	// future is the number of turns after the current one during which it
	// stays in the row (and the game goes on).
	future int
	// base is the first index of its requirements in evaluator.cost.
	base int
}

// evaluator estimates what a seat's shelves are worth at the end of the
// current turn's resolve step: points certain now plus the expected value
// of compartments, objectives and favourite-subject books still to come.
// It caches one term per compartment so that a placement is valued by
// recomputing only the compartment it changes.
type evaluator struct {
	p       *params
	g       *atheneum.Game
	seat    int
	subject atheneum.Color
	// future is the number of whole turns left after the current one.
	future int
	wands  int
	comps  [atheneum.NumComps]atheneum.Compartment
	values [atheneum.NumComps]float64
	compT  [atheneum.NumComps]float64
	objs   []rowObj
	// cost[(base+r)*NumComps+id] is what requirement r of an objective still
	// needs in compartment id (inf when it cannot be built there).
	cost    []float64
	scratch []float64
	// objV caches each objective's value, objT their sum.
	objV []float64
	objT float64
}

// reset prepares the evaluator for seat in g, with the seat's shelves.
func (e *evaluator) reset(p *params, g *atheneum.Game, seat int) {
	e.p, e.g, e.seat = p, g, seat
	s := &g.Seats[seat]
	e.subject = s.Subject
	e.future = 2*atheneum.TurnsPerPhase - g.TurnNumber()
	if g.Step == atheneum.StepOver {
		e.future = 0
	}
	e.wands = s.Wands
	e.comps = s.Comps
	e.objs = e.objs[:0]
	n := 0
	for k, slot := range g.Row {
		if slot.Objective < 0 || s.HasScored(slot.Objective) {
			continue
		}
		o := &g.Content.Objectives[slot.Objective]
		f := min(atheneum.RowSize-1-k, e.future)
		e.objs = append(e.objs, rowObj{obj: o, future: f, base: n})
		n += len(o.Reqs)
	}
	need := n * atheneum.NumComps
	if cap(e.cost) < need {
		e.cost = make([]float64, need)
		e.scratch = make([]float64, need)
	}
	e.cost = e.cost[:need]
	e.scratch = e.scratch[:need]
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		e.values[id] = float64(g.CompValue(seat, id))
		e.compT[id] = e.compTerm(id, &e.comps[id])
		e.fillCosts(e.cost, id, &e.comps[id])
	}
	e.objT = e.objTerm(e.cost)
}

// objTerm values the row's objectives from the requirement costs cost, and
// caches each objective's value in objV.
func (e *evaluator) objTerm(cost []float64) float64 {
	e.objV = e.objV[:0]
	t := 0.0
	for k := range e.objs {
		v := e.objValueAt(cost, k)
		e.objV = append(e.objV, v)
		t += v
	}
	return t
}

// objValueAt is what objective k is worth with requirement costs cost.
func (e *evaluator) objValueAt(cost []float64, k int) float64 {
	ro := e.objs[k]
	m := e.assign(cost, ro.base, len(ro.obj.Reqs), 0)
	if m >= inf {
		return 0
	}
	return e.objValue(ro, m)
}

// total is the evaluation of the cached shelves (without points, wands and
// candles, which placements do not change).
func (e *evaluator) total() float64 {
	t := e.objT
	for _, v := range e.compT {
		t += v
	}
	return t
}

// delta is what replacing compartment id by c would change in the total.
func (e *evaluator) delta(id atheneum.CompID, c *atheneum.Compartment) float64 {
	d := e.compTerm(id, c) - e.compT[id]
	if len(e.objs) > 0 {
		copy(e.scratch, e.cost)
		e.fillCosts(e.scratch, id, c)
		// Only the objectives whose costs in compartment id changed are
		// valued again; the sum keeps the order of objTerm's.
		t := 0.0
		for k, ro := range e.objs {
			v := e.objV[k]
			for r := range ro.obj.Reqs {
				i := (ro.base+r)*atheneum.NumComps + int(id)
				if e.scratch[i] != e.cost[i] {
					v = e.objValueAt(e.scratch, k)
					break
				}
			}
			t += v
		}
		d += t - e.objT
	}
	return d
}

// set makes compartment id c in the cached shelves.
func (e *evaluator) set(id atheneum.CompID, c *atheneum.Compartment) {
	e.comps[id] = *c
	e.compT[id] = e.compTerm(id, c)
	if len(e.objs) > 0 {
		e.fillCosts(e.cost, id, c)
		e.objT = e.objTerm(e.cost)
	}
}

// reach is the chance-like weight of finishing something that needs m more
// books with turns future turns to go.
func (e *evaluator) compReach(m int) float64 {
	if m <= 0 {
		return 1
	}
	r := e.p.booksPerTurn * float64(e.future) * e.p.fillShare
	v := 1 - float64(m)/(r+0.5)
	if v < 0 {
		return 0
	}
	return v
}

// compTerm values one compartment: its end value weighted by how full it
// is and how likely it is to fill, plus the favourite-subject books.
func (e *evaluator) compTerm(id atheneum.CompID, c *atheneum.Compartment) float64 {
	if !c.Present {
		return 0
	}
	size := c.Width * c.Levels
	books := 0
	fav := 0.0
	for l := 0; l < c.Levels; l++ {
		for x := 0; x < c.Width; x++ {
			col := c.Cells[l*c.Width+x].Color
			if col == atheneum.NoColor {
				continue
			}
			books++
			if col != e.subject {
				continue
			}
			touch, room := favNeighbours(c, l, x, col)
			if touch {
				fav++
			} else if room && e.future > 0 {
				fav += e.p.favPotential
			}
		}
	}
	v := e.values[id]
	if c.Spider {
		v += e.p.spider
	}
	if books == size {
		return v + fav
	}
	f := float64(books) / float64(size)
	return v*f*f*e.compReach(size-books) + fav
}

// favNeighbours reports whether the book at (l, x) touches a book of colour
// col, and whether an empty space touches it.
func favNeighbours(c *atheneum.Compartment, l, x int, col atheneum.Color) (touch, room bool) {
	check := func(l2, x2 int) {
		got := c.Cells[l2*c.Width+x2].Color
		if got == col {
			touch = true
		} else if got == atheneum.NoColor {
			room = true
		}
	}
	if x > 0 {
		check(l, x-1)
	}
	if x+1 < c.Width {
		check(l, x+1)
	}
	if l > 0 {
		check(l-1, x)
	}
	if l+1 < c.Levels {
		check(l+1, x)
	}
	return
}

// fillCosts writes what each objective requirement needs in compartment id.
func (e *evaluator) fillCosts(cost []float64, id atheneum.CompID, c *atheneum.Compartment) {
	for _, ro := range e.objs {
		for r := range ro.obj.Reqs {
			req := &ro.obj.Reqs[r]
			v := inf
			if allowed(req, id) {
				v = e.patternCost(c, &req.Pattern)
			}
			cost[(ro.base+r)*atheneum.NumComps+int(id)] = v
		}
	}
}

func allowed(req *atheneum.Requirement, id atheneum.CompID) bool {
	if len(req.In) == 0 {
		return true
	}
	for _, x := range req.In {
		if x == id {
			return true
		}
	}
	return false
}

// patternCost is the least weighted number of books pattern p still needs
// somewhere in c, counting the books needed under it for stacking; inf
// when a book of the wrong colour is in the way everywhere.
func (e *evaluator) patternCost(c *atheneum.Compartment, p *atheneum.Pattern) float64 {
	if !c.Present || p.Width > c.Width || p.Height > c.Levels {
		return inf
	}
	best := inf
	for dy := 0; dy+p.Height <= c.Levels; dy++ {
	pos:
		for dx := 0; dx+p.Width <= c.Width; dx++ {
			cost := 0.0
			for col := 0; col < p.Width; col++ {
				lowest := -1
				for r := 0; r < p.Height; r++ {
					want := p.Cells[r*p.Width+col]
					if want == atheneum.NoColor {
						continue
					}
					level := dy + p.Height - 1 - r
					got := c.Cells[level*c.Width+dx+col].Color
					switch {
					case got == atheneum.NoColor && want == atheneum.AnyColor:
						cost += e.p.anyCost
					case got == atheneum.NoColor:
						cost += e.p.colorCost
					case want != atheneum.AnyColor && got != want:
						continue pos
					}
					lowest = level
				}
				for l := 0; l < lowest; l++ {
					if c.Cells[l*c.Width+dx+col].Color == atheneum.NoColor {
						cost += e.p.anyCost
					}
				}
			}
			if cost < best {
				best = cost
			}
		}
	}
	return best
}

// objValue is what an objective needing m more (weighted) books is worth.
func (e *evaluator) objValue(ro rowObj, m float64) float64 {
	pts := float64(ro.obj.Points)
	if m <= 0 {
		v := pts - e.p.wand
		if ro.obj.Wand {
			v += e.p.wand
		}
		if e.wands == 0 {
			v *= 0.3
		}
		return v
	}
	if ro.future == 0 {
		return 0
	}
	v := pts * e.p.objWeight * math.Exp(-m/(e.p.objReach*float64(ro.future)+0.3))
	if e.wands == 0 {
		v *= 0.6
	}
	return v
}

// assign is the least total cost of meeting requirements base..base+n-1
// in distinct compartments.
func (e *evaluator) assign(cost []float64, base, n int, used uint8) float64 {
	if n == 0 {
		return 0
	}
	best := inf
	row := cost[base*atheneum.NumComps : (base+1)*atheneum.NumComps]
	for id := 0; id < atheneum.NumComps; id++ {
		if used&(1<<id) != 0 || row[id] >= inf {
			continue
		}
		v := row[id]
		if v >= best {
			continue
		}
		if n > 1 {
			rest := e.assign(cost, base+1, n-1, used|1<<id)
			if rest >= inf {
				continue
			}
			v += rest
		}
		if v < best {
			best = v
		}
	}
	return best
}

// canPlace mirrors the engine's shelving rules for a piece of width w.
func canPlace(c *atheneum.Compartment, l, x, w int) bool {
	if !c.Present || l < 0 || l >= c.Levels || x < 0 || x+w > c.Width {
		return false
	}
	for k := x; k < x+w; k++ {
		if c.Cells[l*c.Width+k].Color != atheneum.NoColor {
			return false
		}
		if l > 0 && c.Cells[(l-1)*c.Width+k].Color == atheneum.NoColor {
			return false
		}
	}
	return x == 0 || x+w == c.Width || c.Cells[l*c.Width+x-1].Color != atheneum.NoColor || c.Cells[l*c.Width+x+w].Color != atheneum.NoColor
}

// bestBook finds the best space for a book of colour col (AnyColor: the
// colour is chosen too) in compartment only (or anywhere when only < 0).
// It returns the gain, the compartment, level, space and colour; ok is
// false when no space is legal.
func (e *evaluator) bestBook(col atheneum.Color, only atheneum.CompID) (gain float64, at atheneum.Pos, chosen atheneum.Color, ok bool) {
	gain = -inf
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		if only >= 0 && id != only {
			continue
		}
		c := &e.comps[id]
		if !c.Present {
			continue
		}
		for l := 0; l < c.Levels; l++ {
			for x := 0; x < c.Width; x++ {
				if !canPlace(c, l, x, 1) {
					continue
				}
				for _, k := range colorsFor(col) {
					t := *c
					t.Cells[l*c.Width+x] = atheneum.Space{Color: k}
					if d := e.delta(id, &t); d > gain {
						gain, at, chosen, ok = d, atheneum.Pos{Comp: id, Level: l, Space: x}, k, true
					}
				}
			}
		}
	}
	return
}

var realColors = atheneum.Colors

func colorsFor(col atheneum.Color) []atheneum.Color {
	if col == atheneum.AnyColor {
		return realColors[:]
	}
	return []atheneum.Color{col}
}

// bestPair finds the best place for a paired set, either way round.
func (e *evaluator) bestPair(c1, c2 atheneum.Color) (gain float64, at atheneum.Pos, flip bool, ok bool) {
	gain = -inf
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		c := &e.comps[id]
		if !c.Present {
			continue
		}
		for l := 0; l < c.Levels; l++ {
			for x := 0; x+1 < c.Width; x++ {
				if !canPlace(c, l, x, 2) {
					continue
				}
				for _, f := range [2]bool{false, true} {
					if f && c1 == c2 {
						continue
					}
					a, b := c1, c2
					if f {
						a, b = c2, c1
					}
					t := *c
					t.Cells[l*c.Width+x] = atheneum.Space{Color: a, Pair: atheneum.PairLeft}
					t.Cells[l*c.Width+x+1] = atheneum.Space{Color: b, Pair: atheneum.PairRight}
					if d := e.delta(id, &t); d > gain {
						gain, at, flip, ok = d, atheneum.Pos{Comp: id, Level: l, Space: x}, f, true
					}
				}
			}
		}
	}
	return
}

// bestCandle is the value of the best free candle space, or 0.
func bestCandle(g *atheneum.Game, seat int) (float64, int) {
	best, at := 0, -1
	for k := 0; k < atheneum.NumCandles; k++ {
		if g.Seats[seat].Candles[k] >= 0 {
			continue
		}
		if v := g.CandleValue(seat, k); v > best {
			best, at = v, k
		}
	}
	return float64(best), at
}

// sideValue is what an empty side shelf is worth to the seat now: its end
// value if the books still to come overflow the free spaces it has, and
// its candle spaces if tokens come.
func (e *evaluator) sideValue(spec atheneum.SideShelfSpec) float64 {
	size := float64(spec.Width * spec.Levels)
	free := 0
	for id := range e.comps {
		c := &e.comps[id]
		if c.Present {
			free += c.Width*c.Levels - c.Books()
		}
	}
	over := e.p.sideBooks*float64(e.future) - float64(free)
	v := 0.0
	if over > 0 {
		fill := math.Min(1, over/size)
		v = float64(spec.Value) * fill * fill
	}
	v += e.p.sideCandles * float64(spec.Candles[0]+spec.Candles[1]) * math.Min(1, float64(e.future)/4)
	return v
}

// bestSide is the best side shelf of the supply, or ok false. Shelves the
// evaluation cannot tell apart are told apart by sideTieBreak, so that none
// of them is taken merely for coming first in the supply.
func (e *evaluator) bestSide() (v float64, id int, ok bool) {
	g := e.g
	s := &g.Seats[e.seat]
	if s.SideShelves() >= atheneum.MaxSideShelves {
		return 0, 0, false
	}
	v = -inf
	var tie uint64
	for _, sid := range g.SideSupply {
		spec, found := g.Content.SideShelf(sid)
		if !found {
			continue
		}
		x := e.sideValue(spec)
		t := sideTieBreak(g.Seq, e.seat, sid)
		if x > v || x == v && t > tie {
			v, id, ok, tie = x, sid, true, t
		}
	}
	if !ok {
		return 0, 0, false
	}
	return v, id, true
}

// sideTieBreak orders side shelves of equal value at one decision: a
// hash of the position, the seat and the shelf, so that equally good
// shelves are taken equally often over many games, while the choice stays
// a function of what the seat sees.
func sideTieBreak(seq, seat, shelf int) uint64 {
	return mix64(uint64(seq)*0x9e3779b97f4a7c15 ^ uint64(seat+1)<<32 ^ uint64(shelf))
}

// wandValue is a wand's worth to the seat: a point at the end, more when it
// lets the seat score a completed objective it could not pay for.
func (e *evaluator) wandValue() float64 {
	if e.g.Seats[e.seat].WandSupply == 0 {
		return 0
	}
	v := e.p.wand
	if e.wands == 0 {
		for _, ro := range e.objs {
			if m := e.assign(e.cost, ro.base, len(ro.obj.Reqs), 0); m <= 0 {
				v = math.Max(v, float64(ro.obj.Points))
			}
		}
	}
	return v
}

// tokenValue is the expected worth of a bonus token not drawn yet.
func (e *evaluator) tokenValue() float64 {
	c, _ := bestCandle(e.g, e.seat)
	return math.Max(c, e.p.token)
}
