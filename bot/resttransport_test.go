package bot

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// connCounter counts the connections a test server accepted.
type connCounter struct {
	n     atomic.Int64
	mu    sync.Mutex
	conns []net.Conn
}

func (c *connCounter) hook(conn net.Conn, st http.ConnState) {
	if st == http.StateNew {
		c.n.Add(1)
		c.mu.Lock()
		c.conns = append(c.conns, conn)
		c.mu.Unlock()
	}
}

// closeAll closes every connection the server has accepted, from its
// side.
func (c *connCounter) closeAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, conn := range c.conns {
		_ = conn.Close()
	}
}

// restServer starts a test server counting its connections.
func restServer(t testing.TB, h http.HandlerFunc) (*httptest.Server, *connCounter) {
	t.Helper()
	cc := &connCounter{}
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ConnState = cc.hook
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, cc
}

// strictTransport is a RESTTransport whose fallback fails the test: what
// a test sends must be served by RESTTransport itself.
func strictTransport(t testing.TB) *RESTTransport {
	tr := &RESTTransport{Fallback: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("request %s %s went to the fallback", r.Method, r.URL)
		return nil, errors.New("fallback")
	})}
	t.Cleanup(tr.CloseIdleConnections)
	return tr
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// fetch sends a request and reads its whole answer.
func fetch(t testing.TB, c *http.Client, method, url string, body []byte) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewBuffer(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, url, err)
	}
	return resp, string(b)
}

// noLeak fails the test if the goroutines started during it have not ended
// within a few seconds of its end.
func noLeak(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				buf = buf[:runtime.Stack(buf, true)]
				t.Errorf("%d goroutines left behind (%d before):\n%s", runtime.NumGoroutine()-before, before, buf)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

func TestSuccessiveRESTCallsShareOneConnection(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("X-Echo-Host", r.Host)
		w.Header().Set("X-Echo-Length", strconv.FormatInt(r.ContentLength, 10))
		w.Header().Set("X-Echo-Encoding", r.Header.Get("Accept-Encoding"))
		w.Header().Set("X-Echo-Agent", r.Header.Get("User-Agent"))
		if r.URL.Query().Get("chunked") != "" {
			// Flushed in parts, the answer goes out chunked.
			for i := range 3 {
				fmt.Fprintf(w, "part %d of %s;", i, b)
				w.(http.Flusher).Flush()
			}
			return
		}
		fmt.Fprintf(w, "%s %s %s", r.Method, r.URL.RequestURI(), b)
	})
	c := &http.Client{Transport: strictTransport(t)}
	for i := range 20 {
		body := []byte(fmt.Sprintf(`{"n":%d}`, i))
		resp, got := fetch(t, c, "POST", srv.URL+"/api/v9/channels/1/messages?x=1", body)
		if want := `POST /api/v9/channels/1/messages?x=1 ` + string(body); got != want {
			t.Fatalf("answer %q, want %q", got, want)
		}
		if resp.ContentLength != int64(len(got)) {
			t.Errorf("ContentLength %d, want %d", resp.ContentLength, len(got))
		}
		host := strings.TrimPrefix(srv.URL, "http://")
		if h := resp.Header.Get("X-Echo-Host"); h != host {
			t.Errorf("Host %q, want %q", h, host)
		}
		if l := resp.Header.Get("X-Echo-Length"); l != strconv.Itoa(len(body)) {
			t.Errorf("server saw Content-Length %s, want %d", l, len(body))
		}
		if e := resp.Header.Get("X-Echo-Encoding"); e != "" {
			t.Errorf("asked for Accept-Encoding %q", e)
		}
		if a := resp.Header.Get("X-Echo-Agent"); a != "Go-http-client/1.1" {
			t.Errorf("User-Agent %q", a)
		}
		resp, got = fetch(t, c, "GET", srv.URL+"/chunked?chunked=1", nil)
		if want := "part 0 of ;part 1 of ;part 2 of ;"; got != want {
			t.Fatalf("chunked answer %q, want %q", got, want)
		}
		if resp.ContentLength != -1 || len(resp.TransferEncoding) != 1 || resp.Header.Get("Transfer-Encoding") != "" {
			t.Errorf("chunked answer: ContentLength %d, TransferEncoding %q, header %q", resp.ContentLength, resp.TransferEncoding, resp.Header.Get("Transfer-Encoding"))
		}
	}
	if n := cc.n.Load(); n != 1 {
		t.Errorf("%d connections for 40 requests one after another, want 1", n)
	}
}

func TestRESTAnswersWithoutABodyEndAtTheirHeaders(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/204":
			w.WriteHeader(http.StatusNoContent)
		case "/304":
			w.WriteHeader(http.StatusNotModified)
		case "/early-hints":
			w.Header().Set("Link", "</a.png>; rel=preload")
			w.WriteHeader(http.StatusEarlyHints)
			w.Header().Del("Link")
			w.Header().Set("X-Final", "yes")
			_, _ = io.WriteString(w, "final")
		default:
			w.Header().Set("Content-Length", "5")
			_, _ = io.WriteString(w, "hello")
		}
	})
	c := &http.Client{Transport: strictTransport(t)}
	for range 3 {
		for _, p := range []string{"/204", "/304"} {
			resp, got := fetch(t, c, "GET", srv.URL+p, nil)
			if got != "" || resp.Body != http.NoBody {
				t.Errorf("%s: body %q (%T)", p, got, resp.Body)
			}
		}
		resp, got := fetch(t, c, "HEAD", srv.URL+"/", nil)
		if got != "" || resp.ContentLength != 5 {
			t.Errorf("HEAD: body %q, ContentLength %d", got, resp.ContentLength)
		}
		resp, got = fetch(t, c, "DELETE", srv.URL+"/early-hints", nil)
		if got != "final" || resp.StatusCode != 200 || resp.Header.Get("X-Final") != "yes" || resp.Header.Get("Link") != "" {
			t.Errorf("after a 103: %d %q %v", resp.StatusCode, got, resp.Header)
		}
	}
	if n := cc.n.Load(); n != 1 {
		t.Errorf("%d connections, want 1", n)
	}
}

func TestAConnectionCloseHeaderEndsTheRESTConnection(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/close" {
			w.Header().Set("Connection", "close")
		}
		_, _ = io.WriteString(w, "ok")
	})
	c := &http.Client{Transport: strictTransport(t)}
	for range 3 {
		resp, _ := fetch(t, c, "GET", srv.URL+"/close", nil)
		if !resp.Close {
			t.Error("Connection: close not seen")
		}
	}
	if n := cc.n.Load(); n != 3 {
		t.Errorf("%d connections for 3 answers with Connection: close, want 3", n)
	}
	// A request asking for close gets a connection of its own too.
	for range 2 {
		req, _ := http.NewRequest("GET", srv.URL+"/", nil)
		req.Close = true
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if n := cc.n.Load(); n != 5 {
		t.Errorf("%d connections after 2 requests with Close, want 5", n)
	}
}

// TestAnIdleConnectionTheServerClosedDoesNotFailTheNextCall: a server that closes an idle
// connection does not fail the next request, a POST included, which
// goes on a new connection.
func TestAnIdleConnectionTheServerClosedDoesNotFailTheNextCall(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, "ok")
	})
	c := &http.Client{Transport: strictTransport(t)}
	for i := range 5 {
		if _, got := fetch(t, c, "POST", srv.URL+"/", []byte("{}")); got != "ok" {
			t.Fatalf("answer %q", got)
		}
		cc.closeAll()
		time.Sleep(20 * time.Millisecond)
		if n := cc.n.Load(); n != int64(i+1) {
			t.Fatalf("%d connections after %d requests each after a close", n, i+1)
		}
	}
}

// rawServer serves connections with handle, for behaviour net/http's
// server does not have.
func rawServer(t *testing.T, handle func(n int, conn net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for n := 0; ; n++ {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() {
				defer conn.Close()
				handle(n, conn)
			})
		}
	})
	return "http://" + ln.Addr().String()
}

// readRequest reads one request from br, body included.
func readRequest(br *bufio.Reader) (*http.Request, error) {
	req, err := http.ReadRequest(br)
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(io.Discard, req.Body)
	return req, err
}

// TestOnlyACallThatCannotHaveBeenServedIsSentAgain: a reused connection the server closes on
// reading a request (without answering) is retried once on a new
// connection for a GET, never for a POST, which the server may have
// acted on.
func TestOnlyACallThatCannotHaveBeenServedIsSentAgain(t *testing.T) {
	var served atomic.Int64
	url := rawServer(t, func(n int, conn net.Conn) {
		br := bufio.NewReader(conn)
		for i := 0; ; i++ {
			if _, err := readRequest(br); err != nil {
				return
			}
			if i == 1 {
				return // the second request on a connection: hang up
			}
			served.Add(1)
			_, _ = io.WriteString(conn, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
		}
	})
	c := &http.Client{Transport: strictTransport(t)}
	fetch(t, c, "GET", url, nil)
	if _, got := fetch(t, c, "GET", url, nil); got != "ok" {
		t.Errorf("retried GET: %q", got)
	}
	req, _ := http.NewRequest("POST", url, strings.NewReader("{}"))
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
		t.Error("a POST the server hung up on after reading it succeeded: it was sent twice")
	}
	if n := served.Load(); n != 2 {
		t.Errorf("%d requests answered, want 2", n)
	}
}

// TestMalformedRESTAnswersFailTheCall: malformed framing fails the request.
func TestMalformedRESTAnswersFailTheCall(t *testing.T) {
	answers := map[string]string{
		"/short":  "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
		"/status": "HTTP/1.1 2x0 OK\r\n\r\n",
		"/cl":     "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
		"/te":     "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
		"/chunk":  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
	}
	url := rawServer(t, func(_ int, conn net.Conn) {
		req, err := readRequest(bufio.NewReader(conn))
		if err != nil {
			return
		}
		_, _ = io.WriteString(conn, answers[req.URL.Path])
	})
	c := &http.Client{Transport: strictTransport(t)}
	for p := range answers {
		resp, err := c.Get(url + p)
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		if err == nil {
			t.Errorf("%s: no error", p)
		}
	}
}

// TestCancellingACallWhileItsAnswerIsReadEndsItAtOnce: cancelling the request while its body
// is read ends the read at once, closes the connection and leaves no
// goroutine behind.
func TestCancellingACallWhileItsAnswerIsReadEndsItAtOnce(t *testing.T) {
	noLeak(t)
	release := make(chan struct{})
	srv, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "first part;")
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	tr := strictTransport(t)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 11)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "first part;" {
		t.Fatalf("first part %q, %v", buf, err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err = io.ReadAll(resp.Body)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("read after cancel: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the read took %v to end after the cancel", d)
	}
	resp.Body.Close()
	tr.mu.Lock()
	idle := len(tr.idle[poolKey{host: strings.TrimPrefix(srv.URL, "http://")}])
	tr.mu.Unlock()
	if idle != 0 {
		t.Errorf("%d connections kept after a cancel", idle)
	}
}

// TestATimeoutEndsACallToAServerThatDoesNotAnswer: a client Timeout ends a request to a server
// that does not answer, promptly and without leaving goroutines.
func TestATimeoutEndsACallToAServerThatDoesNotAnswer(t *testing.T) {
	noLeak(t)
	release := make(chan struct{})
	srv, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow-body" {
			w.Header().Set("Content-Length", "100")
			_, _ = io.WriteString(w, "some")
			w.(http.Flusher).Flush()
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	// The client's Timeout, or the transport's.
	byClient := &http.Client{Transport: strictTransport(t), Timeout: 100 * time.Millisecond}
	tr := strictTransport(t)
	tr.Timeout = 100 * time.Millisecond
	byTransport := &http.Client{Transport: tr}
	for _, c := range []*http.Client{byClient, byTransport} {
		for _, p := range []string{"/slow-head", "/slow-body", "/slow-head", "/slow-body"} {
			start := time.Now()
			resp, err := c.Post(srv.URL+p, "application/json", strings.NewReader(`{"a":1}`))
			if err == nil {
				_, err = io.ReadAll(resp.Body)
				resp.Body.Close()
			}
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				t.Errorf("%s: %v, want a timeout", p, err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s: returned after %v with a Timeout of 100ms", p, d)
			}
		}
	}
	// The transport's bound is per request: a connection used before
	// serves a request that takes less than the bound.
	fast, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(30 * time.Millisecond)
		_, _ = io.WriteString(w, "ok")
	})
	for range 5 {
		if _, got := fetch(t, byTransport, "GET", fast.URL, nil); got != "ok" {
			t.Errorf("answer %q", got)
		}
	}
	// A request for the fallback is bounded too.
	tr.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse(srv.URL) }
	tr.Fallback = &http.Transport{Proxy: tr.Proxy}
	start := time.Now()
	if resp, err := byTransport.Get(srv.URL + "/slow-head"); err == nil {
		resp.Body.Close()
		t.Error("no timeout through the fallback")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("fallback: returned after %v with a Timeout of 100ms", d)
	}
	tr.CloseIdleConnections()
}

// TestLargeUploadsReachTheServerWhole sends 1 MB multipart bodies, as a PNG
// upload is, and checks the server got them whole.
func TestLargeUploadsReachTheServerWhole(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f, _, err := r.FormFile("files[0]")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		defer f.Close()
		h := sha256.New()
		_, _ = io.Copy(h, f)
		fmt.Fprintf(w, "%s %x", r.FormValue("payload_json"), h.Sum(nil))
	})
	c := &http.Client{Transport: strictTransport(t)}
	for _, size := range []int{1 << 20, 100 << 10, 60 << 10, 1000} {
		png := make([]byte, size)
		_, _ = rand.Read(png)
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("payload_json", `{"content":"hi"}`)
		fw, _ := mw.CreateFormFile("files[0]", "board.png")
		_, _ = fw.Write(png)
		_ = mw.Close()
		req, _ := http.NewRequest("POST", srv.URL+"/api/v9/channels/1/messages", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		sum := sha256.Sum256(png)
		if want := `{"content":"hi"} ` + hex.EncodeToString(sum[:]); string(got) != want {
			t.Errorf("%d bytes: answer %q, want %q", size, got, want)
		}
	}
	if n := cc.n.Load(); n != 1 {
		t.Errorf("%d connections, want 1", n)
	}
}

// TestRESTCallsFromManyGoroutinesAtOnceAllSucceed sends requests from many goroutines at
// once (run it with -race).
func TestRESTCallsFromManyGoroutinesAtOnceAllSucceed(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.URL.Query().Get("chunked") != "" {
			w.(http.Flusher).Flush()
		}
		_, _ = w.Write(b)
	})
	tr := strictTransport(t)
	tr.MaxIdleConnsPerHost = 4
	c := &http.Client{Transport: tr, Timeout: 20 * time.Second}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 40 {
				body := fmt.Sprintf("goroutine %d request %d", g, i)
				q := ""
				if i%3 == 0 {
					q = "?chunked=1"
				}
				req, _ := http.NewRequest("PATCH", srv.URL+"/"+q, strings.NewReader(body))
				resp, err := c.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || string(got) != body {
					t.Errorf("answer %q, %v, want %q", got, err, body)
				}
			}
		})
	}
	wg.Wait()
	if n := cc.n.Load(); n > 16+4*16 {
		t.Errorf("%d connections for 16 goroutines", n)
	}
	tr.mu.Lock()
	idle := len(tr.idle[poolKey{host: strings.TrimPrefix(srv.URL, "http://")}])
	tr.mu.Unlock()
	if idle > 4 {
		t.Errorf("%d idle connections kept, MaxIdleConnsPerHost 4", idle)
	}
}

// toServer sends every request to a test server, as the fake Discord
// does.
type toServer struct {
	host string
	next http.RoundTripper
}

func (t toServer) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Scheme, r.URL.Host, r.Host = "http", t.host, t.host
	return t.next.RoundTrip(r)
}

// TestDiscordgoWaitsOutA429ThroughTheTransport: discordgo reads a 429's headers and body
// through the transport, waits and sends the request again, and reads
// the rate limit headers of the answer.
func TestDiscordgoWaitsOutA429ThroughTheTransport(t *testing.T) {
	var calls atomic.Int64
	srv, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if calls.Add(1) == 1 {
			w.Header().Set("X-RateLimit-Scope", "user")
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"message": "You are being rate limited.", "retry_after": 0.05, "global": false}`)
			return
		}
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "3")
		w.Header().Set("X-RateLimit-Reset-After", "1.5")
		w.Header().Set("X-RateLimit-Bucket", "abcd")
		_, _ = io.WriteString(w, `{"id": "42", "username": "ana"}`)
	})
	dg, err := discordgo.New("Bot token")
	if err != nil {
		t.Fatal(err)
	}
	dg.Client.Transport = toServer{host: strings.TrimPrefix(srv.URL, "http://"), next: strictTransport(t)}
	var limited atomic.Value
	dg.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) { limited.Store(rl.RetryAfter) })
	u, err := dg.User("@me")
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != "42" || calls.Load() != 2 {
		t.Errorf("user %+v after %d calls", u, calls.Load())
	}
	if ra, _ := limited.Load().(time.Duration); ra != 50*time.Millisecond {
		t.Errorf("rate limit event's RetryAfter %v, want 50ms", ra)
	}
	if b := dg.Ratelimiter.GetBucket(discordgo.EndpointUsers); b.Remaining != 3 {
		t.Errorf("bucket's remaining %d, want 3 from X-RateLimit-Remaining", b.Remaining)
	}
}

// TestRESTCallsOverTLSVerifyTheServerAndReuseTheConnection: https with the server's certificate, verified,
// the connection reused.
func TestRESTCallsOverTLSVerifyTheServerAndReuseTheConnection(t *testing.T) {
	cc := &connCounter{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s", r.Proto, b)
	}))
	srv.Config.ConnState = cc.hook
	srv.StartTLS()
	t.Cleanup(srv.Close)
	tr := strictTransport(t)
	tr.TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig
	c := &http.Client{Transport: tr}
	for i := range 5 {
		resp, got := fetch(t, c, "POST", srv.URL+"/x", []byte(strconv.Itoa(i)))
		if want := "HTTP/1.1 " + strconv.Itoa(i); got != want {
			t.Errorf("answer %q, want %q", got, want)
		}
		if resp.TLS == nil || !resp.TLS.HandshakeComplete {
			t.Error("no TLS state")
		}
	}
	if n := cc.n.Load(); n != 1 {
		t.Errorf("%d connections, want 1", n)
	}
	// A server closing an idle TLS connection (close_notify first): the
	// next request, a POST, goes on a new one.
	for i := range 3 {
		cc.closeAll()
		time.Sleep(20 * time.Millisecond)
		if _, got := fetch(t, c, "POST", srv.URL+"/x", []byte("again")); got != "HTTP/1.1 again" {
			t.Errorf("after a close: %q", got)
		}
		if n := cc.n.Load(); n != int64(i+2) {
			t.Errorf("%d connections after %d closes", n, i+1)
		}
	}
	// Without the server's certificate, verification fails.
	bare := strictTransport(t)
	if _, err := (&http.Client{Transport: bare}).Get(srv.URL); err == nil {
		t.Error("an unverified certificate was accepted")
	}
}

// TestWhatTheTransportDoesNotServeGoesToTheFallback: what the transport does not serve goes to
// the fallback.
func TestWhatTheTransportDoesNotServeGoesToTheFallback(t *testing.T) {
	srv, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		_, _ = w.Write(b)
	})
	var fell atomic.Int64
	tr := &RESTTransport{Fallback: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		fell.Add(1)
		return http.DefaultTransport.RoundTrip(r)
	})}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr}
	// A body of unknown length.
	req, _ := http.NewRequest("POST", srv.URL, io.NopCloser(strings.NewReader("unknown")))
	if resp, err := c.Do(req); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	// Transfer-Encoding asked for.
	req, _ = http.NewRequest("POST", srv.URL, strings.NewReader("te"))
	req.TransferEncoding = []string{"chunked"}
	if resp, err := c.Do(req); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	// A proxy.
	tr.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse(srv.URL) }
	if resp, err := c.Get(srv.URL); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	tr.Proxy = nil
	// A header net/http would refuse.
	req, _ = http.NewRequest("GET", srv.URL, nil)
	req.Header["X-Bad"] = []string{"a\r\nInjected: yes"}
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
		t.Error("a header with a line break was sent")
	}
	if n := fell.Load(); n != 4 {
		t.Errorf("%d requests to the fallback, want 4", n)
	}
	// And a plain one does not.
	fetch(t, c, "GET", srv.URL, nil)
	if n := fell.Load(); n != 4 {
		t.Errorf("a plain GET went to the fallback")
	}
}

// restBenchServerEnv makes TestRESTBenchServer serve, in a process of its
// own, the benchmark's requests, so that the benchmark's process time is
// the client's alone.
const restBenchServerEnv = "ATHENEUM_REST_BENCH_SERVER"

// restBenchAnswer is about the size of a message object Discord returns.
var restBenchAnswer = bytes.Repeat([]byte(`{"id":"1234567890123456789","x":"yyyyyyyy"}`), 20)

func TestRESTBenchServer(t *testing.T) {
	if os.Getenv(restBenchServerEnv) == "" {
		t.Skip("the server of BenchmarkRESTRoundTrip")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(ln.Addr())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin) // until the benchmark ends
		ln.Close()
	}()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-RateLimit-Bucket", "abcdef0123456789")
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "4")
		w.Header().Set("X-RateLimit-Reset", "1700000000.123")
		w.Header().Set("X-RateLimit-Reset-After", "1.000")
		_, _ = w.Write(restBenchAnswer)
	})}
	_ = srv.Serve(ln)
}

// BenchmarkRESTRoundTrip: a Discord-like request (a JSON POST, a
// multipart upload) and its answer through RESTTransport and through
// net/http's Transport, against a server in another process:
// client-cpu-ns/op is this process's processor time, the client's.
func BenchmarkRESTRoundTrip(b *testing.B) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestRESTBenchServer$")
	cmd.Env = append(os.Environ(), restBenchServerEnv+"=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatal(err)
	}
	url := "http://" + strings.TrimSpace(addr) + "/api/v9/channels/1/messages"
	json := []byte(`{"content":"Ana played e4.","components":[{"type":1,"components":[{"type":2,"style":1,"label":"Play","custom_id":"g:1:play"}]}]}`)
	png := make([]byte, 60<<10)
	_, _ = rand.Read(png)
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	_ = mw.WriteField("payload_json", string(json))
	fw, _ := mw.CreateFormFile("files[0]", "board.png")
	_, _ = fw.Write(png)
	_ = mw.Close()
	bodies := []struct {
		name, ctype string
		body        []byte
	}{{"json", "application/json", json}, {"multipart-60KB", mw.FormDataContentType(), mp.Bytes()}}
	for _, bd := range bodies {
		// net-http: discordgo's client, with a Timeout, on net/http's
		// Transport; rest: the bot's, RESTTransport bounding requests in
		// place of the client; rest-client-timeout: RESTTransport under
		// discordgo's client.
		for _, kind := range []string{"net-http", "rest", "rest-client-timeout"} {
			b.Run(bd.name+"/"+kind, func(b *testing.B) {
				c := &http.Client{Timeout: 20 * time.Second}
				switch kind {
				case "net-http":
					c.Transport = &http.Transport{MaxIdleConnsPerHost: 16}
				case "rest":
					rt := NewRESTTransport()
					rt.Timeout, c.Timeout = c.Timeout, 0
					c.Transport = rt
				default:
					c.Transport = NewRESTTransport()
				}
				defer c.CloseIdleConnections()
				send := func() {
					req, _ := http.NewRequest("POST", url, bytes.NewBuffer(bd.body))
					req.Header.Set("Authorization", "Bot token")
					req.Header.Set("Content-Type", bd.ctype)
					req.Header.Set("User-Agent", "DiscordBot (https://github.com/bwmarrin/discordgo, v0.29.0)")
					resp, err := c.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := io.ReadAll(resp.Body); err != nil {
						b.Fatal(err)
					}
					resp.Body.Close()
				}
				send()
				b.ReportAllocs()
				b.ResetTimer()
				cpu := processCPU()
				for range b.N {
					send()
				}
				b.ReportMetric(float64((processCPU()-cpu).Nanoseconds())/float64(b.N), "client-cpu-ns/op")
			})
		}
	}
}

// TestConnectionsIdleTooLongAreClosed: connections idle for longer than
// IdleConnTimeout are closed, with no request to notice.
func TestConnectionsIdleTooLongAreClosed(t *testing.T) {
	noLeak(t)
	var closed atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateClosed {
			closed.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	tr := strictTransport(t)
	tr.IdleConnTimeout = 50 * time.Millisecond
	c := &http.Client{Transport: tr}
	fetch(t, c, "GET", srv.URL, nil)
	deadline := time.Now().Add(5 * time.Second)
	for closed.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("an idle connection was not closed after IdleConnTimeout")
		}
		time.Sleep(10 * time.Millisecond)
	}
	tr.mu.Lock()
	n, timer := len(tr.idle), tr.timer
	tr.mu.Unlock()
	if n != 0 || timer != nil {
		t.Errorf("%d hosts with idle connections, timer %v, after the timeout", n, timer)
	}
	if _, got := fetch(t, c, "GET", srv.URL, nil); got != "ok" {
		t.Errorf("after the timeout: %q", got)
	}
}

// TestAnAnswerSentBeforeTheBodyIsReadIsReturned: a server answering before it has read a
// large body (413) and closing: the answer is returned.
func TestAnAnswerSentBeforeTheBodyIsReadIsReturned(t *testing.T) {
	srv, _ := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		http.Error(w, `{"message": "Request entity too large", "code": 40005}`, http.StatusRequestEntityTooLarge)
	})
	c := &http.Client{Transport: strictTransport(t)}
	big := make([]byte, 16<<20)
	resp, got := fetch(t, c, "POST", srv.URL, big)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(got, "40005") {
		t.Errorf("%d %q", resp.StatusCode, got)
	}
}

// TestABodyClosedEarlyKeepsItsConnectionOnlyWhenReadToItsEnd: a body closed before its end keeps the
// connection if the rest is already read, and closes it otherwise.
func TestABodyClosedEarlyKeepsItsConnectionOnlyWhenReadToItsEnd(t *testing.T) {
	srv, cc := restServer(t, func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Length", strconv.Itoa(n))
		_, _ = w.Write(bytes.Repeat([]byte("x"), n))
	})
	c := &http.Client{Transport: strictTransport(t)}
	for _, n := range []int{100, 100, 1 << 20, 100} {
		resp, err := c.Get(srv.URL + "/?n=" + strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 10)
		if _, err := io.ReadFull(resp.Body, buf); err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if _, err := resp.Body.Read(buf); err == nil {
			t.Error("read after Close")
		}
	}
	// The small answers were in the buffer whole: one connection for
	// them, one for the large one, another after it.
	if n := cc.n.Load(); n != 2 {
		t.Errorf("%d connections, want 2", n)
	}
}

// TestHeaderNamesComeOutCanonical: header names in any case come out in
// canonical form, as net/http gives them.
func TestHeaderNamesComeOutCanonical(t *testing.T) {
	for _, k := range []string{"Content-Type", "content-type", "X-RateLimit-Remaining", "X-Ratelimit-Remaining", "x-ratelimit-reset-after",
		"CF-RAY", "Cf-Ray", "A", "a", "-", "X--Y", "Www-Authenticate", "WWW-Authenticate", "Etag", "ETag", "X_Y", "x_y", "1a", "A1b"} {
		if got, want := isCanonical(k), http.CanonicalHeaderKey(k) == k; got != want {
			t.Errorf("isCanonical(%q) = %v, want %v", k, got, want)
		}
	}
	url := rawServer(t, func(_ int, conn net.Conn) {
		br := bufio.NewReader(conn)
		for {
			if _, err := readRequest(br); err != nil {
				return
			}
			_, _ = io.WriteString(conn, "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nx-ratelimit-remaining: 3\r\nX-RateLimit-Bucket: b\r\nset-cookie: a=1\r\nset-cookie: b=2\r\ncontent-length: 2\r\n\r\n{}")
		}
	})
	c := &http.Client{Transport: strictTransport(t)}
	for range 3 {
		resp, got := fetch(t, c, "GET", url, nil)
		want := http.Header{"Content-Type": {"application/json"}, "X-Ratelimit-Remaining": {"3"}, "X-Ratelimit-Bucket": {"b"},
			"Set-Cookie": {"a=1", "b=2"}, "Content-Length": {"2"}}
		if fmt.Sprint(resp.Header) != fmt.Sprint(want) || got != "{}" || resp.StatusCode != 429 || resp.Status != "429 Too Many Requests" {
			t.Errorf("%s %v %q, want %v", resp.Status, resp.Header, got, want)
		}
	}
}

// TestAServerThatDoesNotReadTheBodyDoesNotHoldTheCallPastTheTimeout: a server that does not read a large body
// does not hold the request beyond the transport's Timeout.
func TestAServerThatDoesNotReadTheBodyDoesNotHoldTheCallPastTheTimeout(t *testing.T) {
	stop := make(chan struct{})
	url := rawServer(t, func(_ int, conn net.Conn) { <-stop })
	defer close(stop)
	tr := strictTransport(t)
	tr.Timeout = 200 * time.Millisecond
	start := time.Now()
	req, _ := http.NewRequest("POST", url, bytes.NewBuffer(make([]byte, 64<<20)))
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err == nil {
		resp.Body.Close()
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Errorf("%v, want a timeout", err)
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("returned after %v with a Timeout of 200ms", d)
	}
}
