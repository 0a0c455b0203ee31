package exlibris

import (
	"context"
	"slices"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	rex "atheneum/render/exlibris"
)

// Press is the kit's, with the seat's collection drawn again when the step
// it shows lights places of it (an archive's places once its card is
// chosen, the salon's and the cabinetmaker's cards and places) or has
// chosen one: the numbers on the picture are the buttons' (the kit keeps
// a move's first picture for its later steps, which would light the
// places of the step before).
func (f *Face) Press(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) (face.Decision, error) {
	d, err := f.Kit.Press(ctx, env, r, t, seat, id, values)
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
