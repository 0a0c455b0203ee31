package bot

import (
	"atheneum/bot/face"
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// playerMessage words an error meant for players in English (see
// playerMessageIn).
func playerMessage(f face.Face, err error) (string, bool) {
	return playerMessageIn(i18n.English, f, err)
}

// playerMessageIn turns an error meant for players (a refusal of the
// adapter, of the game service or of the rules of f's game) into a
// sentence in l; ok is false for other errors. A refusal code of the game
// service is worded by the catalogue's "play.refusal.<code>", a refusal of
// the rules by the game's face.
//
// Every message may name the game's command: it is the command of f's
// game (or of no game, "atheneum", when f is nil).
func playerMessageIn(l i18n.Lang, f face.Face, err error) (string, bool) {
	var ue *face.UserError
	var gr *game.Refusal
	var er *engine.Refusal
	command := "atheneum"
	if f != nil {
		command = f.Command()
	}
	switch {
	case errors.As(err, &ue):
		return ue.WordsWith(l, "Command", command), true
	case errors.As(err, &gr):
		id := "play.refusal." + string(gr.Code)
		if !l.Has(id) {
			return "", false
		}
		return l.T(id, append([]any{"Command", command}, refusalArgs(l, f, gr)...)...), true
	case errors.As(err, &er) && f != nil:
		return f.Refusal(l, er)
	}
	return "", false
}

// refusalArgs fills the placeholders of a game refusal's message.
func refusalArgs(l i18n.Lang, f face.Face, gr *game.Refusal) []any {
	switch gr.Code {
	case game.CodeOptionTaken:
		if f == nil {
			return []any{"Value", gr.Arg}
		}
		return []any{"Value", f.OptionWords(l, gr.Option, gr.Arg)}
	case game.CodeTooFew:
		return []any{"Min", gr.Arg}
	case game.CodeBadSeats:
		return []any{"Range", gr.Arg}
	case game.CodeBadHours:
		return []any{"Max", game.MaxHours}
	case game.CodeBadAwayHours:
		return []any{"Max", game.MaxAwayHours}
	case game.CodePracticeRunning:
		title := ""
		if f != nil {
			title = l.T(f.Kind().ID() + ".title")
		}
		return []any{"Channel", "<#" + gr.Arg + ">", "Game", title}
	case game.CodePracticeFull:
		return []any{"Max", game.MaxPracticePerServer}
	}
	return nil
}

// verbBack is the button a person on autopilot presses to play again.
const verbBack = "back"

// takeBack ends the autopilot of the person's seat.
func (b *Bot) takeBack(ctx context.Context, r *reply, t *game.Table, seat int) error {
	if err := b.svc.TakeBack(ctx, t, seat); err != nil {
		return err
	}
	b.returnElsewhere(t.Rec.GuildID, t.Rec.Seats[seat].UserID, t.Rec.ID)
	m, err := b.prompt(ctx, t, seat, r.lang())
	if err != nil {
		return err
	}
	_, err = r.edit(r.lang().T("play.back")+"\n"+m.Content, m.Components, m.Pictures...)
	b.svc.Settle(ctx, t)
	return err
}

// autopilotRow is the button a person on autopilot presses to play again.
func autopilotRow(l i18n.Lang, rec *store.Game, seat int) discordgo.ActionsRow {
	id := face.ID{Game: rec.ID, Step: game.StepKey(rec.State), Seq: rec.Seq, Seat: seat, Moves: -1, Verb: verbBack}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("play.back.label"), Style: discordgo.PrimaryButton, CustomID: id.String()},
	}}
}
