package bot

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// overHTTP makes the fake Discord deliver the harness's interactions to
// its bot's interactions endpoint, served on 127.0.0.1 with a key pair
// made here, as a process started with ATHENEUM_HTTP serves it.
func overHTTP(t testing.TB, h *harness, o HTTPOptions) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	o.PublicKey = pub
	srv := httptest.NewServer(h.bot.HTTPHandler(o))
	t.Cleanup(srv.Close)
	if err := h.Srv.SetInteractionsEndpoint(h.Ctx, srv.URL+"/interactions", priv); err != nil {
		t.Fatal(err)
	}
}

func TestTheHTTPEndpointAnswersOnlyRequestsSignedByDiscordAndFresh(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana")
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	_, forger, _ := ed25519.GenerateKey(rand.Reader)
	endpoint := h.bot.HTTPHandler(HTTPOptions{PublicKey: pub})
	ping := []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)
	now := time.Now()
	stamp := func(d time.Duration) string { return strconv.FormatInt(now.Add(d).Unix(), 10) }
	for _, tc := range []struct {
		name   string
		method string
		body   []byte
		// stamp is the signed timestamp; sig signs it with key (nil:
		// no signature at all).
		stamp  string
		key    ed25519.PrivateKey
		status int
	}{
		{"a signed PING is answered with PONG", http.MethodPost, ping, stamp(0), priv, http.StatusOK},
		{"a PING signed a minute ago is answered", http.MethodPost, ping, stamp(-time.Minute), priv, http.StatusOK},
		{"a request without a signature is refused", http.MethodPost, ping, stamp(0), nil, http.StatusUnauthorized},
		{"a request signed with another key is refused", http.MethodPost, ping, stamp(0), forger, http.StatusUnauthorized},
		{"a request signed ten minutes ago is refused as replayed", http.MethodPost, ping, stamp(-10 * time.Minute), priv, http.StatusUnauthorized},
		{"a request signed for five minutes from now is refused", http.MethodPost, ping, stamp(5 * time.Minute), priv, http.StatusUnauthorized},
		{"a timestamp that is not a number is refused", http.MethodPost, ping, "yesterday", priv, http.StatusUnauthorized},
		{"a signed body that is not an interaction is refused", http.MethodPost, []byte("{"), stamp(0), priv, http.StatusBadRequest},
		{"a GET is not an interaction", http.MethodGet, nil, stamp(0), priv, http.StatusMethodNotAllowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, "/interactions", strings.NewReader(string(tc.body)))
			req.Header.Set("X-Signature-Timestamp", tc.stamp)
			if tc.key != nil {
				req.Header.Set("X-Signature-Ed25519", discordtest.Sign(tc.key, tc.stamp, tc.body))
			}
			w := httptest.NewRecorder()
			endpoint.ServeHTTP(w, req)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d", w.Code, tc.status)
			}
			switch w.Code {
			case http.StatusOK:
				if got := strings.TrimSpace(w.Body.String()); got != `{"type":1}` || w.Header().Get("Content-Type") != "application/json" {
					t.Errorf("answered %q (%s), want a PONG", got, w.Header().Get("Content-Type"))
				}
			case http.StatusUnauthorized:
				if w.Body.Len() != 0 {
					t.Errorf("a refusal says %q: it should say nothing", w.Body.String())
				}
			}
		})
	}
	t.Run("Discord accepts the endpoint, which refuses a wrong signature", func(t *testing.T) {
		srv := httptest.NewServer(endpoint)
		defer srv.Close()
		if err := h.Srv.SetInteractionsEndpoint(h.Ctx, srv.URL, priv); err != nil {
			t.Fatal(err)
		}
		if err := h.Srv.SetInteractionsEndpoint(h.Ctx, "", nil); err != nil {
			t.Fatal(err)
		}
	})
}

// TestTheFixtureGamePlaysOverTheHTTPEndpoint plays a whole game of the
// fixture game, each interaction POSTed by the fake Discord to the bot's
// endpoint with a real signature: the first responses come back in the
// HTTP answers, never as REST callbacks, and the edits and follow-ups go
// over REST as on the gateway.
func TestTheFixtureGamePlaysOverTheHTTPEndpoint(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "ana", "bo")
	overHTTP(t, h, HTTPOptions{})
	ana, bo := h.user("ana"), h.user("bo")
	h.Srv.SetDMsClosed(bo.ID, true)
	mark := h.Srv.Mark()
	id, err := h.Open(drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := h.PlayGame(id, tictactoe.ID, []*drive.Player{{User: ana}, {User: bo, ViaSlash: true}}, tictactoe.Players, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != store.StatusFinished || len(rec.State.Results()) != 2 {
		t.Fatalf("the game ended %s with %v", rec.Status, rec.State.Results())
	}
	posts := h.Srv.Messages(h.Channel)
	if last := posts[len(posts)-1]; !strings.Contains(last.Content, i18n.English.T("play.scores.final.title")) || len(last.Attachments) == 0 {
		t.Errorf("the last post is %q with %d pictures, want the results and the board", last.Content, len(last.Attachments))
	}
	ins := h.Srv.Interactions()
	for _, in := range ins {
		if !in.OverHTTP() || !in.AckedInTime() {
			t.Errorf("interaction %s (%s%s): over HTTP %v, answered in time %v", in.ID, in.CommandName, in.CustomID, in.OverHTTP(), in.AckedInTime())
		}
	}
	routes := h.Srv.CountByRouteSince(mark)
	if routes[discordtest.EndpointAnswerRoute] != len(ins) || routes["POST /interactions/{interaction}/{token}/callback"] != 0 {
		t.Errorf("%d interactions, answered %d times in the HTTP body and %d by callbacks", len(ins),
			routes[discordtest.EndpointAnswerRoute], routes["POST /interactions/{interaction}/{token}/callback"])
	}
	if routes["PATCH /webhooks/{app}/{token}/messages/{message}"] == 0 {
		t.Errorf("no answer was edited over REST: %v", routes)
	}
	lat := h.Srv.AckLatencies()
	t.Logf("%d interactions over HTTP, first response after p50 %v, p99 %v", len(lat),
		discordtest.Percentile(lat, 50), discordtest.Percentile(lat, 99))
}

// stallingStore holds the first creation of a game, as a database that
// stopped answering would, until released.
type stallingStore struct {
	Store
	held    atomic.Bool
	release chan struct{}
}

func (s *stallingStore) CreateGame(ctx context.Context, g *store.Game) error {
	if s.held.CompareAndSwap(false, true) {
		<-s.release
	}
	return s.Store.CreateGame(ctx, g)
}

func TestAnHTTPInteractionTheBotCannotAnswerInTimeIsAnsweredByTheEndpoint(t *testing.T) {
	t.Parallel()
	stall := &stallingStore{release: make(chan struct{})}
	h := newHarnessWith(t, func(s Store) Store { stall.Store = s; return stall }, "ana", "bo")
	overHTTP(t, h, HTTPOptions{AnswerWithin: 100 * time.Millisecond})
	ana := h.user("ana")
	// /tictactoe new stores the lobby before it answers (so that a lobby
	// it announced always exists): held, it cannot answer within the
	// endpoint's time.
	in, err := h.Srv.SlashCommand(h.Ctx, ana, h.Channel, tictactoe.ID, discordtest.Sub("new"))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := in.WaitResponse(h.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Content != i18n.English.T("play.slow") || !msg.Ephemeral {
		t.Errorf("the user sees %q (ephemeral %v), want to be told privately to try again", msg.Content, msg.Ephemeral)
	}
	close(stall.release)
	h.Settle()
	if rec, err := h.db.GameInChannel(h.Ctx, h.Channel); err == nil && rec.Status == store.StatusLobby {
		t.Errorf("the command the bot could not answer left a lobby open: %+v", rec)
	}
	if in.Responses()[0].Content != msg.Content || len(in.Followups()) != 0 {
		t.Errorf("the bot answered after the endpoint: %v", in.Responses())
	}
	if !strings.Contains(h.logs.String(), "the endpoint answered for it") {
		t.Error("the endpoint's answer for the bot is not logged")
	}
	// The next interaction is answered by the bot as usual.
	ms, err := h.Slash(tictactoe.ID, h.Channel, ana, "new")
	if err != nil || len(ms) == 0 || ms[len(ms)-1].Content == msg.Content {
		t.Fatalf("the next /tictactoe new: %v, %v", ms, err)
	}
}

// TestTheHTTPAnswerIsJSONAsDiscordReadsIt: the endpoint's own answer is
// JSON with its length, complete once written, in the client's language.
func TestTheHTTPAnswerIsJSONAsDiscordReadsIt(t *testing.T) {
	w := httptest.NewRecorder()
	if err := writeResponse(w, tooSlow(&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Locale: discordgo.French})); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Type != 4 || got.Data.Content != i18n.French.T("play.slow") || got.Data.Flags != 64 {
		t.Errorf("answered %s", w.Body.String())
	}
	if w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
		t.Errorf("Content-Length %q for %d bytes", w.Header().Get("Content-Length"), w.Body.Len())
	}
}
