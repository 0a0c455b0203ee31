package ai

import "atheneum/engine"

// randomPlayer chooses uniformly among the legal actions, never Undo, like
// engine.RandomPlayer.
type randomPlayer struct{ o Options }

func (p *randomPlayer) Level() string { return "random" }

func (p *randomPlayer) Propose(view *engine.Game, seat int) (engine.Action, error) {
	g := playable(view)
	if !waiting(g, seat) {
		return engine.Action{}, ErrNothingToDo
	}
	a, ok := engine.NewRandomPlayer(decisionSeed(p.o.Seed, view.Seq, seat)).For(g, seat)
	if !ok {
		return engine.Action{}, ErrNothingToDo
	}
	return a, nil
}
