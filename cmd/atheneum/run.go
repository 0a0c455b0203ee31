package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot"
	"atheneum/bot/apart"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// hardPlayers are Atheneum's computer players with the hard one's effort
// set by playouts, its play-outs per candidate at a card pick, and a third
// of them at a shelving choice, as its default effort (ai.DefaultPlayouts,
// which they are by default).
func hardPlayers(playouts int) ai.Players {
	if playouts <= 0 {
		return ai.Players{}
	}
	return ai.Players{Playouts: playouts, ResolvePlayouts: max(1, playouts/3)}
}

// runThink is a search process: started by the bot (bot/apart), it
// lowers its own priority and answers computer players' searches on its
// standard input and output until the bot closes them.
func runThink(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("think", flag.ContinueOnError)
	playouts := fs.Int("playouts", ai.DefaultPlayouts, "play-outs per candidate card of Atheneum's hard computer player at a pick, a third of them at a shelving choice (the bot's ATHENEUM_HARD_AI_PLAYOUTS)")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: atheneum think [--playouts N]")
		fmt.Fprintln(w, "Answers computer players' searches for a running bot, which starts it itself: one JSON request per line on standard input, one answer per line on standard output, at the lowest processor priority.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *playouts < 1 {
		return fmt.Errorf("think: --playouts must be at least 1, not %d", *playouts)
	}
	return apart.Main(games(*playouts))
}

// newSearcher runs the bot's computer players' searches in search
// processes (this program's think command), so that they only take
// processor time nobody else wants. A search may use the processor time
// of apart.DefaultLimit per default effort it is given.
func newSearcher(playouts int, log *slog.Logger) (*apart.Searcher, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("the bot cannot find its own program, which it runs to search for computer players: %w", err)
	}
	efforts := max(1, (playouts+ai.DefaultPlayouts-1)/ai.DefaultPlayouts)
	return apart.New(apart.Options{Command: []string{exe, "think", "--playouts", strconv.Itoa(playouts)}, Logger: log,
		Limit: time.Duration(efforts) * apart.DefaultLimit}), nil
}

// runBot connects to Discord and plays until SIGINT or SIGTERM.
func runBot(args []string, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("run: unexpected argument %q (the bot reads its settings from the environment or ./.env)", args[0])
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	cfg, err := bot.LoadConfig(".env")
	if errors.Is(err, bot.ErrNoToken) {
		return fmt.Errorf("%w\n\nTo see the games without Discord, run: %s demo", err, programCommand(os.Args[0]))
	}
	if err != nil {
		return err
	}
	log = slog.New(bot.NewRedactingHandler(log.Handler(), cfg.Token))
	// discordgo logs some failures itself, URLs included: through the same
	// redaction, so that no token reaches the logs.
	discordgo.Logger = func(level, _ int, format string, a ...any) {
		log.Warn(bot.Redact(fmt.Sprintf(format, a...), cfg.Token), "source", "discordgo")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// An SQLite file or a PostgreSQL database, by ATHENEUM_DB's form; a
	// URL is never shown with its password.
	db, err := store.Open(ctx, cfg.DBPath)
	if err != nil {
		return fmt.Errorf("opening the database %s: %w", store.RedactDSN(cfg.DBPath), err)
	}
	defer db.Close()
	dg, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return err
	}
	// REST calls on the bot's own HTTP/1.1 transport, cheaper than
	// net/http's; what it does not serve (a proxy from the environment,
	// say) goes to net/http's. A REST proxy (DISCORD_API_URL) is reached
	// through it too. It bounds each request as discordgo's client did
	// (20 s), with a deadline on the connection, cheaper than the
	// client's timer and goroutine per request.
	rest := bot.NewRESTTransport()
	defer rest.CloseIdleConnections()
	rest.Timeout, dg.Client.Timeout = dg.Client.Timeout, 0
	dg.Client.Transport = rest
	if cfg.APIURL != "" {
		if err := viaRESTProxy(dg, cfg.APIURL); err != nil {
			return fmt.Errorf("DISCORD_API_URL: %w", err)
		}
	}
	// The computer players search in a pool beside the bot, each search
	// in a process of its own at idle priority.
	searcher, err := newSearcher(cfg.HardAIPlayouts, log)
	if err != nil {
		return err
	}
	// Closed after the bot, whose pool finishes its searches first.
	defer searcher.Close()
	p := botProcess{cfg: cfg, dg: dg, db: db, log: log, faces: faces(cfg.HardAIPlayouts), thinkers: game.DefaultThinkers(), searcher: searcher}
	return p.run(ctx)
}

// botProcess is the bot's process once its settings, database and Discord
// client are ready: it receives interactions on the gateway (one shard of
// several, with ATHENEUM_SHARDS) or on the HTTP endpoint (ATHENEUM_HTTP).
type botProcess struct {
	cfg      bot.Config
	dg       *discordgo.Session
	db       *store.DB
	log      *slog.Logger
	faces    []face.Face
	thinkers int
	searcher game.Searcher
	// listening, if set, learns the endpoint's address once it listens
	// (tests listen on port 0).
	listening func(addr string)
	// newSeed, if set, gives the new games' seeds (tests that play a
	// game again with the seed another run drew); nil draws them.
	newSeed func() uint64
}

// run plays until ctx ends, then shuts down: no new interaction, those in
// flight finished (up to 30 s), the connection or the endpoint closed.
func (p botProcess) run(ctx context.Context) error {
	b := bot.New(bot.Options{Config: p.cfg, Discord: p.dg, Store: p.db, Logger: p.log, Faces: p.faces,
		Thinkers: p.thinkers, Searcher: p.searcher, NewSeed: p.newSeed})
	if p.cfg.HTTPAddr != "" {
		return p.serveHTTP(ctx, b)
	}
	return p.serveGateway(ctx, b)
}

// serveGateway receives interactions on the gateway, as this process's
// shard when ATHENEUM_SHARDS is set.
func (p botProcess) serveGateway(ctx context.Context, b *bot.Bot) error {
	dg := p.dg
	// Interactions need no privileged intent; guilds is enough.
	dg.Identify.Intents = discordgo.IntentsGuilds
	if p.cfg.Sharded() {
		dg.ShardID, dg.ShardCount = p.cfg.ShardID, p.cfg.ShardCount
	}
	// The bot's own gateway client reads the events; dg stays for REST.
	gw := bot.NewGateway(dg, p.log, b.Deliver)
	if err := gw.Open(ctx); err != nil {
		if ctx.Err() != nil {
			p.log.Info("shutting down before the gateway was ready")
			return nil
		}
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	me := gw.User()
	b.SetAppID(me.ID)
	if err := p.register(b); err != nil {
		gw.Close()
		return err
	}
	b.Start()
	attrs := []any{"user", me.Username, "db", p.db.Path(), "invite", bot.InviteURL(me.ID)}
	if p.cfg.Sharded() {
		attrs = append(attrs, "shard", fmt.Sprintf("%d/%d", p.cfg.ShardID, p.cfg.ShardCount))
	}
	p.log.Info("bot ready", attrs...)
	var stopped error
	select {
	case <-ctx.Done():
	case <-gw.Done():
		// Discord refuses to let the gateway reconnect (a reset token,
		// say): nothing more can arrive.
		stopped = gw.Err()
	}
	p.log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.Close(shutdown); err != nil {
		p.log.Warn("shutdown", "err", err)
	}
	if err := gw.Close(); err != nil {
		p.log.Warn("closing the gateway", "err", err)
	}
	return stopped
}

// register installs the slash commands, unless another process does (see
// bot.Config.RegistersCommands).
func (p botProcess) register(b *bot.Bot) error {
	if !p.cfg.RegistersCommands() {
		p.log.Info("the slash commands are left to shard 0", "shard", p.cfg.ShardID)
		return nil
	}
	if err := b.RegisterCommands(); err != nil {
		return fmt.Errorf("registering the slash commands: %w", err)
	}
	return nil
}

// interactionsPath is where the endpoint receives interactions: the
// Interactions Endpoint URL ends with it. healthPath answers a load
// balancer's checks.
const (
	interactionsPath = "/interactions"
	healthPath       = "/healthz"
)

// serveHTTP receives interactions on the HTTP endpoint: no gateway
// connection at all, so that any number of these processes can run behind
// a load balancer, which checks each one's health at healthPath.
func (p botProcess) serveHTTP(ctx context.Context, b *bot.Bot) error {
	me, err := p.dg.User("@me")
	if err != nil {
		return fmt.Errorf("asking Discord who the bot is (is DISCORD_TOKEN right?): %w", err)
	}
	b.SetAppID(me.ID)
	if err := p.register(b); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", p.cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listening for interactions on ATHENEUM_HTTP=%s: %w", p.cfg.HTTPAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST "+interactionsPath, b.HTTPHandler(bot.HTTPOptions{PublicKey: p.cfg.PublicKey}))
	mux.HandleFunc("GET "+healthPath, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(p.log.Handler(), slog.LevelWarn)}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	b.Start()
	p.log.Info("bot ready", "user", me.Username, "db", p.db.Path(), "endpoint", ln.Addr().String()+interactionsPath,
		"invite", bot.InviteURL(me.ID))
	if p.listening != nil {
		p.listening(ln.Addr().String())
	}
	var failed error
	select {
	case <-ctx.Done():
	case failed = <-served:
		p.log.Error("the interactions endpoint stopped", "err", failed)
	}
	p.log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// No new request, those open answered (each within Discord's three
	// seconds), then the handlers they began finished.
	if err := srv.Shutdown(shutdown); err != nil {
		p.log.Warn("closing the interactions endpoint", "err", err)
	}
	if err := b.Close(shutdown); err != nil {
		p.log.Warn("shutdown", "err", err)
	}
	if failed != nil && !errors.Is(failed, http.ErrServerClosed) {
		return fmt.Errorf("serving interactions: %w", failed)
	}
	return nil
}

// runDemo plays a game through the bot and a fake Discord.
func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	game := fs.String("game", "atheneum", "the game to play: "+strings.Join(hostedIDs(anyGame), ", "))
	variant := fs.String("variant", "", "Anludim's variant, chosen by the host in the lobby: base (the default) or expert")
	lang := fs.String("lang", "en", "language of the server, its members and the game: en or fr")
	people := fs.Int("people", 2, "scripted people (1-5); with two or more, the last one has closed direct messages")
	levels := fs.String("ai", "normal", "comma-separated levels of the computer players the host adds (random, normal, hard); \"\" for none")
	seed := seedFlag(fs, "the game's seed: the same seed plays the same game and writes the same transcript")
	clock := fs.Bool("clock", false, "play the game over simulated days, a whole step's time at a time: reminders, a missed deadline, the autopilot, time away and returns show")
	dir := fs.String("out", "", "folder for the transcript, the pictures and the database (pictures of an earlier run are replaced; default GAME-demo)")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: atheneum demo [--game "+strings.Join(hostedIDs(anyGame), "|")+"] [--variant base|expert] [--lang en|fr] [--people N] [--ai LEVELS] [--seed S] [--clock] [--out DIR]")
		fmt.Fprintln(w, "Plays a whole game through the bot and a fake Discord on 127.0.0.1: the people press the bot's buttons and menus, the computer players are added in the lobby. Writes what everyone saw.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	var ai []string
	if strings.TrimSpace(*levels) != "" {
		for _, l := range strings.Split(*levels, ",") {
			ai = append(ai, strings.TrimSpace(l))
		}
	}
	if *dir == "" {
		*dir = *game + "-demo"
	}
	o := DemoOptions{Game: *game, Variant: *variant, Lang: *lang, People: *people, AI: ai, Seed: *seed, Dir: *dir, Progress: stdout, Clock: *clock}
	if err := checkDemo(&o); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "playing a demo game of %s (seed %d) into %s\n", o.Game, o.Seed, o.Dir)
	res, err := Demo(ctx, o)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	fmt.Fprintln(stdout, res)
	return nil
}

// programCommand is how the person who started the program runs it again:
// "go run ./cmd/atheneum" when it was built by go run (into a temporary
// go-build folder), else the program's own path as typed.
func programCommand(arg0 string) string {
	if strings.Contains(filepath.ToSlash(arg0), "/go-build") {
		return "go run ./cmd/atheneum"
	}
	return arg0
}
