package ai

import (
	"testing"

	"atheneum/engine/exlibris"
)

// TestNormalCountsItsOpponentsPowersWhereItPlaces plays four-seat games
// between normal players and, at every placement, looks at what each tile
// offered costs through the opponents' special assistants: a tile holding
// an opponent's gelatinous cube, or its sasquatch on an instant tile,
// always costs something (the cube's toll, the recall handed to the
// sasquatch's owner); a tile with no opponent's power on it and no goblin
// still to come costs nothing.
func TestNormalCountsItsOpponentsPowersWhereItPlaces(t *testing.T) {
	var cube, sasquatch, free int
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := exlibris.New(seed, 4, exlibris.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var p, probe Normal
		for !g.Over() {
			s := g.Awaited()[0]
			if d, _ := g.Decision(s); d.Kind == "place" {
				v := g.View(s)
				probe.m.build(v, s)
				probe.watchGoblins()
				tiles, _ := v.TilesInPlay()
				for _, l := range tiles {
					probe.occ = v.AppendOccupants(probe.occ[:0], l)
					hasCube, hasSasquatch, hasPower := false, false, false
					for _, o := range probe.occ {
						if o.Seat == s {
							continue
						}
						switch o.Kind {
						case exlibris.Cube:
							hasCube, hasPower = true, true
						case exlibris.Sasquatch:
							hasPower = true
							hasSasquatch = !exlibris.LocationOf(l).Delayed
						}
					}
					cost := probe.opponentPowers(l, -1)
					switch {
					case hasCube:
						cube++
						if cost <= 0 {
							t.Fatalf("seed %d, round %d: seat %d sees no cost in tile %d beside an opponent's cube", seed, g.Round(), s, l)
						}
					case hasSasquatch:
						sasquatch++
						if cost <= 0 {
							t.Fatalf("seed %d, round %d: seat %d sees no cost in handing a recall to the sasquatch on tile %d", seed, g.Round(), s, l)
						}
					case !hasPower && probe.goblins == 0:
						free++
						if cost != 0 {
							t.Fatalf("seed %d, round %d: seat %d sees a cost of %.2f in tile %d, where no opponent's power is", seed, g.Round(), s, cost, l)
						}
					}
				}
			}
			a, err := p.Propose(g.View(s), s)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Do(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("tiles looked at: %d beside a cube, %d with a sasquatch, %d free of powers", cube, sasquatch, free)
	if cube == 0 || sasquatch == 0 || free == 0 {
		t.Fatalf("the games never offered every case: %d beside a cube, %d with a sasquatch, %d free", cube, sasquatch, free)
	}
}
