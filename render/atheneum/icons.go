package atheneum

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// Icons are drawn once per size with gg and kept in the sprite cache.

// bookEdge outlines a book; black books get a grey edge so they stand out
// from the dark back of the shelf.
func bookEdge(c atheneum.Color) color.RGBA {
	if c == atheneum.Black {
		return render.RGB(0x6E6E6E)
	}
	return darkOf(c)
}

// drawBookBody draws a book spine filling r: body, edge, decorative bands
// and, for a book of any colour, a stripe of the five subject colours.
func drawBookBody(c *render.Canvas, r image.Rectangle, col atheneum.Color) {
	rad := math.Max(2, float64(r.Dx())/10)
	c.FillRR(r, rad, bookEdge(col))
	c.FillRR(r.Inset(2), rad-1, colorOf(col))
	band := max(2, r.Dy()/22)
	top := r.Min.Y + r.Dy()/9
	c.Fill(image.Rect(r.Min.X+2, top, r.Max.X-2, top+band), darkOf(col))
	if col == atheneum.AnyColor {
		// Five thin bands say "any subject" without relying on one hue.
		h := max(2, r.Dy()/16)
		y := r.Min.Y + r.Dy()/2 - 5*h/2
		for i, s := range atheneum.Colors {
			c.Fill(image.Rect(r.Min.X+2, y+i*h, r.Max.X-2, y+(i+1)*h), colorOf(s))
		}
	}
}

// bookSprite is one book standing in a space of style st, on the shelf's
// dark back, with its letter and (full size) a blank call-number label.
func bookSprite(st *shelfStyle, col atheneum.Color, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k   string
		st  *shelfStyle
		col atheneum.Color
		l   i18n.Lang
	}{"book", st, col, l}, func() *image.RGBA {
		c := render.NewSprite(st.cw, st.ch, colInterior)
		c.Lang = l
		defer c.Release()
		drawBookInSpace(c, image.Rect(0, 0, st.cw, st.ch), st, col)
		return c.Img
	})
}

// bookRect is the part of space r a book covers.
func bookRect(st *shelfStyle, r image.Rectangle) image.Rectangle {
	return image.Rect(r.Min.X+st.bookInset, r.Min.Y+st.bookTop, r.Max.X-st.bookInset, r.Max.Y)
}

// labelRect is the call-number label on a book in space r.
func labelRect(st *shelfStyle, r image.Rectangle) image.Rectangle {
	b := bookRect(st, r)
	return image.Rect(b.Min.X+2, b.Max.Y-st.labelH-4, b.Max.X-2, b.Max.Y-4)
}

func drawBookInSpace(c *render.Canvas, r image.Rectangle, st *shelfStyle, col atheneum.Color) {
	b := bookRect(st, r)
	drawBookBody(c, b, col)
	cx := float64(b.Min.X+b.Max.X) / 2
	if st.codes {
		c.FillRR(labelRect(st, r), 3, colLabel)
		c.TextMid(letter(c.Lang, col), cx, float64(b.Min.Y)+float64(b.Dy()-st.labelH)*0.45, st.letter, bookInk(col))
	} else {
		c.TextMid(letter(c.Lang, col), cx, float64(b.Min.Y+b.Max.Y)/2+1, st.letter, bookInk(col))
	}
}

// pairSprite is a paired set lying across two spaces: two books held by a
// brass strap, so it reads as one piece.
func pairSprite(st *shelfStyle, left, right atheneum.Color, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k    string
		st   *shelfStyle
		l, r atheneum.Color
		lang i18n.Lang
	}{"pair", st, left, right, l}, func() *image.RGBA {
		c := render.NewSprite(2*st.cw, st.ch, colInterior)
		c.Lang = l
		defer c.Release()
		r0 := image.Rect(0, 0, st.cw, st.ch)
		r1 := r0.Add(image.Pt(st.cw, 0))
		// The two books lean together: widen them into the gap.
		b0, b1 := bookRect(st, r0), bookRect(st, r1)
		c.FillRR(image.Rect(b0.Min.X-2, b0.Min.Y-2, b1.Max.X+2, b1.Max.Y), 5, render.Brass)
		drawBookInSpace(c, r0, st, left)
		drawBookInSpace(c, r1, st, right)
		sh := max(4, st.ch/14)
		// The strap runs below the letters (above the labels at full size).
		strapY := b0.Max.Y - b0.Dy()/5 - sh/2
		if st.codes {
			strapY = labelRect(st, r0).Min.Y - sh - 4
		}
		c.FillRR(image.Rect(b0.Min.X+2, strapY, b1.Max.X-2, strapY+sh), 2, render.Brass)
		c.FillRR(image.Rect(b0.Max.X-4, strapY-2, b1.Min.X+4, strapY+sh+2), 2, render.BrassDark)
		return c.Img
	})
}

// spiderSprite is a spider of size s on a transparent ground.
func spiderSprite(s int) *render.Sprite {
	return sprites.Get(struct {
		k string
		s int
	}{"spider", s}, func() *image.RGBA {
		c := render.NewSprite(s, s, color.RGBA{})
		defer c.Release()
		f := float64(s)
		dc := c.GG()
		c.FillCircle(f/2, f/2, f/2, render.Parchment)
		dc.SetColor(render.RGB(0x111111))
		dc.SetLineWidth(math.Max(1.5, f/14))
		cx, cy := f/2, f/2+f/20
		for _, side := range []float64{-1, 1} {
			for i, a := range []float64{-0.9, -0.3, 0.3, 0.9} {
				kx := cx + side*f*0.22
				ky := cy + a*f*0.16
				dc.MoveTo(cx, cy)
				dc.LineTo(kx, ky-f*0.06)
				dc.LineTo(cx+side*f*0.40, ky+f*0.08*float64(i-1))
				dc.Stroke()
			}
		}
		c.FillCircle(cx, cy+f*0.07, f*0.16, render.RGB(0x111111))
		c.FillCircle(cx, cy-f*0.13, f*0.10, render.RGB(0x111111))
		c.FillCircle(cx-f*0.04, cy-f*0.15, f*0.025+0.5, render.White)
		c.FillCircle(cx+f*0.04, cy-f*0.15, f*0.025+0.5, render.White)
		return c.Img
	})
}

// candleSprite is a lit candle of height h on a transparent ground.
func candleSprite(h int) *render.Sprite {
	return sprites.Get(struct {
		k string
		h int
	}{"candle", h}, func() *image.RGBA {
		w := h / 2
		c := render.NewSprite(w, h, color.RGBA{})
		defer c.Release()
		f, fw := float64(h), float64(w)
		dc := c.GG()
		// Flame: a teardrop.
		dc.MoveTo(fw/2, 0)
		dc.CubicTo(fw*0.95, f*0.22, fw*0.8, f*0.36, fw/2, f*0.38)
		dc.CubicTo(fw*0.2, f*0.36, fw*0.05, f*0.22, fw/2, 0)
		dc.SetColor(colFlame)
		dc.Fill()
		c.FillCircle(fw/2, f*0.28, fw*0.14, colFlameCore)
		c.Fill(image.Rect(w/2-1, int(f*0.37), w/2+1, int(f*0.43)), render.Ink)
		c.FillRR(image.Rect(int(fw*0.22), int(f*0.42), int(fw*0.78), h-int(f*0.08)), 2, colWax)
		c.FillRR(image.Rect(int(fw*0.05), h-int(f*0.1), int(fw*0.95), h), 2, render.Brass)
		return c.Img
	})
}

// wandSprite is a magic wand of size s whose shaft has the given subject
// colour (NoColor: plain wood).
func wandSprite(s int, col atheneum.Color) *render.Sprite {
	return sprites.Get(struct {
		k   string
		s   int
		col atheneum.Color
	}{"wand", s, col}, func() *image.RGBA {
		c := render.NewSprite(s, s, color.RGBA{})
		defer c.Release()
		f := float64(s)
		dc := c.GG()
		dc.SetLineCapRound()
		dc.SetLineWidth(f * 0.16)
		dc.SetColor(render.Ink)
		dc.DrawLine(f*0.22, f*0.78, f*0.78, f*0.22)
		dc.Stroke()
		dc.SetLineWidth(f * 0.10)
		dc.SetColor(colorOf(col))
		if col == atheneum.NoColor {
			dc.SetColor(colWoodLight)
		}
		dc.DrawLine(f*0.22, f*0.78, f*0.72, f*0.28)
		dc.Stroke()
		render.DrawStar(c, f*0.78, f*0.22, f*0.2, colFlameCore)
		return c.Img
	})
}

// badgeSprite is a compartment's value: solid brass when the compartment is
// full (it scores), a brass ring on wood when it is not yet.
func badgeSprite(d int, value int, full bool, f render.FontSpec) *render.Sprite {
	return sprites.Get(struct {
		k    string
		d, v int
		full bool
		f    render.FontSpec
	}{"badge", d, value, full, f}, func() *image.RGBA {
		c := render.NewSprite(d, d, color.RGBA{})
		defer c.Release()
		r := float64(d) / 2
		if full {
			c.FillCircle(r, r, r, render.BrassDark)
			c.FillCircle(r, r, r-2, render.Gold)
			c.TextMid(strconv.Itoa(value), r, r, f, render.Ink)
		} else {
			c.FillCircle(r, r, r, render.Brass)
			c.FillCircle(r, r, r-3, colWoodDark)
			c.TextMid(strconv.Itoa(value), r, r, f, colLabel)
		}
		return c.Img
	})
}

// subjectDisc draws a subject's colour as a disc with its letter, centred
// on (cx, cy).
func subjectDisc(c *render.Canvas, cx, cy, r float64, col atheneum.Color, f render.FontSpec) {
	d := discSprite(r, col, f, c.Lang)
	c.BlitOver(d, image.Pt(int(cx-r+0.5), int(cy-r+0.5)))
}

func discSprite(r float64, col atheneum.Color, f render.FontSpec, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k   string
		r   float64
		col atheneum.Color
		f   render.FontSpec
		l   i18n.Lang
	}{"disc", r, col, f, l}, func() *image.RGBA {
		d := int(2*r + 0.5)
		c := render.NewSprite(d, d, color.RGBA{})
		defer c.Release()
		c.FillCircle(r, r, r, render.Ink)
		c.FillCircle(r, r, r-2, colorOf(col))
		c.TextMid(letter(l, col), r, r, f, bookInk(col))
		return c.Img
	})
}

// benefitIcon draws one study-card benefit as an icon of size s x s: books
// as books, the others as distinct pictures, each with its number.
func benefitIcon(b atheneum.Benefit, s int, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k string
		b atheneum.Benefit
		s int
		l i18n.Lang
	}{"benefit", b, s, l}, func() *image.RGBA {
		c := render.NewSprite(s, s, color.RGBA{})
		defer c.Release()
		f := float64(s)
		switch b.Kind {
		case atheneum.BenefitBook, atheneum.BenefitCompartmentBook:
			col := b.Color
			if b.Kind == atheneum.BenefitCompartmentBook {
				col = atheneum.AnyColor
			}
			lf := render.Sans(math.Max(minText, f*0.34))
			bw := s * 9 / 20
			if col.IsBook() {
				// A small icon widens its book to hold the letter.
				bw = min(s, max(bw, int(c.Measure(letter(l, col), lf))+6))
			}
			r := image.Rect(s/2-bw/2, s/20, s/2+bw/2, s-s/20)
			drawBookBody(c, r, col)
			if col.IsBook() {
				c.TextMid(letter(l, col), f/2, f*0.62, lf, bookInk(col))
			}
			if b.Kind == atheneum.BenefitCompartmentBook {
				name := b.Comp.String()
				tf := render.Sans(math.Max(minText, f*0.28))
				w := c.Measure(name, tf) + 10
				tag := image.Rect(int(f/2-w/2), int(f*0.62), int(f/2+w/2), int(f*0.62+f*0.34))
				c.FillRR(tag, 4, render.Ink)
				c.TextMid(name, f/2, float64(tag.Min.Y+tag.Max.Y)/2, tf, colLabel)
			}
		case atheneum.BenefitReshelve:
			// A circular arrow around the count of books.
			dc := c.GG()
			dc.SetLineWidth(f * 0.09)
			dc.SetColor(colWoodDark)
			dc.DrawArc(f/2, f/2, f*0.36, math.Pi*0.15, math.Pi*1.75)
			dc.Stroke()
			ax, ay := f/2+f*0.36*math.Cos(math.Pi*1.75), f/2+f*0.36*math.Sin(math.Pi*1.75)
			dc.MoveTo(ax+f*0.17, ay-f*0.02)
			dc.LineTo(ax-f*0.04, ay-f*0.16)
			dc.LineTo(ax-f*0.02, ay+f*0.13)
			dc.ClosePath()
			dc.Fill()
			c.TextMid(strconv.Itoa(b.N), f/2, f/2, render.Sans(math.Max(minText, f*0.36)), render.Ink)
		case atheneum.BenefitSideShelf:
			// A small cabinet with two spaces and a plus.
			cab := image.Rect(s/5, s/6, s*4/5, s*5/6)
			c.FillRR(cab, 3, colWoodDark)
			c.Fill(image.Rect(cab.Min.X+4, cab.Min.Y+4, cab.Max.X-4, cab.Min.Y+cab.Dy()/2-2), colInterior)
			c.Fill(image.Rect(cab.Min.X+4, cab.Min.Y+cab.Dy()/2+2, cab.Max.X-4, cab.Max.Y-4), colInterior)
			// (Not green: green means "to the left" on a card.)
			c.FillCircle(f*0.78, f*0.24, f*0.17, render.Ink)
			c.FillCircle(f*0.78, f*0.24, f*0.17-1.5, colLabel)
			c.TextMid("+", f*0.78, f*0.24, render.Sans(math.Max(minText, f*0.28)), render.Ink)
		case atheneum.BenefitWand:
			c.BlitOver(wandSprite(s, atheneum.NoColor), image.Pt(0, 0))
		case atheneum.BenefitToken:
			// A bonus token: a round tile with a question mark, since it is
			// drawn at random.
			c.FillCircle(f/2, f/2, f*0.42, render.BrassDark)
			c.FillCircle(f/2, f/2, f*0.42-3, render.Brass)
			c.TextMid("?", f/2, f/2, render.Sans(math.Max(minText, f*0.42)), render.Ink)
		case atheneum.BenefitPoints:
			render.DrawStar(c, f/2, f*0.54, f*0.5, render.BrassDark)
			render.DrawStar(c, f/2, f*0.54, f*0.42, render.Gold)
			c.TextMid("+"+strconv.Itoa(b.N), f/2, f*0.56, render.Sans(math.Max(minText, f*0.26)), render.Ink)
		default:
			c.TextMid(b.String(), f/2, f/2, render.Sans(math.Max(minText, f*0.3)), render.Ink)
		}
		return c.Img
	})
}

// benefitCaption is the short text under a benefit's icon, in l.
func benefitCaption(l i18n.Lang, b atheneum.Benefit) string {
	switch b.Kind {
	case atheneum.BenefitBook:
		if b.Color == atheneum.AnyColor {
			return render.T(l, "render.benefit.any")
		}
		return colourName(l, b.Color)
	case atheneum.BenefitCompartmentBook:
		return render.T(l, "render.benefit.compbook", "Comp", b.Comp.String())
	case atheneum.BenefitReshelve:
		return render.T(l, "render.benefit.reshelve", "Count", b.N)
	case atheneum.BenefitSideShelf:
		return render.T(l, "render.benefit.side")
	case atheneum.BenefitWand:
		return render.T(l, "render.benefit.wand")
	case atheneum.BenefitToken:
		return render.T(l, "render.benefit.token")
	case atheneum.BenefitPoints:
		return render.T(l, "render.benefit.points", "Count", b.N)
	}
	return b.String()
}
