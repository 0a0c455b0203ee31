package atheneum

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"runtime"
	"testing"
	"time"

	"atheneum/engine/atheneum"
	"atheneum/engine/enginetest"
	"atheneum/i18n"
	"atheneum/render"
)

// BenchmarkPictures measures every kind of picture from a view to PNG
// bytes ("draw") against the reference it must beat: the same picture,
// already drawn, encoded by image/png as plain RGBA at BestSpeed
// ("stdlib-rgba"). Both report the bytes of one picture. The target is a
// draw under 0.4 of its reference's time, and a shelf under 40 KB.
func BenchmarkPictures(b *testing.B) {
	mid, end, five, start := midState(b), endState(b), fiveSeatState(b), startState(b)
	work, item, last := workbenchState(b)
	replayGame, scores := replayState(b)
	cases := []struct {
		name string
		draw func() (render.Picture, error)
	}{
		{"shelves", func() (render.Picture, error) { return DrawShelves(mid.View(0), 0, Marks{}, en) }},
		{"workbench", func() (render.Picture, error) {
			return DrawShelves(work.View(0), 0, Marks{Item: item, Last: &last}, en)
		}},
		{"objectives", func() (render.Picture, error) { return DrawObjectives(mid.View(0), en) }},
		{"hand", func() (render.Picture, error) { return DrawHand(mid.View(0), 0, en) }},
		// The hand a seat picks from, its six cards shown: the one the
		// bot draws at every pick step.
		{"hand-shown", func() (render.Picture, error) { return DrawHand(start.View(0), 0, en) }},
		{"reveal", func() (render.Picture, error) { return DrawReveal(mid.View(atheneum.Spectator), en) }},
		{"table", func() (render.Picture, error) { return DrawTable(mid.View(atheneum.Spectator), en) }},
		{"table-5-seats", func() (render.Picture, error) { return DrawTable(five.View(atheneum.Spectator), en) }},
		{"results", func() (render.Picture, error) { return DrawResults(end.View(atheneum.Spectator), en) }},
		{"replay", func() (render.Picture, error) { return DrawReplay(scores, replayGame.View(atheneum.Spectator), en) }},
		{"shelves-fr", func() (render.Picture, error) { return DrawShelves(mid.View(0), 0, Marks{}, fr) }},
	}
	for _, tc := range cases {
		// Views are made outside the timed loop: the bot makes one per
		// message, not per picture.
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

// cpuClock measures the benchmark's own thread's processor time, which a
// loaded machine disturbs much less than the time on the clock: the
// picture is drawn and encoded on the benchmark's goroutine, locked to
// its thread.
type cpuClock struct{ start time.Duration }

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{enginetest.ThreadCPU()}
}

// report adds the thread's processor time per operation as "cpu-ns/op".
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

func BenchmarkShelvesParallel(b *testing.B) {
	v := midState(b).View(0)
	render.CheckTiles = false
	defer func() { render.CheckTiles = !raceEnabled }()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := DrawShelves(v, 0, Marks{}, render.Options{Lang: i18n.French}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// fiveSeatState is a five-seat game in phase B, turn 4.
func fiveSeatState(t testing.TB) *atheneum.Game {
	g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:], Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, g, 9, func(g *atheneum.Game) bool { return g.Phase == 1 && g.Turn == 4 })
	return g
}

func TestAShelfPictureIsSmall(t *testing.T) {
	for _, tc := range []struct {
		what string
		g    *atheneum.Game
	}{{"a new game's shelves", startState(t)}, {"mid-game shelves with both side shelves", midState(t)}, {"final shelves", endState(t)}} {
		t.Run(tc.what+" fit in 40 KB", func(t *testing.T) {
			p, err := DrawShelves(tc.g.View(0), 0, Marks{}, en)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.PNG) > 40<<10 {
				t.Errorf("%d bytes", len(p.PNG))
			}
			// The workbench's, written in bands, too.
			if p, err = DrawWorkbench(tc.g.View(0), 0, Marks{}, en); err != nil {
				t.Fatal(err)
			}
			if len(p.PNG) > 40<<10 {
				t.Errorf("%d bytes on the workbench", len(p.PNG))
			}
		})
	}
}
