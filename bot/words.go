package bot

import (
	"atheneum/bot/face"
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// playerMessage words an error meant for players in English (see
// playerMessageIn).
func playerMessage(err error) (string, bool) { return playerMessageIn(i18n.English, err) }

// playerMessageIn turns an error meant for players (a refusal of the
// adapter, of the game service or of the rules) into a sentence in l; ok is
// false for other errors. A refusal code of the game service is worded by
// the catalogue's "play.refusal.<code>".
func playerMessageIn(l i18n.Lang, err error) (string, bool) {
	var ue *face.UserError
	var gr *game.Refusal
	var ee *atheneum.Error
	var er *engine.Refusal
	switch {
	case errors.As(err, &ue):
		return ue.Words(l), true
	case errors.As(err, &gr):
		id := "play.refusal." + string(gr.Code)
		if !l.Has(id) {
			return "", false
		}
		return l.T(id, refusalArgs(l, gr)...), true
	case errors.As(err, &ee):
		return engineErrorText(l, ee), true
	case errors.As(err, &er):
		id := "engine." + er.Code
		if !l.Has(id) {
			return "", false
		}
		kv := make([]any, 0, 2*len(er.Args))
		for name, v := range er.Args {
			kv = append(kv, name, engineArgWords(l, v))
		}
		return l.T(id, kv...), true
	}
	return "", false
}

// refusalArgs fills the placeholders of a game refusal's message.
func refusalArgs(l i18n.Lang, gr *game.Refusal) []any {
	switch gr.Code {
	case game.CodeOptionTaken:
		c, _ := atheneum.ParseColor(gr.Arg)
		return []any{"Value", l.T("subject." + c.String())}
	case game.CodeTooFew:
		return []any{"Min", gr.Arg}
	case game.CodeBadSeats:
		return []any{"Range", gr.Arg}
	case game.CodeBadHours:
		return []any{"Max", game.MaxHours}
	}
	return nil
}

// takeBack ends the autopilot of the person's seat.
func (b *Bot) takeBack(ctx context.Context, r *reply, t *game.Table, seat int) error {
	if err := b.svc.TakeBack(ctx, t, seat); err != nil {
		return err
	}
	content, comps, pics, err := b.prompt(ctx, t, seat, noSelection(), r.l, nil)
	if err != nil {
		return err
	}
	_, err = r.edit(r.l.T("play.back")+"\n"+content, comps, pics...)
	return err
}

// autopilotRow is the button a person on autopilot presses to play again.
func autopilotRow(l i18n.Lang, gameID string, g *atheneum.Game, seat int) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("play.back.label"), Style: discordgo.PrimaryButton, CustomID: idsFor(gameID, g, seat).make("back")},
	}}
}
