// Package render draws the game's pictures for the Discord channel, each as
// a Picture: PNG bytes with their size and a description (alt text) of
// what they show, in the language of Options.
//
//   - DrawShelves: one seat's shelves, on demand or on the workbench, where
//     Marks light the spaces the item being placed may go to and mark the
//     seat's last move;
//   - DrawObjectives: the objective row as a 2×2 grid;
//   - DrawHand: a seat's study cards, one compact card to a line, with the
//     objective row below them as a compact strip;
//   - DrawReveal: what each seat receives from the cards just played;
//   - DrawTable: a compact summary of every seat for spectators;
//   - DrawResults: the final scores;
//   - DrawReplay: each seat's score turn by turn, and the final shelves.
//
// Pictures are designed for a phone first. Discord shows a picture about
// 450 pixels wide there, so a picture W pixels wide draws no text under
// W/45 pixels (10 pixels once shrunk to 450); the tests check it from the
// renderer's own record of the smallest text it drew. Pictures grow in
// height rather than width, and are drawn on a framed parchment card that
// reads the same in Discord's dark and light themes. Colours have one
// meaning each: yellow is "you", green "the player on your left" (or from
// them), blue "the player on your right"; every book carries its subject's
// letter and every coloured mark a glyph or a word, so nothing rests on
// colour alone. Coordinates are printed as the bot writes them: "II.2.3" is
// compartment II, level 2 from the bottom, space 3 from the left; candle
// spaces are numbered 1 to 7.
//
// All functions are safe for concurrent use. Static parts (frames, books,
// cards) are drawn once per language and copied; the result is mapped onto
// a fixed palette and compressed with a fast deflate, which keeps a seat's
// shelves to a few milliseconds and a few tens of kilobytes.
package render

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"atheneum/engine/atheneum"
	"atheneum/fonts"
	"atheneum/i18n"
)

// Errors returned when a picture cannot be made from the game given.
var (
	// ErrNoGame is returned for a nil game or one without its content pack.
	ErrNoGame = errors.New("render: no game or no content pack")
	// ErrNoSeat is returned for a seat number the game does not have.
	ErrNoSeat = errors.New("render: no such seat")
	// ErrNotRevealed is returned by DrawReveal when no card has been played
	// this turn.
	ErrNotRevealed = errors.New("render: no cards are revealed")
	// ErrNotOver is returned by DrawResults before the game has ended.
	ErrNotOver = errors.New("render: the game is not over")
	// ErrNoScores is returned by DrawReplay without scores to chart or
	// with rows that do not have one score per seat.
	ErrNoScores = errors.New("render: no scores for every seat")
)

// Options say how to draw: in which language, and the seats' display names.
type Options struct {
	// Lang is the language of every word drawn and of the alt text; the
	// zero value is English.
	Lang i18n.Lang
	// Names are the seats' display names, by seat; a missing or empty one
	// is drawn as "Seat N" in Lang.
	Names []string
}

func (o Options) lang() i18n.Lang {
	if _, ok := i18n.Parse(string(o.Lang)); ok {
		return o.Lang
	}
	return i18n.English
}

// Picture is a drawn picture: a PNG with its size and its alt text.
type Picture struct {
	PNG []byte
	// Alt describes what the picture shows, in the options' language, for
	// screen readers (Discord's attachment description, at most 1024
	// characters).
	Alt           string
	Width, Height int
	// layout records the text drawn: the smallest, and any label that had
	// to be shortened (for tests).
	layout layoutRecord
}

// altLimit is Discord's limit on an attachment's description.
const altLimit = 1024

func check(g *atheneum.Game) error {
	if g == nil || g.Content == nil || len(g.Seats) == 0 {
		return ErrNoGame
	}
	return nil
}

func checkSeat(g *atheneum.Game, seat int) error {
	if err := check(g); err != nil {
		return err
	}
	if seat < 0 || seat >= len(g.Seats) {
		return fmt.Errorf("%w: %d of %d", ErrNoSeat, seat, len(g.Seats))
	}
	return nil
}

// trCache keeps messages without placeholders: looking one up in the
// catalogue costs more than drawing it.
var trCache sync.Map // trKey -> string

type trKey struct {
	l  i18n.Lang
	id string
}

// tr returns message id in l, filled from kv (see i18n.Lang.T).
func tr(l i18n.Lang, id string, kv ...any) string {
	if len(kv) > 0 {
		return l.T(id, kv...)
	}
	k := trKey{l, id}
	if v, ok := trCache.Load(k); ok {
		return v.(string)
	}
	s := l.T(id)
	trCache.Store(k, s)
	return s
}

// tr returns message id in the canvas's language.
func (c *canvas) tr(id string, kv ...any) string { return tr(c.lang, id, kv...) }

// nameOf returns a seat's display name, keeping only characters the font
// can draw (names may hold emoji), or "Seat N" in l when nothing is left.
func nameOf(l i18n.Lang, names []string, seat int) string {
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
	return tr(l, "render.seat", "Number", seat+1)
}

// altName is a seat's name for alt text, which screen readers read, emoji
// included.
func altName(l i18n.Lang, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		if s := strings.Join(strings.Fields(names[seat]), " "); s != "" {
			return s
		}
	}
	return tr(l, "render.seat", "Number", seat+1)
}

// Layout constants shared by the pictures.
const (
	margin = 22 // inside the frame
	border = 7  // the frame's width
)

// phoneWidth is the width at which Discord shows a picture on a phone, and
// phoneText the smallest text height readable there.
const (
	phoneWidth = 450
	phoneText  = 10
)

// drawCard paints the frame and parchment that every picture sits on.
func drawCard(c *canvas, w, h int) {
	c.fill(image.Rect(0, 0, w, h), colFrame)
	c.fillRR(image.Rect(border, border, w-border, h-border), 14, colParchment)
}

// frames keeps each picture's static frame by a key that names its layout
// and language; rendering starts by copying it.
var frames spriteCache

// newFrame starts drawing a frame in language l.
func newFrame(w, h int, l i18n.Lang) *canvas {
	c := newSprite(w, h, colFrame)
	c.lang = l
	drawCard(c, w, h)
	return c
}

// start returns a canvas on a recycled picture of the frame's size, in
// language l. The frame's pixels are copied in tile by tile as drawing
// reaches them (see canvas.mark), and tiles never drawn on are taken from
// the frame's mapped copy when encoding.
func start(frame *image.RGBA, l i18n.Lang) *canvas {
	img := getRGBA(frame.Rect.Dx(), frame.Rect.Dy())
	c := newCanvas(img)
	c.lang = l
	c.frame = frame
	c.inherit(frame)
	if checkTiles {
		// The check compares the whole picture, so it needs all of it.
		copy(img.Pix, frame.Pix)
		c.copied = true
	}
	c.tw = (frame.Rect.Dx() + tileW - 1) / tileW
	c.dirty = make([]bool, c.tw*((frame.Rect.Dy()+tileH-1)/tileH))
	return c
}

// finish encodes the picture with its alt text and recycles it.
func finish(c *canvas, alt string) (Picture, error) {
	b, err := encodeCanvas(c)
	p := Picture{PNG: b, Alt: clip(alt, altLimit), Width: c.img.Rect.Dx(), Height: c.img.Rect.Dy(), layout: c.record}
	c.release()
	putRGBA(c.img)
	if err != nil {
		return Picture{}, err
	}
	return p, nil
}

// clip shortens s to at most n bytes, at a word, with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n-len("…")], ' ')
	if cut <= 0 {
		cut = n - len("…")
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
	}
	return s[:cut] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// score is what a seat has scored so far, or its final total.
func score(g *atheneum.Game, seat int) (int, bool) {
	if g.Step == atheneum.StepOver {
		for _, r := range g.Results {
			if r.Seat == seat {
				return r.Total, true
			}
		}
	}
	return g.Seats[seat].Score(), false
}

// subjectName is a subject's name in l ("" for no subject).
func subjectName(l i18n.Lang, col atheneum.Color) string {
	if !col.IsBook() {
		return ""
	}
	return tr(l, "render.subject."+col.String())
}

// colourName is a book colour's name in l.
func colourName(l i18n.Lang, col atheneum.Color) string {
	return tr(l, "render.colour."+col.String())
}

// seatTitle writes a seat's subject disc, name, wands and score on one
// line between x0 and x1, baseline y, in the given sizes.
func seatTitle(c *canvas, g *atheneum.Game, seat int, names []string, x0, x1, y float64, big, small fontSpec) {
	s := &g.Seats[seat]
	pts, final := score(g, seat)
	label := c.tr("render.score") + " "
	if final {
		label = c.tr("render.final") + " "
	}
	right := strconv.Itoa(pts)
	wands := c.tr("render.wands", "Count", s.Wands) + "  "
	rw := c.measure(label, small) + c.measure(right, big) + c.measure(wands, small)
	x := x1 - rw
	x += c.text(wands, x, y, small, colInkSoft, 0)
	x += c.text(label, x, y, small, colInkSoft, 0)
	c.text(right, x, y, big, colInk, 0)

	capH := c.fs.get(big).capHeight
	r := big.size * 0.5
	subjectDisc(c, x0+r, y-capH/2, r, s.Subject, sans(max(minText, big.size*0.55)))
	nx := x0 + 2*r + 10
	c.textFit(nameOf(c.lang, names, seat), nx, y, x1-rw-nx-16, big, colInk)
}

// WriteAll writes every picture the game's state can show into dir (made
// if needed) as PNG files: table.png, objectives.png, shelves-N.png and
// hand-N.png for each seat N (from 1), reveal.png while cards are revealed
// and results.png once the game is over, each seat's pictures from its own
// view. It is meant for people to look at all the pictures at once.
func WriteAll(dir string, g *atheneum.Game, o Options) error {
	if err := check(g); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type job struct {
		name string
		draw func() (Picture, error)
	}
	spectator := g.View(atheneum.Spectator)
	jobs := []job{
		{"table.png", func() (Picture, error) { return DrawTable(spectator, o) }},
		{"objectives.png", func() (Picture, error) { return DrawObjectives(spectator, o) }},
	}
	for i := range g.Seats {
		n := strconv.Itoa(i + 1)
		v := g.View(i)
		jobs = append(jobs,
			job{"shelves-" + n + ".png", func() (Picture, error) { return DrawShelves(v, i, Marks{}, o) }},
			job{"hand-" + n + ".png", func() (Picture, error) { return DrawHand(v, i, o) }})
	}
	jobs = append(jobs,
		job{"reveal.png", func() (Picture, error) { return DrawReveal(spectator, o) }},
		job{"results.png", func() (Picture, error) { return DrawResults(spectator, o) }})
	for _, j := range jobs {
		p, err := j.draw()
		if errors.Is(err, ErrNotRevealed) || errors.Is(err, ErrNotOver) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, j.name), p.PNG, 0o644); err != nil {
			return err
		}
	}
	return nil
}
