package exlibris

import (
	"fmt"
	"testing"
)

func TestRandomGamesEnd(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		for _, mode := range []Mode{Standard, Beginner, Friendly} {
			t.Run(fmt.Sprintf("random games of %d seats in mode %d end", seats, mode), func(t *testing.T) {
				for i := 0; i < 20; i++ {
					g, moves := playRandom(t, uint64(100*seats+i), seats, Options{Mode: mode})
					if i == 0 {
						t.Logf("%d moves, %d rounds, results %+v", len(moves), g.Round(), g.Results())
					}
				}
			})
		}
	}
}
