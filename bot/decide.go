package bot

import (
	"context"
	"slices"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
)

// decide carries out what a face decided for seat on a press or a typed
// command, in one place for every game: it shows the face's message, or
// plays its move (and any move forced after it), shows the seat what
// follows, and lets the game go on (what the move caused is presented,
// the seats the service plays move). t is locked.
func (b *Bot) decide(ctx context.Context, r *reply, t *game.Table, f face.Face, seat int, d face.Decision) error {
	if d.Move == "" {
		if d.Show == nil {
			return nil
		}
		if err := r.show(*d.Show); err != nil {
			return err
		}
		if d.Shown != nil {
			d.Shown()
		}
		return nil
	}
	res, err := b.play(ctx, t, d.Move)
	if err != nil {
		return err
	}
	for !res.StepEnded && !t.Rec.State.Over() && slices.Contains(t.Rec.State.Awaited(), seat) {
		m := f.Forced(t.Rec, seat)
		if m == "" {
			break
		}
		more, err := b.play(ctx, t, m)
		if err != nil {
			break // the player makes it with the button instead
		}
		res = game.Result{Events: append(res.Events, more.Events...), StepEnded: more.StepEnded, Returned: res.Returned || more.Returned}
	}
	m := f.Moved(ctx, b, r, t, seat, d, res)
	if err := r.show(m); err != nil {
		b.log.Warn("could not refresh the player's message", "game", t.Rec.ID, "err", err)
	} else if len(m.Components) == 0 {
		b.settledPrompt(ctx, t.Rec, seat, r.i)
	}
	b.svc.Settle(ctx, t)
	return nil
}

// play makes a seat's move for its person and stores it; t is locked. A
// refusal changes nothing. A move made by a member away elsewhere brings
// them back in all their games.
func (b *Bot) play(ctx context.Context, t *game.Table, m engine.Move) (game.Result, error) {
	res, err := b.svc.Act(ctx, t, m, game.ByPlayer)
	if seat, ok := engine.MoveSeat(m); err == nil && res.Returned && ok {
		b.returnElsewhere(t.Rec.GuildID, t.Rec.Seats[seat].UserID, t.Rec.ID)
	}
	return res, err
}

// show replaces the answer (or the pressed message) with m: its pictures
// replace the message's, which it keeps when m has none, unless m drops
// them.
func (r *reply) show(m face.Message) error {
	if m.DropPictures && len(m.Pictures) == 0 {
		return r.editWithoutImages(m.Content, m.Components)
	}
	_, err := r.edit(m.Content, m.Components, m.Pictures...)
	return err
}
