package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/store"
)

// Message kinds kept in the store so they can be edited after a restart.
const (
	msgLobby  = "lobby"
	msgStatus = "status"
	msgPrompt = "prompt"
)

// messageLink points at a message in a server channel.
func messageLink(guild, channel, message string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, channel, message)
}

func (b *Bot) cmdNew(ctx context.Context, r *reply, opts options) error {
	if r.i.GuildID == "" || r.i.Member == nil {
		return refuse("Games are played in a server channel, not in direct messages.")
	}
	user := interactionUser(r.i)
	channelID := r.i.ChannelID
	inThread := opts.bool("thread")
	if !inThread {
		if existing, err := b.db.GameInChannel(ctx, channelID); err == nil {
			return b.alreadyRunning(ctx, existing)
		} else if store.ErrorCode(err) != store.CodeNotFound {
			return err
		}
	}
	l := game.Lobby{GuildID: r.i.GuildID, ChannelID: channelID, HostID: user.ID, HostName: displayName(user, r.i.Member),
		Seats: opts.int("seats", engine.MaxSeats), StepHours: opts.int("hours", b.cfg.StepHours)}
	if l.Seats < engine.MinSeats || l.Seats > engine.MaxSeats {
		return refuse("A game has 2 to 5 seats.")
	}
	if l.StepHours < 1 || l.StepHours > 336 {
		return refuse("Each step may last 1 to 336 hours.")
	}
	if inThread {
		return b.newInThread(ctx, r, l)
	}
	rec, err := b.svc.OpenLobby(ctx, l)
	if err != nil {
		if errors.Is(err, store.ErrExists) {
			if existing, e := b.db.GameInChannel(ctx, r.i.ChannelID); e == nil {
				return b.alreadyRunning(ctx, existing)
			}
		}
		return err
	}
	r.game = rec.ID
	if err := r.deferMessage(false); err != nil {
		return err
	}
	msg, err := r.edit(lobbyText(rec), lobbyComponents(rec))
	if err != nil {
		return err
	}
	return b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID})
}

// newInThread opens the lobby in a new public thread of the channel, where
// the whole game then runs.
func (b *Bot) newInThread(ctx context.Context, r *reply, l game.Lobby) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	th, err := b.dg.ThreadStartComplex(l.ChannelID, &discordgo.ThreadStart{
		Name: clip("Atheneum — "+l.HostName+"'s game", 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080,
	})
	if err != nil {
		b.log.Warn("could not start a thread", "channel", l.ChannelID, "err", err)
		return refuse("I could not start a thread here (I may lack the Create Public Threads permission). Try /atheneum new without the thread option.")
	}
	l.ChannelID = th.ID
	rec, err := b.svc.OpenLobby(ctx, l)
	if err != nil {
		return err
	}
	r.game = rec.ID
	msg := b.post(ctx, rec, &discordgo.MessageSend{Content: lobbyText(rec), Components: lobbyComponents(rec)})
	if msg == nil {
		return errors.New("could not post the lobby in the new thread")
	}
	if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		return err
	}
	_, err = r.edit(fmt.Sprintf("Your game's lobby is open in <#%s>: the players join there.", th.ID), nil)
	return err
}

// alreadyRunning answers /atheneum new in a channel that has a game.
func (b *Bot) alreadyRunning(ctx context.Context, rec *store.Game) error {
	text := "A game is already running in this channel."
	for _, kind := range []string{msgStatus, msgLobby} {
		if m, err := b.db.GetMessage(ctx, rec.ID, kind, store.NoSeat); err == nil {
			text = "A game is already running in this channel: " + messageLink(rec.GuildID, m.ChannelID, m.MessageID)
			break
		}
	}
	return refuse(text + "\nOne game per channel: start another one in a different channel or thread.")
}

func lobbyText(rec *store.Game) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "**A new game of Atheneum: Mystic Library** hosted by <@%s>\n", rec.HostID)
	hours := "hours"
	if rec.Options.StepHours == 1 {
		hours = "hour"
	}
	fmt.Fprintf(&sb, "Seats: %d of %d taken · %d %s per step\n", len(rec.Seats), rec.Options.Seats, rec.Options.StepHours, hours)
	for i, s := range rec.Seats {
		who := "<@" + s.UserID + ">"
		if s.UserID == "" {
			who = "**" + s.Name + "** (computer player)"
		}
		fmt.Fprintf(&sb, "%d. %s — %s (%s)\n", i+1, who, s.Subject, s.Subject.Subject())
	}
	sb.WriteString("Press **Join** to take a seat and choose your favourite subject below. The host can add computer players, and presses **Start** once there are at least two players.")
	return sb.String()
}

// aiLevels describes the AI levels offered in the lobby.
var aiLevels = []struct{ level, label, desc string }{
	{"random", "Random AI", "Plays any legal move: for learning the game"},
	{"normal", "Normal AI", "Shelves sensibly and chases objectives"},
	{"hard", "Hard AI", "Thinks ahead by playing out possible futures"},
}

func lobbyComponents(rec *store.Game) []discordgo.MessageComponent {
	id := func(verb string) string {
		return customID{Game: rec.ID, Step: "lobby", Seat: -1, Moves: -1, Verb: verb}.String()
	}
	taken := map[engine.Color]string{}
	for _, s := range rec.Seats {
		taken[s.Subject] = s.Name
	}
	var opts []discordgo.SelectMenuOption
	for _, c := range engine.Colors {
		desc := "free"
		if who, ok := taken[c]; ok {
			desc = "taken by " + who
		}
		opts = append(opts, option(fmt.Sprintf("%s — %s", c, c.Subject()), string(c.Letter()), desc, false))
	}
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: id("join")},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id("leave")},
			discordgo.Button{Label: "Start", Style: discordgo.SuccessButton, CustomID: id("start"), Disabled: len(rec.Seats) < engine.MinSeats},
			discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id("cancel")},
		}},
		selectRow(id("subject"), "Choose your favourite subject", opts),
	}
	if len(rec.Seats) < rec.Options.Seats {
		var levels []discordgo.SelectMenuOption
		for _, l := range aiLevels {
			levels = append(levels, option(l.label, l.level, l.desc, false))
		}
		rows = append(rows, selectRow(id("addai"), "Add AI (host only): choose its level", levels))
	}
	var ais []discordgo.SelectMenuOption
	for i, s := range rec.Seats {
		if s.UserID == "" {
			ais = append(ais, option(fmt.Sprintf("%d. %s", i+1, s.Name), strconv.Itoa(i+1), "Remove this computer player", false))
		}
	}
	if len(ais) > 0 {
		rows = append(rows, selectRow(id("rmai"), "Remove an AI (host only)", ais))
	}
	return rows
}

// lobbyVerbs maps the lobby's component verbs to the service's changes.
var lobbyVerbs = map[string]string{"join": "join", "leave": "leave", "subject": "subject", "addai": "add_ai", "rmai": "remove_ai"}

// lobbyComponent handles the lobby's buttons and menus; t is locked.
func (b *Bot) lobbyComponent(ctx context.Context, r *reply, t *game.Table, id customID, values []string) error {
	user := interactionUser(r.i)
	switch id.Verb {
	case "cancel":
		if err := b.svc.CancelLobby(ctx, t, user.ID); err != nil {
			return err
		}
		_, err := r.edit(fmt.Sprintf("This game of Atheneum was cancelled by <@%s>.", t.Rec.HostID), nil)
		return err
	case "start":
		return b.startGame(ctx, r, t, user.ID)
	}
	verb, ok := lobbyVerbs[id.Verb]
	if !ok {
		return errStaleChoice
	}
	if err := b.svc.ChangeLobby(ctx, t, game.LobbyChange{Verb: verb, UserID: user.ID, Name: displayName(user, r.i.Member), Value: firstValue(values)}); err != nil {
		return err
	}
	_, err := r.edit(lobbyText(t.Rec), lobbyComponents(t.Rec))
	return err
}

func firstValue(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// startGame deals the first hands and opens the first pick step; t is locked.
func (b *Bot) startGame(ctx context.Context, r *reply, t *game.Table, userID string) error {
	if err := b.svc.Start(ctx, t, userID); err != nil {
		return err
	}
	rec := t.Rec
	var sb strings.Builder
	sb.WriteString("**Atheneum: Mystic Library** — the game has started!\n")
	for i, s := range rec.Seats {
		who := "**" + s.Name + "** (computer player)"
		if s.UserID != "" {
			who = "<@" + s.UserID + ">"
		}
		fmt.Fprintf(&sb, "%d. %s — %s (%s); %s\n", i+1, who, s.Subject, s.Subject.Subject(), neighbours(rec, i))
	}
	sb.WriteString("Everyone picks a card in secret: check your direct messages, or use `/atheneum hand` here.")
	if _, err := r.edit(sb.String(), nil); err != nil {
		b.log.Warn("could not update the lobby message", "game", rec.ID, "err", err)
	}
	b.svc.Settle(ctx, t)
	return nil
}

// neighbours says who sits on a seat's left and right (one opponent, on
// both sides, in a two-player game).
func neighbours(rec *store.Game, seat int) string {
	left, right := rec.State.LeftOf(seat), rec.State.RightOf(seat)
	if left == right {
		return "opponent " + rec.Seats[left].Name
	}
	return fmt.Sprintf("left neighbour %s, right neighbour %s", rec.Seats[left].Name, rec.Seats[right].Name)
}
