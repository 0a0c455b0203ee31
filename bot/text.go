package bot

import (
	"strings"
	"unicode/utf8"
)

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
