package atheneum

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"atheneum/engine/atheneum"
	"atheneum/render"
)

// workbenchBands keeps the bands of the workbench's pictures. A seat's
// picture has some fifty bands of half a kilobyte, many of them the same
// for every seat (the frame's): a few megabytes keep the last pictures of
// a hundred seats or more.
var workbenchBands = render.NewBandCache(workbenchBandBytes)

const workbenchBandBytes = 4 << 20

// DrawWorkbench draws what DrawShelves draws for the same arguments, the
// same pixels and palette, for a seat's workbench, where each click
// redraws the shelves with small changes (an item's targets lit, a book
// shelved): the picture is written in bands (see render.FinishBands), each
// named by the parts that reach it and what they show (see shelfScene),
// and a band shown before, to this seat or any other, is taken from a
// cache of a few megabytes instead of being drawn and compressed again.
// A band's key names everything its pixels depend on (the layout, and
// each part's place and content, names and language included), so a band
// is shared only by pictures that show the very same pixels there. Its
// PNG holds the image data in bands, within a few per cent of
// DrawShelves's size; for the same arguments the bytes are the same.
func DrawWorkbench(g *atheneum.Game, seat int, m Marks, o render.Options) (render.Picture, error) {
	return drawShelvesIn(g, seat, m, o, workbenchBands)
}

// bandSeeds make the 128-bit keys of parts and bands.
var bandSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// contentIDs numbers the content packs drawn, for the bands' keys: a
// pack's number stays its own while the process runs (the map keeps the
// pack, so its address is never another's).
var (
	contentIDs    sync.Map // *atheneum.Content -> uint64
	lastContentID atomic.Uint64
)

func contentID(ct *atheneum.Content) uint64 {
	if v, ok := contentIDs.Load(ct); ok {
		return v.(uint64)
	}
	v, _ := contentIDs.LoadOrStore(ct, lastContentID.Add(1))
	return v.(uint64)
}

// hash128 is data's 128-bit key.
func hash128(data []byte) render.BandKey {
	return render.BandKey{maphash.Bytes(bandSeeds[0], data), maphash.Bytes(bandSeeds[1], data)}
}

// layoutKey appends what places the parts and draws the frame: the
// content pack, the style, the language, the picture's size, the side
// shelves and the placeholders.
func (s *shelfScene) layoutKey(buf []byte, c *render.Canvas, h int) []byte {
	num := func(x int) { buf = binary.AppendVarint(buf, int64(x)) }
	buf = binary.AppendUvarint(buf, contentID(s.g.Content))
	buf = append(buf, s.p.st.key...)
	buf = append(buf, 0)
	buf = append(buf, c.Lang...)
	buf = append(buf, 0)
	num(s.w)
	num(h)
	num(s.top)
	num(int(b2f(s.marks)))
	num(s.p.at.X)
	num(s.p.at.Y)
	for i := range s.p.shapes {
		num(int(b2f(s.p.present[i])))
		sh := s.p.shapes[i]
		num(int(sh.id))
		num(sh.spec.ID)
		num(sh.spec.Width)
		num(sh.spec.Levels)
		num(sh.spec.Value)
		num(sh.spec.Candles[0])
		num(sh.spec.Candles[1])
	}
	num(len(s.ph))
	for _, r := range s.ph {
		buf = append(buf, r.side...)
		buf = append(buf, 0)
		num(r.r.Min.X)
		num(r.r.Min.Y)
		num(r.r.Max.X)
		num(r.r.Max.Y)
	}
	return buf
}

// bandKeys names each band of an h-row picture of the scene by its
// layout and the parts that reach it, in order.
func (s *shelfScene) bandKeys(c *render.Canvas, parts []part, h int) []render.BandKey {
	buf := s.layoutKey(make([]byte, 0, 256), c, h)
	layout := hash128(buf)
	hashes := make([]render.BandKey, len(parts))
	for i := range parts {
		buf = s.key(buf[:0], c, &parts[i])
		hashes[i] = hash128(buf)
	}
	keys := make([]render.BandKey, render.Bands(h))
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

// finishInBands writes the scene's h-row picture on c in bands: the bands
// kept in cache are taken as they are, and only the parts that reach the
// others are drawn. fresh starts another canvas on the same frame.
func (s *shelfScene) finishInBands(c *render.Canvas, fresh func() *render.Canvas, cache *render.BandCache, h int, alt string) (render.Picture, error) {
	var buf [64]part
	parts := s.parts(c, buf[:0])
	keys := s.bandKeys(c, parts, h)
	have := make([]render.Band, len(keys))
	missing := make([]bool, len(keys))
	for i, k := range keys {
		b, ok := cache.Get(k)
		have[i], missing[i] = b, !ok
	}
	if render.CheckTiles {
		if err := s.checkRows(c, fresh, h, parts); err != nil {
			c.Release()
			return render.Picture{}, err
		}
	}
	for i := range parts {
		first := max(parts[i].y0, 0) / render.BandRows
		last := min((parts[i].y1-1)/render.BandRows, len(keys)-1)
		for b := first; b <= last; b++ {
			if missing[b] {
				s.draw(c, &parts[i])
				break
			}
		}
	}
	return render.FinishBands(c, alt, keys, have, cache)
}

// checkedParts are the parts checkRows found within their rows, by layout
// and key: the tests draw many pictures of the same parts.
var checkedParts sync.Map

// checkRows draws each part on a picture of its own from the same frame
// (fresh) and checks that it drew only on the bands its rows reach: a band
// is drawn again only when a part that reaches it changes, so a part
// drawing past its rows would leave an old band in a new picture. Under
// render.CheckTiles (the tests) only.
func (s *shelfScene) checkRows(c *render.Canvas, fresh func() *render.Canvas, h int, parts []part) error {
	layout := hash128(s.layoutKey(nil, c, h))
	for i := range parts {
		pt := &parts[i]
		k := [2]render.BandKey{layout, hash128(append(s.key(nil, c, pt), fmt.Sprint(pt.y0, pt.y1, pt.r, pt.at)...))}
		if _, ok := checkedParts.Load(k); ok {
			continue
		}
		alone := fresh()
		s.draw(alone, pt)
		y0, y1 := alone.DrawnRows()
		alone.Release()
		lo, hi := max(pt.y0, 0)/render.BandRows*render.BandRows, (pt.y1+render.BandRows-1)/render.BandRows*render.BandRows
		if y0 < y1 && (y0 < lo || y1 > hi) {
			return fmt.Errorf("render: a part of kind %d (%d, %d) drew on rows %d to %d, past its rows %d to %d", pt.kind, pt.a, pt.b, y0, y1, pt.y0, pt.y1)
		}
		checkedParts.Store(k, true)
	}
	return nil
}
