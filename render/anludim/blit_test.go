package anludim

import (
	"bytes"
	"image"
	"testing"

	"atheneum/render"
)

// TestPanelSpritesAreThePanelsDrawnInPlace: a seat's panel, and the
// professors' band, are copied from a sprite (panelSprite) where they
// were drawn in place, which gives the same bytes only if FillRR's and
// StrokeRR's anti-aliased corners come out the same wherever the panel
// is. This holds at every height and every place a table can have
// (checked once for all of them); the test checks every fifth place.
func TestPanelSpritesAreThePanelsDrawnInPlace(t *testing.T) {
	step, most := 5, 8
	if raceEnabled {
		step, most = 97, 2
	}
	heights := []int{tabProfH - 8} // the professors' band
	for lines := 0; lines <= most; lines++ {
		for _, items := range []int{0, seatItemsH} {
			heights = append(heights, 2*seatPad+seatHeadH+lines*comboLineH+items)
		}
	}
	for _, active := range []bool{false, true} {
		for _, h := range heights {
			s := panelSprite(h, active)
			want := render.NewSprite(innerW, h, render.Parchment)
			want.Blit(s, image.Point{})
			big := render.NewSprite(picW, maxH, render.Parchment)
			for y := 0; y+h <= maxH; y += step {
				r := image.Rect(render.Margin, y, render.Margin+innerW, y+h)
				big.Fill(r, render.Parchment)
				drawPanel(big, r, active)
				for row := 0; row < h; row++ {
					o := big.Img.PixOffset(r.Min.X, y+row)
					if !bytes.Equal(big.Img.Pix[o:o+4*innerW], want.Img.Pix[row*want.Img.Stride:row*want.Img.Stride+4*innerW]) {
						t.Fatalf("a panel %d pixels tall (active %v) drawn at y %d differs from its sprite in row %d", h, active, y, row)
					}
				}
			}
			want.Release()
			big.Release()
		}
	}
}

// TestGoldenPicturesAreTheSameBytesWithoutTheTileCheck: the bot draws
// with render.CheckTiles off, where a tile holding only sprites' indices
// has no pixels until it is marked; a drawing call that marks after
// drawing there loses what it drew, which the check, with the whole
// picture's pixels at hand, cannot see.
func TestGoldenPicturesAreTheSameBytesWithoutTheTileCheck(t *testing.T) {
	all := goldens()
	if raceEnabled {
		all = all[:4]
	}
	defer func(c bool) { render.CheckTiles = c }(render.CheckTiles)
	for _, gc := range all {
		// Without the check first: a picture recycled from the same
		// drawing would hide what a lost drawing call leaves out.
		render.CheckTiles = false
		b, err := gc.draw(t)
		if err != nil {
			t.Fatal(err)
		}
		render.CheckTiles = true
		a, err := gc.draw(t)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.PNG, b.PNG) {
			t.Errorf("%s: %d bytes with the tile check, %d without", gc.file, len(a.PNG), len(b.PNG))
		}
	}
}
