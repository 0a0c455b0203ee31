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
// each), so the channel is told of each in words; a picture comes with
// the steps that change the city (a placement, a resolution, a round's
// start, a tile leaving the solo game, a placement taken back), the
// inspection's steps (what each seat turned down, what the check did) and
// the end (the results).

// Events whose step's post shows the city, or the inspection.
var (
	cityEvents       = []ex.EventKind{ex.EvPlaced, ex.EvResolving, ex.EvRoundStarted, ex.EvEliminated, ex.EvUndone}
	inspectionEvents = []ex.EventKind{ex.EvInspection, ex.EvFlipped, ex.EvChecked}
)

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
	raised := func(kinds []ex.EventKind) bool {
		return slices.ContainsFunc(n.Events, func(e engine.Event) bool { return slices.Contains(kinds, ex.EventKind(e.Kind)) })
	}
	switch {
	case over:
		m.Pictures = resultsPicture(env, rec)
	case raised(inspectionEvents):
		m.Pictures = inspectionPicture(env, rec)
	case raised(cityEvents):
		m.Pictures = cityPicture(env, rec)
	}
	return m
}
