package discordtest

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// GatewayConn describes one gateway websocket connection, so a test can
// tell an old bot session from its replacement after a restart.
type GatewayConn struct {
	ID        int    // 1, 2, ... in connection order
	SessionID string // from READY; kept across RESUME
	// URL is the URL the client dialled, query included
	// (discordgo: "/gateway/?v=9&encoding=json").
	URL     string
	Intents discordgo.Intent
	// Shard is the shard the connection identified as, [id, count]
	// ([0, 1] when IDENTIFY named none): it receives the events of the
	// servers whose ShardOf is id, and direct messages on shard 0.
	Shard       [2]int
	Compress    bool // IDENTIFY asked for compressed payloads
	Resumed     bool // the connection resumed an earlier session
	Heartbeats  int
	ConnectedAt time.Time
	ReadyAt     time.Time // zero until READY or RESUMED was sent
	ClosedAt    time.Time // zero while open
}

// Live reports whether the connection is identified and still open, that is
// whether it receives dispatches.
func (g GatewayConn) Live() bool { return !g.ReadyAt.IsZero() && g.ClosedAt.IsZero() }

type gwConn struct {
	s    *Server
	ws   *websocket.Conn
	wmu  sync.Mutex // serialises writes; taken before s.mu, never after
	info GatewayConn
	sess *gwSession
	once sync.Once
}

type gwSession struct {
	id  string
	seq int64
	// shard is the session's [id, count], kept across RESUME.
	shard [2]int
	// sent are the session's latest dispatches, oldest first, which a
	// RESUME replays from the sequence number the client saw last, as
	// Discord does: a dispatch written to a connection that died before
	// the client read it is delivered after the resume.
	sent []sentDispatch
}

// sentDispatch is one dispatch frame of a session, kept for replay.
type sentDispatch struct {
	seq   int64
	frame []byte
}

// maxReplay is how many dispatches a session keeps for a RESUME; a client
// further behind gets an invalid session and identifies again.
const maxReplay = 4096

// remember keeps a dispatch for replay.
func (sess *gwSession) remember(seq int64, frame []byte) {
	if len(sess.sent) == maxReplay {
		sess.sent = append(sess.sent[:0], sess.sent[1:]...)
	}
	sess.sent = append(sess.sent, sentDispatch{seq: seq, frame: frame})
}

// since are the dispatches after seq; ok is false when some of them are
// no longer kept.
func (sess *gwSession) since(seq int64) (out []sentDispatch, ok bool) {
	for i, d := range sess.sent {
		if d.seq > seq {
			if i == 0 && d.seq > seq+1 {
				return nil, false
			}
			return append(out, sess.sent[i:]...), true
		}
	}
	return nil, len(sess.sent) == 0 || sess.sent[len(sess.sent)-1].seq == seq || seq >= sess.seq
}

// gatewayPayload is a gateway frame.
type gatewayPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

type identifyData struct {
	Token    string           `json:"token"`
	Intents  discordgo.Intent `json:"intents"`
	Compress bool             `json:"compress"`
	Shard    *[2]int          `json:"shard"`
}

// ShardOf is the shard that receives a server's events among shards, as
// Discord routes them: (guild_id >> 22) % shards; direct messages (guildID
// "") and an id that is not a snowflake go to shard 0.
func ShardOf(guildID string, shards int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if guildID == "" || err != nil || shards <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// serves reports whether a connection of shard [id, count] receives the
// events of guildID ("" for direct messages).
func serves(shard [2]int, guildID string) bool {
	return ShardOf(guildID, shard[1]) == shard[0]
}

type resumeData struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

const privilegedIntents = discordgo.IntentGuildMembers | discordgo.IntentGuildPresences | discordgo.IntentMessageContent

// Connections returns every gateway connection so far, oldest first.
func (s *Server) Connections() []GatewayConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]GatewayConn, len(s.conns))
	for i, c := range s.conns {
		out[i] = c.info
	}
	return out
}

// WaitConnected waits until a gateway connection is live (READY or RESUMED
// sent, not closed) and returns the newest live one, the one dispatches go
// to when the bot runs a single shard (WaitConnectedFor waits for a
// server's shard). After closing a bot session and opening another, it returns the new
// connection once the old one's close frame has arrived.
func (s *Server) WaitConnected(ctx context.Context) (GatewayConn, error) {
	var out GatewayConn
	err := s.waitFor(ctx, "a connected gateway session", func() bool {
		if c := s.liveConnLocked(); c != nil {
			out = c.info
			return true
		}
		return false
	})
	return out, err
}

// WaitConnectedFor waits until a live gateway connection receives the
// events of guildID ("" for direct messages): one of the shard ShardOf
// gives. It returns the newest such connection, the one they go to.
func (s *Server) WaitConnectedFor(ctx context.Context, guildID string) (GatewayConn, error) {
	var out GatewayConn
	err := s.waitFor(ctx, "a connected gateway session for guild "+guildID, func() bool {
		if c := s.liveConnForLocked(guildID); c != nil {
			out = c.info
			return true
		}
		return false
	})
	return out, err
}

// liveConnLocked picks the newest live connection of any shard.
func (s *Server) liveConnLocked() *gwConn {
	for i := len(s.conns) - 1; i >= 0; i-- {
		if s.conns[i].info.Live() {
			return s.conns[i]
		}
	}
	return nil
}

// liveConnForLocked picks the connection that receives guildID's
// dispatches: the newest live one of its shard. Like Discord, each event
// goes to one session, so a bot briefly running twice during a restart
// does not answer twice.
func (s *Server) liveConnForLocked(guildID string) *gwConn {
	for i := len(s.conns) - 1; i >= 0; i-- {
		if c := s.conns[i]; c.info.Live() && serves(c.info.Shard, guildID) {
			return c
		}
	}
	return nil
}

// DisconnectAll drops every gateway connection with the given close code,
// as Discord does during restarts (use 4000-series codes that allow a
// resume, e.g. 4000, to exercise discordgo's reconnect-and-RESUME path; it
// waits about a second before reconnecting).
func (s *Server) DisconnectAll(code int) {
	s.mu.Lock()
	conns := append([]*gwConn(nil), s.conns...)
	s.mu.Unlock()
	for _, c := range conns {
		c.closeWith(code, "disconnected by test")
	}
}

// Dispatch sends a dispatch event (op 0) with the given type and data to the
// live session, for events the fake does not produce itself: the session
// of the shard of the data's guild_id (shard 0 without one).
func (s *Server) Dispatch(ctx context.Context, eventType string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var about struct {
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(raw, &about)
	_, err = s.dispatchTo(ctx, about.GuildID, eventType, raw, nil)
	return err
}

// dispatchTo waits for a live connection of guildID's shard and sends the
// event to it. before, if set, runs under s.mu right before the frame is
// written, with the connection chosen, so timing starts exactly at
// dispatch.
func (s *Server) dispatchTo(ctx context.Context, guildID, eventType string, data json.RawMessage, before func(c *gwConn)) (*gwConn, error) {
	for {
		if _, err := s.WaitConnectedFor(ctx, guildID); err != nil {
			return nil, err
		}
		s.mu.Lock()
		c := s.liveConnForLocked(guildID)
		s.mu.Unlock()
		if c == nil {
			continue
		}
		err := c.sendDispatch(eventType, data, before)
		if err == nil {
			return c, nil
		}
		if errors.Is(err, errConnGone) {
			continue // it closed between the choice and the write: pick again
		}
		return nil, err
	}
}

var errConnGone = errors.New("gateway connection closed")

// LoseNextDispatch makes the next dispatch be lost in flight, as when a
// connection dies after the event was sent but before the client read it:
// it is numbered and kept for a RESUME, but not written, and the
// connection is closed with code 4000 (the client reconnects and resumes,
// and should receive it then).
func (s *Server) LoseNextDispatch() {
	s.mu.Lock()
	s.loseNext = true
	s.mu.Unlock()
}

// IgnoreHeartbeats makes the gateway stop acknowledging heartbeats (until
// called with false), as a connection that died without closing looks to
// a client: Discord asks the client to close such a zombied connection
// and resume on a new one.
func (s *Server) IgnoreHeartbeats(on bool) {
	s.mu.Lock()
	s.deafToBeats = on
	s.mu.Unlock()
}

// SendOp writes a frame that is not a dispatch to every live gateway
// connection, as Discord sends Reconnect (op 7, d null), Invalid Session
// (op 9, d whether the session may be resumed) or a request for a
// heartbeat at once (op 1).
func (s *Server) SendOp(op int, d any) error {
	s.mu.Lock()
	var live []*gwConn
	for _, c := range s.conns {
		if c.info.Live() {
			live = append(live, c)
		}
	}
	s.mu.Unlock()
	for _, c := range live {
		if err := c.send(map[string]any{"op": op, "d": d, "s": nil, "t": nil}, false); err != nil {
			return err
		}
		s.logf("gateway #%d <- op %d", c.info.ID, op)
	}
	return nil
}

// sendDispatch numbers and writes one dispatch on this connection.
func (c *gwConn) sendDispatch(eventType string, data json.RawMessage, before func(c *gwConn)) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	s := c.s
	s.mu.Lock()
	if !c.info.Live() || c.sess == nil {
		s.mu.Unlock()
		return errConnGone
	}
	c.sess.seq++
	seq := c.sess.seq
	if before != nil {
		before(c)
	}
	frame, _ := json.Marshal(gatewayPayload{Op: 0, D: data, S: &seq, T: &eventType})
	c.sess.remember(seq, frame)
	lose := s.loseNext
	s.loseNext = false
	s.mu.Unlock()
	if lose {
		s.logf("gateway #%d <- %s (s=%d) lost in flight", c.info.ID, eventType, seq)
		go c.closeWith(4000, "Unknown error.")
		return nil
	}
	s.logf("gateway #%d <- %s (s=%d)", c.info.ID, eventType, seq)
	if err := c.writeLocked(websocket.TextMessage, frame); err != nil {
		return fmt.Errorf("%w: %v", errConnGone, err)
	}
	return nil
}

func (c *gwConn) writeLocked(kind int, frame []byte) error {
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(kind, frame)
}

// send writes a frame, zlib-compressing it when asked; discordgo treats a
// binary frame as one complete zlib stream.
func (c *gwConn) send(v any, compress bool) error {
	kind, frame, err := encodeFrame(v, compress)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.writeLocked(kind, frame)
}

// encodeFrame marshals a gateway payload, as one zlib stream in a binary
// frame when compress is set.
func encodeFrame(v any, compress bool) (kind int, frame []byte, err error) {
	if frame, err = json.Marshal(v); err != nil {
		return 0, nil, err
	}
	if !compress {
		return websocket.TextMessage, frame, nil
	}
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	_, _ = zw.Write(frame)
	_ = zw.Close()
	return websocket.BinaryMessage, buf.Bytes(), nil
}

// closeWith sends a close frame and closes the socket; the read loop then
// records the closing.
func (c *gwConn) closeWith(code int, text string) {
	c.once.Do(func() {
		c.wmu.Lock()
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
		c.wmu.Unlock()
		_ = c.ws.Close()
	})
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	s.wg.Add(1) // under s.mu, so Close cannot be waiting yet
	s.mu.Unlock()
	defer s.wg.Done()

	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{s: s, ws: ws}
	s.mu.Lock()
	s.nextConnID++
	c.info = GatewayConn{ID: s.nextConnID, URL: r.URL.RequestURI(), ConnectedAt: time.Now().UTC()}
	s.conns = append(s.conns, c)
	closed := s.closed
	s.notifyLocked()
	s.mu.Unlock()
	defer func() {
		c.closeWith(websocket.CloseNormalClosure, "")
		s.mu.Lock()
		c.info.ClosedAt = time.Now().UTC()
		s.notifyLocked()
		s.mu.Unlock()
		s.logf("gateway #%d closed", c.info.ID)
	}()
	if closed {
		return
	}
	if q := r.URL.Query(); q.Get("encoding") != "" && q.Get("encoding") != "json" {
		c.closeWith(4002, "Error while decoding payload.") // only JSON is spoken here
		return
	}
	hello := map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}, "s": nil, "t": nil}
	if err := c.send(hello, false); err != nil {
		return
	}
	s.logf("gateway #%d connected (%s)", c.info.ID, c.info.URL)
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p gatewayPayload
		if err := json.Unmarshal(msg, &p); err != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return
		}
		if !c.handleOp(p) {
			return
		}
	}
}

// handleOp answers one client frame; false ends the connection.
func (c *gwConn) handleOp(p gatewayPayload) bool {
	s := c.s
	s.mu.Lock()
	identified := c.sess != nil
	s.mu.Unlock()
	switch p.Op {
	case 1: // heartbeat
		s.mu.Lock()
		c.info.Heartbeats++
		deaf := s.deafToBeats
		s.mu.Unlock()
		if deaf {
			return true
		}
		return c.send(map[string]any{"op": 11, "d": nil, "s": nil, "t": nil}, false) == nil
	case 2: // identify
		if identified {
			c.closeWith(4005, "Already authenticated.")
			return false
		}
		var d identifyData
		if err := json.Unmarshal(p.D, &d); err != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return false
		}
		return c.identify(d)
	case 6: // resume
		var d resumeData
		if err := json.Unmarshal(p.D, &d); err != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return false
		}
		return c.resume(d)
	case 3, 4, 8: // presence, voice state, request guild members: accepted, not modelled
		if !identified {
			c.closeWith(4003, "Not authenticated.")
			return false
		}
		return true
	default:
		c.closeWith(4001, "Unknown opcode.")
		return false
	}
}

func (c *gwConn) tokenOK(token string) bool {
	s := c.s
	if token == "" {
		return false
	}
	if s.opts.Token == "" {
		return true
	}
	strip := func(t string) string {
		if len(t) > 4 && t[:4] == "Bot " {
			return t[4:]
		}
		return t
	}
	return strip(token) == strip(s.opts.Token)
}

func (c *gwConn) identify(d identifyData) bool {
	s := c.s
	if !c.tokenOK(d.Token) {
		c.closeWith(4004, "Authentication failed.")
		return false
	}
	if d.Intents&privilegedIntents != 0 && !s.opts.AllowPrivilegedIntents {
		c.closeWith(4014, "Disallowed intent(s).")
		return false
	}
	shard := [2]int{0, 1}
	if d.Shard != nil {
		shard = *d.Shard
	}
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		c.closeWith(4010, "Invalid shard.")
		return false
	}
	compress := d.Compress && !s.opts.DisableCompression

	// Hold the write lock from READY to the last GUILD_CREATE so no
	// dispatch can slip in between and break the sequence.
	c.wmu.Lock()
	s.mu.Lock()
	s.nextSession++
	sess := &gwSession{id: fmt.Sprintf("%032x", s.nextSession), shard: shard}
	s.sessions[sess.id] = sess
	c.sess = sess
	c.info.SessionID = sess.id
	c.info.Intents = d.Intents
	c.info.Compress = d.Compress
	c.info.Shard = shard
	var guilds []any
	var creates []json.RawMessage
	for _, id := range s.guildList {
		if !serves(shard, id) {
			continue
		}
		guilds = append(guilds, map[string]any{"id": id, "unavailable": true})
		if d.Intents&discordgo.IntentGuilds != 0 {
			raw, _ := json.Marshal(s.guildJSONLocked(s.guilds[id]))
			creates = append(creates, raw)
		}
	}
	ready := map[string]any{
		"v":                  9,
		"user":               userJSON(s.bot),
		"guilds":             nonNil(guilds),
		"session_id":         sess.id,
		"session_type":       "normal",
		"resume_gateway_url": s.gatewayURL,
		"shard":              shard,
		"application":        map[string]any{"id": s.bot.ID, "flags": 0},
		"private_channels":   []any{},
		"relationships":      []any{},
		"user_settings":      map[string]any{},
	}
	sess.seq++
	seq := sess.seq
	// Live from now on: dispatches wait for c.wmu, held until the last
	// GUILD_CREATE, and discordgo's Open returns as soon as it reads READY,
	// so a test must already see the connection as live by then.
	c.info.ReadyAt = time.Now().UTC()
	s.notifyLocked()
	s.mu.Unlock()

	err := c.writeFrameLocked(0, "READY", seq, ready, compress)
	for _, g := range creates {
		if err != nil {
			break
		}
		s.mu.Lock()
		sess.seq++
		seq = sess.seq
		s.mu.Unlock()
		err = c.writeFrameLocked(0, "GUILD_CREATE", seq, g, compress)
	}
	c.wmu.Unlock()
	if err != nil {
		return false
	}
	s.logf("gateway #%d identified, session %s", c.info.ID, sess.id)
	return true
}

func (c *gwConn) writeFrameLocked(op int, t string, seq int64, d any, compress bool) error {
	kind, frame, err := encodeFrame(map[string]any{"op": op, "t": t, "s": seq, "d": d}, compress)
	if err != nil {
		return err
	}
	return c.writeLocked(kind, frame)
}

func (c *gwConn) resume(d resumeData) bool {
	s := c.s
	if !c.tokenOK(d.Token) {
		c.closeWith(4004, "Authentication failed.")
		return false
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	s.mu.Lock()
	sess, ok := s.sessions[d.SessionID]
	var missed []sentDispatch
	if ok && d.Seq <= sess.seq {
		missed, ok = sess.since(d.Seq)
	}
	if !ok || d.Seq > sess.seq {
		s.mu.Unlock()
		// Invalid session, not resumable: discordgo answers with IDENTIFY.
		return c.writeLocked(websocket.TextMessage, []byte(`{"op":9,"d":false,"s":null,"t":null}`)) == nil
	}
	c.sess = sess
	c.info.SessionID = sess.id
	c.info.Shard = sess.shard
	c.info.Resumed = true
	sess.seq++
	seq := sess.seq
	c.info.ReadyAt = time.Now().UTC() // see identify
	s.notifyLocked()
	s.mu.Unlock()
	// The dispatches the client missed come first, in order, then
	// RESUMED (wmu, held, keeps any other dispatch behind them).
	for _, m := range missed {
		s.logf("gateway #%d <- replay (s=%d)", c.info.ID, m.seq)
		if err := c.writeLocked(websocket.TextMessage, m.frame); err != nil {
			return false
		}
	}
	return c.writeFrameLocked(0, "RESUMED", seq, map[string]any{}, false) == nil
}

// broadcastGuildCreate tells the live session of the guild's shard about
// a guild added after it connected, like Discord does when the bot joins a
// guild.
func (s *Server) broadcastGuildCreate(guildID string) {
	s.mu.Lock()
	c := s.liveConnForLocked(guildID)
	var raw json.RawMessage
	if c != nil && c.info.Intents&discordgo.IntentGuilds != 0 {
		raw, _ = json.Marshal(s.guildJSONLocked(s.guilds[guildID]))
	}
	s.mu.Unlock()
	if raw != nil {
		_ = c.sendDispatch("GUILD_CREATE", raw, nil)
	}
}
