package atheneum

import (
	"encoding/binary"
	"fmt"
	"image"
	"sync"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// handBands keeps the bands of the hands' pictures. A hand has some fifty
// bands, 30 KB in all; the objective strip's (a third of them) are the
// same for every seat of a game at a given state, and a hand asked for
// again is the same throughout. Those are asked for within seconds of
// each other: half a megabyte keeps the last hands of a few games (two
// megabytes took the heap of 100 active games over its 64 MB ceiling).
var handBands = render.NewBandCache(handBandBytes)

const handBandBytes = 512 << 10

// A hand's picture is cut in parts, each drawn on the rows it names (see
// checkHandRows): the header (subject, count, name, turn), the objective
// strip, and one part per card line (or the "no cards" line). A band's
// key is the layout's and those of the parts that reach it.
type handKind uint8

const (
	handHeader handKind = iota
	handStrip
	handCard  // a card's line, picked or not
	handBack  // a hidden card's back
	handEmpty // "no cards"
)

// handPart is one part of a hand's picture, on rows y0 to y1.
type handPart struct {
	kind   handKind
	line   int  // the card's line
	idx    int  // the card
	picked bool // the card is the seat's pick
	y0, y1 int
	// The header's texts.
	label, name, turn string
}

// handScene is what places a hand's parts and what they show.
type handScene struct {
	g      *atheneum.Game
	seat   int
	names  []string
	l      i18n.Lang
	n      int
	hidden bool
	rows   int
	heads  bool

	w, h, top, cardsTop, pitch, stripTop int
}

// parts lists the hand's parts in the order DrawHand drew them.
func (hs *handScene) parts(c *render.Canvas, out []handPart) []handPart {
	s := &hs.g.Seats[hs.seat]
	label := c.T("render.hand.count", "Count", hs.n)
	if hs.hidden {
		label = c.T("render.hand.hidden", "Count", hs.n)
	}
	out = append(out, handPart{kind: handHeader, y0: 0, y1: hs.top,
		label: label, name: render.NameOf(hs.l, hs.names, hs.seat), turn: turnText(hs.l, hs.g)})
	// The "newest" caption's text is marked drawn on from 5 rows above
	// the strip (see Canvas.Text), short of the frame's rule above it.
	out = append(out, handPart{kind: handStrip, y0: hs.stripTop - 6, y1: hs.h})
	if hs.n == 0 {
		return append(out, handPart{kind: handEmpty, y0: hs.cardsTop, y1: hs.cardsTop + handRowH})
	}
	for i := 0; i < hs.n; i++ {
		y := hs.cardsTop + i*hs.pitch
		if hs.hidden {
			out = append(out, handPart{kind: handBack, line: i, y0: y, y1: y + handRowH})
			continue
		}
		idx := s.Hand[i]
		if idx < 0 || idx >= len(hs.g.Content.Cards) {
			continue
		}
		// The pick's gold frame reaches 3 rows past its line.
		out = append(out, handPart{kind: handCard, line: i, idx: idx, picked: idx == s.Pick, y0: y - 3, y1: y + handRowH + 3})
	}
	return out
}

// draw draws part pt on c.
func (hs *handScene) draw(c *render.Canvas, pt *handPart) {
	w, l := hs.w, hs.l
	switch pt.kind {
	case handHeader:
		subjectDisc(c, render.Margin+18, render.Margin+22, 16, hs.g.Seats[hs.seat].Subject, render.Sans(16))
		lw := c.Text(pt.label, float64(w-render.Margin-4), render.Margin+32, render.Sans(18), render.Ink, 1)
		c.TextFit(pt.name, render.Margin+42, render.Margin+32, float64(w-2*render.Margin)-lw-60, render.Sans(26), render.Ink)
		c.TextFit(pt.turn, render.Margin+4, render.Margin+58, float64(w-2*render.Margin-8), render.Cond(17), render.InkSoft)
	case handStrip:
		drawObjectiveStrip(c, hs.g, image.Pt(render.Margin, hs.stripTop), hs.names)
	case handEmpty:
		c.TextMid(c.T("render.hand.empty"), float64(w)/2, float64(hs.cardsTop+handRowH/2), render.Sans(24), render.InkSoft)
	case handBack:
		y := hs.cardsTop + pt.line*hs.pitch
		c.Blit(render.OnParchment(struct {
			k string
			l i18n.Lang
		}{"back", l}, func() *render.Sprite { return backLine(l) }), image.Pt(render.Margin, y))
	case handCard:
		y := hs.cardsTop + pt.line*hs.pitch
		ct, idx := hs.g.Content, pt.idx
		if pt.picked {
			c.FillRR(render.Rect(render.Margin-3, y-3, handLineW+6, handRowH+6), 12, render.Gold)
			c.BlitOver(cardLine(ct, idx, l, true), image.Pt(render.Margin, y))
			return
		}
		c.Blit(render.OnParchment(struct {
			c   *atheneum.Content
			idx int
			l   i18n.Lang
		}{ct, idx, l}, func() *render.Sprite { return cardLine(ct, idx, l, false) }), image.Pt(render.Margin, y))
	}
}

// layoutKey appends what places the parts and draws the frame: the
// content pack, the language, the picture's size and its lines.
func (hs *handScene) layoutKey(buf []byte) []byte {
	num := func(x int) { buf = binary.AppendVarint(buf, int64(x)) }
	buf = append(buf, "hand\x00"...)
	buf = binary.AppendUvarint(buf, contentID(hs.g.Content))
	buf = append(buf, hs.l...)
	buf = append(buf, 0)
	num(hs.w)
	num(hs.h)
	num(hs.rows)
	num(int(b2f(hs.heads)))
	num(hs.top)
	num(hs.cardsTop)
	num(hs.pitch)
	num(hs.stripTop)
	return buf
}

// key appends what part pt shows: everything its drawing reads.
func (hs *handScene) key(buf []byte, pt *handPart) []byte {
	num := func(x int) { buf = binary.AppendVarint(buf, int64(x)) }
	str := func(s string) {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	num(int(pt.kind))
	num(pt.y0)
	num(pt.y1)
	switch pt.kind {
	case handHeader:
		num(int(hs.g.Seats[hs.seat].Subject))
		str(pt.label)
		str(pt.name)
		str(pt.turn)
	case handStrip:
		// What drawObjectiveSlots and drawStripWands read: whether the game
		// is over, the row's length, each slot's objective and wands, and
		// each wand's seat's subject and name.
		g := hs.g
		num(int(b2f(g.Step == atheneum.StepOver)))
		num(len(g.Row))
		for _, slot := range g.Row {
			num(slot.Objective)
			num(len(slot.Wands))
			for _, seat := range slot.Wands {
				num(seat)
				if seat < 0 || seat >= len(g.Seats) {
					continue
				}
				num(int(g.Seats[seat].Subject))
				str(render.NameOf(hs.l, hs.names, seat))
			}
		}
	case handCard:
		num(pt.line)
		num(pt.idx)
		num(int(b2f(pt.picked)))
	case handBack:
		num(pt.line)
	}
	return buf
}

// bandKeys names each band of the hand by its layout and the parts that
// reach it, in order.
func (hs *handScene) bandKeys(parts []handPart) []render.BandKey {
	buf := hs.layoutKey(make([]byte, 0, 256))
	layout := hash128(buf)
	hashes := make([]render.BandKey, len(parts))
	for i := range parts {
		buf = hs.key(buf[:0], &parts[i])
		hashes[i] = hash128(buf)
	}
	keys := make([]render.BandKey, render.Bands(hs.h))
	for b := range keys {
		buf = buf[:0]
		buf = binary.LittleEndian.AppendUint64(buf, layout[0])
		buf = binary.LittleEndian.AppendUint64(buf, layout[1])
		buf = binary.AppendUvarint(buf, uint64(b))
		y0, y1 := b*render.BandRows, (b+1)*render.BandRows
		for i := range parts {
			if parts[i].y0 < y1 && parts[i].y1 > y0 {
				buf = binary.LittleEndian.AppendUint64(buf, hashes[i][0])
				buf = binary.LittleEndian.AppendUint64(buf, hashes[i][1])
			}
		}
		keys[b] = hash128(buf)
	}
	return keys
}

// finishInBands writes the hand on c in bands: the bands kept in cache
// are taken as they are, and only the parts that reach the others are
// drawn. fresh starts another canvas on the same frame.
func (hs *handScene) finishInBands(c *render.Canvas, fresh func() *render.Canvas, cache *render.BandCache, parts []handPart, alt string) (render.Picture, error) {
	keys := hs.bandKeys(parts)
	have := make([]render.Band, len(keys))
	missing := make([]bool, len(keys))
	for i, k := range keys {
		b, ok := cache.Get(k)
		have[i], missing[i] = b, !ok
	}
	if render.CheckTiles {
		if err := hs.checkRows(fresh, parts); err != nil {
			c.Release()
			return render.Picture{}, err
		}
	}
	for i := range parts {
		first := max(parts[i].y0, 0) / render.BandRows
		last := min((parts[i].y1-1)/render.BandRows, len(keys)-1)
		for b := first; b <= last; b++ {
			if missing[b] {
				hs.draw(c, &parts[i])
				break
			}
		}
	}
	return render.FinishBands(c, alt, keys, have, cache)
}

// checkedHandParts are the parts checkRows found within their rows, by
// layout and key: the tests draw many hands of the same parts.
var checkedHandParts sync.Map

// checkRows draws each part on a picture of its own from the same frame
// (fresh) and checks that it drew only on the bands its rows reach: a
// band is drawn again only when a part that reaches it changes, so a part
// drawing past its rows would leave an old band in a new picture. Under
// render.CheckTiles (the tests) only.
func (hs *handScene) checkRows(fresh func() *render.Canvas, parts []handPart) error {
	layout := hash128(hs.layoutKey(nil))
	for i := range parts {
		pt := &parts[i]
		k := [2]render.BandKey{layout, hash128(hs.key(nil, pt))}
		if _, ok := checkedHandParts.Load(k); ok {
			continue
		}
		alone := fresh()
		hs.draw(alone, pt)
		y0, y1 := alone.DrawnRows()
		alone.Release()
		lo, hi := max(pt.y0, 0)/render.BandRows*render.BandRows, (pt.y1+render.BandRows-1)/render.BandRows*render.BandRows
		if y0 < y1 && (y0 < lo || y1 > hi) {
			return fmt.Errorf("render: a hand's part of kind %d (line %d) drew on rows %d to %d, past its rows %d to %d", pt.kind, pt.line, y0, y1, pt.y0, pt.y1)
		}
		checkedHandParts.Store(k, true)
	}
	return nil
}
