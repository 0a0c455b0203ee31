package atheneum

// RandomPlayer chooses actions uniformly at random among the legal ones,
// for play-outs, the sim command and stand-in moves for absent players. It
// carries its own seeded generator, so a play-out is reproducible.
type RandomPlayer struct {
	r rng
	// UndoPercent is the chance, in percent, of choosing Undo when it is
	// legal; otherwise Undo is never chosen, which keeps games finite and
	// short.
	UndoPercent int
	buf         []Action
	waiting     []int
}

// NewRandomPlayer returns a player seeded with seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{r: rng{state: seed ^ 0x5eed5eed5eed5eed}}
}

// Next chooses a seat the game is waiting for, then one of its legal
// actions. It returns false when the game is over.
func (p *RandomPlayer) Next(g *Game) (Action, bool) {
	p.waiting = p.waiting[:0]
	for i := range g.Seats {
		switch g.Seats[i].Status {
		case StatusPicking, StatusShelving, StatusScoring:
			p.waiting = append(p.waiting, i)
		}
	}
	if len(p.waiting) == 0 {
		return Action{}, false
	}
	return p.For(g, p.waiting[p.r.intn(len(p.waiting))])
}

// For chooses one of seat's legal actions, or returns false if it has none.
func (p *RandomPlayer) For(g *Game, seat int) (Action, bool) {
	p.buf = g.AppendLegal(p.buf[:0], seat)
	n := len(p.buf)
	if n == 0 {
		return Action{}, false
	}
	if last := p.buf[n-1]; last.Type == ActUndo {
		if p.UndoPercent > 0 && p.r.intn(100) < p.UndoPercent {
			return last, true
		}
		n--
	}
	return p.buf[p.r.intn(n)], true
}

// Playout plays g to the end with p, calling after (if not nil) after
// every accepted action. It returns the actions played. An action the
// engine refuses is a bug in the engine, reported as an error.
func (p *RandomPlayer) Playout(g *Game, after func(a Action, ev []Event) error) ([]Action, error) {
	// A random game takes about 70 actions per seat, rarely more than 80.
	actions := make([]Action, 0, 80*len(g.Seats))
	for {
		a, ok := p.Next(g)
		if !ok {
			return actions, nil
		}
		var ev []Event
		var err error
		if after != nil {
			ev, err = g.Apply(a)
		} else {
			err = g.Act(a) // nobody reads the events
		}
		if err != nil {
			return actions, &ReplayError{Index: len(actions), Action: a, Err: err}
		}
		actions = append(actions, a)
		if after != nil {
			if err := after(a, ev); err != nil {
				return actions, err
			}
		}
	}
}
