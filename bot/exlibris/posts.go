package exlibris

import (
	"slices"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/store"
)

// Every decision is a step of its own (the rules' step key changes with
// each), so the channel is told of each in words; the city's picture
// comes with the steps that change the city: a placement, a resolution,
// a round's start, a tile leaving the solo game, the inspection and the
// end.

// pictured are the events whose step's post shows the city.
var pictured = []ex.EventKind{ex.EvPlaced, ex.EvResolving, ex.EvRoundStarted, ex.EvEliminated, ex.EvInspection, ex.EvScored}

// StepEnded is the channel's post when a step ends: what its moves did
// that everyone may know, the final results at the end, and the city's
// picture when the step changed the city.
func (f *Face) StepEnded(env face.Env, rec *store.Game, n game.Notice) face.Message {
	l := face.GameLang(rec)
	lines := eventLines(l, rec, n.Events, engine.Spectator)
	over := rec.State != nil && rec.State.Over()
	if over {
		lines = append(lines, face.ResultLines(l, rec, rec.State.Results()))
	}
	if len(lines) == 0 {
		lines = append(lines, l.T("face.step.ended"))
	}
	m := face.Message{Content: polish(l, strings.Join(lines, "\n"))}
	if over || slices.ContainsFunc(n.Events, func(e engine.Event) bool { return slices.Contains(pictured, ex.EventKind(e.Kind)) }) {
		m.Pictures = cityPicture(env, rec)
	}
	return m
}
