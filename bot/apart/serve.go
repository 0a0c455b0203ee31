package apart

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"atheneum/bot/game"
	"atheneum/engine"
)

// Main is a child's whole life: it lowers its own priority (see
// LowerPriority), then serves searches on its standard input and output
// until the input closes. A program calls it when started as a search
// process, with the same games (the same computer players' settings) as
// the service that starts it; it returns when the parent closes the
// input or goes away.
func Main(games []engine.Game) error {
	if err := LowerPriority(); err != nil {
		// Still useful at normal priority; the parent logs this line.
		fmt.Fprintln(os.Stderr, "apart: could not lower the priority of the search process:", err)
	}
	return Serve(games, os.Stdin, os.Stdout)
}

// Serve answers searches read from r, one JSON game.SearchRequest and its
// id per line, with one JSON answer per line on w that echoes the id, until
// r ends. A request it
// cannot answer (an unknown game, a refused move, a seat not awaited) gets
// an error answer, and serving goes on.
func Serve(games []engine.Game, r io.Reader, w io.Writer) error {
	dec := json.NewDecoder(bufio.NewReader(r))
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	for {
		var q request
		if err := dec.Decode(&q); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("apart: reading a search: %w", err)
		}
		a := response{ID: q.ID}
		m, err := answer(games, q.SearchRequest)
		if err != nil {
			a.Error = err.Error()
		} else {
			a.Move = m
		}
		if err := enc.Encode(a); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
}

// answer rebuilds q's game and asks the seat's player for its move, as
// the service would in its own process; a panic in the rules or the
// player is an error, not the end of the child.
func answer(games []engine.Game, q game.SearchRequest) (m engine.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = "", fmt.Errorf("the search panicked: %v", p)
		}
	}()
	i := slices.IndexFunc(games, func(g engine.Game) bool { return g.ID() == q.Game })
	if i < 0 {
		return "", fmt.Errorf("this process plays no game %q", q.Game)
	}
	g := games[i]
	st, err := g.New(q.Seed, q.Setup)
	if err != nil {
		return "", fmt.Errorf("the game cannot be set up: %w", err)
	}
	for k, mv := range q.Moves {
		if err := engine.Do(st, mv); err != nil {
			return "", fmt.Errorf("move %d (%s) is refused: %w", k+1, mv, err)
		}
	}
	if !slices.Contains(st.Awaited(), q.Seat) {
		return "", fmt.Errorf("the game does not wait for seat %d", q.Seat)
	}
	p, err := g.Player(q.Level, q.PlayerSeed)
	if err != nil {
		return "", err
	}
	return p.Propose(st.View(q.Seat), q.Seat)
}
