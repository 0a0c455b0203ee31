package discordtest

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestSeveralEndpointsTakeTheInteractionsInTurnAsBehindALoadBalancer(t *testing.T) {
	t.Parallel()
	pub, priv := newKeys(t)
	s := New(t, Options{AllowUnregisteredCommands: true})
	w := s.Seed("ana")
	ana := w.Users[0]
	var urls []string
	for _, name := range []string{"a", "b", "c"} {
		urls = append(urls, testEndpoint(t, pub, say(name)))
	}
	// A fourth backend, down: nothing listens on its port any more.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + ln.Addr().String() + "/interactions"
	ln.Close()
	send := func(t *testing.T) (string, *Interaction) {
		t.Helper()
		in, err := s.SlashCommand(testCtx(t), ana, w.Channel.ID, "ping")
		if err != nil {
			t.Fatal(err)
		}
		msg, err := in.WaitResponse(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		return msg.Content, in
	}

	t.Run("each endpoint is checked as the portal checks one", func(t *testing.T) {
		forgetful := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		}))
		t.Cleanup(forgetful.Close)
		err := s.SetInteractionsEndpoints(testCtx(t), []string{urls[0], forgetful.URL}, priv)
		if !errors.Is(err, ErrEndpointNotVerified) || s.interactionsEndpoint() != nil {
			t.Fatalf("err %v, endpoint %v: an endpoint that does not check signatures was accepted", err, s.interactionsEndpoint())
		}
	})
	if err := s.SetInteractionsEndpoints(testCtx(t), urls, priv); err != nil {
		t.Fatal(err)
	}
	t.Run("the deliveries go to the endpoints in turn", func(t *testing.T) {
		var got string
		for k := range 6 {
			answer, in := send(t)
			got += answer
			if in.Endpoint() != urls[k%3] {
				t.Errorf("delivery %d went to %s, want %s", k, in.Endpoint(), urls[k%3])
			}
		}
		if got != "abcabc" {
			t.Fatalf("answers %q, want abcabc", got)
		}
	})
	t.Run("an endpoint that refuses the connection is passed over for the next", func(t *testing.T) {
		// Checked while it listened, then down: a killed process.
		s.mu.Lock()
		s.endpoint.urls = []string{urls[0], down, urls[2]}
		s.endpoint.next = 0
		s.mu.Unlock()
		var got string
		for range 4 {
			answer, in := send(t)
			got += answer
			if in.Endpoint() == down {
				t.Errorf("the answer %q is said to come from the endpoint that is down", answer)
			}
		}
		if got != "acac" {
			t.Fatalf("answers %q, want acac", got)
		}
	})
}
