package atheneum

import (
	"encoding/json"
	"fmt"
)

// Color is the colour of a book, which is also its subject. NoColor marks an
// empty space; AnyColor appears only in objective patterns and in benefits
// that let the player choose ("grey" books).
type Color uint8

// The five subjects, plus the two special values.
const (
	NoColor Color = iota
	Teal
	Purple
	Green
	Pink
	Black
	AnyColor
)

// Colors lists the five real book colours in their canonical order.
var Colors = [...]Color{Teal, Purple, Green, Pink, Black}

var colorLetters = [...]byte{'.', 'T', 'V', 'G', 'P', 'K', '#'}

var colorNames = [...]string{"none", "teal", "purple", "green", "pink", "black", "any"}

var subjectNames = [...]string{"", "Biographies & Memoirs", "Folklore & Fan Fiction", "Beastly Textbooks", "Paranormal Publications", "Rare Manuscripts", ""}

// Letter is the one-letter code used in the text notation: T teal, V purple
// (violet), G green, P pink, K black, '.' none and '#' any.
func (c Color) Letter() byte {
	if int(c) < len(colorLetters) {
		return colorLetters[c]
	}
	return '?'
}

// String returns the colour's English name.
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("color(%d)", uint8(c))
}

// Subject returns the subject shelved under this colour.
func (c Color) Subject() string {
	if int(c) < len(subjectNames) {
		return subjectNames[c]
	}
	return ""
}

// IsBook reports whether c is one of the five real book colours.
func (c Color) IsBook() bool { return c >= Teal && c <= Black }

// ColorFromLetter parses a notation letter (case-insensitive).
func ColorFromLetter(b byte) (Color, bool) {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	for i, l := range colorLetters {
		if l == b {
			return Color(i), true
		}
	}
	return NoColor, false
}

// ParseColor accepts a colour's letter or English name.
func ParseColor(s string) (Color, bool) {
	if len(s) == 1 {
		return ColorFromLetter(s[0])
	}
	for i, n := range colorNames {
		if n == s {
			return Color(i), true
		}
	}
	return NoColor, false
}

// MarshalJSON writes a colour as its letter, which keeps records readable.
func (c Color) MarshalJSON() ([]byte, error) {
	return json.Marshal(string(c.Letter()))
}

// UnmarshalJSON reads a colour letter or name.
func (c *Color) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	col, ok := ParseColor(s)
	if !ok {
		return fmt.Errorf("unknown colour %q", s)
	}
	*c = col
	return nil
}
