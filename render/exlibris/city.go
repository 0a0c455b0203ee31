package exlibris

import (
	"image"
	"slices"
	"strconv"
	"strings"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// The city, top to bottom: a heading (round, whose move, first player,
// deck and discard pile), the popular and banned categories, the
// permanent locations, this round's locations (or the libraries on offer
// during the draft), the cards turned over on their way, one row per seat
// (its assistants still to place, at home, its hand and collection) and
// the legend.
const (
	cityHeadH = 100
	cityCatsH = 58
	sectionH  = 28 // a section's title
	tileW     = (innerW - tileGapX) / 2
	tileGapX  = 10
	tileGapY  = 8
	tileHeadH = 30
	slotD     = 28 // a slot, and the assistant in it
	slotStep  = slotD + 5
	miniW     = 36 // a card on a tile
	miniH     = 48
	miniGap   = 4
	seatRowH  = 36
	seatHeadH = 24
)

// tileView is what the city shows of a location tile.
type tileView struct {
	loc       exlibris.Location
	permanent bool
	info      exlibris.LocationInfo
	cards     []int // the cards the view shows
	count     int   // the cards on the tile, shown or not
	occ       []exlibris.Occupant
	slots     []int // the slots used at this table, by index
	cardsLine bool  // the cards go under the slots
}

// tilesOf gathers the tiles in play, permanent ones first.
func tilesOf(g *exlibris.Game) []tileView {
	locs, perm := g.TilesInPlay()
	var out []tileView
	for _, first := range []bool{true, false} {
		for i, l := range locs {
			if perm[i] != first {
				continue
			}
			tv := tileView{loc: l, permanent: perm[i], info: exlibris.LocationOf(l), occ: g.Occupants(l)}
			tv.cards, tv.count = g.TileCards(l)
			for k, least := range tv.info.Slots {
				if least <= g.Seats() {
					tv.slots = append(tv.slots, k)
				}
			}
			slotsW := len(tv.slots) * slotStep
			tv.cardsLine = tv.count > 0 && slotsW+8+tv.count*(miniW+miniGap) > tileW-16
			out = append(out, tv)
		}
	}
	return out
}

// cityLevel is how tightly the city is drawn: compact tiles show their
// cards as chips with their codes beside smaller slots; a dense city
// also puts the categories on one line and every tile in one list, the
// permanent ones outlined in brass.
type cityLevel struct{ compact, dense bool }

// seatRowH is the height of a seat's row.
func (lv cityLevel) seatRowH() int {
	if lv.dense {
		return seatRowH - 4
	}
	return seatRowH
}

// gapY is the space between rows of tiles.
func (lv cityLevel) gapY() int {
	if lv.dense {
		return tileGapY - 3
	}
	return tileGapY
}

// catsH is the height of the popular and banned categories.
func (lv cityLevel) catsH() int {
	if lv.dense {
		return 34
	}
	return cityCatsH
}

// height is a tile panel's height.
func (tv *tileView) height(lv cityLevel) int {
	if lv.compact {
		return chipHeadH + chipH + 8
	}
	h := tileHeadH + slotD + 16
	if tv.cardsLine {
		h += miniH + 8
	} else if tv.count > 0 {
		h = max(h, tileHeadH+miniH+12)
	}
	return h
}

// The compact tiles' heading, slots and card chips.
const (
	chipHeadH = 28
	chipH     = 24
	chipSlotD = 24
)

// DrawCity draws the city as everyone sees it: the round and whose move
// the game waits for, the first player, the deck and the discard pile
// (solo: the public library and the hints shown so far), the popular and
// banned categories, then each location in play, permanent ones first:
// its number and name, whether its effect is delayed, its slots used at
// this table with the assistants on them (a ghost sharing a slot beside
// its occupant, the auction's slots showing their bids) and its cards
// (backs for those the view does not show). During the library draft it
// shows the libraries on offer instead. Then one row per seat: its
// library's special assistant, the assistants it has still to place and
// those on its home slots, the cards in its hand and in its collection.
//
// g is what the picture may show, any view: pass a spectator's view
// (g.View(-1)) for the channel. It returns render.ErrNoGame for a game it
// cannot draw.
func DrawCity(g *exlibris.Game, o render.Options) (render.Picture, error) {
	return finish(cityCanvas(g, o))
}

func cityCanvas(g *exlibris.Game, o render.Options) (*render.Canvas, string, error) {
	if err := check(g); err != nil {
		return nil, "", err
	}
	return cityCanvasOf(g, tilesOf(g), o)
}

// cityAltText is the alt text cityCanvas gives its picture, without
// drawing it: the tests read the alt texts of a whole game's pictures.
func cityAltText(g *exlibris.Game, o render.Options) (string, error) {
	if err := check(g); err != nil {
		return "", err
	}
	return cityAlt(o.Language(), g, tilesOf(g), o.Names), nil
}

// cityCanvasOf draws the city with the tiles given.
func cityCanvasOf(g *exlibris.Game, tiles []tileView, o render.Options) (*render.Canvas, string, error) {
	l := o.Language()
	pool := g.DraftPool()
	table := g.OnTable()
	scratch := render.NewSprite(1, 1, render.Parchment)
	scratch.Lang = l
	info := wrapParts(scratch, cityParts(l, g, o.Names, false), innerW-8, render.Cond(16))
	headH := cityHeadH + (len(info)-1)*infoLineH
	var perm, fresh []tileView
	for _, tv := range tiles {
		if tv.permanent {
			perm = append(perm, tv)
		} else {
			fresh = append(fresh, tv)
		}
	}
	// Many tiles are drawn compact, their cards as chips with their
	// codes; more still, dense: the categories on one line, the tiles in
	// one list, the permanent ones outlined in brass.
	var h int
	var lv cityLevel
	for _, lv = range []cityLevel{{}, {compact: true}, {compact: true, dense: true}} {
		h = render.Margin + headH + lv.catsH()
		if lv.dense {
			h += panelsH(tiles, lv) + 4
		} else {
			for _, group := range [][]tileView{perm, fresh} {
				if len(group) > 0 {
					h += sectionH + panelsH(group, lv) + 4
				}
			}
		}
		if len(pool) > 0 {
			h += sectionH + len(pool)*24 + 8
		}
		if len(table) > 0 {
			h += sectionH + miniH + 10
		}
		h += seatHeadH + g.Seats()*lv.seatRowH() + 8 + len(cityLegend(scratch, lv.dense))*legendLineH + 8 + render.Margin
		if h <= maxH {
			break
		}
	}
	scratch.Release()
	c := startCanvas(h, l)

	x0 := float64(render.Margin)
	label(c, pt(l, "city"), x0+4, render.Margin+30, innerW-8, render.Title(32), render.Ink)
	drawStatus(c, g, o.Names, x0+4, render.Margin+58, float64(innerW-8), render.Cond(17), render.InkSoft)
	for i, line := range info {
		label(c, line, x0+4, float64(render.Margin+84+i*infoLineH), float64(innerW-8), render.Cond(16), render.Ink)
	}
	y := render.Margin + headH
	c.Fill(image.Rect(render.Margin, y-8, picW-render.Margin, y-6), render.ParchmentDark)
	drawTableCats(c, g, y, lv.dense)
	y += lv.catsH()
	if lv.dense {
		y = drawPanels(c, tiles, y, lv) + 4
	}
	for i, group := range [][]tileView{perm, fresh} {
		if len(group) == 0 || lv.dense {
			continue
		}
		title := pt(l, "tiles.permanent")
		switch {
		case g.Solo():
			title = pt(l, "tiles.solo")
		case i == 1:
			title = pt(l, "tiles.round")
		}
		c.Text(title, x0+4, float64(y+20), render.Sans(17), render.Ink, 0)
		y += sectionH
		y = drawPanels(c, group, y, lv) + 4
	}
	if len(pool) > 0 {
		c.Text(pt(l, "draft_pool"), x0+4, float64(y+20), render.Sans(17), render.Ink, 0)
		y += sectionH
		for i, lib := range pool {
			label(c, pt(l, "library", "Library", libName(l, lib), "Assistant", assistName(l, lib)), x0+12, float64(y+18+i*24), innerW-16,
				render.Cond(16), render.Ink)
		}
		y += len(pool)*24 + 8
	}
	if len(table) > 0 {
		c.Text(pt(l, "on_table"), x0+4, float64(y+20), render.Sans(17), render.Ink, 0)
		y += sectionH
		for i, id := range table {
			c.Blit(cardSprite(id, miniW, miniH, faceUp, render.Parchment), image.Pt(render.Margin+4+i*(miniW+miniGap), y))
		}
		y += miniH + 10
	}
	y = drawSeatRows(c, g, o.Names, y, lv.seatRowH())
	drawLegend(c, cityLegend(c, lv.dense), render.Margin, y+4)
	return c, cityAlt(l, g, tiles, o.Names), nil
}

// panelsH is the height of tile panels laid out two by two.
func panelsH(tiles []tileView, lv cityLevel) int {
	h := 0
	for i := 0; i < len(tiles); i += 2 {
		rh := tiles[i].height(lv)
		if i+1 < len(tiles) {
			rh = max(rh, tiles[i+1].height(lv))
		}
		h += rh + lv.gapY()
	}
	return h
}

// drawPanels draws tile panels two by two from y and returns the y below
// them.
func drawPanels(c *render.Canvas, tiles []tileView, y int, lv cityLevel) int {
	for i := 0; i < len(tiles); i += 2 {
		rh := tiles[i].height(lv)
		if i+1 < len(tiles) {
			rh = max(rh, tiles[i+1].height(lv))
		}
		for k := i; k < min(i+2, len(tiles)); k++ {
			drawTile(c, &tiles[k], render.Rect(render.Margin+(k-i)*(tileW+tileGapX), y, tileW, rh), lv)
		}
		y += rh + lv.gapY()
	}
	return y
}

// drawTile draws one location tile in r.
func drawTile(c *render.Canvas, tv *tileView, r image.Rectangle, lv cityLevel) {
	l := c.Lang
	compact := lv.compact
	c.Blit(panelSprite(r.Dx(), r.Dy(), lv.dense && tv.permanent), r.Min)
	x, y := r.Min.X+8, r.Min.Y+6
	// The number on a disc, the name, an hourglass for a delayed effect.
	c.Blit(numberSprite(int(tv.loc)), image.Pt(x-1, y-1))
	right := r.Max.X - 8
	if tv.info.Delayed {
		c.Blit(hourglassSprite(colTile), image.Pt(right-17, y))
		right -= 22
	}
	label(c, locName(l, tv.loc), float64(x+28), float64(y+17), float64(right-x-30), render.Cond(minText), render.Ink)
	// The slots, with the assistants on them.
	d, step := slotD, slotStep
	if compact {
		d, step = chipSlotD, chipSlotD+3
	}
	sy := r.Min.Y + tileHeadH + 4
	if compact {
		sy = r.Min.Y + chipHeadH
	}
	for i, k := range tv.slots {
		var on []exlibris.Occupant
		for _, oc := range tv.occ {
			if oc.Slot == k {
				on = append(on, oc)
			}
		}
		drawSlot(c, x+i*step, sy, d, on, tv.loc == exlibris.Auction, k)
	}
	cx := x + len(tv.slots)*step + 6
	if compact {
		drawChips(c, tv, cx, sy, r.Max.X-6)
		return
	}
	// The cards: beside the slots, or on a line of their own.
	cy := r.Min.Y + tileHeadH - 2
	if tv.cardsLine {
		cx, cy = x, sy+slotD+8
	}
	for i := 0; i < tv.count; i++ {
		at := image.Pt(cx+i*(miniW+miniGap), cy)
		if at.X+miniW > r.Max.X-6 {
			break
		}
		if i < len(tv.cards) {
			c.Blit(cardSprite(tv.cards[i], miniW, miniH, faceUp, colTile), at)
		} else {
			c.Blit(cardSprite(-1, miniW, miniH, unknown, colTile), at)
		}
	}
}

// panelSprite is a tile's panel w×h, outlined in brass for a permanent
// tile in a dense city.
func panelSprite(w, h int, brass bool) *render.Sprite {
	type key struct {
		w, h  int
		brass bool
	}
	return sprites.Get(key{w, h, brass}, func() *image.RGBA {
		c := render.NewSprite(w, h, render.Parchment)
		defer c.Release()
		if brass {
			framedRR(c, image.Rect(0, 0, w, h), 10, 3, render.Brass, colTile)
		} else {
			framedRR(c, image.Rect(0, 0, w, h), 10, 2, colCardEdge, colTile)
		}
		return c.Img
	})
}

// seatRowSprite is a seat's row h pixels tall, outlined in gold for a
// seat the game waits for.
func seatRowSprite(h int, gold bool) *render.Sprite {
	type key struct {
		h    int
		gold bool
	}
	return sprites.Get(key{h, gold}, func() *image.RGBA {
		c := render.NewSprite(innerW, h, render.Parchment)
		defer c.Release()
		if gold {
			framedRR(c, image.Rect(0, 0, innerW, h), 8, 2, render.Gold, render.ParchmentDark)
		} else {
			c.FillRR(image.Rect(0, 0, innerW, h), 8, render.ParchmentDark)
		}
		return c.Img
	})
}

// drawChips draws a compact tile's cards from x as chips with their codes
// (a hidden card's chip is its back), then "+N" for those left out at x1.
func drawChips(c *render.Canvas, tv *tileView, x, y, x1 int) {
	f := render.Cond(minText)
	for i := 0; i < tv.count; i++ {
		s, fill, ink := "", colBack, colBackInk
		if i < len(tv.cards) {
			s, fill, ink = code(tv.cards[i]), colCard, render.Ink
		}
		w := 22
		if s != "" {
			w = int(c.Measure(s, f)) + 10
		}
		more := "+" + strconv.Itoa(tv.count-i)
		if x+w > x1 || i < tv.count-1 && x+w+4+int(c.Measure(more, f))+4 > x1 {
			c.Text(more, float64(x+2), float64(y+17), f, render.InkSoft, 0)
			return
		}
		r := render.Rect(x, y, w, chipH)
		c.FillRR(r, 4, colCardEdge)
		c.FillRR(r.Inset(2), 3, fill)
		if s != "" {
			c.TextMid(s, float64(x)+float64(w)/2, float64(y)+chipH/2, f, ink)
		}
		x += w + 4
	}
}

// drawSlot draws a slot d pixels across at (x, y) with the assistants on
// it (a ghost sharing it over its lower right, smaller); an empty auction
// slot shows its bid.
func drawSlot(c *render.Canvas, x, y, d int, on []exlibris.Occupant, auction bool, k int) {
	bid := 0
	if auction && len(on) == 0 {
		bid = k + 1
	}
	c.Blit(slotSprite(d, bid), image.Pt(x, y))
	for i, oc := range on {
		if i == 0 {
			c.BlitOver(tokenSprite(oc.Seat, oc.Kind >= 0, d), image.Pt(x, y))
			continue
		}
		// A ghost sharing the slot, over its lower right.
		c.BlitOver(tokenSprite(oc.Seat, true, 22), image.Pt(x+d-12, y+d-12))
	}
}

// drawHourglass draws a small hourglass centred on (cx, cy): a delayed
// effect.
func drawHourglass(c *render.Canvas, cx, cy int) {
	x, y := float64(cx), float64(cy)
	c.MarkF(x-8, y-10, x+8, y+10)
	dc := c.GG()
	dc.MoveTo(x-7, y-9)
	dc.LineTo(x+7, y-9)
	dc.LineTo(x, y)
	dc.LineTo(x+7, y+9)
	dc.LineTo(x-7, y+9)
	dc.LineTo(x, y)
	dc.ClosePath()
	dc.SetColor(render.Brass)
	dc.FillPreserve()
	dc.SetColor(render.FrameBrown)
	dc.SetLineWidth(1.5)
	dc.Stroke()
}

// cityParts are the first player, the deck and the discard pile, or the
// solo player's public library and hints.
func cityParts(l i18n.Lang, g *exlibris.Game, names []string, alt bool) []string {
	nameOf := render.NameOf
	if alt {
		nameOf = render.AltName
	}
	var parts []string
	if !g.Solo() {
		parts = append(parts, pt(l, "first_player", "Name", nameOf(l, names, g.FirstPlayer())))
	}
	parts = append(parts, pt(l, "deck", "Count", g.DeckSize()))
	if g.Solo() {
		parts = append(parts, pt(l, "public_library", "Count", len(g.Discard())))
		var hints []string
		for _, k := range g.Hints() {
			if k >= 0 {
				hints = append(hints, catName(l, k))
			}
		}
		if len(hints) > 0 {
			parts = append(parts, pt(l, "hints", "Categories", strings.Join(hints, pt(l, "list_sep"))))
		}
		if k := g.PublicSpeciality(); k >= 0 {
			parts = append(parts, pt(l, "public_speciality", "Category", catName(l, k)))
		}
	} else {
		parts = append(parts, pt(l, "discard", "Count", len(g.Discard())))
	}
	return parts
}

// drawTableCats draws the popular and banned categories side by side;
// dense, on one line without their titles.
func drawTableCats(c *render.Canvas, g *exlibris.Game, y int, dense bool) {
	l := c.Lang
	for i, k := range []exlibris.Category{g.Popular(), g.Banned()} {
		x := render.Margin + 4 + i*(innerW/2)
		glyph, col, word := "★", render.BrassDark, pt(l, "popular")
		if i == 1 {
			glyph, col, word = "✖", render.Red, pt(l, "banned")
		}
		if dense {
			gw := c.Text(glyph, float64(x), float64(y+17), render.Sans(16), col, 0)
			if k >= 0 {
				c.BlitOver(bookSprite(k, 18), image.Pt(x+int(gw)+6, y+2))
				label(c, catName(l, k), float64(x)+gw+30, float64(y+17), float64(innerW/2)-gw-38, render.Cond(minText), render.Ink)
			}
			continue
		}
		gw := c.Text(glyph, float64(x), float64(y+18), render.Sans(16), col, 0)
		c.Text(word, float64(x)+gw+6, float64(y+18), render.Cond(minText), render.InkSoft, 0)
		if k < 0 {
			continue
		}
		c.BlitOver(bookSprite(k, 18), image.Pt(x, y+26))
		label(c, catName(l, k), float64(x+26), float64(y+42), float64(innerW/2-34), render.Cond(16), render.Ink)
	}
	h := cityCatsH
	if dense {
		h = 34
	}
	c.Fill(image.Rect(render.Margin, y+h-6, picW-render.Margin, y+h-4), render.ParchmentDark)
}

// The seat rows' columns (from the row's left, their titles centred on
// them): the name, the assistants still to place, the home slots, the
// hand, the collection.
const (
	colReserve = 196 // four assistants
	colHome    = 318 // three slots
	colHand    = 430 // its centre
	colColl    = 528 // its centre
)

// drawSeatRows draws one row per seat from y, under the columns' titles,
// and returns the y below them.
func drawSeatRows(c *render.Canvas, g *exlibris.Game, names []string, y, rowH int) int {
	l := c.Lang
	x0 := render.Margin + 4
	f := render.Cond(minText)
	for _, col := range []struct {
		x  int
		id string
	}{{colReserve + 53, "col.reserve"}, {colHome + 43, "col.home"}, {colHand, "col.hand"}, {colColl, "col.collection"}} {
		c.Text(pt(l, col.id), float64(x0+col.x), float64(y+17), f, render.InkSoft, 0.5)
	}
	y += seatHeadH
	aw := g.Awaited()
	for s := 0; s < g.Seats(); s++ {
		c.Blit(seatRowSprite(rowH-4, slices.Contains(aw, s) && !g.Over()), image.Pt(render.Margin, y))
		dy := (rowH - seatRowH) / 2
		y += dy
		c.BlitOver(tokenSprite(s, false, 24), image.Pt(x0+2, y+3))
		nx := float64(x0 + 32)
		if !g.Solo() && g.FirstPlayer() == s {
			render.DrawStar(c, nx+7, float64(y+15), 8, render.Gold)
			nx += 18
		}
		// A long name is shortened legibly (initials), never cut in a word.
		who, wf := render.ShortName(c, name(l, names, s), float64(x0+colReserve-12)-nx, render.Sans(16))
		c.Text(who, nx, float64(y+21), wf, render.Ink, 0)
		for i, k := range g.Reserve(s) {
			c.BlitOver(tokenSprite(s, k >= 0, 24), image.Pt(x0+colReserve+i*27, y+3))
		}
		for i, k := range g.Home(s) {
			bx := x0 + colHome + i*30
			c.FillRR(render.Rect(bx, y+3, 26, 26), 5, colSlot)
			if k != -2 {
				c.BlitOver(tokenSprite(s, k >= 0, 24), image.Pt(bx+1, y+4))
			}
		}
		c.Text(strconv.Itoa(g.HandSize(s)), float64(x0+colHand), float64(y+22), render.Sans(17), render.Ink, 0.5)
		c.Text(strconv.Itoa(g.CollectionSize(s)), float64(x0+colColl), float64(y+22), render.Sans(17), render.Ink, 0.5)
		y += rowH - dy
	}
	return y + 4
}

// cityLegend lays out the legend: the tokens and the hourglass and, when
// the tiles are in one list, the permanent tiles' brass outline and the
// popular and banned marks.
func cityLegend(c *render.Canvas, dense bool) [][]legendPlace {
	l := c.Lang
	items := []legendItem{
		{20, func(c *render.Canvas, x, cy int) { c.BlitOver(tokenSprite(0, false, 20), image.Pt(x, cy-10)) }, pt(l, "legend.assistant")},
		{20, func(c *render.Canvas, x, cy int) { c.BlitOver(tokenSprite(1, true, 20), image.Pt(x, cy-10)) }, pt(l, "legend.special")},
		{18, func(c *render.Canvas, x, cy int) { c.Blit(hourglassSprite(render.Parchment), image.Pt(x, cy-11)) }, pt(l, "legend.delayed")},
	}
	if dense {
		items = append(items,
			legendItem{26, func(c *render.Canvas, x, cy int) {
				r := render.Rect(x, cy-10, 26, 20)
				framedRR(c, r, 6, 3, render.Brass, colTile)
			}, pt(l, "legend.permanent")},
			legendItem{14, func(c *render.Canvas, x, cy int) {
				c.Text("★", float64(x), float64(cy+6), render.Sans(minText), render.BrassDark, 0)
			},
				pt(l, "tag.popular")},
			legendItem{14, func(c *render.Canvas, x, cy int) {
				c.Text("✖", float64(x), float64(cy+6), render.Sans(minText), render.Red, 0)
			},
				pt(l, "tag.banned")})
	}
	return flowLegend(c, items, innerW)
}

// cityAlt describes the city: the status, the table's categories, each
// tile with its assistants and cards, and each seat. A city too long for
// Discord to keep whole counts the cards, then tells the seats and the
// libraries on offer more briefly, then counts the assistants in a list
// of the tiles, then leaves the seats out, and at last names the tiles
// alone.
func cityAlt(l i18n.Lang, g *exlibris.Game, tiles []tileView, names []string) string {
	head := []string{pt(l, "city") + ".", status(l, g, names, true) + ".",
		strings.Join(cityParts(l, g, names, true), pt(l, "alt.sep")) + ".",
		pt(l, "alt.popular_banned", "Popular", catName(l, g.Popular()), "Banned", catName(l, g.Banned())) + "."}
	at := func(withCards, withOcc, full, withSeats bool, counts ...bool) func() string {
		return func() string {
			parts := append([]string(nil), head...)
			if withOcc || full {
				for _, tv := range tiles {
					parts = append(parts, tileAlt(l, &tv, names, withCards, withOcc))
				}
			} else if len(tiles) > 0 {
				// One list: each tile's number and name, what is on it.
				ts := make([]string, len(tiles))
				for i, tv := range tiles {
					ts[i] = tileBrief(l, &tv, len(counts) == 0)
				}
				parts = append(parts, pt(l, "alt.tiles", "Tiles", strings.Join(ts, pt(l, "list_sep")))+".")
			}
			if pool := g.DraftPool(); len(pool) > 0 {
				libs := make([]string, len(pool))
				for i, lib := range pool {
					libs[i] = libName(l, lib)
					if full {
						libs[i] = pt(l, "library", "Library", libName(l, lib), "Assistant", assistName(l, lib))
					}
				}
				parts = append(parts, pt(l, "draft_pool")+pt(l, "colon")+strings.Join(libs, pt(l, "alt.sep"))+".")
			}
			if t := g.OnTable(); len(t) > 0 {
				parts = append(parts, pt(l, "on_table")+pt(l, "colon")+codes(l, t)+".")
			}
			for s := 0; s < g.Seats() && withSeats; s++ {
				parts = append(parts, seatAlt(l, g, names, s, full))
			}
			return strings.Join(parts, " ")
		}
	}
	return fitAlt(l, at(true, true, true, true), at(false, true, true, true), at(false, true, false, true), at(false, false, false, true),
		at(false, false, false, false), at(false, false, false, false, false))
}

// tileAlt describes a tile: "Location 7, Gambling Den (delayed,
// permanent): Wizard of Ada in slot 1; cards E2, C3." Without its
// assistants, it counts them.
func tileAlt(l i18n.Lang, tv *tileView, names []string, withCards, withOcc bool) string {
	s := pt(l, "alt.tile", "Number", int(tv.loc), "Location", locName(l, tv.loc))
	var tags []string
	if tv.info.Delayed {
		tags = append(tags, pt(l, "alt.delayed"))
	}
	if tv.permanent {
		tags = append(tags, pt(l, "alt.permanent"))
	}
	if len(tags) > 0 {
		s += " (" + strings.Join(tags, ", ") + ")"
	}
	var what []string
	switch {
	case withOcc:
		for _, oc := range tv.occ {
			who := render.AltName(l, names, oc.Seat)
			a := pt(l, "alt.occupant", "Name", who, "Assistant", assistName(l, oc.Kind), "Slot", oc.Slot+1)
			if oc.Shared {
				a = pt(l, "alt.occupant_shared", "Name", who, "Assistant", assistName(l, oc.Kind), "Slot", oc.Slot+1)
			}
			what = append(what, a)
		}
	case len(tv.occ) > 0:
		what = append(what, pt(l, "alt.assistants", "Count", len(tv.occ)))
	}
	if tv.count > 0 {
		switch {
		case withCards && len(tv.cards) > 0:
			cs := codes(l, tv.cards)
			if hid := tv.count - len(tv.cards); hid > 0 {
				cs += pt(l, "list_sep") + pt(l, "hidden", "Count", hid)
			}
			what = append(what, pt(l, "alt.tile_cards", "Cards", cs))
		default:
			what = append(what, pt(l, "cards", "Count", tv.count))
		}
	}
	if len(what) == 0 {
		what = append(what, pt(l, "alt.free"))
	}
	return s + pt(l, "colon") + strings.Join(what, pt(l, "alt.sep")) + "."
}

// tileBrief is a tile in a list: "7 Gambling Den (2 assistants, 3
// cards)", without counts "7 Gambling Den".
func tileBrief(l i18n.Lang, tv *tileView, counts bool) string {
	s := strconv.Itoa(int(tv.loc)) + " " + locName(l, tv.loc)
	if !counts {
		return s
	}
	var what []string
	if len(tv.occ) > 0 {
		what = append(what, pt(l, "alt.assistants", "Count", len(tv.occ)))
	}
	if tv.count > 0 {
		what = append(what, pt(l, "cards", "Count", tv.count))
	}
	if len(what) > 0 {
		s += " (" + strings.Join(what, pt(l, "list_sep")) + ")"
	}
	return s
}

// seatAlt describes a seat's row: its library, its assistants to place
// and at home, its hand and collection; briefly, its hand and collection.
func seatAlt(l i18n.Lang, g *exlibris.Game, names []string, s int, full bool) string {
	home := 0
	for _, k := range g.Home(s) {
		if k != -2 {
			home++
		}
	}
	parts := []string{pt(l, "in_hand", "Count", g.HandSize(s)), pt(l, "alt.collected", "Count", g.CollectionSize(s))}
	if full {
		parts = append([]string{seatParts(l, g, s)[0], pt(l, "alt.reserve", "Count", len(g.Reserve(s))), pt(l, "alt.home", "Count", home)}, parts...)
	}
	return render.AltName(l, names, s) + pt(l, "colon") + strings.Join(parts, pt(l, "list_sep")) + "."
}
