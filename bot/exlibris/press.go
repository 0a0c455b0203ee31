package exlibris

import (
	"context"
	"errors"
	"slices"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	ex "atheneum/engine/exlibris"
	rex "atheneum/render/exlibris"
)

// Press is the kit's, with the seat's collection drawn again when the step
// it shows lights places of it (an archive's places once its card is
// chosen, the salon's and the cabinetmaker's cards and places) or has
// chosen one: the numbers on the picture are the buttons' (the kit keeps
// a move's first picture for its later steps, which would light the
// places of the step before).
//
// An Undo press the kit refuses (the placement can no longer be taken
// back, or never could: a forged or an old button) is told why, in the
// words of the rules' refusal, rather than only that the button is stale.
func (f *Face) Press(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) (face.Decision, error) {
	d, err := f.Kit.Press(ctx, env, r, t, seat, id, values)
	if errors.Is(err, face.ErrStaleChoice) && undoPress(id) && id.Game == t.Rec.ID {
		return face.Decision{}, face.RefuseID("exlibris.refusal."+ex.CodeCannotUndo, "Seat", seatName(t.Rec, seat))
	}
	if err != nil || d.Show == nil || d.Move != "" {
		return d, err
	}
	path, ok := shownPath(id, values)
	g := stateOf(t.Rec)
	if !ok || len(path) == 0 || g == nil {
		return d, nil
	}
	view := g.View(seat)
	if len(rex.Spots(view, seat, path)) > 0 || slices.ContainsFunc(path, func(k string) bool { _, ok := parsePlace(k); return ok }) {
		d.Show.Pictures = ownCollection(env, t.Rec, view, seat, path)
	}
	return d, nil
}

// undoPress reports whether id is the Undo button's, at the start of a
// move (the only place the undo is offered).
func undoPress(id face.ID) bool {
	path, ok := face.KeyCodec{}.Decode(id.Args[:max(0, len(id.Args)-1)])
	return id.Verb == face.VerbButton && ok && len(path) == 0 && len(id.Args) == 2 && face.UnescapeKey(id.Args[1]) == ex.UndoKey
}

// shownPath is the path of the message a press the kit accepted shows: a
// menu's value or a button's key after the path its id carries, one key
// back, or the start.
func shownPath(id face.ID, values []string) ([]string, bool) {
	args := slices.Clone(id.Args)
	choice := ""
	if id.Verb == face.VerbButton {
		if len(args) < 2 {
			return nil, false
		}
		choice, args = face.UnescapeKey(args[len(args)-1]), args[:len(args)-1]
	} else if len(values) == 1 {
		choice = values[0]
		if _, page := face.ParsePage(args[len(args)-1]); page && len(args) > 1 {
			args = args[:len(args)-1]
		}
	}
	path, ok := face.KeyCodec{}.Decode(args)
	if !ok {
		return nil, false
	}
	_, page := face.ParsePage(choice)
	switch {
	case choice == face.NavStart:
		return nil, true
	case choice == face.NavBack && len(path) > 0:
		return path[:len(path)-1], true
	case page || strings.HasPrefix(choice, face.NavPage):
		return path, true
	}
	return append(path, choice), true
}
