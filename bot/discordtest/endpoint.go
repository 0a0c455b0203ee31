package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
)

// This file delivers interactions the other way Discord does: by an HTTP
// POST to the application's Interactions Endpoint URL, signed with
// Ed25519, the first response read from the body of the answer.

// ErrEndpointNotVerified is returned by SetInteractionsEndpoint when the
// endpoint fails Discord's check, which the developer portal reports as
// "The specified interactions endpoint url could not be verified."
var ErrEndpointNotVerified = errors.New("discordtest: the specified interactions endpoint url could not be verified")

// EndpointAnswerRoute is the Route (and "ANSWER" the Method) of the
// Request that records a bot's answer to an interaction delivered over
// HTTP: its body is the bot's first response, as a callback's would be.
// CountByRoute thus tells answers in the HTTP body from callbacks over
// REST ("POST /interactions/{interaction}/{token}/callback").
const EndpointAnswerRoute = "ANSWER {interactions endpoint}"

// interactionsEndpoint is where interactions go once set: one URL, or
// several that take the deliveries in turn (SetInteractionsEndpoints).
type interactionsEndpoint struct {
	urls []string
	key  ed25519.PrivateKey
	// next is the index, modulo len(urls), of the URL that takes the
	// next delivery; guarded by the Server's mu.
	next int
}

// SetInteractionsEndpoint gives the application an Interactions Endpoint
// URL, as its developer portal does, and key, the private half of the key
// pair whose public half the bot checks signatures with (a test makes the
// pair; Discord keeps the private key and shows the public one). Discord
// checks the endpoint before it accepts it: a PING signed with key must be
// answered 200 with a PONG, and a PING whose signature is wrong must be
// refused with 401; otherwise the endpoint is not set and the error wraps
// ErrEndpointNotVerified. (Discord also requires https, which a test on
// 127.0.0.1 does without.)
//
// From then on every interaction is POSTed there, signed, instead of
// being dispatched on the gateway: the bot's first response is read from
// the body of its answer, which must come within Options.AckDeadline with
// status 200 and a response Discord accepts (checked as a callback is),
// or the interaction fails for its user. Later edits and follow-ups go
// over REST as usual; those that reach the fake while it still reads the
// answer they follow wait for it. An empty url removes the endpoint:
// interactions go to the gateway again.
func (s *Server) SetInteractionsEndpoint(ctx context.Context, endpoint string, key ed25519.PrivateKey) error {
	if endpoint == "" {
		s.mu.Lock()
		s.endpoint = nil
		s.mu.Unlock()
		return nil
	}
	return s.SetInteractionsEndpoints(ctx, []string{endpoint}, key)
}

// SetInteractionsEndpoints is SetInteractionsEndpoint for an endpoint
// served by several identical processes behind a load balancer, which the
// fake plays itself: each URL is checked as the portal checks one, then
// the deliveries go to the URLs in turn (round-robin), and a delivery
// whose connection a URL refuses (its process is down) goes to the next
// one, as a load balancer passes a request it could not send to another
// backend. A request already sent is never sent again: a process killed
// while it handles one leaves that interaction unanswered, and it fails
// for its user. Interaction.Endpoint tells which URL took a delivery.
func (s *Server) SetInteractionsEndpoints(ctx context.Context, endpoints []string, key ed25519.PrivateKey) error {
	if len(endpoints) == 0 {
		return s.SetInteractionsEndpoint(ctx, "", key)
	}
	if len(key) != ed25519.PrivateKeySize {
		return fmt.Errorf("discordtest: the endpoint's key must be an ed25519.PrivateKey, not %d bytes", len(key))
	}
	for _, endpoint := range endpoints {
		if err := s.checkEndpoint(ctx, endpoint, key); err != nil {
			return err
		}
	}
	ep := &interactionsEndpoint{urls: append([]string(nil), endpoints...), key: key}
	s.mu.Lock()
	s.endpoint = ep
	s.mu.Unlock()
	s.logf("interactions endpoint set to %s", strings.Join(endpoints, ", "))
	return nil
}

// checkEndpoint checks one endpoint URL as the developer portal does.
func (s *Server) checkEndpoint(ctx context.Context, endpoint string, key ed25519.PrivateKey) error {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: %q is not an http(s) URL", ErrEndpointNotVerified, endpoint)
	}
	ping := s.pingPayload()
	status, body, err := s.post(ctx, endpoint, ping, key)
	if err != nil {
		return fmt.Errorf("%w: a PING got no answer: %v", ErrEndpointNotVerified, err)
	}
	var pong struct {
		Type *discordgo.InteractionResponseType `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &pong) != nil || pong.Type == nil || *pong.Type != discordgo.InteractionResponsePong {
		return fmt.Errorf("%w: a signed PING was answered %d %q, not 200 with a PONG ({\"type\":1})", ErrEndpointNotVerified, status, clip(body))
	}
	_, forger, _ := ed25519.GenerateKey(rand.Reader)
	status, body, err = s.post(ctx, endpoint, ping, forger)
	if err != nil {
		return fmt.Errorf("%w: a PING with a wrong signature got no answer: %v", ErrEndpointNotVerified, err)
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("%w: a PING with a wrong signature was answered %d %q, not 401: the endpoint does not check signatures", ErrEndpointNotVerified, status, clip(body))
	}
	return nil
}

// interactionsEndpoint returns the endpoint, nil when interactions go to
// the gateway.
func (s *Server) interactionsEndpoint() *interactionsEndpoint {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.endpoint
}

// pingPayload is the PING Discord sends to check an endpoint.
func (s *Server) pingPayload() []byte {
	s.mu.Lock()
	id := s.newIDLocked()
	s.mu.Unlock()
	raw, _ := json.Marshal(map[string]any{"id": id, "application_id": s.bot.ID, "type": int(discordgo.InteractionPing),
		"token": "interaction-token-" + id, "version": 1, "user": userJSON(s.bot)})
	return raw
}

// post sends one signed delivery and returns the answer, within the
// acknowledgement deadline.
func (s *Server) post(ctx context.Context, endpoint string, payload []byte, key ed25519.PrivateKey) (int, []byte, error) {
	resp, err := s.postRaw(ctx, endpoint, payload, key)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	return resp.StatusCode, body, err
}

// postRaw sends one signed delivery, as Discord signs it: the hexadecimal
// Ed25519 signature of the timestamp (Unix seconds) followed by the body.
func (s *Server) postRaw(ctx context.Context, endpoint string, payload []byte, key ed25519.PrivateKey) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.AckDeadline)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(payload))
	if err != nil {
		cancel()
		return nil, err
	}
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Ed25519", Sign(key, stamp, payload))
	req.Header.Set("X-Signature-Timestamp", stamp)
	resp, err := s.deliveryClient.Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelOnClose releases a delivery's deadline once its answer is read.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// Sign is the signature Discord puts in X-Signature-Ed25519 for a request
// whose X-Signature-Timestamp is stamp: the hexadecimal Ed25519 signature
// of stamp followed by body. Tests use it to forge or age requests.
func Sign(key ed25519.PrivateKey, stamp string, body []byte) string {
	msg := make([]byte, 0, len(stamp)+len(body))
	msg = append(append(msg, stamp...), body...)
	return hex.EncodeToString(ed25519.Sign(key, msg))
}

// deliverLocked registers an interaction and POSTs it to the endpoint in
// the background; the answer is taken as its callback (see deliver).
func (s *Server) deliverLocked(in *Interaction, payload []byte) error {
	if s.closed {
		return ErrClosed
	}
	ep := s.endpoint
	st := in.st
	st.overHTTP, st.delivering = true, make(chan struct{})
	st.dispatchedAt = time.Now()
	s.interacts[in.ID] = st
	s.byToken[in.Token] = st
	s.interList = append(s.interList, st)
	s.notifyLocked()
	s.deliveries.Add(1)
	go s.deliver(ep, st, payload)
	return nil
}

// deliver POSTs an interaction and takes the answer as the bot's first
// response: a 200 whose body is a response Discord accepts, within the
// deadline. No answer in time, another status or a response Discord
// refuses fail the interaction for its user, and the last two are
// violations.
func (s *Server) deliver(ep *interactionsEndpoint, st *interactionState, payload []byte) {
	defer s.deliveries.Done()
	defer func() {
		s.mu.Lock()
		close(st.delivering)
		st.delivering = nil
		s.notifyLocked()
		s.mu.Unlock()
	}()
	// s.base ends when the fake closes, which stops waiting for answers.
	var resp *http.Response
	var err error
	var endpoint string
	for range ep.urls {
		s.mu.Lock()
		endpoint = ep.urls[ep.next%len(ep.urls)]
		ep.next++
		st.endpoint = endpoint
		s.mu.Unlock()
		s.logf("endpoint %s <- interaction %s", endpoint, st.h.ID)
		resp, err = s.postRaw(s.base, endpoint, payload, ep.key)
		if !errors.Is(err, syscall.ECONNREFUSED) {
			break
		}
		// Nobody listens there: the load balancer tries the next one.
	}
	var body []byte
	if err == nil {
		body, err = io.ReadAll(io.LimitReader(resp.Body, 64<<20))
		resp.Body.Close()
	}
	at := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		// Discord stops waiting: the user sees that the interaction failed.
		if st.cb == nil {
			st.late = true
		}
		s.logf("endpoint: interaction %s got no answer in time: %v", st.h.ID, err)
		return
	}
	u, _ := url.Parse(endpoint)
	rec := &Request{At: at, Method: "ANSWER", Host: u.Host, Path: u.Path, Route: EndpointAnswerRoute,
		Header: resp.Header.Clone(), Body: body, Status: resp.StatusCode}
	parseBody(rec, resp.Header.Get("Content-Type"))
	s.nextSeq++
	rec.Seq = s.nextSeq
	c := &call{s: s, req: rec, params: map[string]string{}, v: &validator{}, header: http.Header{}}
	status := resp.StatusCode
	switch {
	case st.cb != nil:
		// Answered over REST already (a callback while the request was
		// open): Discord has its answer and reads no other.
	case status != http.StatusOK:
		c.v.add("(endpoint)", "HTTP_STATUS", fmt.Sprintf("the interactions endpoint answered a signed interaction with status %d, not 200 with a response", status))
		st.refused = true
	default:
		// Checked as a callback is, the deadline included (late then).
		if got, _ := s.takeCallback(c, st); got >= http.StatusBadRequest && !st.late {
			st.refused = true
			if len(c.v.errs) == 0 {
				c.v.add("(endpoint)", strconv.Itoa(got), "Discord refuses this response: "+clip(body))
			}
		}
	}
	for _, e := range c.v.errs {
		s.violations = append(s.violations, Violation{RequestSeq: rec.Seq, Method: rec.Method, Path: rec.Path, Field: e.field, Code: e.code, Message: e.msg})
	}
	if s.opts.Lean {
		rec.Header, rec.Body, rec.JSON = nil, nil, nil
		for i := range rec.Files {
			rec.Files[i].Data = nil
		}
	}
	s.requests = append(s.requests, *rec)
	s.notifyLocked()
	s.logf("endpoint -> interaction %s answered %d", st.h.ID, status)
}

// awaitDelivery holds a REST request to an interaction's webhook while
// the fake still reads the HTTP answer it follows: Discord has taken a
// response once the bot's answer is complete, and the bot sends its edits
// only after that.
func (s *Server) awaitDelivery(ctx context.Context, apiPath string) {
	segs := strings.Split(strings.Trim(apiPath, "/"), "/")
	if len(segs) < 3 || segs[0] != "webhooks" {
		return
	}
	s.mu.Lock()
	var wait chan struct{}
	if st, ok := s.byToken[segs[2]]; ok {
		wait = st.delivering
	}
	s.mu.Unlock()
	if wait == nil {
		return
	}
	select {
	case <-wait:
	case <-s.done:
	case <-ctx.Done():
	}
}

// clip shortens an answer's body for an error message.
func clip(body []byte) string {
	if len(body) > 200 {
		return string(body[:200]) + "..."
	}
	return string(body)
}
