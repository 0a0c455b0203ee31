package anludim

import (
	"context"
	"slices"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// Press reads a press as the kit does (the position its custom id names
// is walked again through Next and laid out again; anything not offered
// is refused as stale and changes nothing), and notes whether the seat
// was choosing the cards to keep, which the words after its move depend
// on.
func (f *Face) Press(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) (face.Decision, error) {
	d, err := f.Kit.Press(ctx, env, r, t, seat, id, values)
	if g := stateOf(t.Rec); err == nil && g != nil {
		d.Note = g.Keeping()
	}
	return d, err
}

// forced is the move that ends seat's turn when ending it is all that is
// left (a recruit, with nothing to discard): the rules want an explicit
// move, but asking for a press that has no alternative would only cost
// the player a tap. A turn the player could still undo or discard in is
// left to them.
func forced(rec *store.Game, seat int) engine.Move {
	next := rec.State.Next(seat, nil)
	if len(next) != 1 || next[0].Key != "e" || next[0].Move == "" {
		return ""
	}
	return next[0].Move
}

// Moved is the message of the seat that just moved: what its move did
// (its private details included), then its next choices, or, once its
// turn (or its choice of cards to keep) is over, a short word that it is.
func (f *Face) Moved(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, d face.Decision, res game.Result) face.Message {
	rec := t.Rec
	l := r.Lang()
	keeping, _ := d.Note.(bool)
	lead := ownEvents(l, rec, seat, res.Events)
	g := stateOf(rec)
	switch {
	case g == nil || g.Over():
		return face.Message{Content: tidy(l, strings.Join(append(lead, l.T("anludim.prompt.over")), "\n"))}
	case res.StepEnded:
		return face.Message{Content: tidy(l, strings.Join(append(lead, doneText(l, g, seat, res, keeping)), "\n"))}
	}
	return f.Message(ctx, env, t, seat, l, nil, 0, lead, r)
}

// doneText tells a seat whose step its move ended what comes next: its
// turn is over; or, between rounds, its choice of cards is made and the
// next round waits for the others' choices, or has begun with that move
// (the last choice), the seat perhaps first to play.
func doneText(l i18n.Lang, g *an.Game, seat int, res game.Result, keeping bool) string {
	if !keeping {
		return l.T("anludim.prompt.done")
	}
	if !slices.ContainsFunc(res.Events, func(e engine.Event) bool { return e.Kind == string(an.EvRoundStarted) }) {
		return l.T("anludim.prompt.done.keep")
	}
	if slices.Contains(g.Awaited(), seat) {
		return l.T("anludim.prompt.done.keep.first", "Round", g.Round())
	}
	return l.T("anludim.prompt.done.keep.started", "Round", g.Round())
}
