package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// call is one REST request being handled. Handlers run with s.mu held, so
// a request's effects and its record appear atomically, before the bot
// sees the answer.
type call struct {
	s      *Server
	req    *Request
	params map[string]string
	v      *validator
	header http.Header
}

func (c *call) param(name string) string { return c.params[name] }

type handler func(c *call) (int, any)

type route struct {
	method string
	tmpl   string // "/channels/{channel}/messages"
	segs   []string
	auth   bool
	h      handler
}

// routes lists every endpoint the fake implements. Literal segments come
// before parameters so "/users/@me" wins over "/users/{user}".
func (s *Server) routes() []route {
	rs := []route{
		{method: "GET", tmpl: "/gateway", h: s.getGateway},
		{method: "GET", tmpl: "/gateway/bot", auth: true, h: s.getGatewayBot},
		{method: "GET", tmpl: "/users/@me", auth: true, h: s.getMe},
		{method: "POST", tmpl: "/users/@me/channels", auth: true, h: s.createDM},
		{method: "GET", tmpl: "/users/{user}", auth: true, h: s.getUser},
		{method: "GET", tmpl: "/applications/@me", auth: true, h: s.getApplication},
		{method: "GET", tmpl: "/channels/{channel}", auth: true, h: s.getChannel},
		{method: "GET", tmpl: "/channels/{channel}/messages", auth: true, h: s.listMessages},
		{method: "POST", tmpl: "/channels/{channel}/messages", auth: true, h: s.postMessage},
		{method: "GET", tmpl: "/channels/{channel}/messages/{message}", auth: true, h: s.getMessage},
		{method: "PATCH", tmpl: "/channels/{channel}/messages/{message}", auth: true, h: s.editMessage},
		{method: "DELETE", tmpl: "/channels/{channel}/messages/{message}", auth: true, h: s.deleteMessage},
		{method: "POST", tmpl: "/channels/{channel}/messages/{message}/threads", auth: true, h: s.startMessageThread},
		{method: "POST", tmpl: "/channels/{channel}/threads", auth: true, h: s.startThread},
		{method: "POST", tmpl: "/channels/{channel}/typing", auth: true, h: s.typing},
		{method: "GET", tmpl: "/guilds/{guild}", auth: true, h: s.getGuild},
		{method: "GET", tmpl: "/guilds/{guild}/channels", auth: true, h: s.getGuildChannels},
		{method: "GET", tmpl: "/guilds/{guild}/members/{user}", auth: true, h: s.getMember},
		{method: "POST", tmpl: "/interactions/{interaction}/{token}/callback", h: s.interactionCallback},
		{method: "POST", tmpl: "/webhooks/{app}/{token}", h: s.followup},
		{method: "GET", tmpl: "/webhooks/{app}/{token}/messages/{message}", h: s.getWebhookMessage},
		{method: "PATCH", tmpl: "/webhooks/{app}/{token}/messages/{message}", h: s.editWebhookMessage},
		{method: "DELETE", tmpl: "/webhooks/{app}/{token}/messages/{message}", h: s.deleteWebhookMessage},
	}
	for _, scope := range []string{"/applications/{app}", "/applications/{app}/guilds/{guild}"} {
		rs = append(rs,
			route{method: "GET", tmpl: scope + "/commands", auth: true, h: s.listCommands},
			route{method: "PUT", tmpl: scope + "/commands", auth: true, h: s.overwriteCommands},
			route{method: "POST", tmpl: scope + "/commands", auth: true, h: s.createCommand},
			route{method: "GET", tmpl: scope + "/commands/{command}", auth: true, h: s.getCommand},
			route{method: "PATCH", tmpl: scope + "/commands/{command}", auth: true, h: s.editCommand},
			route{method: "DELETE", tmpl: scope + "/commands/{command}", auth: true, h: s.deleteCommand},
		)
	}
	for i := range rs {
		rs[i].segs = strings.Split(strings.Trim(rs[i].tmpl, "/"), "/")
	}
	return rs
}

var cdnRoute = route{method: "GET", tmpl: "/attachments/{channel}/{attachment}/{filename}", segs: []string{"attachments", "{channel}", "{attachment}", "{filename}"}}

// match returns the route for method and path and its parameters;
// methodOK is false when the path exists only with other methods.
func matchRoute(rs []route, method, p string) (r route, params map[string]string, found, methodOK bool) {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for _, cand := range rs {
		if len(cand.segs) != len(segs) {
			continue
		}
		ps := map[string]string{}
		ok := true
		for i, seg := range cand.segs {
			if strings.HasPrefix(seg, "{") {
				if segs[i] == "" {
					ok = false
					break
				}
				ps[strings.Trim(seg, "{}")] = segs[i]
			} else if seg != segs[i] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		found = true
		if cand.method == method {
			return cand, ps, true, true
		}
	}
	return route{}, nil, found, false
}

var apiPrefix = regexp.MustCompile(`^/api/v\d+`)

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || strings.HasPrefix(r.URL.Path, "/gateway/") {
		s.serveGateway(w, r)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if d := time.Duration(s.latency.Load()); d > 0 {
		kind := r.Method + " /"
		if loc := apiPrefix.FindStringIndex(r.URL.Path); loc != nil {
			first, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path[loc[1]:], "/"), "/")
			kind += first
		}
		defer s.flying(kind)()
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-s.done:
			t.Stop()
		case <-r.Context().Done():
			t.Stop()
		}
	}
	if loc := apiPrefix.FindStringIndex(r.URL.Path); loc != nil {
		s.awaitDelivery(r.Context(), r.URL.Path[loc[1]:])
	}
	start := time.Now()
	host := r.Header.Get(originalHostHeader)
	if host == "" {
		host = r.Host
	}
	rec := &Request{
		At:     start,
		Method: r.Method,
		Host:   host,
		Path:   r.URL.Path,
		Query:  r.URL.Query(),
		Header: r.Header.Clone(),
		Body:   body,
	}
	isAPI := false
	if loc := apiPrefix.FindStringIndex(r.URL.Path); loc != nil {
		isAPI = true
		rec.Path = r.URL.Path[loc[1]:]
		if rec.Path == "" {
			rec.Path = "/"
		}
	}
	parseBody(rec, r.Header.Get("Content-Type"))

	status, header, out := s.handle(rec, isAPI)

	for k, vs := range header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	var payload []byte
	switch b := out.(type) {
	case nil:
	case []byte:
		payload = b
	case string:
		payload = []byte(b)
	default:
		payload, _ = json.Marshal(b)
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(status)
	if status != http.StatusNoContent {
		_, _ = w.Write(payload)
	}
}

// handle decides the answer and records the request, under s.mu.
func (s *Server) handle(rec *Request, isAPI bool) (int, http.Header, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextSeq++
	rec.Seq = s.nextSeq
	header := http.Header{}
	var status int
	var out any
	defer func() {
		rec.Status = status
		switch b := out.(type) {
		case []byte:
			rec.Response = b
		case nil:
		default:
			rec.Response, _ = json.Marshal(b)
		}
		rec.Duration = time.Since(rec.At)
		if s.opts.Lean {
			rec.Header, rec.Body, rec.JSON, rec.Response = nil, nil, nil, nil
			for i := range rec.Files {
				rec.Files[i].Data = nil
			}
		}
		s.requests = append(s.requests, *rec)
		s.notifyLocked()
		s.logf("%s %s -> %d", rec.Method, rec.Path, status)
	}()

	var rt route
	var params map[string]string
	var found, methodOK bool
	if isAPI {
		rt, params, found, methodOK = matchRoute(s.routeTable, rec.Method, rec.Path)
	} else {
		rt, params, found, methodOK = matchRoute([]route{cdnRoute}, rec.Method, rec.Path)
	}
	if methodOK {
		rec.Route = rt.method + " " + rt.tmpl
	}

	if f, ok := s.takeFaultLocked(*rec); ok {
		rec.Injected = true
		for k, vs := range f.Header {
			header[k] = append([]string(nil), vs...)
		}
		if f.Status == http.StatusTooManyRequests && methodOK && header.Get("X-RateLimit-Bucket") == "" {
			// Discord names the bucket that ran out, as on any answer.
			header.Set("X-RateLimit-Bucket", bucketHash(rt))
		}
		status, out = f.Status, f.Body
		return status, header, out
	}

	if !isAPI && methodOK {
		status, out = s.serveAttachment(params, header)
		return status, header, out
	}
	switch {
	case !found:
		status, out = http.StatusNotFound, map[string]any{"code": 0, "message": "404: Not Found"}
		return status, header, out
	case !methodOK:
		status, out = http.StatusMethodNotAllowed, map[string]any{"code": 0, "message": "405: Method Not Allowed"}
		return status, header, out
	}
	setRateLimitHeaders(header, rt)

	if rt.auth && !s.authorized(rec.Header.Get("Authorization")) {
		status, out = http.StatusUnauthorized, map[string]any{"code": 0, "message": "401: Unauthorized"}
		return status, header, out
	}
	if s.deniedLocked(rec.Route, params) {
		status, out = apiErr(http.StatusForbidden, 50013, "Missing Permissions")
		return status, header, out
	}
	c := &call{s: s, req: rec, params: params, v: &validator{}, header: header}
	status, out = rt.h(c)
	for _, e := range c.v.errs {
		s.violations = append(s.violations, Violation{
			RequestSeq: rec.Seq, Method: rec.Method, Path: rec.Path, Field: e.field, Code: e.code, Message: e.msg,
		})
	}
	return status, header, out
}

// setRateLimitHeaders sends generous bucket headers. discordgo's limiter
// sleeps only when Remaining reaches 0 before the reset, so a constant
// Remaining keeps it from ever stalling while still exercising its parser.
func setRateLimitHeaders(h http.Header, rt route) {
	h.Set("X-RateLimit-Bucket", bucketHash(rt))
	h.Set("X-RateLimit-Limit", "50")
	h.Set("X-RateLimit-Remaining", "49")
	h.Set("X-RateLimit-Reset-After", "1.000")
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(time.Second).UnixMilli())/1000, 'f', 3, 64))
}

// bucketHash is the route's rate limit bucket id, an opaque hash as on
// Discord.
func bucketHash(rt route) string {
	sum := fnv.New64a()
	_, _ = io.WriteString(sum, rt.method+" "+rt.tmpl)
	return fmt.Sprintf("%016x", sum.Sum64())
}

func (s *Server) authorized(auth string) bool {
	token, ok := strings.CutPrefix(auth, "Bot ")
	if !ok || token == "" {
		return false
	}
	if s.opts.Token == "" {
		return true
	}
	return token == strings.TrimPrefix(s.opts.Token, "Bot ")
}

// parseBody fills rec.JSON and rec.Files from a JSON or multipart body, the
// two encodings discordgo uses (multipart when files are attached).
func parseBody(rec *Request, contentType string) {
	mt, params, _ := mime.ParseMediaType(contentType)
	if mt != "multipart/form-data" {
		if len(bytes.TrimSpace(rec.Body)) > 0 {
			rec.JSON = rec.Body
		}
		return
	}
	mr := multipart.NewReader(bytes.NewReader(rec.Body), params["boundary"])
	for {
		part, err := mr.NextPart()
		if err != nil {
			return
		}
		data, _ := io.ReadAll(part)
		name := part.FormName()
		switch {
		case name == "payload_json":
			rec.JSON = data
		case strings.HasPrefix(name, "files[") || name == "file" || part.FileName() != "":
			ct := part.Header.Get("Content-Type")
			if ct == "" {
				ct = "application/octet-stream"
			}
			rec.Files = append(rec.Files, Attachment{Filename: part.FileName(), ContentType: ct, Data: data, upload: uploadIndex(name)})
		}
		_ = part.Close()
	}
}

// apiErr is Discord's error body.
func apiErr(status, code int, message string) (int, any) {
	return status, map[string]any{"code": code, "message": message}
}

// invalid answers 400 50035 with the collected field errors.
func (c *call) invalid() (int, any) {
	return http.StatusBadRequest, c.v.body()
}

// reject answers a 400 with its own code (e.g. 50006 empty message) and
// records it as a violation, because it is a payload Discord refuses.
func (c *call) reject(code int, message string) (int, any) {
	c.v.add("(body)", strconv.Itoa(code), message)
	return apiErr(http.StatusBadRequest, code, message)
}

// decode unmarshals the JSON payload, answering 50109 when it is not JSON.
func (c *call) decode(v any) (bool, int, any) {
	if len(c.req.JSON) == 0 {
		return true, 0, nil
	}
	if err := json.Unmarshal(c.req.JSON, v); err != nil {
		st, body := apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return false, st, body
	}
	return true, 0, nil
}

// --- simple routes ---

func (s *Server) getGateway(c *call) (int, any) {
	return http.StatusOK, map[string]any{"url": s.gatewayURL}
}

func (s *Server) getGatewayBot(c *call) (int, any) {
	return http.StatusOK, map[string]any{
		"url":    s.gatewayURL,
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1,
		},
	}
}

func (s *Server) getMe(c *call) (int, any) { return http.StatusOK, userJSON(s.bot) }

func (s *Server) getUser(c *call) (int, any) {
	u, ok := s.users[c.param("user")]
	if !ok {
		return apiErr(http.StatusNotFound, 10013, "Unknown User")
	}
	return http.StatusOK, userJSON(*u)
}

func (s *Server) getApplication(c *call) (int, any) {
	return http.StatusOK, map[string]any{
		"id": s.bot.ID, "name": s.bot.Username, "description": "", "bot_public": true,
		"bot_require_code_grant": false, "flags": 0, "bot": userJSON(s.bot),
	}
}

func (s *Server) getChannel(c *call) (int, any) {
	ch, ok := s.channels[c.param("channel")]
	if !ok {
		return apiErr(http.StatusNotFound, 10003, "Unknown Channel")
	}
	return http.StatusOK, s.channelJSONLocked(ch)
}

func (s *Server) getGuild(c *call) (int, any) {
	g, ok := s.guilds[c.param("guild")]
	if !ok {
		return apiErr(http.StatusNotFound, 10004, "Unknown Guild")
	}
	out := s.guildJSONLocked(g)
	for _, k := range []string{"channels", "threads", "members", "presences", "voice_states", "joined_at", "large", "member_count", "guild_scheduled_events", "stage_instances", "unavailable"} {
		delete(out, k) // GET /guilds/{id} is the slim object
	}
	return http.StatusOK, out
}

func (s *Server) getGuildChannels(c *call) (int, any) {
	g, ok := s.guilds[c.param("guild")]
	if !ok {
		return apiErr(http.StatusNotFound, 10004, "Unknown Guild")
	}
	out := []any{}
	for _, id := range s.chanList {
		if ch := s.channels[id]; ch.GuildID == g.ID && !ch.IsThread() {
			out = append(out, s.channelJSONLocked(ch))
		}
	}
	return http.StatusOK, out
}

func (s *Server) getMember(c *call) (int, any) {
	if _, ok := s.guilds[c.param("guild")]; !ok {
		return apiErr(http.StatusNotFound, 10004, "Unknown Guild")
	}
	m, ok := s.members[memberKey{c.param("guild"), c.param("user")}]
	if !ok {
		return apiErr(http.StatusNotFound, 10007, "Unknown Member")
	}
	return http.StatusOK, memberJSON(*m, true)
}

func (s *Server) createDM(c *call) (int, any) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if ok, st, b := c.decode(&body); !ok {
		return st, b
	}
	if body.RecipientID == "" {
		c.v.add("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")
		return c.invalid()
	}
	if _, ok := s.users[body.RecipientID]; !ok {
		return apiErr(http.StatusNotFound, 10013, "Unknown User")
	}
	return http.StatusOK, s.channelJSONLocked(s.dmChannelLocked(body.RecipientID))
}

func (s *Server) typing(c *call) (int, any) {
	if _, ok := s.channels[c.param("channel")]; !ok {
		return apiErr(http.StatusNotFound, 10003, "Unknown Channel")
	}
	return http.StatusNoContent, nil
}

// serveAttachment serves cdn.discordapp.com attachment URLs, so a bot (or
// test) can download what was posted through the same HTTP client.
func (s *Server) serveAttachment(params map[string]string, header http.Header) (int, any) {
	for _, id := range s.chanMsgs[params["channel"]] {
		for _, a := range s.messages[id].Attachments {
			if a.ID == params["attachment"] {
				header.Set("Content-Type", a.ContentType)
				return http.StatusOK, a.Data
			}
		}
	}
	return http.StatusNotFound, []byte("Not Found")
}
