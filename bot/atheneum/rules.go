package atheneum

import (
	"strings"

	"atheneum/i18n"
)

// rulesTopicKeys lists the topics of /atheneum rules in menu order, the
// overview first. Each topic has "rules.<key>.title" and "rules.<key>.text"
// in the catalogue, written in the project's own words and short enough for
// one message each.
var rulesTopicKeys = []string{"overview", "turn", "benefits", "shelving", "spiders", "tokens", "objectives", "scoring", "rulings", "help"}

// rulesTitle returns a topic's title in l.
func rulesTitle(l i18n.Lang, topic string) string { return l.T("rules." + topic + ".title") }

// rulesTextIn returns a topic in l, or, for an unknown or empty topic, the
// overview and the list of the other topics.
func rulesTextIn(l i18n.Lang, topic string) string {
	for _, k := range rulesTopicKeys {
		if k == topic {
			return l.T("rules." + k + ".text")
		}
	}
	titles := make([]string, 0, len(rulesTopicKeys)-1)
	for _, k := range rulesTopicKeys[1:] {
		titles = append(titles, rulesTitle(l, k))
	}
	return l.T("rules."+rulesTopicKeys[0]+".text") + "\n\n" + l.T("rules.more", "Topics", strings.Join(titles, ", "))
}
