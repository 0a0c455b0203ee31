package ai

import "atheneum/engine/atheneum"

// randomPlayer chooses uniformly among the legal actions other than Undo,
// like atheneum.RandomPlayer.
type randomPlayer struct {
	o   Options
	buf []atheneum.Action
}

func (p *randomPlayer) Level() string { return "random" }

func (p *randomPlayer) Propose(view *atheneum.Game, seat int) (atheneum.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return atheneum.Action{}, ErrNothingToDo
	}
	p.buf = g.AppendLegal(p.buf[:0], seat)
	n := 0
	for _, a := range p.buf {
		if a.Type != atheneum.ActUndo {
			p.buf[n] = a
			n++
		}
	}
	if n == 0 {
		return atheneum.Action{}, ErrNothingToDo
	}
	r := rng{s: decisionSeed(p.o.Seed, view.Seq, seat)}
	return p.buf[r.intn(n)], nil
}
