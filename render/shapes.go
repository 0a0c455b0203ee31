package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// Shapes and sprites that every game's pictures may use.

// flats keeps the sprites OnParchment flattened.
var flats SpriteCache

// OnParchment returns a sprite flattened onto the parchment, once, so it
// can be copied rather than blended: blending six cards per hand cost
// more than drawing the rest. The key names the sprite among every game's:
// a value of a type of the caller's package cannot collide with another's.
func OnParchment(key any, sprite func() *Sprite) *Sprite {
	return flats.Get(struct {
		k   string
		key any
	}{"flat", key}, func() *image.RGBA {
		src := sprite()
		c := NewSprite(src.w, src.h, Parchment)
		defer c.Release()
		c.BlitOver(src, image.Pt(0, 0))
		return c.Img
	})
}

// DrawStar fills a five-pointed star of radius r centred on (cx, cy).
func DrawStar(c *Canvas, cx, cy, r float64, col color.RGBA) {
	c.MarkF(cx-r, cy-r, cx+r, cy+r)
	dc := c.GG()
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

// DrawMedal draws a rank centred on (cx, cy), 40 pixels across: gold, silver and bronze discs for the first
// three, plain for the rest, always with the number.
func DrawMedal(c *Canvas, cx, cy float64, rank int) {
	col := Parchment
	switch rank {
	case 1:
		col = Gold
	case 2:
		col = Silver
	case 3:
		col = Bronze
	}
	c.FillCircle(cx, cy, 20, Ink)
	c.FillCircle(cx, cy, 18, col)
	c.TextMid(strconv.Itoa(rank), cx, cy, Sans(20), Ink)
}

// Dashed outlines r with a dashed line: dashes of 7 pixels, gaps of 5, and
// corners of radius 5 (see DashedRR).
func Dashed(c *Canvas, r image.Rectangle, width float64, col color.RGBA) {
	DashedRR(c, r, 5, width, 7, 5, col)
}
