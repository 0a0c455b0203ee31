package render

import (
	"image"
	"strconv"

	"atheneum/engine"
)

// The table: a title with the turn, the objective row, then every seat's
// shelves at a small scale, two to a row.
const (
	tableW      = 1600
	tableTitleH = 62
	panelGap    = 16
	panelHeadH  = 46
)

// tableLayout places the table's parts for a seat count.
type tableLayout struct {
	w, h   int
	rowAt  image.Point
	panels []image.Rectangle
	shelf  []image.Point // where each seat's small shelves go
}

func layoutTable(ct *engine.Content, n int) tableLayout {
	l := tableLayout{w: tableW}
	ml := layoutFor(ct, miniShelf)
	l.rowAt = pt((tableW-rowWidth())/2, margin+tableTitleH)
	top := l.rowAt.Y + objCaption + objH + 20
	pw := (tableW - 2*margin - panelGap) / 2
	ph := panelHeadH + ml.size.Y + 14
	for i := 0; i < n; i++ {
		x := margin + (i%2)*(pw+panelGap)
		if i == n-1 && n%2 == 1 {
			x = (tableW - pw) / 2 // the odd seat out is centred
		}
		r := rect(x, top+(i/2)*(ph+panelGap), pw, ph)
		l.panels = append(l.panels, r)
		l.shelf = append(l.shelf, pt(r.Min.X+(pw-ml.size.X)/2, r.Min.Y+panelHeadH+4))
	}
	l.h = top + ((n+1)/2)*(ph+panelGap) - panelGap + margin
	return l
}

// statusText says what a seat is doing, for spectators.
func statusText(s engine.SeatStatus) string {
	switch s {
	case engine.StatusPicking:
		return "choosing a card"
	case engine.StatusPicked:
		return "card chosen"
	case engine.StatusShelving:
		return "shelving"
	case engine.StatusScoring:
		return "scoring objectives"
	case engine.StatusDone:
		return "done"
	}
	return string(s)
}

// Table draws the whole table for spectators: the phase and turn, the
// objective row, and each seat's shelves at a smaller scale with its name,
// status, wands and score.
func Table(g *engine.Game, names []string) ([]byte, error) {
	if err := check(g); err != nil {
		return nil, err
	}
	n := len(g.Seats)
	l := layoutTable(g.Content, n)
	f := frames.get(struct {
		k string
		c *engine.Content
		n int
	}{"table", g.Content, n}, func() *image.RGBA {
		c := newSprite(l.w, l.h, colFrame)
		defer c.release()
		drawCard(c, l.w, l.h)
		c.text("Atheneum", margin+4, margin+40, title(40), colInk, 0)
		c.fill(image.Rect(margin, margin+54, l.w-margin, margin+56), colParchDark)
		for i, p := range l.panels {
			c.fillRR(p, 12, colParchDark)
			shelvesFrame(g.Content, miniShelf, c, l.shelf[i])
		}
		return c.img
	})
	c := start(f)
	c.text(turnText(g), fx(l.w-margin-4), margin+38, sans(20), colInk, 1)
	drawRow(c, g, l.rowAt, names)
	for i, p := range l.panels {
		s := &g.Seats[i]
		y := fx(p.Min.Y) + 32
		subjectDisc(c, fx(p.Min.X)+26, y-8, 15, s.Subject, sans(16))
		pts, final := score(g, i)
		label := "Score "
		if final {
			label = "Final "
		}
		right := "Wands " + strconv.Itoa(s.Wands) + "   " + label
		x := fx(p.Max.X - 16)
		x -= c.text(strconv.Itoa(pts), x, y, sans(24), colInk, 1)
		x -= c.text(right, x-6, y, sans(16), colInkSoft, 1) + 6
		nx := fx(p.Min.X) + 50
		status := ""
		if g.Step != engine.StepOver {
			status = statusText(s.Status)
		}
		sw := c.measure(status, cond(16))
		name := fit(c, nameOf(names, i), x-nx-sw-40, sans(22))
		nx += c.text(name, nx, y, sans(22), colInk, 0) + 14
		if status != "" {
			c.text(status, nx, y, cond(16), colInkSoft, 0)
		}
		drawShelves(c, g, i, miniShelf, l.shelf[i])
	}
	return finish(c)
}
