package atheneum

import (
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// TestNoLabelIsShortened draws every study card of every embedded content
// pack in a hand and in the reveal, and every objective in the hand's
// objective strip and on the objectives picture, in both languages, and fails when the renderer had to
// shorten what a card or an objective says with an ellipsis: a player
// cannot read "reshel…".
func TestNoLabelIsShortened(t *testing.T) {
	for _, id := range atheneum.EmbeddedPacks() {
		ct, err := atheneum.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("every card and objective of %s reads whole in %s", id, l), func(t *testing.T) {
				t.Parallel()
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 7, Content: ct})
				if err != nil {
					t.Fatal(err)
				}
				o := render.Options{Lang: l, Names: testNames}
				cut := func(what string, p render.Picture, err error) {
					t.Helper()
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if p.Shortened() != "" {
						t.Errorf("%s: %q was shortened to fit", what, p.Shortened())
					}
				}
				cards, objectives := len(ct.Cards), len(ct.Objectives)
				// Hands of six cards, the first picked, with four objectives
				// of the pack in the row, each scored by every seat so far.
				for first := 0; first < max(cards, objectives*6/atheneum.RowSize); first += 6 {
					s := &g.Seats[0]
					s.Hand = s.Hand[:0]
					for k := range 6 {
						s.Hand = append(s.Hand, (first+k)%cards)
					}
					s.Pick = s.Hand[0]
					for k := range g.Row {
						g.Row[k] = atheneum.RowSlot{Objective: (first/6*atheneum.RowSize + k) % objectives, Wands: []int{0, 1, 2}[:k%4]}
					}
					p, err := DrawHand(g, 0, o)
					cut(fmt.Sprintf("the hand from card %s", ct.Cards[first%cards].Code), p, err)
					p, err = DrawObjectives(g, o)
					cut(fmt.Sprintf("the objectives from %s", ct.Objectives[g.Row[0].Objective].Code), p, err)
				}
				// Every seat plays a card in turn, so every card gives each
				// of its sections to someone.
				for k := range cards {
					for i := range g.Seats {
						g.Seats[i].Played = (k + i) % cards
					}
					p, err := DrawReveal(g, o)
					cut(fmt.Sprintf("the reveal of card %s", ct.Cards[k].Code), p, err)
				}
			})
		}
	}
}
