package render

import (
	"image"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// The table is a compact summary for spectators, one panel per seat, and
// the objective row in a line per card; a seat's shelves are a picture of
// their own (DrawShelves), sent on demand.
const (
	tableW      = 2*cardW + cardGap + 2*margin
	tablePanelH = 104
	tableRowH   = 40
)

// statusText says what a seat is doing, for spectators.
func statusText(l i18n.Lang, s atheneum.SeatStatus) string {
	switch s {
	case atheneum.StatusPicking, atheneum.StatusPicked, atheneum.StatusShelving, atheneum.StatusScoring, atheneum.StatusDone:
		return tr(l, "render.status."+string(s))
	}
	return string(s)
}

// seatStats are the counts a summary shows for a seat.
type seatStats struct {
	books, spaces, full, candles, sides int
}

func statsOf(g *atheneum.Game, seat int) seatStats {
	var st seatStats
	s := &g.Seats[seat]
	for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
		c := &s.Comps[id]
		if !c.Present {
			continue
		}
		st.books += c.Books()
		st.spaces += c.Width * c.Levels
		if c.Full() && c.Width*c.Levels > 0 {
			st.full++
		}
		if id.IsSide() {
			st.sides++
		}
	}
	for k := range s.Candles {
		if s.Candles[k] >= 0 && g.CandleValue(seat, k) > 0 {
			st.candles++
		}
	}
	return st
}

// DrawTable draws the table for spectators as a compact summary: the phase
// and turn; for each seat its subject, name, status, score, wands, books
// shelved, full compartments, lit candles and side shelves; then each card
// of the objective row with its points and the seats that scored it.
func DrawTable(g *atheneum.Game, o Options) (Picture, error) {
	if err := check(g); err != nil {
		return Picture{}, err
	}
	l := o.lang()
	n := len(g.Seats)
	w := tableW
	top := margin + 86
	rowTop := top + n*(tablePanelH+10) + 50
	h := rowTop + len(g.Row)*tableRowH + margin
	f := frames.get(struct {
		k string
		n int
		l i18n.Lang
	}{"table", n, l}, func() *image.RGBA {
		c := newFrame(w, h, l)
		defer c.release()
		c.text("Atheneum", margin+4, margin+38, title(38), colInk, 0)
		c.fill(image.Rect(margin, margin+76, w-margin, margin+78), colParchDark)
		for i := 0; i < n; i++ {
			c.fillRR(rect(margin, top+i*(tablePanelH+10), w-2*margin, tablePanelH), 12, colParchDark)
		}
		c.text(c.tr("render.objectives.title"), margin+4, fx(rowTop-14), title(28), colInk, 0)
		return c.img
	})
	c := start(f, l)
	c.textFit(turnText(l, g), margin+4, margin+64, fx(w-2*margin-8), cond(17), colInkSoft)
	for i := range g.Seats {
		s := &g.Seats[i]
		p := rect(margin, top+i*(tablePanelH+10), w-2*margin, tablePanelH)
		y := fx(p.Min.Y) + 34
		subjectDisc(c, fx(p.Min.X)+26, y-8, 16, s.Subject, sans(16))
		pts, final := score(g, i)
		label := c.tr("render.score")
		if final {
			label = c.tr("render.final")
		}
		x := fx(p.Max.X - 14)
		x -= c.text(strconv.Itoa(pts), x, y+2, sans(30), colInk, 1) + 8
		x -= c.text(label, x, y, cond(17), colInkSoft, 1)
		c.textFit(nameOf(l, o.Names, i), fx(p.Min.X)+50, y, x-fx(p.Min.X)-66, sans(22), colInk)
		st := statsOf(g, i)
		line := c.tr("render.table.stats", "Books", st.books, "Spaces", st.spaces, "Full", st.full,
			"Candles", st.candles, "Wands", s.Wands)
		c.textFit(line, fx(p.Min.X)+16, y+30, fx(p.Dx()-32), cond(17), colInk)
		var more []string
		if g.Step != atheneum.StepOver {
			more = append(more, statusText(l, s.Status))
		}
		if st.sides > 0 {
			more = append(more, c.tr("render.table.sides", "Count", st.sides))
		}
		c.textFit(strings.Join(more, " · "), fx(p.Min.X)+16, y+58, fx(p.Dx()-32), cond(17), colInkSoft)
	}
	for i, slot := range g.Row {
		y := rowTop + i*tableRowH
		drawRowLine(c, g, i, slot, rect(margin, y, w-2*margin, tableRowH-6))
	}
	return finish(c, tableAlt(l, g, o.Names))
}

// drawRowLine draws one objective of the row on a line: its code, points,
// wand reward, kind, whether it leaves, and the seats that scored it as
// discs with their letters.
func drawRowLine(c *canvas, g *atheneum.Game, i int, slot atheneum.RowSlot, r image.Rectangle) {
	base := fx(r.Min.Y) + 24
	if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
		c.text(c.tr("render.objective.none"), fx(r.Min.X)+4, base, cond(17), colInkSoft, 0)
		return
	}
	ob := &g.Content.Objectives[slot.Objective]
	x := fx(r.Min.X) + 4
	x += c.text(ob.Code, x, base, sans(19), colInk, 0) + 10
	drawStar(c, x+15, base-7, 17, colBrassDark)
	drawStar(c, x+15, base-7, 14, colGold)
	c.textMid(strconv.Itoa(ob.Points), x+15, base-6, sans(15), colInk)
	x += 36
	if ob.Wand {
		c.text("+", x, base, sans(18), colInk, 0)
		c.blitOver(wandSprite(26, atheneum.NoColor), pt(int(x)+12, int(base)-21))
		x += 44
	}
	right := fx(r.Max.X) - 4
	for k := len(slot.Wands) - 1; k >= 0; k-- {
		if s := slot.Wands[k]; s >= 0 && s < len(g.Seats) {
			subjectDisc(c, right-13, base-7, 13, g.Seats[s].Subject, sans(15))
			right -= 30
		}
	}
	kind := kindText(c.lang, ob)
	if g.Step != atheneum.StepOver && i == len(g.Row)-1 {
		kind = c.tr("render.objective.leaves")
		lw := c.measure(kind, cond(17)) + 12
		box := image.Rect(int(x), int(base)-20, int(min(x+lw, right-6)), int(base)+6)
		c.fillRR(box, 5, colRed)
		c.textFit(kind, x+6, base, fx(box.Dx()-12), cond(17), colWhite)
		return
	}
	c.textFit(kind, x, base, right-x-6, cond(17), colInkSoft)
}

func tableAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{tr(l, "render.alt.table", "Turn", turnText(l, g))}
	for i := range g.Seats {
		s := &g.Seats[i]
		st := statsOf(g, i)
		pts, _ := score(g, i)
		d := tr(l, "render.alt.seat", "Name", altName(l, names, i), "Subject", subjectName(l, s.Subject), "Score", pts) + " " +
			tr(l, "render.table.stats", "Books", st.books, "Spaces", st.spaces, "Full", st.full, "Candles", st.candles, "Wands", s.Wands) + "."
		if g.Step != atheneum.StepOver {
			d += " " + statusText(l, s.Status) + "."
		}
		parts = append(parts, d)
	}
	parts = append(parts, objectivesAlt(l, g, names))
	return strings.Join(parts, " ")
}
