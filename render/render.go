package render

import (
	"errors"
	"image"
	"strings"
	"sync"
	"unicode"

	"atheneum/fonts"
	"atheneum/i18n"
)

// Errors returned when a picture cannot be made from the game given, by
// every game's pictures.
var (
	// ErrNoGame is returned for a nil game or one that cannot be drawn
	// (without its content, or without seats).
	ErrNoGame = errors.New("render: no game or no content pack")
	// ErrNoSeat is returned for a seat number the game does not have.
	ErrNoSeat = errors.New("render: no such seat")
	// ErrNotOver is returned by a results picture before the game has
	// ended.
	ErrNotOver = errors.New("render: the game is not over")
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

// newFrame starts drawing a frame in language l.
func newFrame(w, h int, l i18n.Lang) *canvas {
	c := newSprite(w, h, colFrame)
	c.lang = l
	drawCard(c, w, h)
	return c
}

// Start returns a canvas on a recycled picture of the frame's size, in
// language l, to be encoded onto p by Finish. The frame is a picture that
// never changes (made with NewFrame and kept in a SpriteCache); its pixels
// are copied in tile by tile as drawing reaches them (see Canvas.Mark), and
// tiles never drawn on are taken from the frame's mapped copy when
// encoding, which keeps a picture that changes little fast to make.
func (p *Palette) Start(frame *image.RGBA, l i18n.Lang) *canvas {
	img := getRGBA(frame.Rect.Dx(), frame.Rect.Dy())
	c := newCanvas(img)
	c.lang = l
	c.pal = p
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

// Blank returns a canvas on a recycled picture w×h pixels, in language l,
// with the parchment card drawn on it, to be encoded onto p by Finish: for
// a picture drawn whole every time.
func (p *Palette) Blank(w, h int, l i18n.Lang) *canvas {
	c := newCanvas(getRGBA(w, h))
	c.lang = l
	c.pal = p
	drawCard(c, w, h)
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
