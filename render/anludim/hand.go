package anludim

import (
	"image"
	"strings"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// A hand is a grid of cards under a heading. It uses the largest cards
// (from five to a line up to ten) that keep the picture within maxH, so a
// usual hand of eight shows big cards and even all 65 still fit.
const (
	handHead     = 76 // the heading, above the cards
	handKeepLine = 30 // the heading's line between rounds
	handGap      = 10
	handLegend   = 46 // room below the cards for the colours' legend
)

// handGrid returns the columns and the size of the cards for n cards
// below a heading top pixels tall.
func handGrid(n, top int) (cols, cw, ch int) {
	for cols = 5; ; cols++ {
		cw = (innerW - (cols-1)*handGap) / cols
		ch = cw * 7 / 5
		rows := max(1, (n+cols-1)/cols)
		if cols == 10 || top+rows*(ch+handGap)+handLegend+render.Margin <= maxH {
			return cols, cw, ch
		}
	}
}

// DrawHand draws a seat's hand: its name, crest and how many cards it
// holds, the round and whose move it is, then every card with both of its
// readings, in the order the engine keeps them. Between rounds it says how
// many cards the seat may keep and marks those kept so far. Cards the view
// does not show (another seat's, but those seen entering that hand) are
// drawn as backs. A legend of the colours' letters ends the picture.
func DrawHand(g *anludim.Game, seat int, o render.Options) (render.Picture, error) {
	return finish(seatHandCanvas(g, seat, o))
}

// seatHandCanvas draws a seat's hand as the game shows it.
func seatHandCanvas(g *anludim.Game, seat int, o render.Options) (*render.Canvas, string, error) {
	if err := checkSeat(g, seat); err != nil {
		return nil, "", err
	}
	cards, hidden, kept := handShown(g, seat)
	return handCanvas(g, seat, cards, hidden, kept, o)
}

// handShown is what the game shows of seat's hand: the cards it shows,
// how many it hides, and those kept for the next round.
func handShown(g *anludim.Game, seat int) (cards []int, hidden int, kept map[int]bool) {
	cards = g.Hand(seat)
	hidden = max(0, g.HandSize(seat)-len(cards))
	kept = map[int]bool{}
	if g.Keeping() {
		for _, id := range g.Kept(seat) {
			kept[id] = true
		}
	}
	return cards, hidden, kept
}

// handCanvas draws seat's hand as cards (shown) and hidden (backs), the
// cards in kept marked, and returns the canvas and its alt text.
func handCanvas(g *anludim.Game, seat int, cards []int, hidden int, kept map[int]bool, o render.Options) (*render.Canvas, string, error) {
	l := o.Language()
	n := len(cards) + hidden
	total := n
	top := render.Margin + handHead
	if g.Keeping() {
		top += handKeepLine
	}
	legend := handLegend
	if len(cards) == 0 {
		legend = 0 // no face shows a letter
	}
	cols, cw, ch := handGrid(total, top)
	rows := max(1, (total+cols-1)/cols)
	h := top + rows*(ch+handGap) - handGap + legend + render.Margin
	c := handPalette.Blank(picW, h, l)

	// The heading: crest and name, the count on the right.
	x0 := float64(render.Margin)
	c.BlitOver(crestSprite(g.Gold(seat), g.RoundsWon(seat)), image.Pt(render.Margin+2, render.Margin+6))
	count := c.T("anludim.picture.hand_count", "Count", n)
	if hidden > 0 {
		count += " · " + c.T("anludim.picture.hidden", "Count", hidden)
	}
	cwd := c.Text(count, float64(picW-render.Margin-4), render.Margin+30, render.Sans(18), render.Ink, 1)
	c.TextFit(nameOf(l, o.Names, seat), x0+38, render.Margin+30, float64(innerW)-cwd-56, render.Sans(26), render.Ink)
	drawStatus(c, g, o.Names, x0+4, render.Margin+58, float64(innerW-8), render.Cond(17), render.InkSoft)
	if g.Keeping() {
		label(c, c.T("anludim.picture.keep", "Limit", g.KeepLimit(seat), "Count", len(kept)), x0+4, render.Margin+84,
			float64(innerW-8), render.Cond(18), render.Ink)
	}
	c.Fill(image.Rect(render.Margin, top-10, picW-render.Margin, top-8), render.ParchmentDark)

	if total == 0 {
		c.TextMid(c.T("anludim.picture.no_cards"), picW/2, float64(top+ch/2), render.Sans(22), render.InkSoft)
	}
	for i := 0; i < total; i++ {
		at := image.Pt(render.Margin+(i%cols)*(cw+handGap), top+(i/cols)*(ch+handGap))
		// The cards are flattened onto what they lie on, the parchment or
		// a kept card's gold (wholly gold under the card), and copied: a
		// hand is mostly cards, which are then neither blended nor mapped
		// onto the palette again.
		if i >= len(cards) {
			c.Blit(backSprite(cw, ch, render.Parchment), at)
			continue
		}
		id := cards[i]
		bg := render.Parchment
		if kept[id] {
			c.FillRR(image.Rectangle{at, at.Add(image.Pt(cw, ch))}.Inset(-4), 10, render.Gold)
			bg = render.Gold
		}
		c.Blit(cardSprite(id, cw, ch, l, bg), at)
		if kept[id] {
			lf := render.Cond(16)
			label := c.FitLabel(c.T("anludim.picture.kept"), float64(cw-8), lf)
			lw := int(c.Measure(label, lf)) + 10
			tag := image.Rect(at.X+(cw-lw)/2, at.Y+ch/2-11, at.X+(cw+lw)/2, at.Y+ch/2+11)
			c.FillRR(tag, 6, render.Ink)
			c.FillRR(tag.Inset(2), 5, render.Gold)
			c.TextMid(label, float64(tag.Min.X+tag.Max.X)/2, float64(tag.Min.Y+tag.Max.Y)/2, lf, render.Ink)
		}
	}
	if legend > 0 {
		legendLine(c, picW/2, float64(h-render.Margin-12))
	}
	return c, handAlt(l, g, seat, o.Names, cards, hidden, kept), nil
}

// handAlt describes a hand: whose, how many cards, each card's two
// readings, and the cards kept. A hand too long for Discord to keep whole
// names its first cards and says how many more it holds.
func handAlt(l i18n.Lang, g *anludim.Game, seat int, names []string, cards []int, hidden int, kept map[int]bool) string {
	key := "anludim.alt.hand"
	if len(cards)+hidden == 0 {
		key = "anludim.alt.hand.empty"
	}
	head := render.T(l, key, "Name", render.AltName(l, names, seat), "Count", len(cards)+hidden,
		"Crest", crestText(l, g, seat)) + " " + roundText(l, g) + "."
	var tail []string
	if hidden > 0 {
		tail = append(tail, render.T(l, "anludim.alt.hidden", "Count", hidden))
	}
	if g.Keeping() {
		tail = append(tail, render.T(l, "anludim.picture.keep", "Limit", g.KeepLimit(seat), "Count", len(kept))+".")
	}
	cs := make([]string, len(cards))
	for i, id := range cards {
		cs[i] = cardText(l, id)
		if kept[id] {
			cs[i] += " (" + render.T(l, "anludim.picture.kept") + ")"
		}
	}
	var s string
	for listed := len(cs); listed >= 0; listed-- {
		parts := []string{head}
		if listed > 0 {
			list := strings.Join(cs[:listed], altSep(l))
			if more := len(cs) - listed; more > 0 {
				list += altSep(l) + render.T(l, "anludim.alt.more_cards", "Count", more)
			}
			parts = append(parts, list+".")
		}
		if s = strings.Join(append(parts, tail...), " "); len(Tidy(l, s)) <= render.AltLimit {
			break
		}
	}
	return s
}
