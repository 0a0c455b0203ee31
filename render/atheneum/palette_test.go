package atheneum

import (
	"math"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/render/rendertest"
)

func TestPalette(t *testing.T) { rendertest.CheckPalette(t, palette, exactColors()) }

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
