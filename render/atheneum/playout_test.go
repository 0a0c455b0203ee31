package atheneum

import (
	"bytes"
	"errors"
	"image/png"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// TestRandomGamesNeverBreakAPicture plays random games with 2 to 5 seats and
// draws every kind of picture at several points, from a seat's view and a
// spectator's, checking that each is a valid PNG that reads on a phone.
func TestRandomGamesNeverBreakAPicture(t *testing.T) {
	games := 50
	if testing.Short() {
		games = 10
	}
	for i := 0; i < games; i++ {
		seats := 2 + i%4
		t.Run("a random game of "+string(rune('0'+seats))+" seats draws at every point", func(t *testing.T) {
			t.Parallel()
			g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(1000 + i)})
			if err != nil {
				t.Fatal(err)
			}
			p := atheneum.NewRandomPlayer(uint64(i))
			p.UndoPercent = 5
			// Draw at a few moments spread over the game, then at its end.
			// The race detector slows drawing some thirty-fold, so under it
			// only every tenth game draws during play, and the others draw
			// one kind each at their end, taking turns.
			every := 60 + 17*(i%5)
			during := !raceEnabled || i%10 == 0
			for n := 0; ; n++ {
				a, ok := p.Next(g)
				if !ok {
					break
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
				if during && n%every == every-1 {
					drawAll(t, g, n/every, -1)
					during = !raceEnabled
				}
			}
			only := -1
			if raceEnabled {
				only = i % len(kinds())
			}
			drawAll(t, g, i, only)
		})
	}
}

// drawAll draws every kind of picture (or only kind number only, if it is
// not -1) from one view of g, alternating between a seat's view and a
// spectator's.
func drawAll(t *testing.T, g *atheneum.Game, turn, only int) {
	t.Helper()
	viewer := atheneum.Spectator
	if turn%2 == 0 {
		viewer = turn / 2 % len(g.Seats)
	}
	v := g.View(viewer)
	seat := max(viewer, 0)
	o := render.Options{Lang: i18n.Langs[turn%len(i18n.Langs)], Names: []string{"Ada", "", "🐉", "a name far too long to fit anywhere on the picture at all"}}
	for i, k := range kinds() {
		if only >= 0 && i != only {
			continue
		}
		p, err := k.draw(v, seat, o)
		if errors.Is(err, ErrNotRevealed) || errors.Is(err, render.ErrNotOver) {
			continue
		}
		if err != nil {
			t.Fatalf("%s at %v from seat %d: %v", k.name, g, viewer, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(p.PNG))
		if err != nil || cfg.Width != p.Width || cfg.Height != p.Height {
			t.Fatalf("%s at %v: %dx%d, said %dx%d, %v", k.name, g, cfg.Width, cfg.Height, p.Width, p.Height, err)
		}
		if msg := p.PhoneProblem(); msg != "" {
			t.Errorf("%s at %v in %s: %s", k.name, g, o.Lang, msg)
		}
	}
}
