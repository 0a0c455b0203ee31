package render

import (
	"image"
	"image/color"
	"strconv"

	"atheneum/engine"
)

// A study card: its code on top, the green section (for the player on the
// left) and the blue one (for the player on the right) side by side, and
// the yellow section (for the player who plays it) below, as on the
// printed cards.
const (
	cardW, cardH = 288, 330
	cardGap      = 14
	iconSize     = 54
)

// section describes a study card's section for drawing.
type section struct {
	bar, bg color.RGBA
	label   string
}

var sections = [3]section{
	engine.SectionSelf:    {colSecYou, colSecYouBg, "you"},
	engine.SectionToLeft:  {colSecLeft, colSecLeftBg, "← to your left"},
	engine.SectionToRight: {colSecRight, colSecRightBg, "to your right →"},
}

// sectionBoxes are where the three sections go on a card.
func sectionBoxes() [3]image.Rectangle {
	return [3]image.Rectangle{
		engine.SectionSelf:    image.Rect(8, 196, cardW-8, cardH-8),
		engine.SectionToLeft:  image.Rect(8, 58, cardW/2-2, 192),
		engine.SectionToRight: image.Rect(cardW/2+2, 58, cardW-8, 192),
	}
}

// cardSprite is one study card, drawn once per content pack and card.
func cardSprite(ct *engine.Content, idx int) *image.RGBA {
	return sprites.get(struct {
		k   string
		c   *engine.Content
		idx int
	}{"card", ct, idx}, func() *image.RGBA {
		// Transparent corners, so the card sits on whatever is behind it.
		c := newSprite(cardW, cardH, color.RGBA{})
		defer c.release()
		card := &ct.Cards[idx]
		r := image.Rect(0, 0, cardW, cardH)
		c.fillRR(r, 14, colFrame)
		c.fillRR(r.Inset(3), 12, colWax)
		c.text(card.Code, 16, 42, sans(28), colInk, 0)
		c.text("deck "+string(rune('A'+card.Deck)), cardW-16, 40, cond(16), colInkSoft, 1)
		for s, box := range sectionBoxes() {
			sec := sections[s]
			drawSection(c, box, sec, card.Sections[s])
		}
		return c.img
	})
}

// flatCard is cardSprite on the parchment.
func flatCard(ct *engine.Content, idx int) *image.RGBA {
	return onParchment(struct {
		c   *engine.Content
		idx int
	}{ct, idx}, func() *image.RGBA { return cardSprite(ct, idx) })
}

// drawSection draws one section: a coloured bar with whom it is for, then
// its benefits as icons with captions.
func drawSection(c *canvas, box image.Rectangle, sec section, benefits []engine.Benefit) {
	c.fillRR(box, 8, sec.bar)
	c.fillRR(image.Rect(box.Min.X+3, box.Min.Y+26, box.Max.X-3, box.Max.Y-3), 6, sec.bg)
	cx := float64(box.Min.X+box.Max.X) / 2
	c.textMid(fit(c, sec.label, float64(box.Dx()-8), cond(15)), cx, float64(box.Min.Y)+13, cond(15), colInk)
	drawBenefits(c, image.Rect(box.Min.X+3, box.Min.Y+28, box.Max.X-3, box.Max.Y-3), benefits)
}

// drawBenefits lays benefits out in a row inside r, each icon above its
// caption, shrinking the icons (never the text) when there are many.
func drawBenefits(c *canvas, r image.Rectangle, benefits []engine.Benefit) {
	n := len(benefits)
	if n == 0 {
		cx, cy := mid(r)
		c.textMid("nothing", cx, cy, cond(16), colInkSoft)
		return
	}
	slot := r.Dx() / n
	size := min(iconSize, slot-6, r.Dy()-26)
	x := r.Min.X + (r.Dx()-n*slot)/2
	top := r.Min.Y + (r.Dy()-size-22)/2
	for _, b := range benefits {
		c.blitOver(benefitIcon(b, size), pt(x+(slot-size)/2, top))
		caption := fit(c, benefitCaption(b), float64(slot-4), cond(minText))
		c.text(caption, float64(x)+float64(slot)/2, float64(top+size+17), cond(minText), colInk, 0.5)
		x += slot
	}
}

// drawSectionLegend says who receives each section, in one line.
func drawSectionLegend(c *canvas, x, y int) {
	xf := fx(x)
	for _, s := range []struct {
		col  color.RGBA
		text string
	}{{colSecYou, "you"}, {colSecLeft, "the player on your left"}, {colSecRight, "the player on your right"}} {
		c.fillRR(rect(int(xf), y, 22, 22), 5, s.col)
		xf += 30
		xf += c.text(s.text, xf, fx(y)+17, cond(16), colInk, 0) + 26
	}
}

// onParchment returns a sprite flattened onto the parchment, once, so it
// can be copied rather than blended: blending six cards per hand cost
// more than drawing the rest.
func onParchment(key any, sprite func() *image.RGBA) *image.RGBA {
	return sprites.get(struct {
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

// cardBack is the back of a study card, for hands a view hides.
func cardBack() *image.RGBA {
	return sprites.get("cardback", func() *image.RGBA {
		c := newSprite(cardW, cardH, color.RGBA{})
		defer c.release()
		r := image.Rect(0, 0, cardW, cardH)
		c.fillRR(r, 14, colFrame)
		c.fillRR(r.Inset(3), 12, colCardBack)
		c.strokeRR(r.Inset(14), 8, 2, colBrass)
		cx, cy := mid(r)
		// Three books leaning on a shelf board, above the game's name.
		for i, col := range []engine.Color{engine.Teal, engine.Purple, engine.Pink} {
			x := int(cx) - 66 + i*44
			drawBookBody(c, rect(x, int(cy)-96, 40, 86), col)
			c.textMid(string(col.Letter()), fx(x+20), cy-48, sans(22), bookInk(col))
		}
		c.fillRR(rect(int(cx)-80, int(cy)-10, 160, 8), 3, colWood)
		c.textMid("Atheneum", cx, cy+50, title(36), colBrass)
		return c.img
	})
}

// Hand draws a seat's study cards, three to a row, each with its code and
// its three sections; the card the seat has picked this turn is marked.
// A hand the view hides is drawn as card backs.
func Hand(g *engine.Game, seat int, names []string) ([]byte, error) {
	if err := checkSeat(g, seat); err != nil {
		return nil, err
	}
	s := &g.Seats[seat]
	n := len(s.Hand)
	hidden := s.Hand == nil && s.HandCount > 0
	if hidden {
		n = s.HandCount
	}
	cols := min(3, max(n, 1))
	rows := max(1, (n+cols-1)/cols)
	w := max(3*cardW+2*cardGap, 760) + 2*margin
	top := margin + 70
	h := top + rows*(cardH+34) + 40 + margin
	f := frames.get(struct {
		k    string
		rows int
	}{"hand", rows}, func() *image.RGBA {
		c := newSprite(w, h, colFrame)
		defer c.release()
		drawCard(c, w, h)
		c.fill(image.Rect(margin, margin+56, w-margin, margin+58), colParchDark)
		drawSectionLegend(c, margin+4, h-margin-30)
		return c.img
	})
	c := start(f)
	subjectDisc(c, margin+20, margin+28, 16, s.Subject, sans(16))
	c.textFit(nameOf(names, seat), margin+44, margin+38, fx(w)/2, sans(28), colInk)
	label := strconv.Itoa(n) + " cards in hand"
	if n == 1 {
		label = "1 card in hand"
	}
	if hidden {
		label += ", hidden"
	}
	c.text(label, fx(w-margin-4), margin+24, sans(18), colInk, 1)
	c.text(turnText(g), fx(w-margin-4), margin+46, cond(16), colInkSoft, 1)
	if n == 0 {
		c.textMid("No cards in hand", fx(w)/2, fx(top)+fx(cardH)/2, sans(24), colInkSoft)
		return finish(c)
	}
	gridW := cols*cardW + (cols-1)*cardGap
	for i := 0; i < n; i++ {
		x := (w-gridW)/2 + (i%cols)*(cardW+cardGap)
		y := top + 24 + (i/cols)*(cardH+34)
		if hidden {
			c.blit(onParchment("back", cardBack), pt(x, y))
			continue
		}
		idx := s.Hand[i]
		if idx < 0 || idx >= len(g.Content.Cards) {
			continue
		}
		if idx == s.Pick {
			r := rect(x, y-24, cardW, 22)
			c.fillRR(r, 6, colInk)
			cx, cy := mid(r)
			c.textMid("your pick this turn", cx, cy, cond(16), colLabel)
			c.fillRR(rect(x-5, y-2, cardW+10, cardH+7), 18, colGold)
			c.blitOver(cardSprite(g.Content, idx), pt(x, y))
			continue
		}
		c.blit(flatCard(g.Content, idx), pt(x, y))
	}
	return finish(c)
}

// Reveal draws the cards played this turn in seat order around the table,
// then what each seat receives and from whom: the "you" section of its own
// card, the blue section of its left neighbour's card and the green section
// of its right neighbour's card (with two seats, the opponent is both).
func Reveal(g *engine.Game, names []string) ([]byte, error) {
	if err := check(g); err != nil {
		return nil, err
	}
	played := 0
	for i := range g.Seats {
		if p := g.Seats[i].Played; p >= 0 && p < len(g.Content.Cards) {
			played++
		}
	}
	if played == 0 {
		return nil, ErrNotRevealed
	}
	n := len(g.Seats)
	const rowH, nameW = 128, 230
	boxW := 340
	w := max(n*cardW+(n-1)*cardGap, nameW+3*boxW+2*cardGap) + 2*margin
	top := margin + 70
	recvTop := top + 30 + cardH + 56
	h := recvTop + n*(rowH+10) + margin
	f := frames.get(struct {
		k string
		n int
	}{"reveal", n}, func() *image.RGBA {
		c := newSprite(w, h, colFrame)
		defer c.release()
		drawCard(c, w, h)
		c.text("Cards revealed", margin+4, margin+40, title(36), colInk, 0)
		c.fill(image.Rect(margin, margin+52, w-margin, margin+54), colParchDark)
		c.text("Who receives what", margin+4, fx(recvTop-12), title(28), colInk, 0)
		return c.img
	})
	c := start(f)
	c.text(turnText(g), fx(w-margin-4), margin+38, sans(16), colInkSoft, 1)
	rowW := n*cardW + (n-1)*cardGap
	for i := range g.Seats {
		x := (w-rowW)/2 + i*(cardW+cardGap)
		col := g.Seats[i].Subject
		subjectDisc(c, fx(x)+12, fx(top)+12, 12, col, sans(minText))
		c.textFit(nameOf(names, i), fx(x)+30, fx(top)+19, fx(cardW-30), sans(18), colInk)
		if p := g.Seats[i].Played; p >= 0 && p < len(g.Content.Cards) {
			c.blit(flatCard(g.Content, p), pt(x, top+30))
		} else {
			c.blit(onParchment("back", cardBack), pt(x, top+30))
		}
	}
	bw := (w - 2*margin - nameW - 2*cardGap) / 3
	for i := range g.Seats {
		y := recvTop + i*(rowH+10)
		c.fillRR(rect(margin, y, w-2*margin, rowH), 10, colParchDark)
		subjectDisc(c, margin+24, fx(y)+fx(rowH)/2, 16, g.Seats[i].Subject, sans(16))
		c.textFit(nameOf(names, i), margin+48, fx(y)+fx(rowH)/2+7, nameW-56, sans(20), colInk)
		left, right := g.LeftOf(i), g.RightOf(i)
		srcs := [3]struct {
			from       int
			sec        engine.Section
			pre, after string
		}{
			{i, engine.SectionSelf, "own card", ""},
			{left, engine.SectionToRight, "from ", " (left)"},
			{right, engine.SectionToLeft, "from ", " (right)"},
		}
		for k, src := range srcs {
			box := rect(margin+nameW+k*(bw+cardGap), y+6, bw, rowH-12)
			sec := sections[src.sec]
			p := g.Seats[src.from].Played
			after := src.after
			var benefits []engine.Benefit
			if p >= 0 && p < len(g.Content.Cards) {
				after += " · " + g.Content.Cards[p].Code
				benefits = g.Content.Cards[p].Sections[src.sec]
			}
			label := src.pre + after
			if src.from != i {
				// Shorten the name, never the card's code.
				room := float64(bw-12) - c.measure(src.pre+after, cond(15))
				label = src.pre + fit(c, nameOf(names, src.from), room, cond(15)) + after
			}
			drawSection(c, box, section{sec.bar, sec.bg, label}, benefits)
		}
	}
	return finish(c)
}
