package exlibris

import (
	"math"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/render/rendertest"
)

func TestPalette(t *testing.T) { rendertest.CheckPalette(t, palette, exactColors()) }

// The categories' colours stay apart in normal vision and differ in
// lightness; for the common colour-vision deficiencies each category has
// its own shape anyway (a square, a disc, two triangles, a diamond, a
// cross), so the test only asks that no two colours fall together there.
func TestCategoryColoursStayApart(t *testing.T) {
	for _, d := range rendertest.Deficiencies {
		least := 8.0
		if d.Name == "normal vision" {
			least = 20
		}
		t.Run("the six categories' colours are distinct with "+d.Name, func(t *testing.T) {
			for a := range exlibris.NumCategories {
				for b := a + 1; b < exlibris.NumCategories; b++ {
					if dist := rendertest.Distance(catFill[a], catFill[b], d); dist < least {
						t.Errorf("%s and %s are only %.1f apart", exlibris.Category(a).ID(), exlibris.Category(b).ID(), dist)
					}
				}
			}
		})
	}
	t.Run("the seats' colours are distinct in every vision", func(t *testing.T) {
		for _, d := range rendertest.Deficiencies {
			for a := range exlibris.MaxSeats {
				for b := a + 1; b < exlibris.MaxSeats; b++ {
					if dist := rendertest.Distance(seatFill[a], seatFill[b], d); dist < 12 {
						t.Errorf("%s: seats %d and %d are only %.1f apart", d.Name, a+1, b+1, dist)
					}
				}
			}
		}
	})
	t.Run("the categories' colours differ in lightness from the card they are drawn on", func(t *testing.T) {
		for k := range exlibris.NumCategories {
			if d := math.Abs(rendertest.Lightness(catFill[k]) - rendertest.Lightness(colCard)); d < 15 {
				t.Errorf("%s differs from the card by %.1f in L*", exlibris.Category(k).ID(), d)
			}
		}
	})
}
