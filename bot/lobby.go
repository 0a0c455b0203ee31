package bot

import (
	"atheneum/bot/face"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// Message kinds kept in the store so they can be edited after a restart.
const (
	msgLobby  = "lobby"
	msgPrompt = "prompt"
)

// messageLink points at a message in a server channel.
func messageLink(guild, channel, message string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, channel, message)
}

func (b *Bot) cmdNew(ctx context.Context, r *reply, opts face.Options) error {
	if r.i.GuildID == "" || r.i.Member == nil {
		return face.Refuse(r.l.T("lobby.no.dm"))
	}
	user := interactionUser(r.i)
	channelID := r.i.ChannelID
	inThread := opts.Bool("thread")
	language := opts.Str("language")
	if language == "" {
		language = i18n.FromLocale(guildLocale(r.i)).String()
	} else if _, ok := i18n.Parse(language); !ok {
		return face.Refuse(r.l.T("lobby.bad.language"))
	}
	l := game.Lobby{GuildID: r.i.GuildID, ChannelID: channelID, HostID: user.ID, HostName: displayName(user, r.i.Member),
		Seats: opts.Int("seats", atheneum.MaxSeats), StepHours: opts.Int("hours", b.cfg.StepHours), Language: language}
	if l.Seats < atheneum.MinSeats || l.Seats > atheneum.MaxSeats {
		return face.Refuse(r.l.T("lobby.bad.seats"))
	}
	if l.StepHours < 1 || l.StepHours > game.MaxHours {
		return face.Refuse(r.l.T("lobby.bad.hours", "Max", game.MaxHours))
	}
	if inThread {
		return b.newInThread(ctx, r, l)
	}
	rec, err := b.openLobby(ctx, r, l)
	if err != nil {
		return err
	}
	r.game = rec.ID
	if err := r.deferMessage(false); err != nil {
		b.discardLobby(ctx, rec)
		return err
	}
	gl := face.GameLang(rec)
	msg, err := r.edit(lobbyText(gl, rec), lobbyComponents(gl, rec))
	if err == nil {
		err = b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID})
	}
	if err != nil {
		// Nobody can see this lobby: close it rather than let it block
		// the channel, and say so.
		b.log.Warn("could not post a lobby", "game", rec.ID, "err", err)
		b.discardLobby(ctx, rec)
		return face.Refuse(r.l.T("lobby.post.failed"))
	}
	return nil
}

// openLobby opens a lobby in the channel, first repairing a lobby a crash
// left without its announcement (nobody could ever join it).
func (b *Bot) openLobby(ctx context.Context, r *reply, l game.Lobby) (*store.Game, error) {
	for attempt := 0; ; attempt++ {
		rec, err := b.svc.OpenLobby(ctx, l)
		if err == nil || !errors.Is(err, store.ErrExists) {
			return rec, err
		}
		existing, e := b.svc.GameInChannel(ctx, l.GuildID, l.ChannelID)
		if e != nil {
			if game.RefusalCode(e) == game.CodeOtherServer {
				return nil, e // another server's game: neither shown nor repaired
			}
			return nil, err
		}
		if attempt == 0 && b.phantom(ctx, existing) {
			b.log.Info("repairing a lobby that was never shown", "game", existing.ID)
			b.discardLobby(ctx, existing)
			continue
		}
		return nil, b.alreadyRunning(ctx, r, existing)
	}
}

// phantomAge is how old a lobby without its announcement must be before a
// new /atheneum new treats it as lost (younger, it may still be posting).
const phantomAge = time.Minute

// phantom reports whether rec is a lobby whose announcement was never
// recorded, so nobody can see or join it.
func (b *Bot) phantom(ctx context.Context, rec *store.Game) bool {
	if rec.Status != store.StatusLobby || b.now().Sub(rec.CreatedAt) < phantomAge {
		return false
	}
	_, err := b.db.GetMessage(ctx, rec.ID, msgLobby, store.NoSeat)
	return store.ErrorCode(err) == store.CodeNotFound
}

// discardLobby closes a lobby nobody can see.
func (b *Bot) discardLobby(ctx context.Context, rec *store.Game) {
	if err := b.svc.DiscardLobby(ctx, rec.ID); err != nil {
		b.log.Error("could not discard a lobby", "game", rec.ID, "err", err)
	}
}

// guildLocale is the server's preferred locale, from the interaction.
func guildLocale(i *discordgo.Interaction) string {
	if i.GuildLocale != nil {
		return string(*i.GuildLocale)
	}
	return ""
}

// newInThread opens the lobby in a new public thread of the channel, where
// the whole game then runs.
func (b *Bot) newInThread(ctx context.Context, r *reply, l game.Lobby) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	gl, _ := i18n.Parse(l.Language)
	th, err := b.dg.ThreadStartComplex(l.ChannelID, &discordgo.ThreadStart{
		Name: face.Clip(gl.T("lobby.thread.title", "Host", l.HostName), 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080,
	})
	if err != nil {
		b.log.Warn("could not start a thread", "channel", l.ChannelID, "err", err)
		return face.Refuse(r.l.T("lobby.thread.failed"))
	}
	l.ChannelID = th.ID
	rec, err := b.svc.OpenLobby(ctx, l)
	if err != nil {
		return err
	}
	r.game = rec.ID
	msg := b.post(ctx, rec, &discordgo.MessageSend{Content: lobbyText(gl, rec), Components: lobbyComponents(gl, rec)})
	if msg == nil {
		b.discardLobby(ctx, rec)
		return face.Refuse(r.l.T("lobby.post.failed"))
	}
	if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.discardLobby(ctx, rec)
		return err
	}
	_, err = r.edit(r.l.T("lobby.thread.open", "Thread", "<#"+th.ID+">"), nil)
	return err
}

// alreadyRunning answers /atheneum new in a channel that has a game.
func (b *Bot) alreadyRunning(ctx context.Context, r *reply, rec *store.Game) error {
	for _, kind := range []string{msgStep, msgLobby} {
		if m, err := b.db.GetMessage(ctx, rec.ID, kind, store.NoSeat); err == nil {
			return face.Refuse(r.l.T("lobby.running.link", "Link", messageLink(rec.GuildID, m.ChannelID, m.MessageID)))
		}
	}
	return face.Refuse(r.l.T("lobby.running"))
}

// lobbyText is the lobby's announcement, in the game's language.
func lobbyText(l i18n.Lang, rec *store.Game) string {
	var sb strings.Builder
	sb.WriteString(l.T("lobby.title", "Host", "<@"+rec.HostID+">") + "\n")
	sb.WriteString(l.T("lobby.settings", "Taken", len(rec.Seats), "Seats", rec.Options.Seats,
		"Hours", l.T("count.hours", "Count", rec.Options.StepHours), "Language", l.T("lang.name")) + "\n")
	for i, s := range rec.Seats {
		who := "<@" + s.UserID + ">"
		if s.UserID == "" {
			who = l.T("lobby.seat.ai", "Name", s.Name)
		}
		sb.WriteString(l.T("lobby.seat", "N", i+1, "Who", who, "Color", colorLabel(l, seatSubject(s)), "Subject", subjectName(l, seatSubject(s))) + "\n")
	}
	sb.WriteString(l.T("lobby.help"))
	if at := game.LobbyExpires(rec); !at.IsZero() {
		sb.WriteString("\n" + l.T("lobby.expires", "When", face.Stamp(at)))
	}
	return sb.String()
}

// colorLabel names a colour, capitalised, in l.
func colorLabel(l i18n.Lang, c atheneum.Color) string {
	if !c.IsBook() {
		return "?"
	}
	return l.T("color." + c.String() + ".label")
}

// subjectName names a colour's subject in l.
func subjectName(l i18n.Lang, c atheneum.Color) string {
	if !c.IsBook() {
		return "?"
	}
	return l.T("subject." + c.String())
}

// aiLevels are the AI levels offered in the lobby.
var aiLevels = []string{"random", "normal", "hard"}

func lobbyComponents(l i18n.Lang, rec *store.Game) []discordgo.MessageComponent {
	id := func(verb string) string {
		return face.ID{Game: rec.ID, Step: "lobby", Seat: -1, Moves: -1, Verb: verb}.String()
	}
	taken := map[atheneum.Color]string{}
	for _, s := range rec.Seats {
		taken[seatSubject(s)] = s.Name
	}
	var opts []discordgo.SelectMenuOption
	for _, c := range atheneum.Colors {
		desc := l.T("lobby.subject.free")
		if who, ok := taken[c]; ok {
			desc = l.T("lobby.subject.taken", "Name", who)
		}
		opts = append(opts, option(colorLabel(l, c)+" — "+subjectName(l, c), string(c.Letter()), desc, false))
	}
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("lobby.join.label"), Style: discordgo.PrimaryButton, CustomID: id("join")},
			discordgo.Button{Label: l.T("lobby.leave.label"), Style: discordgo.SecondaryButton, CustomID: id("leave")},
			discordgo.Button{Label: l.T("lobby.start.label"), Style: discordgo.SuccessButton, CustomID: id("start"), Disabled: len(rec.Seats) < atheneum.MinSeats},
			discordgo.Button{Label: l.T("lobby.cancel.label"), Style: discordgo.DangerButton, CustomID: id("cancel")},
		}},
		selectRow(id("subject"), l.T("lobby.subject.placeholder"), opts),
	}
	if len(rec.Seats) < rec.Options.Seats {
		var levels []discordgo.SelectMenuOption
		for _, lv := range aiLevels {
			levels = append(levels, option(l.T("ai."+lv+".name"), lv, l.T("ai."+lv+".option"), false))
		}
		rows = append(rows, selectRow(id("addai"), l.T("lobby.addai.placeholder"), levels))
	}
	var ais []discordgo.SelectMenuOption
	for i, s := range rec.Seats {
		if s.UserID == "" {
			ais = append(ais, option(strconv.Itoa(i+1)+". "+s.Name, strconv.Itoa(i+1), l.T("lobby.rmai.option"), false))
		}
	}
	if len(ais) > 0 {
		rows = append(rows, selectRow(id("rmai"), l.T("lobby.rmai.placeholder"), ais))
	}
	var langs []discordgo.SelectMenuOption
	for _, lang := range i18n.Langs {
		langs = append(langs, option(lang.T("lang.name"), lang.String(), l.T("lobby.language.option"), lang == l))
	}
	rows = append(rows, selectRow(id("lang"), l.T("lobby.language.placeholder"), langs))
	return rows
}

// lobbyVerbs maps the lobby's component verbs to the service's changes.
var lobbyVerbs = map[string]string{"join": "join", "leave": "leave", "subject": "seat_option", "addai": "add_ai", "rmai": "remove_ai", "lang": "language"}

// lobbyOptions names the option a lobby menu sets.
var lobbyOptions = map[string]string{"subject": atheneum.SeatOptionSubject}

// lobbyComponent handles the lobby's buttons and menus; t is locked.
func (b *Bot) lobbyComponent(ctx context.Context, r *reply, t *game.Table, id face.ID, values []string) error {
	user := interactionUser(r.i)
	switch id.Verb {
	case "cancel":
		if err := b.svc.CancelLobby(ctx, t, user.ID); err != nil {
			return err
		}
		_, err := r.edit(face.GameLang(t.Rec).T("lobby.cancelled", "Host", "<@"+t.Rec.HostID+">"), nil)
		return err
	case "start":
		return b.startGame(ctx, r, t, user.ID)
	}
	verb, ok := lobbyVerbs[id.Verb]
	if !ok {
		return face.ErrStaleChoice
	}
	if err := b.svc.ChangeLobby(ctx, t, game.LobbyChange{Verb: verb, Option: lobbyOptions[id.Verb], UserID: user.ID, Name: displayName(user, r.i.Member), Value: firstValue(values)}); err != nil {
		return err
	}
	l := face.GameLang(t.Rec)
	_, err := r.edit(lobbyText(l, t.Rec), lobbyComponents(l, t.Rec))
	return err
}

func firstValue(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// startGame deals the first hands and opens the first pick step; t is
// locked. The lobby's message becomes the first step's post.
func (b *Bot) startGame(ctx context.Context, r *reply, t *game.Table, userID string) error {
	if err := b.svc.Start(ctx, t, userID); err != nil {
		return err
	}
	rec := t.Rec
	l := face.GameLang(rec)
	var sb strings.Builder
	sb.WriteString(l.T("start.title") + "\n")
	for i, s := range rec.Seats {
		who := "<@" + s.UserID + ">"
		if s.UserID == "" {
			who = l.T("lobby.seat.ai", "Name", s.Name)
		}
		sb.WriteString(l.T("start.seat", "N", i+1, "Who", who, "Color", colorLabel(l, seatSubject(s)), "Subject", subjectName(l, seatSubject(s)), "Neighbours", neighbours(l, rec, i)) + "\n")
	}
	sb.WriteString(l.T("start.help"))
	empty := []discordgo.MessageComponent{}
	embeds := waitingEmbed(waitingLine(l, rec, b.svc.Deadline(ctx, t)))
	msg, err := r.answer(sb.String(), empty, embeds, nil)
	if err != nil {
		b.log.Warn("could not update the lobby message", "game", rec.ID, "err", err)
	} else if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgStep, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.log.Warn("could not record the first step's post", "game", rec.ID, "err", err)
	}
	// An edit pings nobody: people reached in the channel get one post.
	if pings := b.channelPings(ctx, rec); len(pings) > 0 {
		b.post(ctx, rec, &discordgo.MessageSend{Content: l.T("flow.ping.step", "Who", mentions(pings)), AllowedMentions: pingsOnly(pings)})
	}
	b.svc.Settle(ctx, t)
	return nil
}

// neighbours says who sits on a seat's left and right (one opponent, on
// both sides, in a two-player game).
func neighbours(l i18n.Lang, rec *store.Game, seat int) string {
	left, right := athGame(rec).LeftOf(seat), athGame(rec).RightOf(seat)
	if left == right {
		return l.T("start.opponent", "Name", rec.Seats[left].Name)
	}
	return l.T("start.neighbours", "Left", rec.Seats[left].Name, "Right", rec.Seats[right].Name)
}

// lobbyExpired closes the lobby's message once it timed out.
func (b *Bot) lobbyExpired(ctx context.Context, t *game.Table) {
	rec := t.Rec
	m, err := b.db.GetMessage(ctx, rec.ID, msgLobby, store.NoSeat)
	if err != nil {
		return
	}
	text := face.GameLang(rec).T("lobby.expired")
	empty := []discordgo.MessageComponent{}
	if _, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Content: &text, Components: &empty, AllowedMentions: noMentions}); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not close an expired lobby's message", "game", rec.ID, "err", err)
	}
}
