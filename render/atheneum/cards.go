package atheneum

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"atheneum/fonts"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
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
	handW      = 2*cardW + cardGap + 2*render.Margin // as wide as the other pictures
	handHeadH  = 24                                  // the column headings
	handRowH   = 76                                  // one card
	handRowGap = 6
	handCodeW  = 64 // the card's code and "chosen", left of its sections
	handSecGap = 3
	handLineW  = handW - 2*render.Margin
	handSecW   = (handLineW - handCodeW - 2*handSecGap - 4) / 3
)

// handColumns are the sections in a hand's columns, left to right: what
// goes to the player on the left is on the left.
var handColumns = [3]atheneum.Section{atheneum.SectionToLeft, atheneum.SectionSelf, atheneum.SectionToRight}

// handSectionBox is where the section in column k goes on a card's line.
func handSectionBox(k int) image.Rectangle {
	return render.Rect(handCodeW+k*(handSecW+handSecGap), 4, handSecW, handRowH-8)
}

// sectionColours are the sections' colours, which mean one thing on every
// picture: who receives the section, seen from the player who plays the
// card: yellow that player, green the player on their left, blue the
// player on their right. A section keeps its colour on the reveal, where
// you receive the blue section of your left neighbour's card and the
// green section of your right neighbour's.
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
func cardLine(ct *atheneum.Content, idx int, l i18n.Lang, picked bool) *render.Sprite {
	return sprites.Get(struct {
		k      string
		c      *atheneum.Content
		idx    int
		l      i18n.Lang
		picked bool
	}{"cardline", ct, idx, l, picked}, func() *image.RGBA {
		// Transparent corners, so the card sits on whatever is behind it.
		c := render.NewSprite(handLineW, handRowH, color.RGBA{})
		c.Lang = l
		defer c.Release()
		card := &ct.Cards[idx]
		r := image.Rect(0, 0, handLineW, handRowH)
		c.FillRR(r, 10, render.FrameBrown)
		c.FillRR(r.Inset(3), 8, colWax)
		// The code's letter is its deck.
		if picked {
			c.Text(card.Code, float64(handCodeW+2)/2, 28, render.Sans(22), render.Ink, 0.5)
			c.FillCircle(float64(handCodeW+2)/2, 44, 10, render.Ink)
			c.TextMid("✔", float64(handCodeW+2)/2, 44, render.Sans(minText), colLabel)
			c.Text(c.FitLabel(c.T("render.hand.picked"), handCodeW-6, render.Cond(minText)), float64(handCodeW+2)/2, 69, render.Cond(minText), render.Ink, 0.5)
		} else {
			c.TextMid(card.Code, float64(handCodeW+2)/2, handRowH/2, render.Sans(22), render.Ink)
		}
		for k, sec := range handColumns {
			box := handSectionBox(k)
			c.FillRR(box, 7, sectionColours[sec][0])
			c.FillRR(box.Inset(3), 5, sectionColours[sec][1])
			drawBenefits(c, box.Inset(3), card.Sections[sec])
		}
		return c.Img
	})
}

// backLine is the back of a study card on a hand's line, for hands a view
// hides, with its books lettered in l.
func backLine(l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k string
		l i18n.Lang
	}{"backline", l}, func() *image.RGBA {
		c := render.NewSprite(handLineW, handRowH, color.RGBA{})
		defer c.Release()
		r := image.Rect(0, 0, handLineW, handRowH)
		c.FillRR(r, 10, render.FrameBrown)
		c.FillRR(r.Inset(3), 8, colCardBack)
		c.StrokeRR(r.Inset(9), 6, 2, render.Brass)
		cx, cy := render.Mid(r)
		// Three books on a shelf board, left of the game's name.
		for i, col := range []atheneum.Color{atheneum.Teal, atheneum.Purple, atheneum.Pink} {
			x := int(cx) - 170 + i*26
			drawBookBody(c, render.Rect(x, int(cy)-24, 24, 44), col)
			c.TextMid(letter(l, col), float64(x+12), cy-2, render.Sans(16), bookInk(col))
		}
		c.FillRR(render.Rect(int(cx)-176, int(cy)+20, 90, 5), 2, colWood)
		c.TextMid("Atheneum", cx+30, cy, render.Title(32), render.Brass)
		return c.Img
	})
}

// drawSectionBox draws a section's box: a coloured bar, and the lighter
// panel its benefits go on (see drawSection).
func drawSectionBox(c *render.Canvas, box image.Rectangle, sec atheneum.Section) {
	c.FillRR(box, 8, sectionColours[sec][0])
	c.FillRR(image.Rect(box.Min.X+3, box.Min.Y+26, box.Max.X-3, box.Max.Y-3), 6, sectionColours[sec][1])
}

// drawSection draws one section in its box (drawn by drawSectionBox): on
// the bar whom it is for, then its benefits as icons with captions.
func drawSection(c *render.Canvas, box image.Rectangle, label string, benefits []atheneum.Benefit) {
	cx := float64(box.Min.X+box.Max.X) / 2
	c.TextMid(c.FitLabel(label, float64(box.Dx()-8), render.Cond(16)), cx, float64(box.Min.Y)+13, render.Cond(16), render.Ink)
	drawBenefits(c, image.Rect(box.Min.X+3, box.Min.Y+28, box.Max.X-3, box.Max.Y-3), benefits)
}

// drawBenefits lays benefits out inside r: in a row, each icon above its
// caption, when every caption fits under its icon; otherwise one under the
// other, each icon left of its caption. Icons shrink, never the text.
func drawBenefits(c *render.Canvas, r image.Rectangle, benefits []atheneum.Benefit) {
	f := render.Cond(minText)
	n := len(benefits)
	if n == 0 {
		cx, cy := render.Mid(r)
		c.TextMid(c.T("render.benefit.nothing"), cx, cy, render.Cond(16), render.InkSoft)
		return
	}
	captions := make([]string, n)
	slot := r.Dx() / n
	row := true
	for i, b := range benefits {
		captions[i] = benefitCaption(c.Lang, b)
		row = row && c.Measure(captions[i], f) <= float64(slot-4)
	}
	if row {
		size := min(iconSize, slot-6, r.Dy()-26)
		x := r.Min.X + (r.Dx()-n*slot)/2
		top := r.Min.Y + (r.Dy()-size-22)/2
		for i, b := range benefits {
			c.BlitOver(benefitIcon(b, size, c.Lang), image.Pt(x+(slot-size)/2, top))
			c.Text(captions[i], float64(x)+float64(slot)/2, float64(top+size+17), f, render.Ink, 0.5)
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
	// The icons shrink for the widest caption to fit beside them (a
	// French side shelf's, on the reveal), down to a readable 14 pixels
	// (never growing).
	widest := 0.0
	for _, s := range captions {
		widest = max(widest, c.Measure(s, f))
	}
	if room := r.Dx() - 14 - int(math.Ceil(widest)); room < size {
		size = max(min(size, 14), room)
	}
	y := r.Min.Y + (r.Dy()-n*lineH)/2
	for i, b := range benefits {
		c.BlitOver(benefitIcon(b, size, c.Lang), image.Pt(r.Min.X+4, y+(lineH-size)/2))
		x := float64(r.Min.X + size + 10)
		c.Text(c.FitLabel(captions[i], float64(r.Max.X-4)-x, f), x, float64(y+lineH/2)+5, f, render.Ink, 0)
		y += lineH
	}
}

// drawRevealLegend says on one line what each section colour means on
// the reveal: a section keeps the colour it has on its card, which says
// where it goes from the player who played the card (see sectionColours).
func drawRevealLegend(c *render.Canvas, x, y, width int) {
	items := []struct {
		sec atheneum.Section
		key string
	}{
		{atheneum.SectionToRight, "render.reveal.legend.left"},
		{atheneum.SectionSelf, "render.reveal.legend.own"},
		{atheneum.SectionToLeft, "render.reveal.legend.right"},
	}
	f := render.Cond(16)
	step := width / len(items)
	for k, it := range items {
		xx := x + k*step
		c.FillRR(render.Rect(xx, y, 22, 22), 5, sectionColours[it.sec][0])
		c.StrokeRR(render.Rect(xx, y, 22, 22), 5, 1.5, render.Ink)
		c.TextFit(c.T(it.key), float64(xx+28), float64(y)+17, float64(step-34), f, render.Ink)
	}
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
func DrawHand(g *atheneum.Game, seat int, o render.Options) (render.Picture, error) {
	if err := checkSeat(g, seat); err != nil {
		return render.Picture{}, err
	}
	l := o.Language()
	s := &g.Seats[seat]
	n, hidden := handSize(s)
	rows := max(1, n)
	w := handW
	top := render.Margin + 76
	cardsTop := top + handHeadH + 4
	pitch := handRowH + handRowGap
	stripTop := cardsTop + rows*pitch - handRowGap + 18
	h := stripTop + objStripSize().Y + render.Margin
	heads := n > 0 && !hidden
	f := frames.Get(struct {
		k     string
		rows  int
		heads bool
		l     i18n.Lang
	}{"hand", rows, heads, l}, func() *image.RGBA {
		c := render.NewFrame(w, h, l)
		defer c.Release()
		c.Fill(image.Rect(render.Margin, render.Margin+66, w-render.Margin, render.Margin+68), render.ParchmentDark)
		if heads {
			for k, sec := range handColumns {
				r := handSectionBox(k).Add(image.Pt(render.Margin, 0))
				r.Min.Y, r.Max.Y = top, top+handHeadH
				c.FillRR(r, 6, sectionColours[sec][0])
				cx, cy := render.Mid(r)
				c.TextMid(c.FitLabel(c.T(sectionKeys[sec]), float64(r.Dx()-8), render.Cond(16)), cx, cy, render.Cond(16), render.Ink)
			}
		}
		c.Fill(image.Rect(render.Margin, stripTop-10, w-render.Margin, stripTop-8), render.ParchmentDark)
		c.Text(c.T("render.objectives.title"), render.Margin+4, float64(stripTop)+20, render.Title(24), render.Ink, 0)
		return c.Img
	})
	c := handPalette.Start(f, l)
	subjectDisc(c, render.Margin+18, render.Margin+22, 16, s.Subject, render.Sans(16))
	label := c.T("render.hand.count", "Count", n)
	if hidden {
		label = c.T("render.hand.hidden", "Count", n)
	}
	lw := c.Text(label, float64(w-render.Margin-4), render.Margin+32, render.Sans(18), render.Ink, 1)
	c.TextFit(render.NameOf(l, o.Names, seat), render.Margin+42, render.Margin+32, float64(w-2*render.Margin)-lw-60, render.Sans(26), render.Ink)
	c.TextFit(turnText(l, g), render.Margin+4, render.Margin+58, float64(w-2*render.Margin-8), render.Cond(17), render.InkSoft)
	drawObjectiveStrip(c, g, image.Pt(render.Margin, stripTop), o.Names)
	alt := handAlt(l, g, seat, o.Names, n, hidden)
	if n == 0 {
		c.TextMid(c.T("render.hand.empty"), float64(w)/2, float64(cardsTop+handRowH/2), render.Sans(24), render.InkSoft)
		return render.Finish(c, alt)
	}
	for i := 0; i < n; i++ {
		y := cardsTop + i*pitch
		if hidden {
			c.Blit(render.OnParchment(struct {
				k string
				l i18n.Lang
			}{"back", l}, func() *render.Sprite { return backLine(l) }), image.Pt(render.Margin, y))
			continue
		}
		idx := s.Hand[i]
		if idx < 0 || idx >= len(g.Content.Cards) {
			continue
		}
		if idx == s.Pick {
			c.FillRR(render.Rect(render.Margin-3, y-3, handLineW+6, handRowH+6), 12, render.Gold)
			c.BlitOver(cardLine(g.Content, idx, l, true), image.Pt(render.Margin, y))
			continue
		}
		c.Blit(render.OnParchment(struct {
			c   *atheneum.Content
			idx int
			l   i18n.Lang
		}{g.Content, idx, l}, func() *render.Sprite { return cardLine(g.Content, idx, l, false) }), image.Pt(render.Margin, y))
	}
	return render.Finish(c, alt)
}

// cardAlt describes a study card: its code and who receives what.
func cardAlt(l i18n.Lang, card *atheneum.Card) string {
	var secs [3]string
	for s, bs := range card.Sections {
		secs[s] = benefitsAlt(l, bs)
	}
	return render.T(l, "render.alt.card", "Code", card.Code, "You", secs[atheneum.SectionSelf],
		"Left", secs[atheneum.SectionToLeft], "Right", secs[atheneum.SectionToRight])
}

// benefitsAlt lists benefits in words.
func benefitsAlt(l i18n.Lang, bs []atheneum.Benefit) string {
	if len(bs) == 0 {
		return render.T(l, "render.benefit.nothing")
	}
	words := make([]string, len(bs))
	for i, b := range bs {
		words[i] = benefitCaption(l, b)
	}
	return strings.Join(words, ", ")
}

func handAlt(l i18n.Lang, g *atheneum.Game, seat int, names []string, n int, hidden bool) string {
	s := &g.Seats[seat]
	parts := []string{render.T(l, "render.alt.hand", "Name", render.AltName(l, names, seat), "Count", n)}
	if !hidden {
		for _, idx := range s.Hand {
			if idx < 0 || idx >= len(g.Content.Cards) {
				continue
			}
			d := cardAlt(l, &g.Content.Cards[idx])
			if idx == s.Pick {
				d += " " + render.T(l, "render.alt.picked")
			}
			parts = append(parts, d)
		}
	}
	parts = append(parts, objectivesAlt(l, g, names))
	return strings.Join(parts, " ")
}

// The reveal gives each seat a block: its name, then three boxes side by
// side as the seat sees its neighbours: on the left what the player on
// its left passes it, in the middle its own card's part, on the right
// what the player on its right passes it.
const (
	revealHeadH = 32  // the seat's name
	revealBoxH  = 112 // one box: whose card it is, then the benefits
	revealGap   = 8
	revealPitch = revealHeadH + revealBoxH + 8 + revealGap
)

// revealNameFont is the font of a seat's name on the reveal, whose
// baseline is revealNameDrop rows below its block's top: the boxes start
// revealHeadH rows below it.
var revealNameFont = render.Sans(20)

const revealNameDrop = 25

// staysAboveBoxes reports whether every letter of name (and the ellipsis
// that may shorten it), written in revealNameFont, stays a row clear of
// the reveal's boxes, as all the fonts' usual letters do.
func staysAboveBoxes(name string) bool {
	if reachesBelow('…') {
		return false
	}
	for _, r := range name {
		if reachesBelow(r) {
			return false
		}
	}
	return true
}

// deepRunes caches reachesBelow by rune, for the few runes names use;
// deepFace, under deepFaceMu, measures the others.
var (
	deepRunes  sync.Map // rune -> bool
	deepFace   font.Face
	deepFaceMu sync.Mutex
)

// reachesBelow reports whether r, drawn as the canvas draws text in
// revealNameFont, may ink a row less than a row above the boxes. Its
// outline is measured unhinted (hinting moves a glyph's points by a pixel
// at most, and measuring with a hinted face would run the hinter on any
// letter a name brings), so it must end two rows above them.
func reachesBelow(r rune) bool {
	if v, ok := deepRunes.Load(r); ok {
		return v.(bool)
	}
	deepFaceMu.Lock()
	defer deepFaceMu.Unlock()
	if deepFace == nil {
		tf, err := fonts.Parsed(revealNameFont.Font)
		if err != nil {
			return true
		}
		// Unhinted, and with a single glyph mask: it is only measured
		// (the default cache of masks would hold half a megabyte).
		deepFace = truetype.NewFace(tf, &truetype.Options{Size: revealNameFont.Size, Hinting: font.HintingNone, GlyphCacheEntries: 1})
	}
	b, _, ok := deepFace.GlyphBounds(r)
	deep := !ok || b.Max.Y > fixed.I(revealHeadH-revealNameDrop-2)
	deepRunes.Store(r, deep)
	return deep
}

// revealBoxW is the width of a reveal's box, three to a seat's block.
const revealBoxW = (2*cardW + cardGap - 16 - 2*8) / 3

// revealColumns are the sections of a seat's block's boxes, left to right
// (see revealSources).
var revealColumns = [3]atheneum.Section{atheneum.SectionToRight, atheneum.SectionSelf, atheneum.SectionToLeft}

// revealBox is box k of seat i's block on the reveal.
func revealBox(i, k int) image.Rectangle {
	return render.Rect(render.Margin+8+k*(revealBoxW+8), render.Margin+86+i*revealPitch+revealHeadH, revealBoxW, revealBoxH)
}

// revealSources are the boxes of a seat's block, left to right: from whom
// and which section of their card. The giver's section keeps its card's
// colour: the left neighbour passes its blue section (→, to the right),
// the right neighbour its green one (←, to the left).
func revealSources(g *atheneum.Game, seat int) [3]struct {
	from int
	sec  atheneum.Section
	key  string
} {
	return [3]struct {
		from int
		sec  atheneum.Section
		key  string
	}{
		{g.LeftOf(seat), revealColumns[0], "render.reveal.fromleft"},
		{seat, revealColumns[1], "render.reveal.own"},
		{g.RightOf(seat), revealColumns[2], "render.reveal.fromright"},
	}
}

// DrawReveal draws what each seat receives from the cards played this
// turn, one block per seat in seat order: in the middle the yellow part of
// its own card, on the left the blue part of its left neighbour's card,
// on the right the green part of its right neighbour's (with two seats,
// the opponent gives both), each box saying whose card it is and its code.
// A section is drawn in the colour it has on its card, as in the hand.
func DrawReveal(g *atheneum.Game, o render.Options) (render.Picture, error) {
	if err := check(g); err != nil {
		return render.Picture{}, err
	}
	played := 0
	for i := range g.Seats {
		if p := g.Seats[i].Played; p >= 0 && p < len(g.Content.Cards) {
			played++
		}
	}
	if played == 0 {
		return render.Picture{}, ErrNotRevealed
	}
	l := o.Language()
	n := len(g.Seats)
	w := 2*cardW + cardGap + 2*render.Margin
	top := render.Margin + 86
	legendTop := top + n*revealPitch
	h := legendTop + 26 + render.Margin
	// The boxes are the same on every reveal of n seats (a box's colour is
	// its column's): drawn once in the frame, not per picture, where
	// filling them was a fifth of the drawing. They were drawn over the
	// seats' names, whose letters stay above them unless a name has one
	// reaching far below the line: then they are drawn as before.
	boxed := true
	for i := range g.Seats {
		boxed = boxed && staysAboveBoxes(render.NameOf(l, o.Names, i))
	}
	f := frames.Get(struct {
		k     string
		n     int
		l     i18n.Lang
		boxed bool
	}{"reveal", n, l, boxed}, func() *image.RGBA {
		c := render.NewFrame(w, h, l)
		defer c.Release()
		c.Text(c.T("render.reveal.title"), render.Margin+4, render.Margin+36, render.Title(34), render.Ink, 0)
		c.Fill(image.Rect(render.Margin, render.Margin+76, w-render.Margin, render.Margin+78), render.ParchmentDark)
		for i := 0; i < n; i++ {
			c.FillRR(render.Rect(render.Margin, top+i*revealPitch, w-2*render.Margin, revealPitch-revealGap), 10, render.ParchmentDark)
			for k, sec := range revealColumns {
				if boxed {
					drawSectionBox(c, revealBox(i, k), sec)
				}
			}
		}
		drawRevealLegend(c, render.Margin+4, legendTop, w-2*render.Margin-8)
		return c.Img
	})
	c := revealPalette.Start(f, l)
	c.TextFit(turnText(l, g), render.Margin+4, render.Margin+64, float64(w-2*render.Margin-8), render.Cond(17), render.InkSoft)
	bw := revealBoxW
	for i := range g.Seats {
		y := top + i*revealPitch
		subjectDisc(c, render.Margin+22, float64(y)+18, 13, g.Seats[i].Subject, render.Sans(minText))
		c.TextFit(render.NameOf(l, o.Names, i), render.Margin+44, float64(y+revealNameDrop), float64(w-2*render.Margin-60), revealNameFont, render.Ink)
		for k, src := range revealSources(g, i) {
			box := revealBox(i, k)
			if !boxed {
				drawSectionBox(c, box, src.sec)
			}
			p := g.Seats[src.from].Played
			code := "—"
			var benefits []atheneum.Benefit
			if p >= 0 && p < len(g.Content.Cards) {
				code = g.Content.Cards[p].Code
				benefits = g.Content.Cards[p].Sections[src.sec]
			}
			label := c.T(src.key, "Code", code)
			if src.from != i {
				// Shorten the giver's name, never the card's code.
				f := render.Cond(16)
				room := float64(bw-12) - c.Measure(c.T(src.key, "Code", code, "Name", ""), f)
				label = c.T(src.key, "Code", code, "Name", render.Fit(c, render.NameOf(l, o.Names, src.from), room, f))
			}
			drawSection(c, box, label, benefits)
		}
	}
	return render.Finish(c, revealAlt(l, g, o.Names))
}

func revealAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{render.T(l, "render.alt.reveal", "Turn", turnText(l, g))}
	part := func(from int, sec atheneum.Section) (code, what string) {
		p := g.Seats[from].Played
		if p < 0 || p >= len(g.Content.Cards) {
			return "—", render.T(l, "render.benefit.nothing")
		}
		return g.Content.Cards[p].Code, benefitsAlt(l, g.Content.Cards[p].Sections[sec])
	}
	for i := range g.Seats {
		left, right := g.LeftOf(i), g.RightOf(i)
		ownCode, own := part(i, atheneum.SectionSelf)
		leftCode, fromLeft := part(left, atheneum.SectionToRight)
		rightCode, fromRight := part(right, atheneum.SectionToLeft)
		parts = append(parts, render.T(l, "render.alt.receives", "Name", render.AltName(l, names, i),
			"Own", own, "OwnCode", ownCode,
			"Left", render.AltName(l, names, left), "LeftCode", leftCode, "FromLeft", fromLeft,
			"Right", render.AltName(l, names, right), "RightCode", rightCode, "FromRight", fromRight))
	}
	return strings.Join(parts, " ")
}
