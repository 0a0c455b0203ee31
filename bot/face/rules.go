package face

import (
	"slices"
	"strings"

	"atheneum/i18n"
)

// RulesOrOverview answers /<command> rules: the text of topic, or, for an
// empty or unknown topic, the first topic (the overview) followed by the
// titles of the others and how to ask for one, so that the answer is
// never empty. key names a topic's catalogue prefix ("rules.turn",
// "anludim.rules.turn"), which holds its ".title" and ".text".
func RulesOrOverview(l i18n.Lang, command string, topics []string, key func(topic string) string, topic string) string {
	if len(topics) == 0 {
		return l.T("rules.none", "Command", command)
	}
	if slices.Contains(topics, topic) {
		return l.T(key(topic) + ".text")
	}
	titles := make([]string, 0, len(topics)-1)
	for _, k := range topics[1:] {
		titles = append(titles, l.T(key(k)+".title"))
	}
	text := l.T(key(topics[0]) + ".text")
	if len(titles) == 0 {
		return text
	}
	return text + "\n\n" + l.T("rules.more", "Command", command, "Topics", strings.Join(titles, ", "))
}
