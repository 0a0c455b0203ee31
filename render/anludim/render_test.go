package anludim

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/render/rendertest"
)

var (
	update = flag.Bool("update", false, "rewrite the golden images in testdata")
	pics   = flag.String("pics", "", "also write every golden picture, and its alt text, into this folder, to look at them")
)

func TestMain(m *testing.M) {
	// Every picture drawn by the tests also checks that each drawing call
	// marked the tiles it drew on (not under the race detector, where it
	// would slow the random games down).
	render.CheckTiles = !raceEnabled
	os.Exit(m.Run())
}

// golden is one picture compared with a file in testdata.
type golden struct {
	what string // a sentence for t.Run
	file string
	draw func(t *testing.T) (render.Picture, error)
}

func goldens() []golden {
	return []golden{
		{"a mid-game hand shows every card with both readings", "mid-hand.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 0, en) }},
		{"another seat's hand shows the cards seen entering it and backs for the rest", "mid-hand-other.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 1, en) }},
		{"the mid-game table shows recruits, professors, items and combinations", "mid-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(midState(t).View(-1), en) }},
		{"the item stacks show what is left, top first, and where each pawn stands", "mid-items.png",
			func(t *testing.T) (render.Picture, error) { return DrawItems(midState(t).View(-1), en) }},
		{"the end of a round says who won, why, and what each seat held", "end-round.png",
			func(t *testing.T) (render.Picture, error) { return DrawRoundEnd(roundEndState(t).View(-1), en) }},
		{"between rounds a hand marks the cards kept", "end-hand-keep.png",
			func(t *testing.T) (render.Picture, error) {
				g := roundEndState(t)
				s := g.Awaited()[0]
				if _, err := g.Apply(anludim.Move{Seat: s, Kind: anludim.Keep, Card: g.Hand(s)[1]}); err != nil {
					t.Fatal(err)
				}
				return DrawHand(g.View(s), s, en)
			}},
		{"the final results rank the seats and list the rounds", "over-results.png",
			func(t *testing.T) (render.Picture, error) { return DrawRoundEnd(overState(t).View(-1), en) }},
		{"a crowded five-seat expert table stays within 1.6 times its width", "five-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(fiveSeatState(t).View(-1), en) }},
		{"a French hand", "fr-mid-hand.png",
			func(t *testing.T) (render.Picture, error) { return DrawHand(midState(t).View(0), 0, fr) }},
		{"a French table", "fr-mid-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(midState(t).View(-1), fr) }},
		{"French item stacks", "fr-mid-items.png",
			func(t *testing.T) (render.Picture, error) { return DrawItems(midState(t).View(-1), fr) }},
		{"a French end of round", "fr-end-round.png",
			func(t *testing.T) (render.Picture, error) { return DrawRoundEnd(roundEndState(t).View(-1), fr) }},
		{"French final results", "fr-over-results.png",
			func(t *testing.T) (render.Picture, error) { return DrawResults(overState(t).View(-1), fr) }},
		{"a round won on a tie says how the tie was broken", "tie-round.png",
			func(t *testing.T) (render.Picture, error) { return DrawRoundEnd(tieState(t).View(-1), en) }},
		{"a French round won on a tie", "fr-tie-round.png",
			func(t *testing.T) (render.Picture, error) { return DrawRoundEnd(tieState(t).View(-1), fr) }},
		{"a crowded French expert table", "fr-five-table.png",
			func(t *testing.T) (render.Picture, error) { return DrawTable(fiveSeatState(t).View(-1), fr) }},
	}
}

func TestGoldenImages(t *testing.T) {
	// A catalogue that did not load (a locale file caught half written)
	// draws every word as its id: never take that for a golden image.
	if err := i18n.Err(); err != nil {
		t.Fatalf("the catalogue does not load: %v", err)
	}
	if *pics != "" {
		if err := os.MkdirAll(*pics, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, gc := range goldens() {
		t.Run(gc.what, func(t *testing.T) {
			t.Parallel()
			p, err := gc.draw(t)
			if err != nil {
				t.Fatal(err)
			}
			if p.Alt == "" || len(p.Alt) > render.AltLimit || strings.Contains(p.Alt, "[anludim.") {
				t.Errorf("the alt text has %d bytes: %q", len(p.Alt), p.Alt)
			}
			if s := p.Shortened(); s != "" {
				t.Errorf("%q was shortened to fit", s)
			}
			if *pics != "" {
				os.WriteFile(filepath.Join(*pics, gc.file), p.PNG, 0o644)
				os.WriteFile(filepath.Join(*pics, gc.file+".txt"), []byte(p.Alt+"\n"), 0o644)
			}
			path := filepath.Join("testdata", gc.file)
			if *update {
				if err := os.WriteFile(path, p.PNG, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if msg := rendertest.CompareImages(p.PNG, want); msg != "" {
				bad := filepath.Join(t.TempDir(), gc.file)
				os.WriteFile(bad, p.PNG, 0o644)
				t.Errorf("%s differs from the golden image: %s; the new picture is %s (run with -update if the change is meant)", gc.file, msg, bad)
			}
		})
	}
}

// kind is one picture function with a uniform signature.
type kind struct {
	name string
	draw func(g *anludim.Game, seat int, o render.Options) (render.Picture, error)
}

func kinds() []kind {
	return []kind{
		{"hand", DrawHand},
		{"table", func(g *anludim.Game, _ int, o render.Options) (render.Picture, error) { return DrawTable(g, o) }},
		{"items", func(g *anludim.Game, _ int, o render.Options) (render.Picture, error) { return DrawItems(g, o) }},
		{"round end", func(g *anludim.Game, _ int, o render.Options) (render.Picture, error) { return DrawRoundEnd(g, o) }},
		{"results", func(g *anludim.Game, _ int, o render.Options) (render.Picture, error) { return DrawResults(g, o) }},
	}
}

// notYet reports the errors a picture gives for a state it does not show.
func notYet(err error) bool { return errors.Is(err, ErrNoRound) || errors.Is(err, render.ErrNotOver) }

func TestErrors(t *testing.T) {
	mid := midState(t)
	tests := []struct {
		what string
		draw func() (render.Picture, error)
		want error
	}{
		{"a nil game is refused by the table", func() (render.Picture, error) { return DrawTable(nil, en) }, render.ErrNoGame},
		{"a nil game is refused by the hand", func() (render.Picture, error) { return DrawHand(nil, 0, en) }, render.ErrNoGame},
		{"a nil game is refused by the items", func() (render.Picture, error) { return DrawItems(nil, en) }, render.ErrNoGame},
		{"a nil game is refused by the round's end", func() (render.Picture, error) { return DrawRoundEnd(nil, en) }, render.ErrNoGame},
		{"a nil game is refused by the results", func() (render.Picture, error) { return DrawResults(nil, en) }, render.ErrNoGame},
		{"an empty game is refused", func() (render.Picture, error) { return DrawTable(&anludim.Game{}, en) }, render.ErrNoGame},
		{"a seat past the last is refused", func() (render.Picture, error) { return DrawHand(mid, 3, en) }, render.ErrNoSeat},
		{"a negative seat is refused", func() (render.Picture, error) { return DrawHand(mid, -1, en) }, render.ErrNoSeat},
		{"the round's end waits for a round to end", func() (render.Picture, error) { return DrawRoundEnd(mid, en) }, ErrNoRound},
		{"the results wait for the end of the game", func() (render.Picture, error) { return DrawResults(mid, en) }, render.ErrNotOver},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			if _, err := tc.draw(); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// TestTheSameGameGivesTheSameBytes draws each picture of the same state
// twice, from two copies of the game, and once more after other pictures
// have filled the caches.
func TestTheSameGameGivesTheSameBytes(t *testing.T) {
	for _, st := range []func(testing.TB) *anludim.Game{midState, roundEndState, overState} {
		a, b := st(t), st(t)
		for _, k := range kinds() {
			p1, err1 := k.draw(a, 0, fr)
			DrawTable(fiveSeatState(t), en)
			p2, err2 := k.draw(b.Clone(), 0, fr)
			if (err1 == nil) != (err2 == nil) || !bytes.Equal(p1.PNG, p2.PNG) || p1.Alt != p2.Alt {
				t.Errorf("%s: two draws of the same game differ (%v, %v)", k.name, err1, err2)
			}
		}
	}
}

// canvasKinds draw each kind of picture to a canvas, before it is encoded.
func canvasKinds() []struct {
	name string
	draw func(g *anludim.Game, seat int, o render.Options) (*render.Canvas, string, error)
} {
	return []struct {
		name string
		draw func(g *anludim.Game, seat int, o render.Options) (*render.Canvas, string, error)
	}{
		{"hand", seatHandCanvas},
		{"table", func(g *anludim.Game, _ int, o render.Options) (*render.Canvas, string, error) {
			return tableCanvas(g, seatViews(g), o)
		}},
		{"items", func(g *anludim.Game, _ int, o render.Options) (*render.Canvas, string, error) {
			return itemsCanvas(g, o)
		}},
		{"round end", func(g *anludim.Game, _ int, o render.Options) (*render.Canvas, string, error) {
			return roundEndCanvas(g, o)
		}},
	}
}

// TestPicturesAreSmall holds each picture's PNG to at most 0.4 times the
// size image/png's default encoder makes of the same picture as drawn. It
// also logs (with -v) how the PNG compares with image/png's default
// encoding of its own pixels, once mapped onto the palette.
func TestPicturesAreSmall(t *testing.T) {
	for _, tc := range []struct {
		what string
		g    *anludim.Game
	}{{"mid-game", midState(t)}, {"round's end", roundEndState(t)}, {"game over", overState(t)}, {"five seats", fiveSeatState(t)}} {
		for _, k := range canvasKinds() {
			c, alt, err := k.draw(tc.g.View(0), 0, en)
			if notYet(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			// A picture started from its card writes the pixels of the
			// tiles nothing was drawn on, or only sprites were copied
			// onto, when they are drawn on: all of them, to read them.
			c.Mark(c.Img.Rect)
			var buf bytes.Buffer
			if err := png.Encode(&buf, c.Img); err != nil {
				t.Fatal(err)
			}
			drawn := buf.Len()
			p, err := render.Finish(c, alt)
			if err != nil {
				t.Fatal(err)
			}
			r := float64(len(p.PNG)) / float64(drawn)
			t.Logf("the %s %s: %d×%d, %d bytes: %.2f times image/png's %d for the picture drawn, %.2f of its %d for the pixels written",
				tc.what, k.name, p.Width, p.Height, len(p.PNG), r, drawn, float64(len(p.PNG))/float64(stdlibSize(t, p)), stdlibSize(t, p))
			if r > 0.4 {
				t.Errorf("the %s %s is %d bytes, %.2f times image/png's %d", tc.what, k.name, len(p.PNG), r, drawn)
			}
		}
	}
}

// stdlibSize is the size of p's pixels as an RGBA picture written by
// image/png's default encoder.
func stdlibSize(t testing.TB, p render.Picture) int {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(p.PNG))
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}
