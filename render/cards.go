package render

import (
	"image"
	"image/color"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// cardW and cardGap size the pictures as two objective cards side by side
// (see objGridSize): 634 pixels wide, which a phone shows at 450.
const (
	cardW   = 288
	cardGap = 14
	// iconSize is the largest a benefit's icon is drawn.
	iconSize = 54
)

// A hand is drawn one study card to a line, each line a compact card: its
// code, then its three sections side by side under column headings that
// say whom each is for. Six cards and the objective strip then fit a
// phone's screen, where Discord also caps a picture's height.
const (
	handW      = 2*cardW + cardGap + 2*margin // as wide as the other pictures
	handHeadH  = 24                           // the column headings
	handRowH   = 76                           // one card
	handRowGap = 6
	handCodeW  = 62 // the card's code, left of its sections
	handSecGap = 4
	handLineW  = handW - 2*margin
	handSecW   = (handLineW - handCodeW - 2*handSecGap - 4) / 3
)

// handColumns are the sections in a hand's columns, left to right: what
// goes to the player on the left is on the left.
var handColumns = [3]atheneum.Section{atheneum.SectionToLeft, atheneum.SectionSelf, atheneum.SectionToRight}

// handSectionBox is where the section in column k goes on a card's line.
func handSectionBox(k int) image.Rectangle {
	return rect(handCodeW+k*(handSecW+handSecGap), 4, handSecW, handRowH-8)
}

// section describes a study card's section for drawing.
type section struct {
	bar, bg color.RGBA
	label   string
}

// sectionColours are the sections' colours, which mean one thing on every
// picture: yellow is you, green the player on your left (who receives the
// green section of your card, and gives you the green part of what you
// receive), blue the player on your right.
var sectionColours = [3][2]color.RGBA{
	atheneum.SectionSelf:    {colSecYou, colSecYouBg},
	atheneum.SectionToLeft:  {colSecLeft, colSecLeftBg},
	atheneum.SectionToRight: {colSecRight, colSecRightBg},
}

// sectionKeys are the messages that say whom a section is for.
var sectionKeys = [3]string{
	atheneum.SectionSelf:    "render.section.you",
	atheneum.SectionToLeft:  "render.section.left",
	atheneum.SectionToRight: "render.section.right",
}

// cardLine is one study card drawn on a hand's line, once per content
// pack, card, language and whether it is the seat's pick: its code (with
// a check mark and "chosen" under it for the pick) left of its three
// sections.
func cardLine(ct *atheneum.Content, idx int, l i18n.Lang, picked bool) *image.RGBA {
	return sprites.get(struct {
		k      string
		c      *atheneum.Content
		idx    int
		l      i18n.Lang
		picked bool
	}{"cardline", ct, idx, l, picked}, func() *image.RGBA {
		// Transparent corners, so the card sits on whatever is behind it.
		c := newSprite(handLineW, handRowH, color.RGBA{})
		c.lang = l
		defer c.release()
		card := &ct.Cards[idx]
		r := image.Rect(0, 0, handLineW, handRowH)
		c.fillRR(r, 10, colFrame)
		c.fillRR(r.Inset(3), 8, colWax)
		// The code's letter is its deck.
		if picked {
			c.text(card.Code, fx(handCodeW+2)/2, 28, sans(22), colInk, 0.5)
			c.fillCircle(fx(handCodeW+2)/2, 44, 10, colInk)
			c.textMid("✔", fx(handCodeW+2)/2, 44, sans(15), colLabel)
			c.text(c.fitLabel(c.tr("render.hand.picked"), handCodeW-6, cond(15)), fx(handCodeW+2)/2, 69, cond(15), colInk, 0.5)
		} else {
			c.textMid(card.Code, fx(handCodeW+2)/2, handRowH/2, sans(22), colInk)
		}
		for k, sec := range handColumns {
			box := handSectionBox(k)
			c.fillRR(box, 7, sectionColours[sec][0])
			c.fillRR(box.Inset(3), 5, sectionColours[sec][1])
			drawBenefits(c, box.Inset(3), card.Sections[sec])
		}
		return c.img
	})
}

// backLine is the back of a study card on a hand's line, for hands a view
// hides.
func backLine() *image.RGBA {
	return sprites.get("backline", func() *image.RGBA {
		c := newSprite(handLineW, handRowH, color.RGBA{})
		defer c.release()
		r := image.Rect(0, 0, handLineW, handRowH)
		c.fillRR(r, 10, colFrame)
		c.fillRR(r.Inset(3), 8, colCardBack)
		c.strokeRR(r.Inset(9), 6, 2, colBrass)
		cx, cy := mid(r)
		// Three books on a shelf board, left of the game's name.
		for i, col := range []atheneum.Color{atheneum.Teal, atheneum.Purple, atheneum.Pink} {
			x := int(cx) - 170 + i*26
			drawBookBody(c, rect(x, int(cy)-24, 24, 44), col)
			c.textMid(string(col.Letter()), fx(x+12), cy-2, sans(16), bookInk(col))
		}
		c.fillRR(rect(int(cx)-176, int(cy)+20, 90, 5), 2, colWood)
		c.textMid("Atheneum", cx+30, cy, title(32), colBrass)
		return c.img
	})
}

// drawSection draws one section: a coloured bar with whom it is for, then
// its benefits as icons with captions.
func drawSection(c *canvas, box image.Rectangle, sec section, benefits []atheneum.Benefit) {
	c.fillRR(box, 8, sec.bar)
	c.fillRR(image.Rect(box.Min.X+3, box.Min.Y+26, box.Max.X-3, box.Max.Y-3), 6, sec.bg)
	cx := float64(box.Min.X+box.Max.X) / 2
	c.textMid(c.fitLabel(sec.label, float64(box.Dx()-8), cond(16)), cx, float64(box.Min.Y)+13, cond(16), colInk)
	drawBenefits(c, image.Rect(box.Min.X+3, box.Min.Y+28, box.Max.X-3, box.Max.Y-3), benefits)
}

// drawBenefits lays benefits out inside r: in a row, each icon above its
// caption, when every caption fits under its icon; otherwise one under the
// other, each icon left of its caption. Icons shrink, never the text.
func drawBenefits(c *canvas, r image.Rectangle, benefits []atheneum.Benefit) {
	f := cond(15)
	n := len(benefits)
	if n == 0 {
		cx, cy := mid(r)
		c.textMid(c.tr("render.benefit.nothing"), cx, cy, cond(16), colInkSoft)
		return
	}
	captions := make([]string, n)
	slot := r.Dx() / n
	row := true
	for i, b := range benefits {
		captions[i] = benefitCaption(c.lang, b)
		row = row && c.measure(captions[i], f) <= float64(slot-4)
	}
	if row {
		size := min(iconSize, slot-6, r.Dy()-26)
		x := r.Min.X + (r.Dx()-n*slot)/2
		top := r.Min.Y + (r.Dy()-size-22)/2
		for i, b := range benefits {
			c.blitOver(benefitIcon(b, size), pt(x+(slot-size)/2, top))
			c.text(captions[i], float64(x)+float64(slot)/2, float64(top+size+17), f, colInk, 0.5)
			x += slot
		}
		return
	}
	lineH := min(46, (r.Dy()-4)/n)
	size := lineH - 6
	if lineH < 26 {
		// Three benefits on a hand's line: icons as tall as the line.
		size = lineH - 1
	}
	y := r.Min.Y + (r.Dy()-n*lineH)/2
	for i, b := range benefits {
		c.blitOver(benefitIcon(b, size), pt(r.Min.X+4, y+(lineH-size)/2))
		x := float64(r.Min.X + size + 10)
		c.text(c.fitLabel(captions[i], float64(r.Max.X-4)-x, f), x, float64(y+lineH/2)+5, f, colInk, 0)
		y += lineH
	}
}

// drawSectionLegend says what each section colour means, one line each:
// the colours mean the same on the cards and on the reveal. It returns the
// height used.
func drawSectionLegend(c *canvas, x, y, width int) int {
	for i, key := range []string{"render.legend.you", "render.legend.left", "render.legend.right"} {
		yy := y + i*30
		c.fillRR(rect(x, yy, 22, 22), 5, sectionColours[i][0])
		c.strokeRR(rect(x, yy, 22, 22), 5, 1.5, colInk)
		c.textFit(c.tr(key), fx(x+30), fx(yy)+18, fx(width-30), cond(17), colInk)
	}
	return 3 * 30
}

// handSize is how many cards a hand picture shows, and whether they are
// hidden (drawn as backs).
func handSize(s *atheneum.Seat) (int, bool) {
	if s.Hand == nil && s.HandCount > 0 {
		return s.HandCount, true
	}
	return len(s.Hand), false
}

// DrawHand draws a seat's study cards one to a line, each with its code
// and its three sections under the columns "← to your left", "you" and
// "to your right →", the card the seat has picked this turn outlined in
// gold with a check mark; below them the objective row as a compact
// strip, so that a player choosing a card sees what it could complete. A
// hand the view hides is drawn as card backs.
func DrawHand(g *atheneum.Game, seat int, o Options) (Picture, error) {
	if err := checkSeat(g, seat); err != nil {
		return Picture{}, err
	}
	l := o.lang()
	s := &g.Seats[seat]
	n, hidden := handSize(s)
	rows := max(1, n)
	w := handW
	top := margin + 76
	cardsTop := top + handHeadH + 4
	pitch := handRowH + handRowGap
	stripTop := cardsTop + rows*pitch - handRowGap + 18
	h := stripTop + objStripSize().Y + margin
	heads := n > 0 && !hidden
	f := frames.get(struct {
		k     string
		rows  int
		heads bool
		l     i18n.Lang
	}{"hand", rows, heads, l}, func() *image.RGBA {
		c := newFrame(w, h, l)
		defer c.release()
		c.fill(image.Rect(margin, margin+66, w-margin, margin+68), colParchDark)
		if heads {
			for k, sec := range handColumns {
				r := handSectionBox(k).Add(pt(margin, 0))
				r.Min.Y, r.Max.Y = top, top+handHeadH
				c.fillRR(r, 6, sectionColours[sec][0])
				cx, cy := mid(r)
				c.textMid(c.fitLabel(c.tr(sectionKeys[sec]), fx(r.Dx()-8), cond(16)), cx, cy, cond(16), colInk)
			}
		}
		c.fill(image.Rect(margin, stripTop-10, w-margin, stripTop-8), colParchDark)
		c.text(c.tr("render.objectives.title"), margin+4, fx(stripTop)+20, title(24), colInk, 0)
		return c.img
	})
	c := start(f, l)
	subjectDisc(c, margin+18, margin+22, 16, s.Subject, sans(16))
	label := c.tr("render.hand.count", "Count", n)
	if hidden {
		label = c.tr("render.hand.hidden", "Count", n)
	}
	lw := c.text(label, fx(w-margin-4), margin+32, sans(18), colInk, 1)
	c.textFit(nameOf(l, o.Names, seat), margin+42, margin+32, fx(w-2*margin)-lw-60, sans(26), colInk)
	c.textFit(turnText(l, g), margin+4, margin+58, fx(w-2*margin-8), cond(17), colInkSoft)
	drawObjectiveStrip(c, g, pt(margin, stripTop), o.Names)
	alt := handAlt(l, g, seat, o.Names, n, hidden)
	if n == 0 {
		c.textMid(c.tr("render.hand.empty"), fx(w)/2, fx(cardsTop+handRowH/2), sans(24), colInkSoft)
		return finish(c, alt)
	}
	for i := 0; i < n; i++ {
		y := cardsTop + i*pitch
		if hidden {
			c.blit(onParchment("back", backLine), pt(margin, y))
			continue
		}
		idx := s.Hand[i]
		if idx < 0 || idx >= len(g.Content.Cards) {
			continue
		}
		if idx == s.Pick {
			c.fillRR(rect(margin-3, y-3, handLineW+6, handRowH+6), 12, colGold)
			c.blitOver(cardLine(g.Content, idx, l, true), pt(margin, y))
			continue
		}
		c.blit(onParchment(struct {
			c   *atheneum.Content
			idx int
			l   i18n.Lang
		}{g.Content, idx, l}, func() *image.RGBA { return cardLine(g.Content, idx, l, false) }), pt(margin, y))
	}
	return finish(c, alt)
}

// cardAlt describes a study card: its code and who receives what.
func cardAlt(l i18n.Lang, card *atheneum.Card) string {
	var secs [3]string
	for s, bs := range card.Sections {
		secs[s] = benefitsAlt(l, bs)
	}
	return tr(l, "render.alt.card", "Code", card.Code, "You", secs[atheneum.SectionSelf],
		"Left", secs[atheneum.SectionToLeft], "Right", secs[atheneum.SectionToRight])
}

// benefitsAlt lists benefits in words.
func benefitsAlt(l i18n.Lang, bs []atheneum.Benefit) string {
	if len(bs) == 0 {
		return tr(l, "render.benefit.nothing")
	}
	words := make([]string, len(bs))
	for i, b := range bs {
		words[i] = benefitCaption(l, b)
	}
	return strings.Join(words, ", ")
}

func handAlt(l i18n.Lang, g *atheneum.Game, seat int, names []string, n int, hidden bool) string {
	s := &g.Seats[seat]
	parts := []string{tr(l, "render.alt.hand", "Name", altName(l, names, seat), "Count", n)}
	if !hidden {
		for _, idx := range s.Hand {
			if idx < 0 || idx >= len(g.Content.Cards) {
				continue
			}
			d := cardAlt(l, &g.Content.Cards[idx])
			if idx == s.Pick {
				d += " " + tr(l, "render.alt.picked")
			}
			parts = append(parts, d)
		}
	}
	parts = append(parts, objectivesAlt(l, g, names))
	return strings.Join(parts, " ")
}

// DrawReveal draws what each seat receives from the cards played this
// turn, one block per seat in seat order: the yellow part of its own card,
// the green part from its left neighbour's card and the blue part from its
// right neighbour's (with two seats, the opponent gives both), each with
// the card's code and the giver's name. Green and blue mean left and right
// here as on the cards.
func DrawReveal(g *atheneum.Game, o Options) (Picture, error) {
	if err := check(g); err != nil {
		return Picture{}, err
	}
	played := 0
	for i := range g.Seats {
		if p := g.Seats[i].Played; p >= 0 && p < len(g.Content.Cards) {
			played++
		}
	}
	if played == 0 {
		return Picture{}, ErrNotRevealed
	}
	l := o.lang()
	n := len(g.Seats)
	const headH, boxH, blockGap = 40, 184, 14
	w := 2*cardW + cardGap + 2*margin
	top := margin + 86
	blockH := headH + boxH
	legendTop := top + n*(blockH+blockGap)
	h := legendTop + 90 + margin
	f := frames.get(struct {
		k string
		n int
		l i18n.Lang
	}{"reveal", n, l}, func() *image.RGBA {
		c := newFrame(w, h, l)
		defer c.release()
		c.text(c.tr("render.reveal.title"), margin+4, margin+36, title(34), colInk, 0)
		c.fill(image.Rect(margin, margin+76, w-margin, margin+78), colParchDark)
		for i := 0; i < n; i++ {
			c.fillRR(rect(margin, top+i*(blockH+blockGap), w-2*margin, blockH), 10, colParchDark)
		}
		drawSectionLegend(c, margin+4, legendTop, w-2*margin-8)
		return c.img
	})
	c := start(f, l)
	c.textFit(turnText(l, g), margin+4, margin+64, fx(w-2*margin-8), cond(17), colInkSoft)
	bw := (w - 2*margin - 16 - 2*8) / 3
	for i := range g.Seats {
		y := top + i*(blockH+blockGap)
		subjectDisc(c, margin+22, fx(y)+21, 14, g.Seats[i].Subject, sans(15))
		c.textFit(nameOf(l, o.Names, i), margin+44, fx(y)+29, fx(w-2*margin-60), sans(20), colInk)
		left, right := g.LeftOf(i), g.RightOf(i)
		srcs := [3]struct {
			from int
			sec  atheneum.Section // the part of the giver's card
			look atheneum.Section // the colour it is drawn in, from the receiver's side
			key  string
		}{
			{i, atheneum.SectionSelf, atheneum.SectionSelf, "render.reveal.own"},
			{left, atheneum.SectionToRight, atheneum.SectionToLeft, "render.reveal.fromleft"},
			{right, atheneum.SectionToLeft, atheneum.SectionToRight, "render.reveal.fromright"},
		}
		for k, src := range srcs {
			box := rect(margin+8+k*(bw+8), y+headH, bw, boxH-8)
			p := g.Seats[src.from].Played
			code := "—"
			var benefits []atheneum.Benefit
			if p >= 0 && p < len(g.Content.Cards) {
				code = g.Content.Cards[p].Code
				benefits = g.Content.Cards[p].Sections[src.sec]
			}
			label := c.tr(src.key, "Code", code)
			if src.from != i {
				// Shorten the giver's name, never the card's code.
				f := cond(16)
				room := fx(bw-12) - c.measure(c.tr(src.key, "Code", code, "Name", ""), f)
				label = c.tr(src.key, "Code", code, "Name", fit(c, nameOf(l, o.Names, src.from), room, f))
			}
			drawSection(c, box, section{sectionColours[src.look][0], sectionColours[src.look][1], label}, benefits)
		}
	}
	return finish(c, revealAlt(l, g, o.Names))
}

func revealAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{tr(l, "render.alt.reveal", "Turn", turnText(l, g))}
	part := func(from int, sec atheneum.Section) string {
		p := g.Seats[from].Played
		if p < 0 || p >= len(g.Content.Cards) {
			return tr(l, "render.benefit.nothing")
		}
		return benefitsAlt(l, g.Content.Cards[p].Sections[sec])
	}
	for i := range g.Seats {
		left, right := g.LeftOf(i), g.RightOf(i)
		parts = append(parts, tr(l, "render.alt.receives", "Name", altName(l, names, i),
			"Own", part(i, atheneum.SectionSelf),
			"Left", altName(l, names, left), "FromLeft", part(left, atheneum.SectionToRight),
			"Right", altName(l, names, right), "FromRight", part(right, atheneum.SectionToLeft)))
	}
	return strings.Join(parts, " ")
}
