package render

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/draw"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"
)

// Sprites and frames are kept in tiles of 64×16 pixels, each stored once
// however many of them show it. The pictures are mostly flat parchment,
// wood and card colours, so most tiles repeat: in pictures, from sprite
// to sprite (the body of every study card), and from frame to frame (a
// seat's shelves are one frame per picture height, which differ only in
// their bottom rows). Stored whole, what the bot drew over 100 games took
// some 240 MB; stored in shared tiles, about a tenth of that.

// Tiles are wide and short because pictures are stored row by row; a
// picture started from a frame tracks the tiles drawn on with the same
// grid (see Canvas.Mark).
const tileW, tileH = 64, 16

// Sprite is a picture drawn once and kept, to be copied onto pictures
// (Canvas.Blit, BlitOver) or to start them (Palette.Start, for a frame):
// a book, a card, a picture's frame. It is made by a SpriteCache from the
// picture its draw function returns, with the record of the text drawn on
// it. It never changes and is safe for concurrent use.
type Sprite struct {
	w, h   int
	tw     int     // tiles per row
	tiles  []*tile // row-major, tileW×tileH each, smaller at the right and bottom edges
	record layoutRecord
	// solid is the longest run of rows whose every pixel is opaque (the
	// body of a card with rounded corners), which the sprite composited
	// over a picture replaces whole (see Canvas.BlitOver).
	solid image.Rectangle
}

// Bounds returns the sprite's rectangle, with its top-left corner at
// (0, 0).
func (s *Sprite) Bounds() image.Rectangle { return image.Rect(0, 0, s.w, s.h) }

// tileRect returns the rectangle of tile i of a w×h picture with tw tiles
// per row, in the picture.
func tileRect(i, tw, w, h int) image.Rectangle {
	x, y := i%tw*tileW, i/tw*tileH
	return image.Rect(x, y, min(x+tileW, w), min(y+tileH, h))
}

// drawOn copies the sprite onto dst with its top-left corner at p, tile by
// tile; compositing is done pixel by pixel, so the result is the same as
// copying the whole picture at once.
func (s *Sprite) drawOn(dst *image.RGBA, p image.Point, op draw.Op) {
	for i, t := range s.tiles {
		r := tileRect(i, s.tw, s.w, s.h).Add(p)
		if op == draw.Over && !t.opaque {
			over(dst, r, &t.img)
			continue
		}
		// An opaque tile composited over dst replaces it: a copy.
		draw.Draw(dst, r, &t.img, image.Point{}, draw.Src)
	}
}

// drawClipped copies the sprite, with its top-left corner at p, onto
// the part clip of dst.
func (s *Sprite) drawClipped(dst *image.RGBA, p image.Point, clip image.Rectangle) {
	if !s.Bounds().Add(p).Overlaps(clip) {
		return
	}
	for i, t := range s.tiles {
		r := tileRect(i, s.tw, s.w, s.h).Add(p)
		if cr := r.Intersect(clip); !cr.Empty() {
			draw.Draw(dst, cr, &t.img, cr.Min.Sub(r.Min), draw.Src)
		}
	}
}

// over composites src, at (0, 0), over dst's rectangle r as draw.Draw
// does with draw.Over, to the same bytes, but faster on sprites: most of
// their pixels are fully transparent, which leaves dst as it is, or
// opaque, which replaces it; only the anti-aliased edges need blending.
func over(dst *image.RGBA, r image.Rectangle, src *image.RGBA) {
	sr := r.Intersect(dst.Rect)
	if sr.Empty() {
		return
	}
	const m = 1<<16 - 1
	dx := sr.Min.X - r.Min.X
	for y := sr.Min.Y; y < sr.Max.Y; y++ {
		so := (y-r.Min.Y)*src.Stride + 4*dx
		sp := src.Pix[so : so+4*sr.Dx()]
		do := dst.PixOffset(sr.Min.X, y)
		dp := dst.Pix[do : do+4*sr.Dx()]
		for i := 0; i < len(sp); i += 4 {
			s := sp[i : i+4 : i+4]
			switch s[3] {
			case 0:
				if s[0]|s[1]|s[2] == 0 {
					continue // nothing over dst
				}
			case 0xff:
				// A run of opaque pixels replaces dst's, copied at once.
				j := i + 4
				for j < len(sp) && sp[j+3] == 0xff {
					j += 4
				}
				copy(dp[i:j], sp[i:j])
				i = j - 4
				continue
			}
			// image/draw's drawCopyOver, for the same bytes.
			a := (m - uint32(s[3])*0x101) * 0x101
			d := dp[i : i+4 : i+4]
			d[0] = uint8((uint32(d[0])*a/m + uint32(s[0])*0x101) >> 8)
			d[1] = uint8((uint32(d[1])*a/m + uint32(s[1])*0x101) >> 8)
			d[2] = uint8((uint32(d[2])*a/m + uint32(s[2])*0x101) >> 8)
			d[3] = uint8((uint32(d[3])*a/m + uint32(s[3])*0x101) >> 8)
		}
	}
}

// opaqueIn reports whether every pixel of r, inside the sprite, is
// opaque: composited over a picture, they replace what was there.
func (s *Sprite) opaqueIn(r image.Rectangle) bool {
	for ty := r.Min.Y / tileH; ty <= (r.Max.Y-1)/tileH; ty++ {
		for tx := r.Min.X / tileW; tx <= (r.Max.X-1)/tileW; tx++ {
			if !s.tiles[ty*s.tw+tx].opaque {
				return false
			}
		}
	}
	return true
}

// solidRows returns the longest run of img's rows whose pixels are all
// opaque, from img's top-left corner.
func solidRows(img *image.RGBA) image.Rectangle {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	best, start := image.Rectangle{}, 0
	for y := 0; y <= h; y++ {
		if y < h && opaqueRow(rowOf(img, image.Rect(0, 0, w, h), y)) {
			continue
		}
		if y-start > best.Dy() {
			best = image.Rect(0, start, w, y)
		}
		start = y + 1
	}
	return best
}

// opaqueRow reports whether every pixel of an RGBA row is opaque.
func opaqueRow(p []uint8) bool {
	for i := 3; i < len(p); i += 4 {
		if p[i] != 0xff {
			return false
		}
	}
	return true
}

// copyTileOutside is copyTile but for the part cov of the tile, which
// the caller is about to paint whole.
func (s *Sprite) copyTileOutside(dst *image.RGBA, tx, ty int, cov image.Rectangle) {
	if cov.Empty() {
		s.copyTile(dst, tx, ty)
		return
	}
	t := s.tiles[ty*s.tw+tx]
	x0, y0 := tx*tileW, ty*tileH
	n := 4 * t.img.Rect.Dx()
	l, r := 4*(cov.Min.X-x0), 4*(cov.Max.X-x0)
	for y := 0; y < t.img.Rect.Dy(); y++ {
		o := (y0+y)*dst.Stride + 4*x0
		src := t.img.Pix[y*t.img.Stride : y*t.img.Stride+n]
		if y0+y < cov.Min.Y || y0+y >= cov.Max.Y {
			copy(dst.Pix[o:o+n], src)
			continue
		}
		copy(dst.Pix[o:o+l], src[:l])
		copy(dst.Pix[o+r:o+n], src[r:])
	}
}

// copyTile copies tile (tx, ty) into the same place of dst, a picture of
// the sprite's size started from it (see Palette.Start).
func (s *Sprite) copyTile(dst *image.RGBA, tx, ty int) {
	t := s.tiles[ty*s.tw+tx]
	x0, y0 := tx*tileW, ty*tileH
	n := 4 * t.img.Rect.Dx()
	for y := 0; y < t.img.Rect.Dy(); y++ {
		o := (y0+y)*dst.Stride + 4*x0
		copy(dst.Pix[o:o+n], t.img.Pix[y*t.img.Stride:y*t.img.Stride+n])
	}
}

// tile is one tile of pixels, shared by every sprite that shows it.
type tile struct {
	img  image.RGBA // at (0, 0), at most tileW×tileH; never changed
	hash uint64
	// opaque says every pixel is opaque (see Sprite.opaqueIn).
	opaque bool
	// refs counts the cached sprites that hold the tile, under cache.mu;
	// 0 for a tile not in the cache's store (evicted, or never stored),
	// which lives on as long as a picture holds it.
	refs int
	next *tile // the next stored tile with the same hash
	// pals are the tile's pixels mapped onto each palette that has
	// encoded a picture with the tile untouched; the slice is replaced,
	// never changed, so reading it needs no lock.
	pals atomic.Pointer[[]palTile]
}

type palTile struct {
	p   *paletteColours // the palettes With made from one share it
	pix []uint8         // packed by packIndices
}

// Mapped tiles are kept packed, row by row, about a fifth of their size:
// a row is the row above again (rowSame), or runs of one index, or, when
// that is not shorter, the indices as they are (rowRaw).
const (
	rowSame = iota
	rowRuns // a count n, then n pairs of an index and a length
	rowRaw  // the row's w indices
)

// packIndices appends a tile's indices, w per row, packed, to out.
func packIndices(out []byte, pix []uint8, w int) []byte {
	var buf [2 * tileW]byte
	runs := buf[:0]
	for y := 0; y*w < len(pix); y++ {
		row := pix[y*w : (y+1)*w]
		if y > 0 && bytes.Equal(row, pix[(y-1)*w:y*w]) {
			out = append(out, rowSame)
			continue
		}
		runs = runs[:0]
		for x := 0; x < w; {
			n := 1
			for x+n < w && row[x+n] == row[x] {
				n++
			}
			runs = append(runs, row[x], byte(n))
			x += n
		}
		if 2+len(runs) < 1+w {
			out = append(out, rowRuns, byte(len(runs)/2))
			out = append(out, runs...)
		} else {
			out = append(out, rowRaw)
			out = append(out, row...)
		}
	}
	return out
}

// slab is where packed tiles are kept, one after another, under
// cache.mu: kept in allocations of their own, these small and long-lived
// pieces of many sizes, made while pictures leave garbage of every size,
// held some megabytes more of the heap in use than their size. A slab
// lives while any of its pieces is cached, so it is no larger than a
// tile's own pixels (64 by 16, four bytes each): whatever the cache
// forgets, the slabs it keeps alive hold at most as much again as the
// tiles the budget counts.
var slab []byte

const slabSize = tileW * tileH * 4

// inSlab copies b into the slab, cache.mu held.
func inSlab(b []byte) []byte {
	if len(b) > slabSize/8 {
		return bytes.Clone(b)
	}
	if cap(slab)-len(slab) < len(b) {
		slab = make([]byte, 0, slabSize)
	}
	n := len(slab)
	slab = append(slab, b...)
	return slab[n:len(slab):len(slab)]
}

// unpackIndices writes the rows packed in p, w indices each, into dst
// from offset o, a row every stride bytes.
func unpackIndices(p []byte, w int, dst []uint8, o, stride int) {
	// A row of runs is written into buf eight indices at a time, the
	// last eight past the run when it is short (the runs after it write
	// over them, and buf has room past the row's end), then copied.
	var buf [tileW + 8]byte
	for len(p) > 0 {
		d := dst[o : o+w]
		switch p[0] {
		case rowSame:
			copy(d, dst[o-stride:o-stride+w])
			p = p[1:]
		case rowRuns:
			n := int(p[1])
			r := p[2 : 2+2*n]
			x := 0
			for i := 0; i+1 < len(r); i += 2 {
				pat := uint64(r[i]) * 0x0101010101010101
				end := min(x+int(r[i+1]), tileW)
				for j := x; j < end; j += 8 {
					binary.LittleEndian.PutUint64(buf[j:j+8], pat)
				}
				x = end
			}
			copy(d, buf[:w])
			p = p[2+2*n:]
		default:
			copy(d, p[1:1+w])
			p = p[1+w:]
		}
		o += stride
	}
}

// indicesInto writes the tile mapped onto p into dst, whose rows are
// stride bytes apart, with its top-left corner at offset o.
func (t *tile) indicesInto(p *Palette, dst []uint8, o, stride int) {
	unpackIndices(t.paletted(p), t.img.Rect.Dx(), dst, o, stride)
}

// tileOverhead is a tile's bookkeeping, counted with its pixels.
const tileOverhead = 128

// paletted returns the tile mapped onto p, packed (see packIndices),
// mapping it the first time.
func (t *tile) paletted(p *Palette) []uint8 {
	if ps := t.pals.Load(); ps != nil {
		for _, pt := range *ps {
			if pt.p == p.colours {
				return pt.pix
			}
		}
	}
	q := p.quant()
	pm := &image.Paletted{Pix: make([]uint8, t.img.Rect.Dx()*t.img.Rect.Dy()), Stride: t.img.Rect.Dx(), Rect: t.img.Rect, Palette: q.pal}
	q.toPaletted(&t.img, pm)
	var buf [tileW*tileH + tileH]byte
	packed := packIndices(buf[:0], pm.Pix, pm.Stride)
	cache.mu.Lock()
	defer cache.mu.Unlock()
	var ps []palTile
	if old := t.pals.Load(); old != nil {
		for _, pt := range *old {
			if pt.p == p.colours {
				return pt.pix // mapped meanwhile by another picture
			}
		}
		ps = append(ps, *old...)
	}
	packed = inSlab(packed)
	ps = append(ps, palTile{p.colours, packed})
	t.pals.Store(&ps)
	if t.refs > 0 {
		cache.bytes += int64(len(packed)) + palOverhead
		// A mapped copy counts against the budget as a new sprite does,
		// so it makes room the same way: without this, pictures mapping
		// the tiles of sprites already kept left the caches over their
		// budget until the next sprite was kept. What is forgotten stays
		// valid for the pictures using it, this one's tile included.
		evict(nil)
	}
	return packed
}

// palOverhead is a mapped tile's bookkeeping.
const palOverhead = 48

// cost is what a stored tile takes, its mapped copies included.
func (t *tile) cost() int64 {
	n := int64(len(t.img.Pix)) + tileOverhead
	if ps := t.pals.Load(); ps != nil {
		for _, pt := range *ps {
			n += int64(len(pt.pix)) + palOverhead
		}
	}
	return n
}

// DefaultCacheBudget is how many bytes the sprite caches may hold, all
// caches together, before they forget the sprites least recently used:
// 32 MB. The pictures the bot draws over 100 active games of both games in
// both languages hold about 23 MB of tiles (see render/lean_test.go), so
// in steady use nothing is forgotten, with room for older content packs;
// and with the rest of the heap (a few MB) and what the garbage collector
// leaves between objects, the heap stays under 64 MB, a small host's
// share. A sprite forgotten is drawn again when next needed, in a
// millisecond or so.
const DefaultCacheBudget = 32 << 20

// cache is the store behind every SpriteCache: one budget in bytes for
// all of them, the tiles their sprites hold, and a clock of their entries
// for eviction. Hits read only a SpriteCache's map and an entry's use bit;
// the mutex is taken to add an entry, to forget some, and to map a tile
// onto a palette.
var cache = struct {
	mu     sync.Mutex
	seed   maphash.Seed
	tiles  map[uint64]*tile // by hash, chained by next
	ntiles int
	clock  []*entry // every entry, in no order
	hand   int      // the clock's hand: the next entry to look at
	bytes  int64
	budget int64
}{seed: maphash.MakeSeed(), tiles: map[uint64]*tile{}, budget: DefaultCacheBudget}

// entry is a sprite kept under a key of a SpriteCache.
type entry struct {
	owner  *SpriteCache
	key    any
	sprite *Sprite
	used   atomic.Bool // asked for since the clock's hand last passed
	cost   int64       // what the entry takes besides its tiles
}

// entryOverhead is an entry's bookkeeping, besides a word per tile.
const entryOverhead = 256

// SpriteCache keeps sprites that never change once drawn (frames, books,
// cards) by a comparable key that names what was drawn (its kind, size,
// language...). All caches share one budget in bytes (DefaultCacheBudget);
// once they hold more, the sprites not asked for the longest are
// forgotten (a clock, which approximates least recently used) and drawn
// again if needed. A sprite forgotten while a picture uses it stays valid:
// it is only dropped from the cache. The zero value is ready to use, and a
// SpriteCache is safe for concurrent use: two goroutines may draw the same
// sprite at once, and one of them wins, with identical results.
type SpriteCache struct{ m sync.Map }

// Get returns the sprite kept under key, made from the picture draw
// returns when it is not kept. The picture, drawn on a sprite canvas
// (NewSprite, NewFrame) that draw releases, is not used after Get.
func (s *SpriteCache) Get(key any, draw func() *image.RGBA) *Sprite {
	if v, ok := s.m.Load(key); ok {
		e := v.(*entry)
		if !e.used.Load() {
			e.used.Store(true)
		}
		return e.sprite
	}
	return s.keep(key, draw())
}

// keep stores img under key as a sprite of shared tiles, and forgets what
// the budget has no room for.
func (s *SpriteCache) keep(key any, img *image.RGBA) *Sprite {
	sp, hashes := newSprite(img)
	cache.mu.Lock()
	defer cache.mu.Unlock()
	if v, ok := s.m.Load(key); ok {
		return v.(*entry).sprite // drawn meanwhile by another goroutine
	}
	for i := range sp.tiles {
		sp.tiles[i] = intern(img, tileRect(i, sp.tw, sp.w, sp.h), hashes[i])
	}
	// The entry starts unused: a sprite asked for only once goes before
	// those in steady use, which a burst of new ones does not push out.
	e := &entry{owner: s, key: key, sprite: sp, cost: entryOverhead + 8*int64(len(sp.tiles))}
	s.m.Store(key, e)
	cache.clock = append(cache.clock, e)
	cache.bytes += e.cost
	evict(e)
	return sp
}

// newSprite starts a sprite of img's size with its record, and hashes its
// tiles (outside the lock).
func newSprite(img *image.RGBA) (*Sprite, []uint64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	tw := (w + tileW - 1) / tileW
	n := tw * ((h + tileH - 1) / tileH)
	sp := &Sprite{w: w, h: h, tw: tw, tiles: make([]*tile, n), record: takeRecord(img), solid: solidRows(img)}
	hashes := make([]uint64, n)
	var hs maphash.Hash
	hs.SetSeed(cache.seed)
	for i := range n {
		r := tileRect(i, tw, w, h)
		hs.Reset()
		hs.WriteByte(byte(r.Dx()))
		hs.WriteByte(byte(r.Dy()))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			hs.Write(rowOf(img, r, y))
		}
		hashes[i] = hs.Sum64()
	}
	return sp, hashes
}

// rowOf is row y of the rectangle r of img, both counted from img's
// top-left corner.
func rowOf(img *image.RGBA, r image.Rectangle, y int) []uint8 {
	o := img.PixOffset(img.Rect.Min.X+r.Min.X, img.Rect.Min.Y+y)
	return img.Pix[o : o+4*r.Dx()]
}

// newTile copies the rectangle r of img into a tile.
func newTile(img *image.RGBA, r image.Rectangle, hash uint64) *tile {
	t := &tile{hash: hash}
	t.img = image.RGBA{Pix: make([]uint8, 4*r.Dx()*r.Dy()), Stride: 4 * r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(t.img.Pix[(y-r.Min.Y)*t.img.Stride:], rowOf(img, r, y))
	}
	t.opaque = opaqueRow(t.img.Pix)
	return t
}

// same reports whether tile t holds the pixels of the rectangle r of img.
func (t *tile) same(img *image.RGBA, r image.Rectangle) bool {
	if t.img.Rect.Dx() != r.Dx() || t.img.Rect.Dy() != r.Dy() {
		return false
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := (y - r.Min.Y) * t.img.Stride
		if !bytes.Equal(t.img.Pix[o:o+t.img.Stride], rowOf(img, r, y)) {
			return false
		}
	}
	return true
}

// intern returns the stored tile of the rectangle r of img, storing it
// when no tile holds those pixels, and counts one more sprite holding it.
// cache.mu is held.
func intern(img *image.RGBA, r image.Rectangle, hash uint64) *tile {
	for t := cache.tiles[hash]; t != nil; t = t.next {
		if t.same(img, r) {
			t.refs++
			return t
		}
	}
	t := newTile(img, r, hash)
	t.refs = 1
	t.next = cache.tiles[hash]
	cache.tiles[hash] = t
	cache.ntiles++
	cache.bytes += t.cost()
	return t
}

// release counts one sprite fewer holding t, and drops the tile from the
// store when none does. cache.mu is held.
func release(t *tile) {
	if t.refs--; t.refs > 0 {
		return
	}
	cache.bytes -= t.cost()
	cache.ntiles--
	switch head := cache.tiles[t.hash]; {
	case head == t && t.next == nil:
		delete(cache.tiles, t.hash)
	case head == t:
		cache.tiles[t.hash] = t.next
	default:
		for head.next != t {
			head = head.next
		}
		head.next = t.next
	}
	t.next = nil
}

// evict forgets entries until the cache is within its budget, sparing
// keep, the entry just added (nil for none): the clock's hand goes round
// the entries, forgetting those not used since it last passed them and
// marking the others unused: within two rounds every entry not asked for
// again is gone. cache.mu is held.
func evict(keep *entry) {
	for turns := 2*len(cache.clock) + 1; cache.bytes > cache.budget && len(cache.clock) > 0 && turns > 0; turns-- {
		if cache.hand >= len(cache.clock) {
			cache.hand = 0
		}
		e := cache.clock[cache.hand]
		if e == keep {
			cache.hand++
			continue
		}
		if e.used.Load() {
			e.used.Store(false)
			cache.hand++
			continue
		}
		dropAtHand(e)
	}
	// Goroutines asking for sprites may mark them again as fast as the
	// hand clears them: past its rounds, the hand forgets what it finds,
	// so the budget holds however busy the caches are.
	for cache.bytes > cache.budget && len(cache.clock) > 0 {
		if cache.hand >= len(cache.clock) {
			cache.hand = 0
		}
		e := cache.clock[cache.hand]
		if e == keep {
			if len(cache.clock) == 1 {
				return
			}
			cache.hand++
			continue
		}
		dropAtHand(e)
	}
}

// dropAtHand takes e, the entry under the hand, off the clock and
// forgets it. cache.mu is held.
func dropAtHand(e *entry) {
	last := len(cache.clock) - 1
	cache.clock[cache.hand] = cache.clock[last]
	cache.clock[last] = nil
	cache.clock = cache.clock[:last]
	forget(e)
}

// forget drops an entry from its cache and its tiles from the store.
// Pictures being drawn with its sprite keep it: only the cache lets go of
// it. cache.mu is held.
func forget(e *entry) {
	e.owner.m.CompareAndDelete(e.key, e)
	cache.bytes -= e.cost
	for _, t := range e.sprite.tiles {
		release(t)
	}
}

// SetCacheBudget sets how many bytes the sprite caches may hold, all
// together, forgetting what they hold beyond it at once, and returns the
// budget it replaces: for a host with more or less memory to spare than
// DefaultCacheBudget assumes, and for tests that make the caches forget.
func SetCacheBudget(n int64) (old int64) {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	old, cache.budget = cache.budget, n
	evict(nil)
	return old
}

// CacheUse is what the sprite caches hold, all together.
type CacheUse struct {
	// Sprites is how many sprites are kept, and Tiles how many distinct
	// tiles they hold between them.
	Sprites, Tiles int
	// Bytes is what they take, tiles, mapped tiles and bookkeeping, and
	// Budget the most they may take (DefaultCacheBudget, or as set by
	// SetCacheBudget).
	Bytes, Budget int64
}

// Caches reports what the sprite caches hold, for logs and tests.
func Caches() CacheUse {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	return CacheUse{Sprites: len(cache.clock), Tiles: cache.ntiles, Bytes: cache.bytes, Budget: cache.budget}
}

// drawnTexts holds the layout record of each sprite canvas released with
// text on it, by its pixels (pixKey), until the picture is made a sprite,
// which keeps the record. An entry goes with its pixels, so a canvas
// released and never kept leaves nothing behind.
var drawnTexts sync.Map // weak.Pointer[uint8] -> layoutRecord

// keepRecord keeps a released sprite canvas's record for the sprite to be
// made of its picture.
func keepRecord(img *image.RGBA, r layoutRecord) {
	k := pixKey(img)
	if k == nil {
		return
	}
	w := weak.Make(k)
	if _, had := drawnTexts.Swap(w, r); !had {
		runtime.AddCleanup(k, func(w weak.Pointer[uint8]) { drawnTexts.Delete(w) }, w)
	}
}

// takeRecord returns the record kept for img's canvas, forgetting it.
func takeRecord(img *image.RGBA) layoutRecord {
	k := pixKey(img)
	if k == nil {
		return layoutRecord{}
	}
	if v, ok := drawnTexts.LoadAndDelete(weak.Make(k)); ok {
		return v.(layoutRecord)
	}
	return layoutRecord{}
}

// pixKey identifies a picture's pixels, the same for a sub-image of it:
// the address of the last byte of their shared array.
func pixKey(img *image.RGBA) *uint8 {
	p := img.Pix[:cap(img.Pix)]
	if len(p) == 0 {
		return nil
	}
	return &p[len(p)-1]
}
