package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitContent(t *testing.T) {
	long := strings.Repeat("é", 30)
	cases := []struct {
		name string
		in   string
		n    int
		want []string
	}{
		{"a short text stays whole", "a\nb", 10, []string{"a\nb"}},
		{"lines are kept together while they fit", "aaa\nbbb\nccc", 7, []string{"aaa\nbbb", "ccc"}},
		{"empty lines are kept", "aaa\n\nbbb\nccc", 8, []string{"aaa\n\nbbb", "ccc"}},
		{"a long line is split at its last space", "one two three four", 9, []string{"one two", "three", "four"}},
		{"a line without spaces is split at the limit", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"characters are counted, not bytes", long + "\n" + long, 40, []string{long, long}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := splitContent(c.in, c.n)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("splitContent(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
			}
			for _, p := range got {
				if utf8.RuneCountInString(p) > c.n {
					t.Errorf("part %q is longer than %d", p, c.n)
				}
			}
		})
	}
	t.Run("nothing is lost from a long post", func(t *testing.T) {
		var lines []string
		for i := range 300 {
			lines = append(lines, strings.Repeat("x", i%40)+" line")
		}
		text := strings.Join(lines, "\n")
		parts := splitContent(text, maxContent)
		if len(parts) < 2 {
			t.Fatalf("%d parts", len(parts))
		}
		if strings.Join(parts, "\n") != text {
			t.Error("the parts joined do not give back the text")
		}
	})
}
