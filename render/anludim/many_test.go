package anludim

import (
	"testing"

	"atheneum/engine/anludim"
	"atheneum/render"
)

// BenchmarkManyStates draws each kind of picture of many game states, as
// the bot does with many games at once: twelve seeded games of two to
// five seats, base and expert, a seat's view or a spectator's every five
// moves. Drawing one state again and again measures the caches' hits.
// cpu-ns/op is per picture.
func BenchmarkManyStates(b *testing.B) {
	type state struct {
		v    *anludim.Game
		seat int
	}
	var states []state
	for i := range 12 {
		seats := anludim.MinSeats + i%(anludim.MaxSeats-anludim.MinSeats+1)
		seed := uint64(900 + i)
		g := newGame(b, seed, seats, i%2 == 1)
		ps := players(b, seats, seed, "normal")
		for step := 0; !g.Over(); step++ {
			if step%5 == 0 {
				viewer := step/5%(seats+1) - 1
				seat := max(viewer, 0)
				if aw := g.Awaited(); viewer < 0 && len(aw) > 0 {
					seat = aw[0]
				}
				states = append(states, state{g.Clone().View(viewer), seat})
			}
			playUntil(b, g, ps, stopAfter(1))
		}
	}
	for _, k := range kinds() {
		if k.name == "results" {
			continue
		}
		b.Run(k.name, func(b *testing.B) {
			render.CheckTiles = false
			defer func() { render.CheckTiles = !raceEnabled }()
			b.ReportAllocs()
			cpu := startCPU()
			i := 0
			for b.Loop() {
				s := states[i%len(states)]
				i++
				o := en
				if i%3 == 0 {
					o = fr
				}
				if _, err := k.draw(s.v, s.seat, o); err != nil && !notYet(err) {
					b.Fatal(err)
				}
			}
			cpu.report(b)
		})
	}
}
