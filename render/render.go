// Package render holds what every game's pictures for the Discord channel
// share; each game draws its own pictures in a package of its own
// (render/atheneum, render/anludim) with these parts, and render imports no
// game.
//
//   - Picture: a drawn picture, PNG bytes with their size and a description
//     (alt text) in the language of Options, which also carries the seats'
//     display names (NameOf and AltName make them safe to draw and to read).
//   - The parchment card every picture is drawn on (DrawCard, NewFrame), in
//     the shared design colours (Parchment, Ink, FrameBrown...), which read
//     the same in Discord's dark and light themes.
//   - Canvas: drawing on a picture, text in the embedded fonts (Sans, Cond,
//     Title) measured, fitted and centred, rounded rectangles, discs, stars
//     and medals, sprites drawn once and copied (Sprite, OnParchment).
//   - SpriteCache: the sprites and frames drawn once, kept in tiles that
//     are stored once however many sprites show them, within one budget
//     in bytes for every cache (DefaultCacheBudget, Caches): the sprites
//     not asked for the longest are forgotten and drawn again when needed,
//     so the memory the pictures keep does not grow with the games played.
//   - Palette: each game's fixed palette, onto which a picture is mapped and
//     compressed by a fast PNG writer (Start, Blank, Finish): a few
//     milliseconds and a few tens of kilobytes per picture, the same bytes
//     for the same drawing. Its options (Level, Compact) say how its
//     pictures are written; With gives another way for the same colours.
//   - The phone rules: Discord shows a picture about PhoneWidth (450) pixels
//     wide on a phone, so a picture W pixels wide draws no text under
//     W/45 pixels (PhoneText, 10 pixels once shrunk to 450), and no text at
//     all under MinText. The canvas records the smallest text it drew, from
//     sprites too, and Picture.PhoneProblem checks a picture against the
//     rule; each game's tests run it over every picture. What the eye reads
//     is the height of capitals and digits: Picture.PhoneCapProblem holds
//     them to PhoneCapHeight (8) pixels on a phone.
//
// All functions are safe for concurrent use.
package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
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

// Language returns the language to draw in: Lang when the catalogue knows
// it, else English.
func (o Options) Language() i18n.Lang {
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

// SmallestText returns the smallest text the picture shows, sprites
// included, and its font size in pixels; "" if it shows no text.
func (p Picture) SmallestText() (size float64, text string) { return p.layout.size, p.layout.text }

// SmallestCapitals returns the smallest capitals (or digits) the picture
// shows, sprites included: their height in pixels as drawn, and the text
// they are in; "" if it shows no text.
func (p Picture) SmallestCapitals() (height float64, text string) {
	return p.layout.capH, p.layout.capText
}

// PhoneCapProblem says why the picture's smallest letters would not read
// on a phone, or "": scaled to PhoneWidth, its smallest capitals and
// digits (a value, a colour's letter) must stay at least PhoneCapHeight
// pixels tall. A font's size is not what the eye reads: at render.MinText
// (15 px) the capitals of the body fonts are 11 px tall, 7.8 px on a
// phone.
func (p Picture) PhoneCapProblem() string {
	if p.layout.capText == "" {
		return "no text was recorded"
	}
	if got := p.layout.capH * PhoneWidth / float64(p.Width); got < PhoneCapHeight {
		return fmt.Sprintf("the capitals of %q are %.0f px tall on a %d px-wide picture: %.1f px on a phone, under %d",
			p.layout.capText, p.layout.capH, p.Width, got, PhoneCapHeight)
	}
	return ""
}

// Shortened returns the first label that had to be shortened with an
// ellipsis to fit (see Canvas.FitLabel), or "".
func (p Picture) Shortened() string { return p.layout.cut }

// PhoneProblem says why the picture would not read on a phone, or "":
// scaled to PhoneWidth, its smallest text must stay at least PhoneText
// pixels tall, and it must show some text.
func (p Picture) PhoneProblem() string {
	if p.layout.text == "" {
		return "no text was recorded"
	}
	if got := p.layout.size * PhoneWidth / float64(p.Width); got < PhoneText {
		return fmt.Sprintf("%q is %.1f px on a %d px-wide picture: %.1f px on a phone, under %d", p.layout.text,
			p.layout.size, p.Width, got, PhoneText)
	}
	return ""
}

// AltLimit is Discord's limit on an attachment's description.
const AltLimit = 1024

// trCache keeps messages without placeholders: looking one up in the
// catalogue costs more than drawing it.
var trCache sync.Map // trKey -> string

type trKey struct {
	l  i18n.Lang
	id string
}

// T returns message id in l, filled from kv (see i18n.Lang.T); messages
// without placeholders are cached.
func T(l i18n.Lang, id string, kv ...any) string {
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

// T returns message id in the canvas's language, filled from kv.
func (c *Canvas) T(id string, kv ...any) string { return T(c.Lang, id, kv...) }

// NameOf returns a seat's display name, keeping only characters the font
// can draw (names may hold emoji), or "Seat N" in l when nothing is left.
func NameOf(l i18n.Lang, names []string, seat int) string {
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
	return T(l, "render.seat", "Number", seat+1)
}

// AltName is a seat's name for alt text, which screen readers read, emoji
// included.
func AltName(l i18n.Lang, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		if s := strings.Join(strings.Fields(names[seat]), " "); s != "" {
			return s
		}
	}
	return T(l, "render.seat", "Number", seat+1)
}

// Margin is the space inside the card's frame, and Border the frame's
// width, on every picture.
const (
	Margin = 22 // inside the frame
	Border = 7  // the frame's width
)

// PhoneWidth is the width at which Discord shows a picture on a phone, and
// PhoneText the smallest text height readable there (see
// Picture.PhoneProblem).
const (
	PhoneWidth = 450
	PhoneText  = 10
	// PhoneCapHeight is the smallest height of capitals and digits that
	// reads on a phone (see Picture.PhoneCapProblem).
	PhoneCapHeight = 8
)

// DrawCard paints the frame and parchment that every picture sits on, over
// the whole w×h canvas.
func DrawCard(c *Canvas, w, h int) {
	const rad = 14
	card := image.Rect(Border, Border, w-Border, h-Border)
	if card.Dx() < 4*rad || card.Dy() < 4*rad {
		c.Fill(image.Rect(0, 0, w, h), FrameBrown)
		c.FillRR(card, rad, Parchment)
		return
	}
	// FillRR paints the card flat but for its corner squares, where its
	// discs blend over the frame: only the frame and those squares need
	// the frame's colour first (filling the whole picture twice was most
	// of the time a frame took to draw).
	c.Fill(image.Rect(0, 0, w, Border), FrameBrown)
	c.Fill(image.Rect(0, h-Border, w, h), FrameBrown)
	c.Fill(image.Rect(0, Border, Border, h-Border), FrameBrown)
	c.Fill(image.Rect(w-Border, Border, w, h-Border), FrameBrown)
	for _, p := range [4]image.Point{{card.Min.X, card.Min.Y}, {card.Max.X - rad, card.Min.Y},
		{card.Min.X, card.Max.Y - rad}, {card.Max.X - rad, card.Max.Y - rad}} {
		c.Fill(image.Rectangle{p, p.Add(image.Pt(rad, rad))}, FrameBrown)
	}
	c.FillRR(card, rad, Parchment)
}

// NewFrame starts drawing a picture's frame, w×h pixels in language l: the
// parts of a picture that never change, on the parchment card. It is drawn
// in a SpriteCache's draw function, which releases it and returns its Img;
// the cache keeps it as a Sprite for Start.
func NewFrame(w, h int, l i18n.Lang) *Canvas {
	c := NewSprite(w, h, color.RGBA{}) // DrawCard paints every pixel
	c.Lang = l
	DrawCard(c, w, h)
	return c
}

// Start returns a canvas on a recycled picture of the frame's size, in
// language l, to be encoded onto p by Finish. The frame is a sprite (made
// with NewFrame and kept in a SpriteCache); its tiles are copied in one by
// one as drawing reaches them (see Canvas.Mark), and tiles never drawn on
// are taken from the frame's tiles mapped onto p when encoding, which
// keeps a picture that changes little fast to make.
func (p *Palette) Start(frame *Sprite, l i18n.Lang) *Canvas {
	img := getRGBA(frame.w, frame.h)
	c := newCanvas(img)
	c.Lang = l
	c.pal = p
	c.frame = frame
	c.record.merge(frame.record)
	c.tw = frame.tw
	c.dirty = make([]bool, len(frame.tiles))
	if CheckTiles {
		// The check compares the whole picture, so it needs all of it.
		for i := range frame.tiles {
			frame.copyTile(img, i%c.tw, i/c.tw)
		}
		c.copied = true
	}
	return c
}

// Blank returns a canvas on a recycled picture w×h pixels, in language l,
// with the parchment card drawn on it, to be encoded onto p by Finish: for
// a picture drawn whole every time.
//
// The card is a frame kept by size (see Start): drawing it, and mapping
// the parts of it nothing is drawn over, was a tenth of such a picture's
// time. As with Start, Img holds only what was drawn on (see Mark).
func (p *Palette) Blank(w, h int, l i18n.Lang) *Canvas {
	return p.Start(cards.Get(image.Pt(w, h), func() *image.RGBA {
		c := NewFrame(w, h, l)
		defer c.Release()
		return c.Img
	}), l)
}

// cards keeps the blank parchment cards Blank starts pictures on, by size.
var cards SpriteCache

// Finish encodes the picture drawn on c (started by Palette.Start or
// Blank) with its alt text, shortened to AltLimit, and recycles the
// canvas, which is unusable after it.
func Finish(c *Canvas, alt string) (Picture, error) {
	if c.pal == nil {
		return Picture{}, errors.New("render: Finish needs a canvas from Palette.Start or Blank")
	}
	b, err := encodeCanvas(c)
	p := Picture{PNG: b, Alt: Clip(alt, AltLimit), Width: c.Img.Rect.Dx(), Height: c.Img.Rect.Dy(), layout: c.record}
	c.Release()
	putRGBA(c.Img)
	if err != nil {
		return Picture{}, err
	}
	return p, nil
}

// Clip shortens s to at most n bytes, at a word, with an ellipsis.
func Clip(s string, n int) string {
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
