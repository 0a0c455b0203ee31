package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// numberArgs are the placeholders the code fills with a bare number; every
// other placeholder carries words (a name, a list, a sentence part), some of
// them in brackets of their own (see bracketed).
var numberArgs = map[string]bool{
	"Count": true, "N": true, "Turn": true, "Of": true, "Number": true, "Total": true, "Round": true,
	"Min": true, "Max": true, "Rank": true, "Width": true, "Level": true, "Space": true, "Candle": true,
	"Candle1": true, "Candle2": true, "Shelf": true, "Score": true, "Final": true, "Wands": true,
	"Books": true, "Full": true, "Spaces": true, "Candles": true, "Reshelves": true, "Hours": true,
	"Taken": true, "Seats": true, "Favourite": true, "PhaseTurn": true, "Seat": true, "Best": true,
	"Keep": true, "Limit": true, "Deck": true, "Discard": true,
}

// neverOne are the number placeholders the code never fills with 1 (the
// fewest seats or games, the most hours, a hand's keep limit, the turns of
// a phase): they are filled with 3, so that "at least {{.Min}} games" is
// not taken for a slip.
var neverOne = map[string]bool{"Min": true, "Max": true, "Keep": true, "Limit": true, "Seats": true, "Of": true}

// bracketed are sample values of the placeholders whose words carry
// brackets of their own, as the code fills them: a deadline is a Discord
// timestamp followed by its relative form in brackets.
var bracketed = map[string]string{
	"Deadline": "<t:1700000000:f> (<t:1700000000:R>)",
}

// atheneumBracketed are Atheneum's own such values: an objective is worded
// with its points, a seat option with its subject, a held pair with its
// colours, a received part with whose card it is (Anludim's messages use
// some of the same names for other words).
var atheneumBracketed = map[string]string{
	"Objective":  "O09 (5 points): a teal book",
	"Objectives": "O09 (5 points): a teal book; O10 (3 points): a pink book",
	"Options":    "favourite subject: Teal (Biographies & Memoirs)",
	"Value":      "Teal (Biographies & Memoirs)",
	"Item":       "a paired set (teal and pink)",
	"Items":      "#1 a paired set (teal and pink) · #2 a teal book",
	"What":       "A07 (own card): a teal book",
}

// fill fills every placeholder of message id in l: numbers with n, words
// with a sample (bracketed ones as the code gives them).
func fill(l Lang, id string, n int) string {
	var kv []any
	atheneum := !strings.HasPrefix(id, "anludim.")
	for _, p := range Placeholders(l, id) {
		switch {
		case numberArgs[p] && neverOne[p]:
			kv = append(kv, p, 3)
		case numberArgs[p]:
			kv = append(kv, p, n)
		case bracketed[p] != "":
			kv = append(kv, p, bracketed[p])
		case atheneum && atheneumBracketed[p] != "":
			kv = append(kv, p, atheneumBracketed[p])
		default:
			kv = append(kv, p, "Ada")
		}
	}
	return l.T(id, kv...)
}

// singularNouns are, per language, the words that follow a count in the
// singular form of a plural message and change in its plural form ("book"
// in "{{.Count}} book" / "{{.Count}} books"): after 2 they are a slip.
func singularNouns(l Lang) map[string]bool {
	after := regexp.MustCompile(`\{\{\s*\.Count\s*\}\}\s+(\p{L}+)`)
	out := map[string]bool{}
	for _, id := range IDs(l) {
		f := Forms(l, id)
		one, other := after.FindStringSubmatch(f["one"]), after.FindStringSubmatch(f["other"])
		if one != nil && other != nil && one[1] != other[1] {
			out[one[1]] = true
		}
	}
	return out
}

// singularEndsInS are words that end in s or x in the singular ("1 fois",
// "1 bonus token"), and verbs that may follow a number ("round 1 begins").
var singularEndsInS = map[string]bool{"fois": true, "plus": true, "pas": true, "sous": true, "dans": true, "sans": true,
	"vers": true, "bonus": true, "is": true, "was": true, "has": true, "begins": true, "plays": true, "gets": true}

var (
	oneThen = regexp.MustCompile(`(?:^|[^\p{L}\p{N}.,/:#+-])1 (\p{L}+)`)
	twoThen = regexp.MustCompile(`(?:^|[^\p{L}\p{N}.,/:#+-])2 (\p{L}+)`)
	// snake finds identifiers such as no_such_seat or favorite_books.
	snake = regexp.MustCompile(`\b\p{Ll}+_\p{Ll}[\p{Ll}_]*\b`)
	// dotted finds words joined by dots, such as a catalogue id.
	dotted = regexp.MustCompile(`\b[a-z_]+(?:\.[a-z_0-9]+)+\b`)
)

// nested reports the first bracket opened inside another, "(a (b) c)", or
// "" when none is.
func nested(s string) string {
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[':
			if depth == 0 {
				start = i
			}
			depth++
			if depth > 1 {
				end := min(len(s), i+40)
				return s[start:end]
			}
		case ')', ']':
			depth = max(0, depth-1)
		}
	}
	return ""
}

// wordSlips lists what a player would read as a slip in text, a message
// filled with the number n.
func wordSlips(l Lang, text string, n int, singular map[string]bool) []string {
	var out []string
	if strings.Contains(text, "<no value>") || strings.Contains(text, "%!") {
		out = append(out, "an unfilled placeholder")
	}
	if n == 1 {
		for _, m := range oneThen.FindAllStringSubmatch(text, -1) {
			w := strings.ToLower(m[1])
			if (strings.HasSuffix(w, "s") || l == French && strings.HasSuffix(w, "x")) && len(w) > 2 && !singularEndsInS[w] {
				out = append(out, fmt.Sprintf("a plural after 1: %q", strings.TrimLeftFunc(m[0], func(r rune) bool { return !unicode.IsDigit(r) })))
			}
		}
	}
	if n == 2 {
		for _, m := range twoThen.FindAllStringSubmatch(text, -1) {
			if singular[strings.ToLower(m[1])] {
				out = append(out, fmt.Sprintf("a singular after 2: %q", strings.TrimLeftFunc(m[0], func(r rune) bool { return !unicode.IsDigit(r) })))
			}
		}
	}
	if s := nested(text); s != "" {
		out = append(out, fmt.Sprintf("a bracket inside a bracket: %q", s))
	}
	for _, m := range snake.FindAllString(text, -1) {
		out = append(out, fmt.Sprintf("an identifier: %q", m))
	}
	for _, m := range dotted.FindAllString(text, -1) {
		if _, ok := load().messages[English][m]; ok {
			out = append(out, fmt.Sprintf("a catalogue id: %q", m))
		}
	}
	return out
}

// TestNoWordSlips fills every message of the catalogue, in every language
// and plural form (counts 1 and 2, every number placeholder with the same
// count), and fails on what would read as a slip to a player: a plural
// after 1 ("1 books", "1 livres") or a singular after 2, a bracket inside
// another ("(deadline X (in 3 hours))"), or an internal code: an unfilled
// placeholder, a catalogue id, a snake_case identifier.
func TestNoWordSlips(t *testing.T) {
	checked := 0
	for _, l := range Langs {
		singular := singularNouns(l)
		if len(singular) < 5 {
			t.Fatalf("%s: only %d nouns found after counts: the pattern no longer matches the catalogue", l, len(singular))
		}
		for _, id := range IDs(l) {
			for _, n := range []int{1, 2} {
				text := fill(l, id, n)
				checked++
				slips := wordSlips(l, text, n, singular)
				slices.Sort(slips)
				for _, s := range slices.Compact(slips) {
					t.Errorf("%s %s with %d: %s in %q", l, id, n, s, text)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no message was checked")
	}
}

// TestTheSlipFinderFindsSlips keeps the checks above honest: each slip
// they are meant to find, they find, and plain words pass.
func TestTheSlipFinderFindsSlips(t *testing.T) {
	singular := map[string]bool{"book": true, "livre": true}
	tests := []struct {
		l    Lang
		text string
		n    int
		want bool
	}{
		{English, "a block 1 books wide", 1, true},
		{French, "un bloc de 1 livres de large", 1, true},
		{English, "2 book side by side", 2, true},
		{English, "1 book, 2 books", 1, false},
		{English, "turn 1 of 10", 1, false},
		{French, "1 fois", 1, false},
		{English, "Waiting (deadline <t:1:f> (<t:1:R>))", 1, true},
		{English, "Waiting until <t:1:f> (<t:1:R>).", 1, false},
		{English, "that seat is no_such_seat", 1, true},
		{English, "see play.bench.help", 1, true},
		{English, "space II.2.3", 1, false},
		{English, "<no value> books", 2, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %q", tt.l, tt.text), func(t *testing.T) {
			got := wordSlips(tt.l, tt.text, tt.n, singular)
			if (len(got) > 0) != tt.want {
				t.Errorf("slips %v, want some: %v", got, tt.want)
			}
		})
	}
}
