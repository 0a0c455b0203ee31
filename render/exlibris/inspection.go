package exlibris

import (
	"errors"
	"image"
	"slices"
	"strings"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// ErrNoInspection is returned by DrawInspection before the inspection has
// begun.
var ErrNoInspection = errors.New("render: the inspection of Ex Libris has not begun")

// The inspection, top to bottom: a heading, then one block per seat (its
// name, what was turned face down and why, its stability) with its
// collection, and the legend.
const (
	inspHeadH   = 80
	inspSeatH   = 34 // a block's name line
	inspGap     = 10
	inspMaxCard = 64
)

// inspected is what the inspection shows of a seat.
type inspected struct {
	seat    int
	places  []exlibris.Place
	flipped []int // turned down by their owner
	checked []int // turned down by the check, or that it would turn now
	stable  stableRect
	buried  int
	marks   map[int]cellMarks
	lines   []string
	plan    gridPlan
	busy    bool // still turning cards down
}

// inspecting reports whether the flip step before the check is under way.
func inspecting(g *exlibris.Game) bool {
	for _, s := range g.Awaited() {
		if d, ok := g.Decision(s); ok && d.Kind == "flip" {
			return true
		}
	}
	return false
}

// DrawInspection draws the end of the game's inspection: for each seat,
// its collection with the cards it turned face down itself and those the
// alphabetical check turned (read from the top row down, each row from
// the left, a card lower than the last one kept is turned), the cards
// already face down, the cards buried by the mummy, and its stability
// rectangle with its points. During the flip step that comes before the
// check, it shows the cards turned so far, the seats still choosing, and
// the cards the check would turn if it came now.
//
// Everything it shows is public: pass any view (g.View(-1) for the
// channel). It returns ErrNoInspection before the inspection has begun,
// and render.ErrNoGame for a game it cannot draw.
func DrawInspection(g *exlibris.Game, o render.Options) (render.Picture, error) {
	return finish(inspectionCanvas(g, o))
}

func inspectionCanvas(g *exlibris.Game, o render.Options) (*render.Canvas, string, error) {
	if err := inspectionReady(g); err != nil {
		return nil, "", err
	}
	l := o.Language()
	seats, legendLines, h := layOutInspection(g, l)
	c := startCanvas(h, l)

	x0 := float64(render.Margin)
	label(c, pt(l, "insp.title"), x0+4, render.Margin+30, innerW-8, render.Title(32), render.Ink)
	sub := pt(l, "insp.done")
	if !g.Over() {
		sub = pt(l, "insp.flip_step")
	}
	label(c, sub, x0+4, render.Margin+56, innerW-8, render.Cond(16), render.InkSoft)
	c.Fill(image.Rect(render.Margin, render.Margin+inspHeadH-14, picW-render.Margin, render.Margin+inspHeadH-12), render.ParchmentDark)
	y := render.Margin + inspHeadH
	for i := range seats {
		in := &seats[i]
		bh := inspBlockH(in)
		box := render.Rect(render.Margin, y, innerW, bh)
		if in.busy {
			framedRR(c, box, 10, 2, render.Gold, render.ParchmentDark)
		} else {
			c.FillRR(box, 10, render.ParchmentDark)
		}
		c.BlitOver(tokenSprite(in.seat, false, 24), image.Pt(box.Min.X+8, y+6))
		right := float64(box.Max.X - 10)
		right -= c.Text(stableText(l, in), right, float64(y+24), render.Sans(16), render.Ink, 1) + 12
		if in.busy {
			right -= c.Text(pt(l, "insp.still"), right, float64(y+24), render.Cond(16), render.InkSoft, 1) + 10
		}
		who, wf := render.ShortName(c, name(l, o.Names, in.seat), right-float64(box.Min.X+40), render.Sans(19))
		c.Text(who, float64(box.Min.X+40), float64(y+25), wf, render.Ink, 0)
		ly := y + inspSeatH
		for k, line := range in.lines {
			label(c, line, float64(box.Min.X+8), float64(ly+16+k*infoLineH), innerW-16, render.Cond(16), render.Ink)
		}
		gy := ly + len(in.lines)*infoLineH + 6
		gx := box.Min.X + 8 + (innerW-16-in.plan.width())/2
		if len(in.places) == 0 {
			c.Text(pt(l, "empty"), float64(box.Min.X+8), float64(gy+18), render.Cond(16), render.InkSoft, 0)
		} else {
			drawBandCaptions(c, in.plan, gx, gy)
			drawStable(c, in.plan, gx, gy, in.stable)
			drawGridCards(c, in.plan, gx, gy, in.places, in.marks, render.ParchmentDark)
		}
		y += bh + inspGap
	}
	drawLegend(c, legendLines, render.Margin, y)
	return c, inspectionAlt(l, g, seats, o.Names), nil
}

// inspectionReady says why the inspection of g cannot be drawn, if so.
func inspectionReady(g *exlibris.Game) error {
	if err := check(g); err != nil {
		return err
	}
	if !g.Over() && !inspecting(g) {
		return ErrNoInspection
	}
	return nil
}

// inspectionAltText is the alt text inspectionCanvas gives its picture,
// worked out from the same layout without drawing it: the tests read the
// alt texts of a whole game's pictures.
func inspectionAltText(g *exlibris.Game, o render.Options) (string, error) {
	if err := inspectionReady(g); err != nil {
		return "", err
	}
	seats, _, _ := layOutInspection(g, o.Language())
	return inspectionAlt(o.Language(), g, seats, o.Names), nil
}

// layOutInspection gathers each seat's block of the inspection and
// measures them in language l: the seats (their lines and grids planned),
// the legend's lines and the picture's height.
func layOutInspection(g *exlibris.Game, l i18n.Lang) (seats []inspected, legendLines [][]legendPlace, h int) {
	aw := g.Awaited()
	seats = make([]inspected, g.Seats())
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	var legend []legendItem
	allPlaces, allMarks := []exlibris.Place{}, map[int]cellMarks{}
	anyStable := false
	for s := range seats {
		in := &seats[s]
		in.seat = s
		in.places = g.Collection(s)
		in.flipped, in.checked = g.Inspection(s)
		if !g.Over() {
			in.checked = outOfOrder(in.places)
			in.busy = slices.Contains(aw, s)
		}
		in.stable = stability(in.places)
		anyStable = anyStable || in.stable.area > 0
		in.marks = map[int]cellMarks{}
		for _, id := range in.flipped {
			in.marks[id] = cellMarks{flipped: true}
		}
		for _, id := range in.checked {
			if g.Over() {
				in.marks[id] = cellMarks{checked: true}
			} else {
				in.marks[id] = cellMarks{outOfOrder: true}
			}
		}
		for _, p := range in.places {
			if p.Buried >= 0 {
				in.buried++
			}
		}
		allPlaces = append(allPlaces, in.places...)
		for k, v := range in.marks {
			allMarks[k] = v
		}
	}
	legend = placesLegend(l, allPlaces, allMarks, anyStable)
	legendLines = flowLegend(scratch, legend, innerW)
	// The blocks share the height left, each grid in proportion to its
	// rows; when they do not fit, the cards turned are counted rather
	// than listed (the grids show which).
	for _, lv := range []struct{ brief, books bool }{{false, true}, {true, true}, {true, false}} {
		brief := lv.brief
		fixed := render.Margin + inspHeadH + len(legendLines)*legendLineH + 8 + render.Margin
		rowsAll := 0
		for i := range seats {
			in := &seats[i]
			in.lines = wrapParts(scratch, inspParts(l, g, in, brief), innerW-16, render.Cond(16))
			fixed += inspSeatH + len(in.lines)*infoLineH + 10 + inspGap
			_, _, rows, _ := bounds(in.places, nil)
			rowsAll += rows
		}
		for budget := maxH - fixed; ; budget -= 8 {
			for i := range seats {
				in := &seats[i]
				minR, minC, rows, cols := bounds(in.places, nil)
				share := budget * rows / max(1, rowsAll)
				in.plan = planGrid(scratch, minR, minC, rows, cols, innerW-16, share, inspMaxCard, lv.books)
			}
			h = render.Margin + inspHeadH + len(legendLines)*legendLineH + 8 + render.Margin
			for i := range seats {
				h += inspBlockH(&seats[i]) + inspGap
			}
			if h <= maxH || budget <= 0 {
				break
			}
		}
		if h <= maxH {
			break
		}
	}
	scratch.Release()
	return seats, legendLines, h
}

// inspBlockH is the height of a seat's block.
func inspBlockH(in *inspected) int {
	gh := in.plan.height()
	if len(in.places) == 0 {
		gh = 26
	}
	return inspSeatH + len(in.lines)*infoLineH + 6 + gh + 10
}

// stableText is a seat's stability rectangle and its points, short.
func stableText(l i18n.Lang, in *inspected) string {
	if in.stable.area == 0 {
		return pt(l, "insp.no_stability")
	}
	return pt(l, "insp.stability", "Width", in.stable.c1-in.stable.c0+1, "Height", in.stable.r1-in.stable.r0+1, "Count", in.stable.area)
}

// inspParts say what a seat turned and why: the cards listed, or when
// brief only counted.
func inspParts(l i18n.Lang, g *exlibris.Game, in *inspected, brief bool) []string {
	list := func(ids []int) string {
		if brief {
			return pt(l, "cards", "Count", len(ids))
		}
		return codes(l, ids)
	}
	var parts []string
	if len(in.flipped) > 0 {
		parts = append(parts, pt(l, "insp.flipped", "Cards", list(in.flipped)))
	} else {
		parts = append(parts, pt(l, "insp.none_flipped"))
	}
	switch {
	case len(in.checked) > 0 && g.Over():
		parts = append(parts, pt(l, "insp.checked", "Cards", list(in.checked)))
	case len(in.checked) > 0:
		parts = append(parts, pt(l, "insp.would_check", "Cards", list(in.checked)))
	default:
		parts = append(parts, pt(l, "insp.none_checked"))
	}
	if in.buried > 0 {
		parts = append(parts, pt(l, "insp.buried", "Count", in.buried))
	}
	return parts
}

// inspectionAlt describes the inspection seat by seat: what was turned
// and why, the stability, and (when Discord keeps it whole) the
// collection's rows; at the briefest, the cards turned are counted.
func inspectionAlt(l i18n.Lang, g *exlibris.Game, seats []inspected, names []string) string {
	sub := pt(l, "insp.done")
	if !g.Over() {
		sub = pt(l, "insp.flip_step")
	}
	at := func(rows, brief bool) func() string {
		return func() string {
			parts := []string{pt(l, "insp.title") + ".", sub + "."}
			for i := range seats {
				in := &seats[i]
				s := render.AltName(l, names, in.seat)
				if in.busy {
					s += " (" + pt(l, "insp.still") + ")"
				}
				parts = append(parts, s+pt(l, "colon")+strings.Join(append(inspParts(l, g, in, brief), stableText(l, in)), pt(l, "alt.sep"))+".")
				if rows {
					parts = append(parts, rowsAlt(l, in.places, in.plan.minR, in.plan.minC, false)...)
				}
			}
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true, false), at(false, false), at(false, true))
}
