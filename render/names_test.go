package render

import (
	"strings"
	"testing"

	"atheneum/i18n"
)

func TestANameIsShortenedLegiblyNeverCutInAWord(t *testing.T) {
	c := NewSprite(10, 10, Parchment)
	c.Lang = i18n.English
	f := Sans(16)
	tests := []struct {
		name, full string
		width      float64
		want       string
	}{
		{"a name that fits is whole", "Ada", 200, "Ada"},
		{"the last words become initials", "Bartholomew the Long-Named", c.Measure("Bartholomew t. L.", Cond(16)) + 1, "Bartholomew t. L."},
		{"a single long word becomes its initial", "Bartholomew", c.Measure("Bart", Cond(16)), "B."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ff := ShortName(c, tt.full, tt.width, f)
			if got != tt.want {
				t.Errorf("ShortName(%q, %.0f) = %q, want %q", tt.full, tt.width, got, tt.want)
			}
			if c.Measure(got, ff) > tt.width && tt.want != "B." {
				t.Errorf("%q is %.0f wide, more than %.0f", got, c.Measure(got, ff), tt.width)
			}
			if strings.Contains(got, "…") {
				t.Errorf("%q is cut", got)
			}
		})
	}
}
