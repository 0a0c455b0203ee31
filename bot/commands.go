package bot

import (
	"atheneum/bot/face"
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
	atrender "atheneum/render/atheneum"
	"atheneum/store"
)

// invokedSubcommand reads the subcommand invoked and its options.
func invokedSubcommand(i *discordgo.Interaction) (string, face.Options) {
	data := i.ApplicationCommandData()
	if len(data.Options) == 0 {
		return "", nil
	}
	sub := data.Options[0]
	opts := face.Options{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	return sub.Name, opts
}

func (b *Bot) handleCommand(ctx context.Context, r *reply) error {
	name, opts := invokedSubcommand(r.i)
	if r.i.ApplicationCommandData().Name != "atheneum" {
		return face.Refuse(r.l.T("cmd.unknown"))
	}
	switch name {
	case "new":
		return b.cmdNew(ctx, r, opts)
	case "rules":
		return b.cmdRules(r, opts.Str("topic"))
	case "help":
		return b.cmdRules(r, "help")
	case "notify":
		return b.cmdNotify(ctx, r, opts)
	case "language":
		return b.cmdLanguage(ctx, r, opts)
	case "history", "stats", "leaderboard", "games", "replay":
		if err := r.deferMessage(true); err != nil {
			return err
		}
		return b.cmdRecords(ctx, r, name, opts)
	}
	if err := r.deferMessage(true); err != nil {
		return err
	}
	switch name {
	case "status", "shelf", "table", "objectives", "scores":
		// Read-only: answered from the last stored state, never waiting
		// for the game's lock or for Discord calls made on its behalf.
		snap, err := b.svc.SnapshotInChannel(ctx, r.i.GuildID, r.i.ChannelID)
		if err != nil {
			return b.noGameHere(r, err)
		}
		r.game = snap.Rec.ID
		if snap.Rec.Status == store.StatusLobby {
			return face.Refuse(r.l.T("cmd.in.lobby"))
		}
		return b.readOnly(ctx, r, name, opts, snap)
	}
	rec, err := b.svc.GameInChannel(ctx, r.i.GuildID, r.i.ChannelID)
	if err != nil {
		return b.noGameHere(r, err)
	}
	r.game = rec.ID
	if rec.Status == store.StatusLobby {
		return face.Refuse(r.l.T("cmd.in.lobby"))
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
	case "admin":
		return b.cmdAdmin(ctx, r, t)
	case "resign":
		return b.cmdResign(ctx, r, t)
	}
	return face.Refuse(r.l.T("cmd.unknown"))
}

// noGameHere words a failed lookup of the channel's game.
func (b *Bot) noGameHere(r *reply, err error) error {
	if store.ErrorCode(err) == store.CodeNotFound {
		return face.Refuse(r.l.T("cmd.no.game"))
	}
	return err
}

// readOnly answers the commands that only look at a game.
func (b *Bot) readOnly(ctx context.Context, r *reply, name string, opts face.Options, snap *game.Snapshot) error {
	rec := snap.Rec
	switch name {
	case "status":
		_, err := r.edit(b.statusText(r.l, snap), nil)
		return err
	case "shelf":
		return b.cmdShelf(r, rec, opts)
	case "table":
		pic, err := b.drawPicture("table.png", func() (render.Picture, error) {
			return atrender.DrawTable(athGame(rec).View(atheneum.Spectator), face.PictureOptions(rec))
		})
		if err != nil {
			return err
		}
		_, err = r.edit(scoresText(r.l, rec), nil, pic)
		return err
	case "objectives":
		pic, err := b.drawPicture("objectives.png", func() (render.Picture, error) {
			return atrender.DrawObjectives(athGame(rec).View(atheneum.Spectator), face.PictureOptions(rec))
		})
		if err != nil {
			return err
		}
		_, err = r.edit(objectivesText(r.l, athGame(rec)), nil, pic)
		return err
	}
	_, err := r.edit(scoresText(r.l, rec), nil)
	return err
}

func (b *Bot) cmdShelf(r *reply, rec *store.Game, opts face.Options) error {
	seat := game.SeatOf(rec, interactionUser(r.i).ID) // may be -1: spectators name a player
	if o, ok := opts["player"]; ok {
		u := o.UserValue(nil)
		if u == nil {
			return face.RefuseID("cmd.no.user")
		}
		if seat = game.SeatOf(rec, u.ID); seat < 0 {
			return face.RefuseID("cmd.not.playing", "Who", "<@"+u.ID+">")
		}
	}
	if seat < 0 {
		return face.RefuseID("play.shelf.whom")
	}
	g := athGame(rec)
	pic, err := b.drawPicture("shelves.png", func() (render.Picture, error) {
		return atrender.DrawShelves(g.View(atheneum.Spectator), seat, atrender.Marks{}, face.PictureOptions(rec))
	})
	if err != nil {
		return err
	}
	// The picture shows the shelves, and its alt text reads them out.
	text := r.l.T("play.shelf.text", "Name", rec.Seats[seat].Name, "Subject", r.l.T("subject."+g.Seats[seat].Subject.String()),
		"Points", r.l.T("points", "Count", g.Seats[seat].Score()))
	_, err = r.edit(text, nil, pic)
	return err
}

func (b *Bot) cmdRules(r *reply, topic string) error {
	text := rulesTextIn(r.l, topic)
	return b.dg.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}})
}

// statusText says where the game stands, whom it waits for and until when.
func (b *Bot) statusText(l i18n.Lang, snap *game.Snapshot) string {
	rec := snap.Rec
	g := athGame(rec)
	var sb strings.Builder
	if g.Step == atheneum.StepOver {
		var w []string
		for _, s := range g.Winners() {
			w = append(w, rec.Seats[s].Name)
		}
		return l.T("status.over", "Winners", face.JoinAnd(l, w))
	}
	step := l.T("status.step.pick")
	if g.Step == atheneum.StepResolve {
		step = l.T("status.step.resolve")
	}
	sb.WriteString(l.T("status.turn", "Turn", g.TurnNumber(), "Phase", phaseLetter(g), "PhaseTurn", g.Turn, "Step", step) + "\n")
	sb.WriteString(waitingLine(l, rec, snap.Deadline) + "\n")
	var auto []string
	for _, s := range rec.Seats {
		if s.Autopilot {
			auto = append(auto, s.Name)
		}
	}
	if len(auto) > 0 {
		sb.WriteString(l.T("status.autopilot", "Names", face.JoinAnd(l, auto)) + "\n")
	}
	sb.WriteString(l.T("status.help"))
	return sb.String()
}

// scoresText lists the scores, best first, and the final breakdown at the end.
func scoresText(l i18n.Lang, rec *store.Game) string {
	g := athGame(rec)
	var lines []string
	if g.Step == atheneum.StepOver {
		lines = append(lines, l.T("play.scores.final.title"))
		for _, r := range g.Results {
			lines = append(lines, l.T("play.scores.final.line", "Rank", r.Rank, "Name", rec.Seats[r.Seat].Name, "Total", r.Total,
				"Objectives", r.Objectives, "Cards", r.Cards, "Favourite", r.Favorite, "Compartments", r.Compartments, "Candles", r.Candles, "Wands", r.Wands))
		}
		return strings.Join(lines, "\n") + "\n"
	}
	if played := g.TurnNumber() - 1; played > 0 {
		lines = append(lines, l.T("play.scores.title", "Turns", l.T("count.turns", "Count", played)))
	} else {
		lines = append(lines, l.T("play.scores.title.first"))
	}
	for i := range g.Seats {
		lines = append(lines, l.T("play.scores.line", "Name", rec.Seats[i].Name, "Score", g.Seats[i].Score(), "Final", g.Breakdown(i).Total))
	}
	return strings.Join(lines, "\n") + "\n"
}

// objectivesText lists the objective row, each objective with what it asks.
func objectivesText(l i18n.Lang, g *atheneum.Game) string {
	lines := []string{l.T("play.objectives.title")}
	for k, slot := range g.Row {
		if slot.Objective < 0 {
			continue
		}
		key := "play.objectives.line"
		if k == atheneum.RowSize-1 {
			key = "play.objectives.leaving"
		}
		lines = append(lines, l.T(key, "N", k+1, "Objective", objectiveWords(l, &g.Content.Objectives[slot.Objective])))
	}
	return strings.Join(lines, "\n") + "\n"
}
