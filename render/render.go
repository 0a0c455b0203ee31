// Package render draws the game's pictures for the Discord channel: a
// seat's shelves, the objective row, a hand of study cards, the reveal of
// the cards played, the whole table and the final results, each as PNG
// bytes made from an *engine.Game (usually a view from g.View(seat)) and the
// players' display names.
//
// Pictures are sized for phones (at most 1600 pixels wide, no text under 14
// pixels) and drawn on a framed parchment card that reads the same in
// Discord's dark and light themes. Every book carries its subject's letter,
// so no information rests on colour alone. Coordinates are printed as the
// bot writes them: "II.2.3" is compartment II, level 2 from the bottom,
// space 3 from the left; candle spaces are numbered 1 to 7.
//
// All functions are safe for concurrent use. Static parts (frames, books,
// cards) are drawn once and copied; the result is mapped onto a fixed
// palette and compressed with a fast zlib level, which keeps a seat's
// shelves under a few milliseconds and a few tens of kilobytes.
package render

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"atheneum/engine"
	"atheneum/fonts"
)

// Errors returned when a picture cannot be made from the game given.
var (
	// ErrNoGame is returned for a nil game or one without its content pack.
	ErrNoGame = errors.New("render: no game or no content pack")
	// ErrNoSeat is returned for a seat number the game does not have.
	ErrNoSeat = errors.New("render: no such seat")
	// ErrNotRevealed is returned by Reveal when no card has been played
	// this turn.
	ErrNotRevealed = errors.New("render: no cards are revealed")
	// ErrNotOver is returned by Results before the game has ended.
	ErrNotOver = errors.New("render: the game is not over")
)

func check(g *engine.Game) error {
	if g == nil || g.Content == nil || len(g.Seats) == 0 {
		return ErrNoGame
	}
	return nil
}

func checkSeat(g *engine.Game, seat int) error {
	if err := check(g); err != nil {
		return err
	}
	if seat < 0 || seat >= len(g.Seats) {
		return fmt.Errorf("%w: %d of %d", ErrNoSeat, seat, len(g.Seats))
	}
	return nil
}

// nameOf returns a seat's display name, keeping only characters the font
// can draw (names may hold emoji), or "Seat N" when nothing is left.
func nameOf(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		var b strings.Builder
		for _, r := range names[seat] {
			switch {
			case unicode.IsSpace(r):
				b.WriteByte(' ')
			case unicode.IsPrint(r) && fonts.Has(fonts.Sans, r):
				b.WriteRune(r)
			}
		}
		if s := strings.Join(strings.Fields(b.String()), " "); s != "" {
			return s
		}
	}
	return "Seat " + strconv.Itoa(seat+1)
}

// Layout constants shared by the pictures.
const (
	margin = 22 // inside the frame
	border = 7  // the frame's width
)

// drawCard paints the frame and parchment that every picture sits on.
func drawCard(c *canvas, w, h int) {
	c.fill(image.Rect(0, 0, w, h), colFrame)
	c.fillRR(image.Rect(border, border, w-border, h-border), 14, colParchment)
}

// frameCache keeps each picture's static frame by a key that names its
// layout; rendering starts by copying it.
var frames spriteCache

// start returns a canvas on a recycled picture of the frame's size. The
// frame's pixels are copied in tile by tile as drawing reaches them (see
// canvas.mark), and tiles never drawn on are taken from the frame's mapped
// copy when encoding.
func start(frame *image.RGBA) *canvas {
	img := getRGBA(frame.Rect.Dx(), frame.Rect.Dy())
	c := newCanvas(img)
	c.frame = frame
	if checkTiles {
		// The check compares the whole picture, so it needs all of it.
		copy(img.Pix, frame.Pix)
		c.copied = true
	}
	c.tw = (frame.Rect.Dx() + tileW - 1) / tileW
	c.dirty = make([]bool, c.tw*((frame.Rect.Dy()+tileH-1)/tileH))
	return c
}

// finish encodes the picture and recycles it.
func finish(c *canvas) ([]byte, error) {
	b, err := encodeCanvas(c)
	c.release()
	putRGBA(c.img)
	return b, err
}

// score is what a seat has scored so far, or its final total.
func score(g *engine.Game, seat int) (int, bool) {
	if g.Step == engine.StepOver {
		for _, r := range g.Results {
			if r.Seat == seat {
				return r.Total, true
			}
		}
	}
	return g.Seats[seat].Score(), false
}

// seatTitle writes a seat's name, subject and score on one line between x0
// and x1, baseline y, in the given sizes.
func seatTitle(c *canvas, g *engine.Game, seat int, names []string, x0, x1, y float64, big, small fontSpec) {
	s := &g.Seats[seat]
	pts, final := score(g, seat)
	right := strconv.Itoa(pts)
	label := "Score "
	if final {
		label = "Final "
	}
	wands := "Wands " + strconv.Itoa(s.Wands) + "   "
	rw := c.measure(label, small) + c.measure(right, big) + c.measure(wands, small)
	x := x1 - rw
	x += c.text(wands, x, y, small, colInkSoft, 0)
	x += c.text(label, x, y, small, colInkSoft, 0)
	c.text(right, x, y, big, colInk, 0)

	// The subject chip: colour disc with letter, then the subject's name.
	capH := c.fs.get(big).capHeight
	r := big.size * 0.5
	cx := x0 + r
	subjectDisc(c, cx, y-capH/2, r, s.Subject, sans(max(minText, big.size*0.55)))
	nx := x0 + 2*r + 10
	avail := x1 - rw - nx - 20
	nw := c.measure(nameOf(nil, 0), big) // reserve at least "Seat N"
	name := fit(c, nameOf(names, seat), max(nw, avail*0.6), big)
	nx += c.text(name, nx, y, big, colInk, 0) + 14
	if subj := s.Subject.Subject(); subj != "" && x1-rw-nx-20 > 60 {
		c.textFit(subj, nx, y, x1-rw-nx-20, small, colInkSoft)
	}
}

// Shelves draws a seat's shelves: the main shelf's five compartments in
// their two tiers, any side shelves on their side, every space with its
// coordinate, books with their letters, paired sets as one piece, waiting
// spiders, candle spaces with their numbers and points, each compartment's
// value when full, and the seat's name, subject, wands and score.
func Shelves(g *engine.Game, seat int, names []string) ([]byte, error) {
	if err := checkSeat(g, seat); err != nil {
		return nil, err
	}
	f := shelvesPictureFrame(g.Content)
	c := start(f.img)
	seatTitle(c, g, seat, names, margin+4, fx(f.img.Rect.Dx()-margin-4), margin+38, sans(30), sans(18))
	drawShelves(c, g, seat, fullShelf, f.at)
	return finish(c)
}

type placedFrame struct {
	img *image.RGBA
	at  image.Point
}

// shelvesPictureFrame is the static part of Shelves for a content pack.
func shelvesPictureFrame(ct *engine.Content) placedFrame {
	l := layoutFor(ct, fullShelf)
	at := pt(margin, margin+62)
	img := frames.get(struct {
		k string
		c *engine.Content
	}{"shelves", ct}, func() *image.RGBA {
		w := l.size.X + 2*margin
		h := at.Y + l.size.Y + 70
		c := newSprite(w, h, colFrame)
		defer c.release()
		drawCard(c, w, h)
		c.fill(image.Rect(margin, margin+52, w-margin, margin+54), colParchDark)
		shelvesFrame(ct, fullShelf, c, at)
		drawShelfLegend(c, margin, at.Y+l.size.Y+14)
		return c.img
	})
	return placedFrame{img, at}
}

// drawShelfLegend explains the coordinates and symbols in one line.
func drawShelfLegend(c *canvas, x0, y int) {
	f := cond(16)
	x := fx(x0) + 4
	base := fx(y) + 30
	x += c.text("Space = compartment.level.space, levels from the bottom, e.g. II.2.3", x, base, f, colInk, 0) + 24
	c.blitOver(spiderSprite(26), pt(int(x), y+9))
	x += 30
	x += c.text("not yet captured", x, base, f, colInk, 0) + 22
	c.blitOver(badgeSprite(26, 5, false, sans(14)), pt(int(x), y+9))
	x += 30
	c.text("points when full", x, base, f, colInk, 0)
}

// WriteAll writes every picture the game's state can show into dir (made
// if needed) as PNG files: table.png, objectives.png, shelves-N.png and
// hand-N.png for each seat N (from 1), reveal.png while cards are revealed
// and results.png once the game is over. It is meant for people to look at
// all the pictures at once.
func WriteAll(dir string, g *engine.Game, names []string) error {
	if err := check(g); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type job struct {
		name string
		draw func() ([]byte, error)
	}
	jobs := []job{
		{"table.png", func() ([]byte, error) { return Table(g, names) }},
		{"objectives.png", func() ([]byte, error) { return Objectives(g, names) }},
	}
	for i := range g.Seats {
		n := strconv.Itoa(i + 1)
		jobs = append(jobs,
			job{"shelves-" + n + ".png", func() ([]byte, error) { return Shelves(g, i, names) }},
			job{"hand-" + n + ".png", func() ([]byte, error) { return Hand(g, i, names) }})
	}
	jobs = append(jobs,
		job{"reveal.png", func() ([]byte, error) { return Reveal(g, names) }},
		job{"results.png", func() ([]byte, error) { return Results(g, names) }})
	for _, j := range jobs {
		b, err := j.draw()
		if errors.Is(err, ErrNotRevealed) || errors.Is(err, ErrNotOver) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, j.name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
