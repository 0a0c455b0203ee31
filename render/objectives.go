package render

import (
	"image"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// Objective cards are drawn once per content pack, objective and language,
// as wide as a study card so that the row fits two to a line on a phone;
// the wands on them and the slot's banner are added per picture.
const (
	objW, objH   = cardW, 320
	objCellW     = 36
	objCellH     = 46
	objCaption   = 32 // the line above each card: its slot
	objWandsH    = 52 // the strip at the bottom of a card for wands
	objRowMargin = cardGap
)

// kindText says what kind of configuration an objective asks for.
func kindText(l i18n.Lang, o *atheneum.Objective) string {
	switch o.Kind {
	case atheneum.ObjectiveAnyCompartment:
		return tr(l, "render.objective.any")
	case atheneum.ObjectiveNamedCompartment:
		return tr(l, "render.objective.named")
	case atheneum.ObjectiveShape:
		return tr(l, "render.objective.shape")
	}
	return ""
}

// inText names the compartments a requirement may be met in.
func inText(l i18n.Lang, r *atheneum.Requirement) string {
	if len(r.In) == 0 {
		return "" // the card's kind line already says "any"
	}
	names := make([]string, len(r.In))
	for i, c := range r.In {
		names[i] = c.String()
	}
	return tr(l, "render.objective.in", "List", strings.Join(names, tr(l, "render.or")))
}

// objectiveSprite is one objective card without wands.
func objectiveSprite(ct *atheneum.Content, idx int, l i18n.Lang) *image.RGBA {
	return sprites.get(struct {
		k   string
		c   *atheneum.Content
		idx int
		l   i18n.Lang
	}{"objective", ct, idx, l}, func() *image.RGBA {
		c := newSprite(objW, objH, colParchment)
		c.lang = l
		defer c.release()
		drawObjective(c, &ct.Objectives[idx])
		return c.img
	})
}

func drawObjective(c *canvas, o *atheneum.Objective) {
	card := image.Rect(0, 0, objW, objH)
	c.fillRR(card, 12, colFrame)
	c.fillRR(card.Inset(3), 10, colWax)
	// Header: code, points, wand reward.
	c.fillRR(image.Rect(3, 3, objW-3, 56), 10, colParchDark)
	c.fill(image.Rect(3, 40, objW-3, 56), colParchDark)
	codeEnd := 16 + c.text(o.Code, 16, 38, sans(22), colInk, 0)
	x := float64(objW - 12)
	if o.Wand {
		// "+ wand": scoring it gives a wand back.
		if wand := c.tr("render.objective.wand"); x-c.measure(wand, cond(16))-120 > codeEnd+c.measure(c.tr("render.objective.points"), cond(16)) {
			x -= c.text(wand, x, 38, cond(16), colInk, 1) + 2
		}
		c.blitOver(wandSprite(30, atheneum.NoColor), pt(int(x)-30, 12))
		x -= 40
		c.text("+", x+4, 38, sans(20), colInk, 1)
		x -= 14
	}
	drawStar(c, x-22, 29, 25, colBrassDark)
	drawStar(c, x-22, 29, 21, colGold)
	c.textMid(strconv.Itoa(o.Points), x-22, 31, sans(18), colInk)
	if pts := c.tr("render.objective.points"); x-50-c.measure(pts, cond(16)) > codeEnd+6 {
		c.text(pts, x-50, 38, cond(16), colInkSoft, 1)
	}
	c.textMid(c.fitLabel(kindText(c.lang, o), objW-16, cond(16)), objW/2, 74, cond(16), colInkSoft)

	drawRequirements(c, o, image.Rect(12, 88, objW-12, objH-objWandsH-6), objCellW, objCellH, 24, sans(16))
	c.fill(image.Rect(14, objH-objWandsH, objW-14, objH-objWandsH+2), colParchDark)
}

// drawRequirements draws an objective's requirements side by side in
// area, each as a grid of cells cw×ch under the compartments it may use
// (a line labelH tall in font lf). Many or tall requirements shrink the
// cells, never the text.
func drawRequirements(c *canvas, o *atheneum.Objective, area image.Rectangle, cw, ch, labelH int, lf fontSpec) {
	const gap = 22
	total := -gap
	for _, r := range o.Reqs {
		total += max(r.Pattern.Width*cw, int(c.measure(inText(c.lang, &r), lf))+4) + gap
	}
	if total > area.Dx() {
		scale := float64(area.Dx()) / float64(total)
		cw, ch = int(float64(cw)*scale), int(float64(ch)*scale)
	}
	maxH := 0
	for _, r := range o.Reqs {
		maxH = max(maxH, r.Pattern.Height)
	}
	if avail := area.Dy() - labelH; maxH*ch > avail {
		cw, ch = cw*avail/(maxH*ch), avail/maxH
	}
	gridBot := area.Min.Y + labelH + (area.Dy()-labelH+maxH*ch)/2
	x0 := area.Min.X + (area.Dx()-min(total, area.Dx()))/2
	for _, r := range o.Reqs {
		label := inText(c.lang, &r)
		colW := max(r.Pattern.Width*cw, int(c.measure(label, lf))+4)
		gx := x0 + (colW-r.Pattern.Width*cw)/2
		gy := gridBot - r.Pattern.Height*ch
		c.textMid(label, float64(x0)+float64(colW)/2, float64(gy-labelH*2/3), lf, colInk)
		drawPattern(c, r.Pattern, gx, gy, cw, ch)
		x0 += colW + gap
	}
}

// drawPattern draws a pattern's cells, row 0 at the top: a book of the
// colour asked for, a grey book for any colour, a dashed outline where
// anything (or nothing) may stand.
func drawPattern(c *canvas, p atheneum.Pattern, x, y, cw, ch int) {
	for row := 0; row < p.Height; row++ {
		for col := 0; col < p.Width; col++ {
			r := rect(x+col*cw, y+row*ch, cw, ch)
			want := p.At(row, col)
			if want == atheneum.NoColor {
				dc := c.gg()
				dc.SetDash(4, 4)
				c.strokeRR(r.Inset(3), 4, 1.5, colInkSoft)
				dc.SetDash()
				continue
			}
			b := r.Inset(2)
			drawBookBody(c, b, want)
			if want.IsBook() {
				cx, cy := mid(b)
				c.textMid(string(want.Letter()), cx, cy+2, sans(max(16, float64(ch)*0.36)), bookInk(want))
			}
		}
	}
}

// drawWands adds the wands on an objective card: one chip per seat that
// scored it, in the seat's colour with its letter, and its name when it fits.
func drawWands(c *canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string) {
	y := at.Y + objH - objWandsH + 8
	if len(slot.Wands) == 0 {
		c.textMid(c.tr("render.objective.nowands"), fx(at.X)+objW/2, fx(y)+18, cond(16), colInkSoft)
		return
	}
	n := len(slot.Wands)
	chipW := min(objW-24, (objW-24-(n-1)*6)/n)
	x := at.X + (objW-(n*chipW+(n-1)*6))/2
	for _, seat := range slot.Wands {
		if seat < 0 || seat >= len(g.Seats) {
			continue
		}
		col := g.Seats[seat].Subject
		r := rect(x, y, chipW, 36)
		c.fillRR(r, 8, colInk)
		c.fillRR(r.Inset(2), 7, colorOf(col))
		c.blitOver(wandSprite(28, col), pt(x+3, y+4))
		label := string(col.Letter())
		if chipW > 80 {
			label = fit(c, nameOf(c.lang, names, seat), float64(chipW-40), cond(16))
		}
		c.text(label, fx(x+33), fx(y)+24, cond(16), bookInk(col), 0)
		x += chipW + 6
	}
}

// objGridSize is the size of the objective row drawn two cards to a line.
func objGridSize() image.Point {
	return image.Pt(2*objW+objRowMargin, 2*(objCaption+objH)+objRowMargin)
}

// drawObjectiveGrid draws the objective row of the objectives picture, two
// full cards to a line from at.
func drawObjectiveGrid(c *canvas, g *atheneum.Game, at image.Point, names []string) {
	drawObjectiveSlots(c, g, at, names, objectiveSlots{
		w: objW, h: objH, caption: objCaption, captionGap: 6, dx: objW + objRowMargin, dy: objCaption + objH + objRowMargin, radius: 12,
		sprite: objectiveSprite, wands: drawWands,
		newest: func(c *canvas, cap image.Rectangle) {
			cx, cy := mid(cap)
			c.textMid(c.tr("render.objective.newest"), cx, cy, cond(16), colInkSoft)
		},
	})
}

// objectiveSlots is how a layout draws the objective row two cards to a
// line: the card's size and caption, the steps between cards, and how it
// draws a card, its wands and the "newest" caption.
type objectiveSlots struct {
	w, h, caption, captionGap, dx, dy, radius int
	sprite                                    func(ct *atheneum.Content, idx int, l i18n.Lang) *image.RGBA
	wands                                     func(c *canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string)
	newest                                    func(c *canvas, cap image.Rectangle)
}

// drawObjectiveSlots draws the row's cards two to a line from at: slot 1
// (newest) at the top left, the last slot (which leaves at the end of this
// turn) at the bottom right, so that it reads in the row's order; an empty
// slot is a dashed outline.
func drawObjectiveSlots(c *canvas, g *atheneum.Game, at image.Point, names []string, l objectiveSlots) {
	for i, slot := range g.Row {
		x := at.X + (i%2)*l.dx
		y := at.Y + (i/2)*l.dy
		cap := rect(x, y, l.w, l.caption-l.captionGap)
		switch {
		case g.Step == atheneum.StepOver:
			// No turn is left: no card leaves, none is new.
		case i == len(g.Row)-1:
			c.fillRR(cap, 6, colRed)
			cx, cy := mid(cap)
			c.textMid(c.fitLabel(c.tr("render.objective.leaves"), float64(l.w-10), cond(16)), cx, cy, cond(16), colWhite)
		case i == 0:
			l.newest(c, cap)
		}
		top := pt(x, y+l.caption)
		if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
			r := rect(top.X, top.Y, l.w, l.h)
			dc := c.gg()
			dc.SetDash(10, 8)
			c.strokeRR(r, float64(l.radius), 2, colInkSoft)
			dc.SetDash()
			cx, cy := mid(r)
			c.textMid(c.tr("render.objective.none"), cx, cy, sans(18), colInkSoft)
			continue
		}
		c.blit(l.sprite(g.Content, slot.Objective, c.lang), top)
		l.wands(c, g, slot, top, names)
	}
}

// drawPatternLegend explains the pattern cells in two lines; it returns
// the height used.
func drawPatternLegend(c *canvas, x, y, width int) int {
	f := cond(16)
	xf := fx(x)
	drawBookBody(c, rect(x, y, 22, 30), atheneum.AnyColor)
	xf += 30
	xf += c.text(c.tr("render.objective.legend.any"), xf, fx(y)+21, f, colInk, 0) + 24
	dc := c.gg()
	dc.SetDash(4, 4)
	c.strokeRR(rect(int(xf), y, 22, 30), 4, 1.5, colInkSoft)
	dc.SetDash()
	xf += 30
	c.textFit(c.tr("render.objective.legend.free"), xf, fx(y)+21, fx(x+width)-xf, f, colInk)
	y += 38
	c.blitOver(wandSprite(28, atheneum.NoColor), pt(x, y+1))
	c.textFit(c.tr("render.objective.legend.wand"), fx(x+32), fx(y)+21, fx(width-32), f, colInk)
	return 38 + 34
}

// DrawObjectives draws the objective row two cards to a line: each card's
// requirements as small grids with the compartments they must be in, its
// points and wand reward, the wands of the seats that scored it, and which
// card leaves at the end of this turn.
func DrawObjectives(g *atheneum.Game, o Options) (Picture, error) {
	if err := check(g); err != nil {
		return Picture{}, err
	}
	l := o.lang()
	grid := objGridSize()
	w := grid.X + 2*margin
	top := margin + 86
	h := top + grid.Y + 16 + 72 + margin
	f := frames.get(struct {
		k string
		l i18n.Lang
	}{"objectives", l}, func() *image.RGBA {
		c := newFrame(w, h, l)
		defer c.release()
		c.text(c.tr("render.objectives.title"), margin+4, margin+36, title(34), colInk, 0)
		c.fill(image.Rect(margin, margin+76, w-margin, margin+78), colParchDark)
		drawPatternLegend(c, margin+4, top+grid.Y+16, w-2*margin-8)
		return c.img
	})
	c := start(f, l)
	c.textFit(turnText(l, g), margin+4, margin+64, fx(w-2*margin-8), cond(18), colInkSoft)
	drawObjectiveGrid(c, g, pt(margin, top), o.Names)
	return finish(c, objectivesAlt(l, g, o.Names))
}

// objectivesAlt describes the row: each card's code, points, wand reward,
// requirements in the notation, and who scored it.
func objectivesAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{tr(l, "render.alt.objectives", "Turn", turnText(l, g))}
	for i, slot := range g.Row {
		if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
			parts = append(parts, tr(l, "render.objective.none")+".")
			continue
		}
		parts = append(parts, objectiveAlt(l, g, i, slot, names))
	}
	return strings.Join(parts, " ")
}

// objectiveAlt describes one card of the row.
func objectiveAlt(l i18n.Lang, g *atheneum.Game, i int, slot atheneum.RowSlot, names []string) string {
	ob := &g.Content.Objectives[slot.Objective]
	var reqs []string
	for _, r := range ob.Reqs {
		req := r.Pattern.String()
		if in := inText(l, &r); in != "" {
			req += " " + in
		}
		reqs = append(reqs, req)
	}
	key := "render.alt.objective"
	if ob.Wand {
		key = "render.alt.objective.wand"
	}
	d := tr(l, key, "Code", ob.Code, "Points", ob.Points, "Kind", kindText(l, ob), "Patterns", strings.Join(reqs, "; "))
	if g.Step != atheneum.StepOver && i == len(g.Row)-1 {
		d += " " + tr(l, "render.objective.leaves") + "."
	}
	if len(slot.Wands) > 0 {
		var who []string
		for _, s := range slot.Wands {
			who = append(who, altName(l, names, s))
		}
		d += " " + tr(l, "render.alt.wands", "List", strings.Join(who, ", "))
	}
	return d
}

// turnText says where the game is.
func turnText(l i18n.Lang, g *atheneum.Game) string {
	if g.Step == atheneum.StepOver {
		return tr(l, "render.turn.over")
	}
	key := "render.turn"
	switch g.Step {
	case atheneum.StepPick:
		key = "render.turn.pick"
	case atheneum.StepResolve:
		key = "render.turn.resolve"
	}
	return tr(l, key, "Phase", g.PhaseName(), "Turn", g.Turn, "Of", atheneum.TurnsPerPhase,
		"Number", g.TurnNumber(), "Total", 2*atheneum.TurnsPerPhase)
}

// In the hand the objective row is a compact strip, two cards to a line,
// each card shorter than on the objectives picture: its code, points and
// wand reward on one band with the wands of the seats that scored it,
// what it asks in one line, and its requirements below.
const (
	objStripW       = (handLineW - objStripGap) / 2
	objStripH       = 140
	objStripGap     = 10
	objStripCaption = 26 // the line above each line of cards
	objStripBand    = 30 // the band with the code, points and wands
)

// objStripSize is the size of the strip: two lines of two cards, each
// line under its caption.
func objStripSize() image.Point {
	return image.Pt(2*objStripW+objStripGap, 2*(objStripCaption+objStripH))
}

// objectiveStripSprite is one objective card of the strip, without wands.
func objectiveStripSprite(ct *atheneum.Content, idx int, l i18n.Lang) *image.RGBA {
	return sprites.get(struct {
		k   string
		c   *atheneum.Content
		idx int
		l   i18n.Lang
	}{"objstrip", ct, idx, l}, func() *image.RGBA {
		c := newSprite(objStripW, objStripH, colParchment)
		c.lang = l
		defer c.release()
		o := &ct.Objectives[idx]
		card := image.Rect(0, 0, objStripW, objStripH)
		c.fillRR(card, 10, colFrame)
		c.fillRR(card.Inset(3), 8, colWax)
		c.fillRR(image.Rect(3, 3, objStripW-3, objStripBand), 8, colParchDark)
		c.fill(image.Rect(3, objStripBand-10, objStripW-3, objStripBand), colParchDark)
		x := 10 + c.text(o.Code, 10, 24, sans(20), colInk, 0) + 20
		drawStar(c, x, 16, 14, colBrassDark)
		drawStar(c, x, 16, 12, colGold)
		c.textMid(strconv.Itoa(o.Points), x, 18, sans(15), colInk)
		if o.Wand {
			// "+ wand": scoring it gives a wand back.
			x += 18
			x += c.text("+", x, 24, sans(17), colInk, 0) + 2
			c.blitOver(wandSprite(22, atheneum.NoColor), pt(int(x), 5))
		}
		c.textMid(c.fitLabel(kindText(l, o), objStripW-12, cond(15)), objStripW/2, objStripBand+13, cond(15), colInkSoft)
		drawRequirements(c, o, image.Rect(8, objStripBand+26, objStripW-8, objStripH-5), objCellW, objCellH, 20, sans(15))
		return c.img
	})
}

// drawStripWands adds, on the right of a strip card's band, a wand and a
// chip for each seat that scored the card, in the seat's colour with its
// letter, or its name when there is room.
func drawStripWands(c *canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string) {
	n := len(slot.Wands)
	if n == 0 {
		return
	}
	const room, gap = 150, 3 // the band's right part, clear of code and points
	chipW := min(room-26, (room-26-(n-1)*gap)/n)
	x := at.X + objStripW - 7 - (n*chipW + (n-1)*gap)
	// A rule sets the scorers apart from the wand the card gives back.
	c.fill(rect(x-30, at.Y+6, 2, objStripBand-12), colInkSoft)
	c.blitOver(wandSprite(22, atheneum.NoColor), pt(x-25, at.Y+5))
	for _, seat := range slot.Wands {
		if seat < 0 || seat >= len(g.Seats) {
			continue
		}
		col := g.Seats[seat].Subject
		r := rect(x, at.Y+5, chipW, 21)
		c.fillRR(r, 5, colInk)
		c.fillRR(r.Inset(1), 4, colorOf(col))
		label := string(col.Letter())
		if chipW > 60 {
			label = fit(c, nameOf(c.lang, names, seat), fx(chipW-8), cond(15))
		}
		cx, cy := mid(r)
		c.textMid(label, cx, cy, cond(15), bookInk(col))
		x += chipW + gap
	}
}

// drawObjectiveStrip draws the objective row as the hand's strip from at:
// slot 1 (newest) at the top left, the last slot (which leaves at the end
// of this turn) at the bottom right, as on the objectives picture. The
// first caption line starts with the strip's title, drawn with the frame.
func drawObjectiveStrip(c *canvas, g *atheneum.Game, at image.Point, names []string) {
	drawObjectiveSlots(c, g, at, names, objectiveSlots{
		w: objStripW, h: objStripH, caption: objStripCaption, captionGap: 4, dx: objStripW + objStripGap, dy: objStripCaption + objStripH, radius: 10,
		sprite: objectiveStripSprite, wands: drawStripWands,
		newest: func(c *canvas, cap image.Rectangle) {
			c.text(c.tr("render.objective.newest"), fx(cap.Max.X-6), fx(cap.Min.Y)+17, cond(16), colInkSoft, 1)
		},
	})
}
