// Package fonts embeds the TrueType fonts used by the pictures, so that a
// binary draws the same glyphs on every machine. The files come with their
// licences (LICENSE-*.txt beside them): DejaVu (Bitstream Vera licence) and
// EB Garamond (SIL Open Font License 1.1).
//
// A parsed *truetype.Font is read-only and safe to share between goroutines;
// the faces made from it are not, so each user makes its own with NewFace.
package fonts

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
)

// Font names one of the embedded fonts.
type Font int

// The embedded fonts.
const (
	// Sans is DejaVu Sans Bold: names, numbers and labels. Bold strokes
	// stay legible when a phone shrinks the picture.
	Sans Font = iota
	// Condensed is DejaVu Sans Condensed Bold: coordinates and codes that
	// must fit inside one shelf space.
	Condensed
	// Title is EB Garamond (regular: the bold cut of EB Garamond 12 has
	// no accented letters, which French titles need): headings only, for
	// the library look. It covers Latin letters and digits, not every
	// script, so player names use Sans.
	Title
	numFonts
)

var (
	//go:embed DejaVuSans-Bold.ttf
	sansTTF []byte
	//go:embed DejaVuSansCondensed-Bold.ttf
	condensedTTF []byte
	//go:embed EBGaramond12-Regular.ttf
	titleTTF []byte

	files = [numFonts][]byte{sansTTF, condensedTTF, titleTTF}
	names = [numFonts]string{"DejaVu Sans Bold", "DejaVu Sans Condensed Bold", "EB Garamond"}

	// Parsing costs a few milliseconds per font, so it happens once.
	once   sync.Once
	parsed [numFonts]*truetype.Font
	errs   [numFonts]error
)

// String returns the font's family and style.
func (f Font) String() string {
	if f < 0 || f >= numFonts {
		return fmt.Sprintf("font(%d)", int(f))
	}
	return names[f]
}

func parseAll() {
	for i, b := range files {
		parsed[i], errs[i] = truetype.Parse(b)
		if errs[i] != nil {
			errs[i] = fmt.Errorf("fonts: parse %s: %w", names[i], errs[i])
		}
	}
}

// Parsed returns the font, parsed on first use and shared afterwards.
func Parsed(f Font) (*truetype.Font, error) {
	if f < 0 || f >= numFonts {
		return nil, fmt.Errorf("fonts: no font %d", int(f))
	}
	once.Do(parseAll)
	return parsed[f], errs[f]
}

// NewFace returns a new face of the font at size pixels (at 72 dpi, so
// points are pixels). Hinting is off: it costs time and changes nothing
// visible at these sizes. The face caches glyphs and must not be used by
// two goroutines at once.
func NewFace(f Font, size float64) (font.Face, error) {
	tf, err := Parsed(f)
	if err != nil {
		return nil, err
	}
	return truetype.NewFace(tf, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone}), nil
}

// Has reports whether the font draws rune r (rather than a missing-glyph box).
func Has(f Font, r rune) bool {
	tf, err := Parsed(f)
	return err == nil && tf.Index(r) != 0
}
