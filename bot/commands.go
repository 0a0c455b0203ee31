package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/render"
	"atheneum/store"
)

// commands is the bot's single slash command, /atheneum, with subcommands.
func commands() []*discordgo.ApplicationCommand {
	minSeats, minHours := float64(engine.MinSeats), float64(1)
	noDM := false
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	var topics []*discordgo.ApplicationCommandOptionChoice
	for _, t := range rulesTopics {
		topics = append(topics, &discordgo.ApplicationCommandOptionChoice{Name: t.title, Value: t.key})
	}
	var colours []*discordgo.ApplicationCommandOptionChoice
	for _, c := range engine.Colors {
		colours = append(colours, &discordgo.ApplicationCommandOptionChoice{Name: c.String(), Value: string(c.Letter())})
	}
	return []*discordgo.ApplicationCommand{{
		Name:         "atheneum",
		Description:  "Play Atheneum: Mystic Library in this channel",
		DMPermission: &noDM,
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a lobby for a new game in this channel",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Most players allowed (2-5, default 5)", MinValue: &minSeats, MaxValue: engine.MaxSeats},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "hours", Description: "Hours each player has per step (default 24)", MinValue: &minHours, MaxValue: 336},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "thread", Description: "Play in a new thread of this channel, so several games can run side by side"}),
			sub("hand", "See your hand of study cards and pick one (only you see it)"),
			sub("play", "Open your workbench: pick a card or shelve your benefits (only you see it)"),
			sub("place", "Shelve a book you hold by typing where it goes",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "item", Description: "The book or paired set you hold", Required: true, Autocomplete: true},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "space", Description: "Where, as compartment.level.space, e.g. II.2.3", Required: true, Autocomplete: true},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "color", Description: "The colour, for a book of any colour", Choices: colours},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "flip", Description: "Turn a paired set around"}),
			sub("status", "Where the game stands and whom it waits for"),
			sub("shelf", "Show a player's shelves",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Whose shelves (default: yours)"}),
			sub("table", "Show every player's shelves, the scores and the objectives"),
			sub("objectives", "Show the objective row"),
			sub("scores", "Show the scores"),
			sub("rules", "The rules in short",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: "Which part of the rules", Choices: topics}),
			sub("help", "How to play with this bot"),
		},
	}}
}

// option reads a subcommand's options by name.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

func subcommand(i *discordgo.Interaction) (string, options) {
	data := i.ApplicationCommandData()
	if len(data.Options) == 0 {
		return "", nil
	}
	sub := data.Options[0]
	opts := options{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	return sub.Name, opts
}

func (o options) str(name string) string {
	if v, ok := o[name]; ok {
		if s, ok := v.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (o options) int(name string, def int) int {
	if v, ok := o[name]; ok {
		if f, ok := v.Value.(float64); ok {
			return int(f)
		}
	}
	return def
}

func (o options) bool(name string) bool {
	if v, ok := o[name]; ok {
		if b, ok := v.Value.(bool); ok {
			return b
		}
	}
	return false
}

func (b *Bot) handleCommand(ctx context.Context, r *reply) error {
	name, opts := subcommand(r.i)
	if r.i.ApplicationCommandData().Name != "atheneum" {
		return refuse("Unknown command.")
	}
	switch name {
	case "new":
		return b.cmdNew(ctx, r, opts)
	case "rules":
		return b.cmdRules(r, opts.str("topic"))
	case "help":
		return b.cmdRules(r, "help")
	}
	if err := r.deferMessage(true); err != nil {
		return err
	}
	rec, err := b.db.GameInChannel(ctx, r.i.ChannelID)
	if err != nil {
		if store.ErrorCode(err) == store.CodeNotFound {
			return refuse("No game is running in this channel. Start one with /atheneum new.")
		}
		return err
	}
	r.game = rec.ID
	if rec.Status == store.StatusLobby {
		return refuse("This channel's game is still in its lobby: join it there, and the host starts it.")
	}
	t, err := b.svc.Table(ctx, rec.ID)
	if err != nil {
		return err
	}
	defer t.Unlock()
	switch name {
	case "hand":
		return b.cmdHand(ctx, r, t)
	case "play":
		return b.cmdPlay(ctx, r, t)
	case "place":
		return b.cmdPlace(ctx, r, t, opts)
	case "status":
		_, err := r.edit(b.statusText(ctx, t), nil)
		return err
	case "shelf":
		return b.cmdShelf(r, t, opts)
	case "table":
		img, err := b.draw(func() ([]byte, error) { return render.Table(t.Rec.State.View(engine.Spectator), names(t.Rec)) })
		if err != nil {
			return err
		}
		_, err = r.edit(b.scoresText(t.Rec), nil, png("table.png", img))
		return err
	case "objectives":
		img, err := b.draw(func() ([]byte, error) { return render.Objectives(t.Rec.State.View(engine.Spectator), names(t.Rec)) })
		if err != nil {
			return err
		}
		_, err = r.edit(objectivesText(t.Rec.State), nil, png("objectives.png", img))
		return err
	case "scores":
		_, err := r.edit(b.scoresText(t.Rec), nil)
		return err
	}
	return refuse("Unknown command.")
}

func (b *Bot) cmdShelf(r *reply, t *game.Table, opts options) error {
	seat := game.SeatOf(t.Rec, interactionUser(r.i).ID) // may be -1: spectators name a player
	if o, ok := opts["player"]; ok {
		u := o.UserValue(nil)
		if u == nil {
			return refuse("I could not read that player.")
		}
		if seat = game.SeatOf(t.Rec, u.ID); seat < 0 {
			return refuse(fmt.Sprintf("<@%s> is not playing in this game.", u.ID))
		}
	}
	if seat < 0 {
		return refuse("You are not playing in this game: name a player, as in /atheneum shelf player:@someone.")
	}
	g := t.Rec.State
	img, err := b.draw(func() ([]byte, error) { return render.Shelves(g.View(engine.Spectator), seat, names(t.Rec)) })
	if err != nil {
		return err
	}
	text := fmt.Sprintf("**%s**'s shelves (%s): %d points so far.\n`%s`", t.Rec.Seats[seat].Name, g.Seats[seat].Subject.Subject(), g.Seats[seat].Score(), g.Shelves(seat))
	_, err = r.edit(text, nil, png("shelves.png", img))
	return err
}

func (b *Bot) cmdRules(r *reply, topic string) error {
	text := rulesText(topic)
	return b.dg.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}})
}

// statusText says where the game stands.
func (b *Bot) statusText(ctx context.Context, t *game.Table) string {
	rec := t.Rec
	g := rec.State
	var sb strings.Builder
	if g.Step == engine.StepOver {
		fmt.Fprintf(&sb, "**Atheneum** — the game is over. ")
		var w []string
		for _, s := range g.Winners() {
			w = append(w, rec.Seats[s].Name)
		}
		fmt.Fprintf(&sb, "Winner: %s.", strings.Join(w, " and "))
		return sb.String()
	}
	step := "choosing their study cards"
	if g.Step == engine.StepResolve {
		step = "shelving their benefits"
	}
	fmt.Fprintf(&sb, "**Atheneum** — turn %d of 10 (phase %s, turn %d): players are %s.\n", g.TurnNumber(), g.PhaseName(), g.Turn, step)
	var waiting []string
	for _, s := range g.Waiting() {
		waiting = append(waiting, mention(rec, s))
	}
	if len(waiting) > 0 {
		fmt.Fprintf(&sb, "Waiting for: %s", strings.Join(waiting, ", "))
		if due := b.svc.Deadline(ctx, t); !due.IsZero() {
			fmt.Fprintf(&sb, " — deadline <t:%d:R>", due.Unix())
		}
		sb.WriteString(".\n")
	}
	var auto []string
	for _, s := range rec.Seats {
		if s.Autopilot {
			auto = append(auto, s.Name)
		}
	}
	if len(auto) > 0 {
		fmt.Fprintf(&sb, "On autopilot until they act again: %s.\n", strings.Join(auto, ", "))
	}
	sb.WriteString("Use `/atheneum play` to act, `/atheneum table` to see everyone's shelves.")
	return sb.String()
}

// scoresText lists the scores, best first, and the final breakdown at the end.
func (b *Bot) scoresText(rec *store.Game) string {
	g := rec.State
	var sb strings.Builder
	if g.Step == engine.StepOver {
		sb.WriteString("**Final scores**\n")
		for _, r := range g.Results {
			fmt.Fprintf(&sb, "%d. %s — **%d** (objectives %d, cards %d, favourite subject %d, compartments %d, candles %d, wands %d)\n",
				r.Rank, rec.Seats[r.Seat].Name, r.Total, r.Objectives, r.Cards, r.Favorite, r.Compartments, r.Candles, r.Wands)
		}
		return sb.String()
	}
	fmt.Fprintf(&sb, "**Scores after %d turn(s)** (points so far; end-of-game points in brackets if the game ended now)\n", g.TurnNumber()-1)
	for i := range g.Seats {
		br := g.Breakdown(i)
		fmt.Fprintf(&sb, "%s — **%d** (%d)\n", rec.Seats[i].Name, g.Seats[i].Score(), br.Total)
	}
	return sb.String()
}

// objectivesText lists the objective row in words.
func objectivesText(g *engine.Game) string {
	var sb strings.Builder
	sb.WriteString("**Objective row** (the rightmost leaves at the end of this turn)\n")
	for k, slot := range g.Row {
		if slot.Objective < 0 {
			continue
		}
		o := &g.Content.Objectives[slot.Objective]
		leaving := ""
		if k == engine.RowSize-1 {
			leaving = " — leaves after this turn"
		}
		fmt.Fprintf(&sb, "%d. `%s`%s\n", k+1, o.Notation(), leaving)
	}
	return sb.String()
}
