package exlibris

import (
	"atheneum/bot/face"
	"atheneum/store"
)

// TEMPORARY until render/exlibris lands (exrender).

func seatPicture(env face.Env, rec *store.Game, seat int) []face.Picture       { return nil }
func collectionPicture(env face.Env, rec *store.Game, seat int) []face.Picture { return nil }
func cityPicture(env face.Env, rec *store.Game) []face.Picture                 { return nil }
