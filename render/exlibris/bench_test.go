package exlibris

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"testing"

	"atheneum/render"
)

// BenchmarkPictures measures every kind of picture from a view to PNG
// bytes ("draw") against the reference it must beat: the same picture,
// already drawn, encoded by image/png as plain RGBA at BestSpeed
// ("stdlib-rgba"). Both report the bytes of one picture and the process's
// processor time per picture (cpu-ns/op), which a busy machine disturbs
// less than ns/op. The target is a draw under 0.4 of its reference's
// time.
func BenchmarkPictures(b *testing.B) {
	g4, g1 := mid(b, 4), mid(b, 1)
	arch, seat, card := archiving(b, 3, Place)
	flip, end := flipping(b, 4), over(b, 4)
	cases := []struct {
		name string
		draw func() (render.Picture, error)
	}{
		{"collection", func() (render.Picture, error) { return DrawCollection(end.View(0), 0, Marks{}, en) }},
		{"archive", func() (render.Picture, error) {
			return DrawCollection(arch.View(seat), seat, Marks{Offer: true, Path: []string{card}}, en)
		}},
		{"hand", func() (render.Picture, error) { return DrawHand(g4.View(0), 0, en) }},
		{"city", func() (render.Picture, error) { return DrawCity(g4.View(-1), en) }},
		{"city-solo", func() (render.Picture, error) { return DrawCity(g1.View(-1), fr) }},
		{"flip", func() (render.Picture, error) { return DrawInspection(flip.View(-1), en) }},
		{"inspection", func() (render.Picture, error) { return DrawInspection(end.View(-1), en) }},
		{"results", func() (render.Picture, error) { return DrawResults(end.View(-1), fr) }},
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
	cpu := processCPU()
	for b.Loop() {
		p, err := draw()
		if err != nil {
			b.Fatal(err)
		}
		n = len(p.PNG)
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(n), "bytes")
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
	cpu := processCPU()
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(buf.Len()), "bytes")
}
