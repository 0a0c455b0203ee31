package atheneum

import (
	"errors"
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// TestEveryPictureReadsOnAPhone draws every kind of picture for 2 to 5
// seats in both languages, at the start, in the middle (cards revealed,
// seats holding items) and at the end of a game, and checks its smallest
// text once the picture is shrunk to a phone's width.
func TestEveryPictureReadsOnAPhone(t *testing.T) {
	for seats := atheneum.MinSeats; seats <= atheneum.MaxSeats; seats++ {
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("every picture of a %d-seat game in %s has text of %d px or more at %d px wide", seats, l, render.PhoneText, render.PhoneWidth), func(t *testing.T) {
				t.Parallel()
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(40 + seats)})
				if err != nil {
					t.Fatal(err)
				}
				o := render.Options{Lang: l, Names: []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri", "Éloïse"}}
				states := []*atheneum.Game{g.Clone()}
				playUntil(t, g, uint64(seats), func(g *atheneum.Game) bool { return g.Phase == 1 && g.Step == atheneum.StepResolve })
				states = append(states, g.Clone())
				playUntil(t, g, uint64(seats), func(g *atheneum.Game) bool { return g.Step == atheneum.StepOver })
				states = append(states, g)
				drawn := map[string]bool{}
				for _, st := range states {
					for _, k := range kinds() {
						v := st.View(0)
						p, err := k.draw(v, 0, o)
						if errors.Is(err, ErrNotRevealed) || errors.Is(err, render.ErrNotOver) {
							continue
						}
						if err != nil {
							t.Fatalf("%s: %v", k.name, err)
						}
						drawn[k.name] = true
						if msg := p.PhoneProblem(); msg != "" {
							t.Errorf("%s at %v: %s", k.name, st, msg)
						}
					}
				}
				for _, k := range kinds() {
					if !drawn[k.name] {
						t.Errorf("no %s picture was drawn", k.name)
					}
				}
			})
		}
	}
}

// TestAFullHandFitsAPhoneScreen holds a hand of six cards, with the
// objective row below it, to at most 1.6 times as tall as it is wide:
// Discord caps a picture's height on a phone, and a taller one would be
// shrunk further.
func TestAFullHandFitsAPhoneScreen(t *testing.T) {
	for seats := atheneum.MinSeats; seats <= atheneum.MaxSeats; seats++ {
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("a %d-seat game's first hand in %s is at most 1.6 times as tall as wide", seats, l), func(t *testing.T) {
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(seats)})
				if err != nil {
					t.Fatal(err)
				}
				if n := len(g.Seats[0].Hand); n != 6 {
					t.Fatalf("the first hand has %d cards, not 6", n)
				}
				p, err := DrawHand(g.View(0), 0, render.Options{Lang: l})
				if err != nil {
					t.Fatal(err)
				}
				if float64(p.Height) > 1.6*float64(p.Width) {
					t.Errorf("%d×%d px", p.Width, p.Height)
				}
			})
		}
	}
}
