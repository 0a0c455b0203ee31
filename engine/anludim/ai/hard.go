package ai

import (
	"math"

	"atheneum/engine"
	"atheneum/engine/anludim"
)

// DefaultPlayouts is the hard player's budget per decision: play-outs of
// the rest of the round, each from a fresh determinization.
const DefaultPlayouts = 400

// Hard chooses its main action by determinized Monte Carlo: each candidate
// (the strongest play per takeable professor, the hidden recruit and each
// face-up card) is tried in sampled worlds consistent with what the seat
// sees, and the round is played out with the normal heuristic for every
// seat. Other steps (take backs, keeping cards, ending the turn) follow the
// normal player.
type Hard struct {
	r        *engine.Rand
	playouts int
	normal   Normal
	rollout  Normal
	cands    []anludim.Move
}

// NewHard returns a hard player with the given budget per decision.
func NewHard(seed uint64, playouts int) *Hard {
	if playouts < 1 {
		playouts = 1
	}
	return &Hard{r: engine.NewRand(seed), playouts: playouts}
}

// Level returns "hard".
func (h *Hard) Level() string { return "hard" }

// Propose searches the main action and plays normally otherwise.
func (h *Hard) Propose(view *anludim.Game, seat int) anludim.Move {
	base := h.normal.Propose(view, seat)
	if view.Keeping() || view.MainDone() || base.Kind == anludim.TakeBack {
		return base
	}
	h.cands = view.AppendBestPlays(h.cands[:0], seat)
	for _, m := range view.Legal(seat) {
		if m.Kind == anludim.RecruitHidden || m.Kind == anludim.RecruitFaceUp {
			h.cands = append(h.cands, m)
		}
	}
	if len(h.cands) <= 1 {
		return base
	}
	n := len(h.cands)
	sum := make([]float64, n)
	tries := make([]int, n)
	// UCB1 spreads the budget towards the promising candidates.
	for i := 0; i < h.playouts; i++ {
		c := i
		if i >= n {
			c, _ = ucb(sum, tries, i)
		} else {
			c = i % n
		}
		d := view.Determinize(seat, h.r.Uint64())
		if err := d.Do(h.cands[c]); err != nil {
			sum[c] -= 1
			tries[c]++
			continue
		}
		sum[c] += h.playout(d, seat)
		tries[c]++
	}
	best, bestMean := 0, math.Inf(-1)
	for c := range h.cands {
		if tries[c] == 0 {
			continue
		}
		if m := sum[c] / float64(tries[c]); m > bestMean {
			best, bestMean = c, m
		}
	}
	return h.cands[best]
}

func ucb(sum []float64, tries []int, total int) (int, float64) {
	best, bestV := 0, math.Inf(-1)
	for c := range sum {
		v := sum[c]/float64(tries[c]) + 0.7*math.Sqrt(math.Log(float64(total))/float64(tries[c]))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best, bestV
}

// playoutMoves bounds one play-out; rounds end long before.
const playoutMoves = 3000

// playout plays the round out with the normal heuristic and scores it for
// seat: 1 for winning the round, plus a little for the margin of value.
func (h *Hard) playout(d *anludim.Game, seat int) float64 {
	start := d.RoundsFinished()
	for i := 0; i < playoutMoves && !d.Over() && d.RoundsFinished() == start; i++ {
		aw := d.Awaited()
		if len(aw) == 0 {
			break
		}
		if err := d.Do(h.rollout.Propose(d, aw[0])); err != nil {
			break
		}
	}
	r, ok := d.LastRound()
	if !ok || d.RoundsFinished() == start {
		return 0
	}
	score := 0.0
	if r.Winner == seat {
		score = 1
	}
	best := math.MinInt
	for s, v := range r.Values {
		if s != seat && v > best {
			best = v
		}
	}
	return score + 0.02*float64(r.Values[seat]-best)
}
