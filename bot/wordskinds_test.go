package bot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/i18n"
)

// Discord's limits on what a message shows, counted in characters.
const (
	limitContent     = 2000
	limitEmbed       = 4096
	limitLabel       = 80  // a button's label
	limitOption      = 100 // a menu option's label or description
	limitPlaceholder = 150 // a menu's placeholder
)

// checkMessageLimits fails on any version of m that Discord would refuse
// for its length.
func checkMessageLimits(t *testing.T, where string, m discordtest.Message) {
	t.Helper()
	over := func(what, text string, limit int) {
		if n := utf8.RuneCountInString(text); n > limit {
			t.Errorf("%s: %s of %d characters, more than %d: %q", where, what, n, limit, text)
		}
	}
	for _, v := range append(slices.Clone(m.Revisions), m) {
		over("content", v.Content, limitContent)
		for _, e := range v.Embeds {
			over("embed", e.Description, limitEmbed)
		}
		var walk func([]discordtest.Component)
		walk = func(cs []discordtest.Component) {
			for _, c := range cs {
				over("button label", c.Label, limitLabel)
				over("menu placeholder", c.Placeholder, limitPlaceholder)
				for _, o := range c.Options {
					over("menu option", o.Label, limitOption)
					over("menu option's description", o.Description, limitOption)
				}
				walk(c.Components)
			}
		}
		walk(v.Components)
	}
}

// everyMessage is every message the members of h saw: the channel's, their
// direct messages and every answer to their interactions.
func everyMessage(h *harness) map[string][]discordtest.Message {
	out := map[string][]discordtest.Message{"channel": h.Srv.Messages(h.world.Channel.ID)}
	for _, u := range h.world.Users {
		out["DM to "+u.Username] = h.Srv.DMMessages(u.ID)
	}
	for _, in := range h.Srv.Interactions() {
		out["answer"] = append(out["answer"], in.Responses()...)
	}
	return out
}

// kindsSeen are the catalogue's messages under prefixes that texts show
// (by each message's stem, the longest part no placeholder interrupts,
// when it is long enough to tell).
func kindsSeen(l i18n.Lang, texts []seenText, prefixes ...string) (seen, all []string) {
	var joined strings.Builder
	for _, s := range texts {
		joined.WriteString(s.text)
		joined.WriteByte('\n')
	}
	text := joined.String()
	for _, id := range i18n.IDs(l) {
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(id, p) }) {
			continue
		}
		st := strings.TrimSpace(stem(l, id))
		if utf8.RuneCountInString(st) < 12 {
			continue // too short to tell where it shows
		}
		all = append(all, id)
		if strings.Contains(text, st) {
			seen = append(seen, id)
		}
	}
	return seen, all
}

// checkEveryMessageKind reads every version of every message the members
// of h saw in a whole game in l: nothing is empty or shows a placeholder
// or a missing message, nothing passes Discord's limits, and the kinds of
// message under prefixes seen are counted (go test -v lists them). The
// whole games of each game in each language end with it
// (TestFullGameThroughDiscord, TestAWholeGameInFrench,
// TestAnludimInEnglishThroughDiscord, TestAnludimInFrenchThroughDiscord),
// a member with closed direct messages among their players. With
// ATHENEUM_WORDS_DIR set, the transcripts land there, one folder per game
// and language (name), for a person to read.
func checkEveryMessageKind(t *testing.T, h *harness, l i18n.Lang, name string, prefixes ...string) {
	t.Helper()
	for where, ms := range everyMessage(h) {
		for _, m := range ms {
			checkMessageLimits(t, where, m)
		}
	}
	texts := seenByEveryone(h)
	for _, s := range texts {
		if strings.TrimSpace(s.text) == "" || strings.Contains(s.text, "<no value>") || strings.Contains(s.text, "{{") ||
			strings.Contains(s.text, "%!") || missingMessage.MatchString(s.text) {
			t.Errorf("%s: %q", s.where, s.text)
		}
	}
	seen, all := kindsSeen(l, texts, prefixes...)
	t.Logf("%s: %d texts, %d of the %d messages under %v seen", name, len(texts), len(seen), len(all), prefixes)
	if len(seen) == 0 {
		t.Errorf("%s: no message of %v recognised", name, prefixes)
	}
	if dir := os.Getenv("ATHENEUM_WORDS_DIR"); dir != "" {
		if err := drive.WriteTranscriptWithEdits(h.Srv, h.world.Channel.ID, h.world.Users, filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
}

// checkAtheneumWords asks for the log as a member would, then reads every
// message of the game, in l (see checkEveryMessageKind).
func checkAtheneumWords(t *testing.T, h *harness, l i18n.Lang, member string) {
	t.Helper()
	h.slash(h.user(member), "log")
	checkEveryMessageKind(t, h, l, "atheneum-"+string(l), "play.", "atheneum.", "flow.", "lobby.")
}

// checkAnludimWords is checkAtheneumWords for Anludim's game g.
func checkAnludimWords(t *testing.T, g *anludimGame, l i18n.Lang) {
	t.Helper()
	g.slash(g.h.user("ana"), "anludim", "log")
	checkEveryMessageKind(t, g.h, l, "anludim-"+string(l), "anludim.", "face.", "flow.", "lobby.")
}
