package render

import (
	"strings"
	"unicode/utf8"
)

// ShortName writes a name in at most width pixels in f, shortened legibly
// and never cut in the middle of a word: whole, or in f's condensed cut
// (Cond, same size), or its first words whole and the others as initials
// ("Bartholomew T. L."), or, when even its first word does not fit, that
// word's initial ("B."). It returns the text and the font to draw it in.
func ShortName(c *Canvas, name string, width float64, f FontSpec) (string, FontSpec) {
	cond := Cond(f.Size)
	for _, ff := range []FontSpec{f, cond} {
		if c.Measure(name, ff) <= width {
			return name, ff
		}
	}
	words := strings.Fields(name)
	for keep := len(words) - 1; keep >= 1; keep-- {
		parts := append([]string(nil), words[:keep]...)
		for _, w := range words[keep:] {
			parts = append(parts, initial(w))
		}
		s := strings.Join(parts, " ")
		if c.Measure(s, cond) <= width {
			return s, cond
		}
	}
	if len(words) == 0 {
		return "", cond
	}
	return initial(words[0]), cond
}

// initial is a word's first letter and a full stop.
func initial(w string) string {
	r, _ := utf8.DecodeRuneInString(w)
	return string(r) + "."
}
