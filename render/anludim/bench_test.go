package anludim

import (
	"testing"

	"atheneum/engine/anludim"
	"atheneum/render"
)

// BenchmarkPictures measures each kind of picture from a view to PNG
// bytes, and reports the bytes of one picture.
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
		b.Run(tc.name, func(b *testing.B) {
			render.CheckTiles = false
			defer func() { render.CheckTiles = !raceEnabled }()
			b.ReportAllocs()
			var n int
			for b.Loop() {
				p, err := tc.draw()
				if err != nil {
					b.Fatal(err)
				}
				n = len(p.PNG)
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}

var _ = anludim.NumCards
