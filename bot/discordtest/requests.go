package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"
)

// Request is one HTTP request the bot made to the fake, with the answer it
// got. Tests use these to assert on calls ("no DM was sent", "two follow-ups").
type Request struct {
	Seq    int // 1, 2, ... in arrival order
	At     time.Time
	Method string
	// Host is the host the bot addressed (discord.com, cdn.discordapp.com).
	Host string
	// Path is relative to the API root ("/channels/123/messages") for API
	// requests, and the full path otherwise (CDN, gateway).
	Path  string
	Query url.Values
	// Route is the matched route template, e.g. "POST /channels/{channel}/messages",
	// also set on requests answered by an injected fault; empty for unknown
	// routes.
	Route  string
	Header http.Header
	Body   []byte // raw body
	// JSON is the JSON payload: the body, or the payload_json part of a
	// multipart body.
	JSON  json.RawMessage
	Files []Attachment // files[n] parts of a multipart body
	// Status and Response are what the fake answered.
	Status   int
	Response []byte
	// Injected is set when the answer came from FailNext/FailNextWhen.
	Injected bool
	Duration time.Duration
}

// Decode unmarshals the request's JSON payload into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.JSON, v) }

// AnyPath is a Match pattern matching every path, to inject faults on
// every route: FailNext("*", AnyPath, 3, InternalError()).
const AnyPath = "**"

// Match reports whether the request has the method (empty or "*" for any,
// case-insensitive) and its path matches pattern, a path.Match pattern
// relative to the API root where "*" stands for one path segment, e.g.
// "/channels/*/messages" or "/interactions/*/*/callback", or AnyPath.
func (r Request) Match(method, pattern string) bool {
	if method != "" && method != "*" && !strings.EqualFold(method, r.Method) {
		return false
	}
	if pattern == AnyPath {
		return true
	}
	ok, err := path.Match(pattern, r.Path)
	return err == nil && ok
}

// String is a one-line summary for test failure messages.
func (r Request) String() string {
	return fmt.Sprintf("#%d %s %s -> %d", r.Seq, r.Method, r.Path, r.Status)
}

// Requests returns every request so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// FindRequests returns the requests matching method and pattern (see
// Request.Match), in arrival order.
func (s *Server) FindRequests(method, pattern string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if r.Match(method, pattern) {
			out = append(out, r)
		}
	}
	return out
}

// CountRequests counts the requests matching method and pattern.
func (s *Server) CountRequests(method, pattern string) int {
	return len(s.FindRequests(method, pattern))
}

// Mark returns the current end of the request log, to count what comes
// after it with CountByRouteSince or RequestsSince, e.g. the calls of one
// turn of a game.
func (s *Server) Mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextSeq
}

// RequestsSince returns the requests that arrived after mark (see Mark),
// in arrival order.
func (s *Server) RequestsSince(mark int) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if r.Seq > mark {
			out = append(out, r)
		}
	}
	return out
}

// CountByRoute counts every request so far by route template, e.g.
// "POST /channels/{channel}/messages" -> 3; each HTTP call counts, retries
// after an injected 429 included. Requests to unknown routes are counted
// under "METHOD /path (unknown route)".
func (s *Server) CountByRoute() map[string]int { return s.CountByRouteSince(0) }

// CountByRouteSince is CountByRoute for the requests after mark (see Mark).
func (s *Server) CountByRouteSince(mark int) map[string]int {
	out := map[string]int{}
	for _, r := range s.RequestsSince(mark) {
		key := r.Route
		if key == "" || key == takenRoute {
			key = r.Method + " " + r.Path + " (unknown route)"
		}
		out[key]++
	}
	return out
}

// UnknownRequests returns the requests to routes the fake does not
// implement (answered 404 or 405). A bot calling them would behave
// differently against real Discord than in the test.
func (s *Server) UnknownRequests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unknownLocked(false)
}

// unknownLocked lists the requests to unknown routes, marking them as
// reported when take is set.
func (s *Server) unknownLocked(take bool) []Request {
	var out []Request
	for i, r := range s.requests {
		if r.Route == "" && !r.Injected {
			out = append(out, r)
			if take {
				s.requests[i].Route = takenRoute
			}
		}
	}
	return out
}

// takenRoute marks an unknown request a test has taken, so it is reported
// once.
const takenRoute = "(taken)"

// TakeUnknownRequests returns UnknownRequests and stops reporting them, for
// tests that call unknown routes on purpose.
func (s *Server) TakeUnknownRequests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unknownLocked(true)
}

// Fault is a canned error answer for FailNext.
type Fault struct {
	Status int
	// Body is JSON-encoded unless it is a []byte or string, which are sent
	// as is.
	Body   any
	Header http.Header
}

// APIError is a fault with Discord's error body {"code":...,"message":...}.
func APIError(status, code int, message string) Fault {
	return Fault{Status: status, Body: map[string]any{"code": code, "message": message}}
}

// InternalError is Discord's 500.
func InternalError() Fault {
	return APIError(http.StatusInternalServerError, 0, "500: Internal Server Error")
}

// CannotMessageUser is the 403 50007 Discord answers when a user does not
// accept the bot's DMs.
func CannotMessageUser() Fault {
	return APIError(http.StatusForbidden, 50007, "Cannot send messages to this user")
}

// RateLimited is a 429 telling the client to retry after d, with the
// headers and body Discord sends
// (https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit):
// {"message": "You are being rate limited.", "retry_after": <seconds>,
// "global": false}, Retry-After in whole seconds, X-RateLimit-Limit,
// -Remaining 0, -Reset, -Reset-After, -Bucket (the route's) and -Scope.
// discordgo sleeps for retry_after and retries, without limit.
func RateLimited(d time.Duration) Fault {
	return rateLimited(d, false)
}

// GlobalRateLimited is a global 429: discordgo then holds every request
// until d has passed.
func GlobalRateLimited(d time.Duration) Fault {
	return rateLimited(d, true)
}

func rateLimited(d time.Duration, global bool) Fault {
	secs := d.Seconds()
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(d).UnixMilli())/1000, 'f', 3, 64))
	if global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		h.Set("X-RateLimit-Scope", "user")
	}
	return Fault{Status: http.StatusTooManyRequests, Header: h, Body: map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": global,
	}}
}

// RateLimit is a 429 asking to retry after Options.RetryAfter (50 ms
// unless set), short enough for tests:
//
//	s.FailNext("POST", "/channels/*/messages", 2, s.RateLimit())
//	s.FailNext("*", discordtest.AnyPath, 3, s.RateLimit())
func (s *Server) RateLimit() Fault {
	return RateLimited(s.opts.RetryAfter)
}

type faultRule struct {
	match func(Request) bool
	left  int
	fault Fault
}

// FailNext makes the next times requests matching method and pattern (see
// Request.Match) fail with f, before the fake acts on them, as a real
// 429 or 500 leaves no trace. For example
//
//	s.FailNext("POST", "/channels/*/messages", 1, discordtest.RateLimited(50*time.Millisecond))
func (s *Server) FailNext(method, pattern string, times int, f Fault) {
	s.FailNextWhen(times, func(r Request) bool { return r.Match(method, pattern) }, f)
}

// FailNextWhen is FailNext with an arbitrary predicate, which sees the
// parsed request (JSON payload included), e.g. to fail the DM creation for
// one recipient only.
func (s *Server) FailNextWhen(times int, match func(Request) bool, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &faultRule{match: match, left: times, fault: f})
}

// PendingFaults counts the injected failures not yet used, so a test can
// check its fault was actually hit.
func (s *Server) PendingFaults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, f := range s.faults {
		n += f.left
	}
	return n
}

// takeFaultLocked returns the fault for r, if any, consuming one use.
func (s *Server) takeFaultLocked(r Request) (Fault, bool) {
	for i, f := range s.faults {
		if f.left > 0 && f.match(r) {
			f.left--
			if f.left == 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
			return f.fault, true
		}
	}
	return Fault{}, false
}
