package atheneum

import (
	"image"
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// The table is a compact summary for spectators, one panel per seat, and
// the objective row in a line per card; a seat's shelves are a picture of
// their own (DrawShelves), sent on demand.
const (
	tableW      = 2*cardW + cardGap + 2*render.Margin
	tablePanelH = 104
	tableRowH   = 40
)

// statusText says what a seat is doing, for spectators.
func statusText(l i18n.Lang, s atheneum.SeatStatus) string {
	switch s {
	case atheneum.StatusPicking, atheneum.StatusPicked, atheneum.StatusShelving, atheneum.StatusScoring, atheneum.StatusDone:
		return render.T(l, "render.status."+string(s))
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
// and turn; for each seat (in seat order, best first once the game is
// over) its subject, name, status, score, wands, books
// shelved, full compartments, lit candles and side shelves; then each card
// of the objective row with its points and the seats that scored it.
func DrawTable(g *atheneum.Game, o render.Options) (render.Picture, error) {
	if err := check(g); err != nil {
		return render.Picture{}, err
	}
	l := o.Language()
	n := len(g.Seats)
	w := tableW
	top := render.Margin + 86
	rowTop := top + n*(tablePanelH+10) + 50
	h := rowTop + len(g.Row)*tableRowH + render.Margin
	f := frames.Get(struct {
		k string
		n int
		l i18n.Lang
	}{"table", n, l}, func() *image.RGBA {
		c := render.NewFrame(w, h, l)
		defer c.Release()
		c.Text("Atheneum", render.Margin+4, render.Margin+38, render.Title(38), render.Ink, 0)
		c.Fill(image.Rect(render.Margin, render.Margin+76, w-render.Margin, render.Margin+78), render.ParchmentDark)
		for i := 0; i < n; i++ {
			c.FillRR(render.Rect(render.Margin, top+i*(tablePanelH+10), w-2*render.Margin, tablePanelH), 12, render.ParchmentDark)
		}
		c.Text(c.T("render.objectives.title"), render.Margin+4, float64(rowTop-14), render.Title(28), render.Ink, 0)
		return c.Img
	})
	c := tablePalette.Start(f, l)
	c.TextFit(turnText(l, g), render.Margin+4, render.Margin+64, float64(w-2*render.Margin-8), render.Cond(17), render.InkSoft)
	for k, i := range tableOrder(g) {
		s := &g.Seats[i]
		p := render.Rect(render.Margin, top+k*(tablePanelH+10), w-2*render.Margin, tablePanelH)
		y := float64(p.Min.Y) + 34
		subjectDisc(c, float64(p.Min.X)+26, y-8, 16, s.Subject, render.Sans(16))
		pts, final := score(g, i)
		label := c.T("render.score")
		if final {
			label = c.T("render.final")
		}
		x := float64(p.Max.X - 14)
		x -= c.Text(strconv.Itoa(pts), x, y+2, render.Sans(30), render.Ink, 1) + 8
		x -= c.Text(label, x, y, render.Cond(17), render.InkSoft, 1)
		c.TextFit(render.NameOf(l, o.Names, i), float64(p.Min.X)+50, y, x-float64(p.Min.X)-66, render.Sans(22), render.Ink)
		st := statsOf(g, i)
		line := c.T("render.table.stats", "Books", st.books, "Spaces", st.spaces, "Full", st.full,
			"Candles", st.candles, "Wands", s.Wands)
		c.TextFit(line, float64(p.Min.X)+16, y+30, float64(p.Dx()-32), render.Cond(17), render.Ink)
		var more []string
		if g.Step != atheneum.StepOver {
			more = append(more, statusText(l, s.Status))
		}
		if st.sides > 0 {
			more = append(more, c.T("render.table.sides", "Count", st.sides))
		}
		c.TextFit(strings.Join(more, " · "), float64(p.Min.X)+16, y+58, float64(p.Dx()-32), render.Cond(17), render.InkSoft)
	}
	for i, slot := range g.Row {
		y := rowTop + i*tableRowH
		drawRowLine(c, g, i, slot, render.Rect(render.Margin, y, w-2*render.Margin, tableRowH-6))
	}
	return render.Finish(c, tableAlt(l, g, o.Names))
}

// tableOrder is the order of the seats on the table: seat order while the
// game runs, best first once it is over.
func tableOrder(g *atheneum.Game) []int {
	var order []int
	if g.Step == atheneum.StepOver && len(g.Results) == len(g.Seats) {
		for _, r := range ranked(g) {
			order = append(order, r.Seat)
		}
		return order
	}
	for i := range g.Seats {
		order = append(order, i)
	}
	return order
}

// drawRowLine draws one objective of the row on a line: its code, points,
// wand reward, kind, whether it leaves, and the seats that scored it as
// discs with their letters.
func drawRowLine(c *render.Canvas, g *atheneum.Game, i int, slot atheneum.RowSlot, r image.Rectangle) {
	base := float64(r.Min.Y) + 24
	if slot.Objective < 0 || slot.Objective >= len(g.Content.Objectives) {
		c.Text(c.T("render.objective.none"), float64(r.Min.X)+4, base, render.Cond(17), render.InkSoft, 0)
		return
	}
	ob := &g.Content.Objectives[slot.Objective]
	x := float64(r.Min.X) + 4
	x += c.Text(ob.Code, x, base, render.Sans(19), render.Ink, 0) + 10
	render.DrawStar(c, x+15, base-7, 17, render.BrassDark)
	render.DrawStar(c, x+15, base-7, 14, render.Gold)
	c.TextMid(strconv.Itoa(ob.Points), x+15, base-6, render.Sans(minText), render.Ink)
	x += 36
	if ob.Wand {
		c.Text("+", x, base, render.Sans(18), render.Ink, 0)
		c.BlitOver(wandSprite(26, atheneum.NoColor), image.Pt(int(x)+12, int(base)-21))
		x += 44
	}
	right := float64(r.Max.X) - 4
	for k := len(slot.Wands) - 1; k >= 0; k-- {
		if s := slot.Wands[k]; s >= 0 && s < len(g.Seats) {
			subjectDisc(c, right-13, base-7, 13, g.Seats[s].Subject, render.Sans(minText))
			right -= 30
		}
	}
	kind := kindText(c.Lang, ob)
	if g.Step != atheneum.StepOver && i == len(g.Row)-1 {
		kind = c.T("render.objective.leaves")
		lw := c.Measure(kind, render.Cond(17)) + 12
		box := image.Rect(int(x), int(base)-20, int(min(x+lw, right-6)), int(base)+6)
		c.FillRR(box, 5, render.Red)
		c.TextFit(kind, x+6, base, float64(box.Dx()-12), render.Cond(17), render.White)
		return
	}
	c.TextFit(kind, x, base, right-x-6, render.Cond(17), render.InkSoft)
}

func tableAlt(l i18n.Lang, g *atheneum.Game, names []string) string {
	parts := []string{render.T(l, "render.alt.table", "Turn", turnText(l, g))}
	for _, i := range tableOrder(g) {
		s := &g.Seats[i]
		st := statsOf(g, i)
		pts, _ := score(g, i)
		d := render.T(l, "render.alt.seat", "Name", render.AltName(l, names, i), "Subject", subjectName(l, s.Subject), "Score", pts) + " " +
			render.T(l, "render.table.stats", "Books", st.books, "Spaces", st.spaces, "Full", st.full, "Candles", st.candles, "Wands", s.Wands) + "."
		if g.Step != atheneum.StepOver {
			d += " " + statusText(l, s.Status) + "."
		}
		parts = append(parts, d)
	}
	parts = append(parts, objectivesAlt(l, g, names))
	return strings.Join(parts, " ")
}
