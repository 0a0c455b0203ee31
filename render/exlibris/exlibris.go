package exlibris

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"unicode"
	"unicode/utf8"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// Every picture is as wide as Atheneum's and Anludim's: a phone shows it
// at 450 pixels, where minText reads at 11.4 pixels. None is
// taller than maxH.
const (
	picW   = 634
	innerW = picW - 2*render.Margin
	maxH   = picW * 8 / 5
)

// minText is the smallest text of the pictures, an item's value, a card's
// "/7", a place's badge: its capitals and digits are 12 pixels tall, 8.5
// on a phone's 450 px (render.PhoneCapHeight); at render.MinText (15 px)
// they would be 11, 7.8 on a phone.
const minText = 16

// The six categories each have a colour and a shape, so that a book reads
// without its colour: codex a square, fiction a disc, history a triangle,
// potions a diamond, bestiary a triangle pointing down, reference a cross.
var catFill = [exlibris.NumCategories]color.RGBA{
	exlibris.Codex:     render.RGB(0x5E3A8F),
	exlibris.Fiction:   render.RGB(0x2F74C0),
	exlibris.History:   render.RGB(0x8A5A2E),
	exlibris.Potions:   render.RGB(0x3E9B47),
	exlibris.Bestiary:  render.RGB(0xE07A26),
	exlibris.Reference: render.RGB(0x7D8896),
}

// catEdge outlines a book icon.
var catEdge = render.RGB(0x241509)

// The seats' colours, on their assistants and beside their names, apart
// in every common colour vision (see the palette test); a token also
// carries the seat's number.
var seatFill = [exlibris.MaxSeats]color.RGBA{
	render.RGB(0xC23B57), // raspberry
	render.RGB(0x2E62B0), // blue
	render.RGB(0xE3AE2A), // yellow
	render.RGB(0x6BBF59), // green
}

// seatInk is the colour of a seat's number on its token.
func seatInk(seat int) color.RGBA {
	if seat >= 2 {
		return render.Ink
	}
	return render.White
}

// Ex Libris's own design colours, next to the shared ones.
var (
	colCard     = render.RGB(0xFFF8E8) // a book card's face
	colCardEdge = render.RGB(0x8C6A48) // its border
	colBack     = render.RGB(0x2F4A3A) // a card's back (and a face-down card)
	colBackInk  = render.RGB(0xF2E6C4) // the code written on a face-down card
	colLit      = render.RGB(0x2E8B57) // a place offered to archive into
	colLitSoft  = render.RGB(0xD6EBD2) // its ground
	colOwner    = render.RGB(0x4A5D8C) // turned down by its owner
	colTile     = render.RGB(0xEBDDBD) // a location tile
	colSlot     = render.RGB(0xD2BF95) // an empty slot
)

// exactColors lists the colours flat areas use.
func exactColors() []color.RGBA {
	cs := render.BaseColors()
	cs = append(cs, catEdge, colCard, colCardEdge, colBack, colBackInk, colLit, colLitSoft, colOwner, colTile, colSlot)
	cs = append(cs, catFill[:]...)
	cs = append(cs, seatFill[:]...)
	return cs
}

// rampPairs are the pairs of colours whose anti-aliased edges are common.
func rampPairs() [][2]color.RGBA {
	p := render.BaseRamps()
	p = append(p, [2]color.RGBA{render.Ink, colCard}, [2]color.RGBA{render.InkSoft, colCard}, [2]color.RGBA{colCardEdge, colCard},
		[2]color.RGBA{colBackInk, colBack}, [2]color.RGBA{render.White, colLit}, [2]color.RGBA{colLit, render.Parchment},
		[2]color.RGBA{render.Ink, colTile}, [2]color.RGBA{render.Ink, render.Gold}, [2]color.RGBA{render.White, colOwner},
		[2]color.RGBA{colCardEdge, render.Parchment}, [2]color.RGBA{render.Ink, colLitSoft})
	for c := range catFill {
		p = append(p, [2]color.RGBA{catEdge, catFill[c]}, [2]color.RGBA{catEdge, colCard})
	}
	for s := range seatFill {
		p = append(p, [2]color.RGBA{seatInk(s), seatFill[s]})
	}
	return p
}

// palette is Ex Libris's: the shared colours, the categories', the
// seats', the cards' and the shades between those that meet.
var palette = render.NewPalette(exactColors(), rampPairs())

// sprites keeps what is drawn once: cards, icons, tokens.
var sprites render.SpriteCache

// finish encodes a drawn canvas with its alt text, or passes on the error
// that kept it from being drawn.
func finish(c *render.Canvas, alt string, err error) (render.Picture, error) {
	if err != nil {
		return render.Picture{}, err
	}
	return render.Finish(c, tidy(c.Lang, alt))
}

// check refuses a game that cannot be drawn.
func check(g *exlibris.Game) error {
	if g == nil || g.Seats() < exlibris.MinSeats || g.Seats() > exlibris.MaxSeats {
		return render.ErrNoGame
	}
	return nil
}

func checkSeat(g *exlibris.Game, seat int) error {
	if err := check(g); err != nil {
		return err
	}
	if seat < 0 || seat >= g.Seats() {
		return fmt.Errorf("%w: %d of %d", render.ErrNoSeat, seat, g.Seats())
	}
	return nil
}

// pt is a picture word: message "exlibris.picture.<id>" in l.
func pt(l i18n.Lang, id string, kv ...any) string { return render.T(l, "exlibris.picture."+id, kv...) }

// catName is a category's name ("Works of Fiction").
func catName(l i18n.Lang, c exlibris.Category) string { return render.T(l, "exlibris.books."+c.ID()) }

// locName is a location tile's name.
func locName(l i18n.Lang, loc exlibris.Location) string {
	return render.T(l, "exlibris.location."+loc.ID())
}

// libName is a library's name, and assistName its special assistant's.
func libName(l i18n.Lang, lib exlibris.Library) string {
	if lib < 0 {
		return render.T(l, "exlibris.library.plain")
	}
	return render.T(l, "exlibris.library."+lib.ID())
}

func assistName(l i18n.Lang, lib exlibris.Library) string {
	if lib < 0 {
		return pt(l, "assistant")
	}
	return render.T(l, "exlibris.library."+lib.ID()+".assistant")
}

// rowName is a result row's name ("Shelf stability").
func rowName(l i18n.Lang, row string) string { return render.T(l, "exlibris.category."+row) }

// code is a card's code ("E2"), or "?" for none.
func code(id int) string {
	if s := exlibris.CardCode(id); s != "" {
		return s
	}
	return "?"
}

// codes lists cards by code: "E2, C3".
func codes(l i18n.Lang, ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = code(id)
	}
	return strings.Join(s, pt(l, "list_sep"))
}

// books counts a card's books by category.
func books(id int) [exlibris.NumCategories]int {
	c, _ := exlibris.Card(id)
	return c.Icons
}

// cardWords is a card in words for alt text: "E2 (fiction, history)".
func cardWords(l i18n.Lang, id int) string {
	var cats []string
	for k, n := range books(id) {
		for range n {
			cats = append(cats, pt(l, "book."+exlibris.Category(k).ID()))
		}
	}
	return pt(l, "card", "Code", code(id), "Books", strings.Join(cats, ", "))
}

// name is a seat's name as drawn.
func name(l i18n.Lang, names []string, seat int) string {
	return tidy(l, render.NameOf(l, names, seat))
}

// fitAlt is the first of the alt texts, from the most detailed to the
// briefest, that Discord keeps whole (render.AltLimit, counted in bytes as
// render.Finish cuts); the briefest when none does.
func fitAlt(l i18n.Lang, texts ...func() string) string {
	var s string
	for _, t := range texts {
		if s = t(); len(tidy(l, s)) <= render.AltLimit {
			return s
		}
	}
	return s
}

// Names are filled into French sentences after they are written, so a
// sentence cannot elide before a name it does not know ("de Ada"): tidy
// puts it right once filled, and capitalises an "l'" opening a sentence
// (a computer player's name, "l'IA normale").
//
// It gives what these two replacements would, and its tests check that it
// does, written out by hand (as render/anludim's Tidy): as regular
// expressions that may match anywhere, they were a third of the time an
// alt text took to tell (an alt text is tidied to be measured, several
// times over when it is told more briefly):
//
//	elision:        (^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü]) → ${1}${2}'${3}${4}
//	openingArticle: (^|\n|[.!?] +)l' → ${1}L'
func tidy(l i18n.Lang, s string) string {
	if l != i18n.French {
		return s
	}
	return openingArticle(elide(s))
}

// elisionVowels are the letters "de" and "que" elide before.
const elisionVowels = "AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü"

// elide writes "de" and "que" elided before a vowel (see tidy): each "e "
// of a "de" or "que" that starts a word (at the start of s, or after a
// rune that is no letter, digit or apostrophe) becomes "'" when a vowel
// follows, after "**" or "_" or at once. A match ends with its vowel, and
// the next is looked for after it, the rune before its word included.
func elide(s string) string {
	var b []byte        // s as written so far, nil while nothing changed
	copied, end := 0, 0 // s[:copied] is in b; the last match ended at end
	for i := 0; ; {
		k := strings.Index(s[i:], "e ")
		if k < 0 {
			break
		}
		e := i + k
		i = e + 1
		w := -1 // where the word "de" or "que" starts
		switch {
		case e >= 1 && (s[e-1] == 'd' || s[e-1] == 'D'):
			w = e - 1
		case e >= 2 && s[e-1] == 'u' && (s[e-2] == 'q' || s[e-2] == 'Q'):
			w = e - 2
		default:
			continue
		}
		if w == 0 {
			if end > 0 {
				continue
			}
		} else {
			r, n := utf8.DecodeLastRuneInString(s[:w])
			if w-n < end || unicode.IsLetter(r) || unicode.IsNumber(r) || r == '\'' || r == '’' {
				continue
			}
		}
		rest := s[e+2:]
		m := 0 // the emphasis before the vowel
		if strings.HasPrefix(rest, "**") && startsWithVowel(rest[2:]) {
			m = 2
		} else if strings.HasPrefix(rest, "_") && startsWithVowel(rest[1:]) {
			m = 1
		} else if !startsWithVowel(rest) {
			continue
		}
		_, vn := utf8.DecodeRuneInString(rest[m:])
		if b == nil {
			b = make([]byte, 0, len(s))
		}
		b = append(append(b, s[copied:e]...), '\'')
		copied = e + 2
		end = e + 2 + m + vn
		i = end
	}
	if b == nil {
		return s
	}
	return string(append(b, s[copied:]...))
}

// startsWithVowel reports whether s starts with one of elisionVowels.
func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && strings.ContainsRune(elisionVowels, r)
}

// openingArticle capitalises each "l'" that opens a sentence (see tidy):
// at the start of s, after a line break, or after ".", "!" or "?" and one
// space or more.
func openingArticle(s string) string {
	var b []byte
	for i := 0; ; {
		k := strings.Index(s[i:], "l'")
		if k < 0 {
			break
		}
		at := i + k
		i = at + 2
		opens := at == 0 || s[at-1] == '\n'
		if !opens && s[at-1] == ' ' {
			q := at - 1
			for q > 0 && s[q-1] == ' ' {
				q--
			}
			opens = q > 0 && (s[q-1] == '.' || s[q-1] == '!' || s[q-1] == '?')
		}
		if opens {
			if b == nil {
				b = []byte(s)
			}
			b[at] = 'L'
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// drawNamed draws message id about seat at (x, y), its ax as Text's,
// shortening the seat's name, never the rest, to fit width.
func drawNamed(c *render.Canvas, names []string, seat int, id string, x, y, width float64, f render.FontSpec, col color.RGBA,
	ax float64, kv ...any) float64 {
	s := render.FitName(c, render.NameOf(c.Lang, names, seat), width, f, func(n string) string {
		return tidy(c.Lang, pt(c.Lang, id, append([]any{"Name", n}, kv...)...))
	})
	return c.Text(s, x, y, f, col, ax)
}

// label draws what the game says (not a name) left-aligned at (x, y),
// shortened to width if it must be, which the tests catch (see
// render.Canvas.FitLabel). It returns the width drawn.
func label(c *render.Canvas, s string, x, y, width float64, f render.FontSpec, col color.RGBA) float64 {
	return c.Text(c.FitLabel(s, width, f), x, y, f, col, 0)
}

// status is what the game waits for: the round, and who is asked (or that
// the game is over), as a line for the headings.
func status(l i18n.Lang, g *exlibris.Game, names []string, alt bool) string {
	nameOf := func(s int) string {
		if alt {
			return render.AltName(l, names, s)
		}
		return render.NameOf(l, names, s)
	}
	var round string
	switch {
	case g.Over():
		return pt(l, "over")
	case g.Round() == 0:
		round = pt(l, "draft")
	default:
		round = pt(l, "round", "Round", g.Round())
		if called, _ := g.LastRound(); called && !g.Solo() {
			round = pt(l, "round_last", "Round", g.Round())
		}
		if g.Solo() {
			round = pt(l, "round_solo", "Round", g.Round(), "Of", exlibris.SoloRounds)
		}
	}
	aw := g.Awaited()
	switch {
	case len(aw) == 1:
		return round + pt(l, "sep") + pt(l, "to_play", "Name", nameOf(aw[0]))
	case len(aw) > 1:
		ns := make([]string, len(aw))
		for i, s := range aw {
			ns[i] = nameOf(s)
		}
		return round + pt(l, "sep") + pt(l, "waiting", "Names", strings.Join(ns, pt(l, "list_sep")))
	}
	return round
}

// drawStatus draws the status line, shortening the names in it, never the
// rest, to fit width.
func drawStatus(c *render.Canvas, g *exlibris.Game, names []string, x, y, width float64, f render.FontSpec, col color.RGBA) {
	short := names
	for cut := 0; ; cut++ {
		s := tidy(c.Lang, status(c.Lang, g, short, false))
		if c.Measure(s, f) <= width || cut > 30 {
			c.Text(render.Fit(c, s, width, f), x, y, f, col, 0)
			return
		}
		// Shorten every name by one more letter.
		short = make([]string, g.Seats())
		for s := range short {
			r := []rune(render.NameOf(c.Lang, names, s))
			if n := len(r) - cut - 1; n >= 2 {
				short[s] = string(r[:n]) + "…"
			} else {
				short[s] = string(r[:min(len(r), 2)]) + "…"
			}
		}
	}
}

// frames keeps the parchment card of each height drawn: a picture starts
// from its frame, and only the tiles drawn on are copied and mapped onto
// the palette (see render.Palette.Start).
var frames render.SpriteCache

// startCanvas starts a picture h pixels tall in language l.
func startCanvas(h int, l i18n.Lang) *render.Canvas {
	type key struct{ h int }
	f := frames.Get(key{h}, func() *image.RGBA {
		c := render.NewFrame(picW, h, i18n.English)
		defer c.Release()
		return c.Img
	})
	return palette.Start(f, l)
}
