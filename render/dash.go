package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Dashed outlines used to go through gg's SetDash, which flattens the
// path, cuts it into dashes and strokes them, allocating for every curve
// and every dash: the marks of a workbench picture made a third of its
// allocations. A dashed rounded rectangle here is traced exactly as gg
// traces it (the same path, flattening, dashes and stroke, so the same
// pixels), and the spans of coverage the rasteriser gives are kept by the
// outline's place: the workbench outlines the same spaces of the same
// layouts again and again, and painting kept spans through the painter gg
// uses costs no allocation and no rasterising. (Spans cannot be moved to
// another place: gg's path is in floating point, whose rounding depends
// on the coordinates' size, so a dash may end a 64th of a pixel apart.)

// dashKey is what a dashed outline's coverage depends on.
type dashKey struct {
	r             image.Rectangle
	radius, width float64
	on, off       float64
	split         int // the rasteriser's curve subdivision, which depends on the picture's size
}

// dashCache keeps the spans of dashed outlines, packed (see packSpan), by
// place: a layout has some fifty places to outline, of a few kilobytes
// each.
var dashCache = newLRU[dashKey, []uint64](1<<20, func(s []uint64) int { return 8*len(s) + 64 })

// dashBufs are the buffers of one outline being traced.
type dashBufs struct {
	path   raster.Path // the rounded rectangle as gg builds it
	flat   []gg.Point  // flattened
	dashes []gg.Point  // the dashes' points, one after another
	ends   []int       // where each dash ends in dashes
	rp     raster.Path // the dashes as gg hands them to the rasteriser
	spans  spanList
	r      *raster.Rasterizer
	paint  raster.RGBAPainter
}

var dashPool = sync.Pool{New: func() any { return &dashBufs{r: raster.NewRasterizer(1, 1)} }}

// DashedRR outlines the rounded rectangle inside r (as StrokeRR does) with
// dashes on pixels long and gaps off pixels long, exactly as gg's
// SetDash(on, off) followed by StrokeRR would (a solid line when on is
// 0).
func DashedRR(c *Canvas, r image.Rectangle, radius, width, on, off float64, col color.RGBA) {
	c.Mark(r)
	b := c.Img.Rect
	if r.Empty() || b.Empty() {
		return
	}
	buf := dashPool.Get().(*dashBufs)
	defer dashPool.Put(buf)
	// Kept spans are whole: an outline reaching the picture's edge (which
	// the pictures never draw) is traced every time.
	k := dashKey{r: r, radius: radius, width: width, on: on, off: off, split: splitClass(b.Dx(), b.Dy())}
	keep := r.Inset(-2).In(b) && b.Min == image.Point{} && r.Max.X < 1<<15 && r.Max.Y < 1<<15
	buf.spans = buf.spans[:0]
	if packed, ok := dashCache.get(k); ok && keep {
		for _, p := range packed {
			buf.spans = append(buf.spans, unpackSpan(p))
		}
	} else {
		buf.trace(r, radius, width, on, off, b)
		if keep {
			packed := make([]uint64, len(buf.spans))
			for i, s := range buf.spans {
				packed[i] = packSpan(s)
			}
			dashCache.put(k, packed)
		}
	}
	buf.paint = raster.RGBAPainter{Image: c.Img}
	buf.paint.SetColor(col)
	buf.paint.Paint(buf.spans, true)
	buf.paint.Image = nil
}

// OutlineRR outlines the rounded rectangle inside r with a solid line,
// exactly as StrokeRR does, with the spans kept by place as DashedRR's:
// for outlines drawn at the same places again and again.
func OutlineRR(c *Canvas, r image.Rectangle, radius, width float64, col color.RGBA) {
	DashedRR(c, r, radius, width, 0, 0, col)
}

// packSpan packs a span of a picture under 32768 pixels a side into 64
// bits: its row, its two ends and its coverage (at most 0xffff).
func packSpan(s raster.Span) uint64 {
	return uint64(s.Y)<<48 | uint64(s.X0)<<32 | uint64(s.X1)<<16 | uint64(s.Alpha&0xffff)
}

func unpackSpan(p uint64) raster.Span {
	return raster.Span{Y: int(p >> 48), X0: int(p >> 32 & 0xffff), X1: int(p >> 16 & 0xffff), Alpha: uint32(p & 0xffff)}
}

// splitClass is the rasteriser's subdivision class for a picture's size
// (raster.Rasterizer.SetBounds).
func splitClass(w, h int) int {
	switch {
	case w > 120 || h > 120:
		return 2
	case w > 24 || h > 24:
		return 1
	}
	return 0
}

// trace strokes the dashed outline at r on a picture of bounds b as gg
// does, into d.spans.
func (d *dashBufs) trace(r image.Rectangle, radius, width, on, off float64, b image.Rectangle) {
	h := width / 2
	d.roundedRect(float64(r.Min.X)+h, float64(r.Min.Y)+h, float64(r.Dx())-width, float64(r.Dy())-width, radius)
	d.flatten()
	if on > 0 {
		d.dash(on, off)
	} else {
		d.dashes, d.ends = append(d.dashes[:0], d.flat...), append(d.ends[:0], len(d.flat))
	}
	d.rasterPath()
	d.r.SetBounds(b.Dx(), b.Dy())
	d.r.UseNonZeroWinding = true
	d.r.Clear()
	d.r.AddStroke(d.rp, fix(width), raster.RoundCapper, raster.RoundJoiner)
	d.r.Rasterize(&d.spans)
}

// spanList collects the spans a rasteriser paints.
type spanList []raster.Span

func (s *spanList) Paint(ss []raster.Span, _ bool) { *s = append(*s, ss...) }

// fix and unfix convert as gg does (truncating).
func fix(x float64) fixed.Int26_6 { return fixed.Int26_6(x * 64) }

func unfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}

func fixp(x, y float64) fixed.Point26_6 { return fixed.Point26_6{X: fix(x), Y: fix(y)} }

// roundedRect builds the stroke path of gg's DrawRoundedRectangle(x, y,
// w, h, r) on an empty path.
func (d *dashBufs) roundedRect(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	d.path = d.path[:0]
	d.path.Start(fixp(x1, y0))
	d.path.Add1(fixp(x2, y0))
	d.arc(x2, y1, r, gg.Radians(270), gg.Radians(360))
	d.path.Add1(fixp(x3, y2))
	d.arc(x2, y2, r, gg.Radians(0), gg.Radians(90))
	d.path.Add1(fixp(x1, y3))
	d.arc(x1, y2, r, gg.Radians(90), gg.Radians(180))
	d.path.Add1(fixp(x0, y1))
	d.arc(x1, y1, r, gg.Radians(180), gg.Radians(270))
	d.path.Add1(fixp(x1, y0)) // ClosePath: back to the start
}

// arc is gg's DrawEllipticalArc(x, y, r, r, angle1, angle2) with a
// current point: a line to its start, then sixteen quadratic curves.
func (d *dashBufs) arc(x, y, r, angle1, angle2 float64) {
	rx, ry := r, r
	const n = 16
	for i := 0; i < n; i++ {
		p1 := float64(i+0) / n
		p2 := float64(i+1) / n
		a1 := angle1 + (angle2-angle1)*p1
		a2 := angle1 + (angle2-angle1)*p2
		x0 := x + rx*math.Cos(a1)
		y0 := y + ry*math.Sin(a1)
		x1 := x + rx*math.Cos((a1+a2)/2)
		y1 := y + ry*math.Sin((a1+a2)/2)
		x2 := x + rx*math.Cos(a2)
		y2 := y + ry*math.Sin(a2)
		cx := 2*x1 - x0/2 - x2/2
		cy := 2*y1 - y0/2 - y2/2
		if i == 0 {
			d.path.Add1(fixp(x0, y0))
		}
		d.path.Add2(fixp(cx, cy), fixp(x2, y2))
	}
}

// flatten is gg's flattenPath for a path of one sub-path of lines and
// quadratic curves.
func (d *dashBufs) flatten() {
	d.flat = d.flat[:0]
	var cx, cy float64
	p := d.path
	for i := 0; i < len(p); {
		switch p[i] {
		case 0, 1:
			x, y := unfix(p[i+1]), unfix(p[i+2])
			d.flat = append(d.flat, gg.Point{X: x, Y: y})
			cx, cy = x, y
			i += 4
		case 2:
			x1, y1 := unfix(p[i+1]), unfix(p[i+2])
			x2, y2 := unfix(p[i+3]), unfix(p[i+4])
			d.quadratic(cx, cy, x1, y1, x2, y2)
			cx, cy = x2, y2
			i += 6
		default:
			return // not built by roundedRect
		}
	}
}

// quadratic appends the points of gg's QuadraticBezier.
func (d *dashBufs) quadratic(x0, y0, x1, y1, x2, y2 float64) {
	l := (math.Hypot(x1-x0, y1-y0) +
		math.Hypot(x2-x1, y2-y1))
	n := int(l + 0.5)
	if n < 4 {
		n = 4
	}
	den := float64(n) - 1
	for i := 0; i < n; i++ {
		t := float64(i) / den
		u := 1 - t
		a := u * u
		b := 2 * u * t
		c := t * t
		x := a*x0 + b*x1 + c*x2
		y := a*y0 + b*y1 + c*y2
		d.flat = append(d.flat, gg.Point{X: x, Y: y})
	}
}

// dash is gg's dashPath with the dashes on, off and no offset, on the
// flattened path; each dash's points are appended to d.dashes and its end
// to d.ends.
func (d *dashBufs) dash(on, off float64) {
	d.dashes, d.ends = d.dashes[:0], d.ends[:0]
	path := d.flat
	if len(path) < 2 {
		return
	}
	dashes := [2]float64{on, off}
	previous := path[0]
	pathIndex := 1
	dashIndex := 0
	segmentLength := 0.0
	start := len(d.dashes)
	d.dashes = append(d.dashes, previous)
	for pathIndex < len(path) {
		dashLength := dashes[dashIndex]
		point := path[pathIndex]
		dist := previous.Distance(point)
		maxd := dashLength - segmentLength
		if dist > maxd {
			t := maxd / dist
			p := previous.Interpolate(point, t)
			d.dashes = append(d.dashes, p)
			if dashIndex%2 == 0 && len(d.dashes)-start > 1 {
				d.ends = append(d.ends, len(d.dashes))
			} else {
				d.dashes = d.dashes[:start] // a gap: dropped
			}
			start = len(d.dashes)
			d.dashes = append(d.dashes, p)
			segmentLength = 0
			previous = p
			dashIndex = (dashIndex + 1) % len(dashes)
		} else {
			d.dashes = append(d.dashes, point)
			previous = point
			segmentLength += dist
			pathIndex++
		}
	}
	if dashIndex%2 == 0 && len(d.dashes)-start > 1 {
		d.ends = append(d.ends, len(d.dashes))
	} else {
		d.dashes = d.dashes[:start]
	}
}

// rasterPath is gg's rasterPath of the dashes: each a sub-path, without
// the points closer than an eighth of a pixel to the one before.
func (d *dashBufs) rasterPath() {
	d.rp = d.rp[:0]
	begin := 0
	for _, end := range d.ends {
		var previous fixed.Point26_6
		for i, point := range d.dashes[begin:end] {
			f := point.Fixed()
			if i == 0 {
				d.rp.Start(f)
			} else {
				dx := f.X - previous.X
				dy := f.Y - previous.Y
				if dx < 0 {
					dx = -dx
				}
				if dy < 0 {
					dy = -dy
				}
				if dx+dy > 8 {
					d.rp.Add1(f)
				}
			}
			previous = f
		}
		begin = end
	}
}
