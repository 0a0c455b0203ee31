package bot

// This file presents what the service did (Present), sends and builds the
// seats' private prompts, and routes presses and autocompletion to the
// lobby or to the game's face once they are checked against the game.

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/store"
)

// beginStep marks the people's prompts of the step that ended as over (a
// hand someone picked from early still shows its menu), then sends every
// awaited person who wants direct messages their new prompt; the others
// were mentioned in the step's post.
func (b *Bot) beginStep(ctx context.Context, t *game.Table) {
	rec := t.Rec
	// The game's recorded messages in one read, rather than a read per
	// seat for its prompt (most steps retire none: they were settled),
	// and the prompts retired and sent recorded in one write at the end,
	// rather than a write for each (t is locked meanwhile: nothing else
	// of this process reads them before).
	var changes store.MessageChanges
	msgs, err := b.db.Messages(ctx, rec.ID)
	for seat := range rec.Seats {
		if !game.IsPerson(rec, seat) {
			continue
		}
		if err != nil {
			b.retirePrompt(ctx, rec, seat)
			continue
		}
		for _, m := range msgs {
			if m.Kind == msgPrompt && m.Seat == seat {
				b.retireShown(ctx, rec, m)
				changes.Forget = append(changes.Forget, m)
			}
		}
	}
	for _, seat := range t.Prompted() {
		if b.wantsDM(ctx, rec.Seats[seat]) {
			if m, ok := b.sendPromptUnrecorded(ctx, t, seat); ok {
				changes.Put = append(changes.Put, m)
			}
		}
	}
	if err := b.db.ChangeMessages(ctx, rec.ID, changes); err != nil {
		b.log.Warn("could not record a step's prompts", "game", rec.ID, "err", err)
	}
}

// Present shows what the game service did (it implements game.Presenter).
func (b *Bot) Present(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	switch n.Kind {
	case game.NoticeStepBegan:
		b.beginStep(ctx, t)
	case game.NoticeWaiting:
		// The step's post says whom the game waits for: an edit keeps it
		// current (and notifies nobody).
		b.refreshStepPost(ctx, t)
	case game.NoticeStepEnded:
		f, err := b.faceOf(rec)
		if err != nil {
			b.log.Error("a step ended in a game no face shows", "game", rec.ID, "err", err)
			return
		}
		m := f.StepEnded(b, rec, n)
		if chapter := f.Chapter(rec); chapter != "" && !rec.State.Over() {
			b.liveStep(ctx, t, chapter, m)
		} else {
			b.postStep(ctx, t, &discordgo.MessageSend{Content: m.Content, Components: m.Components}, m.Pictures...)
		}
		if rec.State.Over() {
			b.forgetHints() // a finished game may end someone's first games
			b.log.Info("game finished", "game", rec.ID)
		}
	case game.NoticeReminder:
		b.remind(ctx, t, n)
	case game.NoticeAutopilot:
		b.autopilotOn(ctx, t, n)
	case game.NoticeAway:
		b.awayPosted(ctx, t, n)
	case game.NoticeBack:
		b.backPosted(ctx, t, n)
	case game.NoticeHost:
		b.postHost(ctx, t, n.Host)
	case game.NoticeLobbyExpired:
		b.lobbyExpired(ctx, t)
	}
}

// sendPrompt sends a seat its private prompt for the current step by
// direct message (see sendDM for closed direct messages).
func (b *Bot) sendPrompt(ctx context.Context, t *game.Table, seat int) {
	m, ok := b.sendPromptUnrecorded(ctx, t, seat)
	if !ok {
		return
	}
	if e := b.db.PutMessage(ctx, m); e != nil {
		b.log.Warn("could not record a prompt", "game", t.Rec.ID, "err", e)
	}
}

// sendPromptUnrecorded is sendPrompt without recording the prompt: it
// returns the record to make, if it sent one.
func (b *Bot) sendPromptUnrecorded(ctx context.Context, t *game.Table, seat int) (store.Message, bool) {
	rec := t.Rec
	s := rec.Seats[seat]
	if s.UserID == "" || s.DMClosed {
		return store.Message{}, false
	}
	m, err := b.prompt(ctx, t, seat, b.memberLang(ctx, s.UserID, rec))
	if err != nil {
		b.log.Error("could not build a prompt", "game", rec.ID, "seat", seat, "err", err)
		return store.Message{}, false
	}
	msg, err := b.sendDM(ctx, rec, seat, true, &discordgo.MessageSend{Content: m.Content, Components: m.Components}, m.Pictures...)
	if err != nil {
		return store.Message{}, false
	}
	return store.Message{GameID: rec.ID, Kind: msgPrompt, Seat: seat, ChannelID: msg.ChannelID, MessageID: msg.ID}, true
}

// prompt builds a seat's private message for the current step: its face's
// prompt, or, for a seat on autopilot, the button that takes it back.
func (b *Bot) prompt(ctx context.Context, t *game.Table, seat int, l i18n.Lang) (face.Message, error) {
	rec := t.Rec
	if rec.Seats[seat].Autopilot && !rec.State.Over() && (game.Automatic(rec, seat) || !slices.Contains(rec.State.Awaited(), seat)) {
		return face.Message{Content: l.T("play.autopilot.prompt", "Position", b.position(l, rec), "Channel", "<#"+rec.ChannelID+">"),
			Components: []discordgo.MessageComponent{autopilotRow(l, rec, seat)}}, nil
	}
	f, err := b.faceOf(rec)
	if err != nil {
		return face.Message{}, err
	}
	return f.Prompt(ctx, b.promptEnv(rec, seat, l), t, seat, l)
}

// promptEnv is the bot as a prompt's face sees it, drawing each picture of
// seat's prompt at the game's version (rec.Seq) once: a prompt is built
// again for the same version when a person asks for it by command after
// its direct message, or presses something that does not move, and its
// pictures (seat's hand, its shelves) are the same. They are kept in the
// bot's pictureMemory by game, version, seat, language, the seats' names
// (all that a prompt's pictures are drawn from) and by their name and
// rank in the prompt.
func (b *Bot) promptEnv(rec *store.Game, seat int, l i18n.Lang) face.Env {
	base := rec.ID + "\x00" + strconv.Itoa(seat) + "\x00" + string(l) + "\x00" + string(face.GameLang(rec)) + "\x00" + strings.Join(face.Names(rec), "\x00")
	return &promptEnv{Bot: b, base: base, key: "v\x00" + strconv.Itoa(rec.Seq) + "\x00" + base}
}

// promptEnv draws a prompt's pictures through the bot's pictureMemory.
type promptEnv struct {
	*Bot
	base string // the game, seat, languages and names
	key  string // base at the game's version
	n    int
}

// DrawKeyed draws one picture of the prompt, or reuses the one drawn
// under the same key for the same game, seat, languages and names, at
// any version (it implements face.KeyedDrawer).
func (e *promptEnv) DrawKeyed(name, key string, draw func() (render.Picture, error)) (face.Picture, error) {
	k := "k\x00" + e.base + "\x00" + name + "\x00" + key
	if p, ok := e.pictures.drawnPicture(k); ok {
		return p, nil
	}
	p, err := e.Bot.Draw(name, draw)
	if err == nil {
		e.pictures.keepDrawn(k, p)
	}
	return p, err
}

// Draw draws one picture of the prompt, or reuses the one drawn for the
// same prompt before (it implements face.Env).
func (e *promptEnv) Draw(name string, draw func() (render.Picture, error)) (face.Picture, error) {
	e.n++
	key := e.key + "\x00" + name + "\x00" + strconv.Itoa(e.n)
	if p, ok := e.pictures.drawnPicture(key); ok {
		return p, nil
	}
	p, err := e.Bot.Draw(name, draw)
	if err == nil {
		e.pictures.keepDrawn(key, p)
	}
	return p, err
}

// post sends a message to the game's channel.
func (b *Bot) post(ctx context.Context, rec *store.Game, m *discordgo.MessageSend, pics ...face.Picture) *discordgo.Message {
	if m.AllowedMentions == nil {
		m.AllowedMentions = noMentions
	}
	msg, err := b.sendMessage(rec.ChannelID, m, pics)
	if err != nil {
		b.log.Warn("could not post to the channel", "game", rec.ID, "err", err)
		if isMissingPermissions(err) {
			b.tellHostCannotPost(ctx, rec)
		}
		return nil
	}
	return msg
}

// handleComponent handles buttons and menus: the lobby's here, a game's
// through its face, once the press is known to be the seat's, of this
// game, server and step.
func (b *Bot) handleComponent(ctx context.Context, r *reply) error {
	data := r.i.MessageComponentData()
	id, err := face.ParseID(data.CustomID)
	if err != nil {
		return face.RefuseID("play.refuse.button")
	}
	r.game = id.Game
	if id.Step == face.LiveStep && id.Verb == verbPlay {
		return b.livePrompt(ctx, r, id)
	}
	if err := r.deferUpdate(); err != nil {
		return err
	}
	t, err := b.svc.Table(ctx, id.Game)
	if err != nil {
		return err
	}
	defer t.Unlock()
	rec := t.Rec
	if f, err := b.faceOf(rec); err == nil {
		r.face = f
	}
	lobby := id.Step == face.LobbyStep
	if (!lobby || rec.Status == store.StatusLobby) && !sameGamePlace(r.i, rec, lobby) {
		return face.RefuseID("play.refuse.channel")
	}
	if lobby {
		// The service checks each lobby value itself and words what is
		// wrong (a full game, a subject taken, a level that does not
		// exist); a menu here never takes more than one value.
		if len(data.Values) > 1 {
			return face.ErrStaleChoice
		}
		return b.lobbyComponent(ctx, r, t, id, data.Values)
	}
	if id.Verb == verbRematch && id.Step == "over" {
		if !sameGamePlace(r.i, rec, true) {
			return face.RefuseID("play.refuse.channel")
		}
		return b.rematch(ctx, r, t)
	}
	if rec.State == nil || rec.Status == store.StatusAbandoned {
		return &game.Refusal{Code: game.CodeGameEnded}
	}
	seat := game.SeatOf(rec, face.InteractionUser(r.i).ID)
	if seat < 0 {
		return face.RefuseID("play.refuse.spectator")
	}
	if id.Seat != seat {
		return face.RefuseID("play.refuse.not.yours")
	}
	if rec.State.Over() {
		return &game.Refusal{Code: game.CodeGameOver}
	}
	if id.Verb == verbBack {
		return b.takeBack(ctx, r, t, seat)
	}
	if id.Step != game.StepKey(rec.State) {
		return face.RefuseID("play.refuse.earlier", "Position", b.position(r.lang(), rec), "Command", b.command(rec))
	}
	f, err := b.faceOf(rec)
	if err != nil {
		return err
	}
	d, err := f.Press(ctx, b, r, t, seat, id, data.Values)
	if err != nil {
		return err
	}
	return b.decide(ctx, r, t, f, seat, d)
}

// handleAutocomplete suggests values while a command is typed: finished
// games for replay, and whatever a game's own subcommands suggest. It
// reads the last stored state, never waiting for a game's lock, so it
// answers well inside Discord's three seconds.
func (b *Bot) handleAutocomplete(ctx context.Context, r *reply) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	f, ok := b.faces[r.i.ApplicationCommandData().Name]
	name, opts := invokedSubcommand(r.i)
	if name == groupRecords {
		var sub string
		sub, opts = nestedSubcommand(r.i)
		name = groupRecords + " " + sub
	}
	focused := ""
	for n, o := range opts {
		if o.Focused {
			focused = n
		}
	}
	switch {
	case !ok:
	case name == groupRecords+" replay":
		choices = b.replayChoices(ctx, r, f, opts.Str("game"))
	case strings.HasPrefix(name, groupRecords+" ") && focused == "game":
		choices = b.gameChoices(r.lang(), opts.Str("game"))
	default:
		snap, err := b.svc.SnapshotInChannel(ctx, r.i.GuildID, r.i.ChannelID)
		if err != nil || snap.Rec.Kind != f.Kind().ID() {
			snap = nil
		}
		choices = f.Autocomplete(ctx, r, name, opts, focused, snap)
	}
	if len(choices) > face.MaxOptions {
		choices = choices[:face.MaxOptions]
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}})
}

// RunDueJobs runs the reminders, deadlines and automatic moves that are
// due (the scheduler calls it; tests call it after moving the clock).
func (b *Bot) RunDueJobs(ctx context.Context) {
	if !b.enter() {
		return
	}
	defer b.leave()
	b.svc.RunDueJobs(ctx)
}
