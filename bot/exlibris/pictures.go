package exlibris

import (
	"slices"

	"atheneum/bot/face"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/render"
	rex "atheneum/render/exlibris"
	"atheneum/store"
)

// The face's pictures come from render/exlibris, drawn by env.Draw a few at
// a time, each from the view of whoever sees it: a seat's own view for its
// prompt and /exlibris hand, a spectator's for the channel, the city and
// another player's collection. A picture that cannot be drawn is left out:
// the words say everything the pictures show.

// seatPicture is a seat's own view at the start of a decision
// (face.Game.Picture), what the decision is about: its collection when
// the decision chooses places of it, lit and numbered as the buttons name
// them (for an archive, the places any of its cards may go); its hand for
// a placement and when the decision chooses cards of the hand.
func seatPicture(env face.Env, rec *store.Game, seat int) []face.Picture {
	g := stateOf(rec)
	if g == nil || seat < 0 || seat >= g.Seats() {
		return nil
	}
	view := g.View(seat)
	var pics []face.Picture
	lit := litPath(rec, seat, nil)
	if len(rex.Spots(view, seat, lit)) > 0 {
		pics = ownCollection(env, rec, view, seat, lit)
	}
	d, _ := g.Decision(seat)
	hand := view.Hand(seat)
	fromHand := slices.ContainsFunc(rec.State.Next(seat, nil), func(c engine.Choice) bool {
		id, ok := ex.CardByCode(c.Key)
		return ok && slices.Contains(hand, id)
	})
	if d.Kind == "place" || fromHand {
		o := face.PictureOptions(rec)
		if pic, err := env.Draw("hand.png", func() (render.Picture, error) { return rex.DrawHand(view, seat, o) }); err == nil {
			pics = append(pics, pic)
		}
	}
	return pics
}

// handPicture is seat's hand as it sees it, for /exlibris hand.
func handPicture(env face.Env, rec *store.Game, seat int) []face.Picture {
	g := stateOf(rec)
	if g == nil || seat < 0 || seat >= g.Seats() {
		return nil
	}
	o := face.PictureOptions(rec)
	pic, err := env.Draw("hand.png", func() (render.Picture, error) { return rex.DrawHand(g.View(seat), seat, o) })
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}

// tablePicture is the game as everyone sees it (face.Game.Table): the
// city, or the results once the game is over.
func tablePicture(env face.Env, rec *store.Game) []face.Picture {
	if g := stateOf(rec); g != nil && g.Over() {
		return resultsPicture(env, rec)
	}
	return cityPicture(env, rec)
}

// ownCollection is seat's collection as it sees it, the move built so far
// being path.
func ownCollection(env face.Env, rec *store.Game, view *ex.Game, seat int, path []string) []face.Picture {
	o := face.PictureOptions(rec)
	pic, err := env.Draw("collection.png", func() (render.Picture, error) {
		return rex.DrawCollection(view, seat, rex.Marks{Offer: true, Path: path}, o)
	})
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}

// litPath is the path whose next keys the collection picture lights at
// path: path itself, or, where the next keys are cards each archived at
// the same places, path and the first of them.
func litPath(rec *store.Game, seat int, path []string) []string {
	st := rec.State
	next := st.Next(seat, path)
	for _, c := range next {
		if _, ok := parsePlace(c.Key); ok {
			return path
		}
	}
	for _, c := range next {
		if _, ok := ex.CardByCode(c.Key); ok && c.Move == "" {
			deeper := append(slices.Clone(path), c.Key)
			if slices.ContainsFunc(st.Next(seat, deeper), func(d engine.Choice) bool { _, ok := parsePlace(d.Key); return ok }) {
				return deeper
			}
		}
	}
	return path
}

// collectionPicture is a seat's collection as everyone sees it.
func collectionPicture(env face.Env, rec *store.Game, seat int) []face.Picture {
	g := stateOf(rec)
	if g == nil || seat < 0 || seat >= g.Seats() {
		return nil
	}
	o := face.PictureOptions(rec)
	pic, err := env.Draw("collection.png", func() (render.Picture, error) {
		return rex.DrawCollection(g.View(engine.Spectator), seat, rex.Marks{}, o)
	})
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}

// cityPicture is the city as everyone sees it (face.Game.Table).
func cityPicture(env face.Env, rec *store.Game) []face.Picture {
	g := stateOf(rec)
	if g == nil {
		return nil
	}
	o := face.PictureOptions(rec)
	pic, err := env.Draw("city.png", func() (render.Picture, error) { return rex.DrawCity(g.View(engine.Spectator), o) })
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}

// inspectionPicture is the inspection as everyone sees it, from its
// beginning on; none before.
func inspectionPicture(env face.Env, rec *store.Game) []face.Picture {
	g := stateOf(rec)
	if g == nil {
		return nil
	}
	o := face.PictureOptions(rec)
	pic, err := env.Draw("inspection.png", func() (render.Picture, error) { return rex.DrawInspection(g.View(engine.Spectator), o) })
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}

// resultsPicture is the final results.
func resultsPicture(env face.Env, rec *store.Game) []face.Picture {
	g := stateOf(rec)
	if g == nil || !g.Over() {
		return nil
	}
	o := face.PictureOptions(rec)
	pic, err := env.Draw("results.png", func() (render.Picture, error) { return rex.DrawResults(g.View(engine.Spectator), o) })
	if err != nil {
		return nil
	}
	return []face.Picture{pic}
}
