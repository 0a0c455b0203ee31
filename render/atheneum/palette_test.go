package atheneum

import (
	"math"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/render/rendertest"
)

func TestPalette(t *testing.T) {
	t.Run("the palette has at most 256 colours", func(t *testing.T) {
		if n := len(palette.Colors()); n > 256 {
			t.Errorf("%d colours", n)
		}
	})
	t.Run("every design colour maps back to itself", func(t *testing.T) {
		for _, c := range exactColors() {
			if got := palette.Nearest(c); got != c {
				t.Errorf("%v maps to %v: two design colours share a cell of the table", c, got)
			}
		}
	})
}

// The subject colours must stay apart for people with the common
// colour-vision deficiencies (see rendertest.Deficiencies).
func TestSubjectColoursStayApart(t *testing.T) {
	for _, d := range rendertest.Deficiencies {
		t.Run("the five subjects are distinct with "+d.Name, func(t *testing.T) {
			for i, a := range atheneum.Colors {
				for _, b := range atheneum.Colors[i+1:] {
					if dist := rendertest.Distance(colorOf(a), colorOf(b), d); dist < 20 {
						t.Errorf("%v and %v are only %.1f apart", a, b, dist)
					}
				}
			}
		})
	}
	t.Run("the five subjects differ in lightness alone", func(t *testing.T) {
		for i, a := range atheneum.Colors {
			for _, b := range atheneum.Colors[i+1:] {
				if d := math.Abs(rendertest.Lightness(colorOf(a)) - rendertest.Lightness(colorOf(b))); d < 8 {
					t.Errorf("%v and %v differ by %.1f in L*", a, b, d)
				}
			}
		}
	})
}
