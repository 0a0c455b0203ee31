package anludim

import (
	"image"
	"strings"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// The items picture: a heading, then one panel per professor.
const (
	itemsHeadH  = 96
	itemsPanelH = 102
	itemsGap    = 8
	itemsFootH  = 30
	// stackItemSize is an item's size on a stack: larger than on the
	// table, as there is room.
	stackItemSize = 34
)

// DrawItems draws the five professors' item stacks, in the order of the
// board (in the expert variant, from the lowest combination to the
// highest): for each, its badge (solid while its pawn is on the board),
// name and combination, what the combination asks for, where its pawn
// stands, and the items it pays that are left on its stack, drawn from the
// top (taken next) to the bottom with their values, or that the stack is
// empty. The heading counts the empty stacks, three of which end the
// round.
func DrawItems(g *anludim.Game, o render.Options) (render.Picture, error) {
	return finish(itemsCanvas(g, o))
}

// itemsCanvas draws the item stacks and returns the canvas and its alt
// text.
func itemsCanvas(g *anludim.Game, o render.Options) (*render.Canvas, string, error) {
	if err := check(g); err != nil {
		return nil, "", err
	}
	l := o.Language()
	h := 2*render.Margin + itemsHeadH + anludim.NumProfessors*(itemsPanelH+itemsGap) - itemsGap + itemsFootH
	c := itemsPalette.Blank(picW, h, l)
	x0, x1 := float64(render.Margin), float64(picW-render.Margin)
	c.Text(c.T("anludim.picture.items.title"), x0+4, render.Margin+32, render.Title(30), render.Ink, 0)
	c.Text(roundText(l, g), x1-4, render.Margin+30, render.Sans(19), render.Ink, 1)
	empty := emptyStacks(g)
	label(c, c.T("anludim.picture.items.empty_stacks", "Count", empty), x0+4, render.Margin+62, float64(innerW-8), render.Sans(18), render.Ink)
	if g.Options().Expert {
		label(c, c.T("anludim.picture.items.ranked"), x0+4, render.Margin+84, float64(innerW-8), render.Cond(16), render.InkSoft)
	}
	y := render.Margin + itemsHeadH
	c.Fill(image.Rect(render.Margin, y-8, picW-render.Margin, y-6), render.ParchmentDark)
	f := render.Cond(16)
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		panel := render.Rect(render.Margin, y, innerW, itemsPanelH)
		c.FillRR(panel, 10, render.ParchmentDark)
		seat := g.ProfessorSeat(p)
		// The table's sprites, flattened onto the panel's colour, blended
		// (copied: they are opaque) where text is written anyway.
		c.BlitOver(pawnSprite(p, seat < 0, l, render.ParchmentDark), image.Pt(panel.Min.X+8, y+6))
		where := c.T("anludim.picture.board")
		if seat >= 0 {
			where = Tidy(l, c.T("anludim.picture.with", "Name", render.NameOf(l, o.Names, seat)))
		}
		ww := c.Text(render.Fit(c, where, 220, f), float64(panel.Max.X-10), float64(y+26), f, render.Ink, 1)
		nx := float64(panel.Min.X + 8 + 2*pawnR + 8)
		nw := label(c, profName(l, p), nx, float64(y+27), float64(panel.Max.X-10)-ww-nx-16, render.Sans(22), render.Ink)
		label(c, "· "+combName(l, p), nx+nw+8, float64(y+27), float64(panel.Max.X-10)-ww-nx-nw-24, render.Cond(17), render.InkSoft)
		c.Text(c.FitLabel(c.T("anludim.picture.rule."+p.Combination()), float64(innerW-20), f), float64(panel.Min.X+10), float64(y+52), f, render.InkSoft, 0)
		stack := g.Stack(p)
		iy := y + 60
		if len(stack) == 0 {
			c.Text(c.T("anludim.picture.items.empty"), float64(panel.Min.X+10), float64(iy+24), render.Sans(18), render.Red, 0)
		} else {
			x := panel.Min.X + 10
			for _, v := range stack {
				c.BlitOver(itemSprite(anludim.ItemKind(p), v, stackItemSize, render.ParchmentDark), image.Pt(x, iy))
				x += stackItemSize + 6
			}
			c.Text(c.T("anludim.picture.left", "Count", len(stack)), float64(x+8), float64(iy+23), f, render.InkSoft, 0)
		}
		y += itemsPanelH + itemsGap
	}
	c.TextMid(c.T("anludim.picture.items.top"), picW/2, float64(h-render.Margin-10), f, render.InkSoft)
	return c, itemsAlt(l, g, o.Names, empty), nil
}

// emptyStacks counts the professors' empty stacks.
func emptyStacks(g *anludim.Game) int {
	empty := 0
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		if len(g.Stack(p)) == 0 {
			empty++
		}
	}
	return empty
}

// itemsAlt describes the stacks in words.
func itemsAlt(l i18n.Lang, g *anludim.Game, names []string, empty int) string {
	parts := []string{render.T(l, "anludim.alt.items", "Round", roundText(l, g)), render.T(l, "anludim.picture.items.empty_stacks", "Count", empty) + "."}
	for p := anludim.Professor(0); p < anludim.NumProfessors; p++ {
		parts = append(parts, professorAlt(l, g, names, p, true)+".")
	}
	return strings.Join(parts, " ")
}
