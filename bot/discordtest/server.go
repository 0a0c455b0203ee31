package discordtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// ErrClosed is returned by waits and dispatches once the Server is closed, so
// a test blocked on the fake does not hang until its own timeout.
var ErrClosed = errors.New("discordtest: server closed")

// Options configures a Server. The zero value is a usable, strict fake.
type Options struct {
	// AppID is the application id, which is also the bot user's id as for
	// every modern Discord application. Empty means a generated snowflake.
	AppID string
	// BotUsername is the bot user's username. Empty means "atheneum".
	BotUsername string
	// Token, if set, is the only bot token the fake accepts (with or
	// without the "Bot " prefix); other tokens get 401 on REST and close
	// code 4004 on the gateway. Empty accepts any non-empty token.
	Token string
	// HeartbeatInterval is announced in HELLO. Empty means Discord's usual
	// 41.25 s; discordgo sends its first heartbeat immediately anyway.
	HeartbeatInterval time.Duration
	// AckDeadline is how long the bot has to answer an interaction
	// callback. Empty means Discord's 3 s.
	AckDeadline time.Duration
	// DisableCompression sends READY and GUILD_CREATE as plain text even
	// when IDENTIFY asks for compression. By default they are sent as
	// zlib-compressed binary frames, like Discord, to exercise discordgo's
	// decompression path.
	DisableCompression bool
	// AllowUnregisteredCommands lets SlashCommand and Autocomplete invoke a
	// command the bot never registered. By default that is an error,
	// because real users can only invoke registered commands, and
	// registered commands let the fake check option names and types.
	AllowUnregisteredCommands bool
	// AllowPrivilegedIntents accepts an IDENTIFY asking for the
	// GUILD_MEMBERS, GUILD_PRESENCES or MESSAGE_CONTENT intents. By default
	// the gateway closes with 4014, as Discord does for an application
	// that has not been granted them.
	AllowPrivilegedIntents bool
	// UploadLimit bounds, in bytes, each uploaded file and all the files
	// of one request together; beyond it a request gets 413 40005
	// "Request entity too large". Empty means Discord's 25 MiB. It is
	// also sent as the interactions' attachment_size_limit.
	UploadLimit int64
	// RetryAfter is the retry_after of the 429s RateLimit injects. Empty
	// means 50 ms.
	RetryAfter time.Duration
	// Latency delays every REST request (API and CDN, not the gateway)
	// before the fake handles it, as a slow network would, so a test can
	// check that answers still beat the interaction deadline: a callback
	// sent at t reaches the fake, and is timed against AckDeadline, at
	// t+Latency. SetLatency changes it while running.
	Latency time.Duration
	// AllowProblems stops New from failing the test at cleanup when
	// violations or unknown requests were recorded and not taken.
	AllowProblems bool
	// Logf, if set, receives one line per REST request and gateway event;
	// pass t.Logf to see the conversation when a test fails.
	Logf func(format string, args ...any)
	// Clock, if set, is the time messages are created and edited at (a
	// simulated clock shared with the bot); nil means the real clock.
	// Interaction deadlines are always timed on the real clock.
	Clock func() time.Time
	// Lean keeps only what a test needs to go on playing, for runs that
	// measure the bot's memory rather than the fake's: uploaded files
	// lose their bytes (names, types and image sizes stay), the request
	// log keeps no headers, bodies or answers, interactions keep no
	// payload once dispatched, and edited messages keep no earlier
	// versions.
	Lean bool
	// Transport, if set, carries the REST client's requests (HTTPClient,
	// NewSession) once rewritten to the fake, in place of a private
	// http.Transport, so a test measures the bot's own transport. Close
	// closes its idle connections if it has a CloseIdleConnections
	// method. If it has a RequestTimeout method reporting a bound, the
	// client leaves its 20 s Timeout to the transport, as the bot's
	// process does.
	Transport http.RoundTripper
}

// Clocked reports whether the server stamps messages with Options.Clock.
func (s *Server) Clocked() bool { return s.opts.Clock != nil }

// messageTime is the time a message is created or edited at.
func (s *Server) messageTime() time.Time {
	if s.opts.Clock != nil {
		return s.opts.Clock().UTC()
	}
	return time.Now().UTC()
}

// Server is a running fake Discord. All methods are safe for concurrent use.
type Server struct {
	opts    Options
	ln      net.Listener
	httpSrv *http.Server
	// unused are the connections that have not sent a request yet (a
	// client's transport dials ahead of need): Close closes them rather
	// than let Shutdown wait five seconds for their first request.
	unusedMu   sync.Mutex
	unused     map[net.Conn]bool
	transport  http.RoundTripper
	client     *http.Client
	dialer     *websocket.Dialer
	baseURL    string
	gatewayURL string
	upgrader   websocket.Upgrader
	routeTable []route
	wg         sync.WaitGroup // gateway connection goroutines

	done chan struct{} // closed by Close, to cut latency sleeps short
	// base ends when Close is called, cancelling deliveries to the
	// interactions endpoint, which deliveries counts.
	base       context.Context
	cancelBase context.CancelFunc
	deliveries sync.WaitGroup
	// deliveryClient POSTs to the interactions endpoint, through
	// deliveryTransport (closed by Close).
	deliveryClient    *http.Client
	deliveryTransport *http.Transport
	latency           atomic.Int64 // time.Duration, see Options.Latency
	// inFlight and mostInFlight count the REST requests in their latency
	// by "METHOD /first-segment" (see MostAtOnce).
	flightMu     sync.Mutex
	inFlight     map[string]int
	mostInFlight map[string]int

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every state change
	closed  bool
	nextID  int64
	nextSeq int

	bot       User
	users     map[string]*User
	guilds    map[string]*Guild
	guildList []string
	// endpoint, once set, receives every interaction over HTTP.
	endpoint *interactionsEndpoint
	// deafToBeats stops heartbeat acknowledgements (IgnoreHeartbeats).
	deafToBeats bool

	// loseNext makes the next dispatch be lost in flight (LoseNextDispatch).
	loseNext  bool
	channels  map[string]*Channel
	chanList  []string
	members   map[memberKey]*Member
	dms       map[string]string // user id -> DM channel id
	dmsClosed map[string]bool
	denied    map[string][]string // channel id -> route templates answering 50013

	messages    map[string]*Message
	chanMsgs    map[string][]string // channel id -> message ids, oldest first
	interacts   map[string]*interactionState
	byToken     map[string]*interactionState
	interList   []*interactionState
	commands    []*Command
	requests    []Request
	faults      []*faultRule
	violations  []Violation
	conns       []*gwConn
	sessions    map[string]*gwSession
	nextConnID  int
	nextSession int
}

// TB is the part of testing.TB that New uses. It is declared here so the
// package does not import testing: the demo links the fake Discord into the
// production binary, which must not carry the testing package.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
	Failed() bool
	Cleanup(func())
}

// New starts a Server for a test and closes it when the test ends. At
// cleanup it fails the test if the bot sent payloads Discord would reject or
// called routes the fake does not know, unless the test took them
// (TakeViolations, TakeUnknownRequests) or set Options.AllowProblems.
func New(tb TB, opts Options) *Server {
	tb.Helper()
	s, err := Start(opts)
	if err != nil {
		tb.Fatalf("discordtest: %v", err)
	}
	tb.Cleanup(func() {
		if !opts.AllowProblems && !tb.Failed() {
			for _, v := range s.Violations() {
				tb.Errorf("discordtest: Discord would have rejected %s %s: %s", v.Method, v.Path, v)
			}
			for _, r := range s.UnknownRequests() {
				tb.Errorf("discordtest: unexpected request to an unknown route: %s %s", r.Method, r.Path)
			}
		}
		s.Close()
	})
	return s
}

// Start starts a Server outside of a test, for example for a demo. The
// caller must call Close.
func Start(opts Options) (*Server, error) {
	if opts.BotUsername == "" {
		opts.BotUsername = "atheneum"
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.AckDeadline <= 0 {
		opts.AckDeadline = 3 * time.Second
	}
	if opts.RetryAfter <= 0 {
		opts.RetryAfter = 50 * time.Millisecond
	}
	if opts.UploadLimit <= 0 {
		opts.UploadLimit = defaultUploadLimit
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	s := &Server{
		opts:      opts,
		ln:        ln,
		done:      make(chan struct{}),
		changed:   make(chan struct{}),
		users:     map[string]*User{},
		guilds:    map[string]*Guild{},
		channels:  map[string]*Channel{},
		members:   map[memberKey]*Member{},
		dms:       map[string]string{},
		dmsClosed: map[string]bool{},
		messages:  map[string]*Message{},
		chanMsgs:  map[string][]string{},
		interacts: map[string]*interactionState{},
		byToken:   map[string]*interactionState{},
		sessions:  map[string]*gwSession{},
	}
	addr := ln.Addr().String()
	s.baseURL = "http://" + addr
	s.gatewayURL = "ws://" + addr + "/gateway"
	// A private Transport, so Close can drop its idle connections and
	// leave no goroutines behind.
	s.transport = opts.Transport
	if s.transport == nil {
		s.transport = &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     30 * time.Second,
		}
	}
	s.client = &http.Client{
		Transport: &rewriteTransport{host: addr, base: s.transport},
		Timeout:   20 * time.Second,
	}
	if b, ok := s.transport.(interface{ RequestTimeout() time.Duration }); ok && b.RequestTimeout() > 0 {
		s.client.Timeout = 0
	}
	s.dialer = &websocket.Dialer{
		HandshakeTimeout: 5 * time.Second,
		// The gateway URL already points at the fake, but rewrite anyway
		// so a session whose gateway was cached elsewhere still lands here.
		NetDialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
	}
	s.upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	s.base, s.cancelBase = context.WithCancel(context.Background())
	s.deliveryTransport = &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 64,
		IdleConnTimeout:     30 * time.Second,
	}
	s.deliveryClient = &http.Client{Transport: s.deliveryTransport}

	appID := opts.AppID
	if appID == "" {
		appID = s.newIDLocked()
	}
	s.bot = User{ID: appID, Username: opts.BotUsername, GlobalName: opts.BotUsername, Bot: true}
	s.users[appID] = &s.bot

	s.latency.Store(int64(max(opts.Latency, 0)))
	s.routeTable = s.routes()
	s.unused = map[net.Conn]bool{}
	s.httpSrv = &http.Server{Handler: http.HandlerFunc(s.serveHTTP), ReadHeaderTimeout: 10 * time.Second, ConnState: s.connState}
	go func() { _ = s.httpSrv.Serve(ln) }()
	return s, nil
}

// Close stops the server: it closes every gateway connection with 1001
// "going away", waits for in-flight REST handlers and gateway goroutines, and
// releases the client's idle connections. Close the discordgo sessions first
// (see the package documentation). Close is idempotent.
// connState keeps track of the connections no request has come on yet.
func (s *Server) connState(c net.Conn, st http.ConnState) {
	s.unusedMu.Lock()
	defer s.unusedMu.Unlock()
	if st == http.StateNew {
		s.unused[c] = true
	} else {
		delete(s.unused, c)
	}
}

func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	conns := append([]*gwConn(nil), s.conns...)
	s.notifyLocked()
	s.mu.Unlock()

	for _, c := range conns {
		c.closeWith(websocket.CloseGoingAway, "server closing")
	}
	s.cancelBase()
	s.deliveries.Wait()
	s.deliveryTransport.CloseIdleConnections()
	s.unusedMu.Lock()
	for c := range s.unused {
		_ = c.Close() // no request of it was ever read: nothing is lost
	}
	s.unusedMu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.httpSrv.Shutdown(ctx); err != nil {
		_ = s.httpSrv.Close()
	}
	s.wg.Wait()
	if ci, ok := s.transport.(interface{ CloseIdleConnections() }); ok {
		ci.CloseIdleConnections()
	}
}

// SetLatency sets Options.Latency, the delay added to every REST request
// from now on; 0 removes it.
func (s *Server) SetLatency(d time.Duration) {
	s.latency.Store(int64(max(d, 0)))
}

// MostAtOnce is the largest number of REST requests of one kind the fake
// has held at once, in their latency (Options.Latency, SetLatency) or
// being answered, counted only while there is a latency; the
// kind being the method and the path's first segment after the API root,
// as "PATCH /webhooks": requests sent one after another never overlap,
// however slow the machine, and requests sent at once do whenever the
// latency is long enough for the next one to arrive.
func (s *Server) MostAtOnce(kind string) int {
	s.flightMu.Lock()
	defer s.flightMu.Unlock()
	return s.mostInFlight[kind]
}

// flying counts a request of kind as held until the returned function is
// called.
func (s *Server) flying(kind string) (landed func()) {
	s.flightMu.Lock()
	defer s.flightMu.Unlock()
	if s.inFlight == nil {
		s.inFlight, s.mostInFlight = map[string]int{}, map[string]int{}
	}
	s.inFlight[kind]++
	s.mostInFlight[kind] = max(s.mostInFlight[kind], s.inFlight[kind])
	return func() {
		s.flightMu.Lock()
		defer s.flightMu.Unlock()
		s.inFlight[kind]--
	}
}

// URL is the base URL of the fake, e.g. "http://127.0.0.1:40123". REST
// routes live under URL()+"/api/v9/".
func (s *Server) URL() string { return s.baseURL }

// GatewayURL is the websocket URL the fake hands out from GET /gateway.
func (s *Server) GatewayURL() string { return s.gatewayURL }

// HTTPClient returns a client that sends every request, whatever its scheme
// and host (discord.com, cdn.discordapp.com, ...), to the fake, keeping the
// path and query. Assign it to discordgo.Session.Client.
func (s *Server) HTTPClient() *http.Client { return s.client }

// Dialer returns a websocket dialer that always connects to the fake. Assign
// it to discordgo.Session.Dialer (NewSession does).
func (s *Server) Dialer() *websocket.Dialer { return s.dialer }

// NewSession builds a real discordgo Session wired to the fake: its REST
// client and websocket dialer point here and it asks only for
// non-privileged intents (guilds, guild messages, direct messages). The
// token gets a "Bot " prefix if it lacks one. The session is not opened.
func (s *Server) NewSession(token string) (*discordgo.Session, error) {
	if !strings.HasPrefix(token, "Bot ") {
		token = "Bot " + token
	}
	dg, err := discordgo.New(token)
	if err != nil {
		return nil, err
	}
	dg.Client = s.HTTPClient()
	dg.Dialer = s.Dialer()
	dg.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	return dg, nil
}

// AppID is the application id, equal to the bot user's id.
func (s *Server) AppID() string { return s.bot.ID }

// BotUser is the application's bot user, as READY and /users/@me report it.
func (s *Server) BotUser() User { return s.bot }

// rewriteTransport sends every request to the fake. discordgo builds URLs
// from fixed https://discord.com/... strings, so redirecting at the
// transport is the only way in that does not patch the library.
type rewriteTransport struct {
	host string
	base http.RoundTripper
}

// RoundTrip sends a copy of req to the fake, leaving req untouched as the
// http.RoundTripper contract requires.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.Header.Set(originalHostHeader, req.URL.Host)
	r.URL = &url.URL{Scheme: "http", Host: t.host, Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery}
	r.Host = t.host
	return t.base.RoundTrip(r)
}

// originalHostHeader carries the host the bot meant to reach, so recorded
// requests can tell discord.com from cdn.discordapp.com.
const originalHostHeader = "X-Discordtest-Original-Host"

// snowflakeBase is 2024-01-01T00:00:00Z in milliseconds since the Discord
// epoch, so generated ids decode to plausible timestamps.
const snowflakeBase = 1704067200000 - 1420070400000

// newIDLocked returns the next id: a valid snowflake whose timestamp part
// increases by one millisecond per id, so ids are unique, ordered and the
// same in every run.
func (s *Server) newIDLocked() string {
	s.nextID++
	return fmt.Sprint((snowflakeBase + s.nextID) << 22)
}

// notifyLocked wakes every waiter; waiters re-check their condition.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitFor blocks until cond (called with s.mu held) is true, the context is
// done, or the server closes.
func (s *Server) waitFor(ctx context.Context, what string, cond func() bool) error {
	for {
		s.mu.Lock()
		if cond() {
			s.mu.Unlock()
			return nil
		}
		ch, closed := s.changed, s.closed
		s.mu.Unlock()
		if closed {
			return fmt.Errorf("waiting for %s: %w", what, ErrClosed)
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: waiting for %s: %w", what, ctx.Err())
		}
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf("discordtest: "+format, args...)
	}
}
