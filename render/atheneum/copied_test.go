package atheneum

import (
	"bytes"
	"image"
	"image/draw"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"atheneum/engine/atheneum"
	"atheneum/fonts"
	"atheneum/i18n"
	"atheneum/render"
)

// Some parts drawn the same on many pictures are drawn once and copied:
// the red frame of the objective that leaves and the slot of an empty
// target space (sprites), and the reveal's boxes (in its frame, under the
// names). The golden images allow a little difference, so these tests
// hold the copies to the very pixels drawing them in place gives, at
// every place the pictures put them (anti-aliasing need not be the same
// wherever a shape is drawn).

// samePixels reports the first row where a and b differ within r, or -1.
func samePixels(a, b *image.RGBA, r image.Rectangle) int {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := a.PixOffset(r.Min.X, y)
		if !bytes.Equal(a.Pix[o:o+4*r.Dx()], b.Pix[o:o+4*r.Dx()]) {
			return y
		}
	}
	return -1
}

func TestTheLeavingObjectivesFrameIsCopiedToTheSamePixels(t *testing.T) {
	type place struct {
		what string
		l    objectiveSlots
		at   image.Point // the row's top left
	}
	var places []place
	// Every height of hand, then the objectives picture.
	for rows := 1; rows <= 8; rows++ {
		top := render.Margin + 76 + handHeadH + 4 + rows*(handRowH+handRowGap) - handRowGap + 18
		places = append(places, place{"a hand's strip", stripSlots, image.Pt(render.Margin, top)})
	}
	places = append(places, place{"the objectives picture", gridSlots, image.Pt(render.Margin, render.Margin+86)})
	for _, l := range i18n.Langs {
		for _, p := range places {
			// Slot 0 is drawn in place (see drawObjectiveSlots).
			for i := 1; i < 4; i++ {
				x, y := p.at.X+(i%2)*p.l.dx, p.at.Y+(i/2)*p.l.dy
				r := image.Rect(x-4, y+2, x+p.l.w+4, y+p.l.caption+p.l.h+4)
				drawn := render.NewSprite(handW, r.Max.Y+render.Margin, render.Parchment)
				drawn.Lang = l
				drawLeavesFrame(drawn, image.Pt(x, y), p.l)
				copied := render.NewSprite(handW, r.Max.Y+render.Margin, render.Parchment)
				copied.Blit(leavesFrame(l, p.l), r.Min)
				if row := samePixels(drawn.Img, copied.Img, drawn.Img.Rect); row >= 0 {
					t.Errorf("%s in %s, slot %d: row %d differs", p.what, l, i, row)
				}
				drawn.Release()
				copied.Release()
			}
		}
	}
}

func TestATargetsSlotIsCopiedToTheSamePixels(t *testing.T) {
	games := []*atheneum.Game{startState(t), midState(t), endState(t), fiveSeatState(t)}
	seen := map[[2]image.Rectangle]bool{}
	for _, g := range games {
		for seat := range g.Seats {
			for _, st := range []*shelfStyle{fullShelf, compactShelf} {
				plan, _ := planWithPlaceholders(g, seat, nil, st)
				plan.at = image.Pt(render.Margin, render.Margin+58)
				size := plan.l.size.Add(image.Pt(2*render.Margin, render.Margin+58+plan.height+render.Margin))
				drawn := render.NewSprite(size.X, size.Y, colInterior)
				copied := render.NewSprite(size.X, size.Y, colInterior)
				for id := atheneum.CompID(0); id < atheneum.NumComps; id++ {
					b, ok := plan.box(id)
					if !ok {
						continue
					}
					for lv := 0; lv < b.lv; lv++ {
						for x := 0; x < b.w; x++ {
							r := b.space(st, lv, x)
							inner := targetInner(r, st)
							k := [2]image.Rectangle{inner, image.Rect(st.cw, st.ch, 0, 0)}
							if seen[k] {
								continue
							}
							seen[k] = true
							// The empty space's coordinate under the slot,
							// as drawEmptyCompartment writes it.
							for _, c := range []*render.Canvas{drawn, copied} {
								cx, cy := render.Mid(r)
								c.TextMid(atheneum.Pos{Comp: id, Level: lv, Space: x}.String(), cx, cy+float64(st.bookTop)/2, st.code, colInteriorTx)
							}
							// As drawn before the slot was a sprite.
							drawn.FillRR(inner, 6, colSlot)
							cx, cy := render.Mid(inner)
							drawn.TextMid("+", cx, cy-12, render.Sans(28), colMark)
							copied.Blit(targetSlot(st, inner.Size()), inner.Min)
							if row := samePixels(drawn.Img, copied.Img, r); row >= 0 {
								t.Errorf("%s style, %v: row %d differs", st.key, inner, row)
							}
							drawn.Fill(r, colInterior)
							copied.Fill(r, colInterior)
						}
					}
				}
				drawn.Release()
				copied.Release()
			}
		}
	}
	if len(seen) < 50 {
		t.Errorf("only %d places checked", len(seen))
	}
}

func TestTheRevealsBoxesAreDrawnAfterNamesReachingThem(t *testing.T) {
	// Every letter the font draws that staysAboveBoxes lets a name hold
	// leaves the rows of the boxes (drawn in the frame, under the names)
	// as they were; a letter drawn alone is as it is in a name. They are
	// drawn as Canvas.Text draws them, on a face of this test's own: the
	// hinter of a face keeps state from glyph to glyph, and thousands of
	// rare letters drawn with the canvases' pooled faces changed the
	// pictures the other tests then drew.
	tf, err := fonts.Parsed(revealNameFont.Font)
	if err != nil {
		t.Fatal(err)
	}
	face := truetype.NewFace(tf, &truetype.Options{Size: revealNameFont.Size, Hinting: font.HintingFull, SubPixelsX: 1})
	img := image.NewRGBA(image.Rect(0, 0, 80, revealHeadH+8))
	draw.Draw(img, img.Rect, image.NewUniform(render.ParchmentDark), image.Point{}, draw.Src)
	blank := bytes.Clone(img.Pix)
	below := img.PixOffset(0, revealHeadH)
	checked := 0
	for r := rune(0x20); r < 0x10000; r++ {
		if !fonts.Has(fonts.Sans, r) || !staysAboveBoxes(string(r)) {
			continue
		}
		d := font.Drawer{Dst: img, Src: image.NewUniform(render.Ink), Face: face, Dot: fixed.P(30, revealNameDrop)}
		d.DrawString(string(r))
		if !bytes.Equal(img.Pix[below:], blank[below:]) {
			t.Errorf("%q (%U) reaches the boxes", r, r)
		}
		copy(img.Pix, blank)
		checked++
	}
	if checked < 1000 {
		t.Errorf("only %d letters checked", checked)
	}
	for _, name := range []string{"Ada", "Bartholomew the Long-Named", "Céline", "Дмитрий", "Zoë Ångström-Øye", "a name far too long to fit anywhere on the picture at all"} {
		if !staysAboveBoxes(name) {
			t.Errorf("%q does not stay above the boxes", name)
		}
	}
	if staysAboveBoxes("Aຼ") {
		t.Error("a letter reaching far below the line is said to stay above the boxes")
	}
}
