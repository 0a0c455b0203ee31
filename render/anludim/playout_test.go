package anludim

import (
	"bytes"
	"fmt"
	"image/png"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// TestRandomGamesNeverBreakAPicture plays a game between random players at
// every seat count, base and expert, and draws every kind of picture at
// every step of the stretches where the pictures change most: the start of
// the game, around each round's end (the last turns, the cards being kept,
// the next round's first turns) and the end of the game. Each picture must
// be a valid PNG that reads on a phone and stays within 1.6 times its
// width. Between the stretches the game is played without drawing, which
// keeps the test to a few seconds.
func TestRandomGamesNeverBreakAPicture(t *testing.T) {
	window := 3 // steps drawn before a round's end, and twice as many after
	if testing.Short() || raceEnabled {
		window = 1
	}
	for seats := anludim.MinSeats; seats <= anludim.MaxSeats; seats++ {
		for _, expert := range []bool{false, true} {
			if raceEnabled && expert != (seats%2 == 1) {
				continue // half the games under the race detector
			}
			t.Run(fmt.Sprintf("a random %d-seat game (expert %v) draws at every step", seats, expert), func(t *testing.T) {
				t.Parallel()
				seed := uint64(100*seats) + uint64(len(fmt.Sprint(expert)))
				// Play the game once to find where its rounds end.
				g := newGame(t, seed, seats, expert)
				ps := players(t, seats, seed, "random")
				var ends []int
				for step := 0; !g.Over(); step++ {
					before := g.RoundsFinished()
					playUntil(t, g, ps, stopAfter(1))
					if g.RoundsFinished() > before {
						ends = append(ends, step)
					}
				}
				drawAt := func(step int) bool {
					if step < 3*window {
						return true
					}
					for _, e := range ends {
						if step >= e-window && step <= e+2*window {
							return true
						}
					}
					return false
				}
				// Play it again, drawing.
				g = newGame(t, seed, seats, expert)
				ps = players(t, seats, seed, "random")
				for step := 0; ; step++ {
					if drawAt(step) || g.Over() {
						drawEvery(t, g, step)
					}
					if g.Over() {
						break
					}
					playUntil(t, g, ps, stopAfter(1))
				}
				if len(ends) == 0 {
					t.Error("no round ended")
				}
			})
		}
	}
}

// stopAfter stops a playUntil after n moves.
func stopAfter(n int) func(*anludim.Game) bool {
	return func(*anludim.Game) bool {
		n--
		return n < 0
	}
}

// drawEvery draws every kind of picture from one view of g, taking the
// viewers in turn (a spectator, then each seat), in both languages in turn.
func drawEvery(t *testing.T, g *anludim.Game, step int) {
	t.Helper()
	viewer := step%(g.Seats()+1) - 1
	v := g.View(viewer)
	seat := max(viewer, 0)
	if aw := g.Awaited(); viewer < 0 && len(aw) > 0 {
		seat = aw[0]
	}
	o := render.Options{Lang: i18n.Langs[step%len(i18n.Langs)], Names: []string{"Ada", "", "🐉", "a name far too long to fit anywhere on the picture at all"}}
	for _, k := range kinds() {
		p, err := k.draw(v, seat, o)
		if notYet(err) {
			continue
		}
		if err != nil {
			t.Fatalf("%s at %s from seat %d: %v", k.name, g.StepKey(), viewer, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(p.PNG))
		if err != nil || cfg.Width != p.Width || cfg.Height != p.Height {
			t.Fatalf("%s at %s: %dx%d, said %dx%d, %v", k.name, g.StepKey(), cfg.Width, cfg.Height, p.Width, p.Height, err)
		}
		if msg := p.PhoneProblem(); msg != "" {
			t.Errorf("%s at %s in %s: %s", k.name, g.StepKey(), o.Lang, msg)
		}
		if s := p.Shortened(); s != "" {
			t.Errorf("%s at %s in %s: %q was shortened to fit", k.name, g.StepKey(), o.Lang, s)
		}
		if float64(p.Height) > tallest*float64(p.Width) {
			t.Errorf("%s at %s is %d×%d px", k.name, g.StepKey(), p.Width, p.Height)
		}
		if p.Alt == "" || len(p.Alt) > render.AltLimit {
			t.Errorf("%s at %s has an alt text of %d bytes", k.name, g.StepKey(), len(p.Alt))
		}
	}
}
