package ai

import (
	"time"

	"atheneum/engine/atheneum"
)

// The hard player's default effort (Options sets neither Playouts nor
// Budget), in play-outs per candidate action: DefaultPlayouts at a card
// pick, about a second on one core of an idle two-core machine, and a
// third of it at a shelving choice, as the cards matter more. Fixed
// counts, not time, so that the same seed plays the same move on any
// machine however busy it is.
const (
	DefaultPlayouts        = 160
	DefaultResolvePlayouts = DefaultPlayouts / 3
)

// hardPlayer is determinized Monte Carlo search: for a decision it samples
// games consistent with its view (Game.Determinize), plays each candidate
// action out to the end of the game on every sample with the normal policy
// at every seat, and takes the candidate with the best mean final-score
// margin over the best other seat, the greedy choice getting a small head
// start (greedyPrior). The samples are shared by all the candidates, so
// they are compared on the same hidden cards.
//
// A decision plays its effort (Options.Playouts, or the default) in
// play-outs per candidate in all, spread by successive halving (see
// search), and the player is deterministic; with only a time Budget it
// thinks for Budget at a card pick and a third of it at a resolve choice.
type hardPlayer struct {
	o   Options
	pol policy
	// play is the policy the play-outs use for every seat.
	play policy
	buf  []atheneum.Action
	// picksOnly searches the card picks only (for experiments).
	picksOnly bool
}

func (p *hardPlayer) Level() string { return "hard" }

func (p *hardPlayer) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return atheneum.Action{}, ErrNothingToDo
	}
	greedy := p.pol.decide(g, seat)
	cands := p.candidates(g, seat, greedy)
	if len(cands) < 2 {
		return greedy, nil
	}
	playouts, budget := p.effort(g.Step == atheneum.StepPick)
	return p.search(view, seat, cands, playouts, budget), nil
}

// effort is the search's effort at a pick or a shelving choice: play-outs
// per candidate, or (playouts 0) a time budget.
func (p *hardPlayer) effort(pick bool) (playouts int, budget time.Duration) {
	o := p.o
	switch {
	case !pick && o.ResolvePlayouts > 0:
		return o.ResolvePlayouts, 0
	case o.Playouts > 0:
		return o.Playouts, 0
	case o.Budget > 0 && pick:
		return 0, o.Budget
	case o.Budget > 0:
		// Shelving choices matter less than the cards: a third of the time.
		return 0, o.Budget / 3
	case pick:
		return DefaultPlayouts, 0
	}
	return DefaultResolvePlayouts, 0
}

// greedyPrior is the head start, in points of final margin, that the
// normal policy's own choice gets in the search.
const greedyPrior = 2.0

// resolveCandidates is how many actions a resolve decision compares.
const resolveCandidates = 4

// candidates lists the actions worth searching: every card at a pick; at a
// resolve decision, the greedy choice and the best alternatives of its kind.
func (p *hardPlayer) candidates(g *atheneum.Game, seat int, greedy atheneum.Action) []atheneum.Action {
	if g.Step != atheneum.StepPick {
		if p.picksOnly {
			return nil
		}
		return p.pol.alternatives(g, seat, greedy, resolveCandidates)
	}
	p.buf = g.AppendLegal(p.buf[:0], seat)
	// The greedy choice first: it wins ties.
	out := []atheneum.Action{greedy}
	for _, a := range p.buf {
		if a != greedy {
			out = append(out, a)
		}
	}
	return out
}

// search compares the candidates by play-outs on shared samples, by
// successive halving: each round gives every surviving candidate more
// samples, then keeps the better half, so the close contenders get most of
// the play-outs. With playouts set the total is playouts play-outs per
// candidate; otherwise each round gets an equal share of the time budget.
func (p *hardPlayer) search(view *atheneum.Game, seat int, cands []atheneum.Action, playouts int, budget time.Duration) atheneum.Action {
	base := decisionSeed(p.o.Seed, view.Seq, seat)
	var samples []*atheneum.Game
	sample := func(j int) *atheneum.Game {
		for len(samples) <= j {
			samples = append(samples, view.Determinize(seat, mix64(base+uint64(len(samples)))))
		}
		return samples[j]
	}
	sum := make([]float64, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	rounds := 0
	for k := 1; k < len(cands); k *= 2 {
		rounds++
	}
	total := playouts * len(cands)
	done := 0 // samples every surviving candidate has been played out on
	for len(alive) > 1 {
		if playouts > 0 {
			per := max(1, total/(len(alive)*rounds))
			for j := done; j < done+per; j++ {
				for _, i := range alive {
					sum[i] += p.playout(sample(j).Clone(), seat, cands[i])
				}
			}
			done += per
		} else {
			end := time.Now().Add(budget / time.Duration(rounds))
			for first := true; first || time.Now().Before(end); first = false {
				for _, i := range alive {
					sum[i] += p.playout(sample(done).Clone(), seat, cands[i])
				}
				done++
			}
		}
		// Best first; the greedy choice (index 0) counts greedyPrior
		// points of margin more per play-out, so a few noisy play-outs do
		// not overturn it lightly; then the earlier candidates win ties.
		val := func(i int) float64 {
			if i == 0 {
				return sum[i] + greedyPrior*float64(done)
			}
			return sum[i]
		}
		for a := 1; a < len(alive); a++ {
			for b := a; b > 0 && val(alive[b]) > val(alive[b-1]); b-- {
				alive[b], alive[b-1] = alive[b-1], alive[b]
			}
		}
		alive = alive[:(len(alive)+1)/2]
	}
	return cands[alive[0]]
}

// playout applies first for seat, plays g to its end with the normal policy
// at every seat and returns seat's final margin over the best other seat.
func (p *hardPlayer) playout(g *atheneum.Game, seat int, first atheneum.Action) float64 {
	if err := g.Act(first); err != nil {
		return -1e9
	}
	for g.Step != atheneum.StepOver {
		s := firstWaiting(g)
		if s < 0 {
			return -1e9
		}
		if err := g.Act(p.play.decide(g, s)); err != nil {
			return -1e9
		}
	}
	return margin(g, seat)
}

// margin is seat's final total less the best total of the other seats.
func margin(g *atheneum.Game, seat int) float64 {
	mine, best := 0, -1<<30
	for _, r := range g.Results {
		if r.Seat == seat {
			mine = r.Total
		} else if r.Total > best {
			best = r.Total
		}
	}
	return float64(mine - best)
}
