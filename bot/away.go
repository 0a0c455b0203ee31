package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/store"
)

// Time away: /<game> away hours:N hands all the member's games on the
// server, of every game, to the autopilot for N hours; /<game> back (or any
// move) gives them back. Each game's channel is told.

// cmdAway hands the member's games on the server to the autopilot.
func (b *Bot) cmdAway(ctx context.Context, r *reply, opts face.Options) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	user := interactionUser(r.i)
	until, err := b.svc.SetAway(ctx, r.i.GuildID, user.ID, opts.Int("hours", 0))
	if err != nil {
		return err
	}
	var where []string
	b.eachGame(ctx, r.i.GuildID, user.ID, "", func(t *game.Table) {
		ok, err := b.svc.Away(ctx, t, user.ID, until)
		if err != nil {
			b.log.Warn("could not hand a seat to the autopilot for a time away", "game", t.Rec.ID, "err", err)
		}
		if ok {
			where = append(where, "<#"+t.Rec.ChannelID+">")
		}
	})
	text := r.lang().T("away.set.none", "Until", face.Stamp(until), "Command", r.face.Command())
	if len(where) > 0 {
		text = r.lang().T("away.set", "Until", face.Stamp(until), "Where", face.JoinAnd(r.lang(), where), "Command", r.face.Command())
	}
	_, err = r.edit(text, nil)
	return err
}

// cmdBack gives the member's games on the server back to them. When the
// channel's game waits for them, the answer (which only they see) is their
// prompt, so that they play at once: an answer to their own command, not
// a message against their budget of notifications.
func (b *Bot) cmdBack(ctx context.Context, r *reply) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	user := interactionUser(r.i)
	if err := b.svc.ClearAway(ctx, r.i.GuildID, user.ID); err != nil {
		return err
	}
	where := b.returnTo(ctx, r.i.GuildID, user.ID, "")
	text := r.lang().T("away.back.none", "Command", r.face.Command())
	if len(where) > 0 {
		text = r.lang().T("away.back", "Where", face.JoinAnd(r.lang(), where), "Command", r.face.Command())
	}
	if m, ok := b.promptHere(ctx, r, user.ID); ok {
		m.Content = text + "\n\n" + m.Content
		return r.show(m)
	}
	_, err := r.edit(text, nil)
	return err
}

// promptHere is the member's prompt in the channel's game, when it waits
// for them.
func (b *Bot) promptHere(ctx context.Context, r *reply, userID string) (face.Message, bool) {
	rec, err := b.svc.GameInChannel(ctx, r.i.GuildID, r.i.ChannelID)
	if err != nil || rec.Status != store.StatusPlaying {
		return face.Message{}, false
	}
	t, err := b.svc.Table(ctx, rec.ID)
	if err != nil {
		return face.Message{}, false
	}
	defer t.Unlock()
	seat := game.SeatOf(t.Rec, userID)
	if seat < 0 || t.Rec.State == nil || !slices.Contains(t.Rec.State.Awaited(), seat) {
		return face.Message{}, false
	}
	m, err := b.prompt(ctx, t, seat, r.lang())
	if err != nil {
		b.log.Warn("could not build a prompt", "game", rec.ID, "err", err)
		return face.Message{}, false
	}
	return m, true
}

// returnTo takes back the member's seats on autopilot in their games on
// the server (but skip), and lists the channels of those it took back.
func (b *Bot) returnTo(ctx context.Context, guildID, userID, skip string) []string {
	var where []string
	b.eachGame(ctx, guildID, userID, skip, func(t *game.Table) {
		ok, err := b.svc.Back(ctx, t, userID)
		if err != nil {
			b.log.Warn("could not give a seat back", "game", t.Rec.ID, "err", err)
		}
		if ok {
			where = append(where, "<#"+t.Rec.ChannelID+">")
		}
	})
	return where
}

// eachGame runs do on each running game of the member on the server but
// skip, with its table locked, one at a time, and settles it afterwards.
func (b *Bot) eachGame(ctx context.Context, guildID, userID, skip string, do func(t *game.Table)) {
	snaps, err := b.svc.MemberGames(ctx, guildID, userID)
	if err != nil {
		b.log.Warn("could not list a member's games", "err", err)
		return
	}
	for _, snap := range snaps {
		if snap.Rec.Status != store.StatusPlaying || snap.Rec.ID == skip {
			continue
		}
		t, err := b.svc.Table(ctx, snap.Rec.ID)
		if err != nil {
			b.log.Warn("could not open a member's game", "game", snap.Rec.ID, "err", err)
			continue
		}
		do(t)
		b.svc.Settle(ctx, t)
		t.Unlock()
	}
}

// returnElsewhere takes back, after a member's move or their press of
// "I'm back" in one game, their seats on autopilot in their other games
// on the server, and ends their time away there. It runs once the
// interaction's game is unlocked (never holding two games' locks).
func (b *Bot) returnElsewhere(guildID, userID, gameID string) {
	if guildID == "" || !b.enter() {
		return
	}
	go func() {
		defer b.leave()
		ctx := context.Background()
		if !b.svc.AwayUntil(ctx, guildID, userID).IsZero() {
			if err := b.svc.ClearAway(ctx, guildID, userID); err != nil {
				b.log.Warn("could not end a time away", "err", err)
			}
		}
		b.returnTo(ctx, guildID, userID, gameID)
	}()
}

// awayPosted tells the channel a player is away, and until when.
func (b *Bot) awayPosted(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	l := face.GameLang(rec)
	var notes []string
	for _, s := range n.Seats {
		b.retirePrompt(ctx, rec, s)
		notes = append(notes, l.T("away.post", "Name", rec.Seats[s].Name, "Until", face.Stamp(n.Until), "Command", b.command(rec)))
	}
	if len(notes) > 0 {
		b.post(ctx, rec, &discordgo.MessageSend{Content: strings.Join(notes, "\n")})
	}
}

// backPosted tells the channel a player is back, and sends those the step
// waits for their prompt (a mention in the channel for those reached
// there).
func (b *Bot) backPosted(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	l := face.GameLang(rec)
	var notes, pings []string
	for _, s := range n.Seats {
		seat := rec.Seats[s]
		name := seat.Name
		if slices.Contains(n.Tell, s) {
			if b.inChannel(ctx, seat) {
				name = "<@" + seat.UserID + ">"
				pings = append(pings, seat.UserID)
			} else if b.wantsDM(ctx, seat) {
				b.retirePrompt(ctx, rec, s)
				b.sendPrompt(ctx, t, s)
			}
		}
		notes = append(notes, l.T("away.post.back", "Name", name, "Command", b.command(rec)))
	}
	if len(notes) > 0 {
		b.post(ctx, rec, &discordgo.MessageSend{Content: strings.Join(notes, "\n"), AllowedMentions: pingsOnly(pings)})
	}
}

// awayWords says until when a member is away, for the games list ("" when
// they are not).
func awayWords(l i18n.Lang, until time.Time, command string) string {
	if until.IsZero() {
		return ""
	}
	return l.T("games.away", "Until", face.Stamp(until), "Command", command) + "\n"
}
