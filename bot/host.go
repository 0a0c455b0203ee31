package bot

import (
	"atheneum/bot/face"
	"context"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/store"
)

// cmdAdmin runs /atheneum admin <tool>: the host's tools, for the game's
// host and for members with Manage Server. The permission comes from the
// interaction Discord signed, never from anything the user typed.
func (b *Bot) cmdAdmin(ctx context.Context, r *reply, t *game.Table) error {
	verb, opts := nestedSubcommand(r.i)
	user := interactionUser(r.i)
	op := game.Operator{UserID: user.ID, Name: displayName(user, r.i.Member), GuildID: r.i.GuildID, Manager: isManager(r.i)}
	c := game.HostCommand{Verb: verb}
	rec := t.Rec
	switch verb {
	case game.VerbExtend, game.VerbHours:
		c.Hours = opts.Int("hours", 0)
	case game.VerbAutopilot, game.VerbReplace, game.VerbRemove:
		seat, err := namedSeat(r, rec, opts, "player")
		if err != nil {
			return err
		}
		c.Seat = seat
		if verb == game.VerbReplace {
			member, hasMember := opts["member"]
			level := opts.Str("ai")
			switch {
			case hasMember && level != "":
				return face.Refuse(r.lang().T("host.replace.both"))
			case hasMember:
				u, name := resolvedUser(r.i, member)
				if u == nil {
					return face.Refuse(r.lang().T("cmd.no.user"))
				}
				if u.Bot {
					return face.Refuse(r.lang().T("host.replace.bot"))
				}
				c.UserID, c.Name = u.ID, name
			case level != "":
				c.AILevel = level
			default:
				return face.Refuse(r.lang().T("host.replace.whom"))
			}
		}
	case game.VerbEnd:
		c.Reason = opts.Str("reason")
	case game.VerbPause, game.VerbResume:
	default:
		return face.Refuse(r.lang().T("cmd.unknown", "Command", r.face.Command()))
	}
	if err := b.svc.Host(ctx, t, op, c); err != nil {
		return err
	}
	if _, err := r.edit(r.lang().T("host.done"), nil); err != nil {
		b.log.Warn("could not confirm a host action", "game", rec.ID, "err", err)
	}
	b.svc.Settle(ctx, t)
	return nil
}

// cmdResign gives the player's seat to a computer player.
func (b *Bot) cmdResign(ctx context.Context, r *reply, t *game.Table) error {
	if err := b.svc.Resign(ctx, t, interactionUser(r.i).ID); err != nil {
		return err
	}
	if _, err := r.edit(r.lang().T("host.resigned.you"), nil); err != nil {
		b.log.Warn("could not confirm a resignation", "game", t.Rec.ID, "err", err)
	}
	b.svc.Settle(ctx, t)
	return nil
}

// isManager reports whether the member behind an interaction may manage
// the server (Discord computes the member's permissions in the channel).
func isManager(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// namedSeat finds the seat of the member named in a user option.
func namedSeat(r *reply, rec *store.Game, opts face.Options, name string) (int, error) {
	o, ok := opts[name]
	if !ok {
		return -1, face.Refuse(r.lang().T("cmd.no.user"))
	}
	u := o.UserValue(nil)
	if u == nil {
		return -1, face.Refuse(r.lang().T("cmd.no.user"))
	}
	seat := game.SeatOf(rec, u.ID)
	if seat < 0 {
		return -1, face.Refuse(r.lang().T("cmd.not.playing", "Who", "<@"+u.ID+">"))
	}
	return seat, nil
}

// resolvedUser is the user an option names, complete from the
// interaction's resolved data (an option's value alone is only an id),
// with their name as the server shows it.
func resolvedUser(i *discordgo.Interaction, o *discordgo.ApplicationCommandInteractionDataOption) (*discordgo.User, string) {
	u := o.UserValue(nil)
	if u == nil {
		return nil, ""
	}
	data := i.ApplicationCommandData()
	if data.Resolved == nil {
		return u, u.ID
	}
	if full, ok := data.Resolved.Users[u.ID]; ok {
		u = full
	}
	return u, displayName(u, data.Resolved.Members[u.ID])
}

// nestedSubcommand reads /atheneum GROUP SUB's subcommand name and options.
func nestedSubcommand(i *discordgo.Interaction) (string, face.Options) {
	data := i.ApplicationCommandData()
	if len(data.Options) == 0 || len(data.Options[0].Options) == 0 {
		return "", nil
	}
	sub := data.Options[0].Options[0]
	opts := face.Options{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	return sub.Name, opts
}

// postHost tells the channel what a host tool (or a resignation) did, and
// shows the seats concerned what changed for them.
func (b *Bot) postHost(ctx context.Context, t *game.Table, h *game.HostNotice) {
	if h == nil {
		return
	}
	rec := t.Rec
	l := face.GameLang(rec)
	c := h.Command
	args := []any{"By", h.By.Name, "Former", h.Former, "Hours", c.Hours, "Count", c.Hours}
	if c.Seat >= 0 && c.Seat < len(rec.Seats) {
		args = append(args, "Name", rec.Seats[c.Seat].Name)
	}
	switch c.Verb {
	case game.VerbExtend, game.VerbResume:
		args = append(args, "Deadline", deadlineWords(l, rec, b.svc.Deadline(ctx, t)))
	case game.VerbEnd:
		args = append(args, "Reason", c.Reason)
	case game.VerbReplace:
		if c.AILevel != "" {
			args = append(args, "Level", l.T("ai."+c.AILevel+".name"))
		}
	}
	key := "host.post." + c.Verb
	if c.Verb == game.VerbReplace && c.AILevel != "" {
		key += ".ai"
	}
	b.post(ctx, rec, &discordgo.MessageSend{Content: l.T(key, args...)})
	switch c.Verb {
	case game.VerbReplace, game.VerbRemove, game.VerbResign, game.VerbAutopilot:
		if c.Seat >= 0 && c.Seat < len(rec.Seats) {
			b.retirePrompt(ctx, rec, c.Seat)
			if c.Verb == game.VerbReplace && c.UserID != "" && slices.Contains(t.Prompted(), c.Seat) && b.wantsDM(ctx, rec.Seats[c.Seat]) {
				b.sendPrompt(ctx, t, c.Seat)
			}
		}
	}
}

// deadlineWords is the deadline as shown in posts, or why there is none.
func deadlineWords(l i18n.Lang, rec *store.Game, due time.Time) string {
	if rec.Options.Paused || due.IsZero() {
		return l.T("flow.no.deadline")
	}
	return face.Stamp(due)
}

// refreshStepPost rewrites the current step post's "waiting for" part
// after someone finished, came back or went away, or its deadline moved
// (host tools queue a NoticeWaiting for that).
func (b *Bot) refreshStepPost(ctx context.Context, t *game.Table) {
	rec := t.Rec
	if rec.State == nil || rec.State.Over() {
		return
	}
	m, err := b.db.GetMessage(ctx, rec.ID, msgStep, store.NoSeat)
	if err != nil {
		return
	}
	line := waitingLine(face.GameLang(rec), rec, b.svc.Deadline(ctx, t))
	if shown, ok := b.lines.Load(m.MessageID); ok && shown == line {
		return
	}
	b.lines.Store(m.MessageID, line)
	embeds := waitingEmbed(line)
	if _, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Embeds: &embeds, AllowedMentions: noMentions}); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not refresh a step's post", "game", rec.ID, "err", err)
	}
}
