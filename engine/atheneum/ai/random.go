package ai

import "atheneum/engine"

// randomPlayer chooses uniformly among the legal actions other than Undo,
// like engine.RandomPlayer.
type randomPlayer struct {
	o   Options
	buf []engine.Action
}

func (p *randomPlayer) Level() string { return "random" }

func (p *randomPlayer) Propose(view *engine.Game, seat int) (engine.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return engine.Action{}, ErrNothingToDo
	}
	p.buf = g.AppendLegal(p.buf[:0], seat)
	n := 0
	for _, a := range p.buf {
		if a.Type != engine.ActUndo {
			p.buf[n] = a
			n++
		}
	}
	if n == 0 {
		return engine.Action{}, ErrNothingToDo
	}
	r := rng{s: decisionSeed(p.o.Seed, view.Seq, seat)}
	return p.buf[r.intn(n)], nil
}
