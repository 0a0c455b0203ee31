package bot

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
)

// TestTheBotsGatewayResumesAndReceivesWhatWasInFlight plays through the
// bot's own gateway client while the fake Discord drops its connection,
// loses a dispatch in flight, asks it to reconnect and invalidates its
// session: after each, the bot answers the next interaction, on a
// resumed session where Discord allows one (the lost one replayed), on a
// new one where it does not.
func TestTheBotsGatewayResumesAndReceivesWhatWasInFlight(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana")
	ana := h.user("ana")
	h.records(ana, "stats")
	newest := func() discordtest.GatewayConn {
		t.Helper()
		c, err := h.Srv.WaitConnected(h.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	first := newest()
	// answered checks that an interaction is answered, and returns the
	// connections opened since before.
	answered := func(what string, before int) []discordtest.GatewayConn {
		t.Helper()
		in, err := h.Srv.SlashCommand(h.Ctx, ana, h.world.Channel.ID, "atheneum", discordtest.SubGroup("records", discordtest.Sub("stats")))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := in.WaitResponse(h.Ctx); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		h.Settle()
		return h.Srv.Connections()[before:]
	}
	resumedIn := func(conns []discordtest.GatewayConn) bool {
		for _, c := range conns {
			if c.Resumed && c.SessionID == first.SessionID {
				return true
			}
		}
		return false
	}

	before := len(h.Srv.Connections())
	h.Srv.DisconnectAll(4000)
	if conns := answered("after a dropped connection", before); !resumedIn(conns) {
		t.Errorf("after a dropped connection, no connection resumed the session: %+v", conns)
	}

	before = len(h.Srv.Connections())
	h.Srv.LoseNextDispatch()
	// The lost dispatch is written nowhere but in the replay of a
	// RESUME: an answer means it came that way.
	if conns := answered("an interaction lost in flight", before); !resumedIn(conns) {
		t.Errorf("after a lost dispatch, no connection resumed the session: %+v", conns)
	}

	before = len(h.Srv.Connections())
	if err := h.Srv.SendOp(7, nil); err != nil {
		t.Fatal(err)
	}
	waitNewConn(t, h.Srv, before)
	if conns := answered("after Discord asked for a reconnection", before); !resumedIn(conns) {
		t.Errorf("after op 7, no connection resumed the session: %+v", conns)
	}

	before = len(h.Srv.Connections())
	if err := h.Srv.SendOp(9, false); err != nil {
		t.Fatal(err)
	}
	waitNewConn(t, h.Srv, before)
	conns := answered("after an invalid session", before)
	if len(conns) == 0 || conns[len(conns)-1].Resumed || conns[len(conns)-1].SessionID == first.SessionID {
		t.Errorf("after op 9 (not resumable), the bot did not identify a new session: %+v", conns)
	}
	if got := h.bot.appID; got != h.Srv.AppID() {
		t.Errorf("the bot's application id is %q, want %q", got, h.Srv.AppID())
	}
}

// waitNewConn waits for a live connection opened after the first before.
func waitNewConn(t *testing.T, srv *discordtest.Server, before int) {
	t.Helper()
	for {
		if c, err := srv.WaitConnected(context.Background()); err == nil && c.ID > before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// gatewayAlone is a gateway client on a fake Discord of its own, without
// a bot: it records the interactions delivered.
type gatewayAlone struct {
	srv *discordtest.Server
	gw  *Gateway
	mu  sync.Mutex
	got []string
}

func newGatewayAlone(t *testing.T, o discordtest.Options, token string) (*gatewayAlone, error) {
	t.Helper()
	g := &gatewayAlone{srv: discordtest.New(t, withREST(o))}
	g.srv.Seed("ana")
	dg, err := g.srv.NewSession(token)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(&testWriter{t: t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	g.gw = NewGateway(dg, log, func(i *discordgo.Interaction) {
		g.mu.Lock()
		g.got = append(g.got, i.ID)
		g.mu.Unlock()
	})
	t.Cleanup(func() { g.gw.Close() })
	return g, g.gw.Open(context.Background())
}

// deliver dispatches an interaction with id and waits until the client
// delivered it.
func (g *gatewayAlone) deliver(t *testing.T, id string) {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"id": id, "type": 3, "token": "t-" + id, "data": map[string]any{"custom_id": "x", "component_type": 2}})
	if err := g.srv.Dispatch(context.Background(), "INTERACTION_CREATE", json.RawMessage(raw)); err != nil {
		t.Fatal(err)
	}
	for {
		g.mu.Lock()
		n := len(g.got)
		last := ""
		if n > 0 {
			last = g.got[n-1]
		}
		g.mu.Unlock()
		if last == id {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTheGatewayClosesAZombieConnectionAndResumes: when Discord stops
// acknowledging heartbeats, the client closes the connection at its next
// heartbeat and resumes on a new one, which receives.
func TestTheGatewayClosesAZombieConnectionAndResumes(t *testing.T) {
	t.Parallel()
	g, err := newGatewayAlone(t, discordtest.Options{HeartbeatInterval: 50 * time.Millisecond}, "test-token")
	if err != nil {
		t.Fatal(err)
	}
	g.deliver(t, "1")
	before := len(g.srv.Connections())
	g.srv.IgnoreHeartbeats(true)
	for len(g.srv.Connections()) == before {
		time.Sleep(10 * time.Millisecond)
	}
	g.srv.IgnoreHeartbeats(false)
	c, err := g.srv.WaitConnected(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !c.Resumed || c.ID <= before {
		t.Errorf("after unacknowledged heartbeats the newest connection is %+v, want a resumed new one", c)
	}
	g.deliver(t, "2")
	// Closed at the first heartbeat after one not acknowledged.
	if conns := g.srv.Connections(); conns[0].Heartbeats < 1 {
		t.Errorf("the first connection got %d heartbeats in %v at 50 ms", conns[0].Heartbeats, conns[0].ClosedAt.Sub(conns[0].ConnectedAt))
	}
}

// TestTheGatewayRefusedItsTokenSaysSoAndStops: a close code that forbids
// reconnecting (4004, authentication failed) ends Open with what is
// wrong, and no second connection is tried.
func TestTheGatewayRefusedItsTokenSaysSoAndStops(t *testing.T) {
	t.Parallel()
	g, err := newGatewayAlone(t, discordtest.Options{Token: "Bot right"}, "right")
	if err != nil {
		t.Fatal(err)
	}
	// The fake checks REST and gateway tokens alike: a wrong one fails
	// on REST first, so change the token the gateway sends only.
	g.gw.Close()
	dg, _ := g.srv.NewSession("right")
	dg.Identify.Token = "Bot wrong"
	gw := NewGateway(dg, slog.New(slog.NewTextHandler(&testWriter{t: t}, nil)), func(*discordgo.Interaction) {})
	err = gw.Open(context.Background())
	var fatal errFatal
	if !errors.As(err, &fatal) || fatal.code != 4004 || !strings.Contains(err.Error(), "authentication failed") {
		t.Fatalf("Open with a wrong token: %v, want close code 4004 said", err)
	}
	select {
	case <-gw.Done():
	default:
		t.Error("the gateway still runs after a refused token")
	}
	if n := len(g.srv.Connections()); n != 2 {
		t.Errorf("%d connections, want the first client's and one refused", n)
	}
}

// TestClosingTheGatewayEndsItsSession: Close closes the connection (the
// fake sees it closed at once) and stops the client's goroutines.
func TestClosingTheGatewayEndsItsSession(t *testing.T) {
	t.Parallel()
	g, err := newGatewayAlone(t, discordtest.Options{HeartbeatInterval: 20 * time.Millisecond}, "test-token")
	if err != nil {
		t.Fatal(err)
	}
	g.deliver(t, "1")
	if u := g.gw.User(); u == nil || u.ID != g.srv.AppID() {
		t.Errorf("READY's user is %+v, want the bot (%s)", u, g.srv.AppID())
	}
	start := time.Now()
	if err := g.gw.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Close took %v", d)
	}
	select {
	case <-g.gw.Done():
	default:
		t.Fatal("the gateway runs after Close")
	}
	if g.gw.Err() != nil {
		t.Errorf("Err after Close: %v", g.gw.Err())
	}
	for {
		conns := g.srv.Connections()
		if !conns[len(conns)-1].ClosedAt.IsZero() {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	n := g.srv.Connections()[0].Heartbeats
	time.Sleep(100 * time.Millisecond)
	if m := g.srv.Connections()[0].Heartbeats; m != n || len(g.srv.Connections()) != 1 {
		t.Errorf("after Close: %d heartbeats more, %d connections", m-n, len(g.srv.Connections()))
	}
}

// TestTheGatewayEnvelopeScanReadsAsEncodingJSON: the envelope's one-pass
// reading agrees with encoding/json on frames as Discord writes them.
func TestTheGatewayEnvelopeScanReadsAsEncodingJSON(t *testing.T) {
	t.Parallel()
	frames := []string{`{"t":"INTERACTION_CREATE","s":42,"op":0,"d":{"id":"1"}}`, `{"op":11,"d":null,"s":null,"t":null}`,
		`{"op":10,"d":{"heartbeat_interval":41250}}`, `{"op":9,"d":false}`, ` { "op" : 0 , "s" : 3 , "t" : "READY" , "d" : [ ] } `,
		`{"op":0,"s":1,"t":"A","d":{"x":"}"},"extra":[1,{"y":null}]}`}
	for _, f := range frames {
		op, s, typ, d, ok := scanEnvelope([]byte(f))
		if !ok {
			t.Errorf("%s: not scanned", f)
			continue
		}
		var p struct {
			Op int             `json:"op"`
			S  *int64          `json:"s"`
			T  *string         `json:"t"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal([]byte(f), &p); err != nil {
			t.Fatal(err)
		}
		ws, wt := int64(0), ""
		if p.S != nil {
			ws = *p.S
		}
		if p.T != nil {
			wt = *p.T
		}
		if op != p.Op || s != ws || typ != wt || string(d) != string(p.D) {
			t.Errorf("%s: scanned op %d s %d t %q d %s, want %d %d %q %s", f, op, s, typ, d, p.Op, ws, wt, p.D)
		}
	}
	for _, f := range []string{`{"op":0,"d":{"id":"1"}`, `{"op":"0"}`, `{"op":0.5}`, `{"t":"a\"b"}`, `[]`} {
		if _, _, _, _, ok := scanEnvelope([]byte(f)); ok {
			t.Errorf("%s: scanned, want encoding/json to read it", f)
		}
	}
}
