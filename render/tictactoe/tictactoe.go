// Package tictactoe draws the fixture game's one picture: the board, with
// each seat's mark and name, and who is to play or who won.
package tictactoe

import (
	"image"
	"image/color"
	"strings"

	"atheneum/engine/tictactoe"
	"atheneum/render"
)

// The picture: 450 pixels wide, as a phone shows it, a heading and the
// board's three by three cells with their names.
const (
	picW  = 450
	headH = 92
	cellW = 110
	gridX = (picW - 3*cellW) / 2
	picH  = render.Margin*2 + headH + 3*cellW + 34
)

// The marks' colours, dark enough on the parchment.
var (
	colX = render.RGB(0x1F5390)
	colO = render.RGB(0x7A0C20)
)

var palette = render.NewPalette(append(render.BaseColors(), colX, colO),
	append(render.BaseRamps(), [2]color.RGBA{colX, render.ParchmentDark}, [2]color.RGBA{colO, render.ParchmentDark}))

// DrawBoard draws the board: each seat's name with its mark, whose turn
// it is (or the result), and the marks in their cells, each empty cell
// showing its name.
func DrawBoard(s *tictactoe.State, o render.Options) (render.Picture, error) {
	if s == nil {
		return render.Picture{}, render.ErrNoGame
	}
	l := o.Language()
	c := palette.Blank(picW, picH, l)
	x0 := float64(render.Margin + 4)
	marks := []string{"X", "O"}
	cols := []color.RGBA{colX, colO}
	for seat := range 2 {
		y := float64(render.Margin + 30 + 30*seat)
		line := c.T("tictactoe.picture.seat", "Mark", marks[seat], "Name", render.NameOf(l, o.Names, seat))
		c.Text(render.Fit(c, line, picW-2*x0, render.Sans(22)), x0, y, render.Sans(22), cols[seat], 0)
	}
	status := c.T("tictactoe.picture.draw")
	switch r := s.Results(); {
	case r == nil:
		seat := s.Awaited()[0]
		status = c.T("tictactoe.picture.turn", "Name", render.NameOf(l, o.Names, seat))
	case r[0].Rank != r[1].Rank:
		w := 0
		if r[1].Rank == 1 {
			w = 1
		}
		status = c.T("tictactoe.picture.won", "Name", render.NameOf(l, o.Names, w))
	}
	top := render.Margin + headH
	c.Text(render.Fit(c, status, picW-2*x0, render.Cond(18)), x0, float64(top-6), render.Cond(18), render.InkSoft, 0)
	var alt []string
	for i := range 9 {
		cell := image.Rect(gridX+cellW*(i%3)+4, top+cellW*(i/3)+4, gridX+cellW*(i%3+1)-4, top+cellW*(i/3+1)-4)
		c.FillRR(cell, 10, render.ParchmentDark)
		cx, cy := float64(cell.Min.X+cell.Max.X)/2, float64(cell.Min.Y+cell.Max.Y)/2
		switch m := s.Cell(i); m {
		case 0:
			c.TextMid(tictactoe.CellName(i), cx, cy, render.Sans(20), render.InkSoft)
		default:
			c.TextMid(marks[m-1], cx, cy, render.Title(64), cols[m-1])
			alt = append(alt, c.T("tictactoe.picture.alt.cell", "Cell", tictactoe.CellName(i), "Mark", marks[m-1]))
		}
	}
	text := c.T("tictactoe.picture.alt", "Status", status)
	if len(alt) > 0 {
		text += " " + strings.Join(alt, ", ") + "."
	}
	return render.Finish(c, text)
}
