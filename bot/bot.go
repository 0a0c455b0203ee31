// Package bot is the generic Discord adapter: it decodes interactions,
// checks them against the game, the server and the seat, calls the game
// service (bot/game) and presents what it did. Everything that is the same
// for every game lives here: one slash command per game with the
// subcommands all games share, lobbies, step posts and their waiting line,
// reminders, direct messages and their fallback, host tools and records.
// What is one game's (its prompts, its buttons and menus, its posts, its
// pictures and its own subcommands) is that game's face (bot/face), given
// in Options.Faces; the adapter imports no game.
package bot

import (
	"atheneum/bot/face"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// Store is what the bot needs from persistence; *store.DB implements it.
type Store interface {
	game.Store
	DeleteMessage(ctx context.Context, gameID, kind string, seat int) error
	Messages(ctx context.Context, gameID string) ([]store.Message, error)
	ChangeMessages(ctx context.Context, gameID string, c store.MessageChanges) error
}

var _ Store = (*store.DB)(nil)

// Bot plays games in Discord channels.
type Bot struct {
	// faces are the games' faces by kind and by command (the same for
	// every game so far: Atheneum's command is "atheneum").
	faces map[string]face.Face
	// order lists the faces as given, the first being the default.
	order []face.Face
	cfg   Config
	dg    Discord
	db    Store
	svc   *game.Service
	appID string
	log   *slog.Logger
	// now is the clock, replaceable in tests of deadlines.
	now func() time.Time

	mu      sync.Mutex
	closing bool
	// inflight counts interactions and jobs being handled, so Close can
	// let them finish; idle is signalled when it drops to zero. (A mutex
	// and a condition rather than a WaitGroup, which may not be waited on
	// while new work keeps arriving.)
	inflight int
	idle     *sync.Cond
	stop     chan struct{}
	stopped  chan struct{}
	// drawing bounds the images rendered at once to the CPU count, so that
	// acknowledgements never wait behind a crowd of renders.
	drawing chan struct{}
	// handoff passes an interaction to a goroutine waiting for one (see
	// handleThenWait).
	handoff chan *discordgo.Interaction
	// dms caches each user's direct message channel id: opened once.
	dms sync.Map
	// locales remembers the members' last seen client locales.
	locales localeMemory
	// answers holds the rate-limit buckets of interaction answers.
	answers answerBuckets
	// hints keeps whether members are shown hints, by server, game and
	// member (see Hints).
	hints sync.Map
	// hostsTold remembers the games whose host was told the bot may not
	// post in their channel.
	hostsTold sync.Map
	// lines remembers the waiting line each step post shows, by message
	// id, so that an unchanged line is not edited again.
	lines sync.Map
	// languages keeps the members' chosen languages, by user id, as last
	// read (see chosen).
	languages sync.Map
	// pinged remembers, by game and chapter ("id/r2"), the people a
	// chapter's live post already mentioned (see liveStep).
	pinged sync.Map
	// pictures remembers what the pictures uploaded show and the last
	// prompts' pictures (see pictures.go).
	pictures pictureMemory
}

// Options are the bot's dependencies.
type Options struct {
	Config Config
	// Discord is the API client, normally the *discordgo.Session.
	Discord Discord
	Store   Store
	// AppID is the application id (the bot user's id once READY).
	AppID  string
	Logger *slog.Logger
	// Now replaces the clock (tests).
	Now func() time.Time
	// NewSeed replaces the source of game seeds (tests and the demo, so
	// that a seed gives the same game).
	NewSeed func() uint64
	// Faces are the games the bot hosts, each by its Discord face; the
	// first is the default one (named in help for an unknown command).
	Faces []face.Face
	// Thinkers is how many computer players' searches run at once, off
	// the games' locks (game.DefaultThinkers in the live bot); 0 runs them
	// inline, so that tests and the demo see AI seats move before the
	// click that woke them is settled.
	Thinkers int
	// Searcher, if set, runs the pool's searches outside the bot's process
	// (bot/apart: a child process at idle priority); nil searches in the
	// bot's process.
	Searcher game.Searcher
}

// New returns a bot. Call RegisterCommands once connected, hand Deliver
// to a Gateway (or HandleInteraction to a discordgo session's gateway),
// and Start the scheduler.
func New(o Options) *Bot {
	b := &Bot{cfg: o.Config, dg: o.Discord, db: o.Store, appID: o.AppID, log: o.Logger, now: o.Now,
		stop: make(chan struct{}), stopped: make(chan struct{}), handoff: make(chan *discordgo.Interaction),
		drawing: make(chan struct{}, runtime.NumCPU())}
	b.idle = sync.NewCond(&b.mu)
	if b.log == nil {
		b.log = slog.Default()
	}
	b.log = slog.New(NewRedactingHandler(b.log.Handler(), b.cfg.Token))
	if b.now == nil {
		b.now = time.Now
	}
	if b.cfg.StepHours == 0 {
		b.cfg.StepHours = 24
	}
	if b.cfg.SchedulerEvery == 0 {
		b.cfg.SchedulerEvery = 30 * time.Second
	}
	b.faces = map[string]face.Face{}
	var games []game.Kind
	for _, f := range o.Faces {
		b.faces[f.Command()] = f
		b.faces[f.Kind().ID()] = f
		b.order = append(b.order, f)
		games = append(games, f.Kind())
	}
	b.svc = game.New(game.Options{Store: o.Store, Presenter: b, Logger: b.log, Now: b.now, NewSeed: o.NewSeed,
		StepHours: b.cfg.StepHours, Games: games, Thinkers: o.Thinkers, Searcher: o.Searcher, Watch: game.WatcherOf(o.Store),
		Enter: func() (func(), bool) { return b.leave, b.enter() },
		AIName: func(language, level string) string {
			l, _ := i18n.Parse(language)
			return l.T("ai." + level + ".name")
		}})
	return b
}

// SetAppID sets the application id once the session is ready.
func (b *Bot) SetAppID(id string) { b.appID = id }

// RegisterCommands installs the /atheneum command (in Config.GuildID, or
// globally).
func (b *Bot) RegisterCommands() error {
	_, err := b.dg.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, b.commandDefs())
	return err
}

// Start runs the scheduler of deadlines and reminders until Close.
func (b *Bot) Start() {
	go func() {
		defer close(b.stopped)
		t := time.NewTicker(b.cfg.SchedulerEvery)
		defer t.Stop()
		for {
			select {
			case <-b.stop:
				return
			case <-t.C:
				b.RunDueJobs(context.Background())
			}
		}
	}()
}

// Close stops taking interactions, waits for those in flight (up to the
// context's deadline) and stops the scheduler. The caller closes the
// session and the store afterwards.
func (b *Bot) Close(ctx context.Context) error {
	b.mu.Lock()
	if b.closing {
		b.mu.Unlock()
		return nil
	}
	b.closing = true
	b.mu.Unlock()
	close(b.stop)
	// A search under way finishes, and its move is left for the next
	// start: the bot takes no new work now.
	b.svc.Close()
	done := make(chan struct{})
	go func() { b.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("interactions still running at shutdown: %w", ctx.Err())
	}
	select {
	case <-b.stopped:
	case <-ctx.Done():
	default:
		// Start was never called.
	}
	return nil
}

// enter registers work in flight; it fails once the bot is closing.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight++
	return true
}

// leave ends work registered by enter.
func (b *Bot) leave() {
	b.mu.Lock()
	b.inflight--
	if b.inflight == 0 {
		b.idle.Broadcast()
	}
	b.mu.Unlock()
}

// Wait blocks until no interaction or job is being handled and no
// computer player is searching (its move played and shown).
func (b *Bot) Wait() {
	for {
		b.svc.Idle()
		b.mu.Lock()
		for b.inflight > 0 {
			b.idle.Wait()
		}
		b.mu.Unlock()
		// A search's move, once shown, may have begun another search.
		if !b.svc.Searching() {
			return
		}
	}
}

// HandleInteraction is the discordgo handler for INTERACTION_CREATE. Each
// interaction is acknowledged at once, then handled; a panic is recovered,
// logged with the game id and answered.
func (b *Bot) HandleInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if s != nil && s.SyncEvents {
		// The session's one goroutine delivers every event: it must not
		// wait for more.
		b.Handle(ic.Interaction)
		return
	}
	select {
	case b.handoff <- ic.Interaction:
	default:
		b.handleThenWait(ic.Interaction)
	}
}

// Deliver hands an interaction read from the gateway (see Gateway) to a
// goroutine that handles it without waiting: one idle after handling
// another (see handleThenWait), or a new one. The gateway's reader never
// waits for the bot.
func (b *Bot) Deliver(i *discordgo.Interaction) {
	select {
	case b.handoff <- i:
	default:
		go b.handleThenWait(i)
	}
}

// handlerIdle is how long a goroutine that handled an interaction waits
// for another (see handleThenWait).
const handlerIdle = time.Second

// handleThenWait handles i on the goroutine discordgo started for it,
// then stays for handlerIdle to handle the next interaction handed over,
// and so on. A goroutine starts with a small stack, which the store's
// calls (SQLite's deep C frames) and drawing grow to tens of kilobytes,
// copying it each time it doubles: 2 % of the bot's processor time at 20
// games in the ceiling benchmark, paid again by every interaction's new
// goroutine. A goroutine that stays keeps its grown stack (until the
// collector shrinks it while it waits). Only goroutines that would be idle
// wait, so interactions are handled at once as before, as many at a time.
func (b *Bot) handleThenWait(i *discordgo.Interaction) {
	var t *time.Timer
	for {
		b.Handle(i)
		if t == nil {
			t = time.NewTimer(handlerIdle)
		} else {
			t.Reset(handlerIdle)
		}
		select {
		case i = <-b.handoff:
		case <-t.C:
			return
		case <-b.stop:
			t.Stop()
			return
		}
	}
}

// Handle processes one interaction (see HandleInteraction).
func (b *Bot) Handle(i *discordgo.Interaction) { b.handle(i, nil) }

// handle processes one interaction whose first response goes through
// first when it is set (an interaction delivered over HTTP, answered in
// the body of its request: see HTTPHandler), else over REST.
func (b *Bot) handle(i *discordgo.Interaction, first func(*discordgo.InteractionResponse) error) {
	// Until the member's own choice is read, which waits until the
	// interaction is acknowledged, answer in their client's language (the
	// store may be closing).
	r := &reply{b: b, i: i, l: i18n.FromLocale(string(i.Locale)), first: first}
	if !b.enter() {
		r.fail(face.RefuseID("play.restarting"))
		return
	}
	defer b.leave()
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic while handling an interaction", "game", r.game, "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			r.fail(errors.New("internal error"))
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Each member setting the handling needs is read once (see
	// game.WithSettingsMemo): a move that ends a step reads each prompted
	// person's notify mode in three places.
	ctx = game.WithSettingsMemo(ctx)
	r.ctx = ctx
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		err = b.handleCommand(ctx, r)
	case discordgo.InteractionMessageComponent:
		err = b.handleComponent(ctx, r)
	case discordgo.InteractionApplicationCommandAutocomplete:
		err = b.handleAutocomplete(ctx, r)
	default:
		err = face.RefuseID("play.unsupported")
	}
	if errors.Is(err, errAnsweredForTheBot) {
		// The interactions endpoint told the user the bot was too slow
		// (see HTTPHandler): the handler stopped at its first answer, as
		// one does on the gateway when Discord refuses a late one.
		return
	}
	if isAlreadyAcknowledged(err) {
		// The gateway delivered the interaction twice (after a resume, say)
		// and the other delivery answered it: expected, and harmless.
		b.log.Debug("duplicate interaction", "game", r.game, "interaction", i.ID)
		return
	}
	if err != nil {
		r.fail(err)
	}
}

// reply answers one interaction: it remembers whether it was acknowledged
// so that errors go to the right place. It implements face.Reply.
type reply struct {
	b *Bot
	i *discordgo.Interaction
	// first, when set, sends the interaction's first response instead of
	// a REST call, once (see respond).
	first func(*discordgo.InteractionResponse) error
	// face is the face of the game the interaction is about, once known.
	face  face.Face
	acked bool
	// ephemeral is how the acknowledgement was made (for commands).
	ephemeral bool
	game      string
	// l is the language to answer in, once langKnown: the member's (see
	// Bot.lang), read after the acknowledgement (lang); the client's
	// until then.
	l         i18n.Lang
	langKnown bool
	ctx       context.Context
	// updates: the response is the pressed message (a deferred update);
	// shown are its attachments after the last edit, once shownKnown
	// (see editOriginal).
	updates    bool
	shown      []*discordgo.MessageAttachment
	shownKnown bool
}

// lang is the language to answer in: the member's, read at the first need,
// which comes after the acknowledgement in every handler that defers its
// answer.
func (r *reply) lang() i18n.Lang {
	if !r.langKnown && r.ctx != nil {
		r.l, r.langKnown = r.b.lang(r.ctx, r.i), true
	}
	return r.l
}

// respond sends the interaction's response: the first one through
// r.first when set (an HTTP delivery's answer), any other as a REST call,
// to which Discord answers "already acknowledged" as it would on the
// gateway.
func (r *reply) respond(resp *discordgo.InteractionResponse) error {
	if first := r.first; first != nil {
		r.first = nil
		return first(resp)
	}
	return r.b.dg.InteractionRespond(r.i, resp)
}

// deferUpdate acknowledges a component: the message will be edited.
func (r *reply) deferUpdate() error {
	if r.acked {
		return nil
	}
	err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	r.acked, r.updates = err == nil, err == nil
	return err
}

// deferMessage acknowledges a command: a reply will follow.
func (r *reply) deferMessage(ephemeral bool) error {
	if r.acked {
		return nil
	}
	data := &discordgo.InteractionResponseData{}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: data})
	r.acked, r.ephemeral = err == nil, ephemeral
	return err
}

// edit replaces the deferred response (or the component's message), with
// pics as its only pictures when there are any (see answer).
func (r *reply) edit(content string, components []discordgo.MessageComponent, pics ...face.Picture) (*discordgo.Message, error) {
	return r.answer(content, components, nil, pics)
}

// answer replaces the deferred response (or the component's message) with
// content, components, embeds and pictures. A content too long for one
// message is never clipped: the response holds its first part and
// follow-ups the rest, seen by the same people, the last one carrying the
// components, embeds and pictures. The message returned is the last.
func (r *reply) answer(content string, components []discordgo.MessageComponent, embeds []*discordgo.MessageEmbed, pics []face.Picture) (*discordgo.Message, error) {
	if components == nil {
		// An empty list removes the old components; null would keep them.
		components = []discordgo.MessageComponent{}
	}
	parts := splitContent(content, maxContent)
	if len(parts) == 1 {
		e := &discordgo.WebhookEdit{Content: &content, Components: &components, AllowedMentions: noMentions}
		if embeds != nil {
			e.Embeds = &embeds
		}
		return r.editOriginal(e, pics)
	}
	none := []discordgo.MessageComponent{}
	msg, err := r.editOriginal(&discordgo.WebhookEdit{Content: &parts[0], Components: &none, Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: noMentions}, nil)
	if err != nil {
		return nil, err
	}
	var flags discordgo.MessageFlags
	if r.ephemeral || (r.i.Message != nil && r.i.Message.Flags&discordgo.MessageFlagsEphemeral != 0) {
		flags = discordgo.MessageFlagsEphemeral
	}
	for k, p := range parts[1:] {
		params := &discordgo.WebhookParams{Content: p, Flags: flags, AllowedMentions: noMentions}
		var attach []face.Picture
		if k == len(parts)-2 {
			params.Components, params.Embeds, attach = components, embeds, pics
		}
		if msg, err = r.b.followup(r.i, params, attach); err != nil {
			return nil, err
		}
	}
	return msg, nil
}

// editWithoutImages replaces the message and removes its pictures, for
// answers after which the old picture would mislead.
func (r *reply) editWithoutImages(content string, components []discordgo.MessageComponent) error {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	_, err := r.editOriginal(&discordgo.WebhookEdit{Content: &content, Components: &components,
		Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: noMentions}, nil)
	return err
}

// private sends an ephemeral follow-up, in parts when it is too long for
// one message.
func (r *reply) private(content string) error {
	for _, p := range splitContent(content, maxContent) {
		if _, err := r.b.dg.FollowupMessageCreate(r.i, true, &discordgo.WebhookParams{Content: p, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}); err != nil {
			return err
		}
	}
	return nil
}

// fail tells the user what went wrong, privately, in their language.
// Errors meant for players are worded as they are; the store's refusals by
// their code; anything else is logged and replaced by a generic sentence,
// so no internal detail leaks.
func (r *reply) fail(err error) {
	msg := r.lang().T("play.internal")
	var se *store.Error
	if words, ok := playerMessageIn(r.lang(), r.face, err); ok {
		msg = words
	} else if errors.As(err, &se) && se.Code != store.CodeInternal && r.lang().Has("store."+string(se.Code)) {
		msg = r.lang().T("store." + string(se.Code))
		r.b.log.Warn("store refused", "game", r.game, "code", se.Code, "reason", se.Reason)
	} else {
		r.b.log.Error("interaction failed", "game", r.game, "interaction", r.i.ID, "err", err)
	}
	if !r.acked {
		e := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: msg, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}})
		if e == nil {
			r.acked = true
			return
		}
		r.b.log.Warn("could not answer an interaction", "game", r.game, "err", e)
		return
	}
	if r.i.Type == discordgo.InteractionApplicationCommand && r.ephemeral {
		if _, e := r.edit(msg, nil); e == nil {
			return
		}
	}
	if e := r.private(msg); e != nil {
		r.b.log.Warn("could not send an error to the user", "game", r.game, "err", e)
	}
}

// playerSeat is the seat of the user behind an interaction; anyone else
// is refused with catalogue message refusalID, for people who are not in
// the game.
func playerSeat(r *reply, t *game.Table, refusalID string) (int, error) {
	seat := game.SeatOf(t.Rec, interactionUser(r.i).ID)
	if seat < 0 {
		return -1, face.RefuseID(refusalID)
	}
	return seat, nil
}

// Lang is the language to answer in (it implements face.Reply).
func (r *reply) Lang() i18n.Lang { return r.lang() }

// Interaction is the interaction answered (it implements face.Reply).
func (r *reply) Interaction() *discordgo.Interaction { return r.i }

// Edit replaces the answer with m (it implements face.Reply).
func (r *reply) Edit(m face.Message) error { return r.show(m) }

// faceOf is the face of a game's kind.
func (b *Bot) faceOf(rec *store.Game) (face.Face, error) {
	f, ok := b.faces[rec.Kind]
	if !ok {
		return nil, fmt.Errorf("game %s: no face shows %q games", rec.ID, rec.Kind)
	}
	return f, nil
}

// command is the slash command of a game's kind ("atheneum").
func (b *Bot) command(rec *store.Game) string {
	if f, err := b.faceOf(rec); err == nil {
		return f.Command()
	}
	return b.defaultCommand()
}

// defaultCommand is the first game's command.
func (b *Bot) defaultCommand() string {
	if len(b.order) == 0 {
		return ""
	}
	return b.order[0].Command()
}

// position says where a game stands, in its face's words.
func (b *Bot) position(l i18n.Lang, rec *store.Game) string {
	f, err := b.faceOf(rec)
	if err != nil || rec.State == nil {
		return ""
	}
	return f.Position(l, rec)
}

// winners are the seats ranked first in a game that is over.
func winners(st engine.State) []int { return engine.Winners(st.Results()) }
