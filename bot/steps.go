package bot

import (
	"atheneum/bot/face"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/store"
)

// Message kinds kept in the store besides the lobby and the prompts.
const (
	// msgStep is the channel post that opened the current step; it is
	// edited to say the step is over when the next one opens.
	msgStep = "step"
	// msgFinal is the post of the final results, linked from the history.
	msgFinal = "final"
)

// seatNames joins the names of seats.
func seatNames(l i18n.Lang, rec *store.Game, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = rec.Seats[s].Name
	}
	return face.JoinAnd(l, names)
}

// waitingLine says whom the game waits for and until when: the people
// who play by name, the seats on autopilot that wait for the deadline
// (when every person is on autopilot) as such, and nobody once everyone
// has played. AI seats and seats on autopilot while others play move at
// once and are named only when nobody else is awaited.
func waitingLine(l i18n.Lang, rec *store.Game, due time.Time) string {
	if rec.State == nil || rec.State.Over() {
		return ""
	}
	people, auto := game.WaitingFor(rec)
	var parts []string
	names := seatNames(l, rec, people)
	switch {
	case len(people) == 0 && len(auto) == 0:
		// Only seats the service plays are awaited (a computer player
		// thinking, in a game played one seat at a time): name them, since
		// "everyone has played" would be false of a single seat's turn.
		if playing := rec.State.Awaited(); len(playing) > 0 {
			return l.T("flow.waiting.playing", "Who", seatNames(l, rec, playing))
		}
		return l.T("flow.waiting.nobody")
	case len(people) == 0:
	case rec.Options.Paused:
		parts = append(parts, l.T("flow.waiting.paused", "Who", names))
	case due.IsZero():
		parts = append(parts, l.T("flow.waiting", "Who", names))
	default:
		parts = append(parts, l.T("flow.waiting.until", "Who", names, "Deadline", face.Stamp(due)))
	}
	if len(auto) > 0 {
		key := "flow.waiting.autopilot"
		if rec.Options.Paused || due.IsZero() {
			key += ".paused"
		}
		parts = append(parts, l.T(key, "Who", seatNames(l, rec, auto), "Deadline", face.Stamp(due)))
	}
	return strings.Join(parts, " ")
}

// channelPings are the people told in the channel that a step began:
// those whose direct messages are closed and those who chose channel
// mentions (quiet members, and members away, are left alone).
func (b *Bot) channelPings(ctx context.Context, t *game.Table) []string {
	var ids []string
	rec := t.Rec
	for _, s := range t.Prompted() {
		if b.inChannel(ctx, rec.Seats[s]) {
			ids = append(ids, rec.Seats[s].UserID)
		}
	}
	return ids
}

// inChannel reports whether a seat's person is told in the channel (by a
// mention) rather than by direct message: they chose mentions, or their
// direct messages are closed. Quiet members are told neither way.
func (b *Bot) inChannel(ctx context.Context, seat store.Seat) bool {
	switch b.svc.NotifyMode(ctx, seat.UserID) {
	case game.NotifyMention:
		return true
	case game.NotifyDM:
		return seat.DMClosed
	}
	return false
}

// mentions writes user ids as mentions.
func mentions(ids []string) string {
	m := make([]string, len(ids))
	for i, id := range ids {
		m[i] = "<@" + id + ">"
	}
	return strings.Join(m, " ")
}

// pingsOnly lets a message ping exactly these users.
func pingsOnly(ids []string) *discordgo.MessageAllowedMentions {
	if len(ids) == 0 {
		return noMentions
	}
	return &discordgo.MessageAllowedMentions{Users: ids}
}

// waitingEmbed is the part of a step's post that says whom the game waits
// for; it is replaced when the step is over.
func waitingEmbed(text string) []*discordgo.MessageEmbed {
	return []*discordgo.MessageEmbed{{Description: text, Color: 0xC9A227}}
}

// postStep posts the message that opens a step (the reveal, the end of a
// turn): it says whom the game waits for and until when, mentions the
// people who are reached in the channel, and marks the previous step's
// post as over. The kind it is recorded under is msgStep, or msgFinal at
// the end of the game.
func (b *Bot) postStep(ctx context.Context, t *game.Table, m *discordgo.MessageSend, pics ...face.Picture) {
	rec := t.Rec
	l := face.GameLang(rec)
	over := rec.State.Over()
	b.retireStepPost(ctx, rec)
	line := ""
	if !over {
		pings := b.channelPings(ctx, t)
		if len(pings) > 0 {
			// The last line, so that it lands in the last part of a long
			// post, the one whose mentions ping.
			m.Content += "\n" + l.T("flow.ping.step", "Who", mentions(pings), "Command", b.command(rec))
		}
		m.AllowedMentions = pingsOnly(pings)
		line = waitingLine(l, rec, b.svc.Deadline(ctx, t))
		m.Embeds = waitingEmbed(line)
	} else {
		m.Content += "\n" + l.T("flow.final.log", "Command", b.command(rec))
		m.Components = append(m.Components, rematchRow(l, rec))
	}
	msg := b.post(ctx, rec, m, pics...)
	if msg == nil {
		return
	}
	kind := msgStep
	if over {
		kind = msgFinal
	} else {
		b.lines.Store(msg.ID, line)
	}
	if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: kind, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.log.Warn("could not record a step's post", "game", rec.ID, "err", err)
	}
}

// retireStepPost replaces the previous step post's "waiting for" part by
// "this step is over", so that it no longer looks current. Only the embed
// is sent: Discord keeps the content and pictures of an edited message.
func (b *Bot) retireStepPost(ctx context.Context, rec *store.Game) {
	m, err := b.db.GetMessage(ctx, rec.ID, msgStep, store.NoSeat)
	if err != nil {
		return
	}
	embeds := waitingEmbed(face.GameLang(rec).T("flow.step.over"))
	if _, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Embeds: &embeds, AllowedMentions: noMentions}); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not mark a step's post as over", "game", rec.ID, "err", err)
	}
	b.lines.Delete(m.MessageID)
	if err := b.db.DeleteMessage(ctx, rec.ID, msgStep, store.NoSeat); err != nil {
		b.log.Warn("could not forget a step's post", "game", rec.ID, "err", err)
	}
}

// wantsDM reports whether a seat's person gets their prompts and
// reminders by direct message.
func (b *Bot) wantsDM(ctx context.Context, seat store.Seat) bool {
	return seat.UserID != "" && !seat.DMClosed && b.svc.NotifyMode(ctx, seat.UserID) == game.NotifyDM
}

// remind tells the awaited people a reminder point has come: by direct
// message where they can be reached so, else by one mention in the
// channel. (The service chose them within their budget.)
func (b *Bot) remind(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	due := b.svc.Deadline(ctx, t)
	var pings []string
	for _, s := range n.Seats {
		seat := rec.Seats[s]
		if seat.UserID == "" {
			continue
		}
		mode := b.svc.NotifyMode(ctx, seat.UserID)
		byDM := !seat.DMClosed && (mode == game.NotifyDM || (mode == game.NotifyQuiet && n.Point == game.PointLast))
		if byDM {
			l := b.memberLang(ctx, seat.UserID, rec)
			text := b.reminderText(l, n.Point, rec, due, "")
			if _, err := b.sendDM(ctx, rec, s, false, &discordgo.MessageSend{Content: text}); err == nil {
				continue
			}
			if !rec.Seats[s].DMClosed {
				continue // a passing failure, already logged; no ping in the channel for it
			}
		}
		pings = append(pings, seat.UserID)
	}
	if len(pings) == 0 {
		return
	}
	l := face.GameLang(rec)
	b.post(ctx, rec, &discordgo.MessageSend{
		Content:         b.reminderText(l, n.Point, rec, due, mentions(pings)),
		AllowedMentions: pingsOnly(pings),
	})
}

// autopilotOn tells the channel which seats the autopilot took at the
// deadline, mentioning those of Tell reached in the channel, and sends the
// others of Tell a direct message: what happened and how to come back.
func (b *Bot) autopilotOn(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	l := face.GameLang(rec)
	var notes, pings []string
	for _, s := range n.Seats {
		b.retirePrompt(ctx, rec, s)
		seat := rec.Seats[s]
		name := seat.Name
		if slices.Contains(n.Tell, s) {
			told := false
			if !b.inChannel(ctx, seat) {
				ml := b.memberLang(ctx, seat.UserID, rec)
				text := ml.T("flow.autopilot.dm", "Channel", "<#"+rec.ChannelID+">", "Command", b.command(rec))
				_, err := b.sendDM(ctx, rec, s, false, &discordgo.MessageSend{Content: text})
				told = err == nil || !rec.Seats[s].DMClosed
			}
			if !told {
				name = "<@" + seat.UserID + ">"
				pings = append(pings, seat.UserID)
			}
		}
		notes = append(notes, l.T("flow.autopilot.on", "Name", name, "Command", b.command(rec)))
	}
	if len(notes) > 0 {
		b.post(ctx, rec, &discordgo.MessageSend{Content: strings.Join(notes, "\n"), AllowedMentions: pingsOnly(pings)})
	}
}

// reminderText words a reminder; who is empty in a direct message.
func (b *Bot) reminderText(l i18n.Lang, p game.ReminderPoint, rec *store.Game, due time.Time, who string) string {
	key := "flow.remind." + string(p)
	if who == "" {
		key += ".dm"
	}
	return l.T(key, "Who", who, "Channel", "<#"+rec.ChannelID+">", "Deadline", deadlineWords(l, rec, due), "Position", b.position(l, rec), "Command", b.command(rec))
}

// dmChannel opens (once, then from memory) the direct message channel
// of a user.
func (b *Bot) dmChannel(userID string) (string, error) {
	if id, ok := b.dms.Load(userID); ok {
		return id.(string), nil
	}
	ch, err := b.dg.UserChannelCreate(userID)
	if err != nil {
		return "", err
	}
	b.dms.Store(userID, ch.ID)
	return ch.ID, nil
}

// sendDM sends a direct message to a seat's person. When Discord refuses
// because their direct messages are closed, the seat is remembered so and
// the person is told once in the channel how to play without them: with
// a mention when ping is set (the message was their prompt), else without
// one, as the caller mentions them with what it had to say.
func (b *Bot) sendDM(ctx context.Context, rec *store.Game, seat int, ping bool, m *discordgo.MessageSend, pics ...face.Picture) (*discordgo.Message, error) {
	s := rec.Seats[seat]
	if m.AllowedMentions == nil {
		m.AllowedMentions = noMentions
	}
	ch, err := b.dmChannel(s.UserID)
	var msg *discordgo.Message
	if err == nil {
		msg, err = b.sendMessage(ch, m, pics)
	}
	if err == nil {
		return msg, nil
	}
	if !isDMClosed(err) {
		b.log.Warn("could not send a direct message", "game", rec.ID, "seat", seat, "err", err)
		return nil, err
	}
	rec.Seats[seat].DMClosed = true
	if e := b.db.SetDMClosed(ctx, rec.ID, seat, true); e != nil {
		b.log.Warn("could not remember closed DMs", "game", rec.ID, "err", e)
	}
	l := face.GameLang(rec)
	allowed := noMentions
	if ping {
		allowed = pingsOnly([]string{s.UserID})
	}
	b.post(ctx, rec, &discordgo.MessageSend{
		Content:         l.T("flow.dm.closed", "Who", "<@"+s.UserID+">", "Command", b.command(rec)),
		AllowedMentions: allowed,
	})
	return nil, err
}

// retirePrompt makes a seat's last prompt stop looking actionable once its
// step is over or was played for them (autopilot, host tools): its menus
// go and a line says the step is over, while what it said stays for the
// player to scroll back to.
func (b *Bot) retirePrompt(ctx context.Context, rec *store.Game, seat int) {
	m, err := b.db.GetMessage(ctx, rec.ID, msgPrompt, seat)
	if err != nil {
		return
	}
	b.retireShown(ctx, rec, m)
	if err := b.db.DeleteMessage(ctx, rec.ID, msgPrompt, seat); err != nil {
		b.log.Warn("could not forget a prompt", "game", rec.ID, "err", err)
	}
}

// retireShown is retirePrompt's edit of the prompt m, as recorded, which
// the caller then forgets.
func (b *Bot) retireShown(ctx context.Context, rec *store.Game, m store.Message) {
	seat := m.Seat
	l := b.memberLang(ctx, rec.Seats[seat].UserID, rec)
	empty := []discordgo.MessageComponent{}
	embeds := waitingEmbed(l.T("flow.prompt.over", "Channel", "<#"+rec.ChannelID+">", "Command", b.command(rec)))
	if _, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Components: &empty,
		Embeds: &embeds, AllowedMentions: noMentions}); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not retire a prompt", "game", rec.ID, "seat", seat, "err", err)
	}
}

// settledPrompt forgets a seat's prompt once the player's own move left it
// with nothing to press, so that it is not edited again when the step ends.
func (b *Bot) settledPrompt(ctx context.Context, rec *store.Game, seat int, i *discordgo.Interaction) {
	if i.Message == nil {
		return
	}
	m, err := b.db.GetMessage(ctx, rec.ID, msgPrompt, seat)
	if err != nil || m.MessageID != i.Message.ID {
		return
	}
	if err := b.db.DeleteMessage(ctx, rec.ID, msgPrompt, seat); err != nil {
		b.log.Warn("could not forget a prompt", "game", rec.ID, "err", err)
	}
}

// tellHostCannotPost tells the game's host by direct message, once per
// game while the bot runs, that Discord refuses the bot's posts in the
// game's channel: nobody else would know why the channel went silent.
func (b *Bot) tellHostCannotPost(ctx context.Context, rec *store.Game) {
	seat := game.SeatOf(rec, rec.HostID)
	if seat < 0 {
		return
	}
	if _, told := b.hostsTold.LoadOrStore(rec.ID, true); told {
		return
	}
	l := b.memberLang(ctx, rec.HostID, rec)
	if _, err := b.sendDM(ctx, rec, seat, true, &discordgo.MessageSend{Content: l.T("flow.cannot.post", "Channel", "<#"+rec.ChannelID+">", "Game", l.T(rec.Kind+".title"), "Command", b.command(rec))}); err != nil {
		b.log.Warn("could not tell the host that the channel refuses posts", "game", rec.ID, "err", err)
	}
}

// sameGamePlace reports whether an interaction comes from where the game
// lives: its server and its channel (or thread). A seat's private prompt
// may also be used from a direct message (no server), where the seat check
// that follows does the rest; a lobby is only ever in the game's channel.
func sameGamePlace(i *discordgo.Interaction, rec *store.Game, lobby bool) bool {
	if i.GuildID == "" {
		return !lobby
	}
	return i.GuildID == rec.GuildID && i.ChannelID == rec.ChannelID
}
