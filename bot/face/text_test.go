package face

import (
	"strings"
	"testing"
)

func TestClipCutsByCharacters(t *testing.T) {
	tests := []struct {
		name string
		in   string
		n    int
		want string
	}{
		{"short text is kept", "déjà", 4, "déjà"},
		{"accented text is cut between characters", "étagère", 4, "éta…"},
		{"emoji are not split", "📚📚📚📚", 3, "📚📚…"},
		{"zero leaves nothing", "abc", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Clip(tt.in, tt.n); got != tt.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

func TestEchoQuotesInputSafely(t *testing.T) {
	got := Echo("@everyone <@123> **bold** `code`\n" + strings.Repeat("x", 100))
	if strings.Contains(got, "@everyone") || strings.ContainsAny(got, "<>*`\n") {
		t.Errorf("echo kept something dangerous: %q", got)
	}
	if n := len([]rune(got)); n > maxEcho {
		t.Errorf("echo is %d characters, more than %d", n, maxEcho)
	}
}
