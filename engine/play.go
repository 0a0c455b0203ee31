package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// Rand is a small, fast generator (SplitMix64) kept by whoever plays, so
// that a seed gives the same choices everywhere: no global randomness.
type Rand struct{ state uint64 }

// NewRand returns a generator started from seed.
func NewRand(seed uint64) *Rand { return &Rand{state: seed} }

// State is the generator's state: NewRand(r.State()) goes on exactly as r
// would, for a game written down in a snapshot.
func (r *Rand) State() uint64 { return r.state }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a number in [0, n); n must be positive (multiply-shift:
// the bias is negligible for the small n of games).
func (r *Rand) IntN(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Shuffle permutes s in place (Fisher-Yates).
func Shuffle[T any](r *Rand, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// ErrNoMove is returned when a seat has no move to make.
var ErrNoMove = errors.New("engine: the seat has no move")

// RandomMove builds a move for seat by taking a random choice at each step
// of Next; where some choices complete a move, it takes one of those half
// the time, so that walks through many steps (choosing cards one by one)
// stay short. Moves behind fewer steps are likelier than a uniform draw
// over all moves would make them; that is the price of never listing them
// all.
func RandomMove(s State, seat int, r *Rand) (Move, error) {
	var chosen []string
	for depth := 0; depth < maxSteps; depth++ {
		choices := s.Next(seat, chosen)
		if len(choices) == 0 {
			return "", ErrNoMove
		}
		c := choices[r.IntN(len(choices))]
		if c.Move == "" && r.IntN(2) == 0 {
			var done []Choice
			for _, o := range choices {
				if o.Move != "" {
					done = append(done, o)
				}
			}
			if len(done) > 0 {
				c = done[r.IntN(len(done))]
			}
		}
		if c.Move != "" {
			return c.Move, nil
		}
		chosen = append(chosen, c.Key)
	}
	return "", fmt.Errorf("engine: a move of %s took more than %d choices", s.Rules().ID(), maxSteps)
}

// maxSteps bounds the choices in one move, against a game whose Next
// never completes one.
const maxSteps = 64

// MaxPlayoutMoves bounds a play-out, against a game that never ends.
const MaxPlayoutMoves = 100_000

// Playout plays random moves for every awaited seat until the game is
// over; s is changed. It fails if a move the game offered is refused, or
// if the game does not end within MaxPlayoutMoves.
func Playout(s State, r *Rand) error {
	for n := 0; !s.Over(); n++ {
		if n >= MaxPlayoutMoves {
			return fmt.Errorf("engine: %s did not end within %d moves", s.Rules().ID(), MaxPlayoutMoves)
		}
		awaited := s.Awaited()
		if len(awaited) == 0 {
			return fmt.Errorf("engine: %s waits for nobody at step %s but is not over", s.Rules().ID(), s.StepKey())
		}
		seat := awaited[r.IntN(len(awaited))]
		m, err := RandomMove(s, seat, r)
		if err != nil {
			return fmt.Errorf("seat %d at step %s: %w", seat, s.StepKey(), err)
		}
		if err := Do(s, m); err != nil {
			return fmt.Errorf("the offered move %q was refused: %w", m, err)
		}
	}
	return nil
}

// Doer is a State that can also play a move without building its events,
// which play-outs never read.
type Doer interface {
	Do(m Move) error
}

// Do plays a move, without its events where the state allows.
func Do(s State, m Move) error {
	if d, ok := s.(Doer); ok {
		return d.Do(m)
	}
	_, err := s.Apply(m)
	return err
}

// RandomPlayer is the "random" level of any game: a random move from
// Next.
type RandomPlayer struct{ r *Rand }

// NewRandomPlayer returns a random player whose choices follow seed.
func NewRandomPlayer(seed uint64) *RandomPlayer { return &RandomPlayer{r: NewRand(seed)} }

// Level is "random".
func (p *RandomPlayer) Level() string { return "random" }

// Propose returns a random move.
func (p *RandomPlayer) Propose(view State, seat int) (Move, error) {
	return RandomMove(view, seat, p.r)
}

// SearchPlayer is a search level written once for every game: flat Monte
// Carlo. For each of the seat's moves (up to MaxMoves of them), it plays
// the game out Playouts times from a Determinize of its view with random
// moves for everyone, and keeps the move whose play-outs ranked the seat
// best on average. It knows nothing of any game, so it is a yardstick
// rather than a strong player: each game's own levels do better.
type SearchPlayer struct {
	// Playouts is the number of play-outs per move.
	Playouts int
	// MaxMoves bounds the moves compared (the first ones Next lists).
	MaxMoves int
	r        *Rand
}

// NewSearchPlayer returns a search player whose play-outs follow seed.
func NewSearchPlayer(seed uint64, playouts, maxMoves int) *SearchPlayer {
	return &SearchPlayer{Playouts: max(playouts, 1), MaxMoves: max(maxMoves, 1), r: NewRand(seed)}
}

// Level is "search".
func (p *SearchPlayer) Level() string { return "search" }

// Propose returns the move with the best average standing in play-outs.
func (p *SearchPlayer) Propose(view State, seat int) (Move, error) {
	moves := Moves(view, seat, p.MaxMoves)
	switch len(moves) {
	case 0:
		return "", ErrNoMove
	case 1:
		return moves[0], nil
	}
	best, bestValue := moves[0], -1.0
	for _, m := range moves {
		total := 0.0
		for k := 0; k < p.Playouts; k++ {
			s := view.Determinize(seat, p.r.Uint64())
			if err := Do(s, m); err != nil {
				return "", fmt.Errorf("the offered move %q was refused in a play-out: %w", m, err)
			}
			if err := Playout(s, p.r); err != nil {
				return "", err
			}
			total += standing(s.Results(), seat)
		}
		if v := total / float64(p.Playouts); v > bestValue {
			best, bestValue = m, v
		}
	}
	return best, nil
}

// standing is 1 for a sole winner down to 0 for the last place, shared
// places counting half.
func standing(results []Result, seat int) float64 {
	n := len(results)
	if n < 2 || seat < 0 || seat >= n {
		return 0
	}
	above, level := 0, 0
	for _, r := range results {
		switch {
		case r.Rank < results[seat].Rank:
			above++
		case r.Rank == results[seat].Rank && r.Seat != seat:
			level++
		}
	}
	return (float64(n-1-above) - float64(level)/2) / float64(n-1)
}
