// Package tictactoe is the fixture game's Discord face: the face kit's
// defaults (prompts and buttons from the rules' Next, posts, log, replay,
// refusals and option words from the catalogue's "tictactoe." words) with
// the game's one picture. Tests and the demo host it; the bot does not
// offer it to players.
package tictactoe

import (
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/tictactoe"
	"atheneum/render"
	rtt "atheneum/render/tictactoe"
	"atheneum/store"
)

// New returns the fixture game's face.
func New() face.Face {
	return face.NewKit(face.Game{
		Kind:    game.Kind{Game: tictactoe.Game},
		Command: tictactoe.ID,
		Picture: func(env face.Env, rec *store.Game, _ int) []face.Picture { return board(env, rec) },
		Table:   board,
		// One seat plays at a time: the channel follows the game on one
		// live post.
		Chapter: func(*store.Game) string { return "game" },
	})
}

// board is the board as everyone sees it (nothing is hidden).
func board(env face.Env, rec *store.Game) []face.Picture {
	st, ok := rec.State.(*tictactoe.State)
	if !ok {
		return nil
	}
	pic, err := env.Draw("board.png", func() (render.Picture, error) { return rtt.DrawBoard(st, face.PictureOptions(rec)) })
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}
