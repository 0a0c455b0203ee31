package bot

// This file is the bot's own gateway client: the websocket on which
// Discord delivers interactions. discordgo's (Session.Open) decodes every
// event twice over (its envelope into a copy, then the event, an
// interaction's message and components twice more) and formats each one
// for a debug line, about a tenth of the bot's processor time in the
// ceiling benchmark; this one reads an event's envelope in place and an
// interaction with scanInteraction, and ignores the other events. The
// discordgo session stays for REST (and gives the gateway's address, the
// token, the intents and the shard).

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway close codes after which Discord refuses the same identification
// again: reconnecting would fail the same way (a bad token, a bad shard,
// intents not allowed).
var fatalCloseCodes = map[int]string{
	4004: "authentication failed (is DISCORD_TOKEN right?)",
	4010: "invalid shard",
	4011: "sharding required (set ATHENEUM_SHARDS)",
	4012: "invalid API version",
	4013: "invalid intents",
	4014: "disallowed intents",
}

// Close codes after which the session cannot be resumed: the client
// identifies again.
var freshCloseCodes = map[int]bool{
	4007: true, // invalid sequence number in a resume
	4009: true, // session timed out
}

const (
	// gatewaySends and gatewaySendWindow are Discord's bound on what a
	// client sends: 120 frames in 60 seconds, past which it closes the
	// connection.
	gatewaySends      = 120
	gatewaySendWindow = time.Minute
	// gatewayWriteWait bounds one write.
	gatewayWriteWait = 10 * time.Second
	// gatewayHelloWait bounds the wait for Hello after connecting.
	gatewayHelloWait = 30 * time.Second
	// gatewayMaxBackoff bounds the wait between reconnection attempts.
	gatewayMaxBackoff = time.Minute
	// gatewayCloseWait is how long Close waits for Discord's answer to
	// its close frame before it drops the connection.
	gatewayCloseWait = 2 * time.Second
)

// Gateway is the bot's connection to Discord's gateway, as Discord
// documents it: Hello, Identify (or Resume), heartbeats at the interval
// Hello gives with a random first delay, each acknowledged (an
// unacknowledged heartbeat is a zombie connection: closed and resumed),
// Reconnect, Invalid Session, close codes that forbid reconnecting, and
// at most 120 frames sent a minute. It delivers each INTERACTION_CREATE
// to a function that must not block (Bot.Deliver).
type Gateway struct {
	dg      *discordgo.Session
	log     *slog.Logger
	deliver func(*discordgo.Interaction)

	seq atomic.Int64 // the last dispatch's sequence number, 0 for none

	mu        sync.Mutex
	user      *discordgo.User
	sessionID string
	resumeURL string
	conn      *websocket.Conn // the current connection, nil between two
	closing   bool
	err       error // why the gateway stopped, once done

	wmu   sync.Mutex  // one writer at a time, as gorilla/websocket needs
	sends []time.Time // the latest sends, for Discord's bound

	started bool          // Open started run
	ready   chan error    // Open's answer: nil at the first READY
	stop    chan struct{} // closed by Close
	done    chan struct{} // closed when the gateway stopped
	// dialling ends a dial under way when Close cancels it.
	dialling context.Context
	cancel   context.CancelFunc
}

// NewGateway returns a gateway client for dg's bot, which delivers each
// interaction to deliver (called on the reading goroutine: it must hand
// the interaction on, never wait). Open connects it.
func NewGateway(dg *discordgo.Session, log *slog.Logger, deliver func(*discordgo.Interaction)) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	// Nothing here logs the token; errors from below might.
	log = slog.New(NewRedactingHandler(log.Handler(), strings.TrimPrefix(dg.Token, "Bot ")))
	g := &Gateway{dg: dg, log: log, deliver: deliver, ready: make(chan error, 1), stop: make(chan struct{}), done: make(chan struct{})}
	g.dialling, g.cancel = context.WithCancel(context.Background())
	return g
}

// Open connects to the gateway and returns once Discord sent READY, or
// with what went wrong on the way (ctx ending, the gateway's address,
// the connection, a refused identification). From then on the gateway
// reconnects by itself, resuming the session when Discord allows it,
// until Close or a close code that forbids it (see Done).
func (g *Gateway) Open(ctx context.Context) error {
	gb, err := g.dg.GatewayBot()
	if err != nil {
		return fmt.Errorf("asking Discord for the gateway's address: %w", err)
	}
	if gb.SessionStartLimit.Remaining == 0 && gb.SessionStartLimit.Total > 0 {
		return fmt.Errorf("no gateway session may start for %v (Discord's daily limit of %d)",
			time.Duration(gb.SessionStartLimit.ResetAfter)*time.Millisecond, gb.SessionStartLimit.Total)
	}
	if g.dg.ShardCount > 1 && (g.dg.ShardID < 0 || g.dg.ShardID >= g.dg.ShardCount) {
		return fmt.Errorf("shard %d of %d does not exist", g.dg.ShardID, g.dg.ShardCount)
	}
	g.mu.Lock()
	if g.started || g.closing {
		g.mu.Unlock()
		return errors.New("the gateway was opened or closed already")
	}
	g.started = true
	g.mu.Unlock()
	go g.run(gb.URL)
	select {
	case err := <-g.ready:
		if err != nil {
			<-g.done
		}
		return err
	case <-g.done:
		select {
		case err := <-g.ready: // sent before done closed
			return err
		default:
			return errors.New("the gateway was closed before Discord's READY")
		}
	case <-ctx.Done():
		g.Close()
		return ctx.Err()
	}
}

// User is the bot's user, as READY gave it.
func (g *Gateway) User() *discordgo.User {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.user
}

// Done is closed when the gateway stopped: after Close, or when Discord
// refused to let it reconnect (Err says why).
func (g *Gateway) Done() <-chan struct{} { return g.done }

// Err is why the gateway stopped on its own, nil after Close.
func (g *Gateway) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// Close closes the connection with the normal closure code, which ends
// the session on Discord's side (the bot shows offline at once), and
// stops the gateway's goroutines.
func (g *Gateway) Close() error {
	g.mu.Lock()
	if g.closing {
		g.mu.Unlock()
		<-g.done
		return nil
	}
	g.closing = true
	close(g.stop)
	g.cancel()
	conn, started := g.conn, g.started
	g.mu.Unlock()
	if !started {
		close(g.done)
		return nil
	}
	if conn != nil {
		_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(gatewayWriteWait))
		// The reader ends when Discord answers the close frame.
		select {
		case <-g.done:
			return nil
		case <-time.After(gatewayCloseWait):
			conn.Close()
		}
	}
	// Between two connections, or dialling: run sees stop.
	<-g.done
	return nil
}

func (g *Gateway) stopping() bool {
	select {
	case <-g.stop:
		return true
	default:
		return false
	}
}

// errFatal wraps a close code after which Discord refuses to go on.
type errFatal struct {
	code int
	why  string
}

func (e errFatal) Error() string {
	return fmt.Sprintf("Discord closed the gateway with code %d: %s", e.code, e.why)
}

// run keeps a connection open until Close: it connects, and reconnects
// each time the connection ends, waiting longer after each failure.
func (g *Gateway) run(base string) {
	defer close(g.done)
	readyOnce := false
	failures := 0
	for {
		wait, live, err := g.connect(base, &readyOnce)
		if g.stopping() {
			return
		}
		var fatal errFatal
		if errors.As(err, &fatal) || !readyOnce {
			g.mu.Lock()
			g.err = err
			g.mu.Unlock()
			if readyOnce {
				g.log.Error("the gateway stopped: Discord refuses a reconnection", "code", fatal.code, "why", fatal.why)
			} else {
				g.ready <- err
			}
			return
		}
		if live {
			failures = 0 // a failure after a working connection is a first one
		}
		if wait == 0 {
			failures++
			wait = min(time.Duration(1<<min(failures-1, 8))*500*time.Millisecond, gatewayMaxBackoff)
			wait = wait/2 + rand.N(wait/2+1)
		} else {
			failures = 0
		}
		g.log.Warn("gateway connection lost: reconnecting", "err", err, "in", wait.Round(time.Millisecond), "resume", g.resumable())
		select {
		case <-time.After(wait):
		case <-g.stop:
			return
		}
	}
}

// resumable reports whether the session can be resumed.
func (g *Gateway) resumable() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sessionID != "" && g.seq.Load() > 0
}

// forget drops the session: the next connection identifies.
func (g *Gateway) forget() {
	g.mu.Lock()
	g.sessionID, g.resumeURL = "", ""
	g.mu.Unlock()
	g.seq.Store(0)
}

// errReconnect ends a connection that must be replaced at once (Discord
// asked, or it stopped acknowledging heartbeats).
var errReconnect = errors.New("reconnect")

// connect runs one connection from dialling to its end, and returns how
// long to wait before the next (0: by the number of failures), whether it
// was live (READY or RESUMED came) and why it ended.
func (g *Gateway) connect(base string, readyOnce *bool) (wait time.Duration, live bool, err error) {
	g.mu.Lock()
	resume := g.sessionID != "" && g.seq.Load() > 0
	if resume && g.resumeURL != "" {
		base = g.resumeURL
	}
	g.mu.Unlock()
	u, err := gatewayURL(base)
	if err != nil {
		return 0, false, err
	}
	dialer := g.dg.Dialer
	if dialer == nil {
		dialer = websocket.DefaultDialer
	}
	conn, _, err := dialer.DialContext(g.dialling, u, nil)
	if err != nil {
		return 0, false, fmt.Errorf("connecting to the gateway: %w", err)
	}
	g.mu.Lock()
	if g.closing {
		g.mu.Unlock()
		conn.Close()
		return 0, false, nil
	}
	g.conn = conn
	g.mu.Unlock()
	g.log.Info("gateway connected", "host", hostOf(u), "resume", resume)
	c := &gwConn{g: g, ws: conn, acked: true, done: make(chan struct{})}
	defer func() {
		close(c.done)
		g.mu.Lock()
		g.conn = nil
		g.mu.Unlock()
		conn.Close()
	}()
	conn.SetCloseHandler(func(code int, text string) error { return nil }) // no echo: the reader ends, connect closes
	wait, err = c.serve(resume, readyOnce)
	return wait, c.live, err
}

// gatewayURL is base with the API version and the encoding, as Discord
// asks.
func gatewayURL(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("the gateway's address %q: %w", base, err)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	u.RawQuery = url.Values{"v": {discordgo.APIVersion}, "encoding": {"json"}}.Encode()
	return u.String(), nil
}

// gwConn is one connection's state.
type gwConn struct {
	g     *Gateway
	ws    *websocket.Conn
	mu    sync.Mutex
	acked bool         // the last heartbeat was acknowledged
	live  bool         // READY or RESUMED came (the reader's own)
	buf   bytes.Buffer // the frame being read (the reader's own)
	done  chan struct{}
}

// serve reads Hello, identifies or resumes, then reads events until the
// connection ends.
func (c *gwConn) serve(resume bool, readyOnce *bool) (time.Duration, error) {
	g := c.g
	_ = c.ws.SetReadDeadline(time.Now().Add(gatewayHelloWait))
	op, _, _, d, err := c.read()
	if err != nil {
		return 0, err
	}
	if op != 10 {
		return 0, fmt.Errorf("the gateway began with op %d, not Hello", op)
	}
	var hello struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if err := json.Unmarshal(d, &hello); err != nil || hello.Interval <= 0 {
		return 0, fmt.Errorf("the gateway's Hello has no heartbeat interval: %s", d)
	}
	_ = c.ws.SetReadDeadline(time.Time{})
	go c.heartbeat(time.Duration(hello.Interval) * time.Millisecond)
	if resume {
		err = c.sendResume()
	} else {
		err = c.sendIdentify()
	}
	if err != nil {
		return 0, err
	}
	for {
		op, s, t, d, err := c.read()
		if err != nil {
			return 0, err
		}
		switch op {
		case 0: // dispatch
			if s > 0 {
				g.seq.Store(s)
			}
			switch t {
			case "INTERACTION_CREATE":
				c.interaction(d)
			case "READY":
				if err := c.onReady(d); err != nil {
					return 0, err
				}
				c.live = true
				if !*readyOnce {
					*readyOnce = true
					g.ready <- nil
				}
			case "RESUMED":
				c.live = true
				g.log.Info("gateway session resumed", "seq", g.seq.Load())
			}
		case 1: // Discord asks for a heartbeat now
			if err := c.beat(); err != nil {
				return 0, err
			}
		case 7: // reconnect
			g.log.Info("Discord asked the gateway to reconnect")
			c.closeResumable()
			return time.Millisecond, errReconnect
		case 9: // invalid session; d tells whether it may be resumed
			if !bytes.Equal(bytes.TrimSpace(d), []byte("true")) {
				g.forget()
			}
			g.log.Warn("gateway session invalid", "resumable", string(d))
			c.closeResumable()
			// Discord asks for a random wait of 1 to 5 seconds.
			return time.Second + rand.N(4*time.Second), errReconnect
		case 11: // heartbeat acknowledged
			c.mu.Lock()
			c.acked = true
			c.mu.Unlock()
		}
	}
}

// read reads one frame and its envelope: op, s (0 for none), t, and d as
// a slice of the frame. A close frame's code tells what to do next.
func (c *gwConn) read() (op int, s int64, t string, d []byte, err error) {
	// Into the connection's buffer, reused: nothing read from a frame
	// keeps it (the decoders copy what they keep).
	kind, r, err := c.ws.NextReader()
	if err != nil {
		return 0, 0, "", nil, c.closed(err)
	}
	c.buf.Reset()
	if _, err := c.buf.ReadFrom(r); err != nil {
		return 0, 0, "", nil, c.closed(err)
	}
	frame := c.buf.Bytes()
	if kind == websocket.BinaryMessage {
		// A compressed payload, one zlib stream (never asked for).
		zr, zerr := zlib.NewReader(bytes.NewReader(frame))
		if zerr == nil {
			frame, zerr = io.ReadAll(zr)
		}
		if zerr != nil {
			return 0, 0, "", nil, fmt.Errorf("a compressed gateway frame: %w", zerr)
		}
	}
	op, s, t, d, ok := scanEnvelope(frame)
	if !ok {
		var p struct {
			Op int             `json:"op"`
			S  *int64          `json:"s"`
			T  *string         `json:"t"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(frame, &p); err != nil {
			return 0, 0, "", nil, fmt.Errorf("an unreadable gateway frame: %w", err)
		}
		op, d = p.Op, p.D
		if p.S != nil {
			s = *p.S
		}
		if p.T != nil {
			t = *p.T
		}
	}
	return op, s, t, d, nil
}

// scanEnvelope reads a gateway frame's op, s and t, and d as a slice of
// the frame, in one pass; false for anything scanInteraction's scanner
// does not follow (encoding/json then reads it).
func scanEnvelope(frame []byte) (op int, seq int64, t string, d []byte, ok bool) {
	sc := scanner{b: frame}
	ok = sc.object(func(key []byte) bool {
		switch {
		case foldEq(key, "op"):
			n, ok := sc.integer(-1<<31, 1<<31-1)
			op = int(n)
			return ok
		case foldEq(key, "s"):
			n, ok := sc.integer(-1<<63, 1<<63-1)
			seq = n
			return ok
		case foldEq(key, "t"):
			v, ok := sc.plainString()
			t = v
			return ok
		case foldEq(key, "d"):
			start := sc.i
			ok := sc.skip()
			d = frame[start:sc.i]
			return ok
		}
		return sc.skip()
	})
	if !ok {
		return 0, 0, "", nil, false
	}
	sc.space()
	return op, seq, t, d, sc.i == len(frame)
}

// closed turns the end of a connection into what to do next: a close
// code that forbids reconnecting is fatal, one after which the session is
// gone drops it.
func (c *gwConn) closed(err error) error {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if why, ok := fatalCloseCodes[ce.Code]; ok {
			return errFatal{code: ce.Code, why: why}
		}
		if freshCloseCodes[ce.Code] {
			c.g.forget()
		}
		return fmt.Errorf("Discord closed the gateway with code %d (%s)", ce.Code, ce.Text)
	}
	return err
}

// closeResumable closes the connection with a code other than 1000 and
// 1001, which keeps the session resumable.
func (c *gwConn) closeResumable() {
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4000, "reconnecting"), time.Now().Add(time.Second))
}

// interaction decodes an INTERACTION_CREATE and delivers it.
func (c *gwConn) interaction(d []byte) {
	i, err := decodeInteraction(d)
	if err != nil {
		c.g.log.Warn("an interaction from the gateway is not readable", "err", err)
		// discordgo delivered what it could read: an interaction with
		// an id and a token can still be answered.
		if i == nil || i.ID == "" || i.Token == "" {
			return
		}
	}
	c.g.deliver(i)
}

// onReady keeps READY's session and user.
func (c *gwConn) onReady(d []byte) error {
	var r struct {
		User      *discordgo.User `json:"user"`
		SessionID string          `json:"session_id"`
		ResumeURL string          `json:"resume_gateway_url"`
		Shard     []int           `json:"shard"`
	}
	if err := json.Unmarshal(d, &r); err != nil || r.User == nil || r.SessionID == "" {
		return fmt.Errorf("an unreadable READY (%v)", err)
	}
	g := c.g
	g.mu.Lock()
	g.user, g.sessionID, g.resumeURL = r.User, r.SessionID, r.ResumeURL
	g.mu.Unlock()
	g.log.Info("gateway session ready", "user", r.User.Username, "session", r.SessionID, "shard", r.Shard)
	return nil
}

// heartbeat beats at interval, the first after a random part of it, as
// Discord asks (so that clients reconnecting at once do not beat at
// once). A beat not acknowledged by the next one means the connection is
// a zombie: it is closed, to resume on a new one.
func (c *gwConn) heartbeat(interval time.Duration) {
	t := time.NewTimer(time.Duration(rand.Float64() * float64(interval)))
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-c.g.stop:
			return
		case <-t.C:
		}
		c.mu.Lock()
		acked := c.acked
		c.mu.Unlock()
		if !acked {
			c.g.log.Warn("the gateway did not acknowledge a heartbeat: reconnecting")
			c.closeResumable()
			c.ws.Close()
			return
		}
		if err := c.beat(); err != nil {
			return
		}
		t.Reset(interval)
	}
}

// beat sends a heartbeat with the last sequence number.
func (c *gwConn) beat() error {
	c.mu.Lock()
	c.acked = false
	c.mu.Unlock()
	frame := []byte(`{"op":1,"d":`)
	if s := c.g.seq.Load(); s > 0 {
		frame = strconv.AppendInt(frame, s, 10)
	} else {
		frame = append(frame, "null"...)
	}
	return c.send(append(frame, '}'))
}

// sendIdentify starts a new session.
func (c *gwConn) sendIdentify() error {
	dg := c.g.dg
	token := dg.Identify.Token
	if token == "" {
		token = dg.Token
	}
	type props struct {
		OS      string `json:"os"`
		Browser string `json:"browser"`
		Device  string `json:"device"`
	}
	var d struct {
		Token      string           `json:"token"`
		Intents    discordgo.Intent `json:"intents"`
		Properties props            `json:"properties"`
		Shard      *[2]int          `json:"shard,omitempty"`
	}
	d.Token, d.Intents, d.Properties = token, dg.Identify.Intents, props{OS: runtime.GOOS, Browser: "atheneum", Device: "atheneum"}
	if dg.ShardCount > 1 {
		d.Shard = &[2]int{dg.ShardID, dg.ShardCount}
	}
	frame, err := json.Marshal(struct {
		Op int `json:"op"`
		D  any `json:"d"`
	}{2, d})
	if err != nil {
		return err
	}
	c.g.log.Info("gateway identifying", "intents", int(d.Intents), "shard", d.Shard)
	return c.send(frame)
}

// sendResume resumes the session from the last sequence number.
func (c *gwConn) sendResume() error {
	g := c.g
	token := g.dg.Identify.Token
	if token == "" {
		token = g.dg.Token
	}
	g.mu.Lock()
	sid := g.sessionID
	g.mu.Unlock()
	seq := g.seq.Load()
	frame, err := json.Marshal(map[string]any{"op": 6, "d": map[string]any{"token": token, "session_id": sid, "seq": seq}})
	if err != nil {
		return err
	}
	g.log.Info("gateway resuming", "session", sid, "seq", seq)
	return c.send(frame)
}

// send writes a frame, within Discord's bound on sends.
func (c *gwConn) send(frame []byte) error {
	g := c.g
	g.wmu.Lock()
	defer g.wmu.Unlock()
	now := time.Now()
	for len(g.sends) > 0 && now.Sub(g.sends[0]) >= gatewaySendWindow {
		g.sends = g.sends[1:]
	}
	if len(g.sends) >= gatewaySends {
		wait := gatewaySendWindow - now.Sub(g.sends[0])
		g.log.Warn("the gateway's sends reach Discord's bound: waiting", "wait", wait.Round(time.Millisecond))
		select {
		case <-time.After(wait):
		case <-c.done:
			return errors.New("the connection ended")
		}
		g.sends = g.sends[1:]
	}
	g.sends = append(g.sends, time.Now())
	_ = c.ws.SetWriteDeadline(time.Now().Add(gatewayWriteWait))
	return c.ws.WriteMessage(websocket.TextMessage, frame)
}

// hostOf is a URL's host, for logs.
func hostOf(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Host
	}
	return strings.SplitN(u, "/", 2)[0]
}
