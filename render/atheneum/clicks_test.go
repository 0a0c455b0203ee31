package atheneum

import (
	"bytes"
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/render"
)

// A shelving turn as a player clicks it on the workbench (bot/atheneum):
// choosing a held item redraws the shelves with where it may go, and each
// move redraws them with the move outlined; the other clicks (a
// compartment menu before its spaces, taking books off, a confirmation,
// Done) keep the picture shown. The clicks are replayed from whole games,
// so that the pictures follow each other as they do for a player.

// click is one click of a seat's shelving turn: a picture of the seat's
// shelves from its view with the marks, or (picture false) a click that
// keeps the picture shown.
type click struct {
	picture bool
	view    *atheneum.Game
	seat    int
	marks   Marks
	last    atheneum.Action // what marks.Last points to
	turn    int             // the game's turn, for counting pictures per turn
	game    int             // which game of the replay
	opts    render.Options
}

// shelvingClicks replays a finished game's actions from cfg and lists the
// clicks of every seat's shelving: for each move with a held item, the
// click choosing the item then the move; for the other moves, the move.
func shelvingClicks(t testing.TB, cfg atheneum.Config, actions []atheneum.Action, game int, o render.Options) []click {
	t.Helper()
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out []click
	for _, a := range actions {
		if g.Step == atheneum.StepResolve && a.Type != atheneum.ActPick {
			out = append(out, clicksOf(g, a, game, o)...)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if g.Step == atheneum.StepResolve && a.Type != atheneum.ActPick && g.Seats[a.Seat].Status != atheneum.StatusDone {
			// The workbench after the move, with the move outlined (not
			// an undo, which leaves no mark).
			c := click{picture: true, view: g.View(a.Seat), seat: a.Seat, turn: g.TurnNumber(), game: game, opts: o}
			if a.Type != atheneum.ActUndo && a.Type != atheneum.ActDone {
				c.last = a
				c.marks.Last = &c.last
			}
			out = append(out, c)
		}
	}
	for i := range out {
		if out[i].marks.Last != nil {
			out[i].marks.Last = &out[i].last // the slice has moved
		}
	}
	return out
}

// clicksOf lists the clicks that lead to move a on g, before it is made
// (the move's own click is the picture after it).
func clicksOf(g *atheneum.Game, a atheneum.Action, game int, o render.Options) []click {
	keep := func(n int) []click {
		out := make([]click, n)
		for i := range out {
			out[i] = click{seat: a.Seat, turn: g.TurnNumber(), game: game}
		}
		return out
	}
	switch a.Type {
	case atheneum.ActShelve, atheneum.ActToken, atheneum.ActReward, atheneum.ActSideShelf:
		out := []click{{picture: true, view: g.View(a.Seat), seat: a.Seat, marks: Marks{Item: a.Item}, turn: g.TurnNumber(), game: game, opts: o}}
		if a.Type == atheneum.ActShelve && spacesFor(g, a.Seat, a.Item) > 25 {
			out = append(out, keep(1)...) // the compartment first: the spaces do not fit one menu
		}
		return out
	case atheneum.ActRemove:
		return keep(1) // taking a book off, then its space
	case atheneum.ActDone:
		for _, l := range g.LegalActions(a.Seat) {
			if l.Type == atheneum.ActScore {
				return keep(2) // Done, then its confirmation
			}
		}
		return keep(1)
	}
	return nil
}

// spacesFor counts the spaces item may be shelved at.
func spacesFor(g *atheneum.Game, seat, item int) int {
	seen := map[atheneum.Pos]bool{}
	for _, a := range g.LegalActions(seat) {
		if a.Type == atheneum.ActShelve && a.Item == item {
			seen[a.At] = true
		}
	}
	return len(seen)
}

// aiGames plays the benchmark's games: normal players, fixed seeds, two
// to four seats.
func aiGames(t testing.TB) []click {
	t.Helper()
	var out []click
	for i, seats := range []int{2, 3, 4} {
		cfg := atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(40 + i)}
		actions := playNormal(t, cfg, func(s int) uint64 { return uint64(100*i + s) })
		o := render.Options{Lang: i18n.English, Names: []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri"}}
		out = append(out, shelvingClicks(t, cfg, actions, i, o)...)
	}
	return out
}

// BenchmarkShelvingClicks replays the shelving clicks of three whole games
// of normal players (2, 3 and 4 seats): one op is one click, through the
// clicks in order and around again, so run it with -benchtime set to a
// multiple of the clicks (reported as clicks/pass). draw-each draws every
// picture a click shows with DrawShelves, as the workbench always did.
// pictures/seat-turn is how many pictures a player is sent per turn.
func BenchmarkShelvingClicks(b *testing.B) {
	clicks := aiGames(b)
	render.CheckTiles = false
	defer func() { render.CheckTiles = !raceEnabled }()
	pictures, seatTurns := 0, map[[3]int]bool{}
	for _, c := range clicks {
		seatTurns[[3]int{c.game, c.turn, c.seat}] = true
		if c.picture {
			pictures++
		}
	}
	b.Run("draw-each", func(b *testing.B) {
		draw := func(c *click) (int, error) {
			if !c.picture {
				return 0, nil
			}
			p, err := DrawShelves(c.view, c.seat, c.marks, c.opts)
			return len(p.PNG), err
		}
		benchClicks(b, clicks, draw, func() {})
		b.ReportMetric(float64(pictures)/float64(len(seatTurns)), "pictures/seat-turn")
	})
	b.Run("incremental", func(b *testing.B) {
		// A click whose picture is the one the seat was last sent sends
		// none, as the workbench does.
		shown := map[int][]byte{} // by game and seat
		sent := 0
		draw := func(c *click) (int, error) {
			if !c.picture {
				return 0, nil
			}
			p, err := DrawWorkbench(c.view, c.seat, c.marks, c.opts)
			if err != nil {
				return 0, err
			}
			if k := 10*c.game + c.seat; !bytes.Equal(shown[k], p.PNG) {
				shown[k] = p.PNG
				sent++
			}
			return len(p.PNG), nil
		}
		reset := func() {
			workbenchBands = render.NewBandCache(workbenchBandBytes)
			clear(shown)
			sent = 0
		}
		// One pass, untimed, counts the pictures sent.
		reset()
		for i := range clicks {
			if _, err := draw(&clicks[i]); err != nil {
				b.Fatal(err)
			}
		}
		perSeatTurn := float64(sent) / float64(len(seatTurns))
		benchClicks(b, clicks, draw, reset)
		b.ReportMetric(perSeatTurn, "pictures/seat-turn")
	})
}

// benchClicks runs clicks one per op, around again after the last, with
// reset called before each pass (and once before a warm-up pass that is
// not timed). It reports the clicks of a pass, the time per click and the
// mean size of a picture.
func benchClicks(b *testing.B, clicks []click, draw func(*click) (int, error), reset func()) {
	b.Helper()
	reset()
	for i := range clicks {
		if _, err := draw(&clicks[i]); err != nil {
			b.Fatal(err)
		}
	}
	reset()
	b.ReportAllocs()
	i, n, size := 0, 0, 0
	for b.Loop() {
		if i == len(clicks) {
			i = 0
			reset()
		}
		s, err := draw(&clicks[i])
		if err != nil {
			b.Fatal(fmt.Errorf("click %d: %w", i, err))
		}
		if s > 0 {
			n++
			size += s
		}
		i++
	}
	b.ReportMetric(float64(len(clicks)), "clicks/pass")
	if n > 0 {
		b.ReportMetric(float64(size)/float64(n), "bytes/picture")
	}
}

// playNormal plays a whole game between normal players, seat s's seeded
// by seedOf(s), and returns its actions.
func playNormal(t testing.TB, cfg atheneum.Config, seedOf func(seat int) uint64) []atheneum.Action {
	t.Helper()
	players := make([]ai.Player, len(cfg.Subjects))
	for s := range players {
		p, err := ai.New("normal", ai.Options{Seed: seedOf(s)})
		if err != nil {
			t.Fatal(err)
		}
		players[s] = p
	}
	_, actions, err := ai.PlayGame(cfg, players)
	if err != nil {
		t.Fatal(err)
	}
	return actions
}
