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
