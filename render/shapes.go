package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// Shapes and sprites that every game's pictures may use.

// flats keeps the sprites OnParchment flattened.
var flats spriteCache

// onParchment returns a sprite flattened onto the parchment, once, so it
// can be copied rather than blended: blending six cards per hand cost
// more than drawing the rest.
func onParchment(key any, sprite func() *image.RGBA) *image.RGBA {
	return flats.get(struct {
		k   string
		key any
	}{"flat", key}, func() *image.RGBA {
		src := sprite()
		c := newSprite(src.Rect.Dx(), src.Rect.Dy(), colParchment)
		defer c.release()
		c.blitOver(src, pt(0, 0))
		return c.img
	})
}

// drawStar fills a five-pointed star.
func drawStar(c *canvas, cx, cy, r float64, col color.RGBA) {
	c.markF(cx-r, cy-r, cx+r, cy+r)
	dc := c.gg()
	for i := 0; i < 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		dc.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
	}
	dc.ClosePath()
	dc.SetColor(col)
	dc.Fill()
}

// drawMedal draws a rank: gold, silver and bronze discs for the first
// three, plain for the rest, always with the number.
func drawMedal(c *canvas, cx, cy float64, rank int) {
	col := colParchment
	switch rank {
	case 1:
		col = colGold
	case 2:
		col = colSilver
	case 3:
		col = colBronze
	}
	c.fillCircle(cx, cy, 20, colInk)
	c.fillCircle(cx, cy, 18, col)
	c.textMid(strconv.Itoa(rank), cx, cy, sans(20), colInk)
}

// dashed outlines r with a dashed line.
func dashed(c *canvas, r image.Rectangle, width float64, col color.RGBA) {
	dc := c.gg()
	dc.SetDash(7, 5)
	c.strokeRR(r, 5, width, col)
	dc.SetDash()
}
