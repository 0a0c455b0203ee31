package anludim

import (
	"math"
	"strings"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render/rendertest"
)

func TestPalette(t *testing.T) { rendertest.CheckPalette(t, palette, exactColors()) }

// The apprentice colours must stay apart for people with the common
// colour-vision deficiencies (see rendertest.Deficiencies), and in
// greyscale; their letters say them anyway.
func TestApprenticeColoursStayApart(t *testing.T) {
	for _, d := range rendertest.Deficiencies {
		t.Run("the five colours are distinct with "+d.Name, func(t *testing.T) {
			for a := range anludim.NumColours {
				for b := a + 1; b < anludim.NumColours; b++ {
					if dist := rendertest.Distance(colourFill[a], colourFill[b], d); dist < 20 {
						t.Errorf("%s and %s are only %.1f apart", anludim.ColourNames(anludim.Colour(a)).ID, anludim.ColourNames(anludim.Colour(b)).ID, dist)
					}
				}
			}
		})
	}
	t.Run("the five colours differ in lightness alone", func(t *testing.T) {
		for a := range anludim.NumColours {
			for b := a + 1; b < anludim.NumColours; b++ {
				if d := math.Abs(rendertest.Lightness(colourFill[a]) - rendertest.Lightness(colourFill[b])); d < 8 {
					t.Errorf("%d and %d differ by %.1f in L*", a, b, d)
				}
			}
		}
	})
}

// TestEveryColourHasItsOwnLetter: in each language the five colours'
// letters differ and each is a letter of the colour's name, and the
// professors' badges differ and each starts its professor's name, so that
// a letter or a badge reads as what it stands for.
func TestEveryColourHasItsOwnLetter(t *testing.T) {
	for _, l := range i18n.Langs {
		seen := map[string]bool{}
		for c := anludim.Colour(0); c < anludim.NumColours; c++ {
			letter, name := colourLetter(l, c), strings.ToUpper(colourName(l, c))
			if seen[letter] || len([]rune(letter)) != 1 || !strings.Contains(name, letter) {
				t.Errorf("%s: the letter of %s is %q", l, name, letter)
			}
			seen[letter] = true
		}
		seen = map[string]bool{}
		for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
			abbr, name := profAbbr(l, p), profName(l, p)
			if seen[abbr] || !strings.HasPrefix(name, abbr) {
				t.Errorf("%s: the badge of %s is %q", l, name, abbr)
			}
			seen[abbr] = true
		}
	}
}
