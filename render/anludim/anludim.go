package anludim

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/render"
)

// ErrNoRound is returned by DrawRoundEnd before any round has ended.
var ErrNoRound = errors.New("render: no round of Anludim has ended yet")

// Every picture is as wide as Atheneum's: a phone shows it at 450 pixels,
// where render.MinText reads at 10.6 pixels. None is taller than maxH.
const (
	picW   = 634
	innerW = picW - 2*render.Margin
	maxH   = picW * 8 / 5
)

// The apprentice colours were chosen by search: they differ in lightness by
// at least 9 L* (amethyst 24, ruby 43, azure 56, amber 70, jade 80) and stay
// at least 22 apart in L*a*b* for the common colour-vision deficiencies
// (see the palette test), while looking like their names. Each reading also
// carries its colour's letter.
var (
	colourFill = [anludim.NumColours]color.RGBA{
		anludim.Amber:    render.RGB(0xDBA121),
		anludim.Azure:    render.RGB(0x4389D1),
		anludim.Jade:     render.RGB(0x23E0B8),
		anludim.Ruby:     render.RGB(0xC61A38),
		anludim.Amethyst: render.RGB(0x511586),
	}
	// colourEdge outlines a reading: a darker shade of its colour.
	colourEdge = [anludim.NumColours]color.RGBA{
		anludim.Amber:    render.RGB(0x8F6508),
		anludim.Azure:    render.RGB(0x1F5390),
		anludim.Jade:     render.RGB(0x0E7E66),
		anludim.Ruby:     render.RGB(0x7A0C20),
		anludim.Amethyst: render.RGB(0x2C0A4D),
	}
)

// colourInk is the colour of text on a reading: dark on the light colours,
// white on the dark ones.
func colourInk(c anludim.Colour) color.RGBA {
	if c == anludim.Ruby || c == anludim.Amethyst {
		return render.White
	}
	return render.Ink
}

// Anludim's own design colours, next to the shared ones.
var (
	colCardBack  = render.RGB(0x2E2140) // the back of an apprentice card
	colCardFace  = render.RGB(0xFFF7E6) // the face between a card's two ends
	colPawn      = render.RGB(0x3B2A5C) // a professor's pawn
	colPawnLight = render.RGB(0xD9CFE8) // where a pawn stood
	colGlass     = render.RGB(0xBFE3F2) // vials and crystal chests
	colCloth     = render.RGB(0xD8B48A) // voodoo dolls
	colScroll    = render.RGB(0xEAD9B0) // parchments
)

// exactColors lists the colours that flat areas use.
func exactColors() []color.RGBA {
	cs := render.BaseColors()
	cs = append(cs, colCardBack, colCardFace, colPawn, colPawnLight, colGlass, colCloth, colScroll)
	for c := range colourFill {
		cs = append(cs, colourFill[c], colourEdge[c])
	}
	return cs
}

// rampPairs are the pairs of colours that meet along anti-aliased edges
// often enough to deserve exact shades between them.
func rampPairs() [][2]color.RGBA {
	p := render.BaseRamps()
	p = append(p, [2]color.RGBA{render.White, colPawn}, [2]color.RGBA{render.Ink, colPawnLight},
		[2]color.RGBA{render.FrameBrown, render.ParchmentDark}, [2]color.RGBA{render.Gold, render.ParchmentDark},
		[2]color.RGBA{render.Ink, colCardFace}, [2]color.RGBA{render.Brass, colCardBack})
	for c := range colourFill {
		col := anludim.Colour(c)
		p = append(p, [2]color.RGBA{colourInk(col), colourFill[c]}, [2]color.RGBA{colourEdge[c], colourFill[c]})
	}
	return p
}

// palette is Anludim's: the shared colours, the apprentice colours and the
// items', and the shades between those that meet.
var palette = render.NewPalette(exactColors(), rampPairs())

// Each kind of picture is written with the deflate level and PNG palette
// chosen by measuring every choice (BenchmarkEncodings; the figures are in
// docs/anludim/pictures.md). The table, drawn at every step, is written at
// level 1: a quarter less processor time than level 5 for an eighth more
// bytes (34.1 against 30.3 KB, 0.38 of image/png's; measured side by side,
// docs/performance-ceiling.md). The hand, the items and the round's end
// are written by render.Rows, about level 5's size (the hand 12.7 against
// 12.4 KB with its compact palette) for 0.57 of the hand's time and 0.93
// to 0.97 of the others'. The results, once a game, stay at level 5: Rows
// makes them 8 % larger.
var (
	handPalette    = palette.With(render.Level(render.Rows))
	tablePalette   = palette.With(render.Level(1))
	itemsPalette   = palette.With(render.Level(render.Rows))
	roundPalette   = palette.With(render.Level(render.Rows))
	resultsPalette = palette.With(render.Level(5))
)

// sprites keeps what is drawn once: cards, readings, items, crests, pawns.
var sprites render.SpriteCache

// label draws what the game says (not a name) left-aligned at (x, y),
// shortened to width if it must be, which the tests catch (see
// render.Canvas.FitLabel). It returns the width drawn.
func label(c *render.Canvas, s string, x, y, width float64, f render.FontSpec, col color.RGBA) float64 {
	return c.Text(c.FitLabel(s, width, f), x, y, f, col, 0)
}

// finish encodes a drawn canvas with its alt text, or passes on the error
// that kept it from being drawn.
func finish(c *render.Canvas, alt string, err error) (render.Picture, error) {
	if err != nil {
		return render.Picture{}, err
	}
	return render.Finish(c, Tidy(c.Lang, alt))
}

// check refuses a game that cannot be drawn.
func check(g *anludim.Game) error {
	if g == nil || g.Seats() < anludim.MinSeats {
		return render.ErrNoGame
	}
	return nil
}

func checkSeat(g *anludim.Game, seat int) error {
	if err := check(g); err != nil {
		return err
	}
	if seat < 0 || seat >= g.Seats() {
		return fmt.Errorf("%w: %d of %d", render.ErrNoSeat, seat, g.Seats())
	}
	return nil
}

// The words of the game, in l.

func colourName(l i18n.Lang, c anludim.Colour) string {
	return render.T(l, "anludim.colour."+anludim.ColourNames(c).ID)
}

func colourLetter(l i18n.Lang, c anludim.Colour) string {
	return render.T(l, "anludim.colour."+anludim.ColourNames(c).ID+".letter")
}

func profName(l i18n.Lang, p anludim.Professor) string {
	return render.T(l, "anludim.professor."+p.ID())
}

func profAbbr(l i18n.Lang, p anludim.Professor) string {
	return render.T(l, "anludim.professor."+p.ID()+".abbr")
}

func combName(l i18n.Lang, p anludim.Professor) string {
	return render.T(l, "anludim.combination."+p.Combination()+".label")
}

func itemName(l i18n.Lang, k anludim.ItemKind) string {
	return render.T(l, "anludim.item."+k.ID())
}

// readingText is a reading in words: "7 ruby".
func readingText(l i18n.Lang, r anludim.Reading) string {
	return render.T(l, "anludim.reading", "Value", r.Value, "Colour", colourName(l, r.Colour))
}

// cardText is a card's two readings in words: "7 ruby / 10 jade".
func cardText(l i18n.Lang, id int) string {
	c, ok := anludim.Card(id)
	if !ok {
		return ""
	}
	return render.T(l, "anludim.card", "First", readingText(l, c.First), "Second", readingText(l, c.Second))
}

// reading is the reading of one card of a combination.
func reading(u anludim.Use) (anludim.Reading, bool) {
	c, ok := anludim.Card(u.Card)
	if !ok {
		return anludim.Reading{}, false
	}
	return c.Side(u.Side), true
}

// comboText is a combination in words: its cards as read and the
// professor it was played for ("7 ruby, 7 jade, 7 amber holding the Seer's
// pawn"); brief, only how many cards it has.
func comboText(l i18n.Lang, cb anludim.Combination, brief bool) string {
	key := "anludim.alt.combination"
	if cb.Holds {
		key = "anludim.alt.combination.holds"
	}
	prof := render.T(l, "anludim.professor."+cb.Prof.ID()+".the")
	if brief {
		return render.T(l, key+".count", "Prof", prof, "Count", len(cb.Uses))
	}
	var rs []string
	for _, u := range cb.Uses {
		if r, ok := reading(u); ok {
			rs = append(rs, readingText(l, r))
		}
	}
	return render.T(l, key, "Prof", prof, "Cards", strings.Join(rs, ", "))
}

// altSep separates the items of a list in alt text ("; ").
func altSep(l i18n.Lang) string { return render.T(l, "anludim.alt.sep") }

// heldText sums up a seat's magic items and parchments in words, equal
// items together: "2 vials worth 1, a vial worth 3, 1 parchment"; without
// values, only how many of each kind: "3 vials, 1 parchment". It is ""
// for a seat holding nothing.
func heldText(l i18n.Lang, g *anludim.Game, seat int, values bool) string {
	type group struct {
		kind     anludim.ItemKind
		value, n int
	}
	var groups []group
	for _, it := range g.Items(seat) { // by kind, then value
		if k := len(groups) - 1; k >= 0 && groups[k].kind == it.Kind && (!values || groups[k].value == it.Value) {
			groups[k].n++
			continue
		}
		groups = append(groups, group{kind: it.Kind, value: it.Value, n: 1})
	}
	var parts []string
	for _, gr := range groups {
		items := render.T(l, "anludim.item."+gr.kind.ID()+".count", "Count", gr.n)
		if values {
			items = render.T(l, "anludim.alt.items.group", "Items", items, "Value", gr.value)
		}
		parts = append(parts, items)
	}
	if n := g.Parchments(seat); n > 0 {
		parts = append(parts, render.T(l, "anludim.item.parchment.count", "Count", n))
	}
	return strings.Join(parts, ", ")
}

// fitAlt is the first of the alt texts, from the most detailed to the
// briefest, that Discord keeps whole (render.AltLimit, counted in bytes
// as render.Finish cuts); the briefest when none does.
func fitAlt(l i18n.Lang, texts ...func() string) string {
	var s string
	for _, t := range texts {
		if s = t(); len(Tidy(l, s)) <= render.AltLimit {
			return s
		}
	}
	return s
}

// crestText names a seat's crest side.
func crestText(l i18n.Lang, g *anludim.Game, seat int) string {
	if g.Gold(seat) {
		return render.T(l, "anludim.crest.gold")
	}
	return render.T(l, "anludim.crest.silver")
}

// status returns the message saying whose move the game waits for (or
// who won), and that seat; key is "" when there is none.
func status(g *anludim.Game) (key string, seat int) {
	switch {
	case g.Over():
		return "anludim.picture.over", g.Winner()
	case g.Keeping():
		if aw := g.Awaited(); len(aw) > 0 {
			return "anludim.picture.keeping", aw[0]
		}
		return "", -1
	}
	return "anludim.picture.to_play", g.Active()
}

// statusAlt is the status for alt text.
func statusAlt(l i18n.Lang, g *anludim.Game, names []string) string {
	key, seat := status(g)
	if key == "" {
		return ""
	}
	return render.T(l, key, "Name", render.AltName(l, names, seat))
}

// drawNamed draws message key about seat at (x, y), its ax as Text's,
// shortening the seat's name, never the rest, to fit width; prefix goes
// before the message. It returns the width drawn.
func drawNamed(c *render.Canvas, names []string, seat int, key, prefix string, x, y, width float64, f render.FontSpec,
	col color.RGBA, ax float64, kv ...any) float64 {
	s := render.FitName(c, render.NameOf(c.Lang, names, seat), width, f, func(n string) string {
		return Tidy(c.Lang, prefix+c.T(key, append([]any{"Name", n}, kv...)...))
	})
	return c.Text(s, x, y, f, col, ax)
}

// drawStatus draws the round and the status on one line.
func drawStatus(c *render.Canvas, g *anludim.Game, names []string, x, y, width float64, f render.FontSpec, col color.RGBA) {
	round := roundText(c.Lang, g)
	key, seat := status(g)
	if key == "" {
		c.TextFit(round, x, y, width, f, col)
		return
	}
	drawNamed(c, names, seat, key, round+" · ", x, y, width, f, col, 0)
}

// roundText is "Round 2, turn 14", or "Round 2" between rounds and after
// the last.
func roundText(l i18n.Lang, g *anludim.Game) string {
	if g.Keeping() || g.Over() {
		return render.T(l, "anludim.picture.round", "Round", g.Round())
	}
	return render.T(l, "anludim.status.round", "Round", g.Round(), "Turn", g.Turn())
}

// letterFont is the smallest text of the pictures, a colour's letter or
// an item's value: its capitals and digits are 12 pixels tall, 8.5 on a
// phone (render.PhoneCapHeight); at render.MinText they would be 7.8.
var letterFont = render.Sans(16)

// legendLine draws the colour letters' legend on one line, centred on cx:
// "A amber · Z azure · ...".
func legendLine(c *render.Canvas, cx, y float64) {
	f := render.Cond(16)
	var w float64
	parts := make([]string, anludim.NumColours)
	for i := range parts {
		parts[i] = colourName(c.Lang, anludim.Colour(i))
		w += 24 + c.Measure(parts[i], f)
	}
	w += 16 * float64(len(parts)-1)
	x := cx - w/2
	for i, s := range parts {
		col := anludim.Colour(i)
		c.Blit(letterSprite(col, c.Lang, render.Parchment), image.Pt(int(x), int(y)-16))
		x += 24
		x += c.Text(s, x, y, f, render.InkSoft, 0) + 16
	}
}

// letterSprite is a colour's letter on a small disc of its colour, 21
// pixels across, on bg (see flatten).
func letterSprite(col anludim.Colour, l i18n.Lang, bg color.RGBA) *render.Sprite {
	type key struct {
		col anludim.Colour
		l   i18n.Lang
		bg  color.RGBA
	}
	return sprites.Get(key{col, l, bg}, func() *image.RGBA {
		c := render.NewSprite(21, 21, color.RGBA{})
		c.Lang = l
		defer c.Release()
		defer flatten(c, bg)
		c.FillCircle(10.5, 10.5, 10.5, colourEdge[col])
		c.FillCircle(10.5, 10.5, 9, colourFill[col])
		c.TextMid(colourLetter(l, col), 10.5, 10.5, letterFont, colourInk(col))
		return c.Img
	})
}
