package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/store"
)

// harness runs the real bot, through a real discordgo Session and a real
// SQLite file, against the fake Discord.
type harness struct {
	t      *testing.T
	ctx    context.Context
	srv    *discordtest.Server
	world  discordtest.Fixture
	dbPath string
	db     *store.DB
	dg     *discordgo.Session
	bot    *Bot

	clock *fakeClock
	// logs keeps every log line the bot wrote.
	logs *lockedBuffer
	// wrap, if set, wraps the store the bot sees (fault injection).
	wrap func(Store) Store
	// concurrent is set on harnesses of games played at the same time.
	concurrent bool
}

// secretToken is the configured token; no log line may contain it.
const secretToken = "MTEx.secret-token-that-must-never-be-logged"

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newHarness(t *testing.T, users ...string) *harness {
	t.Helper()
	return newHarnessWith(t, nil, users...)
}

// newHarnessWith is newHarness with the bot's store wrapped by wrap.
func newHarnessWith(t *testing.T, wrap func(Store) Store, users ...string) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	srv := discordtest.New(t, discordtest.Options{})
	h := &harness{t: t, ctx: ctx, srv: srv, world: srv.Seed(users...),
		dbPath: filepath.Join(t.TempDir(), "atheneum.db"), clock: &fakeClock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}, logs: &lockedBuffer{}, wrap: wrap}
	h.start()
	t.Cleanup(h.stop)
	return h
}

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (h *harness) now() time.Time {
	h.clock.mu.Lock()
	defer h.clock.mu.Unlock()
	return h.clock.now
}

func (h *harness) advance(d time.Duration) {
	h.clock.mu.Lock()
	h.clock.now = h.clock.now.Add(d)
	h.clock.mu.Unlock()
}

// in returns the harness for a subtest playing in another channel.
func (h *harness) in(t *testing.T, channel discordtest.Channel) *harness {
	c := *h
	c.t, c.world.Channel, c.concurrent = t, channel, true
	return &c
}

// start opens the database and a new bot process object.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	dg, err := h.srv.NewSession("test-token")
	if err != nil {
		h.t.Fatal(err)
	}
	var out io.Writer = h.logs
	if testing.Verbose() {
		out = io.MultiWriter(h.logs, &testWriter{t: h.t})
	}
	logger := slog.New(slog.NewTextHandler(out, nil))
	var st Store = db
	if h.wrap != nil {
		st = h.wrap(db)
	}
	b := New(Options{Config: Config{Token: secretToken, StepHours: 24, SchedulerEvery: time.Hour}, Discord: dg, Store: st, Logger: logger, Now: h.now})
	dg.AddHandler(b.HandleInteraction)
	if err := dg.Open(); err != nil {
		h.t.Fatal(err)
	}
	b.SetAppID(dg.State.User.ID)
	if err := b.RegisterCommands(); err != nil {
		h.t.Fatal(err)
	}
	h.db, h.dg, h.bot = db, dg, b
}

// stop closes the bot as the process would at SIGTERM.
func (h *harness) stop() {
	if h.bot == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.bot.Close(ctx); err != nil {
		h.t.Error(err)
	}
	h.dg.Close()
	h.db.Close()
	h.bot = nil
}

func (h *harness) restart() {
	h.stop()
	h.start()
}

// settle waits until the bot has finished everything it was doing. With
// games played at once, it waits for every game's lock instead, as the bot
// is never idle then.
func (h *harness) settle() {
	if !h.concurrent {
		h.bot.wait()
		return
	}
	h.bot.mu.Lock()
	tables := make([]*table, 0, len(h.bot.tables))
	for _, t := range h.bot.tables {
		tables = append(tables, t)
	}
	h.bot.mu.Unlock()
	for _, t := range tables {
		t.mu.Lock()
		t.mu.Unlock() //nolint:staticcheck // an empty critical section: waiting is the point
	}
}

func (h *harness) user(name string) discordtest.User {
	for _, u := range h.world.Users {
		if u.Username == name {
			return u
		}
	}
	h.t.Fatalf("no user %s", name)
	return discordtest.User{}
}

// slash runs /atheneum SUB and returns what the user sees.
func (h *harness) slash(user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	return h.slashIn(h.world.Channel.ID, user, sub, opts...)
}

// slashIn runs /atheneum SUB in a given channel.
func (h *harness) slashIn(channelID string, user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	in, err := h.srv.SlashCommand(h.ctx, user, channelID, "atheneum", discordtest.Sub(sub, opts...))
	if err != nil {
		h.t.Fatal(err)
	}
	msg, err := in.WaitResponse(h.ctx)
	if err != nil {
		h.t.Fatalf("/atheneum %s: %v", sub, err)
	}
	h.settle()
	return msg
}

// click presses a button or chooses menu values on a message and returns
// what the user sees afterwards.
func (h *harness) click(user discordtest.User, msg discordtest.Message, customID string, values ...string) (discordtest.Message, *discordtest.Interaction) {
	h.t.Helper()
	var in *discordtest.Interaction
	var err error
	if len(values) == 0 {
		in, err = h.srv.ClickButton(h.ctx, user, msg.ID, customID)
	} else {
		in, err = h.srv.SelectMenu(h.ctx, user, msg.ID, customID, values...)
	}
	if err != nil {
		h.t.Fatalf("%s on %q: %v", customID, msg.Content, err)
	}
	seen, err := in.WaitResponse(h.ctx)
	if err != nil {
		h.t.Fatalf("response to %s: %v", customID, err)
	}
	h.settle()
	return seen, in
}

// component finds a component by the verb of its custom id.
func component(msg discordtest.Message, verb string) (discordtest.Component, bool) {
	var found discordtest.Component
	ok := false
	var walk func([]discordtest.Component)
	walk = func(cs []discordtest.Component) {
		for _, c := range cs {
			if id, err := parseCustomID(c.CustomID); err == nil && id.Verb == verb && !ok {
				found, ok = c, true
			}
			walk(c.Components)
		}
	}
	walk(msg.Components)
	return found, ok
}

// selects lists a message's select menus in order.
func selects(msg discordtest.Message) []discordtest.Component {
	var out []discordtest.Component
	for _, row := range msg.Components {
		for _, c := range row.Components {
			if c.Type == discordgo.SelectMenuComponent {
				out = append(out, c)
			}
		}
	}
	return out
}

// refresh returns the current version of a message.
func (h *harness) refresh(msg discordtest.Message) discordtest.Message {
	m, ok := h.srv.Message(msg.ID)
	if !ok {
		h.t.Fatalf("message %s vanished", msg.ID)
	}
	return m
}

// lastDM is the newest direct message the bot sent to user.
func (h *harness) lastDM(user discordtest.User) (discordtest.Message, bool) {
	ms := h.srv.DMMessages(user.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Ephemeral && ms[i].InteractionID == "" {
			return ms[i], true
		}
	}
	return discordtest.Message{}, false
}

// channelPosts returns the bot's channel messages containing text.
func (h *harness) channelPosts(text string) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range h.srv.Messages(h.world.Channel.ID) {
		if strings.Contains(m.Content, text) {
			out = append(out, m)
		}
	}
	return out
}

// openGame opens a lobby as the first user, has the others join, and
// starts the game.
func (h *harness) openGame(players ...discordtest.User) discordtest.Message {
	h.t.Helper()
	return h.openGameIn(h.world.Channel.ID, players...)
}

// openGameIn opens and starts a game in a given channel.
func (h *harness) openGameIn(channelID string, players ...discordtest.User) discordtest.Message {
	h.t.Helper()
	lobby := h.slashIn(channelID, players[0], "new")
	for _, p := range players[1:] {
		join, _ := component(lobby, "join")
		lobby, _ = h.click(p, lobby, join.CustomID)
	}
	start, _ := component(lobby, "start")
	started, _ := h.click(players[0], lobby, start.CustomID)
	if !strings.Contains(started.Content, "the game has started") {
		h.t.Fatalf("after Start the lobby says %q", started.Content)
	}
	return started
}

// player is a test player who chooses among the components the bot sent.
type player struct {
	user discordtest.User
	// viaSlash plays through /atheneum play (closed DMs) instead of DMs.
	viaSlash bool
	rng      *rand.Rand
	// actionsThisTurn bounds how long the player dawdles before Done.
	actionsThisTurn int
}

// prompt returns the player's current private message, or false if the
// bot is not waiting for them.
func (h *harness) prompt(p *player) (discordtest.Message, bool) {
	var msg discordtest.Message
	if p.viaSlash {
		msg = h.slash(p.user, "play")
	} else {
		var ok bool
		if msg, ok = h.lastDM(p.user); !ok {
			return msg, false
		}
	}
	return msg, len(selects(msg)) > 0 || hasButton(msg, "done")
}

func hasButton(msg discordtest.Message, verb string) bool {
	c, ok := component(msg, verb)
	return ok && !c.Disabled
}

// step makes one choice on the player's prompt; it returns false when the
// bot is not waiting for this player.
func (h *harness) step(p *player) bool {
	msg, ok := h.prompt(p)
	if !ok {
		return false
	}
	sels := selects(msg)
	if pick, ok := component(msg, "pick"); ok {
		opt := pick.Options[p.rng.IntN(len(pick.Options))]
		h.click(p.user, msg, pick.CustomID, opt.Value)
		return true
	}
	if len(sels) == 0 || p.actionsThisTurn > 6 || p.rng.IntN(8) == 0 {
		if done, ok := component(msg, "done"); ok && !done.Disabled {
			p.actionsThisTurn = 0
			h.click(p.user, msg, done.CustomID)
			return true
		}
		return false
	}
	// Follow the menus down: always answer the last menu shown.
	for i := 0; i < 6; i++ {
		sels = selects(msg)
		if len(sels) == 0 {
			break
		}
		last := sels[len(sels)-1]
		if id, _ := parseCustomID(last.CustomID); id.Verb == "it" && i > 0 {
			break // an action was applied: the workbench starts afresh
		}
		opt := last.Options[p.rng.IntN(len(last.Options))]
		msg, _ = h.click(p.user, msg, last.CustomID, opt.Value)
		if msg.Flags&discordgo.MessageFlagsEphemeral != 0 && !strings.Contains(msg.Content, "Turn") {
			break // a refusal: try again from a fresh prompt
		}
	}
	p.actionsThisTurn++
	return true
}

type testWriter struct{ t *testing.T }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func discordtestPercentile(h *harness, p float64) time.Duration {
	return discordtest.Percentile(h.srv.AckLatencies(), p)
}

// transcript writes what a person would have seen in the channel and in
// each player's direct messages, with the images, into dir; set
// ATHENEUM_TRANSCRIPT=dir to keep one from a test.
func (h *harness) transcript(dir string) {
	if dir == "" {
		return
	}
	os.MkdirAll(dir, 0o755)
	var sb strings.Builder
	dump := func(title string, ms []discordtest.Message) {
		fmt.Fprintf(&sb, "===== %s =====\n", title)
		for _, m := range ms {
			vis := ""
			if m.Ephemeral {
				vis = " (only " + m.VisibleTo + " sees it)"
			}
			fmt.Fprintf(&sb, "--- [%s] %s%s\n%s\n", m.ID, m.Author.Username, vis, m.Content)
			for _, row := range m.Components {
				for _, c := range row.Components {
					fmt.Fprintf(&sb, "    [%s %q]", c.Placeholder+c.Label, c.CustomID)
					for _, o := range c.Options {
						fmt.Fprintf(&sb, " {%s}", o.Label)
					}
					sb.WriteString("\n")
				}
			}
			for _, a := range m.Attachments {
				name := m.ID + "-" + a.Filename
				os.WriteFile(filepath.Join(dir, name), a.Data, 0o644)
				fmt.Fprintf(&sb, "    (image %s, %d bytes)\n", name, len(a.Data))
			}
		}
	}
	dump("channel", h.srv.Messages(h.world.Channel.ID))
	for _, u := range h.world.Users {
		dump("DMs of "+u.Username, h.srv.DMMessages(u.ID))
	}
	os.WriteFile(filepath.Join(dir, "transcript.txt"), []byte(sb.String()), 0o644)
}
