package render

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"testing"

	"atheneum/engine"
)

// Each benchmark goes from a view to PNG bytes and reports the bytes of one
// picture. BenchmarkShelvesStdlibRGBA is the reference the shelves are
// measured against: the same picture encoded by image/png as RGBA at
// BestSpeed, without even drawing it.

func benchPicture(b *testing.B, draw func() ([]byte, error)) {
	b.Helper()
	checkTiles = false
	defer func() { checkTiles = !raceEnabled }()
	var n int
	for b.Loop() {
		p, err := draw()
		if err != nil {
			b.Fatal(err)
		}
		n = len(p)
	}
	b.ReportMetric(float64(n), "bytes")
}

func BenchmarkShelves(b *testing.B) {
	v := midState(b).View(0)
	benchPicture(b, func() ([]byte, error) { return Shelves(v, 0, testNames) })
}

func BenchmarkShelvesStdlibRGBA(b *testing.B) {
	v := midState(b).View(0)
	p, err := Shelves(v, 0, testNames)
	if err != nil {
		b.Fatal(err)
	}
	src, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

func BenchmarkShelvesParallel(b *testing.B) {
	v := midState(b).View(0)
	checkTiles = false
	defer func() { checkTiles = !raceEnabled }()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := Shelves(v, 0, testNames); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkTable(b *testing.B) {
	v := midState(b).View(engine.Spectator)
	benchPicture(b, func() ([]byte, error) { return Table(v, testNames) })
}

// BenchmarkTableFiveSeats is the largest table: three rows of shelves.
func BenchmarkTableFiveSeats(b *testing.B) {
	g, err := engine.NewGame(engine.Config{Subjects: engine.Colors[:], Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	playUntil(b, g, 9, func(g *engine.Game) bool { return g.Phase == 1 && g.Turn == 4 })
	v := g.View(engine.Spectator)
	benchPicture(b, func() ([]byte, error) { return Table(v, testNames) })
}

func BenchmarkObjectives(b *testing.B) {
	v := midState(b).View(0)
	benchPicture(b, func() ([]byte, error) { return Objectives(v, testNames) })
}

func BenchmarkHand(b *testing.B) {
	v := startState(b).View(0)
	benchPicture(b, func() ([]byte, error) { return Hand(v, 0, testNames) })
}

func BenchmarkReveal(b *testing.B) {
	v := midState(b).View(engine.Spectator)
	benchPicture(b, func() ([]byte, error) { return Reveal(v, testNames) })
}

func BenchmarkResults(b *testing.B) {
	v := endState(b).View(engine.Spectator)
	benchPicture(b, func() ([]byte, error) { return Results(v, testNames) })
}
