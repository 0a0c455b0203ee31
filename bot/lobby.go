package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

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
	rec := &store.Game{
		GuildID: r.i.GuildID, ChannelID: channelID, HostID: user.ID,
		Options: store.Options{Seats: opts.int("seats", engine.MaxSeats), StepHours: opts.int("hours", b.cfg.StepHours)},
		Seats:   []store.Seat{{UserID: user.ID, Name: displayName(user, r.i.Member), Subject: engine.Teal}},
	}
	if rec.Options.Seats < engine.MinSeats || rec.Options.Seats > engine.MaxSeats {
		return refuse("A game has 2 to 5 seats.")
	}
	if rec.Options.StepHours < 1 || rec.Options.StepHours > 336 {
		return refuse("Each step may last 1 to 336 hours.")
	}
	if inThread {
		return b.newInThread(ctx, r, rec)
	}
	if err := b.db.CreateGame(ctx, rec); err != nil {
		if errors.Is(err, store.ErrExists) {
			if existing, e := b.db.GameInChannel(ctx, r.i.ChannelID); e == nil {
				return b.alreadyRunning(ctx, existing)
			}
		}
		return err
	}
	r.game = rec.ID
	b.log.Info("lobby opened", "game", rec.ID, "guild", rec.GuildID, "channel", rec.ChannelID)
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
func (b *Bot) newInThread(ctx context.Context, r *reply, rec *store.Game) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	th, err := b.dg.ThreadStartComplex(rec.ChannelID, &discordgo.ThreadStart{
		Name: clip("Atheneum — "+rec.Seats[0].Name+"'s game", 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080,
	})
	if err != nil {
		b.log.Warn("could not start a thread", "channel", rec.ChannelID, "err", err)
		return refuse("I could not start a thread here (I may lack the Create Public Threads permission). Try /atheneum new without the thread option.")
	}
	rec.ChannelID = th.ID
	if err := b.db.CreateGame(ctx, rec); err != nil {
		return err
	}
	r.game = rec.ID
	b.log.Info("lobby opened", "game", rec.ID, "guild", rec.GuildID, "channel", rec.ChannelID, "thread", true)
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
	fmt.Fprintf(&sb, "Seats: %d of %d taken · %d hour(s) per step\n", len(rec.Seats), rec.Options.Seats, rec.Options.StepHours)
	for i, s := range rec.Seats {
		fmt.Fprintf(&sb, "%d. <@%s> — %s (%s)\n", i+1, s.UserID, s.Subject, s.Subject.Subject())
	}
	sb.WriteString("Press **Join** to take a seat and choose your favourite subject below. The host presses **Start** once at least two players have joined.")
	return sb.String()
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
	return []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: id("join")},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id("leave")},
			discordgo.Button{Label: "Start", Style: discordgo.SuccessButton, CustomID: id("start"), Disabled: len(rec.Seats) < engine.MinSeats},
			discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id("cancel")},
		}},
		selectRow(id("subject"), "Choose your favourite subject", opts),
	}
}

// lobbyComponent handles the lobby's buttons and menu; t is locked.
func (b *Bot) lobbyComponent(ctx context.Context, r *reply, t *table, id customID, values []string) error {
	rec := t.rec
	switch rec.Status {
	case store.StatusPlaying:
		return refuse("This game has already started. Follow it with /atheneum status.")
	case store.StatusLobby:
	default:
		return refuse("This lobby is closed.")
	}
	user := interactionUser(r.i)
	seat := seatOf(rec, user.ID)
	isHost := user.ID == rec.HostID
	seats := append([]store.Seat(nil), rec.Seats...)
	switch id.Verb {
	case "join":
		if seat >= 0 {
			return refuse("You have already joined this game.")
		}
		if len(seats) >= rec.Options.Seats {
			return refuse("This game is full.")
		}
		free := engine.NoColor
		for _, c := range engine.Colors {
			if !hasSubject(seats, c) {
				free = c
				break
			}
		}
		seats = append(seats, store.Seat{UserID: user.ID, Name: displayName(user, r.i.Member), Subject: free})
	case "leave":
		if seat < 0 {
			return refuse("You are not in this lobby.")
		}
		if isHost {
			return refuse("You are hosting this game: press Cancel to close the lobby instead.")
		}
		seats = append(seats[:seat:seat], seats[seat+1:]...)
	case "subject":
		if seat < 0 {
			return refuse("Join the game first, then choose your subject.")
		}
		c, ok := engine.ParseColor(firstValue(values))
		if !ok || !c.IsBook() {
			return refuse("That subject does not exist.")
		}
		if c != seats[seat].Subject && hasSubject(seats, c) {
			return refuse(fmt.Sprintf("%s is already someone's favourite subject: choose another.", c.Subject()))
		}
		seats[seat].Subject = c
	case "cancel":
		if !isHost {
			return refuse("Only the host can cancel the game.")
		}
		if err := b.db.Abandon(ctx, rec.ID); err != nil {
			return err
		}
		rec.Status = store.StatusAbandoned
		b.log.Info("lobby cancelled", "game", rec.ID)
		_, err := r.edit(fmt.Sprintf("This game of Atheneum was cancelled by <@%s>.", rec.HostID), nil)
		b.forget(rec.ID)
		return err
	case "start":
		if !isHost {
			return refuse("Only the host can start the game.")
		}
		if len(seats) < engine.MinSeats {
			return refuse("At least two players must join before the game can start.")
		}
		return b.startGame(ctx, r, t)
	default:
		return errStaleChoice
	}
	if err := b.db.UpdateLobby(ctx, rec.ID, seats, rec.Options); err != nil {
		return err
	}
	rec.Seats = seats
	_, err := r.edit(lobbyText(rec), lobbyComponents(rec))
	return err
}

func hasSubject(seats []store.Seat, c engine.Color) bool {
	for _, s := range seats {
		if s.Subject == c {
			return true
		}
	}
	return false
}

func firstValue(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// startGame deals the first hands and opens the first pick step; t is locked.
func (b *Bot) startGame(ctx context.Context, r *reply, t *table) error {
	rec, err := b.db.StartGame(ctx, t.rec.ID, newSeed(), t.rec.Seats)
	if err != nil {
		return err
	}
	t.rec = rec
	b.log.Info("game started", "game", rec.ID, "seats", len(rec.Seats))
	var sb strings.Builder
	sb.WriteString("**Atheneum: Mystic Library** — the game has started!\n")
	for i, s := range rec.Seats {
		left, right := rec.State.LeftOf(i), rec.State.RightOf(i)
		fmt.Fprintf(&sb, "%d. <@%s> — %s (%s); left neighbour %s, right neighbour %s\n", i+1, s.UserID, s.Subject, s.Subject.Subject(), rec.Seats[left].Name, rec.Seats[right].Name)
	}
	sb.WriteString("Everyone picks a card in secret: check your direct messages, or use `/atheneum hand` here.")
	if _, err := r.edit(sb.String(), nil); err != nil {
		b.log.Warn("could not update the lobby message", "game", rec.ID, "err", err)
	}
	jobs := b.stepJobs(rec)
	if err := b.db.Commit(ctx, rec.ID, store.Commit{Seq: rec.State.Seq, PutJobs: jobs}); err != nil {
		return err
	}
	t.scheduled(jobs)
	b.beginStep(ctx, t)
	return nil
}
