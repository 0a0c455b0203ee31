package atheneum

import (
	"errors"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/render"
)

// BenchmarkManyStates draws each common kind of picture of many game
// states, as the bot does with many games at once: twenty seeded games of
// two to five seats, a seat's view and a spectator's every thirty moves.
// Drawing one state again and again measures the caches' hits; here most
// pictures start from a frame whose tiles are mapped but whose content is
// new. cpu-ns/op is per picture.
func BenchmarkManyStates(b *testing.B) {
	type state struct {
		v    *atheneum.Game
		seat int
	}
	var states []state
	for i := range 20 {
		seats := 2 + i%4
		g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(5000 + i)})
		if err != nil {
			b.Fatal(err)
		}
		p := atheneum.NewRandomPlayer(uint64(i))
		for n := 0; ; n++ {
			a, ok := p.Next(g)
			if !ok {
				break
			}
			if _, err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
			if n%30 == 29 {
				seat := n / 30 % seats
				states = append(states, state{g.View(seat), seat}, state{g.View(atheneum.Spectator), 0})
			}
		}
	}
	for _, k := range kinds() {
		switch k.name {
		case "results", "replay":
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
				if _, err := k.draw(s.v, s.seat, o); err != nil && !errors.Is(err, ErrNotRevealed) {
					b.Fatal(err)
				}
			}
			cpu.report(b)
		})
	}
}
