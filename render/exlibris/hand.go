package exlibris

import (
	"image"
	"strings"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// A hand is a grid of cards under a heading and the books they hold by
// category. It uses the largest cards (from five to a line up to
// sixteen) that keep the picture within maxH, so a usual hand of six
// shows big cards and even a hand of sixty still fits.
const (
	handHeadH = 100
)

// handGrid returns the columns, the size of the cards and the space
// between them for n cards below a heading top pixels tall.
func handGrid(c *render.Canvas, n, top int) (cols, cw, ch, gap int) {
	for cols = 5; ; cols++ {
		gap = 10
		if cols > 10 {
			gap = 5
		}
		cw = (innerW - (cols-1)*gap) / cols
		ch = max(cardMinH(c, cw), cw*5/4)
		rows := max(1, (n+cols-1)/cols)
		if cols == 16 || top+rows*(ch+gap)+render.Margin <= maxH {
			return cols, cw, ch, gap
		}
	}
}

// DrawHand draws seat's hand: its name and how many cards it holds, whose
// move the game waits for, its library, the books of the cards shown by
// category (the popular, banned and, where the view shows it, speciality
// categories marked), then every card by code, each with its letter,
// order, how many cards share its letter and its books. Cards the view
// does not show (another seat's, but those it saw arrive there) are drawn
// as backs: pass the seat's own view (g.View(seat)) to show its hand, any
// other view to show what that viewer knows of it. It returns
// render.ErrNoGame or render.ErrNoSeat for a game or seat it cannot draw.
func DrawHand(g *exlibris.Game, seat int, o render.Options) (render.Picture, error) {
	return finish(handCanvas(g, seat, o))
}

func handCanvas(g *exlibris.Game, seat int, o render.Options) (*render.Canvas, string, error) {
	if err := checkSeat(g, seat); err != nil {
		return nil, "", err
	}
	cards, hidden := handShown(g, seat)
	return handCanvasOf(g, seat, cards, hidden, o)
}

// handShown are the cards of seat's hand that g shows, and how many more
// it holds unseen.
func handShown(g *exlibris.Game, seat int) (cards []int, hidden int) {
	cards = g.Hand(seat)
	return cards, max(0, g.HandSize(seat)-len(cards))
}

// handAltText is the alt text handCanvas gives its picture, without
// drawing it: the tests read the alt texts of a whole game's pictures.
func handAltText(g *exlibris.Game, seat int, o render.Options) (string, error) {
	if err := checkSeat(g, seat); err != nil {
		return "", err
	}
	cards, hidden := handShown(g, seat)
	return handAlt(o.Language(), g, seat, o.Names, cards, hidden), nil
}

// handCanvasOf draws seat's hand of cards, and hidden cards more.
func handCanvasOf(g *exlibris.Game, seat int, cards []int, hidden int, o render.Options) (*render.Canvas, string, error) {
	l := o.Language()
	n := len(cards) + hidden
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	info := wrapParts(scratch, handParts(l, g, seat, hidden), innerW-8, render.Cond(16))
	headH := handHeadH + (len(info)-1)*infoLineH
	top := render.Margin + headH + catBlockH
	cols, cw, ch, handGap := handGrid(scratch, n, top)
	scratch.Release()
	rows := max(1, (n+cols-1)/cols)
	h := top + rows*(ch+handGap) - handGap + render.Margin
	c := startCanvas(h, l)

	x0 := float64(render.Margin)
	c.BlitOver(tokenSprite(seat, false, 28), image.Pt(render.Margin+2, render.Margin+8))
	count := pt(l, "in_hand", "Count", n)
	cwd := c.Text(count, float64(picW-render.Margin-4), render.Margin+30, render.Sans(19), render.Ink, 1)
	c.TextFit(name(l, o.Names, seat), x0+38, render.Margin+31, float64(innerW)-cwd-50, render.Sans(25), render.Ink)
	drawStatus(c, g, o.Names, x0+4, render.Margin+58, float64(innerW-8), render.Cond(17), render.InkSoft)
	for i, line := range info {
		label(c, line, x0+4, float64(render.Margin+84+i*infoLineH), float64(innerW-8), render.Cond(16), render.Ink)
	}
	c.Fill(image.Rect(render.Margin, render.Margin+headH-8, picW-render.Margin, render.Margin+headH-6), render.ParchmentDark)
	var inHand [exlibris.NumCategories]int
	if len(cards) == 0 && hidden > 0 {
		inHand = [exlibris.NumCategories]int{-1, -1, -1, -1, -1, -1}
	}
	for _, id := range cards {
		for k, b := range books(id) {
			inHand[k] += b
		}
	}
	heading := "books_in_hand"
	if hidden > 0 {
		heading = "books_shown"
	}
	drawCategories(c, g, seat, inHand, heading, render.Margin+headH)
	if n == 0 {
		c.TextMid(pt(l, "no_cards"), picW/2, float64(top+ch/2), render.Sans(22), render.InkSoft)
	}
	for i := 0; i < n; i++ {
		at := image.Pt(render.Margin+(i%cols)*(cw+handGap), top+(i/cols)*(ch+handGap))
		if i >= len(cards) {
			c.Blit(cardSprite(-1, cw, ch, unknown, render.Parchment), at)
			continue
		}
		c.Blit(cardSprite(cards[i], cw, ch, faceUp, render.Parchment), at)
	}
	return c, handAlt(l, g, seat, o.Names, cards, hidden), nil
}

// handParts are a seat's library and its hidden cards, for the heading.
func handParts(l i18n.Lang, g *exlibris.Game, seat, hidden int) []string {
	parts := seatParts(l, g, seat)
	// The hand's size is in the heading already.
	parts = append(parts[:1:1], parts[2:]...)
	if hidden > 0 {
		parts = append(parts, pt(l, "hidden", "Count", hidden))
	}
	return parts
}

// handAlt describes a hand: whose, how many cards, each card with its
// books, the cards hidden, and the table's categories. A hand too long
// for Discord to keep whole names its cards without their books.
func handAlt(l i18n.Lang, g *exlibris.Game, seat int, names []string, cards []int, hidden int) string {
	head := []string{
		pt(l, "alt.hand", "Name", render.AltName(l, names, seat), "Count", len(cards)+hidden) + ".",
		status(l, g, names, true) + ".",
	}
	at := func(withBooks bool) func() string {
		return func() string {
			parts := append([]string(nil), head...)
			if len(cards) > 0 {
				cs := make([]string, len(cards))
				for i, id := range cards {
					cs[i] = code(id)
					if withBooks {
						cs[i] = cardWords(l, id)
					}
				}
				parts = append(parts, strings.Join(cs, pt(l, "alt.sep"))+".")
			}
			if hidden > 0 {
				parts = append(parts, pt(l, "hidden", "Count", hidden)+".")
			}
			parts = append(parts, tableCats(l, g, seat)+".")
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true), at(false))
}
