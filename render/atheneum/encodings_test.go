package atheneum

import (
	"fmt"
	"runtime"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/enginetest"
	"atheneum/render"
)

// BenchmarkEncodings measures the pictures the bot draws most in a turn
// (the hand, at every pick, and the objectives, table and reveal) at each
// deflate level the palette may write, reporting the processor time of the
// benchmark's own thread per picture (a loaded machine disturbs it much
// less than the clock) and the bytes: the level Atheneum's pictures are
// written at is chosen by these figures (see palette).
func BenchmarkEncodings(b *testing.B) {
	mid, start := midState(b), startState(b)
	cases := []struct {
		name string
		pal  **render.Palette
		draw func() (render.Picture, error)
	}{
		{"hand", &handPalette, func() (render.Picture, error) { return DrawHand(mid.View(0), 0, en) }},
		{"objectives", &objectivesPalette, func() (render.Picture, error) { return DrawObjectives(mid.View(0), en) }},
		{"table", &tablePalette, func() (render.Picture, error) { return DrawTable(mid.View(atheneum.Spectator), en) }},
		{"reveal", &revealPalette, func() (render.Picture, error) { return DrawReveal(mid.View(atheneum.Spectator), en) }},
		{"hand-shown", &handPalette, func() (render.Picture, error) { return DrawHand(start.View(0), 0, en) }},
		{"shelves", &palette, func() (render.Picture, error) { return DrawShelves(mid.View(0), 0, Marks{}, en) }},
	}
	for _, tc := range cases {
		chosen := *tc.pal
		defer func() { *tc.pal = chosen }()
		for _, level := range []int{render.HuffmanOnly, render.Rows, 1, 2, 3, 4, 5} {
			*tc.pal = palette.With(render.Level(level))
			name := fmt.Sprintf("%s/level-%d", tc.name, level)
			switch level {
			case render.HuffmanOnly:
				name = tc.name + "/huffman"
			case render.Rows:
				name = tc.name + "/rows"
			}
			b.Run(name, func(b *testing.B) {
				render.CheckTiles = false
				defer func() { render.CheckTiles = !raceEnabled }()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var n int
				start := enginetest.ThreadCPU()
				for b.Loop() {
					p, err := tc.draw()
					if err != nil {
						b.Fatal(err)
					}
					n = len(p.PNG)
				}
				b.ReportMetric(float64(enginetest.ThreadCPU()-start)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(n), "bytes")
			})
		}
	}
}
