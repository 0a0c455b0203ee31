package atheneum

import (
	"image"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
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
		return render.T(l, "render.objective.any")
	case atheneum.ObjectiveNamedCompartment:
		return render.T(l, "render.objective.named")
	case atheneum.ObjectiveShape:
		return render.T(l, "render.objective.shape")
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
	return render.T(l, "render.objective.in", "List", strings.Join(names, render.T(l, "render.or")))
}

// objectiveSprite is one objective card without wands.
func objectiveSprite(ct *atheneum.Content, idx int, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k   string
		c   *atheneum.Content
		idx int
		l   i18n.Lang
	}{"objective", ct, idx, l}, func() *image.RGBA {
		c := render.NewSprite(objW, objH, render.Parchment)
		c.Lang = l
		defer c.Release()
		drawObjective(c, &ct.Objectives[idx])
		return c.Img
	})
}

func drawObjective(c *render.Canvas, o *atheneum.Objective) {
	card := image.Rect(0, 0, objW, objH)
	c.FillRR(card, 12, render.FrameBrown)
	c.FillRR(card.Inset(3), 10, colWax)
	// Header: code, points, wand reward.
	c.FillRR(image.Rect(3, 3, objW-3, 56), 10, render.ParchmentDark)
	c.Fill(image.Rect(3, 40, objW-3, 56), render.ParchmentDark)
	codeEnd := 16 + c.Text(o.Code, 16, 38, render.Sans(22), render.Ink, 0)
	x := float64(objW - 12)
	if o.Wand {
		// "+ wand": scoring it gives a wand back.
		if wand := c.T("render.objective.wand"); x-c.Measure(wand, render.Cond(16))-120 > codeEnd+c.Measure(c.T("render.objective.points"), render.Cond(16)) {
			x -= c.Text(wand, x, 38, render.Cond(16), render.Ink, 1) + 2
		}
		c.BlitOver(wandSprite(30, atheneum.NoColor), image.Pt(int(x)-30, 12))
		x -= 40
		c.Text("+", x+4, 38, render.Sans(20), render.Ink, 1)
		x -= 14
	}
	render.DrawStar(c, x-22, 29, 25, render.BrassDark)
	render.DrawStar(c, x-22, 29, 21, render.Gold)
	c.TextMid(strconv.Itoa(o.Points), x-22, 31, render.Sans(18), render.Ink)
	if pts := c.T("render.objective.points"); x-50-c.Measure(pts, render.Cond(16)) > codeEnd+6 {
		c.Text(pts, x-50, 38, render.Cond(16), render.InkSoft, 1)
	}
	c.TextMid(c.FitLabel(kindText(c.Lang, o), objW-16, render.Cond(16)), objW/2, 74, render.Cond(16), render.InkSoft)

	drawRequirements(c, o, image.Rect(12, 88, objW-12, objH-objWandsH-6), objCellW, objCellH, 24, render.Sans(16))
	c.Fill(image.Rect(14, objH-objWandsH, objW-14, objH-objWandsH+2), render.ParchmentDark)
}

// drawRequirements draws an objective's requirements side by side in
// area, each as a grid of cells cw×ch under the compartments it may use
// (a line labelH tall in font lf). Many or tall requirements shrink the
// cells, never the text.
func drawRequirements(c *render.Canvas, o *atheneum.Objective, area image.Rectangle, cw, ch, labelH int, lf render.FontSpec) {
	const gap = 22
	total := -gap
	for _, r := range o.Reqs {
		total += max(r.Pattern.Width*cw, int(c.Measure(inText(c.Lang, &r), lf))+4) + gap
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
		label := inText(c.Lang, &r)
		colW := max(r.Pattern.Width*cw, int(c.Measure(label, lf))+4)
		gx := x0 + (colW-r.Pattern.Width*cw)/2
		gy := gridBot - r.Pattern.Height*ch
		c.TextMid(label, float64(x0)+float64(colW)/2, float64(gy-labelH*2/3), lf, render.Ink)
		drawPattern(c, r.Pattern, gx, gy, cw, ch)
		x0 += colW + gap
	}
}

// drawPattern draws a pattern's cells, row 0 at the top: a book of the
// colour asked for, a grey book for any colour, a dashed outline where
// anything (or nothing) may stand.
func drawPattern(c *render.Canvas, p atheneum.Pattern, x, y, cw, ch int) {
	for row := 0; row < p.Height; row++ {
		for col := 0; col < p.Width; col++ {
			r := render.Rect(x+col*cw, y+row*ch, cw, ch)
			want := p.At(row, col)
			if want == atheneum.NoColor {
				dc := c.GG()
				dc.SetDash(4, 4)
				c.StrokeRR(r.Inset(3), 4, 1.5, render.InkSoft)
				dc.SetDash()
				continue
			}
			b := r.Inset(2)
			drawBookBody(c, b, want)
			if want.IsBook() {
				cx, cy := render.Mid(b)
				c.TextMid(letter(c.Lang, want), cx, cy+2, render.Sans(max(16, float64(ch)*0.36)), bookInk(want))
			}
		}
	}
}

// drawWands adds the wands on an objective card: one chip per seat that
// scored it, in the seat's colour with its letter, and its name when it fits.
func drawWands(c *render.Canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string) {
	y := at.Y + objH - objWandsH + 8
	if len(slot.Wands) == 0 {
		c.TextMid(c.T("render.objective.nowands"), float64(at.X)+objW/2, float64(y)+18, render.Cond(16), render.InkSoft)
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
		r := render.Rect(x, y, chipW, 36)
		c.FillRR(r, 8, render.Ink)
		c.FillRR(r.Inset(2), 7, colorOf(col))
		c.BlitOver(wandSprite(28, col), image.Pt(x+3, y+4))
		label := letter(c.Lang, col)
		if chipW > 80 {
			label = render.Fit(c, render.NameOf(c.Lang, names, seat), float64(chipW-40), render.Cond(16))
		}
		c.Text(label, float64(x+33), float64(y)+24, render.Cond(16), bookInk(col), 0)
		x += chipW + 6
	}
}

// objGridSize is the size of the objective row drawn two cards to a line.
func objGridSize() image.Point {
	return image.Pt(2*objW+objRowMargin, 2*(objCaption+objH)+objRowMargin)
}

// drawObjectiveGrid draws the objective row of the objectives picture, two
// full cards to a line from at.
func drawObjectiveGrid(c *render.Canvas, g *atheneum.Game, at image.Point, names []string) {
	drawObjectiveSlots(c, g, at, names, gridSlots)
}

// gridSlots is the layout of the objectives picture's row.
var gridSlots = objectiveSlots{
	w: objW, h: objH, caption: objCaption, captionGap: 6, dx: objW + objRowMargin, dy: objCaption + objH + objRowMargin, radius: 12,
	sprite: objectiveSprite, wands: drawWands,
	newest: func(c *render.Canvas, cap image.Rectangle) {
		cx, cy := render.Mid(cap)
		c.TextMid(c.T("render.objective.newest"), cx, cy, render.Cond(16), render.InkSoft)
	},
}

// objectiveSlots is how a layout draws the objective row two cards to a
// line: the card's size and caption, the steps between cards, and how it
// draws a card, its wands and the "newest" caption.
type objectiveSlots struct {
	w, h, caption, captionGap, dx, dy, radius int
	sprite                                    func(ct *atheneum.Content, idx int, l i18n.Lang) *render.Sprite
	wands                                     func(c *render.Canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string)
	newest                                    func(c *render.Canvas, cap image.Rectangle)
}

// drawObjectiveSlots draws the row's cards two to a line from at: slot 1
// (newest) at the top left, the last slot (which leaves at the end of this
// turn) at the bottom right, so that it reads in the row's order; an empty
// slot is a dashed outline. The card that leaves is framed in red, its
// banner a tab of the frame, so that it never reads as the caption of the
// card above it.
func drawObjectiveSlots(c *render.Canvas, g *atheneum.Game, at image.Point, names []string, l objectiveSlots) {
	for i, slot := range g.Row {
		x := at.X + (i%2)*l.dx
		y := at.Y + (i/2)*l.dy
		cap := render.Rect(x, y, l.w, l.caption-l.captionGap)
		top := image.Pt(x, y+l.caption)
		leaves := g.Step != atheneum.StepOver && i == len(g.Row)-1
		switch {
		case g.Step == atheneum.StepOver:
			// No turn is left: no card leaves, none is new.
		case leaves && i > 0:
			// The frame and its tab are the same on every picture of the
			// layout: copied, not drawn (filling them was a tenth of a
			// hand's drawing). Only slot 0's caption line holds anything
			// else (the hand's "Objectives" title), so it is drawn there.
			c.Blit(leavesFrame(c.Lang, l), image.Pt(x-4, y+2))
		case leaves:
			drawLeavesFrame(c, image.Pt(x, y), l)
		case i == 0:
			l.newest(c, cap)
		}
		if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
			r := render.Rect(top.X, top.Y, l.w, l.h)
			dc := c.GG()
			dc.SetDash(10, 8)
			c.StrokeRR(r, float64(l.radius), 2, render.InkSoft)
			dc.SetDash()
			cx, cy := render.Mid(r)
			c.TextMid(c.T("render.objective.none"), cx, cy, render.Sans(18), render.InkSoft)
			continue
		}
		c.Blit(l.sprite(g.Content, slot.Objective, c.Lang), top)
		l.wands(c, g, slot, top, names)
	}
}

// drawLeavesFrame draws the red frame of the card that leaves at the end
// of this turn, whose caption line is at at, and the frame's tab saying
// so, within (at.X-4, at.Y+2)-(at.X+l.w+4, at.Y+l.caption+l.h+4).
func drawLeavesFrame(c *render.Canvas, at image.Point, l objectiveSlots) {
	x, y := at.X, at.Y
	f := render.Cond(16)
	label := c.FitLabel(c.T("render.objective.leaves"), float64(l.w-24), f)
	tw := int(c.Measure(label, f)) + 20
	tab := render.Rect(x+(l.w-tw)/2, y+2, tw, l.caption)
	c.FillRR(render.Rect(x-4, y+l.caption-4, l.w+8, l.h+8), float64(l.radius+3), render.Red)
	c.FillRR(tab, 6, render.Red)
	c.TextMid(label, float64(tab.Min.X)+float64(tw)/2, float64(y+2+(l.caption-2)/2), f, render.White)
}

// leavesFrame is drawLeavesFrame on the parchment, once per layout and
// language, with its top-left corner at (at.X-4, at.Y+2).
func leavesFrame(lang i18n.Lang, l objectiveSlots) *render.Sprite {
	return sprites.Get(struct {
		k                     string
		l                     i18n.Lang
		w, h, caption, radius int
	}{"leaves", lang, l.w, l.h, l.caption, l.radius}, func() *image.RGBA {
		c := render.NewSprite(l.w+8, l.caption+l.h+2, render.Parchment)
		c.Lang = lang
		defer c.Release()
		drawLeavesFrame(c, image.Pt(4, -2), l)
		return c.Img
	})
}

// drawPatternLegend explains the pattern cells in two lines; it returns
// the height used.
func drawPatternLegend(c *render.Canvas, x, y, width int) int {
	f := render.Cond(16)
	xf := float64(x)
	drawBookBody(c, render.Rect(x, y, 22, 30), atheneum.AnyColor)
	xf += 30
	xf += c.Text(c.T("render.objective.legend.any"), xf, float64(y)+21, f, render.Ink, 0) + 24
	dc := c.GG()
	dc.SetDash(4, 4)
	c.StrokeRR(render.Rect(int(xf), y, 22, 30), 4, 1.5, render.InkSoft)
	dc.SetDash()
	xf += 30
	c.TextFit(c.T("render.objective.legend.free"), xf, float64(y)+21, float64(x+width)-xf, f, render.Ink)
	y += 38
	c.BlitOver(wandSprite(28, atheneum.NoColor), image.Pt(x, y+1))
	c.TextFit(c.T("render.objective.legend.wand"), float64(x+32), float64(y)+21, float64(width-32), f, render.Ink)
	return 38 + 34
}

// DrawObjectives draws the objective row two cards to a line: each card's
// requirements as small grids with the compartments they must be in, its
// points and wand reward, the wands of the seats that scored it, and which
// card leaves at the end of this turn.
func DrawObjectives(g *atheneum.Game, o render.Options) (render.Picture, error) {
	if err := check(g); err != nil {
		return render.Picture{}, err
	}
	l := o.Language()
	grid := objGridSize()
	w := grid.X + 2*render.Margin
	top := render.Margin + 86
	h := top + grid.Y + 16 + 72 + render.Margin
	f := frames.Get(struct {
		k string
		l i18n.Lang
	}{"objectives", l}, func() *image.RGBA {
		c := render.NewFrame(w, h, l)
		defer c.Release()
		c.Text(c.T("render.objectives.title"), render.Margin+4, render.Margin+36, render.Title(34), render.Ink, 0)
		c.Fill(image.Rect(render.Margin, render.Margin+76, w-render.Margin, render.Margin+78), render.ParchmentDark)
		drawPatternLegend(c, render.Margin+4, top+grid.Y+16, w-2*render.Margin-8)
		return c.Img
	})
	c := objectivesPalette.Start(f, l)
	c.TextFit(turnText(l, g), render.Margin+4, render.Margin+64, float64(w-2*render.Margin-8), render.Cond(18), render.InkSoft)
	drawObjectiveGrid(c, g, image.Pt(render.Margin, top), o.Names)
	return render.Finish(c, objectivesAlt(l, g, o.Names))
}

// objectivesAlt describes the row: each card's code, points, wand reward,
// requirements in the notation, and who scored it.
func objectivesAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{render.T(l, "render.alt.objectives", "Turn", turnText(l, g))}
	for i, slot := range g.Row {
		if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
			parts = append(parts, render.T(l, "render.objective.none")+".")
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
	d := render.T(l, key, "Code", ob.Code, "Points", ob.Points, "Kind", kindText(l, ob), "Patterns", strings.Join(reqs, "; "))
	if g.Step != atheneum.StepOver && i == len(g.Row)-1 {
		d += " " + render.T(l, "render.alt.leaves")
	}
	if len(slot.Wands) > 0 {
		var who []string
		for _, s := range slot.Wands {
			who = append(who, render.AltName(l, names, s))
		}
		d += " " + render.T(l, "render.alt.wands", "List", strings.Join(who, ", "))
	}
	return d
}

// turnText says where the game is.
func turnText(l i18n.Lang, g *atheneum.Game) string {
	if g.Step == atheneum.StepOver {
		return render.T(l, "render.turn.over")
	}
	key := "render.turn"
	switch g.Step {
	case atheneum.StepPick:
		key = "render.turn.pick"
	case atheneum.StepResolve:
		key = "render.turn.resolve"
	}
	return render.T(l, key, "Phase", g.PhaseName(), "Turn", g.Turn, "Of", atheneum.TurnsPerPhase,
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
func objectiveStripSprite(ct *atheneum.Content, idx int, l i18n.Lang) *render.Sprite {
	return sprites.Get(struct {
		k   string
		c   *atheneum.Content
		idx int
		l   i18n.Lang
	}{"objstrip", ct, idx, l}, func() *image.RGBA {
		c := render.NewSprite(objStripW, objStripH, render.Parchment)
		c.Lang = l
		defer c.Release()
		o := &ct.Objectives[idx]
		card := image.Rect(0, 0, objStripW, objStripH)
		c.FillRR(card, 10, render.FrameBrown)
		c.FillRR(card.Inset(3), 8, colWax)
		c.FillRR(image.Rect(3, 3, objStripW-3, objStripBand), 8, render.ParchmentDark)
		c.Fill(image.Rect(3, objStripBand-10, objStripW-3, objStripBand), render.ParchmentDark)
		x := 10 + c.Text(o.Code, 10, 24, render.Sans(20), render.Ink, 0) + 20
		render.DrawStar(c, x, 16, 14, render.BrassDark)
		render.DrawStar(c, x, 16, 12, render.Gold)
		c.TextMid(strconv.Itoa(o.Points), x, 18, render.Sans(minText), render.Ink)
		if o.Wand {
			// "+ wand": scoring it gives a wand back.
			x += 18
			x += c.Text("+", x, 24, render.Sans(17), render.Ink, 0) + 2
			c.BlitOver(wandSprite(22, atheneum.NoColor), image.Pt(int(x), 5))
		}
		c.TextMid(c.FitLabel(kindText(l, o), objStripW-12, render.Cond(minText)), objStripW/2, objStripBand+13, render.Cond(minText), render.InkSoft)
		drawRequirements(c, o, image.Rect(8, objStripBand+26, objStripW-8, objStripH-5), objCellW, objCellH, 20, render.Sans(minText))
		return c.Img
	})
}

// drawStripWands adds, on the right of a strip card's band, a wand and a
// chip for each seat that scored the card, in the seat's colour with its
// letter, or its name when there is room.
func drawStripWands(c *render.Canvas, g *atheneum.Game, slot atheneum.RowSlot, at image.Point, names []string) {
	n := len(slot.Wands)
	if n == 0 {
		return
	}
	const room, gap = 150, 3 // the band's right part, clear of code and points
	chipW := min(room-26, (room-26-(n-1)*gap)/n)
	x := at.X + objStripW - 7 - (n*chipW + (n-1)*gap)
	// A rule sets the scorers apart from the wand the card gives back.
	c.Fill(render.Rect(x-30, at.Y+6, 2, objStripBand-12), render.InkSoft)
	c.BlitOver(wandSprite(22, atheneum.NoColor), image.Pt(x-25, at.Y+5))
	for _, seat := range slot.Wands {
		if seat < 0 || seat >= len(g.Seats) {
			continue
		}
		col := g.Seats[seat].Subject
		r := render.Rect(x, at.Y+5, chipW, 21)
		c.FillRR(r, 5, render.Ink)
		c.FillRR(r.Inset(1), 4, colorOf(col))
		label := letter(c.Lang, col)
		if chipW > 60 {
			label = render.Fit(c, render.NameOf(c.Lang, names, seat), float64(chipW-8), render.Cond(minText))
		}
		cx, cy := render.Mid(r)
		c.TextMid(label, cx, cy, render.Cond(minText), bookInk(col))
		x += chipW + gap
	}
}

// drawObjectiveStrip draws the objective row as the hand's strip from at:
// slot 1 (newest) at the top left, the last slot (which leaves at the end
// of this turn) at the bottom right, as on the objectives picture. The
// first caption line starts with the strip's title, drawn with the frame.
func drawObjectiveStrip(c *render.Canvas, g *atheneum.Game, at image.Point, names []string) {
	drawObjectiveSlots(c, g, at, names, stripSlots)
}

// stripSlots is the layout of the hand's objective strip.
var stripSlots = objectiveSlots{
	w: objStripW, h: objStripH, caption: objStripCaption, captionGap: 4, dx: objStripW + objStripGap, dy: objStripCaption + objStripH, radius: 10,
	sprite: objectiveStripSprite, wands: drawStripWands,
	newest: func(c *render.Canvas, cap image.Rectangle) {
		c.Text(c.T("render.objective.newest"), float64(cap.Max.X-6), float64(cap.Min.Y)+17, render.Cond(16), render.InkSoft, 1)
	},
}
