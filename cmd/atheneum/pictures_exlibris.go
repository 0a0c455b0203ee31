package main

import (
	"errors"
	"fmt"

	"atheneum/engine"
	"atheneum/engine/exlibris"
	exai "atheneum/engine/exlibris/ai"
	"atheneum/render"
	exrender "atheneum/render/exlibris"
)

// exlibrisPictures plays one game of Ex Libris between three normal
// computer players and draws what its players see: the city in the middle
// of a round, seat 0's collection with the places it may choose lit while
// archiving, its hand, the inspection at the end and the results.
func exlibrisPictures(seed uint64, o render.Options) ([]namedPicture, error) {
	const seats = 3
	g, err := exlibris.New(seed, seats, exlibris.Options{})
	if err != nil {
		return nil, err
	}
	st := &exlibris.State{Game: g}
	players := make([]engine.Player, seats)
	for s := range players {
		if players[s], err = (exai.Players{}).Player("normal", seed*31+uint64(s)+1); err != nil {
			return nil, err
		}
	}
	var city, archive *exlibris.Game
	for n := 0; !g.Over(); n++ {
		if n > engine.MaxPlayoutMoves {
			return nil, errors.New("pictures: the game did not end")
		}
		seat := g.Awaited()[0]
		if d, ok := g.Decision(seat); ok {
			switch {
			case d.Kind == "place" && g.Round() == 2 && city == nil:
				city = g.Clone()
			case d.Kind == "archive" && seat == 0 && g.Round() >= 3 && archive == nil:
				archive = g.Clone()
			}
		}
		m, err := players[seat].Propose(st.View(seat), seat)
		if err != nil {
			return nil, err
		}
		if _, err := st.Apply(m); err != nil {
			return nil, fmt.Errorf("pictures: %s: %w", m, err)
		}
	}
	if city == nil || archive == nil {
		return nil, fmt.Errorf("pictures: the game of seed %d never had seat 0 archive from round 3 on; try another seed", seed)
	}
	draws := []struct {
		file string
		draw func() (render.Picture, error)
	}{
		{"city.png", func() (render.Picture, error) { return exrender.DrawCity(city.View(engine.Spectator), o) }},
		{"collection.png", func() (render.Picture, error) {
			// The first card offered chosen: its places are lit.
			var path []string
			view := archive.View(0)
			if next := (&exlibris.State{Game: view}).Next(0, nil); len(next) > 0 && next[0].Move == "" {
				path = []string{next[0].Key}
			}
			return exrender.DrawCollection(view, 0, exrender.Marks{Offer: true, Path: path}, o)
		}},
		{"hand.png", func() (render.Picture, error) { return exrender.DrawHand(archive.View(0), 0, o) }},
		{"inspection.png", func() (render.Picture, error) { return exrender.DrawInspection(g.View(engine.Spectator), o) }},
		{"results.png", func() (render.Picture, error) { return exrender.DrawResults(g.View(engine.Spectator), o) }},
	}
	var out []namedPicture
	for _, d := range draws {
		pic, err := d.draw()
		if err != nil {
			return nil, fmt.Errorf("pictures: %s: %w", d.file, err)
		}
		out = append(out, namedPicture{file: d.file, pic: pic})
	}
	return out, nil
}
