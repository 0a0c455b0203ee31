package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"atheneum/engine"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

func TestMain(m *testing.M) {
	// Every picture drawn by the tests also checks that each drawing call
	// marked the tiles it drew on (not under the race detector, where it
	// would double the time of the slowest tests; the plain run checks).
	checkTiles = !raceEnabled
	os.Exit(m.Run())
}

// golden is one picture compared with a file in testdata.
type golden struct {
	what string // a sentence for t.Run
	file string
	draw func(t *testing.T) ([]byte, error)
}

func goldens() []golden {
	return []golden{
		{"a new game's shelves show every empty space with its coordinate", "start-shelves.png",
			func(t *testing.T) ([]byte, error) { return Shelves(startState(t).View(0), 0, testNames) }},
		{"a new game's objective row marks the card that leaves", "start-objectives.png",
			func(t *testing.T) ([]byte, error) { return Objectives(startState(t).View(0), testNames) }},
		{"a new game's first hand shows six cards with their sections", "start-hand.png",
			func(t *testing.T) ([]byte, error) { return Hand(startState(t).View(0), 0, testNames) }},
		{"a new game's table shows every seat and the row to a spectator", "start-table.png",
			func(t *testing.T) ([]byte, error) { return Table(startState(t).View(engine.Spectator), testNames) }},
		{"mid-game shelves show side shelves, paired sets, candles and spiders", "mid-shelves.png",
			func(t *testing.T) ([]byte, error) { return Shelves(midState(t).View(0), 0, testNames) }},
		{"mid-game shelves of another seat read the same from a view", "mid-shelves-other.png",
			func(t *testing.T) ([]byte, error) { return Shelves(midState(t).View(0), 1, testNames) }},
		{"mid-game objectives carry the wands of the seats that scored them", "mid-objectives.png",
			func(t *testing.T) ([]byte, error) { return Objectives(midState(t).View(0), testNames) }},
		{"mid-game hand shows the cards left to pass", "mid-hand.png",
			func(t *testing.T) ([]byte, error) { return Hand(midState(t).View(0), 0, testNames) }},
		{"a hand marks the card its seat has picked", "start-hand-picked.png",
			func(t *testing.T) ([]byte, error) { return Hand(pickedState(t).View(0), 0, testNames) }},
		{"with two seats the opponent gives both outer sections", "two-seat-reveal.png",
			func(t *testing.T) ([]byte, error) { return Reveal(twoSeatReveal(t).View(1), testNames[1:]) }},
		{"another seat's hand is drawn as card backs", "mid-hand-hidden.png",
			func(t *testing.T) ([]byte, error) { return Hand(midState(t).View(0), 1, testNames) }},
		{"the reveal shows who receives which section from whom", "mid-reveal.png",
			func(t *testing.T) ([]byte, error) { return Reveal(midState(t).View(engine.Spectator), testNames) }},
		{"mid-game table shows small shelves with side shelves and statuses", "mid-table.png",
			func(t *testing.T) ([]byte, error) { return Table(midState(t).View(engine.Spectator), testNames) }},
		{"final shelves show the final score", "end-shelves.png",
			func(t *testing.T) ([]byte, error) { return Shelves(endState(t).View(2), 2, testNames) }},
		{"the final table says the game is over", "end-table.png",
			func(t *testing.T) ([]byte, error) { return Table(endState(t).View(engine.Spectator), testNames) }},
		{"the results rank the seats with each category and a bar chart", "end-results.png",
			func(t *testing.T) ([]byte, error) { return Results(endState(t).View(engine.Spectator), testNames) }},
	}
}

func TestGoldenImages(t *testing.T) {
	for _, gc := range goldens() {
		t.Run(gc.what, func(t *testing.T) {
			t.Parallel()
			got, err := gc.draw(t)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", gc.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if msg := compareImages(got, want); msg != "" {
				bad := filepath.Join(t.TempDir(), gc.file)
				os.WriteFile(bad, got, 0o644)
				t.Errorf("%s differs from the golden image: %s; the new picture is %s (run with -update if the change is meant)", gc.file, msg, bad)
			}
		})
	}
}

// compareImages returns "" when two PNGs are the same size and differ in
// at most 0.1% of their pixels by more than a small tolerance per channel,
// which absorbs rounding differences in the rasteriser.
func compareImages(got, want []byte) string {
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "cannot decode the new picture: " + err.Error()
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "cannot decode the golden picture: " + err.Error()
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", a.Bounds().Size(), b.Bounds().Size())
	}
	pa, ok1 := a.(*image.Paletted)
	pb, ok2 := b.(*image.Paletted)
	if !ok1 || !ok2 {
		return "the pictures are not paletted"
	}
	// Compare colours index by index through a table of the palettes'
	// pairs, which is much faster than At under the race detector.
	var same [256][256]int8 // 0 unknown, 1 same, -1 different
	const tolerance = 24
	samePalette := len(pa.Palette) == len(pb.Palette)
	for i := 0; samePalette && i < len(pa.Palette); i++ {
		samePalette = pa.Palette[i] == pb.Palette[i]
	}
	diff := 0
	for i, x := range pa.Pix {
		y := pb.Pix[i]
		if x == y && samePalette {
			continue
		}
		s := &same[x][y]
		if *s == 0 {
			*s = -1
			if int(x) < len(pa.Palette) && int(y) < len(pb.Palette) {
				r1, g1, b1, _ := pa.Palette[x].RGBA()
				r2, g2, b2, _ := pb.Palette[y].RGBA()
				if absDiff(r1>>8, r2>>8) <= tolerance && absDiff(g1>>8, g2>>8) <= tolerance && absDiff(b1>>8, b2>>8) <= tolerance {
					*s = 1
				}
			}
		}
		if *s < 0 {
			diff++
		}
	}
	if diff*1000 > len(pa.Pix) {
		return fmt.Sprintf("%d pixels of %d differ", diff, len(pa.Pix))
	}
	return ""
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestPicturesFitAPhone(t *testing.T) {
	for _, kind := range kinds() {
		t.Run(kind.name+" is at most 1600 pixels wide and a valid PNG", func(t *testing.T) {
			g := midState(t)
			if kind.name == "results" {
				g = endState(t)
			}
			b, err := kind.draw(g.View(0), 0, testNames)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width > 1600 {
				t.Errorf("%d pixels wide", cfg.Width)
			}
		})
	}
}

// kind is one picture function with a uniform signature.
type kind struct {
	name string
	draw func(g *engine.Game, seat int, names []string) ([]byte, error)
}

func kinds() []kind {
	return []kind{
		{"shelves", Shelves},
		{"objectives", func(g *engine.Game, _ int, n []string) ([]byte, error) { return Objectives(g, n) }},
		{"hand", Hand},
		{"reveal", func(g *engine.Game, _ int, n []string) ([]byte, error) { return Reveal(g, n) }},
		{"table", func(g *engine.Game, _ int, n []string) ([]byte, error) { return Table(g, n) }},
		{"results", func(g *engine.Game, _ int, n []string) ([]byte, error) { return Results(g, n) }},
	}
}

func TestErrors(t *testing.T) {
	start := startState(t)
	tests := []struct {
		what string
		draw func() ([]byte, error)
		want error
	}{
		{"a nil game is refused", func() ([]byte, error) { return Table(nil, nil) }, ErrNoGame},
		{"a game without its content pack is refused", func() ([]byte, error) { return Objectives(&engine.Game{Seats: start.Seats}, nil) }, ErrNoGame},
		{"a seat past the last is refused", func() ([]byte, error) { return Shelves(start, 3, nil) }, ErrNoSeat},
		{"a negative seat is refused", func() ([]byte, error) { return Hand(start, -1, nil) }, ErrNoSeat},
		{"the reveal waits for the cards to be played", func() ([]byte, error) { return Reveal(start, nil) }, ErrNotRevealed},
		{"the results wait for the end of the game", func() ([]byte, error) { return Results(start, nil) }, ErrNotOver},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			if _, err := tc.draw(); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		what  string
		names []string
		seat  int
		want  string
	}{
		{"a plain name is kept", []string{"Ada"}, 0, "Ada"},
		{"emoji the font cannot draw are dropped", []string{"🐉 Ada 🐉"}, 0, "Ada"},
		{"accents and Cyrillic are kept", []string{"Żaneta Жанна"}, 0, "Żaneta Жанна"},
		{"runs of spaces and tabs become one space", []string{" Ada \t Lovelace "}, 0, "Ada Lovelace"},
		{"a name of emoji only falls back to the seat number", []string{"🐉🐉"}, 0, "Seat 1"},
		{"a missing name falls back to the seat number", nil, 2, "Seat 3"},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			if got := nameOf(tc.names, tc.seat); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestWriteAll(t *testing.T) {
	tests := []struct {
		what  string
		game  func(testing.TB) *engine.Game
		files []string
	}{
		{"a new game writes the table, row, shelves and hands", startState,
			[]string{"table.png", "objectives.png", "shelves-1.png", "shelves-3.png", "hand-1.png", "hand-3.png"}},
		{"a turn being resolved also writes the reveal", midState, []string{"reveal.png"}},
		{"a finished game also writes the results", endState, []string{"results.png"}},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "pictures")
			if err := WriteAll(dir, tc.game(t), testNames); err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.files {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %v", f, err)
				}
			}
		})
	}
}

func TestConcurrentRendersMatchSequentialOnes(t *testing.T) {
	states := []*engine.Game{startState(t), midState(t), endState(t)}
	type job struct {
		g    *engine.Game
		k    kind
		seat int
	}
	var jobs []job
	for _, g := range states {
		for i, k := range kinds() {
			seat := i % len(g.Seats)
			jobs = append(jobs, job{g.View(seat), k, seat})
		}
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i], _ = j.k.draw(j.g, j.seat, testNames)
	}
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				j := jobs[(i+w*7)%len(jobs)]
				got, _ := j.k.draw(j.g, j.seat, testNames)
				if !bytes.Equal(got, want[(i+w*7)%len(jobs)]) {
					t.Errorf("%s for seat %d differs when drawn concurrently", j.k.name, j.seat)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestTilesMarkWhatIsDrawn(t *testing.T) {
	defer func(old bool) { checkTiles = old }(checkTiles)
	checkTiles = true
	// With checkTiles on (see TestMain), encoding fails if a drawing call
	// did not mark its tiles; this draws on a picture whose frame differs
	// everywhere, so a missed tile cannot go unnoticed.
	frame := image.NewRGBA(image.Rect(0, 0, 200, 100))
	c := start(frame)
	c.fill(image.Rect(10, 10, 50, 50), colInk)
	c.text("II.2.3", 60, 60, cond(16), colInk, 0)
	c.fillCircle(150, 50, 20, colBrass)
	if _, err := finish(c); err != nil {
		t.Fatal(err)
	}
	c = start(frame)
	c.gg().DrawCircle(100, 50, 30) // drawn behind the canvas's back
	c.gg().SetColor(colWhite)
	c.gg().Fill()
	if _, err := finish(c); err == nil {
		t.Error("an unmarked drawing went unnoticed")
	}
}
