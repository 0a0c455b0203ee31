package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
)

// refusalWords words the game service's refusal codes for players.
var refusalWords = map[game.Code]string{
	game.CodeNoGame:        "That game no longer exists.",
	game.CodeNotLobby:      "This game has already started. Follow it with /atheneum status.",
	game.CodeLobbyClosed:   "This lobby is closed.",
	game.CodeAlreadyJoined: "You have already joined this game.",
	game.CodeFull:          "This game is full.",
	game.CodeNotInLobby:    "You are not in this lobby: press Join first.",
	game.CodeHostStays:     "You are hosting this game: press Cancel to close the lobby instead.",
	game.CodeNoSuchSubject: "That subject does not exist.",
	game.CodeSubjectTaken:  "%s is already someone's favourite subject: choose another.",
	game.CodeHostOnly:      "Only the host can do that.",
	game.CodeTooFew:        "At least two players must join before the game can start.",
	game.CodeNoSuchLevel:   "There is no AI of that level: choose random, normal or hard.",
	game.CodeNoSuchAI:      "There is no computer player in that seat any more.",
	game.CodeGameEnded:     "This game has ended.",
	game.CodeGameOver:      "The game is over: see the results in the channel.",
	game.CodeMovedOn:       "The game moved on while you were choosing: nothing was changed. Please look again and retry.",
	game.CodeNotAutopilot:  "You are playing your seat yourself already.",
}

// playerMessage turns an error meant for players (a refusal of the game
// service or of the rules) into a sentence; ok is false for other errors.
func playerMessage(err error) (string, bool) {
	var ue *userError
	var gr *game.Refusal
	var ee *engine.Error
	switch {
	case errors.As(err, &ue):
		return ue.msg, true
	case errors.As(err, &gr):
		msg, ok := refusalWords[gr.Code]
		if !ok {
			return "", false
		}
		if gr.Code == game.CodeSubjectTaken {
			c, _ := engine.ParseColor(gr.Arg)
			msg = strings.Replace(msg, "%s", upperFirst(c.Subject()), 1)
		}
		return msg, true
	case errors.As(err, &ee):
		return upperFirst(ee.Message) + ".", true
	}
	return "", false
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
	_, err = r.edit("Welcome back: the autopilot has let go of your seat.\n"+content, comps, pics...)
	return err
}

// autopilotRow is the button a person on autopilot presses to play again.
func autopilotRow(gameID string, g *engine.Game, seat int) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "I'm back: let me play", Style: discordgo.PrimaryButton, CustomID: idsFor(gameID, g, seat).make("back")},
	}}
}
