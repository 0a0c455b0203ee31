package bot

import (
	"context"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/store"
)

// What the adapter offers every game's face (face.Env): the service, a
// bounded picture drawer, prompts with their deadline, and hints.
var _ face.Env = (*Bot)(nil)

// DeadlineLine tells a player until when the step waits for them (it
// implements face.Env).
func (b *Bot) DeadlineLine(ctx context.Context, t *game.Table, l i18n.Lang) string {
	if t.Rec.Options.Paused {
		return l.T("flow.prompt.paused")
	}
	due := b.svc.Deadline(ctx, t)
	if due.IsZero() {
		return ""
	}
	return l.T("flow.prompt.deadline", "Deadline", face.Stamp(due))
}

// Prompt is a seat's private message for the current step (it implements
// face.Env).
func (b *Bot) Prompt(ctx context.Context, t *game.Table, seat int, l i18n.Lang) (face.Message, error) {
	return b.prompt(ctx, t, seat, l)
}

// Service is the game service (it implements face.Env).
func (b *Bot) Service() *game.Service { return b.svc }

// Draw renders one picture, waiting for a free slot (it implements
// face.Env).
func (b *Bot) Draw(name string, draw func() (render.Picture, error)) (face.Picture, error) {
	pic, err := b.drawPicture(name, draw)
	if err != nil {
		b.log.Error("could not draw a picture", "picture", name, "err", err)
	}
	return pic, err
}

// Member setting of hints: "on", "off", or unset (on for a member's first
// firstGames finished games of a kind).
const (
	settingHints = "hints"
	firstGames   = 3
)

// Hints reports whether seat's person is shown hints (it implements
// face.Env).
func (b *Bot) Hints(ctx context.Context, rec *store.Game, seat int) bool {
	if rec.Options.Practice {
		return true
	}
	if seat < 0 || seat >= len(rec.Seats) || rec.Seats[seat].UserID == "" {
		return false
	}
	userID := rec.Seats[seat].UserID
	// Every press of a prompt rebuilds it: the answer is kept until the
	// member changes the setting or a game ends, rather than read from the
	// store (a setting and a count of finished games) each time.
	key := rec.GuildID + "/" + rec.Kind + "/" + userID
	if v, ok := b.hints.Load(key); ok {
		return v.(bool)
	}
	show := false
	switch v, _ := b.svc.MemberSetting(ctx, userID, settingHints); v {
	case "on":
		show = true
	case "off":
	default:
		n, err := b.svc.GamesPlayed(ctx, store.Scope{GuildID: rec.GuildID, Game: rec.Kind}, userID)
		show = err == nil && n < firstGames
	}
	b.hints.Store(key, show)
	return show
}

// forgetHints drops the kept answers of Hints, after a member's setting
// changed or a game ended.
func (b *Bot) forgetHints() { b.hints.Clear() }
