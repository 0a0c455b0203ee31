package atheneum

import (
	"atheneum/bot/face"
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
	return face.RulesOrOverview(l, "atheneum", rulesTopicKeys, func(k string) string { return "rules." + k }, topic)
}
