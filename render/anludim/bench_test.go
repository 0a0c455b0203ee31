package anludim

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"runtime"
	"testing"
	"time"

	"atheneum/engine/enginetest"
	"atheneum/render"
)

// BenchmarkPictures measures every kind of picture from a view to PNG
// bytes ("draw") against the reference it must beat: the same picture,
// already drawn, encoded by image/png as plain RGBA at BestSpeed
// ("stdlib-rgba"), as render/atheneum's benchmark does, so that the
// ratio reads the same for every game. Both report the bytes of one
// picture. The target is a draw under 0.4 of its reference's time.
func BenchmarkPictures(b *testing.B) {
	mid, end, over, five := midState(b), roundEndState(b), overState(b), fiveSeatState(b)
	cases := []struct {
		name string
		draw func() (render.Picture, error)
	}{
		{"hand", func() (render.Picture, error) { return DrawHand(mid.View(0), 0, en) }},
		{"table", func() (render.Picture, error) { return DrawTable(mid.View(-1), en) }},
		{"table-5-seats", func() (render.Picture, error) { return DrawTable(five.View(-1), en) }},
		{"items", func() (render.Picture, error) { return DrawItems(mid.View(-1), en) }},
		{"round-end", func() (render.Picture, error) { return DrawRoundEnd(end.View(-1), en) }},
		{"results", func() (render.Picture, error) { return DrawResults(over.View(-1), fr) }},
	}
	for _, tc := range cases {
		p, err := tc.draw()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name+"/draw", func(b *testing.B) { benchPicture(b, tc.draw) })
		b.Run(tc.name+"/stdlib-rgba", func(b *testing.B) { benchStdlib(b, p) })
	}
}

func benchPicture(b *testing.B, draw func() (render.Picture, error)) {
	b.Helper()
	render.CheckTiles = false
	defer func() { render.CheckTiles = !raceEnabled }()
	b.ReportAllocs()
	var n int
	cpu := startCPU()
	for b.Loop() {
		p, err := draw()
		if err != nil {
			b.Fatal(err)
		}
		n = len(p.PNG)
	}
	cpu.report(b)
	b.ReportMetric(float64(n), "bytes")
}

// cpuClock measures the benchmark's own thread's CPU time, which a loaded
// machine disturbs much less than the time on the clock: the picture is
// drawn and encoded on the benchmark's goroutine, locked to its thread.
type cpuClock struct{ start time.Duration }

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{enginetest.ThreadCPU()}
}

// report adds the thread's CPU time per operation as "cpu-ns/op".
func (c cpuClock) report(b *testing.B) {
	d := enginetest.ThreadCPU() - c.start
	runtime.UnlockOSThread()
	b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// benchStdlib encodes p's pixels as image/png does for a plain RGBA
// picture at its fastest level, without even drawing them.
func benchStdlib(b *testing.B, p render.Picture) {
	src, err := png.Decode(bytes.NewReader(p.PNG))
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// BenchmarkEncodings measures, for each kind of picture, every way of
// writing it: each deflate level (and Huffman coding alone) with the whole
// palette or only the colours used ("compact"), reporting the time of the
// whole draw and the bytes, next to the stdlib-rgba reference, so that
// each kind's choice (handPalette, tablePalette...) is made by
// measurement. Run it with -benchtime 20x or so: it has some hundred cases.
func BenchmarkEncodings(b *testing.B) {
	mid, end, over, five := midState(b), roundEndState(b), overState(b), fiveSeatState(b)
	cases := []struct {
		name string
		pal  **render.Palette
		draw func() (render.Picture, error)
	}{
		{"hand", &handPalette, func() (render.Picture, error) { return DrawHand(mid.View(0), 0, en) }},
		{"table", &tablePalette, func() (render.Picture, error) { return DrawTable(mid.View(-1), en) }},
		{"table-5-seats", &tablePalette, func() (render.Picture, error) { return DrawTable(five.View(-1), en) }},
		{"items", &itemsPalette, func() (render.Picture, error) { return DrawItems(mid.View(-1), en) }},
		{"round-end", &roundPalette, func() (render.Picture, error) { return DrawRoundEnd(end.View(-1), en) }},
		{"results", &resultsPalette, func() (render.Picture, error) { return DrawResults(over.View(-1), fr) }},
	}
	levels := []int{render.HuffmanOnly, render.Rows, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, tc := range cases {
		chosen := *tc.pal
		p, err := tc.draw()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name+"/stdlib-rgba", func(b *testing.B) { benchStdlib(b, p) })
		for _, compact := range []bool{false, true} {
			for _, level := range levels {
				opts := []render.PaletteOption{render.Level(level)}
				name := fmt.Sprintf("%s/level-%d", tc.name, level)
				switch level {
				case render.HuffmanOnly:
					name = tc.name + "/huffman"
				case render.Rows:
					name = tc.name + "/rows"
				}
				if compact {
					opts = append(opts, render.Compact())
					name += "-compact"
				}
				*tc.pal = palette.With(opts...)
				b.Run(name, func(b *testing.B) { benchPicture(b, tc.draw) })
			}
		}
		*tc.pal = chosen
	}
}
