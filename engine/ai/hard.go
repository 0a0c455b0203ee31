package ai

import (
	"time"

	"atheneum/engine"
)

// DefaultBudget is the hard player's thinking time per decision when
// Options sets neither Playouts nor Budget.
const DefaultBudget = time.Second

// hardPlayer is determinized Monte Carlo search: for a decision it samples
// games consistent with its view (Game.Determinize), plays each candidate
// action out to the end of the game on every sample with the normal policy
// at every seat, and takes the candidate with the best mean final-score
// margin over the best other seat. The samples are shared by all the
// candidates, so they are compared on the same hidden cards.
//
// With Options.Playouts set, each decision uses that many samples (so every
// candidate gets Playouts play-outs) and the player is deterministic; with
// Budget (default DefaultBudget) it samples until the time is up.
type hardPlayer struct {
	o   Options
	pol policy
	// play is the policy the play-outs use for every seat.
	play policy
	buf  []engine.Action
	// picksOnly searches the card picks only (for experiments).
	picksOnly bool
}

func (p *hardPlayer) Level() string { return "hard" }

func (p *hardPlayer) Propose(view *engine.Game, seat int) (engine.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return engine.Action{}, ErrNothingToDo
	}
	greedy := p.pol.decide(g, seat)
	cands := p.candidates(g, seat, greedy)
	if len(cands) < 2 {
		return greedy, nil
	}
	return p.search(view, seat, cands), nil
}

// resolveCandidates is how many actions a resolve decision compares.
const resolveCandidates = 4

// candidates lists the actions worth searching: every card at a pick; at a
// resolve decision, the greedy choice and the best alternatives of its kind.
func (p *hardPlayer) candidates(g *engine.Game, seat int, greedy engine.Action) []engine.Action {
	if g.Step != engine.StepPick {
		if p.picksOnly {
			return nil
		}
		return p.pol.alternatives(g, seat, greedy, resolveCandidates)
	}
	p.buf = g.AppendLegal(p.buf[:0], seat)
	// The greedy choice first: it wins ties.
	out := []engine.Action{greedy}
	for _, a := range p.buf {
		if a != greedy {
			out = append(out, a)
		}
	}
	return out
}

// search plays every candidate out on shared samples and returns the best.
func (p *hardPlayer) search(view *engine.Game, seat int, cands []engine.Action) engine.Action {
	base := decisionSeed(p.o.Seed, view.Seq, seat)
	sum := make([]float64, len(cands))
	samples := p.o.Playouts
	var deadline time.Time
	if samples <= 0 {
		b := p.o.Budget
		if b <= 0 {
			b = DefaultBudget
		}
		deadline = time.Now().Add(b)
	}
	n := 0
	for {
		if samples > 0 && n >= samples {
			break
		}
		if samples <= 0 && n > 0 && time.Now().After(deadline) {
			break
		}
		d := view.Determinize(seat, mix64(base+uint64(n)))
		for i, a := range cands {
			sum[i] += p.playout(d.Clone(), seat, a)
		}
		n++
	}
	best := 0
	for i := range cands {
		if sum[i] > sum[best] {
			best = i
		}
	}
	return cands[best]
}

// playout applies first for seat, plays g to its end with the normal policy
// at every seat and returns seat's final margin over the best other seat.
func (p *hardPlayer) playout(g *engine.Game, seat int, first engine.Action) float64 {
	if _, err := g.Apply(first); err != nil {
		return -1e9
	}
	for g.Step != engine.StepOver {
		s := -1
		for i := range g.Seats {
			if waiting(g, i) {
				s = i
				break
			}
		}
		if s < 0 {
			return -1e9
		}
		if _, err := g.Apply(p.play.decide(g, s)); err != nil {
			return -1e9
		}
	}
	return margin(g, seat)
}

// margin is seat's final total less the best total of the other seats.
func margin(g *engine.Game, seat int) float64 {
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
