package bot

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	anludimface "atheneum/bot/anludim"
	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	exlibrisface "atheneum/bot/exlibris"
	"atheneum/bot/face"
	"atheneum/bot/game"
	tictactoeface "atheneum/bot/tictactoe"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// harness runs the real bot, through a real discordgo Session and a real
// SQLite file, against the fake Discord, and fails the test on any error
// of the driver.
type harness struct {
	drive.Driver
	t      testing.TB
	world  discordtest.Fixture
	dbPath string
	db     *store.DB
	// bot is the bot process object of the moment (a restart makes a new
	// one).
	bot *Bot
	dg  *discordgo.Session // for REST
	gw  *Gateway

	clock *fakeClock
	// logs keeps every log line the bot wrote.
	logs *lockedBuffer
	// wrap, if set, wraps the store the bot sees (fault injection).
	wrap func(Store) Store
	// faces and thinkers configure the bot (see harnessConf).
	faces    []face.Face
	thinkers int
	searcher game.Searcher
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

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newHarness(t testing.TB, users ...string) *harness {
	t.Helper()
	return newHarnessWith(t, nil, users...)
}

// newHarnessWith is newHarness with the bot's store wrapped by wrap.
func newHarnessWith(t testing.TB, wrap func(Store) Store, users ...string) *harness {
	t.Helper()
	return newHarnessOn(t, wrap, "", users...)
}

// newHarnessOn is newHarnessWith on a copy of the database file from (none
// when empty), as a bot finds it after an upgrade.
func newHarnessOn(t testing.TB, wrap func(Store) Store, from string, users ...string) *harness {
	t.Helper()
	return newHarnessConf(t, harnessConf{wrap: wrap, from: from}, users...)
}

// harnessConf is how a test's bot differs from the usual one.
type harnessConf struct {
	// wrap, if set, wraps the store the bot sees (fault injection).
	wrap func(Store) Store
	// from is a database file the bot starts on (a copy), if set.
	from string
	// faces replace testFaces (another search effort).
	faces []face.Face
	// thinkers is the bot's pool of searches (0: inline).
	thinkers int
	// apart, if set, runs the pool's searches in child processes (this
	// test binary; see TestMain) whose computer players search with that
	// effort: "quick" as testFaces, "default" at the real budget.
	apart string
}

// withREST gives the fake Discord's REST client the bot's own transport,
// RESTTransport, bounding requests as the bot's process has it, so that
// tests go through it and benchmarks measure it.
func withREST(o discordtest.Options) discordtest.Options {
	t := NewRESTTransport()
	t.Timeout = 20 * time.Second
	o.Transport = t
	return o
}

// newHarnessConf is newHarness with the bot configured by conf.
func newHarnessConf(t testing.TB, conf harnessConf, users ...string) *harness {
	t.Helper()
	wrap, from := conf.wrap, conf.from
	// No deadline: a test is bounded by its progress (the moves it plays)
	// and, were the bot to hang, by go test's -timeout, never by the wall
	// clock, which a loaded machine stretches.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv := discordtest.New(t, withREST(discordtest.Options{}))
	world := srv.Seed(users...)
	h := &harness{Driver: drive.Driver{Ctx: ctx, Srv: srv, Channel: world.Channel.ID}, t: t, world: world,
		dbPath: filepath.Join(t.TempDir(), "atheneum.db"), clock: &fakeClock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)},
		logs: &lockedBuffer{}, wrap: wrap, faces: conf.faces, thinkers: conf.thinkers}
	if conf.apart != "" {
		h.searcher = newTestSearcher(t, conf.apart)
	}
	if from != "" {
		data, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(h.dbPath, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	h.start()
	t.Cleanup(h.finish)
	return h
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

// elapse moves the clock d on, runs the jobs then due, as the scheduler
// would, and waits for what they sent.
func (h *harness) elapse(d time.Duration) {
	h.advance(d)
	h.bot.RunDueJobs(h.Ctx)
	h.Settle()
}

// in returns the harness for a subtest playing in another channel, at the
// same time as others.
func (h *harness) in(t testing.TB, channel discordtest.Channel) *harness {
	c := *h
	c.t, c.world.Channel, c.Channel, c.Concurrent = t, channel, channel.ID, true
	return &c
}

// start opens the database and a new bot process object.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.Ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	dg, err := h.Srv.NewSession("test-token")
	if err != nil {
		h.t.Fatal(err)
	}
	var out io.Writer = h.logs
	if testing.Verbose() {
		out = io.MultiWriter(h.logs, &testWriter{t: h.t})
	}
	if h.faces == nil {
		h.faces = testFaces()
	}
	var st Store = db
	if h.wrap != nil {
		st = h.wrap(db)
	}
	log := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{Level: slog.LevelDebug}))
	b := New(Options{Config: Config{Token: secretToken, StepHours: 24, SchedulerEvery: time.Hour}, Discord: dg, Store: st,
		Logger: log, Now: h.now,
		// A fixed seed and a fixed search effort: a test plays the same game every run.
		NewSeed: func() uint64 { return 20261123 }, Faces: h.faces, Thinkers: h.thinkers, Searcher: h.searcher})
	gw := NewGateway(dg, log, b.Deliver)
	if err := gw.Open(h.Ctx); err != nil {
		h.t.Fatal(err)
	}
	b.SetAppID(gw.User().ID)
	if err := b.RegisterCommands(); err != nil {
		h.t.Fatal(err)
	}
	h.db, h.dg, h.gw, h.bot = db, dg, gw, b
	h.Driver.Bot, h.Driver.Store = b, db
}

// oneFlowAtATime marks a test that plays whole games through one bot, a
// move at a time, to check the flow (its posts, words, counts and
// refusals) rather than goroutines meeting: under the race detector it is
// skipped. CI runs this package twice (see README): under -race, where
// the tests of goroutines meeting run (among them
// TestGamesOfEveryKindAtOnce, the opening of a game of every kind at once
// on one bot, and the fixture game's whole games), then whole without it,
// where the whole games run at full speed, some ten times faster.
func oneFlowAtATime(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("a flow played one move at a time: tested without the race detector (see oneFlowAtATime)")
	}
}

// testFaces are the games the test bot hosts, with a fixed search effort
// so that a test plays the same game every run.
func testFaces() []face.Face {
	return []face.Face{atheneumface.New(ai.Players{Playouts: testPlayouts}), anludimface.New(), tictactoeface.New(), exlibrisface.New()}
}

// testPlayouts is the test bot's Atheneum search effort: 4 play-outs, or 2
// under the race detector, which is there for where the bot's goroutines
// meet the searches (the pool, the search process apart), not for the
// searches' own single-threaded work, which made most of the processor
// time of TestAGameWhoseComputerPlayersThinkInAProcessApart there.
var testPlayouts = map[bool]int{false: 4, true: 2}[raceEnabled]

// athFace is Atheneum's face, for wording what the bot says about it.
var athFace = testFaces()[0]

// stop closes the bot as the process would at SIGTERM.
func (h *harness) stop() {
	h.close(false)
}

// finish stops the bot at the test's end, where nothing follows: the
// gateway session closes in the background, since Close may wait for
// Discord's answer to its close frame, and a parallel test holds one of
// go test's few parallel places until its cleanups are done.
func (h *harness) finish() {
	h.close(true)
}

// close closes the bot, its gateway session (in the background when
// later is set) and its store.
func (h *harness) close(later bool) {
	if h.bot == nil {
		return
	}
	// No grace period: the bot finishes its work however slow the
	// machine (go test's -timeout catches a hang).
	if err := h.bot.Close(context.Background()); err != nil {
		h.t.Error(err)
	}
	if later {
		go h.gw.Close()
	} else {
		h.gw.Close()
	}
	h.db.Close()
	h.bot = nil
}

func (h *harness) restart() {
	h.stop()
	h.start()
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

func (h *harness) slash(user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	return h.slashIn(h.world.Channel.ID, user, sub, opts...)
}

// records runs /atheneum records SUB in the harness's channel and returns
// what the user sees.
func (h *harness) records(user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	in, err := h.Srv.SlashCommand(h.Ctx, user, h.world.Channel.ID, "atheneum", discordtest.SubGroup("records", discordtest.Sub(sub, opts...)))
	if err != nil {
		h.t.Fatal(err)
	}
	msg, err := in.WaitResponse(h.Ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	h.Settle()
	return msg
}

func (h *harness) slashIn(channelID string, user discordtest.User, sub string, opts ...discordtest.Option) discordtest.Message {
	h.t.Helper()
	msg, err := h.Driver.SlashIn(channelID, user, sub, opts...)
	if err != nil {
		h.t.Fatal(err)
	}
	return msg
}

func (h *harness) click(user discordtest.User, msg discordtest.Message, customID string, values ...string) (discordtest.Message, *discordtest.Interaction) {
	h.t.Helper()
	seen, in, err := h.Driver.Click(user, msg, customID, values...)
	if err != nil {
		h.t.Fatal(err)
	}
	return seen, in
}

// pickFirst has each user pick the first card offered in their DMs.
func (h *harness) pickFirst(users ...discordtest.User) {
	h.t.Helper()
	for _, u := range users {
		m, ok := h.LastDM(u)
		cards := drive.Cards(m)
		if !ok || len(cards) == 0 {
			h.t.Fatalf("%s has no card to pick", u.Username)
		}
		h.click(u, m, cards[0].CustomID, cards[0].Values...)
	}
}

// refresh returns the current version of a message.
func (h *harness) refresh(msg discordtest.Message) discordtest.Message {
	m, ok := h.Srv.Message(msg.ID)
	if !ok {
		h.t.Fatalf("message %s vanished", msg.ID)
	}
	return m
}

// channelPosts returns the bot's channel messages containing text.
func (h *harness) channelPosts(text string) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range h.Srv.Messages(h.world.Channel.ID) {
		if strings.Contains(m.Content, text) {
			out = append(out, m)
		}
	}
	return out
}

func (h *harness) openGame(players ...discordtest.User) discordtest.Message {
	h.t.Helper()
	return h.openGameIn(h.world.Channel.ID, players...)
}

func (h *harness) openGameIn(channelID string, players ...discordtest.User) discordtest.Message {
	h.t.Helper()
	d := h.Driver
	d.Channel = channelID
	msg, err := d.OpenGame(players...)
	if err != nil {
		h.t.Fatal(err)
	}
	return msg
}

func (h *harness) step(p *drive.Player) bool {
	h.t.Helper()
	acted, err := h.Driver.Step(p)
	if err != nil {
		h.t.Fatal(err)
	}
	return acted
}

// transcript keeps what people saw when ATHENEUM_TRANSCRIPT names a folder.
func (h *harness) transcript(dir string) {
	if dir == "" {
		return
	}
	if err := drive.WriteTranscript(h.Srv, h.world.Channel.ID, h.world.Users, dir); err != nil {
		h.t.Error(err)
	}
}

type testWriter struct{ t testing.TB }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// ath is an Atheneum game's rules state (nil before the game starts).
func ath(s engine.State) *atheneum.Game {
	if st, ok := s.(*atheneum.State); ok {
		return st.Game
	}
	return nil
}

// parseActions reads a game's moves back as Atheneum's actions.
func parseActions(moves []engine.Move, err error) ([]atheneum.Action, error) {
	if err != nil {
		return nil, err
	}
	out := make([]atheneum.Action, len(moves))
	for i, m := range moves {
		if out[i], err = atheneum.ParseAction(string(m)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// testBot is a bot that is never connected, for what it builds offline
// (its slash commands).
func testBot() *Bot { return New(Options{Faces: testFaces()}) }
