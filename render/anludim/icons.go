package anludim

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// Pieces drawn once and kept in sprites: cards and their backs, the
// readings of combinations, magic items, crests and professors' pawns.
// Each sprite's key is a type of this package, so no other game's can
// equal it.

// endFonts are the value's font and the letter disc's radius and font for
// a card w pixels wide.
func endFonts(w int) (value render.FontSpec, r float64, letter render.FontSpec) {
	switch {
	case w >= 84:
		return render.Sans(34), 12, render.Sans(17)
	case w >= 62:
		return render.Sans(26), 10.5, letterFont
	}
	return render.Sans(20), 9.5, letterFont
}

// flatten composites a sprite's picture, drawn on a transparent ground,
// over the flat colour bg (none when bg is transparent), in place, as Canvas.BlitOver would over a
// picture of that colour (to the same bytes): such a sprite is opaque, so
// a picture copies it with Canvas.Blit, which copies the palette indices
// of its tiles, mapped once, instead of blending every pixel and mapping
// the result every time. The canvas keeps the record of the text drawn.
func flatten(c *render.Canvas, bg color.RGBA) {
	if bg.A == 0 {
		return // left transparent, to be blended
	}
	img := c.Img
	out := image.NewRGBA(img.Rect)
	draw.Draw(out, out.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	draw.Draw(out, out.Rect, img, img.Rect.Min, draw.Over)
	copy(img.Pix, out.Pix)
}

// cardSprite is apprentice card id, w×h pixels on the flat colour bg (see
// flatten), showing both of its ends: the first reading in the top half,
// the second in the bottom half, each as its colour with its value and
// its colour's letter in a corner (top left, and bottom right as on a
// card turned round), both upright so that a 6 never reads as a 9.
func cardSprite(id, w, h int, l i18n.Lang, bg color.RGBA) *render.Sprite {
	type key struct {
		id, w, h int
		l        i18n.Lang
		bg       color.RGBA
	}
	return sprites.Get(key{id, w, h, l, bg}, func() *image.RGBA {
		c := render.NewSprite(w, h, color.RGBA{})
		c.Lang = l
		defer c.Release()
		defer flatten(c, bg)
		card, _ := anludim.Card(id)
		rad := max(5, float64(w)/10)
		r := image.Rect(0, 0, w, h)
		c.FillRR(r, rad, render.FrameBrown)
		c.FillRR(r.Inset(2), rad-2, colCardFace)
		mid := h / 2
		drawEnd(c, image.Rect(4, 4, w-4, mid-1), card.First, false)
		drawEnd(c, image.Rect(4, mid+1, w-4, h-4), card.Second, true)
		return c.Img
	})
}

// drawEnd draws one reading filling r: its colour, its value in the middle
// and its colour's letter in a corner (the bottom right when flipped).
func drawEnd(c *render.Canvas, r image.Rectangle, rd anludim.Reading, flipped bool) {
	vf, lr, lf := endFonts(r.Dx() + 8)
	col := rd.Colour
	c.FillRR(r, 5, colourEdge[col])
	c.FillRR(r.Inset(2), 4, colourFill[col])
	cx, cy := render.Mid(r)
	lx, ly := float64(r.Min.X)+lr+3, float64(r.Min.Y)+lr+3
	if flipped {
		lx, ly = float64(r.Max.X)-lr-3, float64(r.Max.Y)-lr-3
	}
	// On a narrow end the value is centred in the room beside the letter.
	if float64(r.Dx()) < 2*c.Measure("13", vf)+4*lr {
		if flipped {
			cx = (float64(r.Min.X) + lx - lr) / 2
		} else {
			cx = (lx + lr + float64(r.Max.X)) / 2
		}
	}
	c.TextMid(strconv.Itoa(rd.Value), cx, cy, vf, colourInk(col))
	c.FillCircle(lx, ly, lr, colCardFace)
	c.TextMid(colourLetter(c.Lang, col), lx, ly, lf, render.Ink)
}

// backSprite is the back of an apprentice card, w×h pixels on the flat
// colour bg (see flatten).
func backSprite(w, h int, bg color.RGBA) *render.Sprite {
	type key struct {
		w, h int
		bg   color.RGBA
	}
	return sprites.Get(key{w, h, bg}, func() *image.RGBA {
		c := render.NewSprite(w, h, color.RGBA{})
		defer c.Release()
		defer flatten(c, bg)
		rad := max(5, float64(w)/10)
		r := image.Rect(0, 0, w, h)
		c.FillRR(r, rad, render.FrameBrown)
		c.FillRR(r.Inset(2), rad-2, colCardBack)
		c.StrokeRR(r.Inset(5), rad-4, 2, render.Brass)
		cx, cy := render.Mid(r)
		s := float64(min(w, h)) / 4
		render.DrawStar(c, cx, cy, s, render.Brass)
		c.FillCircle(cx, cy, s*0.3, colCardBack)
		return c.Img
	})
}

// Readings in a combination are small cards showing only the end they are
// read on: the value above the colour's letter.
const (
	tokenW   = 28
	tokenH   = 38
	tokenGap = 3
)

// tokenSprite is one reading of a combination, on bg (see flatten).
func tokenSprite(rd anludim.Reading, l i18n.Lang, bg color.RGBA) *render.Sprite {
	type key struct {
		rd anludim.Reading
		l  i18n.Lang
		bg color.RGBA
	}
	return sprites.Get(key{rd, l, bg}, func() *image.RGBA {
		c := render.NewSprite(tokenW, tokenH, color.RGBA{})
		c.Lang = l
		defer c.Release()
		defer flatten(c, bg)
		col := rd.Colour
		r := image.Rect(0, 0, tokenW, tokenH)
		c.FillRR(r, 5, colourEdge[col])
		c.FillRR(r.Inset(2), 4, colourFill[col])
		ink := colourInk(col)
		c.TextMid(strconv.Itoa(rd.Value), tokenW/2, 12, render.Sans(17), ink)
		c.TextMid(colourLetter(l, col), tokenW/2, 28.5, render.Cond(16), ink)
		return c.Img
	})
}

// itemSize is an item icon's size on the table and the items picture.
const itemSize = 28

// itemSprite is a magic item of kind k (or a parchment) with its value, s
// pixels square on bg (see flatten); value 0 draws it without one. Each
// kind has its own shape: a round flask, a star, a doll, an amulet on its
// cord, a chest, a scroll.
func itemSprite(k anludim.ItemKind, value, s int, bg color.RGBA) *render.Sprite {
	type key struct {
		k, v, s int
		bg      color.RGBA
	}
	return sprites.Get(key{int(k), value, s, bg}, func() *image.RGBA {
		c := render.NewSprite(s, s, color.RGBA{})
		defer c.Release()
		defer flatten(c, bg)
		f := float64(s)
		dc := c.GG()
		ink := render.Ink
		cx, cy := f/2, f/2 // where the value goes
		outline := func(fill color.RGBA) {
			dc.SetColor(fill)
			dc.FillPreserve()
			dc.SetColor(ink)
			dc.SetLineWidth(1.6)
			dc.Stroke()
		}
		switch k {
		case anludim.Vial:
			dc.DrawRectangle(f*0.38, f*0.04, f*0.24, f*0.34)
			outline(colGlass)
			dc.DrawCircle(f/2, f*0.62, f*0.34)
			outline(colGlass)
			cy = f * 0.63
		case anludim.Star:
			render.DrawStar(c, f/2, f*0.53, f*0.5, render.BrassDark)
			render.DrawStar(c, f/2, f*0.53, f*0.42, render.Gold)
			cy = f * 0.55
		case anludim.Doll:
			// Arms out, behind a round body, under a head.
			dc.DrawRoundedRectangle(f*0.04, f*0.4, f*0.92, f*0.16, f*0.08)
			outline(colCloth)
			dc.DrawCircle(f/2, f*0.2, f*0.17)
			outline(colCloth)
			dc.DrawRoundedRectangle(f*0.22, f*0.36, f*0.56, f*0.6, f*0.14)
			outline(colCloth)
			cy = f * 0.67
		case anludim.Talisman:
			dc.DrawCircle(f/2, f*0.14, f*0.1)
			dc.SetColor(ink)
			dc.SetLineWidth(1.6)
			dc.Stroke()
			dc.DrawCircle(f/2, f*0.6, f*0.36)
			outline(render.Bronze)
			cy = f * 0.61
		case anludim.Chest:
			dc.DrawRoundedRectangle(f*0.06, f*0.16, f*0.88, f*0.28, f*0.12)
			outline(colGlass)
			dc.DrawRectangle(f*0.06, f*0.4, f*0.88, f*0.54)
			outline(colGlass)
			cy = f * 0.68
		default: // a parchment: a scroll with its two rolled ends
			dc.DrawRectangle(f*0.16, f*0.18, f*0.68, f*0.64)
			outline(colScroll)
			for _, x := range []float64{f * 0.16, f * 0.84} {
				dc.DrawEllipse(x, f/2, f*0.1, f*0.36)
				outline(colScroll)
			}
			dc.SetColor(render.InkSoft)
			dc.SetLineWidth(1.2)
			for _, y := range []float64{0.38, 0.5, 0.62} {
				dc.DrawLine(f*0.32, f*y, f*0.68, f*y)
				dc.Stroke()
			}
		}
		if value > 0 {
			vf := letterFont
			if s >= 32 {
				vf = render.Sans(18)
			}
			c.TextMid(strconv.Itoa(value), cx, cy, vf, ink)
		}
		return c.Img
	})
}

// Crests are shields, silver or gold, with the seat's rounds won on them.
const (
	crestW = 26
	crestH = 30
)

// crestSprite is a seat's crest: gold once it has won a round, silver
// before, with its rounds won written on it.
func crestSprite(gold bool, wins int) *render.Sprite {
	type key struct {
		gold bool
		wins int
	}
	return sprites.Get(key{gold, wins}, func() *image.RGBA {
		c := render.NewSprite(crestW, crestH, color.RGBA{})
		defer c.Release()
		dc := c.GG()
		shield := func(in float64) {
			w, h := float64(crestW), float64(crestH)
			dc.MoveTo(in, in)
			dc.LineTo(w-in, in)
			dc.LineTo(w-in, h*0.45)
			dc.QuadraticTo(w-in, h*0.78, w/2, h-in)
			dc.QuadraticTo(in, h*0.78, in, h*0.45)
			dc.ClosePath()
		}
		shield(0.5)
		dc.SetColor(render.FrameBrown)
		dc.Fill()
		fill := render.Silver
		if gold {
			fill = render.Gold
		}
		shield(2.5)
		dc.SetColor(fill)
		dc.Fill()
		c.TextMid(strconv.Itoa(wins), crestW/2, crestH*0.42, render.Sans(16), render.Ink)
		return c.Img
	})
}

// pawnR is a professor's badge's radius.
const pawnR = 15

// pawnSprite is a professor's badge: the start of its name on a solid disc
// where its pawn stands, on a ring where it was played for but the pawn has
// gone (or, on the board, where the pawn is missing); on bg (see
// flatten).
func pawnSprite(p anludim.Professor, here bool, l i18n.Lang, bg color.RGBA) *render.Sprite {
	type key struct {
		p    anludim.Professor
		here bool
		l    i18n.Lang
		bg   color.RGBA
	}
	return sprites.Get(key{p, here, l, bg}, func() *image.RGBA {
		d := 2 * pawnR
		c := render.NewSprite(d, d, color.RGBA{})
		c.Lang = l
		defer c.Release()
		defer flatten(c, bg)
		r := float64(pawnR)
		ink := render.Ink
		if here {
			c.FillCircle(r, r, r, colPawn)
			ink = render.White
		} else {
			c.FillCircle(r, r, r, colPawn)
			c.FillCircle(r, r, r-2.5, colPawnLight)
		}
		c.TextMid(profAbbr(l, p), r, r, letterFont, ink)
		return c.Img
	})
}

// handIcon is a small fan of two card backs, for a hand's size, on bg
// (see flatten).
func handIcon(bg color.RGBA) *render.Sprite {
	type key struct{ bg color.RGBA }
	return sprites.Get(key{bg}, func() *image.RGBA {
		c := render.NewSprite(24, 26, color.RGBA{})
		defer c.Release()
		defer flatten(c, bg)
		for i, x := range []int{0, 8} {
			r := image.Rect(x, 4-i*4, x+16, 26-i*4)
			c.FillRR(r, 3, render.FrameBrown)
			c.FillRR(r.Inset(2), 2, colCardBack)
		}
		return c.Img
	})
}

// panelSprite is a rounded panel on the parchment, innerW×h pixels, as
// Canvas.FillRR draws it (radius 10), outlined in gold for the seat the
// game waits for: a seat's panel on the table, mostly flat, which a
// picture copies and whose untouched tiles it then need not map onto the
// palette. FillRR's anti-aliased corners come out the same at every place
// (TestPanelSpritesAreThePanelsDrawnInPlace).
func panelSprite(h int, active bool) *render.Sprite {
	type key struct {
		h      int
		active bool
	}
	return sprites.Get(key{h, active}, func() *image.RGBA {
		c := render.NewSprite(innerW, h, render.Parchment)
		defer c.Release()
		drawPanel(c, image.Rect(0, 0, innerW, h), active)
		return c.Img
	})
}

// drawPanel draws a panel filling r.
func drawPanel(c *render.Canvas, r image.Rectangle, active bool) {
	c.FillRR(r, 10, render.ParchmentDark)
	if active {
		c.StrokeRR(r, 10, 3, render.Gold)
	}
}
