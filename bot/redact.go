package bot

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
)

// tokenInURL matches the parts of Discord URLs that carry an interaction
// or webhook token: /webhooks/ID/TOKEN and /interactions/ID/TOKEN.
var tokenInURL = regexp.MustCompile(`(?i)(/(?:webhooks|interactions)/\d+/)[^/?\s"']+`)

// Redact removes interaction and webhook tokens from a log text, and
// every secret given (the bot token).
func Redact(s string, secrets ...string) string {
	s = tokenInURL.ReplaceAllString(s, "${1}[token]")
	for _, secret := range secrets {
		if secret != "" {
			s = strings.ReplaceAll(s, secret, "[token]")
		}
	}
	return s
}

// redactingHandler keeps tokens out of the logs whatever an error's text
// holds: a failed HTTP call's error names its URL, and a webhook URL
// carries the interaction's token.
type redactingHandler struct {
	next    slog.Handler
	secrets []string
}

// NewRedactingHandler wraps h so that no record it writes carries an
// interaction token, a webhook token or any of secrets.
func NewRedactingHandler(h slog.Handler, secrets ...string) slog.Handler {
	if rh, ok := h.(*redactingHandler); ok {
		return &redactingHandler{next: rh.next, secrets: append(append([]string{}, rh.secrets...), secrets...)}
	}
	return &redactingHandler{next: h, secrets: secrets}
}

func (h *redactingHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *redactingHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Redact(r.Message, h.secrets...), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *redactingHandler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Redact(v.String(), h.secrets...))
	case slog.KindGroup:
		var as []any
		for _, g := range v.Group() {
			as = append(as, h.attr(g))
		}
		return slog.Group(a.Key, as...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, Redact(err.Error(), h.secrets...))
		}
		return slog.String(a.Key, Redact(v.String(), h.secrets...))
	}
	return a
}

func (h *redactingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = h.attr(a)
	}
	return &redactingHandler{next: h.next.WithAttrs(clean), secrets: h.secrets}
}

func (h *redactingHandler) WithGroup(name string) slog.Handler {
	return &redactingHandler{next: h.next.WithGroup(name), secrets: h.secrets}
}
