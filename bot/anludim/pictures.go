package anludim

import (
	"atheneum/bot/face"
	"atheneum/store"
)

// The face's pictures, all drawn here through env.Draw (a bounded pool of
// drawers) from what the reader may see: a seat's hand from its own view,
// everything else from a spectator's. Each returns no picture when it
// cannot be drawn: the words say everything a picture shows.
//
// render/anludim (DrawHand, DrawTable, DrawItems, DrawRoundEnd,
// DrawResults) is not on this branch yet; until it is, these draw
// nothing. Once it is, each becomes one env.Draw call, for instance
//
//	p, err := env.Draw("hand.png", func() (render.Picture, error) {
//		return anrender.DrawHand(g.View(seat), seat, face.PictureOptions(rec))
//	})
//
// and the spectator's view (g.View(engine.Spectator)) for the others.

// handPicture is seat's hand, for its eyes only.
func handPicture(env face.Env, rec *store.Game, seat int) []face.Picture {
	return nil
}

// tablePicture is the whole table, as everyone sees it.
func tablePicture(env face.Env, rec *store.Game) []face.Picture {
	return nil
}

// itemsPicture is the five item stacks.
func itemsPicture(env face.Env, rec *store.Game) []face.Picture {
	return nil
}

// roundEndPicture is the end of the last finished round.
func roundEndPicture(env face.Env, rec *store.Game) []face.Picture {
	return nil
}

// resultsPicture is the final results of a finished game.
func resultsPicture(env face.Env, rec *store.Game) []face.Picture {
	return nil
}
