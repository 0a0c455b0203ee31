package atheneum

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
	atrender "atheneum/render/atheneum"
)

// TestHandsWithTheSameKeyAreTheSamePicture: over whole games played at
// random, every seat's hand at every move, drawn as the prompt draws it,
// is the same picture (byte for byte, alt text included) wherever its
// handKey is the same, so that the prompt's memory may give one for the
// other; and keys do repeat across moves (another seat's pick), which is
// what the memory is for.
func TestHandsWithTheSameKeyAreTheSamePicture(t *testing.T) {
	for i, seats := range []int{2, 3, 5} {
		t.Run(fmt.Sprintf("%d seats", seats), func(t *testing.T) {
			cfg := atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(40 + i)}
			g, err := atheneum.NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			p := atheneum.NewRandomPlayer(uint64(i))
			o := render.Options{Lang: i18n.French, Names: []string{"Ada", "", "Bo", "Cy", "Dee"}}
			seen := map[string][32]byte{}
			drawn, repeats := 0, 0
			for move := 0; ; move++ {
				for seat := range g.Seats {
					pic, err := atrender.DrawHand(g.View(seat), seat, o)
					if err != nil {
						t.Fatal(err)
					}
					sum := sha256.Sum256(append(append([]byte(nil), pic.PNG...), pic.Alt...))
					k := handKey(g, seat)
					if was, ok := seen[k]; ok {
						repeats++
						if was != sum {
							t.Fatalf("move %d, seat %d: a hand with the key of one drawn before is another picture (key %q)", move, seat, k)
						}
					}
					seen[k] = sum
					drawn++
				}
				a, ok := p.Next(g)
				if !ok {
					break
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if repeats == 0 {
				t.Fatalf("%d hands drawn, no key repeated", drawn)
			}
			t.Logf("%d hands drawn, %d under a key drawn before", drawn, repeats)
		})
	}
}
