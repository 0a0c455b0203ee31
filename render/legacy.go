package render

import (
	"atheneum/engine"
)

// The functions below are the package's first API, kept as thin wrappers
// (English, no marks, PNG bytes only) while the bot moves to the Draw
// functions; they go once nothing calls them.

func legacy(p Picture, err error) ([]byte, error) { return p.PNG, err }

// Shelves draws a seat's shelves in English; see DrawShelves.
//
// Deprecated: use DrawShelves.
func Shelves(g *engine.Game, seat int, names []string) ([]byte, error) {
	return legacy(DrawShelves(g, seat, Marks{}, Options{Names: names}))
}

// Objectives draws the objective row in English; see DrawObjectives.
//
// Deprecated: use DrawObjectives.
func Objectives(g *engine.Game, names []string) ([]byte, error) {
	return legacy(DrawObjectives(g, Options{Names: names}))
}

// Hand draws a seat's hand in English; see DrawHand.
//
// Deprecated: use DrawHand.
func Hand(g *engine.Game, seat int, names []string) ([]byte, error) {
	return legacy(DrawHand(g, seat, Options{Names: names}))
}

// Reveal draws the cards revealed in English; see DrawReveal.
//
// Deprecated: use DrawReveal.
func Reveal(g *engine.Game, names []string) ([]byte, error) {
	return legacy(DrawReveal(g, Options{Names: names}))
}

// Table draws the table's summary in English; see DrawTable.
//
// Deprecated: use DrawTable.
func Table(g *engine.Game, names []string) ([]byte, error) {
	return legacy(DrawTable(g, Options{Names: names}))
}

// Results draws the final results in English; see DrawResults.
//
// Deprecated: use DrawResults.
func Results(g *engine.Game, names []string) ([]byte, error) {
	return legacy(DrawResults(g, Options{Names: names}))
}
