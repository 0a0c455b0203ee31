package anludim

import (
	"slices"
	"testing"
)

func TestNextReachesOnlyMovesApplyAccepts(t *testing.T) {
	r := newTestRNG(12)
	walks := 0
	randomPositions(t, builderGames, builderStep, func(g *Game, seat int) {
		for k := 0; k < 3; k++ {
			var chosen []string
			for depth := 0; ; depth++ {
				steps := g.Next(seat, chosen)
				if len(steps) == 0 || depth > 80 {
					t.Fatalf("a walk ran dry after %v", chosen)
				}
				s := steps[r.intn(len(steps))]
				if s.Move != nil {
					if err := g.Clone().Do(*s.Move); err != nil {
						t.Fatalf("%v reached %s, refused: %v", append(chosen, s.Key), s.Move, err)
					}
					if g.Next(seat, append(chosen, s.Key)) != nil {
						t.Fatalf("%v completed a move yet offers more", append(chosen, s.Key))
					}
					walks++
					break
				}
				chosen = append(chosen, s.Key)
			}
		}
	})
	if walks == 0 {
		t.Fatal("no walk was made")
	}
}

func TestNextReachesEveryLegalMoveAndEveryBestPlay(t *testing.T) {
	randomPositions(t, builderGames, builderStep, func(g *Game, seat int) {
		root := g.Next(seat, nil)
		for _, m := range g.Legal(seat) {
			if !slices.ContainsFunc(root, func(s Step) bool { return s.Move != nil && s.Move.String() == m.String() }) {
				t.Fatalf("%s is not offered at the start", m)
			}
		}
		for _, m := range g.BestPlays(seat) {
			chosen := []string{"p"}
			for _, u := range m.Cards {
				if !slices.ContainsFunc(g.Next(seat, chosen), func(s Step) bool { return s.Key == itoa(u.Card) }) {
					t.Fatalf("card %d of %s is not offered after %v", u.Card, m, chosen)
				}
				chosen = append(chosen, itoa(u.Card))
			}
			if !slices.ContainsFunc(g.Next(seat, chosen), func(s Step) bool { return s.Key == m.Prof.Code() }) {
				t.Fatalf("%s is not offered after %v", m.Prof.Code(), chosen)
			}
		}
	})
}
