package face

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// Clip cuts s to at most n characters (Unicode code points, as Discord
// counts them), ending with "…" when it had to cut; it never splits a
// character.
func Clip(s string, n int) string {
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

// Echo quotes part of what a user typed back to them safely: control
// characters and Markdown that could change the message are dropped,
// mentions cannot ping, and it is cut to a short length.
func Echo(s string) string {
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
	return Clip(strings.TrimSpace(sb.String()), maxEcho)
}

// Stamp writes a moment as Discord shows it in each reader's time zone:
// the date and time, and how long from now.
func Stamp(t time.Time) string {
	return fmt.Sprintf("<t:%d:f> (<t:%d:R>)", t.Unix(), t.Unix())
}

// JoinAnd joins words as a list in l: "a, b and c".
func JoinAnd(l i18n.Lang, words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + l.T("list.and") + words[len(words)-1]
}

// Names are the seats' display names, by seat.
func Names(rec *store.Game) []string {
	n := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		n[i] = s.Name
	}
	return n
}

// NameFunc names a seat of the game ("?" for none).
func NameFunc(rec *store.Game) func(int) string {
	return func(i int) string {
		if i >= 0 && i < len(rec.Seats) {
			return rec.Seats[i].Name
		}
		return "?"
	}
}

// Mention writes a seat as a Discord mention (an AI by its name).
func Mention(rec *store.Game, seat int) string {
	if rec.Seats[seat].UserID == "" {
		return rec.Seats[seat].Name
	}
	return "<@" + rec.Seats[seat].UserID + ">"
}

// InteractionUser is whoever used the interaction, in a server or a
// direct message (an empty user when Discord sent neither).
func InteractionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

// ResultLines are a finished game's results, best first, each seat with
// its points by category: the catalogue words a category as
// "<game>.category.<category>", so a game's new category needs only its
// words.
func ResultLines(l i18n.Lang, rec *store.Game, results []engine.Result) string {
	ranked := slices.Clone(results)
	slices.SortStableFunc(ranked, func(a, b engine.Result) int { return a.Rank - b.Rank })
	lines := []string{l.T("play.scores.final.title")}
	for _, r := range ranked {
		rows := make([]string, len(r.Rows))
		for i, row := range r.Rows {
			rows[i] = l.T("play.scores.category", "Category", l.T(rec.Kind+".category."+row.Category), "Points", row.Points)
		}
		name := "?"
		if r.Seat >= 0 && r.Seat < len(rec.Seats) {
			name = rec.Seats[r.Seat].Name
		}
		lines = append(lines, l.T("play.scores.final.line", "Rank", r.Rank, "Name", name, "Total", r.Score, "Rows", strings.Join(rows, ", ")))
	}
	return strings.Join(lines, "\n") + "\n"
}
