package bot

import (
	"atheneum/bot/face"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
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
		return face.Refuse(r.lang().T("lobby.no.dm"))
	}
	user := face.InteractionUser(r.i)
	channelID := r.i.ChannelID
	inThread := opts.Bool("thread")
	language := opts.Str("language")
	if language == "" {
		language = i18n.FromLocale(guildLocale(r.i)).String()
	} else if _, ok := i18n.Parse(language); !ok {
		return face.Refuse(r.lang().T("lobby.bad.language"))
	}
	lo, hi := r.face.Kind().SeatRange()
	l := game.Lobby{Game: r.face.Kind().ID(), GuildID: r.i.GuildID, ChannelID: channelID, HostID: user.ID, HostName: displayName(user, r.i.Member),
		Seats: opts.Int("seats", hi), StepHours: opts.Int("hours", 0), Language: language}
	if l.Seats < lo || l.Seats > hi {
		return face.Refuse(r.lang().T("lobby.bad.seats", "Min", lo, "Max", hi))
	}
	if _, set := opts["hours"]; set && (l.StepHours < 1 || l.StepHours > game.MaxHours) {
		return face.Refuse(r.lang().T("lobby.bad.hours", "Max", game.MaxHours))
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
	msg, err := r.edit(b.lobbyText(gl, rec), b.lobbyComponents(gl, rec))
	if err == nil {
		err = b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID})
	}
	if err != nil {
		// Nobody can see this lobby: close it rather than let it block
		// the channel, and say so.
		b.log.Warn("could not post a lobby", "game", rec.ID, "err", err)
		b.discardLobby(ctx, rec)
		return face.Refuse(r.lang().T("lobby.post.failed", "Command", r.face.Command()))
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
		Name: face.Clip(gl.T("lobby.thread.title", "Game", gl.T(r.face.Kind().ID()+".title"), "Host", l.HostName), 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080,
	})
	if err != nil {
		b.log.Warn("could not start a thread", "channel", l.ChannelID, "err", err)
		return face.Refuse(r.lang().T("lobby.thread.failed", "Command", r.face.Command()))
	}
	l.ChannelID = th.ID
	rec, err := b.svc.OpenLobby(ctx, l)
	if err != nil {
		return err
	}
	r.game = rec.ID
	msg := b.post(ctx, rec, &discordgo.MessageSend{Content: b.lobbyText(gl, rec), Components: b.lobbyComponents(gl, rec)})
	if msg == nil {
		b.discardLobby(ctx, rec)
		return face.Refuse(r.lang().T("lobby.post.failed", "Command", r.face.Command()))
	}
	if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.discardLobby(ctx, rec)
		return err
	}
	_, err = r.edit(r.lang().T("lobby.thread.open", "Thread", "<#"+th.ID+">"), nil)
	return err
}

// alreadyRunning answers /atheneum new in a channel that has a game.
func (b *Bot) alreadyRunning(ctx context.Context, r *reply, rec *store.Game) error {
	for _, kind := range []string{msgStep, msgLobby} {
		if m, err := b.db.GetMessage(ctx, rec.ID, kind, store.NoSeat); err == nil {
			return face.Refuse(r.lang().T("lobby.running.link", "Link", messageLink(rec.GuildID, m.ChannelID, m.MessageID)))
		}
	}
	return face.Refuse(r.lang().T("lobby.running"))
}

// lobbyText is the lobby's announcement, in the game's language.
func (b *Bot) lobbyText(l i18n.Lang, rec *store.Game) string {
	f, _ := b.faceOf(rec)
	var sb strings.Builder
	sb.WriteString(l.T("lobby.title", "Game", l.T(rec.Kind+".title"), "Host", "<@"+rec.HostID+">") + "\n")
	sb.WriteString(l.T("lobby.settings", "Taken", len(rec.Seats), "Seats", rec.Options.Seats,
		"Hours", l.T("count.hours", "Count", b.stepHours(rec)), "Language", l.T("lang.name")) + "\n")
	for _, o := range lobbyOptions(f) {
		if !o.PerSeat {
			v := rec.GameOptions[o.Name]
			if v == "" && len(o.Values) > 0 {
				v = o.Values[0]
			}
			sb.WriteString(l.T("lobby.option", "Option", l.T(rec.Kind+".option."+o.Name), "Value", f.OptionWords(l, o.Name, v)) + "\n")
		}
	}
	for i, s := range rec.Seats {
		who := "<@" + s.UserID + ">"
		if s.UserID == "" {
			who = l.T("lobby.seat.ai", "Name", s.Name)
		}
		var words []string
		for _, o := range lobbyOptions(f) {
			if v, ok := s.Options[o.Name]; ok && o.PerSeat {
				words = append(words, f.OptionWords(l, o.Name, v))
			}
		}
		if len(words) == 0 {
			sb.WriteString(l.T("lobby.seat.plain", "N", i+1, "Who", who) + "\n")
			continue
		}
		sb.WriteString(l.T("lobby.seat", "N", i+1, "Who", who, "Options", strings.Join(words, ", ")) + "\n")
	}
	sb.WriteString(l.T("lobby.help"))
	for _, o := range lobbyOptions(f) {
		if key := rec.Kind + ".option." + o.Name + ".help"; l.Has(key) {
			sb.WriteString(" " + l.T(key))
		}
	}
	if at := game.LobbyExpires(rec); !at.IsZero() {
		sb.WriteString("\n" + l.T("lobby.expires", "When", face.Stamp(at)))
	}
	return sb.String()
}

// stepHours is the time per step a game gets.
func (b *Bot) stepHours(rec *store.Game) int {
	if rec.Options.StepHours > 0 {
		return rec.Options.StepHours
	}
	return b.svc.DefaultStepHours(rec.Kind)
}

// lobbyOptions are the options a game's lobby offers.
func lobbyOptions(f face.Face) []engine.Option {
	if f == nil {
		return nil
	}
	if o, ok := f.Kind().Rules.(engine.Optioner); ok {
		return o.Options()
	}
	return nil
}

// The lobby's component verbs. A seat option's menu has the option's name
// as its verb (Atheneum's "subject"); a game option's is verbGameOption
// with the option's name as its argument.
const verbGameOption = "opt"

// lobbyOption and lobbySelect build the lobby's menus.
var (
	lobbyOption = face.MenuOption
	lobbySelect = face.MenuRow
)

func (b *Bot) lobbyComponents(l i18n.Lang, rec *store.Game) []discordgo.MessageComponent {
	f, _ := b.faceOf(rec)
	id := func(verb string, args ...string) string {
		return face.ID{Game: rec.ID, Step: face.LobbyStep, Seat: -1, Moves: -1, Verb: verb, Args: args}.String()
	}
	least := 2
	if f != nil {
		least, _ = f.Kind().SeatRange()
	}
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("lobby.join.label"), Style: discordgo.PrimaryButton, CustomID: id("join")},
			discordgo.Button{Label: l.T("lobby.leave.label"), Style: discordgo.SecondaryButton, CustomID: id("leave")},
			discordgo.Button{Label: l.T("lobby.start.label"), Style: discordgo.SuccessButton, CustomID: id("start"), Disabled: len(rec.Seats) < least},
			discordgo.Button{Label: l.T("lobby.cancel.label"), Style: discordgo.DangerButton, CustomID: id("cancel")},
		}},
	}
	for _, o := range lobbyOptions(f) {
		var opts []discordgo.SelectMenuOption
		for _, v := range o.Values {
			desc, def := "", false
			switch {
			case o.PerSeat && o.Unique:
				desc = l.T("lobby.option.free")
				for _, s := range rec.Seats {
					if s.Options[o.Name] == v {
						desc = l.T("lobby.option.taken", "Name", s.Name)
					}
				}
			case !o.PerSeat:
				cur := rec.GameOptions[o.Name]
				def = cur == v || (cur == "" && v == o.Values[0])
			}
			opts = append(opts, lobbyOption(f.OptionWords(l, o.Name, v), v, desc, def))
		}
		placeholder := l.T(rec.Kind + ".option." + o.Name + ".placeholder")
		if o.PerSeat {
			rows = append(rows, lobbySelect(id(o.Name), placeholder, opts))
		} else {
			rows = append(rows, lobbySelect(id(verbGameOption, o.Name), placeholder, opts))
		}
	}
	if len(rec.Seats) < rec.Options.Seats && f != nil {
		var levels []discordgo.SelectMenuOption
		for _, lv := range f.Kind().Levels() {
			levels = append(levels, lobbyOption(l.T("ai."+lv+".name"), lv, l.T("ai."+lv+".option"), false))
		}
		rows = append(rows, lobbySelect(id("addai"), l.T("lobby.addai.placeholder"), levels))
	}
	var ais []discordgo.SelectMenuOption
	for i, s := range rec.Seats {
		if s.UserID == "" {
			ais = append(ais, lobbyOption(strconv.Itoa(i+1)+". "+s.Name, strconv.Itoa(i+1), l.T("lobby.rmai.option"), false))
		}
	}
	if len(ais) > 0 && len(rows) < 5 {
		rows = append(rows, lobbySelect(id("rmai"), l.T("lobby.rmai.placeholder"), ais))
	}
	var langs []discordgo.SelectMenuOption
	for _, lang := range i18n.Langs {
		langs = append(langs, lobbyOption(lang.T("lang.name"), lang.String(), l.T("lobby.language.option"), lang == l))
	}
	if len(rows) < 5 {
		rows = append(rows, lobbySelect(id("lang"), l.T("lobby.language.placeholder"), langs))
	}
	return rows
}

// lobbyVerbs maps the lobby's component verbs to the service's changes.
var lobbyVerbs = map[string]string{"join": "join", "leave": "leave", "addai": "add_ai", "rmai": "remove_ai", "lang": "language"}

// lobbyComponent handles the lobby's buttons and menus; t is locked.
func (b *Bot) lobbyComponent(ctx context.Context, r *reply, t *game.Table, id face.ID, values []string) error {
	user := face.InteractionUser(r.i)
	switch id.Verb {
	case "cancel":
		if err := b.svc.CancelLobby(ctx, t, user.ID); err != nil {
			return err
		}
		_, err := r.edit(face.GameLang(t.Rec).T("lobby.cancelled", "Game", face.GameLang(t.Rec).T(t.Rec.Kind+".title"), "Host", "<@"+t.Rec.HostID+">"), nil)
		return err
	case "start":
		return b.startGame(ctx, r, t, user.ID)
	}
	change := game.LobbyChange{UserID: user.ID, Name: displayName(user, r.i.Member), Value: firstValue(values)}
	f, _ := b.faceOf(t.Rec)
	if verb, ok := lobbyVerbs[id.Verb]; ok {
		change.Verb = verb
	} else if id.Verb == verbGameOption {
		change.Verb, change.Option = "option", id.Arg(0)
	} else if slices.ContainsFunc(lobbyOptions(f), func(o engine.Option) bool { return o.PerSeat && o.Name == id.Verb }) {
		change.Verb, change.Option = "seat_option", id.Verb
	} else {
		return face.ErrStaleChoice
	}
	if err := b.svc.ChangeLobby(ctx, t, change); err != nil {
		return err
	}
	l := face.GameLang(t.Rec)
	_, err := r.edit(b.lobbyText(l, t.Rec), b.lobbyComponents(l, t.Rec))
	return err
}

func firstValue(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// startGame deals the game and opens its first step; t is locked. The
// lobby's message becomes the first step's post.
func (b *Bot) startGame(ctx context.Context, r *reply, t *game.Table, userID string) error {
	if err := b.svc.Start(ctx, t, userID); err != nil {
		return err
	}
	rec := t.Rec
	l := face.GameLang(rec)
	f, err := b.faceOf(rec)
	if err != nil {
		return err
	}
	empty := []discordgo.MessageComponent{}
	embeds := waitingEmbed(waitingLine(l, rec, b.svc.Deadline(ctx, t)))
	msg, err := r.answer(f.StartText(l, rec), empty, embeds, nil)
	if err != nil {
		b.log.Warn("could not update the lobby message", "game", rec.ID, "err", err)
	} else if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgStep, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.log.Warn("could not record the first step's post", "game", rec.ID, "err", err)
	}
	// An edit pings nobody: people reached in the channel get one post.
	if pings := b.channelPings(ctx, t); len(pings) > 0 {
		b.post(ctx, rec, &discordgo.MessageSend{Content: l.T("flow.ping.step", "Who", mentions(pings), "Command", f.Command()), AllowedMentions: pingsOnly(pings)})
	}
	b.svc.Settle(ctx, t)
	return nil
}

// lobbyExpired closes the lobby's message once it timed out.
func (b *Bot) lobbyExpired(ctx context.Context, t *game.Table) {
	rec := t.Rec
	m, err := b.db.GetMessage(ctx, rec.ID, msgLobby, store.NoSeat)
	if err != nil {
		return
	}
	text := face.GameLang(rec).T("lobby.expired", "Command", b.command(rec))
	empty := []discordgo.MessageComponent{}
	if _, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Content: &text, Components: &empty, AllowedMentions: noMentions}); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not close an expired lobby's message", "game", rec.ID, "err", err)
	}
}

// verbRematch is the final post's button that opens a new lobby for the
// same game, with the same options and computer players.
const verbRematch = "rematch"

// rematchRow is the final post's Rematch button.
func rematchRow(l i18n.Lang, rec *store.Game) discordgo.ActionsRow {
	id := face.ID{Game: rec.ID, Step: "over", Seat: -1, Moves: -1, Verb: verbRematch}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("rematch.label"), Style: discordgo.PrimaryButton, CustomID: id.String()},
	}}
}

// rematch opens a new lobby in a finished game's channel, hosted by the
// player who pressed Rematch, with the old game's options and computer
// seats; the other people of the old game are mentioned, and join with
// one press. Only a player of the finished game may ask; t is locked.
func (b *Bot) rematch(ctx context.Context, r *reply, t *game.Table) error {
	old := t.Rec
	user := face.InteractionUser(r.i)
	if old.Status != store.StatusFinished {
		return face.ErrStaleChoice
	}
	if game.SeatOf(old, user.ID) < 0 {
		return face.RefuseID("rematch.not.player")
	}
	l := game.Lobby{Game: old.Kind, GuildID: old.GuildID, ChannelID: old.ChannelID, HostID: user.ID, HostName: displayName(user, r.i.Member),
		Seats: old.Options.Seats, StepHours: old.Options.StepHours, Language: old.Options.Language}
	if l.Seats < len(old.Seats) {
		l.Seats = len(old.Seats)
	}
	rec, err := b.openLobby(ctx, r, l)
	if err != nil {
		return err
	}
	nt, err := b.svc.Table(ctx, rec.ID)
	if err != nil {
		return err
	}
	defer nt.Unlock()
	for name, value := range old.GameOptions {
		if lobbyHasGameOption(b, rec, name) {
			if err := b.svc.ChangeLobby(ctx, nt, game.LobbyChange{Verb: "option", Option: name, UserID: user.ID, Value: value}); err != nil {
				b.log.Warn("a rematch could not keep an option", "game", rec.ID, "option", name, "err", err)
			}
		}
	}
	var people []string
	for _, s := range old.Seats {
		switch {
		case s.UserID == "":
			if err := b.svc.ChangeLobby(ctx, nt, game.LobbyChange{Verb: "add_ai", UserID: user.ID, Value: s.AILevel}); err != nil {
				b.log.Warn("a rematch could not seat a computer player", "game", rec.ID, "level", s.AILevel, "err", err)
			}
		case s.UserID != user.ID:
			people = append(people, s.UserID)
		}
	}
	gl := face.GameLang(nt.Rec)
	content := b.lobbyText(gl, nt.Rec)
	if len(people) > 0 {
		content = gl.T("rematch.call", "Who", mentions(people)) + "\n" + content
	}
	msg := b.post(ctx, nt.Rec, &discordgo.MessageSend{Content: content, Components: b.lobbyComponents(gl, nt.Rec), AllowedMentions: pingsOnly(people)})
	if msg == nil {
		b.discardLobby(ctx, nt.Rec)
		return face.Refuse(r.lang().T("lobby.post.failed", "Command", b.command(old)))
	}
	if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgLobby, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
		b.log.Warn("could not record a lobby's message", "game", rec.ID, "err", err)
	}
	b.log.Info("rematch", "game", rec.ID, "after", old.ID)
	// The final post keeps its words and pictures, and loses its button:
	// one rematch per game.
	words := ""
	if r.i.Message != nil {
		words = r.i.Message.Content
	}
	_, err = r.edit(words, []discordgo.MessageComponent{})
	return err
}

// lobbyHasGameOption reports whether the lobby's game has that option.
func lobbyHasGameOption(b *Bot, rec *store.Game, name string) bool {
	f, err := b.faceOf(rec)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(lobbyOptions(f), func(o engine.Option) bool { return !o.PerSeat && o.Name == name })
}

// Tutorial games: seats (the player and computer players of the normal
// level) and hours per step, with no hurry.
const (
	tutorialSeats = 3
	tutorialHours = 72
)

// cmdTutorial starts a practice game of the command's game for the member,
// against computer players, in a private thread of the channel that only
// they (and the bot) see: it disturbs nobody and counts in no record, and
// every step shows hints. A private thread needs the bot's Create Private
// Threads and Send Messages in Threads permissions.
func (b *Bot) cmdTutorial(ctx context.Context, r *reply) error {
	if r.i.GuildID == "" || r.i.Member == nil {
		return face.Refuse(r.lang().T("lobby.no.dm"))
	}
	if err := r.deferMessage(true); err != nil {
		return err
	}
	if err := b.sameServer(ctx, r); err != nil {
		return err
	}
	user := face.InteractionUser(r.i)
	f := r.face
	title := r.lang().T(f.Kind().ID() + ".title")
	lo, hi := f.Kind().SeatRange()
	seats := min(max(tutorialSeats, lo), hi)
	rec, err := b.svc.OpenPractice(ctx, game.Lobby{Game: f.Kind().ID(), GuildID: r.i.GuildID, HostID: user.ID,
		HostName: displayName(user, r.i.Member), Seats: seats, StepHours: tutorialHours, Language: string(r.lang()), Practice: true},
		func() (string, error) {
			th, err := b.dg.ThreadStartComplex(r.i.ChannelID, &discordgo.ThreadStart{
				Name: face.Clip(r.lang().T("tutorial.thread", "Game", title, "Name", displayName(user, r.i.Member)), 100),
				Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: 10080,
			})
			if err != nil {
				b.log.Warn("could not start a tutorial's thread", "channel", r.i.ChannelID, "err", err)
				return "", face.Refuse(r.lang().T("tutorial.thread.failed"))
			}
			return th.ID, nil
		})
	if err != nil {
		return err
	}
	r.game = rec.ID
	t, err := b.svc.Table(ctx, rec.ID)
	if err != nil {
		return err
	}
	defer t.Unlock()
	for range seats - 1 {
		if err := b.svc.ChangeLobby(ctx, t, game.LobbyChange{Verb: "add_ai", UserID: user.ID, Value: game.ReplacementLevel}); err != nil {
			return err
		}
	}
	if err := b.svc.Start(ctx, t, user.ID); err != nil {
		return err
	}
	gl := face.GameLang(t.Rec)
	intro := gl.T("tutorial.intro", "Who", "<@"+user.ID+">", "Game", title, "Hours", gl.T("count.hours", "Count", tutorialHours), "Command", f.Command())
	// The mention adds the member to the private thread.
	msg := b.post(ctx, t.Rec, &discordgo.MessageSend{Content: intro + "\n\n" + f.StartText(gl, t.Rec),
		Embeds: waitingEmbed(waitingLine(gl, t.Rec, b.svc.Deadline(ctx, t))), AllowedMentions: pingsOnly([]string{user.ID})})
	if msg != nil {
		if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgStep, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
			b.log.Warn("could not record the first step's post", "game", rec.ID, "err", err)
		}
	}
	b.svc.Settle(ctx, t)
	b.log.Info("tutorial started", "game", rec.ID)
	_, err = r.edit(r.lang().T("tutorial.ready", "Thread", "<#"+rec.ChannelID+">"), nil)
	return err
}
