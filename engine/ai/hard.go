package ai

import "atheneum/engine"

// hardPlayer searches; until its search lands it plays like normal.
type hardPlayer struct {
	o   Options
	pol policy
}

func (p *hardPlayer) Level() string { return "hard" }

func (p *hardPlayer) Propose(view *engine.Game, seat int) (engine.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return engine.Action{}, ErrNothingToDo
	}
	return p.pol.decide(g, seat), nil
}
