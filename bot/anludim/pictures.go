package anludim

import (
	"atheneum/bot/face"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/render"
	anrender "atheneum/render/anludim"
	"atheneum/store"
)

// The face's pictures, all drawn here through env.Draw (a bounded pool of
// drawers) from what the reader may see: a seat's hand from its own view,
// everything else from a spectator's. Each gives no picture when it cannot
// be drawn (the adapter logs why): the words say everything a picture
// shows.

// handPicture is seat's hand, for its eyes only.
func handPicture(env face.Env, rec *store.Game, seat int) []face.Picture {
	return draw(env, rec, "hand.png", func(g *an.Game, o render.Options) (render.Picture, error) {
		return anrender.DrawHand(g.View(seat), seat, o)
	})
}

// tablePicture is the whole table, as everyone sees it.
func tablePicture(env face.Env, rec *store.Game) []face.Picture {
	return draw(env, rec, "table.png", func(g *an.Game, o render.Options) (render.Picture, error) {
		return anrender.DrawTable(g.View(engine.Spectator), o)
	})
}

// itemsPicture is the five item stacks.
func itemsPicture(env face.Env, rec *store.Game) []face.Picture {
	return draw(env, rec, "items.png", func(g *an.Game, o render.Options) (render.Picture, error) {
		return anrender.DrawItems(g.View(engine.Spectator), o)
	})
}

// roundEndPicture is the end of the last finished round.
func roundEndPicture(env face.Env, rec *store.Game) []face.Picture {
	return draw(env, rec, "round.png", func(g *an.Game, o render.Options) (render.Picture, error) {
		return anrender.DrawRoundEnd(g.View(engine.Spectator), o)
	})
}

// resultsPicture is the final results of a finished game.
func resultsPicture(env face.Env, rec *store.Game) []face.Picture {
	return draw(env, rec, "results.png", func(g *an.Game, o render.Options) (render.Picture, error) {
		return anrender.DrawResults(g.View(engine.Spectator), o)
	})
}

// draw draws one picture of the game in its language with its names.
func draw(env face.Env, rec *store.Game, name string, pic func(*an.Game, render.Options) (render.Picture, error)) []face.Picture {
	g := stateOf(rec)
	if g == nil {
		return nil
	}
	p, err := env.Draw(name, func() (render.Picture, error) { return pic(g, pictureOptions(rec)) })
	if err != nil {
		return nil
	}
	return []face.Picture{p}
}

// pictureOptions draws a game's pictures in its language, each seat named
// as a sentence of that language names it (see seatNamer).
func pictureOptions(rec *store.Game) render.Options {
	o := face.PictureOptions(rec)
	name := seatNamer(o.Lang, rec)
	for i := range o.Names {
		o.Names[i] = name(i)
	}
	return o
}
