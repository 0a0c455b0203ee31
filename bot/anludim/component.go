package anludim

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// Component handles a press on one of the face's buttons or menus. The
// components of the position the custom id names are built again from the
// game as it is: a custom id that is not among them, a menu value not in
// its menu, or a button sent with values is refused as stale and changes
// nothing. A choice that completes a move plays it; any other redraws the
// message at the next step of the move.
func (f *Face) Component(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) error {
	rec := t.Rec
	next, move, err := f.press(rec, seat, id, values)
	if err != nil {
		return err
	}
	l := r.Lang()
	if move == "" {
		m := f.message(env, rec, seat, l, next, nil)
		m.Content = withDeadline(ctx, env, t, l, m.Content)
		return r.Edit(m)
	}
	keeping := stateOf(rec).Keeping()
	res, err := env.Play(ctx, t, move)
	if err != nil {
		return err
	}
	res = endForcedTurn(ctx, env, t, seat, res)
	env.Played(ctx, r, t, seat, f.afterMove(ctx, env, t, seat, l, res, keeping), res.StepEnded)
	return nil
}

// press checks a press against what was offered and says what it does:
// the position to show next, or the move it completes.
func (f *Face) press(rec *store.Game, seat int, id face.ID, values []string) (pos, engine.Move, error) {
	st := stateOf(rec)
	if st == nil || st.Over() || id.Game != rec.ID || id.Seat != seat || id.Seq != rec.Seq || id.Step != game.StepKey(rec.State) {
		return pos{}, "", face.ErrStaleChoice
	}
	args := id.Args
	button := id.Verb == verbButton
	switch {
	case button && len(args) > 1:
		args = args[:len(args)-1]
	case button, !strings.HasPrefix(id.Verb, verbMenu):
		return pos{}, "", face.ErrStaleChoice
	}
	at, err := parsePos(args)
	if err != nil {
		return pos{}, "", face.ErrStaleChoice
	}
	b, ok := newBoard(i18n.English, rec, seat, at)
	if !ok {
		return pos{}, "", face.ErrStaleChoice
	}
	offered, ok := findComponent(b.build(), id.String())
	if !ok {
		return pos{}, "", face.ErrStaleChoice
	}
	var key string
	switch c := offered.(type) {
	case discordgo.Button:
		if len(values) > 0 {
			return pos{}, "", face.ErrStaleChoice
		}
		choice := id.Args[len(id.Args)-1]
		switch {
		case choice == navStart:
			return pos{}, "", nil
		case choice == navCards:
			return pos{play: true, cards: at.cards}, "", nil
		case strings.HasPrefix(choice, navPage):
			page, _ := parsePage(choice)
			at.page = page
			return at, "", nil
		}
		key = unescapeKey(choice)
	case discordgo.SelectMenu:
		if len(values) != 1 || !slices.ContainsFunc(c.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == values[0] }) {
			return pos{}, "", face.ErrStaleChoice
		}
		key = values[0]
	}
	k := slices.IndexFunc(b.steps, func(c engine.Choice) bool { return c.Key == key })
	if k < 0 {
		return pos{}, "", face.ErrStaleChoice
	}
	if m := b.steps[k].Move; m != "" {
		return pos{}, m, nil
	}
	switch {
	case !at.play && key == "p":
		return pos{play: true}, "", nil
	case at.play && at.prof == "":
		if card, err := strconv.Atoi(key); err == nil {
			return at.with(card), "", nil
		}
		if profByCode(key) >= 0 {
			next := at
			next.prof, next.page = key, 0
			return next, "", nil
		}
	}
	// A step the face does not know how to follow (none today).
	return pos{}, "", face.ErrStaleChoice
}

// endForcedTurn ends seat's turn when ending it is all that is left (a
// recruit, with nothing to discard): the rules want an explicit move,
// but asking for a press that has no alternative would only cost the
// player a tap. A turn the player could still undo or discard in is left
// to them.
func endForcedTurn(ctx context.Context, env face.Env, t *game.Table, seat int, res game.Result) game.Result {
	if res.StepEnded {
		return res
	}
	next := t.Rec.State.Next(seat, nil)
	if len(next) != 1 || next[0].Key != "e" || next[0].Move == "" {
		return res
	}
	more, err := env.Play(ctx, t, next[0].Move)
	if err != nil {
		return res // the player ends it with the button instead
	}
	return game.Result{Events: append(res.Events, more.Events...), StepEnded: more.StepEnded}
}

// findComponent finds the button or menu with a custom id among rows.
func findComponent(rows []discordgo.MessageComponent, customID string) (discordgo.MessageComponent, bool) {
	for _, row := range rows {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				if c.CustomID == customID && !c.Disabled {
					return c, true
				}
			case discordgo.SelectMenu:
				if c.CustomID == customID && !c.Disabled {
					return c, true
				}
			}
		}
	}
	return nil, false
}

// afterMove is the message of the seat that just moved: what its move did
// (its private details included), then its next choices, or, once its
// turn (or its choice of cards to keep) is over, a short word that it is.
func (f *Face) afterMove(ctx context.Context, env face.Env, t *game.Table, seat int, l i18n.Lang, res game.Result, keeping bool) face.Message {
	rec := t.Rec
	lead := ownEvents(l, rec, seat, res.Events)
	g := stateOf(rec)
	switch {
	case g == nil || g.Over():
		return face.Message{Content: tidy(l, strings.Join(append(lead, l.T("anludim.prompt.over")), "\n"))}
	case res.StepEnded:
		return face.Message{Content: tidy(l, strings.Join(append(lead, doneText(l, g, seat, res, keeping)), "\n"))}
	}
	m := f.message(env, rec, seat, l, pos{}, lead)
	m.Content = withDeadline(ctx, env, t, l, m.Content)
	return m
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

// withDeadline adds the step's deadline to a seat's message.
func withDeadline(ctx context.Context, env face.Env, t *game.Table, l i18n.Lang, content string) string {
	if line := env.DeadlineLine(ctx, t, l); line != "" {
		return content + "\n" + line
	}
	return content
}
