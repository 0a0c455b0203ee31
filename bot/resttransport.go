package bot

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// RESTTransport is an http.RoundTripper for Discord's REST API over
// HTTP/1.1 keep-alive connections, cheaper in processor time than
// net/http's Transport: it serves a request on the calling goroutine (no
// reader and writer goroutines per connection to hand it over to), writes
// the request line, headers and an in-memory body in one write, and reads
// the response synchronously. discordgo's requests, a method, a few
// headers and a bytes body of known length, are all it needs to handle;
// anything else (a proxy, another scheme, a body of unknown length, a
// Transfer-Encoding, Expect or an upgrade) goes to Fallback, so that
// nothing is served worse than by net/http.
//
// It does not ask for gzip: Discord then answers with plain bodies, small
// JSON. Use one RESTTransport for many requests; it is safe for concurrent
// use and starts no goroutine of its own.
type RESTTransport struct {
	// Fallback serves the requests RESTTransport does not. Nil means
	// http.DefaultTransport.
	Fallback http.RoundTripper
	// Proxy chooses a proxy for a request, as http.Transport.Proxy: a
	// request with one goes to Fallback. Nil means none;
	// NewRESTTransport sets http.ProxyFromEnvironment.
	Proxy func(*http.Request) (*url.URL, error)
	// DialContext opens TCP connections. Nil means a net.Dialer with a
	// 30 s timeout and 30 s keep-alive.
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// TLSClientConfig is the TLS configuration of https connections; each
	// connection gets a copy with ServerName set to the host and
	// NextProtos to http/1.1 only. Nil means the defaults (the system's
	// roots), with a session cache.
	TLSClientConfig *tls.Config
	// MaxIdleConnsPerHost bounds the idle connections kept per scheme and
	// host. Zero means 32.
	MaxIdleConnsPerHost int
	// IdleConnTimeout is how long a connection stays idle before it is
	// closed. Zero means 90 s.
	IdleConnTimeout time.Duration
	// Timeout bounds each request, from its start to the end of its
	// answer's body, as http.Client.Timeout does, but without the
	// client's context, timer and goroutine per request: a deadline on
	// the connection. A client whose transport this is can then do
	// without a Timeout of its own. Zero means no bound.
	Timeout time.Duration

	tlsOnce sync.Once
	tlsBase *tls.Config

	// keys maps header names received in other than canonical form to
	// it, copied on write.
	keys atomic.Pointer[map[string]string]

	mu    sync.Mutex
	idle  map[poolKey][]*restConn
	timer *time.Timer // prunes idle connections past IdleConnTimeout
}

// RequestTimeout is Timeout: a client may leave its own at zero when it
// is not.
func (t *RESTTransport) RequestTimeout() time.Duration { return t.Timeout }

// NewRESTTransport returns a RESTTransport with the defaults and proxies
// taken from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), which
// send the requests concerned to http.DefaultTransport.
func NewRESTTransport() *RESTTransport {
	return &RESTTransport{Proxy: http.ProxyFromEnvironment}
}

type poolKey struct {
	tls  bool
	host string // as in the URL, port or not
}

const (
	defaultMaxIdlePerHost = 32
	defaultIdleTimeout    = 90 * time.Second
	// maxCopiedBody is the largest body copied after the head to be
	// written with it; a larger one is written from its own bytes, in
	// one writev beside the head over TCP.
	maxCopiedBody = 64 << 10
	// maxHeaderBytes bounds a response's status line and headers.
	maxHeaderBytes = 1 << 20
	// maxKeptBuffer is the largest write buffer returned to the pool.
	maxKeptBuffer = 96 << 10
)

var errBodyClosed = errors.New("resttransport: read on closed response body")

// RoundTrip implements http.RoundTripper.
func (t *RESTTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	bp := headBufs.Get().(*[]byte)
	head, ok := t.appendHead((*bp)[:0], req)
	if !ok {
		headBufs.Put(bp)
		return t.roundTripFallback(req)
	}
	ctx := req.Context()
	var deadline time.Time
	if t.Timeout > 0 {
		deadline = time.Now().Add(t.Timeout)
	}
	key := poolKey{tls: req.URL.Scheme == "https", host: req.URL.Host}
	body := req.Body
	if body == http.NoBody {
		body = nil
	}
	length := req.ContentLength
	if body == nil {
		length = 0
	}
	defer func() {
		if cap(head) <= maxKeptBuffer {
			*bp = head[:0]
			headBufs.Put(bp)
		}
	}()
	headLen := len(head)
	for attempt := 0; ; attempt++ {
		c, err := t.getConn(ctx, key, req.URL, deadline)
		if err != nil {
			closeBody(body)
			return nil, err
		}
		if !deadline.IsZero() {
			// Left on the connection once idle: the next request on it
			// sets its own, and nothing reads an idle connection.
			_ = c.raw.SetDeadline(deadline)
		}
		var resp *http.Response
		var retry bool
		resp, head, retry, err = c.roundTrip(ctx, req, head[:headLen], body, length)
		body = nil // closed by roundTrip
		if err == nil {
			return resp, nil
		}
		if !retry || attempt > 0 || (length > 0 && req.GetBody == nil) {
			return nil, err
		}
		if length > 0 {
			if body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
	}
}

// CloseIdleConnections closes the idle connections, the Fallback's too.
func (t *RESTTransport) CloseIdleConnections() {
	t.mu.Lock()
	idle := t.idle
	t.idle = nil
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	t.mu.Unlock()
	for _, list := range idle {
		for _, c := range list {
			c.close()
		}
	}
	if ci, ok := t.fallback().(interface{ CloseIdleConnections() }); ok {
		ci.CloseIdleConnections()
	}
}

// roundTripFallback sends req through the Fallback, bounded by Timeout.
func (t *RESTTransport) roundTripFallback(req *http.Request) (*http.Response, error) {
	if t.Timeout <= 0 {
		return t.fallback().RoundTrip(req)
	}
	ctx, cancel := context.WithTimeout(req.Context(), t.Timeout)
	resp, err := t.fallback().RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelBody ends a fallback request's Timeout when its body is closed.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

func (t *RESTTransport) fallback() http.RoundTripper {
	if t.Fallback != nil {
		return t.Fallback
	}
	return http.DefaultTransport
}

func (t *RESTTransport) maxIdle() int {
	if t.MaxIdleConnsPerHost > 0 {
		return t.MaxIdleConnsPerHost
	}
	return defaultMaxIdlePerHost
}

func (t *RESTTransport) idleTimeout() time.Duration {
	if t.IdleConnTimeout > 0 {
		return t.IdleConnTimeout
	}
	return defaultIdleTimeout
}

var headBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// appendHead appends the request line and headers of req to b, and
// reports false if req is one for the Fallback.
func (t *RESTTransport) appendHead(b []byte, req *http.Request) ([]byte, bool) {
	u := req.URL
	if u == nil || u.Host == "" || u.Opaque != "" || u.User != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return b, false
	}
	if len(req.TransferEncoding) > 0 || len(req.Trailer) > 0 {
		return b, false
	}
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	if method == http.MethodConnect || !validToken(method) {
		return b, false
	}
	hasBody := req.Body != nil && req.Body != http.NoBody
	if req.ContentLength < 0 || (hasBody && req.ContentLength == 0) {
		return b, false // a length to find out: chunked, by net/http
	}
	host := req.Host
	if host == "" {
		host = u.Host
	}
	if !validHost(host) {
		return b, false
	}
	if t.Proxy != nil {
		if p, err := t.Proxy(req); err != nil || p != nil {
			return b, false
		}
	}
	b = append(b, method...)
	b = append(b, ' ')
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	b = append(b, path...)
	if u.ForceQuery || u.RawQuery != "" {
		b = append(b, '?')
		b = append(b, u.RawQuery...)
	}
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, host...)
	b = append(b, "\r\n"...)
	if _, ok := req.Header["User-Agent"]; !ok {
		b = append(b, "User-Agent: Go-http-client/1.1\r\n"...)
	}
	for k, vs := range req.Header {
		switch k {
		case "Host", "Content-Length", "Trailer":
			continue
		case "Transfer-Encoding", "Expect", "Upgrade":
			return b, false
		case "Connection":
			for _, v := range vs {
				if hasToken(v, "upgrade") {
					return b, false
				}
			}
		}
		if !validToken(k) {
			return b, false
		}
		for _, v := range vs {
			if !validValue(v) {
				return b, false
			}
			b = append(b, k...)
			b = append(b, ": "...)
			b = append(b, strings.Trim(v, " \t")...)
			b = append(b, "\r\n"...)
		}
	}
	if req.ContentLength > 0 || (!hasBody && (method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch)) {
		n := req.ContentLength
		if !hasBody {
			n = 0
		}
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, n, 10)
		b = append(b, "\r\n"...)
	}
	if req.Close {
		b = append(b, "Connection: close\r\n"...)
	}
	b = append(b, "\r\n"...)
	return b, true
}

// getConn returns an idle connection to key that is still open, or dials
// a new one.
func (t *RESTTransport) getConn(ctx context.Context, key poolKey, u *url.URL, deadline time.Time) (*restConn, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	timeout := t.idleTimeout()
	for {
		t.mu.Lock()
		list := t.idle[key]
		var c *restConn
		if n := len(list); n > 0 {
			c = list[n-1]
			list[n-1] = nil
			t.idle[key] = list[:n-1]
		}
		t.mu.Unlock()
		if c == nil {
			break
		}
		if time.Since(c.idleAt) > timeout || !c.stillOpen() {
			c.close()
			continue
		}
		c.reused = true
		return c, nil
	}
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	return t.dial(ctx, key, u)
}

// putConn keeps c for the next request to its host, or closes it if
// enough are kept.
func (t *RESTTransport) putConn(c *restConn) {
	c.idleAt = time.Now()
	t.mu.Lock()
	list := t.idle[c.key]
	if len(list) >= t.maxIdle() {
		t.mu.Unlock()
		c.close()
		return
	}
	if t.idle == nil {
		t.idle = map[poolKey][]*restConn{}
	}
	t.idle[c.key] = append(list, c)
	if t.timer == nil {
		t.timer = time.AfterFunc(t.idleTimeout(), t.prune)
	}
	t.mu.Unlock()
}

// prune closes the connections idle for longer than IdleConnTimeout, and
// comes back when the next one would be.
func (t *RESTTransport) prune() {
	timeout := t.idleTimeout()
	now := time.Now()
	var old []*restConn
	var next time.Time
	t.mu.Lock()
	for k, list := range t.idle {
		kept := list[:0]
		for _, c := range list {
			if now.Sub(c.idleAt) >= timeout {
				old = append(old, c)
			} else {
				kept = append(kept, c)
				if next.IsZero() || c.idleAt.Before(next) {
					next = c.idleAt
				}
			}
		}
		clear(list[len(kept):])
		if len(kept) == 0 {
			delete(t.idle, k)
		} else {
			t.idle[k] = kept
		}
	}
	t.timer = nil
	if !next.IsZero() {
		t.timer = time.AfterFunc(next.Add(timeout).Sub(now), t.prune)
	}
	t.mu.Unlock()
	for _, c := range old {
		c.close()
	}
}

func (t *RESTTransport) tlsConfig() *tls.Config {
	t.tlsOnce.Do(func() {
		if t.TLSClientConfig != nil {
			t.tlsBase = t.TLSClientConfig.Clone()
		} else {
			t.tlsBase = &tls.Config{}
		}
		if t.tlsBase.ClientSessionCache == nil {
			t.tlsBase.ClientSessionCache = tls.NewLRUClientSessionCache(0)
		}
		t.tlsBase.NextProtos = []string{"http/1.1"}
	})
	return t.tlsBase
}

// dial opens a connection for key, with TLS for https.
func (t *RESTTransport) dial(ctx context.Context, key poolKey, u *url.URL) (*restConn, error) {
	hostname, port := u.Hostname(), u.Port()
	if port == "" {
		port = "80"
		if key.tls {
			port = "443"
		}
	}
	addr := net.JoinHostPort(hostname, port)
	dial := t.DialContext
	if dial == nil {
		dial = (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	}
	raw, err := dial(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	c := &restConn{t: t, key: key, raw: raw, conn: raw}
	if key.tls {
		cfg := t.tlsConfig().Clone()
		if cfg.ServerName == "" {
			cfg.ServerName = hostname
		}
		tc := tls.Client(raw, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = raw.Close()
			return nil, err
		}
		st := tc.ConnectionState()
		if p := st.NegotiatedProtocol; p != "" && p != "http/1.1" {
			_ = raw.Close()
			return nil, fmt.Errorf("resttransport: %s negotiated protocol %q", addr, p)
		}
		c.conn, c.tlsState = tc, &st
	}
	if tc, ok := raw.(*net.TCPConn); ok {
		if sc, err := tc.SyscallConn(); err == nil {
			c.sc = sc
		}
	}
	c.br = bufio.NewReaderSize(c.conn, 4096)
	c.cancelFn = func() { _ = c.raw.Close() }
	c.peekFn = c.peek
	return c, nil
}

// restConn is one HTTP/1.1 connection.
type restConn struct {
	t        *RESTTransport
	key      poolKey
	raw      net.Conn // the TCP connection, closed to cancel
	conn     net.Conn // raw, or TLS over it
	sc       syscall.RawConn
	br       *bufio.Reader
	tlsState *tls.ConnectionState
	reused   bool
	idleAt   time.Time
	scratch  []byte // the response head being read
	// cancelFn and peekFn are made once, not a closure per request.
	cancelFn func()
	peekFn   func(fd uintptr) bool
	peekOpen bool
	peekData bool // bytes are waiting
	peekBuf  [1]byte
}

func (c *restConn) close() { _ = c.conn.Close() }

// stillOpen reports whether an idle connection is still usable: the
// server has neither closed it nor sent anything unasked.
func (c *restConn) stillOpen() bool {
	if c.br.Buffered() > 0 {
		return false
	}
	if c.sc == nil {
		return true
	}
	c.peekOpen, c.peekData = false, false
	if err := c.sc.Read(c.peekFn); err != nil {
		return false
	}
	if c.peekData && c.tlsState != nil {
		return c.tlsQuiet()
	}
	return c.peekOpen
}

// tlsQuiet reads what waits on an idle TLS connection, for a moment: a
// message of TLS itself (a session ticket, a key update) leaves it
// usable; data or an alert (close_notify) does not.
func (c *restConn) tlsQuiet() bool {
	_ = c.raw.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
	n, err := c.conn.Read(c.peekBuf[:])
	var ne net.Error
	if n != 0 || !errors.As(err, &ne) || !ne.Timeout() {
		return false
	}
	// The request sets its own deadline, if any.
	_ = c.raw.SetReadDeadline(time.Time{})
	return true
}

// roundTrip sends one request on c and reads its response's head. It
// closes body. retry reports that the request failed where nothing of it
// can have been processed, so that it may be sent again on a new
// connection. buf is the head, given back with whatever it grew to.
func (c *restConn) roundTrip(ctx context.Context, req *http.Request, head []byte, body io.ReadCloser, length int64) (resp *http.Response, buf []byte, retry bool, err error) {
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, c.cancelFn)
	}
	fail := func(err error) error {
		if stop != nil {
			stop()
		}
		c.close()
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		return err
	}
	buf, werr := c.writeRequest(head, body, length)
	if werr != nil {
		if ne, ok := werr.(net.Error); ctx.Err() != nil || (ok && ne.Timeout()) {
			return nil, buf, false, fail(werr) // cancelled, or past Timeout
		}
		// The server may have answered before it stopped reading (a
		// 413 to a body too large, say): read that answer if there is
		// one, then close.
		_ = c.raw.SetReadDeadline(time.Now().Add(2 * time.Second))
		resp, n, rerr := c.readResponse(req)
		if rerr == nil {
			resp.Close = true
			if rerr = c.withBody(ctx, req, resp, stop); rerr == nil {
				return resp, buf, false, nil
			}
		}
		retry = c.reused && n == 0 && (idempotent(req) || serverClosed(werr))
		return nil, buf, retry, fail(werr)
	}
	resp, n, rerr := c.readResponse(req)
	if rerr == nil {
		rerr = c.withBody(ctx, req, resp, stop)
	}
	if rerr != nil {
		retry = c.reused && n == 0 && idempotent(req) && serverClosed(rerr)
		return nil, buf, retry, fail(rerr)
	}
	return resp, buf, false, nil
}

// writeRequest writes head and length bytes of body, in one write if they
// fit in maxCopiedBody, and closes body.
func (c *restConn) writeRequest(head []byte, body io.ReadCloser, length int64) ([]byte, error) {
	if body == nil {
		_, err := c.conn.Write(head)
		return head, err
	}
	defer body.Close()
	w := bodyWriter{c: c, buf: head, left: length}
	var err error
	if wt, ok := body.(io.WriterTo); ok {
		_, err = wt.WriteTo(&w)
	} else {
		_, err = io.Copy(&w, body)
	}
	if err == nil && w.left != 0 {
		err = fmt.Errorf("resttransport: ContentLength=%d with a body %d bytes short", length, w.left)
	}
	if err == nil && len(w.buf) > 0 {
		_, err = c.conn.Write(w.buf)
	}
	if !w.flushed {
		head = w.buf // the head still, grown maybe
	}
	return head, err
}

// bodyWriter gathers the head and the body's bytes, and writes them once
// they no longer fit in maxCopiedBody (a writev of head and body over
// TCP).
type bodyWriter struct {
	c       *restConn
	buf     []byte // not yet written
	left    int64  // body bytes still expected
	flushed bool   // buf was written at least once
}

var errBodyTooLong = errors.New("resttransport: request body longer than its ContentLength")

func (w *bodyWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > w.left {
		return 0, errBodyTooLong
	}
	w.left -= int64(len(p))
	if len(w.buf)+len(p) <= maxCopiedBody+4096 {
		w.buf = append(w.buf, p...)
		return len(p), nil
	}
	// The head is kept intact for a retry: after a flush, what follows
	// goes to a buffer of its own.
	var err error
	if len(w.buf) > 0 {
		buf := w.buf
		w.buf, w.flushed = nil, true
		if _, isTCP := w.c.conn.(*net.TCPConn); isTCP {
			bufs := net.Buffers{buf, p}
			if _, err = bufs.WriteTo(w.c.conn); err != nil {
				return 0, err
			}
			return len(p), nil
		}
		if _, err = w.c.conn.Write(buf); err != nil {
			return 0, err
		}
	}
	w.flushed = true
	if _, err = w.c.conn.Write(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// readResponse reads a response's status line and headers, skipping 1xx
// informational responses. n is how many bytes of the response were read.
func (c *restConn) readResponse(req *http.Request) (*http.Response, int, error) {
	total := 0
	for {
		block, err := c.readHead()
		total += len(block)
		if err != nil {
			return nil, total, err
		}
		resp, err := c.parseHead(block, req)
		if err != nil {
			return nil, total, err
		}
		if resp.StatusCode >= 100 && resp.StatusCode < 200 {
			if resp.StatusCode == http.StatusSwitchingProtocols {
				return nil, total, errors.New("resttransport: unexpected 101 Switching Protocols")
			}
			continue
		}
		return resp, total, nil
	}
}

// readHead reads the status line and headers, through the blank line
// that ends them, into c.scratch.
func (c *restConn) readHead() ([]byte, error) {
	b := c.scratch[:0]
	lineStart := 0
	for {
		line, err := c.br.ReadSlice('\n')
		b = append(b, line...)
		if len(b) > maxHeaderBytes {
			return b, errors.New("resttransport: response headers too long")
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(b) > 0 {
				err = io.ErrUnexpectedEOF
			}
			c.scratch = b[:0]
			return b, err
		}
		l := b[lineStart:]
		if len(l) == 1 || (len(l) == 2 && l[0] == '\r') {
			if lineStart == 0 {
				// A stray blank line before the status line: net/http
				// rejects it too, but be lenient and skip it.
				b = b[:0]
				continue
			}
			c.scratch = b[:0]
			return b, nil
		}
		lineStart = len(b)
	}
}

// parseHead makes a Response of a head read by readHead.
func (c *restConn) parseHead(block []byte, req *http.Request) (*http.Response, error) {
	lines := 0
	for _, ch := range block {
		if ch == '\n' {
			lines++
		}
	}
	s := string(block)
	eol := strings.IndexByte(s, '\n')
	status := strings.TrimRight(s[:eol], "\r")
	s = s[eol+1:]
	proto, rest, ok := strings.Cut(status, " ")
	if !ok || len(rest) < 3 || (rest[3:] != "" && rest[3] != ' ') {
		return nil, fmt.Errorf("resttransport: malformed status line %q", status)
	}
	major, minor, ok := http.ParseHTTPVersion(proto)
	if !ok || major != 1 {
		return nil, fmt.Errorf("resttransport: malformed HTTP version %q", proto)
	}
	code := 0
	for _, d := range rest[:3] {
		if d < '0' || d > '9' {
			return nil, fmt.Errorf("resttransport: malformed status code %q", rest[:3])
		}
		code = code*10 + int(d-'0')
	}
	n := max(lines-2, 0)
	vals := make([]string, n)
	h := make(http.Header, n)
	i := 0
	for s != "" {
		eol := strings.IndexByte(s, '\n')
		line := s[:eol]
		s = s[eol+1:]
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, fmt.Errorf("resttransport: folded header line %q", line)
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || !validToken(line[:colon]) {
			return nil, fmt.Errorf("resttransport: malformed header line %q", line)
		}
		key := c.canonical(line[:colon])
		v := strings.Trim(line[colon+1:], " \t")
		if old, ok := h[key]; ok {
			h[key] = append(old, v)
			continue
		}
		vals[i] = v
		h[key] = vals[i : i+1 : i+1]
		i++
	}
	resp := &http.Response{
		Status:     rest,
		StatusCode: code,
		Proto:      proto,
		ProtoMajor: major,
		ProtoMinor: minor,
		Header:     h,
		Request:    req,
		TLS:        c.tlsState,
	}
	resp.Close = minor == 0 && !headerHasToken(h, "Connection", "keep-alive") || headerHasToken(h, "Connection", "close")
	return resp, nil
}

// canonical is the canonical form of header name k: k itself if it is
// (a part of the response's head then, which the header's values keep
// anyway), else the form remembered by the transport for the names it
// has seen (Discord's edge may send them in lower case).
func (c *restConn) canonical(k string) string {
	if isCanonical(k) {
		return k
	}
	t := c.t
	if m := t.keys.Load(); m != nil {
		if ck, ok := (*m)[k]; ok {
			return ck
		}
	}
	ck := http.CanonicalHeaderKey(strings.Clone(k))
	t.mu.Lock()
	defer t.mu.Unlock()
	old := t.keys.Load()
	if old == nil || len(*old) < maxKeys {
		m := make(map[string]string, 1+len(ptrMap(old)))
		for k, v := range ptrMap(old) {
			m[k] = v
		}
		m[strings.Clone(k)] = ck
		t.keys.Store(&m)
	}
	return ck
}

// maxKeys bounds the header names a transport remembers.
const maxKeys = 256

func ptrMap(m *map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	return *m
}

// isCanonical reports whether k is a header name in canonical form, as
// http.CanonicalHeaderKey leaves it.
func isCanonical(k string) bool {
	upper := true
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c >= 0x80 || !tokenChar[c] {
			return false
		}
		if upper && 'a' <= c && c <= 'z' || !upper && 'A' <= c && c <= 'Z' {
			return false
		}
		upper = c == '-'
	}
	return k != ""
}

// withBody gives resp its body, framed by Content-Length or chunked, and
// hands c back to the pool once it is read.
func (c *restConn) withBody(ctx context.Context, req *http.Request, resp *http.Response, stop func() bool) error {
	reuse := !resp.Close && !req.Close && !headerHasToken(req.Header, "Connection", "close")
	b := &restBody{c: c, ctx: ctx, stop: stop, reuse: reuse, remain: -1}
	h := resp.Header
	if req.Method == http.MethodHead || resp.StatusCode == http.StatusNoContent || resp.StatusCode == http.StatusNotModified {
		// No body, whatever the headers say of one.
		resp.ContentLength = -1
		if resp.StatusCode == http.StatusNoContent {
			resp.ContentLength = 0
		} else if cl, ok := h["Content-Length"]; ok {
			if n, err := parseContentLength(cl); err == nil {
				resp.ContentLength = n
			}
		}
		b.done(b.reuse)
		resp.Body = http.NoBody
		return nil
	}
	var err error
	if te, ok := h["Transfer-Encoding"]; ok {
		if len(te) != 1 || !strings.EqualFold(te[0], "chunked") {
			err = fmt.Errorf("resttransport: unsupported transfer encoding %q", te)
		}
		delete(h, "Transfer-Encoding")
		delete(h, "Content-Length")
		resp.TransferEncoding = []string{"chunked"}
		b.chunked = true
		resp.ContentLength = -1
	} else if cl, ok := h["Content-Length"]; ok {
		resp.ContentLength, err = parseContentLength(cl)
		b.remain = resp.ContentLength
	} else {
		resp.ContentLength = -1
		b.reuse = false // the body ends when the connection does
	}
	if err != nil {
		return err // the caller closes c
	}
	if !b.chunked && b.remain == 0 {
		b.done(b.reuse)
		resp.Body = http.NoBody
		return nil
	}
	resp.Body = b
	return nil
}

func parseContentLength(vs []string) (int64, error) {
	n, err := strconv.ParseInt(vs[0], 10, 64)
	if err != nil || n < 0 || vs[0][0] == '+' {
		return 0, fmt.Errorf("resttransport: bad Content-Length %q", vs[0])
	}
	for _, v := range vs[1:] {
		if v != vs[0] {
			return 0, fmt.Errorf("resttransport: conflicting Content-Length %q", vs)
		}
	}
	return n, nil
}

// restBody is a response body read from its connection.
type restBody struct {
	mu      sync.Mutex
	c       *restConn // nil once the body is done with it
	ctx     context.Context
	stop    func() bool
	reuse   bool  // the connection may serve another request afterwards
	chunked bool  // chunked coding; remain is then what is left of the chunk
	remain  int64 // body bytes left, -1 until the connection closes
	err     error // returned by every Read once set
}

func (b *restBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err != nil {
		return 0, b.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	var err error
	switch {
	case b.chunked:
		n, err = b.readChunked(p)
	case b.remain >= 0:
		if int64(len(p)) > b.remain {
			p = p[:b.remain]
		}
		n, err = b.c.br.Read(p)
		b.remain -= int64(n)
		if b.remain == 0 {
			b.done(b.reuse)
			b.err = io.EOF
			return n, io.EOF
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	default:
		n, err = b.c.br.Read(p)
		if err == io.EOF {
			b.done(false)
			b.err = io.EOF
			return n, io.EOF
		}
	}
	if err != nil {
		if err == io.EOF {
			b.err = io.EOF
			return n, err
		}
		b.done(false)
		if cerr := b.ctx.Err(); cerr != nil {
			err = cerr
		}
		b.err = err
	}
	return n, err
}

// readChunked reads the chunked coding, through the trailer after the last
// chunk, which it skips.
func (b *restBody) readChunked(p []byte) (int, error) {
	br := b.c.br
	if b.remain <= 0 {
		line, err := readLine(br)
		if err != nil {
			return 0, err
		}
		if i := strings.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		size, err := strconv.ParseUint(strings.TrimRight(line, " \t"), 16, 63)
		if err != nil {
			return 0, fmt.Errorf("resttransport: malformed chunk size %q", line)
		}
		if size == 0 {
			for {
				l, err := readLine(br)
				if err != nil {
					return 0, err
				}
				if l == "" {
					break
				}
			}
			b.done(b.reuse)
			b.err = io.EOF
			return 0, io.EOF
		}
		b.remain = int64(size)
	}
	if int64(len(p)) > b.remain {
		p = p[:b.remain]
	}
	n, err := br.Read(p)
	b.remain -= int64(n)
	if err == io.EOF {
		return n, io.ErrUnexpectedEOF
	}
	if err == nil && b.remain == 0 {
		if l, lerr := readLine(br); lerr != nil {
			err = lerr
		} else if l != "" {
			err = errors.New("resttransport: malformed chunk end")
		}
	}
	return n, err
}

// readLine reads a short line (a chunk size, a trailer), without its end.
func readLine(br *bufio.Reader) (string, error) {
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return "", errors.New("resttransport: chunk line too long")
	}
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return "", err
	}
	line = line[:len(line)-1]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) == 0 {
		return "", nil
	}
	return string(line), nil
}

// done lets the connection go: back to the pool if reuse and nothing is
// left unread, closed otherwise.
func (b *restBody) done(reuse bool) {
	c := b.c
	if c == nil {
		return
	}
	b.c = nil
	if b.stop != nil && !b.stop() {
		reuse = false // cancelled: the connection is being closed
	}
	if reuse && c.br.Buffered() == 0 {
		c.t.putConn(c)
		return
	}
	c.close()
}

// Close ends the body. A body closed before its end closes the connection,
// unless what is left is already in the buffer.
func (b *restBody) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.c != nil {
		if !b.chunked && b.remain >= 0 && int64(b.c.br.Buffered()) >= b.remain {
			_, _ = b.c.br.Discard(int(b.remain))
			b.done(b.reuse)
		} else {
			b.done(false)
		}
	}
	b.err = errBodyClosed
	return nil
}

func closeBody(b io.ReadCloser) {
	if b != nil {
		_ = b.Close()
	}
}

// idempotent reports whether req may be sent twice, as net/http judges.
func idempotent(req *http.Request) bool {
	switch req.Method {
	case "", http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true
	}
	_, a := req.Header["Idempotency-Key"]
	_, b := req.Header["X-Idempotency-Key"]
	return a || b
}

// serverClosed reports whether err is the server having closed the
// connection.
func serverClosed(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

func headerHasToken(h http.Header, key, token string) bool {
	for _, v := range h[key] {
		if hasToken(v, token) {
			return true
		}
	}
	return false
}

// hasToken reports whether the comma-separated list v holds token, in any
// case.
func hasToken(v, token string) bool {
	for v != "" {
		var t string
		t, v, _ = strings.Cut(v, ",")
		if strings.EqualFold(strings.Trim(t, " \t"), token) {
			return true
		}
	}
	return false
}

// validToken reports whether s is an RFC 9110 token: a method or a header
// name.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || !tokenChar[c] {
			return false
		}
	}
	return true
}

var tokenChar = func() (t [128]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// validValue reports whether v is a header value net/http would send
// unchanged: no control characters but tab.
func validValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < ' ' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// validHost reports whether a Host header is safe to write.
func validHost(h string) bool {
	for i := 0; i < len(h); i++ {
		if c := h[i]; c <= ' ' || c == 0x7f || c == '/' || c == '\\' {
			return false
		}
	}
	return h != ""
}
