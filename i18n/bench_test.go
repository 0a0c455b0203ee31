package i18n

import "testing"

// BenchmarkT words typical messages: one with placeholders, one with
// plural forms, one plain.
func BenchmarkT(b *testing.B) {
	for b.Loop() {
		_ = French.T("flow.remind.half.dm", "Channel", "<#123>", "Deadline", "<t:1:f>", "Command", "atheneum")
		_ = English.T("count.hours", "Count", 24)
		_ = French.T("play.internal")
	}
}

func TestAPlaceholderGivenTwiceTakesItsLastValue(t *testing.T) {
	got := English.T("cmd.other.game", "Command", "atheneum", "Game", "Anludim", "Command", "anludim")
	if want := "whose command is /anludim"; !contains(got, want) {
		t.Errorf("got %q, want it to say %q", got, want)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
