package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// clip cuts s to at most n characters (Unicode code points, as Discord
// counts them), ending with "…" when it had to cut; it never splits a
// character.
func clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	k := 0
	for i := range s {
		if k == n-1 {
			return s[:i] + "…"
		}
		k++
	}
	return s
}

// maxEcho is how much of a user's own input a refusal may quote.
const maxEcho = 40

// echo quotes part of what a user typed back to them safely: control
// characters and Markdown that could change the message are dropped,
// mentions cannot ping, and it is cut to a short length.
func echo(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsControl(r), r == '`', r == '*', r == '_', r == '~', r == '|', r == '\\', r == '<', r == '>':
			continue
		case r == '@':
			sb.WriteString("@\u200b")
		default:
			sb.WriteRune(r)
		}
	}
	return clip(strings.TrimSpace(sb.String()), maxEcho)
}
