package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
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

// handleCommand answers a game's slash command: the subcommands every
// game shares here, the game's own through its face. A game's command used
// in a channel that runs another game says which command to use there.
func (b *Bot) handleCommand(ctx context.Context, r *reply) error {
	name, opts := invokedSubcommand(r.i)
	f, ok := b.faces[r.i.ApplicationCommandData().Name]
	if !ok {
		return face.Refuse(r.lang().T("cmd.unknown", "Command", b.defaultCommand()))
	}
	r.face = f
	switch name {
	case "new":
		return b.cmdNew(ctx, r, opts)
	case "rules":
		return b.cmdRules(r, opts.Str("topic"))
	case "help":
		return b.cmdRules(r, "help")
	case "notify":
		return b.cmdNotify(ctx, r, opts)
	case "away", "back":
		if r.i.GuildID == "" {
			return face.Refuse(r.lang().T("lobby.no.dm"))
		}
		if err := r.deferMessage(true); err != nil {
			return err
		}
		if err := b.sameServer(ctx, r); err != nil {
			return err
		}
		if name == "away" {
			return b.cmdAway(ctx, r, opts)
		}
		return b.cmdBack(ctx, r)
	case "hints":
		return b.cmdHints(ctx, r, opts)
	case "tutorial":
		return b.cmdTutorial(ctx, r)
	case "language":
		return b.cmdLanguage(ctx, r, opts)
	case groupRecords:
		if err := r.deferMessage(true); err != nil {
			return err
		}
		sub, subOpts := nestedSubcommand(r.i)
		return b.cmdRecords(ctx, r, sub, subOpts)
	}
	if err := r.deferMessage(true); err != nil {
		return err
	}
	spec, own := subcommand(f, name)
	if name == "log" {
		return b.cmdLog(ctx, r, opts)
	}
	if name == "status" || (own && spec.ReadOnly) {
		// Read-only: answered from the last stored state, never waiting
		// for the game's lock or for Discord calls made on its behalf.
		snap, err := b.svc.SnapshotInChannel(ctx, r.i.GuildID, r.i.ChannelID)
		if err != nil {
			return b.noGameHere(r, err)
		}
		r.game = snap.Rec.ID
		if err := b.sameKind(r, snap.Rec); err != nil {
			return err
		}
		if snap.Rec.Status == store.StatusLobby {
			return face.Refuse(r.lang().T("cmd.in.lobby"))
		}
		if name == "status" {
			_, err := r.edit(b.statusText(r.lang(), snap), nil)
			return err
		}
		d, err := f.HandleCommand(ctx, b, r, name, opts, face.Target{Snap: snap})
		if err != nil || d.Show == nil {
			return err
		}
		return r.show(*d.Show) // read-only: nothing is played
	}
	rec, err := b.svc.GameInChannel(ctx, r.i.GuildID, r.i.ChannelID)
	if err != nil {
		return b.noGameHere(r, err)
	}
	r.game = rec.ID
	if err := b.sameKind(r, rec); err != nil {
		return err
	}
	if rec.Status == store.StatusLobby {
		return face.Refuse(r.lang().T("cmd.in.lobby"))
	}
	t, err := b.svc.Table(ctx, rec.ID)
	if err != nil {
		return err
	}
	defer t.Unlock()
	switch {
	case name == "admin":
		return b.cmdAdmin(ctx, r, t)
	case name == "resign":
		return b.cmdResign(ctx, r, t)
	case own:
		if t.Rec.State == nil {
			return face.Refuse(r.lang().T("cmd.in.lobby"))
		}
		d, err := f.HandleCommand(ctx, b, r, name, opts, face.Target{Table: t})
		if err != nil {
			return err
		}
		seat := game.SeatOf(t.Rec, interactionUser(r.i).ID)
		if d.Move != "" && seat < 0 {
			return face.RefuseID("play.not.playing")
		}
		return b.decide(ctx, r, t, f, seat, d)
	}
	return face.Refuse(r.lang().T("cmd.unknown", "Command", f.Command()))
}

// maxLogTurns is the most turns /<command> log tells at once.
const maxLogTurns = 10

// catchUpTurns is how many turns /<command> log tells by default to
// someone who has not moved in the game yet (a spectator, say).
const catchUpTurns = 3

// cmdLog tells what happened in the channel's game, replayed from its log
// (no lock is taken), in the asker's language: by default everything since
// the asker's last move in it (or its last few turns), else the number of
// turns asked for. Once the game is over, the channel's last finished game
// is told.
func (b *Bot) cmdLog(ctx context.Context, r *reply, opts face.Options) error {
	turns, asked := opts.Int("turns", 0), opts["turns"] != nil
	if asked && (turns < 1 || turns > maxLogTurns) {
		return face.Refuse(r.lang().T("log.bad.turns", "Max", maxLogTurns))
	}
	var rec *store.Game
	snap, err := b.svc.SnapshotInChannel(ctx, r.i.GuildID, r.i.ChannelID)
	switch {
	case err == nil:
		rec = snap.Rec
	case store.ErrorCode(err) == store.CodeNotFound:
		games, herr := b.svc.History(ctx, store.Scope{GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, Game: r.face.Kind().ID()}, 1)
		if herr != nil || len(games) == 0 {
			return b.noGameHere(r, err)
		}
		rec = games[0].Game
	default:
		return b.noGameHere(r, err)
	}
	r.game = rec.ID
	if err := b.sameKind(r, rec); err != nil {
		return err
	}
	if rec.Status == store.StatusLobby {
		return face.Refuse(r.lang().T("cmd.in.lobby"))
	}
	var steps []game.Step
	if _, err := b.svc.Replay(ctx, rec.ID, func(st game.Step) error {
		steps = append(steps, st)
		return nil
	}); err != nil {
		return err
	}
	if !asked {
		steps, turns = sinceLastMove(steps, game.SeatOf(rec, interactionUser(r.i).ID))
	}
	text := r.face.Log(r.lang(), rec, steps, turns)
	_, err = r.edit(text, nil)
	return err
}

// sinceLastMove keeps the steps after seat's last move of its own, and
// every turn they span; a seat that never moved (or nobody's) gets the
// last catchUpTurns turns.
func sinceLastMove(steps []game.Step, seat int) ([]game.Step, int) {
	last := -1
	for i, st := range steps {
		if s, ok := engine.MoveSeat(st.Move); ok && s == seat && st.By == game.ByPlayer.String() {
			last = i
		}
	}
	if seat < 0 || last < 0 || last == len(steps)-1 {
		return steps, catchUpTurns
	}
	return steps[last+1:], len(steps)
}

// subcommand finds one of a face's own subcommands.
func subcommand(f face.Face, name string) (face.Spec, bool) {
	for _, s := range f.Subcommands() {
		if s.Name == name {
			return s, true
		}
	}
	return face.Spec{}, false
}

// sameKind refuses a game's command in a channel that runs another game,
// naming the command to use there.
func (b *Bot) sameKind(r *reply, rec *store.Game) error {
	if rec.Kind == r.face.Kind().ID() {
		return nil
	}
	return face.RefuseID("cmd.other.game", "Game", r.lang().T(rec.Kind+".title"), "Command", b.command(rec))
}

// sameServer refuses a command whose channel holds a game of another
// server than the one the interaction names (Discord never sends that; a
// forged payload could), as every command about the channel's game does.
func (b *Bot) sameServer(ctx context.Context, r *reply) error {
	if _, err := b.svc.GameInChannel(ctx, r.i.GuildID, r.i.ChannelID); err != nil && store.ErrorCode(err) != store.CodeNotFound {
		return err
	}
	return nil
}

// noGameHere words a failed lookup of the channel's game.
func (b *Bot) noGameHere(r *reply, err error) error {
	if store.ErrorCode(err) == store.CodeNotFound {
		return face.Refuse(r.lang().T("cmd.no.game", "Command", r.face.Command()))
	}
	return err
}

// cmdRules shows a topic of the game's rules, privately.
func (b *Bot) cmdRules(r *reply, topic string) error {
	text := r.face.RulesText(r.lang(), topic)
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}})
}

// statusText says where the game stands, whom it waits for and until when.
func (b *Bot) statusText(l i18n.Lang, snap *game.Snapshot) string {
	rec := snap.Rec
	if rec.State.Over() {
		var w []string
		for _, s := range winners(rec.State) {
			w = append(w, rec.Seats[s].Name)
		}
		return l.T("status.over", "Game", l.T(rec.Kind+".title"), "Winners", face.JoinAnd(l, w))
	}
	var sb strings.Builder
	sb.WriteString(l.T("status.position", "Game", l.T(rec.Kind+".title"), "Position", b.position(l, rec)) + "\n")
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
	sb.WriteString(l.T("status.help", "Command", b.command(rec)))
	return sb.String()
}
