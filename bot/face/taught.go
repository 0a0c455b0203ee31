package face

import (
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// taughtHints remembers which hint each message pressed last taught (by
// the message's id), so that the version that replaces it
// does not teach the same hint again: a message edited press after press
// tells each hint where it changes, not on every edit (one player's
// message once went through 101 versions, each repeating a paragraph).
// It is bounded: past taughtMax messages, the oldest-looking are
// forgotten (map order), and a forgotten message, like one pressed in
// another process or before a restart, just teaches its hint once more.
type taughtHints struct {
	mu sync.Mutex
	m  map[string]string
}

const taughtMax = 4096

// taughtKey names the message pressed in interaction i ("" when the
// interaction has none: a command's answer is a new message).
func taughtKey(i *discordgo.Interaction) string {
	if i == nil || i.Message == nil {
		return ""
	}
	return i.Message.ID
}

// taught reports whether the message pressed in interaction i taught
// hint: as remembered, or, for a message not remembered (the first
// version, sent before its id was known), as its words say.
func (t *taughtHints) taught(i *discordgo.Interaction, hint string) bool {
	key := taughtKey(i)
	if key == "" {
		return false
	}
	t.mu.Lock()
	was, ok := t.m[key]
	t.mu.Unlock()
	if ok {
		return was == hint
	}
	return strings.Contains(i.Message.Content, hint)
}

// set remembers that the message named key now teaches hint.
func (t *taughtHints) set(key, hint string) {
	if key == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]string{}
	}
	if len(t.m) >= taughtMax {
		for k := range t.m {
			delete(t.m, k)
			if len(t.m) < taughtMax/2 {
				break
			}
		}
	}
	t.m[key] = hint
}
