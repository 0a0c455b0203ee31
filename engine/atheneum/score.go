package atheneum

import "sort"

// matchIn reports whether pattern p appears anywhere in compartment c,
// with the pattern's rows read top first.
func matchIn(c *Compartment, p *Pattern) bool {
	if !c.Present || p.Width > c.Width || p.Height > c.Levels {
		return false
	}
	for dy := 0; dy+p.Height <= c.Levels; dy++ {
		for dx := 0; dx+p.Width <= c.Width; dx++ {
			if matchAt(c, p, dy, dx) {
				return true
			}
		}
	}
	return false
}

func matchAt(c *Compartment, p *Pattern, dy, dx int) bool {
	for r := 0; r < p.Height; r++ {
		level := dy + p.Height - 1 - r
		for col := 0; col < p.Width; col++ {
			want := p.Cells[r*p.Width+col]
			if want == NoColor {
				continue
			}
			got := c.Cells[level*c.Width+dx+col].Color
			if got == NoColor || (want != AnyColor && got != want) {
				return false
			}
		}
	}
	return true
}

// Completes reports whether seat's shelves show objective o's
// configuration now (wands and the row aside). Each requirement must be met
// in its own compartment.
func (g *Game) Completes(seat, o int) bool {
	obj := &g.Content.Objectives[o]
	return g.assign(seat, obj.Reqs, 0)
}

func (g *Game) assign(seat int, reqs []Requirement, used uint8) bool {
	if len(reqs) == 0 {
		return true
	}
	r := &reqs[0]
	try := func(id CompID) bool {
		if used&(1<<id) != 0 {
			return false
		}
		return matchIn(&g.Seats[seat].Comps[id], &r.Pattern) && g.assign(seat, reqs[1:], used|1<<id)
	}
	if len(r.In) == 0 {
		for id := CompID(0); id < NumComps; id++ {
			if try(id) {
				return true
			}
		}
		return false
	}
	for _, id := range r.In {
		if try(id) {
			return true
		}
	}
	return false
}

// Completable lists the row's objectives seat could score now: completed,
// not scored yet by this seat, and with a wand in hand.
func (g *Game) Completable(seat int) []int {
	s := &g.Seats[seat]
	if s.Wands == 0 {
		return nil
	}
	var out []int
	for _, slot := range g.Row {
		if slot.Objective >= 0 && !s.HasScored(slot.Objective) && g.Completes(seat, slot.Objective) {
			out = append(out, slot.Objective)
		}
	}
	return out
}

// Result is one seat's final score and rank.
type Result struct {
	Seat int `json:"seat"`
	// Points scored during play.
	Cards      int `json:"cards"`
	Objectives int `json:"objectives"`
	// The four final-scoring categories.
	Favorite     int `json:"favorite"`
	Compartments int `json:"compartments"`
	Candles      int `json:"candles"`
	Wands        int `json:"wands"`
	Total        int `json:"total"`
	// Tie-breakers.
	Books         int `json:"books"`
	FavoriteBooks int `json:"favorite_books"`
	// Rank is 1 for the winner(s); tied seats share a rank.
	Rank int `json:"rank"`
}

// Breakdown computes the seat's score as if the game ended now.
func (g *Game) Breakdown(seat int) Result {
	s := &g.Seats[seat]
	r := Result{Seat: seat, Cards: s.CardPoints, Objectives: s.ObjectivePoints, Wands: s.Wands}
	for id := CompID(0); id < NumComps; id++ {
		c := &s.Comps[id]
		if !c.Present {
			continue
		}
		r.Books += c.Books()
		if c.Full() {
			r.Compartments += g.CompValue(seat, id)
		}
		for l := 0; l < c.Levels; l++ {
			for x := 0; x < c.Width; x++ {
				if c.At(l, x).Color != s.Subject {
					continue
				}
				r.FavoriteBooks++
				if sameNeighbour(c, l, x) {
					r.Favorite++
				}
			}
		}
	}
	for k := 0; k < NumCandles; k++ {
		if s.Candles[k] >= 0 {
			r.Candles += g.CandleValue(seat, k)
		}
	}
	r.Total = r.Cards + r.Objectives + r.Favorite + r.Compartments + r.Candles + r.Wands
	return r
}

// sameNeighbour reports whether the book at (l, x) touches a book of its
// colour above, below, left or right, inside its compartment only.
func sameNeighbour(c *Compartment, l, x int) bool {
	col := c.At(l, x).Color
	return (x > 0 && c.At(l, x-1).Color == col) ||
		(x+1 < c.Width && c.At(l, x+1).Color == col) ||
		(l > 0 && c.At(l-1, x).Color == col) ||
		(l+1 < c.Levels && c.At(l+1, x).Color == col)
}

// Rank orders results by total, then books shelved, then favourite-subject
// books shelved; seats equal on all three share a rank. It sets Rank and
// returns the results sorted best first.
func Rank(results []Result) []Result {
	out := append([]Result(nil), results...)
	better := func(a, b Result) bool {
		if a.Total != b.Total {
			return a.Total > b.Total
		}
		if a.Books != b.Books {
			return a.Books > b.Books
		}
		return a.FavoriteBooks > b.FavoriteBooks
	}
	sort.SliceStable(out, func(i, j int) bool { return better(out[i], out[j]) })
	for i := range out {
		if i > 0 && !better(out[i-1], out[i]) {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// Winners lists the seats ranked first.
func (g *Game) Winners() []int {
	var w []int
	for _, r := range g.Results {
		if r.Rank == 1 {
			w = append(w, r.Seat)
		}
	}
	return w
}

// finish runs final scoring and ends the game.
func (g *Game) finish(ev []Event) []Event {
	results := make([]Result, len(g.Seats))
	for i := range g.Seats {
		r := g.Breakdown(i)
		results[i] = r
		for _, cat := range []struct {
			name string
			pts  int
		}{{"favorite", r.Favorite}, {"compartments", r.Compartments}, {"candles", r.Candles}, {"wands", r.Wands}} {
			ev = append(ev, Event{Type: EvFinalScore, Seat: i, Category: cat.name, Points: cat.pts})
		}
	}
	g.Results = Rank(results)
	g.Step = StepOver
	for i := range g.Seats {
		g.Seats[i].Status = StatusDone
	}
	return append(ev, Event{Type: EvGameOver, Seat: -1})
}
