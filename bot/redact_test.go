package bot

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func TestLogsNeverCarryATokenOrATokenURL(t *testing.T) {
	const secret = "MTIz.bot-token.secret"
	const interactionToken = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ"
	tests := []struct {
		name string
		log  func(l *slog.Logger)
	}{
		{"an error naming a webhook URL", func(l *slog.Logger) {
			l.Warn("could not post", "game", "g1", "err", errors.New(`Patch "https://discord.com/api/v9/webhooks/123/`+interactionToken+`/messages/@original": dial tcp: timeout`))
		}},
		{"an interaction callback URL in the message", func(l *slog.Logger) {
			l.Error("failed https://discord.com/api/v9/interactions/987/" + interactionToken + "/callback")
		}},
		{"the bot token in an attribute", func(l *slog.Logger) {
			l.Info("header", "auth", "Bot "+secret)
		}},
		{"a token inside a group and a With attribute", func(l *slog.Logger) {
			l.With("url", "/webhooks/1/"+interactionToken).Info("x", slog.Group("req", "url", "/interactions/2/"+interactionToken+"/callback"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			l := slog.New(NewRedactingHandler(slog.NewTextHandler(&buf, nil), secret))
			tt.log(l)
			out := buf.String()
			if strings.Contains(out, secret) || strings.Contains(out, interactionToken) {
				t.Fatalf("a token reached the log: %s", out)
			}
			if !strings.Contains(out, "[token]") {
				t.Fatalf("nothing was redacted: %s", out)
			}
		})
	}
}

func TestClipCutsByCharacters(t *testing.T) {
	tests := []struct {
		name string
		in   string
		n    int
		want string
	}{
		{"short text is kept", "déjà", 4, "déjà"},
		{"accented text is cut between characters", "étagère", 4, "éta…"},
		{"emoji are not split", "📚📚📚📚", 3, "📚📚…"},
		{"zero leaves nothing", "abc", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := clip(tt.in, tt.n); got != tt.want {
				t.Errorf("clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

func TestEchoQuotesInputSafely(t *testing.T) {
	got := echo("@everyone <@123> **bold** `code`\n" + strings.Repeat("x", 100))
	if strings.Contains(got, "@everyone") || strings.ContainsAny(got, "<>*`\n") {
		t.Errorf("echo kept something dangerous: %q", got)
	}
	if n := len([]rune(got)); n > maxEcho {
		t.Errorf("echo is %d characters, more than %d", n, maxEcho)
	}
}
