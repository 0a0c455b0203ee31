package discordtest

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testEndpoint is an interactions endpoint for the fake's tests: it checks
// signatures with check (nil: accepts anything), answers PING, and hands
// every other interaction to answer, which writes the HTTP answer.
func testEndpoint(t *testing.T, check ed25519.PublicKey, answer func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if check != nil && !discordgo.VerifyInteraction(r, check) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if i.Type == discordgo.InteractionPing {
			writeJSON(w, discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
			return
		}
		answer(w, r, &i)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/interactions"
}

// writeJSON writes v as the whole answer, its length announced, so that
// the answer is complete once written (and flushed), before the handler
// returns.
func writeJSON(w http.ResponseWriter, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

// say answers with a message in the HTTP body.
func say(content string) func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
	return func(w http.ResponseWriter, _ *http.Request, _ *discordgo.Interaction) {
		writeJSON(w, discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: content}})
	}
}

func newKeys(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

func TestAnEndpointIsAcceptedOnlyWhenItChecksSignatures(t *testing.T) {
	t.Parallel()
	pub, priv := newKeys(t)
	otherPub, _ := newKeys(t)
	for _, tc := range []struct {
		name  string
		check ed25519.PublicKey
		pong  bool
		// refusal is what the error says; "" when accepted.
		refusal string
	}{
		{"an endpoint that checks signatures and answers PING is accepted", pub, true, ""},
		{"an endpoint that answers a wrongly signed PING is refused, as the portal refuses it", nil, true, "not 401"},
		{"an endpoint that checks with another key is refused", otherPub, true, "not 200 with a PONG"},
		{"an endpoint that does not answer PING with PONG is refused", pub, false, "not 200 with a PONG"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := New(t, Options{})
			url := testEndpoint(t, tc.check, say("hello"))
			if !tc.pong {
				url = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if !discordgo.VerifyInteraction(r, pub) {
						w.WriteHeader(http.StatusUnauthorized)
						return
					}
					writeJSON(w, map[string]any{"type": 4, "data": map[string]any{"content": "pong?"}})
				})).URL
			}
			err := s.SetInteractionsEndpoint(testCtx(t), url, priv)
			if tc.refusal == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, ErrEndpointNotVerified) || !strings.Contains(err.Error(), tc.refusal) {
				t.Fatalf("err %v, want ErrEndpointNotVerified saying %q", err, tc.refusal)
			}
			if s.interactionsEndpoint() != nil {
				t.Error("the refused endpoint was set")
			}
		})
	}
}

func TestInteractionsGoToTheEndpointOnceItIsSet(t *testing.T) {
	t.Parallel()
	pub, priv := newKeys(t)
	s := New(t, Options{AllowUnregisteredCommands: true, AckDeadline: time.Second})
	w := s.Seed("ana")
	ana := w.Users[0]
	rest, err := s.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	// The handler of the moment, taken by each request under mu: a
	// request of an earlier subtest may still be served (on a connection
	// of its own) when the next one comes.
	var (
		mu     sync.Mutex
		handle func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction)
	)
	setHandle := make(chan func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction), 1)
	url := testEndpoint(t, pub, func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
		mu.Lock()
		select {
		case handle = <-setHandle:
		default:
		}
		h := handle
		mu.Unlock()
		h(w, r, i)
	})
	if err := s.SetInteractionsEndpoint(testCtx(t), url, priv); err != nil {
		t.Fatal(err)
	}
	send := func(t *testing.T, h func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction)) *Interaction {
		t.Helper()
		setHandle <- h
		in, err := s.SlashCommand(testCtx(t), ana, w.Channel.ID, "ping")
		if err != nil {
			t.Fatal(err)
		}
		return in
	}

	t.Run("an answer in the body is the response, with no gateway and no callback", func(t *testing.T) {
		mark := s.Mark()
		in := send(t, say("pong"))
		msg, err := in.WaitResponse(testCtx(t))
		if err != nil || msg.Content != "pong" {
			t.Fatalf("the user sees %q (%v)", msg.Content, err)
		}
		if !in.OverHTTP() || in.ConnectionID() != 0 || len(s.Connections()) != 0 {
			t.Errorf("delivered over HTTP %v, on connection %d, %d gateway connections", in.OverHTTP(), in.ConnectionID(), len(s.Connections()))
		}
		routes := s.CountByRouteSince(mark)
		if routes[EndpointAnswerRoute] != 1 || routes["POST /interactions/{interaction}/{token}/callback"] != 0 {
			t.Errorf("requests %v, want one answer in the body and no callback", routes)
		}
		if d, ok := in.Latency(); !ok || d <= 0 {
			t.Errorf("latency %v, %v", d, ok)
		}
	})
	t.Run("a deferred answer is edited over REST at once after the body is written", func(t *testing.T) {
		in := send(t, func(w http.ResponseWriter, _ *http.Request, i *discordgo.Interaction) {
			writeJSON(w, discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			w.(http.Flusher).Flush()
			content := "done"
			if _, err := rest.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content}); err != nil {
				t.Errorf("editing the deferred answer: %v", err)
			}
		})
		msg, err := in.WaitResponse(testCtx(t))
		if err != nil || msg.Content != "done" {
			t.Fatalf("the user sees %q (%v)", msg.Content, err)
		}
	})
	t.Run("an edit sent before the answer finds no webhook, and the interaction fails", func(t *testing.T) {
		in := send(t, func(w http.ResponseWriter, _ *http.Request, i *discordgo.Interaction) {
			content := "too soon"
			// It waits while the delivery is open: until Discord stops
			// waiting for an answer that never comes.
			_, err := rest.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
			if status, code := restErrCode(err); status != http.StatusNotFound || code != 10015 {
				t.Errorf("an edit before the answer got %d %d (%v), want 404 10015", status, code, err)
			}
			say("too late")(w, nil, i)
		})
		if _, err := in.WaitResponse(testCtx(t)); !errors.Is(err, ErrInteractionFailed) {
			t.Fatalf("err %v, want ErrInteractionFailed", err)
		}
	})
	t.Run("no answer before the deadline fails the interaction", func(t *testing.T) {
		in := send(t, func(_ http.ResponseWriter, r *http.Request, _ *discordgo.Interaction) {
			<-r.Context().Done() // Discord stops waiting
		})
		if _, err := in.WaitResponse(testCtx(t)); !errors.Is(err, ErrInteractionFailed) {
			t.Fatalf("err %v, want ErrInteractionFailed", err)
		}
		if !in.Late() || in.AckedInTime() {
			t.Errorf("late %v, acknowledged %v", in.Late(), in.AckedInTime())
		}
	})
	t.Run("an answer Discord refuses fails the interaction and is a violation", func(t *testing.T) {
		in := send(t, say(""))
		if _, err := in.WaitResponse(testCtx(t)); !errors.Is(err, ErrInteractionFailed) {
			t.Fatalf("err %v, want ErrInteractionFailed", err)
		}
		v := s.TakeViolations()
		if len(v) != 1 || v[0].Method != "ANSWER" || !strings.Contains(v[0].Message, "empty message") {
			t.Errorf("violations %v, want the empty message", v)
		}
	})
	t.Run("an answer with another status than 200 fails the interaction and is a violation", func(t *testing.T) {
		in := send(t, func(w http.ResponseWriter, _ *http.Request, _ *discordgo.Interaction) {
			w.WriteHeader(http.StatusInternalServerError)
		})
		if _, err := in.WaitResponse(testCtx(t)); !errors.Is(err, ErrInteractionFailed) {
			t.Fatalf("err %v, want ErrInteractionFailed", err)
		}
		if v := s.TakeViolations(); len(v) != 1 || v[0].Code != "HTTP_STATUS" {
			t.Errorf("violations %v, want the status", v)
		}
	})
	t.Run("removing the endpoint sends interactions to the gateway again", func(t *testing.T) {
		if err := s.SetInteractionsEndpoint(testCtx(t), "", nil); err != nil {
			t.Fatal(err)
		}
		if s.interactionsEndpoint() != nil {
			t.Fatal("the endpoint is still set")
		}
	})
}

func TestSignaturesAreDiscordsAndVerifyWithDiscordgo(t *testing.T) {
	pub, priv := newKeys(t)
	body := []byte(`{"type":1}`)
	stamp := "1700000000"
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(body)))
	r.Header.Set("X-Signature-Ed25519", Sign(priv, stamp, body))
	r.Header.Set("X-Signature-Timestamp", stamp)
	if !discordgo.VerifyInteraction(r, pub) {
		t.Fatal("discordgo refuses the fake's signature")
	}
}
