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

// maxContent is the most characters (code points) Discord takes in one
// message's content.
const maxContent = 2000

// splitContent cuts a message's text into parts of at most n characters
// each, at line boundaries, so that nothing is lost and no line is cut
// when it can be helped: a line longer than n is split at its last space
// before the limit, or at the limit when it has none. Joining the parts
// with newlines gives back the text (less the newlines at the cuts).
func splitContent(s string, n int) []string {
	if utf8.RuneCountInString(s) <= n {
		return []string{s}
	}
	var parts, chunk []string
	chunkLen := 0
	flush := func() {
		if len(chunk) > 0 {
			parts = append(parts, strings.Join(chunk, "\n"))
			chunk, chunkLen = nil, 0
		}
	}
	for line := range strings.SplitSeq(s, "\n") {
		for utf8.RuneCountInString(line) > n {
			flush()
			head, rest := cutLine(line, n)
			parts = append(parts, head)
			line = rest
		}
		k := utf8.RuneCountInString(line)
		if len(chunk) > 0 && chunkLen+1+k > n {
			flush()
		}
		if len(chunk) > 0 {
			chunkLen++
		}
		chunk = append(chunk, line)
		chunkLen += k
	}
	flush()
	return parts
}

// cutLine splits a line longer than n characters at its last space within
// the first n, or at n characters when there is none.
func cutLine(line string, n int) (string, string) {
	end, k := 0, 0
	for i := range line {
		if k == n {
			end = i
			break
		}
		k++
	}
	if sp := strings.LastIndexByte(line[:end], ' '); sp > 0 {
		return line[:sp], line[sp+1:]
	}
	return line[:end], line[end:]
}
