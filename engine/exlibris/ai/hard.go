package ai

import (
	"math"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

// DefaultPlayouts is the hard player's budget per searched decision, in
// play-outs (never in time, so that a seed plays the same move on any
// machine).
const DefaultPlayouts = 600

// DefaultHorizon is how many rounds after the current one a play-out
// runs before the position is scored (-1: to the end of the game).
const DefaultHorizon = 0

// maxCandidates bounds the placements a search compares: the best ones
// by the normal player's values.
const maxCandidates = 8

// Hard searches where to send its assistants by determinized Monte Carlo:
// each candidate placement (the normal player's best few) is tried in
// worlds dealt at random from what the seat sees (the others' hands and
// specialities, the deck), every seat then playing as the normal player
// to the end of the round (or further, Horizon), and the position is
// scored; the candidates are narrowed by sequential halving, each round
// of it trying the survivors in the same worlds. Its other decisions
// (which card to take, where to archive it, the answers owed to others)
// are the normal player's.
type Hard struct {
	seed     uint64
	Playouts int
	Horizon  int
	normal   Normal
	rollout  Normal
	scorer   model
	opts     []exlibris.Action
	cands    []candidate
	awaited  []int
}

type candidate struct {
	a     exlibris.Action
	prior float64
	sum   float64
	tries int
}

// NewHard returns a hard player whose searches follow seed, with a budget
// of playouts per searched decision.
func NewHard(seed uint64, playouts int) *Hard {
	return &Hard{seed: seed, Playouts: max(playouts, 1), Horizon: DefaultHorizon}
}

// Level is "hard".
func (h *Hard) Level() string { return "hard" }

// Propose searches a placement, and decides the rest as the normal
// player.
func (h *Hard) Propose(view *exlibris.Game, seat int) (exlibris.Action, error) {
	d, ok := view.Decision(seat)
	if !ok {
		return exlibris.Action{}, ErrNothingToDo
	}
	if d.Kind != "place" {
		return h.normal.Propose(view, seat)
	}
	n := &h.normal
	n.opts = view.AppendOptions(n.opts[:0], seat)
	if len(n.opts) <= 1 {
		return n.Propose(view, seat)
	}
	n.m.build(view, seat)
	h.cands = h.cands[:0]
	for _, a := range n.opts {
		h.cands = append(h.cands, candidate{a: a, prior: n.value(d, a)})
	}
	// The best few by the heuristic.
	for i := range h.cands {
		for j := i + 1; j < len(h.cands); j++ {
			if h.cands[j].prior > h.cands[i].prior {
				h.cands[i], h.cands[j] = h.cands[j], h.cands[i]
			}
		}
	}
	if len(h.cands) > maxCandidates {
		h.cands = h.cands[:maxCandidates]
	}
	r := engine.NewRand(decisionSeed(h.seed, view.Played(), seat))
	alive := len(h.cands)
	rounds := int(math.Ceil(math.Log2(float64(alive))))
	budget := h.Playouts
	for round := 0; alive > 1; round++ {
		per := max(1, budget/(alive*max(1, rounds-round)))
		for k := 0; k < per; k++ {
			world := r.Uint64()
			for i := 0; i < alive; i++ {
				c := &h.cands[i]
				d := view.Determinize(seat, world)
				if err := d.Do(seat, c.a); err != nil {
					return exlibris.Action{}, err
				}
				c.sum += h.playout(d, seat)
				c.tries++
				budget--
			}
		}
		// Keep the better half.
		for i := 0; i < alive; i++ {
			for j := i + 1; j < alive; j++ {
				if h.cands[j].mean() > h.cands[i].mean() {
					h.cands[i], h.cands[j] = h.cands[j], h.cands[i]
				}
			}
		}
		alive = (alive + 1) / 2
		if budget <= 0 {
			break
		}
	}
	return h.cands[0].a, nil
}

func (c *candidate) mean() float64 {
	if c.tries == 0 {
		return math.Inf(-1)
	}
	return c.sum / float64(c.tries)
}

// playoutMoves bounds one play-out; games end long before.
const playoutMoves = 20000

// playout plays d on with the normal player at every seat up to the
// horizon and scores the result for seat.
func (h *Hard) playout(d *exlibris.Game, seat int) float64 {
	start := d.Round()
	for i := 0; i < playoutMoves && !d.Over(); i++ {
		if h.Horizon >= 0 && d.Round() > start+h.Horizon {
			break
		}
		h.awaited = d.AppendAwaited(h.awaited[:0])
		if len(h.awaited) == 0 {
			break
		}
		s := h.awaited[0]
		a, err := h.rollout.Propose(d, s)
		if err != nil || d.Do(s, a) != nil {
			break
		}
	}
	return h.outcome(d, seat)
}

// outcome scores a play-out for seat: at the end, 1 for a win (shared:
// split) and a little for the margin; before, the estimated lead turned
// into a likelihood of winning.
func (h *Hard) outcome(d *exlibris.Game, seat int) float64 {
	if d.Over() {
		res := d.Results()
		if d.Solo() {
			if d.SoloWon() {
				return 1
			}
			return 0
		}
		best, winners := math.MinInt, 0
		for _, r := range res {
			if r.Seat != seat {
				best = max(best, r.Score)
			}
			if r.Rank == 1 {
				winners++
			}
		}
		v := 0.02 * float64(res[seat].Score-best)
		if res[seat].Rank == 1 {
			v += 1 / float64(winners)
		}
		return v
	}
	mine := estimate(&h.scorer, d, seat)
	best := math.Inf(-1)
	if d.Solo() {
		_, pub := d.Scores()
		best = float64(pub)
	}
	for s := 0; s < d.Seats(); s++ {
		if s != seat {
			best = max(best, estimate(&h.scorer, d, s))
		}
	}
	return 1 / (1 + math.Exp(-(mine-best)/6))
}

// estimate is seat's projected score: its collection inspected as it
// stands (the best alphabetical run kept), what its hand may still add,
// less the distance to its planned block.
func estimate(m *model, g *exlibris.Game, seat int) float64 {
	m.build(g, seat)
	var opp [exlibris.MaxSeats]int
	for s := 0; s < g.Seats(); s++ {
		if s != seat {
			opp[s] = popularBooks(g, s)
		}
	}
	v := float64(inspection(g, seat, m.counts, opp))
	v += float64(stability(m.cells)) + buriedBonus*float64(m.size-len(m.cells))
	for _, c := range m.hand {
		v += m.handValue(c)
	}
	cost := math.Inf(1)
	for _, f := range m.frames {
		cost = min(cost, f.cost)
	}
	if !math.IsInf(cost, 1) {
		v -= layoutWeight * cost
	}
	return v
}
