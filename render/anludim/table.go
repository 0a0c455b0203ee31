package anludim

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// The table, top to bottom: a heading (round, turn, whose move), the
// recruits (face-up cards, deck, discard pile), the professors with their
// stacks, one panel per seat, and the legend.
const (
	tabHeadH    = 88
	tabRecruitH = 162
	tabProfH    = 86
	tabLegendH  = 62
	faceW       = 80 // a face-up card
	faceH       = 110
	seatPad     = 6
	seatHeadH   = 36 // a seat's first line: crest, name, items, hand, total
	seatItemsH  = 32 // the items' own line, when they do not fit beside the name
	comboLineH  = tokenH + 6
	seatGap     = 8
	comboGap    = 12
	minNameW    = 120 // a name keeps this much beside the items
)

// seatView is what the table shows of a seat.
type seatView struct {
	combos      []anludim.Combination // in the order drawn (see displayOrder)
	items       []anludim.Item        // magic items, each kind together, then parchments
	hand, total int
	wins        int
	gold        bool
	active      bool // the game waits for this seat
}

// seatViews gathers what the table shows of each seat.
func seatViews(g *anludim.Game) []seatView {
	out := make([]seatView, g.Seats())
	aw := g.Awaited()
	for s := range out {
		out[s] = seatView{combos: displayOrder(g.Combinations(s)), items: itemsOf(g, s), hand: g.HandSize(s), total: g.Value(s),
			wins: g.RoundsWon(s), gold: g.Gold(s), active: !g.Over() && len(aw) > 0 && aw[0] == s}
	}
	return out
}

// seatPlan is how a seat's panel is laid out.
type seatPlan struct {
	combos    []anludim.Combination // in the order drawn
	placed    []placement
	lines     int
	dropped   int  // combinations left out for room, shown as a count
	cut       bool // the last combination drawn shows only its first readings
	itemsLine bool // the items need a line of their own
	height    int
}

// placement is a badge, a reading or the count of combinations left out,
// at x on a line of a seat's combinations.
type placement struct {
	line, x int
	combo   int // index in combos; -1 for the count
	use     int // index in the combination's uses; -1 for its badge
}

// flowCombos lays combinations out left to right in lines width pixels
// long, each as its professor's badge then its readings; one too long for
// a line goes on over the next. chip, when not 0, is the width of a count
// to place after them. It returns the placements and the lines used.
func flowCombos(combos []anludim.Combination, width, chip int) ([]placement, int) {
	var out []placement
	x, line := 0, 0
	const badgeW = 2*pawnR + 4
	step := tokenW + tokenGap
	for i, cb := range combos {
		need := badgeW + len(cb.Uses)*step - tokenGap
		if x > 0 && x+need > width && (need <= width || width-x < badgeW+3*step) {
			x, line = 0, line+1
		}
		out = append(out, placement{line, x, i, -1})
		x += badgeW
		for k := range cb.Uses {
			if x+tokenW > width {
				x, line = badgeW, line+1
			}
			out = append(out, placement{line, x, i, k})
			x += step
		}
		x += comboGap - tokenGap
	}
	if chip > 0 {
		if x > 0 && x+chip > width {
			x, line = 0, line+1
		}
		out = append(out, placement{line, x, -1, -1})
	}
	lines := line + 1
	if len(out) == 0 {
		lines = 0
	}
	return out, lines
}

// displayOrder sorts a seat's combinations for drawing: those holding
// their professor first, then by professor; and each one's readings by
// value, then colour, so that its runs, pairs and trios show.
func displayOrder(cs []anludim.Combination) []anludim.Combination {
	cs = slices.Clone(cs)
	for i := range cs {
		uses := slices.Clone(cs[i].Uses)
		slices.SortStableFunc(uses, func(a, b anludim.Use) int {
			ra, _ := reading(a)
			rb, _ := reading(b)
			if ra.Value != rb.Value {
				return ra.Value - rb.Value
			}
			return int(ra.Colour) - int(rb.Colour)
		})
		cs[i].Uses = uses
	}
	slices.SortStableFunc(cs, func(a, b anludim.Combination) int {
		if a.Holds != b.Holds {
			if a.Holds {
				return -1
			}
			return 1
		}
		return int(a.Prof) - int(b.Prof)
	})
	return cs
}

// chipText is what stands for what a seat's panel leaves out: "…" after
// a combination cut short, and the count of combinations left out.
func chipText(l i18n.Lang, p *seatPlan) string {
	s := ""
	if p.cut {
		s = "…"
	}
	if p.dropped > 0 {
		if s != "" {
			s += " "
		}
		s += moreText(l, p.dropped)
	}
	return s
}

// moreText is the count of combinations left out.
func moreText(l i18n.Lang, n int) string { return render.T(l, "anludim.picture.more", "Count", n) }

// planSeat lays out a seat's combinations in at most maxLines lines
// (any number when maxLines < 0).
func planSeat(c *render.Canvas, sv *seatView, itemsLine bool, maxLines int) seatPlan {
	p := seatPlan{combos: sv.combos, itemsLine: itemsLine}
	width := innerW - 16
	p.placed, p.lines = flowCombos(p.combos, width, 0)
	if maxLines >= 0 && p.lines > maxLines {
		// Leave out whole combinations from the last, keeping one.
		done := false
		for k := len(p.combos) - 1; k >= 1; k-- {
			chip := int(c.Measure(moreText(c.Lang, len(p.combos)-k), render.Cond(16))) + 8
			placed, lines := flowCombos(p.combos[:k], width, chip)
			if lines <= maxLines {
				p.placed, p.lines, p.dropped = placed, lines, len(p.combos)-k
				p.combos = p.combos[:k]
				done = true
				break
			}
		}
		if !done {
			// Even the first one does not fit: show its first readings.
			p.dropped = len(p.combos) - 1
			p.combos = p.combos[:1]
			p.cut = true
			chip := int(c.Measure(chipText(c.Lang, &p), render.Cond(16))) + 8
			placed, _ := flowCombos(p.combos, width, 0)
			for len(placed) > 1 {
				last := placed[len(placed)-1]
				if last.line < max(maxLines, 1) && last.x+tokenW+tokenGap+chip <= width {
					break
				}
				placed = placed[:len(placed)-1]
			}
			last := placed[len(placed)-1]
			p.placed = append(placed, placement{last.line, last.x + tokenW + tokenGap + 4, -1, -1})
			p.lines = last.line + 1
		}
	}
	p.height = 2*seatPad + seatHeadH + p.lines*comboLineH
	if itemsLine {
		p.height += seatItemsH
	}
	return p
}

// itemsOf is a seat's magic items, each kind together, then its
// parchments.
func itemsOf(g *anludim.Game, seat int) []anludim.Item {
	items := g.Items(seat)
	for i := 0; i < g.Parchments(seat); i++ {
		items = append(items, anludim.Item{Kind: anludim.Parchment, Value: 1})
	}
	return items
}

// drawItemRun draws a seat's items from x on the line centred on cy, on
// the panels' colour, as icons, or, when they would not fit in width, as
// one icon per kind followed by the values ("1 1 2"). It returns the
// width drawn. With copied, the panel was copied (Blit), and so are the
// icons, whose tiles may then never need mapping; on a panel drawn in
// place they are blended (copied pixel by pixel: they are opaque).
func drawItemRun(c *render.Canvas, items []anludim.Item, x, cy float64, width float64, copied bool) float64 {
	put := c.BlitOver
	if copied {
		put = c.Blit
	}
	x0 := x
	_, full := itemRunWidth(items)
	top := int(cy) - itemSize/2
	if float64(full) <= width {
		for i, it := range items {
			if i > 0 {
				x += 2
				if it.Kind != items[i-1].Kind {
					x += 8
				}
			}
			v := it.Value
			if it.Kind == anludim.Parchment {
				v = 0
			}
			put(itemSprite(it.Kind, v, itemSize, render.ParchmentDark), image.Pt(int(x), top))
			x += itemSize
		}
		return x - x0
	}
	f := render.Cond(16)
	end := x0 + width
	for i := 0; i < len(items); {
		j := i
		var vals []string
		for j < len(items) && items[j].Kind == items[i].Kind {
			vals = append(vals, strconv.Itoa(items[j].Value))
			j++
		}
		label := strings.Join(vals, " ")
		if items[i].Kind == anludim.Parchment {
			label = "×" + strconv.Itoa(len(vals))
		}
		last := j == len(items)
		gw := itemSize + 2 + c.Measure(label, f)
		if x+gw > end || (!last && x+gw+10+c.Measure("…", f) > end && x+gw+10+itemSize > end) {
			// No room for this kind, or for anything after it: say so.
			c.Text("…", x, cy+6, f, render.Ink, 0)
			break
		}
		put(itemSprite(items[i].Kind, 0, itemSize, render.ParchmentDark), image.Pt(int(x), top))
		x += itemSize + 2
		x += c.Text(label, x, cy+6, f, render.Ink, 0) + 10
		i = j
	}
	return x - x0
}

// itemRunWidth is the width of items drawn one icon each.
func itemRunWidth(items []anludim.Item) (n, width int) {
	for i, it := range items {
		if i > 0 {
			width += 2
			if it.Kind != items[i-1].Kind {
				width += 8
			}
		}
		width += itemSize
	}
	return len(items), width
}

// seatRight draws a seat's hand size and total at the right end of its
// first line, ending at x1 on baseline y, and returns their width.
func seatRight(c *render.Canvas, sv *seatView, x1, y float64) float64 {
	x := x1
	x -= c.Text(strconv.Itoa(sv.total), x, y, render.Sans(20), render.Ink, 1) + 5
	x -= c.Text(c.T("anludim.picture.total"), x, y, render.Cond(16), render.InkSoft, 1) + 14
	x -= c.Text(strconv.Itoa(sv.hand), x, y, render.Sans(20), render.Ink, 1) + 3
	x -= 24
	c.Blit(handIcon(render.ParchmentDark), image.Pt(int(x), int(y)-21))
	return x1 - x
}

// DrawTable draws the whole table, for everyone (seats' hands are only
// counted): the round and turn, whose move it is and the variant; the
// three face-up cards with both readings, the deck's size and the discard
// pile with its top card; each professor with its badge (solid where the
// pawn is: here, on the board), its name and its stack (the top item, or
// empty, and how many are left); then for each seat, the seat to move
// outlined in gold, its crest with its rounds won, name, magic items and
// parchments, cards in hand and total, and the combinations in front of it,
// each led by its professor's badge (solid while the pawn stands on it),
// then the readings it was laid with. A legend of the colours' letters and
// the badges ends it. When the seats' combinations would make the picture
// taller than 1.6 times its width, each seat keeps at least one line of
// them, those holding a pawn first, and counts the others.
func DrawTable(g *anludim.Game, o render.Options) (render.Picture, error) {
	if err := check(g); err != nil {
		return render.Picture{}, err
	}
	return finish(tableCanvas(g, seatViews(g), o))
}

// tableCanvas draws the table with the seats as seats says, and returns
// the canvas and its alt text.
func tableCanvas(g *anludim.Game, seats []seatView, o render.Options) (*render.Canvas, string, error) {
	l := o.Language()
	n := len(seats)
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	// Plan the seats: items beside the name when they fit, and as many
	// lines of combinations as the height allows.
	fixed := 2*render.Margin + tabHeadH + tabRecruitH + tabProfH + tabLegendH + (n-1)*seatGap
	plans := make([]seatPlan, n)
	for s := range seats {
		nameW := min(scratch.Measure(nameOf(l, o.Names, s), render.Sans(20)), minNameW)
		_, iw := itemRunWidth(seats[s].items)
		itemsLine := float64(iw) > float64(innerW)-16-crestW-8-nameW-12-rightW(scratch, &seats[s])-10
		plans[s] = planSeat(scratch, &seats[s], itemsLine, -1)
	}
	total := func() int {
		h := fixed
		for _, p := range plans {
			h += p.height
		}
		return h
	}
	for total() > maxH {
		// Take a line of combinations from the seat with the most,
		// keeping at least one; then put items back beside the names,
		// shortened. One line each always fits.
		worst := -1
		for s, p := range plans {
			if p.lines > 1 && (worst < 0 || p.lines > plans[worst].lines) {
				worst = s
			}
		}
		if worst >= 0 {
			plans[worst] = planSeat(scratch, &seats[worst], plans[worst].itemsLine, plans[worst].lines-1)
			continue
		}
		for s, p := range plans {
			if p.itemsLine {
				worst = s
			}
		}
		if worst < 0 {
			break
		}
		plans[worst] = planSeat(scratch, &seats[worst], false, plans[worst].lines)
	}
	scratch.Release()
	h := total()

	c := tablePalette.Blank(picW, h, l)
	x0, x1 := float64(render.Margin), float64(picW-render.Margin)
	// Heading: what it always shows is copied (tableHeadSprite).
	c.Blit(tableHeadSprite(l), image.Pt(render.Margin, render.Margin))
	c.Text(roundText(l, g), x1-4, render.Margin+30, render.Sans(19), render.Ink, 1)
	sw := float64(innerW - 8)
	if g.Options().Expert {
		sw -= c.Text(render.T(l, "anludim.variant.expert.choice"), x1-4, render.Margin+66, render.Cond(17), render.InkSoft, 1) + 16
	}
	if key, seat := status(g); key != "" {
		drawNamed(c, o.Names, seat, key, "", x0+4, render.Margin+66, sw, render.Sans(19), render.Ink, 0)
	}
	y := render.Margin + tabHeadH
	drawRecruits(c, g, y)
	y += tabRecruitH
	drawProfessors(c, g, y)
	y += tabProfH
	for s := range seats {
		drawSeat(c, &seats[s], s, o.Names, &plans[s], y)
		y += plans[s].height + seatGap
	}
	y += 8 - seatGap
	drawTableLegend(c, y)
	return c, tableAlt(l, g, o.Names), nil
}

// rightW is the width seatRight takes.
func rightW(c *render.Canvas, sv *seatView) float64 {
	return c.Measure(strconv.Itoa(sv.total), render.Sans(20)) + 5 + c.Measure(c.T("anludim.picture.total"), render.Cond(16)) + 14 +
		c.Measure(strconv.Itoa(sv.hand), render.Sans(20)) + 3 + 24
}

// Where the recruits' row draws the deck and the discard pile.
const (
	deckX = picW - render.Margin - 2*faceW - 44
	discX = picW - render.Margin - faceW - 8
)

// tableHeadSprite is what the top of the table always shows in l, from
// the parchment's margin: the title, the rule under the heading, and the
// captions of the face-up cards, the deck and the discard pile, down to
// where the deck's cards start (tableCanvas, drawRecruits). Its text is
// drawn at whole pixels, so it is the same wherever it is copied; nothing
// the picture draws before it, or under it after, meets it.
func tableHeadSprite(l i18n.Lang) *render.Sprite {
	type key struct{ l i18n.Lang }
	return sprites.Get(key{l}, func() *image.RGBA {
		c := render.NewSprite(innerW, tabHeadH+24-3*2, render.Parchment)
		c.Lang = l
		defer c.Release()
		c.Text("Anludim", 4, 34, render.Title(34), render.Ink, 0)
		c.Fill(image.Rect(0, tabHeadH-8, innerW, tabHeadH-6), render.ParchmentDark)
		f := render.Cond(16)
		c.Text(c.T("anludim.face_up.title"), 4, float64(tabHeadH+14), f, render.InkSoft, 0)
		for _, p := range []struct {
			x   int
			key string
		}{{deckX, "anludim.picture.deck"}, {discX, "anludim.picture.discard"}} {
			cx := float64(p.x + faceW/2 - render.Margin)
			c.TextMid(c.FitLabel(c.T(p.key), faceW+36, f), cx, float64(tabHeadH+14)-5, f, render.InkSoft)
		}
		return c.Img
	})
}

// drawRecruits draws the face-up cards, then the deck and the discard pile
// with their sizes, from y; their captions are tableHeadSprite's.
func drawRecruits(c *render.Canvas, g *anludim.Game, y int) {
	top := y + 24
	for i, id := range g.FaceUp() {
		at := image.Pt(render.Margin+i*(faceW+12), top)
		if id < 0 {
			render.Dashed(c, image.Rectangle{at, at.Add(image.Pt(faceW, faceH))}, 2, render.InkSoft)
			continue
		}
		c.Blit(cardSprite(id, faceW, faceH, c.Lang, render.Parchment), at)
	}
	label := float64(top + faceH + 22)
	// The deck and the discard pile, on the right.
	if g.DeckSize() > 0 {
		for k := min(2, g.DeckSize()-1); k >= 0; k-- {
			c.BlitOver(backSprite(faceW, faceH, color.RGBA{}), image.Pt(deckX+3*k, top-3*k))
		}
	} else {
		render.Dashed(c, render.Rect(deckX, top, faceW, faceH), 2, render.InkSoft)
	}
	pile := g.DiscardPile()
	if len(pile) > 0 {
		c.Blit(cardSprite(pile[len(pile)-1], faceW, faceH, c.Lang, render.Parchment), image.Pt(discX, top))
	} else {
		render.Dashed(c, render.Rect(discX, top, faceW, faceH), 2, render.InkSoft)
	}
	for _, p := range []struct{ x, count int }{{deckX, g.DeckSize()}, {discX, len(pile)}} {
		c.TextMid(strconv.Itoa(p.count), float64(p.x+faceW/2), label-6, render.Sans(20), render.Ink)
	}
}

// drawProfessors draws the five professors in a band from y, a column
// each: its badge (solid when its pawn is on the board) beside the top item
// of its stack, then its name, then how many items are left, or that the
// stack is empty. Each column is as wide as its words need, and the room
// left is shared out.
func drawProfessors(c *render.Canvas, g *anludim.Game, y int) {
	// The band is a panel copied, as a seat's is (see drawSeat).
	c.Blit(panelSprite(tabProfH-8, false), image.Pt(render.Margin, y))
	f := render.Cond(16)
	var names, lefts [anludim.NumProfessors]string
	var need [anludim.NumProfessors]float64
	var sum float64
	for p := range names {
		names[p] = profName(c.Lang, anludim.Professor(p))
		lefts[p] = c.T("anludim.picture.empty")
		if n := len(g.Stack(anludim.Professor(p))); n > 0 {
			lefts[p] = c.T("anludim.picture.left", "Count", n)
		}
		need[p] = max(c.Measure(names[p], f), c.Measure(lefts[p], f), 2*pawnR+32)
		sum += need[p]
	}
	spare := (float64(innerW) - sum) / anludim.NumProfessors
	x := float64(render.Margin)
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		colW := need[p] + spare
		cx := x + colW/2
		stack := g.Stack(p)
		bx := int(cx) - pawnR
		if len(stack) > 0 {
			bx = int(cx) - pawnR - 16
			c.Blit(itemSprite(anludim.ItemKind(p), stack[0], 28, render.ParchmentDark), image.Pt(int(cx)+2, y+5))
		}
		c.Blit(pawnSprite(p, g.ProfessorSeat(p) < 0, c.Lang, render.ParchmentDark), image.Pt(bx, y+4))
		c.TextMid(c.FitLabel(names[p], colW-4, f), cx, float64(y+46), f, render.Ink)
		col := render.InkSoft
		if len(stack) == 0 {
			col = render.Red
		}
		c.TextMid(c.FitLabel(lefts[p], colW-4, f), cx, float64(y+65), f, col)
		x += colW
	}
}

// drawSeat draws a seat's panel from y.
func drawSeat(c *render.Canvas, sv *seatView, seat int, names []string, p *seatPlan, y int) {
	l := c.Lang
	panel := render.Rect(render.Margin, y, innerW, p.height)
	// The panel and what lies on it are sprites flattened onto what they
	// lie on and copied: the tiles that no text is written on are then
	// neither blended nor mapped onto the palette.
	c.Blit(panelSprite(p.height, sv.active), panel.Min)
	if sv.active {
		// A pointer in the margin, so the seat to move shows without colour.
		// Marked before it is drawn: the tiles it shares with the panel
		// copied hold only indices, and marking writes their pixels.
		cy := float64(y + seatPad + seatHeadH/2)
		c.MarkF(render.Border, cy-10, render.Margin, cy+10)
		dc := c.GG()
		dc.MoveTo(render.Border+3, cy-9)
		dc.LineTo(render.Margin-3, cy)
		dc.LineTo(render.Border+3, cy+9)
		dc.ClosePath()
		dc.SetColor(render.Ink)
		dc.Fill()
	}
	x := float64(panel.Min.X + 8)
	top := y + seatPad
	base := float64(top + 25)
	// Blended: the name beside it is written on its tiles anyway.
	c.BlitOver(crestSprite(sv.gold, sv.wins), image.Pt(int(x), top+3))
	x += crestW + 8
	right := seatRight(c, sv, float64(panel.Max.X-10), base)
	name := nameOf(l, names, seat)
	items := sv.items
	nameW := float64(panel.Max.X-10) - right - x - 10
	if !p.itemsLine && len(items) > 0 {
		// The name takes what the items leave, but at least minNameW;
		// the items then make do with the rest (see drawItemRun).
		_, iw := itemRunWidth(items)
		nameW = max(min(c.Measure(name, render.Sans(20)), minNameW), nameW-float64(iw)-12)
	}
	x += c.TextFit(name, x, base, nameW, render.Sans(20), render.Ink) + 12
	cy := float64(top + seatHeadH/2)
	if p.itemsLine {
		x = float64(panel.Min.X + 8)
		cy = float64(top+seatHeadH) + seatItemsH/2 - 2
		top += seatItemsH
	}
	drawItemRun(c, items, x, cy, float64(panel.Max.X-10)-right-x-10+b2f(p.itemsLine)*(right+10), true)
	top += seatHeadH
	for _, pl := range p.placed {
		at := image.Pt(panel.Min.X+8+pl.x, top+pl.line*comboLineH)
		switch {
		case pl.combo < 0:
			c.Text(chipText(l, p), float64(at.X+4), float64(at.Y+tokenH/2+6), render.Cond(16), render.InkSoft, 0)
		case pl.use < 0:
			cb := p.combos[pl.combo]
			c.Blit(pawnSprite(cb.Prof, cb.Holds, l, render.ParchmentDark), image.Pt(at.X, at.Y+(tokenH-2*pawnR)/2))
		default:
			if rd, ok := reading(p.combos[pl.combo].Uses[pl.use]); ok {
				c.Blit(tokenSprite(rd, l, render.ParchmentDark), at)
			}
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// drawTableLegend explains the colours' letters, the badges and the hand
// icon, from y.
func drawTableLegend(c *render.Canvas, y int) {
	legendLine(c, picW/2, float64(y+16))
	f := render.Cond(16)
	parts := []struct {
		icon *render.Sprite
		key  string
	}{
		{pawnSprite(anludim.Seer, true, c.Lang, render.Parchment), "anludim.picture.legend.here"},
		{pawnSprite(anludim.Seer, false, c.Lang, render.Parchment), "anludim.picture.legend.gone"},
		{handIcon(render.Parchment), "anludim.picture.legend.hand"},
	}
	var w float64
	for _, p := range parts {
		w += float64(p.icon.Bounds().Dx()) + 4 + c.Measure(c.T(p.key), f) + 16
	}
	x := float64(picW)/2 - (w-16)/2
	base := float64(y + 48)
	for _, p := range parts {
		c.Blit(p.icon, image.Pt(int(x), int(base)-6-p.icon.Bounds().Dy()/2))
		x += float64(p.icon.Bounds().Dx()) + 4
		x += c.Text(c.T(p.key), x, base, f, render.InkSoft, 0) + 16
	}
}

// tableAlt describes the table in words: whose turn it is, the face-up
// cards, where each professor stands and what its stack holds, and each
// seat's crest, hand, total, items and combinations. A crowded table is
// told more briefly, so that Discord keeps it whole: combinations by
// their size, then stacks by their count, items by kind, then without
// combinations, and at last without items (the totals say what they are
// worth).
func tableAlt(l i18n.Lang, g *anludim.Game, names []string) string {
	head := []string{render.T(l, "anludim.alt.table", "Round", roundText(l, g), "Status", statusAlt(l, g, names))}
	var face []string
	for _, id := range g.FaceUp() {
		if id >= 0 {
			face = append(face, cardText(l, id))
		}
	}
	head = append(head, render.T(l, "anludim.alt.recruits", "Cards", strings.Join(face, altSep(l)), "Deck", g.DeckSize(),
		"Discard", len(g.DiscardPile())))
	// The briefer texts share parts with the more detailed ones, each
	// written once.
	var profsDone [2]bool
	var profs [2]string
	seatsDone := map[seatDetail][]string{}
	at := func(detail seatDetail, stacks bool) func() string {
		return func() string {
			k := 0
			if stacks {
				k = 1
			}
			if !profsDone[k] {
				ps := make([]string, anludim.NumProfessors)
				for p := range ps {
					ps[p] = professorAlt(l, g, names, anludim.Professor(p), stacks)
				}
				profs[k], profsDone[k] = strings.Join(ps, altSep(l))+".", true
			}
			seats, ok := seatsDone[detail]
			if !ok {
				for s := 0; s < g.Seats(); s++ {
					seats = append(seats, seatAlt(l, g, names, s, detail))
				}
				seatsDone[detail] = seats
			}
			parts := append(append(slices.Clone(head), profs[k]), seats...)
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(seatFull, true), at(seatCombosCounted, true), at(seatCombosCounted, false), at(seatItemsByKind, false),
		at(seatNoCombos, false), at(seatBare, false))
}

// seatDetail is how much of a seat the table's alt text tells.
type seatDetail int

const (
	seatFull          seatDetail = iota // items by value, combinations card by card
	seatCombosCounted                   // combinations by their number of cards
	seatItemsByKind                     // and items by kind, without values
	seatNoCombos                        // and no combinations
	seatBare                            // crest, hand and total only
)

// professorAlt says where a professor stands and what is left on its
// stack: the values, top first, or with stacks false only how many.
func professorAlt(l i18n.Lang, g *anludim.Game, names []string, p anludim.Professor, stacks bool) string {
	where := render.T(l, "anludim.picture.board")
	if s := g.ProfessorSeat(p); s >= 0 {
		where = render.T(l, "anludim.picture.with", "Name", render.AltName(l, names, s))
	}
	stack := g.Stack(p)
	left := render.T(l, "anludim.picture.empty")
	if len(stack) > 0 {
		left = render.T(l, "anludim.item."+anludim.ItemKind(p).ID()+".count", "Count", len(stack))
		if stacks {
			vals := make([]string, len(stack))
			for i, v := range stack {
				vals[i] = strconv.Itoa(v)
			}
			left += " (" + strings.Join(vals, " ") + ")"
		}
	}
	return profName(l, p) + " " + where + ", " + left
}

// seatAlt describes a seat: crest, hand and total, then as much of its
// items and combinations as detail says.
func seatAlt(l i18n.Lang, g *anludim.Game, names []string, s int, detail seatDetail) string {
	d := render.T(l, "anludim.alt.seat", "Name", render.AltName(l, names, s), "Crest", crestText(l, g, s),
		"Hand", render.T(l, "anludim.picture.hand_count", "Count", g.HandSize(s)), "Total", g.Value(s))
	if detail == seatBare {
		return d
	}
	if it := heldText(l, g, s, detail < seatItemsByKind); it != "" {
		d += " " + render.T(l, "anludim.alt.held", "Items", it)
	}
	if detail >= seatNoCombos {
		return d
	}
	var cs []string
	for _, cb := range displayOrder(g.Combinations(s)) {
		cs = append(cs, comboText(l, cb, detail >= seatCombosCounted))
	}
	if len(cs) > 0 {
		d += " " + render.T(l, "anludim.alt.combinations", "List", strings.Join(cs, altSep(l)))
	}
	return d
}
