package exlibris

import (
	"slices"
	"testing"
)

func TestSoloTilesShrinkByOneEachRound(t *testing.T) {
	g := rig(t, 1, Options{}, []Library{Golem})
	var counts []int
	for !g.Over() {
		counts = append(counts, g.tilesInPlay())
		for g.Awaited() != nil && decision(g, 0) != "eliminate" && !g.Over() {
			p := "s0"
			switch {
			case offers(g, p+" assistant home"):
				play(t, g, p+" assistant home")
			case offers(g, p+" pass"):
				play(t, g, p+" pass")
			case offers(g, p+" done"):
				play(t, g, p+" done")
			default:
				play(t, g, offered(g, 0)[0])
			}
		}
		if g.Over() {
			break
		}
		play(t, g, offered(g, 0)[0])
		play(t, g, offered(g, 0)[0])
	}
	if !slices.Equal(counts, []int{6, 5, 4, 3, 2}) {
		t.Fatalf("tiles per round %v", counts)
	}
}
