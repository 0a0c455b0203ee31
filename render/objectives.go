package render

import (
	"image"
	"strconv"
	"strings"

	"atheneum/engine"
)

// Objective cards are drawn once per content pack and objective; the wands
// on them and the slot's banner are added per picture.
const (
	objW, objH   = 350, 340
	objCellW     = 40
	objCellH     = 50
	objCaption   = 34 // the line above each card: its slot
	objWandsH    = 56 // the strip at the bottom of a card for wands
	objRowMargin = 16
)

// kindText says what kind of configuration an objective asks for.
func kindText(o *engine.Objective) string {
	switch o.Kind {
	case engine.ObjectiveAnyCompartment:
		return "in any one compartment"
	case engine.ObjectiveNamedCompartment:
		return "in the compartment shown"
	case engine.ObjectiveShape:
		return "shape only, any colours"
	}
	return ""
}

// inText names the compartments a requirement may be met in.
func inText(r *engine.Requirement) string {
	if len(r.In) == 0 {
		return "" // the card's kind line already says "any"
	}
	names := make([]string, len(r.In))
	for i, c := range r.In {
		names[i] = c.String()
	}
	return "in " + strings.Join(names, " or ")
}

// objectiveSprite is one objective card without wands.
func objectiveSprite(ct *engine.Content, idx int) *image.RGBA {
	return sprites.get(struct {
		k   string
		c   *engine.Content
		idx int
	}{"objective", ct, idx}, func() *image.RGBA {
		c := newSprite(objW, objH, colParchment)
		defer c.release()
		drawObjective(c, &ct.Objectives[idx])
		return c.img
	})
}

func drawObjective(c *canvas, o *engine.Objective) {
	card := image.Rect(0, 0, objW, objH)
	c.fillRR(card, 12, colFrame)
	c.fillRR(card.Inset(3), 10, colWax)
	// Header: code, points, wand reward.
	c.fillRR(image.Rect(3, 3, objW-3, 56), 10, colParchDark)
	c.fill(image.Rect(3, 40, objW-3, 56), colParchDark)
	c.text(o.Code, 16, 38, sans(22), colInk, 0)
	x := float64(objW - 14)
	if o.Wand {
		x -= c.text("wand", x, 38, cond(16), colInk, 1) + 2
		c.blitOver(wandSprite(30, engine.NoColor), pt(int(x)-30, 12))
		x -= 42
		c.text("+", x+6, 38, sans(20), colInk, 1)
		x -= 14
	}
	drawStar(c, x-22, 29, 25, colBrassDark)
	drawStar(c, x-22, 29, 21, colGold)
	c.textMid(strconv.Itoa(o.Points), x-22, 31, sans(18), colInk)
	c.text("points", x-50, 38, cond(16), colInkSoft, 1)
	c.textMid(kindText(o), objW/2, 74, cond(16), colInkSoft)

	// Requirements side by side, each under the compartments it may use.
	const gap = 22
	total := -gap
	for _, r := range o.Reqs {
		total += max(r.Pattern.Width*objCellW, int(c.measure(inText(&r), sans(16)))+4) + gap
	}
	cw, chh := objCellW, objCellH
	if total > objW-24 {
		// Many requirements: shrink the cells, never the text.
		scale := float64(objW-24) / float64(total)
		cw, chh = int(float64(cw)*scale), int(float64(chh)*scale)
	}
	maxH := 0
	for _, r := range o.Reqs {
		maxH = max(maxH, r.Pattern.Height)
	}
	areaTop, areaBot := 88, objH-objWandsH-6
	if avail := areaBot - areaTop - 24; maxH*chh > avail {
		cw, chh = cw*avail/(maxH*chh), avail/maxH
	}
	gridBot := areaTop + 24 + (areaBot-areaTop-24+maxH*chh)/2
	x0 := (objW - min(total, objW-24)) / 2
	for _, r := range o.Reqs {
		label := inText(&r)
		colW := max(r.Pattern.Width*cw, int(c.measure(label, sans(16)))+4)
		gx := x0 + (colW-r.Pattern.Width*cw)/2
		gy := gridBot - r.Pattern.Height*chh
		c.textMid(label, float64(x0)+float64(colW)/2, float64(gy-16), sans(16), colInk)
		drawPattern(c, r.Pattern, gx, gy, cw, chh)
		x0 += colW + gap
	}
	c.fill(image.Rect(14, objH-objWandsH, objW-14, objH-objWandsH+2), colParchDark)
}

// drawPattern draws a pattern's cells, row 0 at the top: a book of the
// colour asked for, a grey book for any colour, a dashed outline where
// anything (or nothing) may stand.
func drawPattern(c *canvas, p engine.Pattern, x, y, cw, ch int) {
	for row := 0; row < p.Height; row++ {
		for col := 0; col < p.Width; col++ {
			r := rect(x+col*cw, y+row*ch, cw, ch)
			want := p.At(row, col)
			if want == engine.NoColor {
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
				c.textMid(string(want.Letter()), cx, cy+2, sans(max(minText, float64(ch)*0.36)), bookInk(want))
			}
		}
	}
}

// drawWands adds the wands on an objective card: one chip per seat that
// scored it, in the seat's colour with its letter and name.
func drawWands(c *canvas, g *engine.Game, slot engine.RowSlot, at image.Point, names []string) {
	y := at.Y + objH - objWandsH + 10
	if len(slot.Wands) == 0 {
		c.textMid("no wands yet", fx(at.X)+objW/2, fx(y)+18, cond(16), colInkSoft)
		return
	}
	n := len(slot.Wands)
	chipW := min(160, (objW-24-(n-1)*6)/n)
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
		if chipW > 70 {
			label = fit(c, nameOf(names, seat), float64(chipW-40), cond(16))
		}
		c.text(label, fx(x+33), fx(y)+24, cond(16), bookInk(col), 0)
		x += chipW + 6
	}
}

// drawRow draws the objective row at at: slot 0 (newest) on the left, the
// rightmost slot marked as leaving at the end of this turn. It returns the
// row's height.
func drawRow(c *canvas, g *engine.Game, at image.Point, names []string) int {
	for i, slot := range g.Row {
		x := at.X + i*(objW+objRowMargin)
		cap := rect(x, at.Y, objW, objCaption-6)
		switch {
		case g.Step == engine.StepOver:
			// No turn is left: no card leaves, none is new.
		case i == len(g.Row)-1:
			c.fillRR(cap, 6, colRed)
			cx, cy := mid(cap)
			c.textMid("leaves at the end of this turn", cx, cy, cond(16), colWhite)
		case i == 0:
			cx, cy := mid(cap)
			c.textMid("newest", cx, cy, cond(16), colInkSoft)
		}
		top := pt(x, at.Y+objCaption)
		if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
			r := rect(top.X, top.Y, objW, objH)
			dc := c.gg()
			dc.SetDash(10, 8)
			c.strokeRR(r, 12, 2, colInkSoft)
			dc.SetDash()
			cx, cy := mid(r)
			c.textMid("no objective left", cx, cy, sans(18), colInkSoft)
			continue
		}
		c.blit(objectiveSprite(g.Content, slot.Objective), top)
		drawWands(c, g, slot, top, names)
	}
	return objCaption + objH
}

// rowWidth is the width of the objective row.
func rowWidth() int { return engine.RowSize*objW + (engine.RowSize-1)*objRowMargin }

// drawPatternLegend explains the pattern cells in one line.
func drawPatternLegend(c *canvas, x, y int) {
	f := cond(16)
	xf := fx(x)
	drawBookBody(c, rect(x, y, 22, 30), engine.AnyColor)
	xf += 30
	xf += c.text("a book of any colour", xf, fx(y)+21, f, colInk, 0) + 24
	dc := c.gg()
	dc.SetDash(4, 4)
	c.strokeRR(rect(int(xf), y, 22, 30), 4, 1.5, colInkSoft)
	dc.SetDash()
	xf += 30
	xf += c.text("anything or nothing", xf, fx(y)+21, f, colInk, 0) + 24
	c.blitOver(wandSprite(28, engine.NoColor), pt(int(xf), y+1))
	xf += 32
	c.text("a wand on a card: that player scored it", xf, fx(y)+21, f, colInk, 0)
}

// Objectives draws the objective row: each card's requirements as small
// grids with the compartments they must be in, its points and wand reward,
// the wands of the seats that scored it, and which card leaves at the end
// of this turn.
func Objectives(g *engine.Game, names []string) ([]byte, error) {
	if err := check(g); err != nil {
		return nil, err
	}
	w := rowWidth() + 2*margin
	h := margin + 60 + objCaption + objH + 60 + margin
	f := frames.get("objectives", func() *image.RGBA {
		c := newSprite(w, h, colFrame)
		defer c.release()
		drawCard(c, w, h)
		c.text("Objectives", margin+4, margin+38, title(36), colInk, 0)
		drawPatternLegend(c, margin+4, h-margin-44)
		return c.img
	})
	c := start(f)
	c.text(turnText(g), fx(w-margin-4), margin+36, sans(18), colInkSoft, 1)
	drawRow(c, g, pt(margin, margin+60), names)
	return finish(c)
}

// turnText says where the game is.
func turnText(g *engine.Game) string {
	if g.Step == engine.StepOver {
		return "Game over"
	}
	s := "Phase " + g.PhaseName() + " · turn " + strconv.Itoa(g.Turn) + " of " + strconv.Itoa(engine.TurnsPerPhase) +
		" (" + strconv.Itoa(g.TurnNumber()) + " of " + strconv.Itoa(2*engine.TurnsPerPhase) + ")"
	switch g.Step {
	case engine.StepPick:
		s += " · choosing cards"
	case engine.StepResolve:
		s += " · shelving books"
	}
	return s
}
