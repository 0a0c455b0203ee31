package discordtest

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// rawFrame reads one gateway frame, inflating zlib binary frames the way
// discordgo does.
func rawFrame(t *testing.T, ws *websocket.Conn) (gatewayPayload, error) {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	kind, msg, err := ws.ReadMessage()
	if err != nil {
		return gatewayPayload{}, err
	}
	if kind == websocket.BinaryMessage {
		zr, err := zlib.NewReader(bytes.NewReader(msg))
		if err != nil {
			t.Fatalf("binary frame is not zlib: %v", err)
		}
		msg, _ = io.ReadAll(zr)
	}
	var p gatewayPayload
	if err := json.Unmarshal(msg, &p); err != nil {
		t.Fatalf("frame %q: %v", msg, err)
	}
	return p, nil
}

func dialGateway(t *testing.T, srv *Server) *websocket.Conn {
	t.Helper()
	ws, _, err := srv.Dialer().Dial(srv.GatewayURL()+"/?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if hello, err := rawFrame(t, ws); err != nil || hello.Op != 10 {
		t.Fatalf("first frame = %+v, %v; want HELLO", hello, err)
	}
	return ws
}

func identifyRaw(ws *websocket.Conn, token string, intents discordgo.Intent, compress bool) error {
	return ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": token, "intents": intents, "compress": compress}})
}

func closeCode(err error) int {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}

// This test is deliberately not parallel: it counts goroutines, and only
// sequential tests run while the parallel ones are paused.
func TestTheGatewaySpeaksDiscordsProtocolAndCloseLeavesNothingRunning(t *testing.T) {
	baseline := runtime.NumGoroutine()
	srv, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	guild := srv.AddGuild("Leak Check")

	t.Run("GET /gateway through the client names the fake's websocket", func(t *testing.T) {
		resp, err := srv.HTTPClient().Get(discordgo.EndpointGateway)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ URL string }
		_ = json.NewDecoder(resp.Body).Decode(&body)
		if body.URL != srv.GatewayURL() {
			t.Errorf("url = %q, want %q", body.URL, srv.GatewayURL())
		}
	})

	t.Run("identify gets a compressed READY then GUILD_CREATE, heartbeats get acks", func(t *testing.T) {
		ws := dialGateway(t, srv)
		defer ws.Close()
		if err := ws.WriteJSON(map[string]any{"op": 1, "d": nil}); err != nil {
			t.Fatal(err)
		}
		if ack, err := rawFrame(t, ws); err != nil || ack.Op != 11 {
			t.Fatalf("heartbeat answer = %+v, %v; want op 11", ack, err)
		}
		if err := identifyRaw(ws, "Bot x", discordgo.IntentGuilds, true); err != nil {
			t.Fatal(err)
		}
		ready, err := rawFrame(t, ws)
		if err != nil || ready.Op != 0 || *ready.T != "READY" || *ready.S != 1 {
			t.Fatalf("frame = %+v, %v; want READY with s=1", ready, err)
		}
		var r discordgo.Ready
		_ = json.Unmarshal(ready.D, &r)
		if r.User.ID != srv.AppID() || r.SessionID == "" || len(r.Guilds) != 1 || r.Guilds[0].ID != guild.ID {
			t.Errorf("READY = %+v, want the bot user, a session and the guild", r)
		}
		gc, err := rawFrame(t, ws)
		if err != nil || *gc.T != "GUILD_CREATE" || *gc.S != 2 {
			t.Fatalf("frame = %+v, %v; want GUILD_CREATE with s=2", gc, err)
		}
		if err := identifyRaw(ws, "Bot x", discordgo.IntentGuilds, false); err != nil {
			t.Fatal(err)
		}
		if _, err := rawFrame(t, ws); closeCode(err) != 4005 {
			t.Errorf("identifying twice: %v, want close 4005", err)
		}
	})

	refusals := []struct {
		name    string
		token   string
		intents discordgo.Intent
		code    int
	}{
		{"privileged intents are refused with 4014", "Bot x", discordgo.IntentMessageContent, 4014},
		{"an empty token is refused with 4004", "", discordgo.IntentGuilds, 4004},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			ws := dialGateway(t, srv)
			defer ws.Close()
			if err := identifyRaw(ws, tc.token, tc.intents, false); err != nil {
				t.Fatal(err)
			}
			if _, err := rawFrame(t, ws); closeCode(err) != tc.code {
				t.Errorf("got %v, want close %d", err, tc.code)
			}
		})
	}

	t.Run("Close drops live connections with 1001 going away", func(t *testing.T) {
		ws := dialGateway(t, srv)
		defer ws.Close()
		if err := identifyRaw(ws, "Bot x", 0, false); err != nil {
			t.Fatal(err)
		}
		if _, err := rawFrame(t, ws); err != nil {
			t.Fatal(err)
		}
		srv.Close()
		if _, err := rawFrame(t, ws); closeCode(err) != websocket.CloseGoingAway {
			t.Errorf("after Close: %v, want close 1001", err)
		}
	})

	// Counted here, in the test's own goroutine, as the baseline was.
	// Goroutines end in their own time on a loaded machine: wait for them
	// all; one that never ends is caught by go test's -timeout, which
	// prints it.
	eventually(func() bool { return runtime.NumGoroutine() <= baseline })
}

func TestABotRestartReceivesTheNextInteractions(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice")
	alice := world.Users[0]

	// The first bot is closed for good: a restart is a new process.
	first := startBot(t, srv, reply("old", 0), neverReconnect)
	in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
	if err != nil {
		t.Fatal(err)
	}
	if err := first.result(t, in.ID); err != nil || in.ConnectionID() != 1 {
		t.Fatalf("first bot: %v on connection %d", err, in.ConnectionID())
	}

	if err := first.dg.Close(); err != nil {
		t.Fatal(err)
	}
	second := startBot(t, srv, reply("new", 0))
	conn, err := srv.WaitConnected(ctx)
	if err != nil || conn.ID != 2 {
		t.Fatalf("connected = %+v, %v; want the second connection", conn, err)
	}
	in, err = srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := in.WaitResponse(ctx); err != nil || m.Content != "new" || in.ConnectionID() != 2 {
		t.Errorf("answer %q from connection %d (%v), want the restarted bot's", m.Content, in.ConnectionID(), err)
	}

	t.Run("a dropped connection is resumed by discordgo and keeps receiving", func(t *testing.T) {
		srv.DisconnectAll(4000)
		err := srv.waitFor(ctx, "a resumed connection", func() bool {
			c := srv.liveConnLocked()
			return c != nil && c.info.Resumed
		})
		if err != nil {
			t.Fatal(err)
		}
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
		if err != nil {
			t.Fatal(err)
		}
		if m, err := in.WaitResponse(ctx); err != nil || m.Content != "new" {
			t.Errorf("after resume: %q, %v", m.Content, err)
		}
		if err := second.result(t, in.ID); err != nil {
			t.Error(err)
		}
	})

	t.Run("an interaction lost in flight is replayed on the resume", func(t *testing.T) {
		before := len(srv.Connections())
		srv.LoseNextDispatch()
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("status"))
		if err != nil {
			t.Fatal(err)
		}
		if m, err := in.WaitResponse(ctx); err != nil || m.Content != "new" {
			t.Fatalf("the lost interaction was answered %q, %v", m.Content, err)
		}
		// The lost dispatch is written nowhere but in the replay of a
		// RESUME, so an answer means it came that way: a connection after
		// the loss must have resumed. On a loaded runner discordgo may
		// resume once more on its own (a late heartbeat acknowledgement),
		// so more than one is no fault.
		resumed := 0
		for _, c := range srv.Connections()[before:] {
			if c.Resumed {
				resumed++
			}
		}
		if resumed == 0 {
			t.Errorf("no connection resumed after the loss (%d before it): the interaction came otherwise", before)
		}
	})
}
