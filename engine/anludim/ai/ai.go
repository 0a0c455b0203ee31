package ai

import (
	"fmt"
	"math/bits"

	"atheneum/engine"
	"atheneum/engine/anludim"
)

// Player proposes moves for one seat from what that seat may see.
type Player interface {
	// Level returns "random", "normal" or "hard".
	Level() string
	// Propose returns a legal move for seat, awaited in view.
	Propose(view *anludim.Game, seat int) anludim.Move
}

// Levels lists the levels New accepts, from the weakest.
var Levels = []string{"random", "normal", "hard"}

// New returns a player of the given level; seed drives its own choices.
func New(level string, seed uint64) (Player, error) {
	switch level {
	case "random":
		return &Random{r: engine.NewRand(seed)}, nil
	case "normal":
		return &Normal{}, nil
	case "hard":
		return NewHard(seed, DefaultPlayouts), nil
	}
	return nil, fmt.Errorf("ai: unknown level %q", level)
}

// Autopilot is the move played for a seat whose player is away: normal's.
func Autopilot(view *anludim.Game, seat int) anludim.Move {
	return (&Normal{}).Propose(view, seat)
}

// Random plays uniformly among the Legal moves but Undo and one play per
// takeable professor (its strongest).
type Random struct {
	r   *engine.Rand
	buf []anludim.Move
}

// Level returns "random".
func (p *Random) Level() string { return "random" }

// Propose picks a random move.
func (p *Random) Propose(view *anludim.Game, seat int) anludim.Move {
	p.buf = view.AppendLegal(p.buf[:0], seat)
	if n := len(p.buf); n > 0 && p.buf[n-1].Kind == anludim.Undo {
		p.buf = p.buf[:n-1]
	}
	take := view.Takeable(seat)
	n := len(p.buf) + bits.OnesCount8(take)
	if n == 0 {
		return anludim.Move{Seat: seat, Kind: anludim.EndTurn}
	}
	i := p.r.IntN(n)
	if i < len(p.buf) {
		return p.buf[i]
	}
	i -= len(p.buf)
	for pr := anludim.Professor(0); pr < anludim.NumProfessors; pr++ {
		if take&(1<<pr) == 0 {
			continue
		}
		if i == 0 {
			m, _ := view.BestPlay(seat, pr)
			return m
		}
		i--
	}
	return p.buf[0]
}
