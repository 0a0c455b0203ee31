package bot

import (
	"atheneum/bot/face"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/store"
)

// Sizes of the record lists: a list longer than one message is sent in parts.
const (
	historyGames      = 10
	leaderboardPlaces = 10
	leaderboardMin    = 3
)

// cmdNotify sets how a member is told that the game waits for them.
func (b *Bot) cmdNotify(ctx context.Context, r *reply, opts face.Options) error {
	mode := game.NotifyMode(opts.Str("mode"))
	if err := b.svc.SetNotifyMode(ctx, interactionUser(r.i).ID, mode); err != nil {
		return err
	}
	return r.say(r.lang().T("notify.set."+string(mode), "Command", r.face.Command()), true)
}

// cmdHints turns a member's hints on or off, in every game.
func (b *Bot) cmdHints(ctx context.Context, r *reply, opts face.Options) error {
	mode := opts.Str("mode")
	if mode != "on" && mode != "off" {
		return face.Refuse(r.lang().T("hints.bad"))
	}
	if err := b.svc.SetMemberSetting(ctx, face.InteractionUser(r.i).ID, settingHints, mode); err != nil {
		return err
	}
	b.forgetHints()
	return r.say(r.lang().T("hints.set."+mode, "Command", r.face.Command()), true)
}

// cmdLanguage sets the language the bot uses with a member.
func (b *Bot) cmdLanguage(ctx context.Context, r *reply, opts face.Options) error {
	l, ok := i18n.Parse(opts.Str("language"))
	if !ok {
		return face.Refuse(r.lang().T("language.unknown"))
	}
	if err := b.setChosen(ctx, interactionUser(r.i).ID, l); err != nil {
		return err
	}
	r.l, r.langKnown = l, true
	return r.say(l.T("language.set"), true)
}

// say answers a command at once, ephemeral or not.
func (r *reply) say(text string, ephemeral bool) error {
	data := &discordgo.InteractionResponseData{Content: face.Clip(text, maxContent), AllowedMentions: noMentions}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
	r.acked = err == nil
	return err
}

// cmdRecords answers the history, stats, leaderboard, games and replay
// commands, which read the server's records and need no game's lock.
func (b *Bot) cmdRecords(ctx context.Context, r *reply, name string, opts face.Options) error {
	if r.i.GuildID == "" {
		return face.Refuse(r.lang().T("lobby.no.dm"))
	}
	l := r.lang()
	var kind string // the game whose records to read, "" for all
	if name != "replay" {
		g, err := b.recordsGame(r, opts.Str("game"))
		if err != nil {
			return err
		}
		if g != allGames {
			kind = g
		}
	}
	switch name {
	case "history":
		channel := r.i.ChannelID
		if opts.Str("scope") == "server" {
			channel = ""
		}
		games, err := b.svc.History(ctx, store.Scope{GuildID: r.i.GuildID, ChannelID: channel, Game: kind}, historyGames)
		if err != nil {
			return err
		}
		_, err = r.edit(historyText(l, games, channel == ""), nil)
		return err
	case "stats":
		u := face.InteractionUser(r.i)
		if o, ok := opts["member"]; ok {
			if u = o.UserValue(nil); u == nil {
				return face.Refuse(l.T("cmd.no.user"))
			}
		}
		st, err := b.svc.Stats(ctx, store.Scope{GuildID: r.i.GuildID, Game: kind}, u.ID)
		if err != nil {
			return err
		}
		_, err = r.edit(statsText(l, r.face, "<@"+u.ID+">", st), nil)
		return err
	case "leaderboard":
		board, err := b.svc.Leaderboard(ctx, store.Scope{GuildID: r.i.GuildID, Game: kind}, leaderboardPlaces, leaderboardMin)
		if err != nil {
			return err
		}
		_, err = r.edit(leaderboardText(l, board), nil)
		return err
	case "games":
		u := face.InteractionUser(r.i)
		snaps, err := b.svc.MemberGames(ctx, r.i.GuildID, u.ID)
		if err != nil {
			return err
		}
		away := awayWords(l, b.svc.AwayUntil(ctx, r.i.GuildID, u.ID), r.face.Command())
		_, err = r.edit(away+b.gamesText(l, u.ID, snaps), nil)
		return err
	case "replay":
		return b.cmdReplay(ctx, r, opts.Str("game"))
	}
	return face.Refuse(l.T("cmd.unknown", "Command", r.face.Command()))
}

// recordsGame reads the game: option of a records subcommand, typed with
// suggestions (gameChoices): a game's id or its title in either language,
// or allGames; none is the command's own game. Anything else is refused,
// naming the choices.
func (b *Bot) recordsGame(r *reply, typed string) (string, error) {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return r.face.Kind().ID(), nil
	}
	for _, c := range b.gameChoices(r.lang(), "") {
		id := c.Value.(string)
		if strings.EqualFold(typed, id) || strings.EqualFold(typed, c.Name) || (id != allGames && strings.EqualFold(typed, gameTitle(id))) {
			return id, nil
		}
	}
	var names []string
	for _, c := range b.gameChoices(r.lang(), "") {
		names = append(names, c.Name)
	}
	return "", face.Refuse(r.lang().T("records.bad.game", "Name", face.Echo(typed), "Games", strings.Join(names, ", ")))
}

// gameTitle is a game's title in English, which a member may type in any
// language (titles are names).
func gameTitle(id string) string { return i18n.English.T(id + ".title") }

// gameChoices suggests the game: option's values while it is typed: every
// game together, then each game hosted, by its title in l, those whose
// title or id begins with what was typed first.
func (b *Bot) gameChoices(l i18n.Lang, typed string) []*discordgo.ApplicationCommandOptionChoice {
	all := []*discordgo.ApplicationCommandOptionChoice{{Name: l.T("cmd.records.game.all.choice"), Value: allGames}}
	for _, f := range b.order {
		id := f.Kind().ID()
		all = append(all, &discordgo.ApplicationCommandOptionChoice{Name: l.T(id + ".title"), Value: id})
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	if typed == "" {
		return all
	}
	var first, rest []*discordgo.ApplicationCommandOptionChoice
	for _, c := range all {
		if strings.HasPrefix(strings.ToLower(c.Name), typed) || strings.HasPrefix(c.Value.(string), typed) {
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	return append(first, rest...)
}

// historyText lists finished games, newest first.
func historyText(l i18n.Lang, games []store.FinishedGame, server bool) string {
	if len(games) == 0 {
		return l.T("history.none")
	}
	var sb strings.Builder
	key := "history.title.channel"
	if server {
		key = "history.title.server"
	}
	sb.WriteString(l.T(key) + "\n")
	for _, fg := range games {
		rec := fg.Game
		var scores []string
		for _, res := range fg.Results {
			scores = append(scores, fmt.Sprintf("%s %d", res.Name, res.Score))
		}
		line := l.T("history.line", "Date", fmt.Sprintf("<t:%d:d>", rec.EndedAt.Unix()), "Game", l.T(rec.Kind+".title"), "ID", rec.ID, "Players", len(rec.Seats))
		if rec.Status == store.StatusAbandoned {
			reason := rec.EndReason
			if reason == "" {
				reason = l.T("history.no.reason")
			}
			line += " " + l.T("history.abandoned", "Reason", face.Echo(reason))
		} else if len(fg.Results) > 0 {
			var winners []string
			for _, res := range fg.Results {
				if res.Rank == 1 {
					winners = append(winners, res.Name)
				}
			}
			line += " " + l.T("history.won", "Winners", face.JoinAnd(l, winners), "Scores", strings.Join(scores, " · "))
		}
		if fg.Final.MessageID != "" {
			line += " " + messageLink(rec.GuildID, fg.Final.ChannelID, fg.Final.MessageID)
		}
		sb.WriteString(line + "\n")
	}
	return sb.String()
}

// statsText is one member's record in f's game: games, wins, scores, and
// the seat options they played most (Atheneum's favourite subject).
func statsText(l i18n.Lang, f face.Face, who string, st store.MemberStats) string {
	if st.Games == 0 {
		return l.T("stats.none", "Who", who)
	}
	text := l.T("stats.text", "Who", who, "Games", l.T("count.games", "Count", st.Games), "Wins", l.T("count.wins", "Count", st.Wins),
		"Average", fmt.Sprintf("%.1f", st.Average), "Best", st.Best)
	for _, o := range lobbyOptions(f) {
		if v, ok := st.Usual[o.Name]; ok && o.PerSeat {
			text += "\n" + l.T("stats.usual", "Option", l.T(f.Kind().ID()+".option."+o.Name), "Value", f.OptionWords(l, o.Name, v))
		}
	}
	return text
}

// leaderboardText ranks the server's players.
func leaderboardText(l i18n.Lang, board []store.Standing) string {
	if len(board) == 0 {
		return l.T("leaderboard.none", "Min", leaderboardMin)
	}
	var sb strings.Builder
	sb.WriteString(l.T("leaderboard.title", "Min", leaderboardMin) + "\n")
	for i, s := range board {
		avg := float64(s.Points) / float64(max(s.Games, 1))
		sb.WriteString(l.T("leaderboard.line", "Rank", i+1, "Who", "<@"+s.UserID+">", "Wins", l.T("count.wins", "Count", s.Wins),
			"Games", l.T("count.games", "Count", s.Games), "Average", fmt.Sprintf("%.1f", avg), "Best", s.BestTotal) + "\n")
	}
	return sb.String()
}

// gamesText lists a member's running games (of every kind) and what each
// waits for.
func (b *Bot) gamesText(l i18n.Lang, userID string, snaps []*game.Snapshot) string {
	if len(snaps) == 0 {
		return l.T("games.none")
	}
	var sb strings.Builder
	sb.WriteString(l.T("games.title") + "\n")
	for _, snap := range snaps {
		rec := snap.Rec
		where := "<#" + rec.ChannelID + ">"
		if rec.Status == store.StatusLobby {
			sb.WriteString(l.T("games.lobby", "Where", where) + "\n")
			continue
		}
		seat := game.SeatOf(rec, userID)
		state := l.T("games.not.you")
		switch {
		case seat < 0 || rec.State.Over():
		case rec.Seats[seat].Autopilot:
			state = l.T("games.autopilot")
		case slices.Contains(rec.State.Awaited(), seat):
			state = l.T("games.you", "Deadline", deadlineWords(l, rec, snap.Deadline))
		}
		sb.WriteString(l.T("games.line", "Where", where, "Game", l.T(rec.Kind+".title"), "Position", b.position(l, rec), "State", state) + "\n")
	}
	return sb.String()
}

// cmdReplay shows a finished game of this server, of the command's game,
// as its face replays it.
func (b *Bot) cmdReplay(ctx context.Context, r *reply, id string) error {
	l := r.lang()
	id = strings.TrimSpace(id)
	rec, err := b.db.GetGame(ctx, id)
	if err != nil || rec.GuildID != r.i.GuildID || rec.Kind != r.face.Kind().ID() {
		// Another server's game is as unknown here as a game that never was.
		return face.Refuse(l.T("replay.unknown", "ID", face.Echo(id)))
	}
	if rec.Status != store.StatusFinished {
		return face.Refuse(l.T("replay.not.finished"))
	}
	return r.face.Replay(ctx, b, r, rec)
}

// replayChoices suggests this server's finished games of f's kind for its
// replay subcommand.
func (b *Bot) replayChoices(ctx context.Context, r *reply, f face.Face, typed string) []*discordgo.ApplicationCommandOptionChoice {
	games, err := b.svc.History(ctx, store.Scope{GuildID: r.i.GuildID, Game: f.Kind().ID()}, face.MaxOptions)
	if err != nil {
		return nil
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, fg := range games {
		if fg.Game.Status != store.StatusFinished || !strings.HasPrefix(fg.Game.ID, strings.TrimSpace(typed)) {
			continue
		}
		var scores []string
		for _, res := range fg.Results {
			scores = append(scores, fmt.Sprintf("%s %d", res.Name, res.Score))
		}
		label := fg.Game.EndedAt.UTC().Format("2006-01-02") + " · " + strings.Join(scores, ", ")
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(label, face.MaxLabel), Value: fg.Game.ID})
	}
	return choices
}
