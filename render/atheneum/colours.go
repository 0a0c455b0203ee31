package atheneum

import (
	"image/color"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// palette is Atheneum's: the shared design colours, the wood, candles,
// card sections and subjects, and the shades between those that meet.
var palette = render.NewPalette(exactColors(), rampPairs())

// The pictures the bot sends most, at every step of every game (the hand
// at each pick, the objectives and the table), are written fast: level 1
// took a sixth less processor time than the default level 3 for the same
// size. The hand and the objectives are now written by render.Rows,
// measured by BenchmarkEncodings (medians of seven runs of the draw): the
// hand 0.90 of level 1's time for 19.4 KB against 22.3, the hand shown at
// a pick 1.05 (within the noise) for 31.4 against 35.6, the objectives
// 0.95 for 21.3 against 23.7. The table stays at level 1, which Rows
// makes 7 % smaller but no quicker (1.05). The reveal, which level 1 made
// 7 % larger than level 3 for no time saved, is written by Rows in 0.79 of
// level 3's time, 10 % smaller. The shelves stay at level 3: the
// workbench's bands (render.FinishBands) are held within a few per cent
// of the shelves drawn whole, and Rows makes the whole a tenth smaller
// than the bands can be.
var (
	handPalette       = palette.With(render.Level(render.Rows))
	objectivesPalette = palette.With(render.Level(render.Rows))
	tablePalette      = palette.With(render.Level(1))
	revealPalette     = palette.With(render.Level(render.Rows))
)

// start returns a canvas started from frame, in language l, that encodes
// onto Atheneum's palette.
func start(frame *render.Sprite, l i18n.Lang) *render.Canvas { return palette.Start(frame, l) }

// Atheneum's own design colours, next to the shared ones (render.Parchment,
// render.Ink...). Every one of them is in the palette exactly, so flat areas
// come out unchanged.
var (
	colWood       = render.RGB(0x9C6634) // shelf cabinets
	colWoodDark   = render.RGB(0x6A4020) // cabinet edges and walls
	colWoodLight  = render.RGB(0xC08A52) // highlights on the wood
	colInterior   = render.RGB(0x3A2414) // the back of a compartment
	colInteriorTx = render.RGB(0xD2B48A) // coordinates on an empty space
	colLabel      = render.RGB(0xFFF9EC) // call-number label on a book spine
	colWax        = render.RGB(0xFFF1CF)
	colFlame      = render.RGB(0xF39A1E)
	colFlameCore  = render.RGB(0xFFDD55)
	colSlot       = render.RGB(0x7B4D26) // an empty candle space
	colCandleLit  = render.RGB(0xFBD46A) // the glow of a candle space with a candle
	colMark       = render.RGB(0xFFFFFF) // outlines of the spaces an item may go to and of the last move
	colGrey       = render.RGB(0xA49C92) // a book of any colour
	colGreyDark   = render.RGB(0x5E5850)
	colSecYou     = render.RGB(0xF2C53D) // study card sections: yellow, green, blue
	colSecLeft    = render.RGB(0x79BD66)
	colSecRight   = render.RGB(0x5B98D6)
	colSecYouBg   = render.RGB(0xFBEDBF)
	colSecLeftBg  = render.RGB(0xDDEFD2)
	colSecRightBg = render.RGB(0xD4E4F5)
	colCardBack   = render.RGB(0x51306B)
)

// The subjects' colours were chosen for lightness steps (about 15, 35, 52,
// 73 and 85 in CIE L*) as well as hue, so they stay apart for the common
// colour-vision deficiencies and in greyscale; every book also carries its
// letter.
var bookColors = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     render.RGB(0x168C88),
	atheneum.Purple:   render.RGB(0x6B3FA0),
	atheneum.Green:    render.RGB(0xB9E05E),
	atheneum.Pink:     render.RGB(0xF59BC9),
	atheneum.Black:    render.RGB(0x242424),
	atheneum.AnyColor: colGrey,
}

// bookDark is a darker shade of each book colour for spine bands.
var bookDark = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     render.RGB(0x0C5F5C),
	atheneum.Purple:   render.RGB(0x482670),
	atheneum.Green:    render.RGB(0x86AE33),
	atheneum.Pink:     render.RGB(0xC9679B),
	atheneum.Black:    render.RGB(0x000000),
	atheneum.AnyColor: colGreyDark,
}

// bookInk is the colour of the letter printed on a book: dark on the light
// books, white on the dark ones.
func bookInk(c atheneum.Color) color.RGBA {
	switch c {
	case atheneum.Green, atheneum.Pink, atheneum.AnyColor:
		return render.RGB(0x1A1A1A)
	}
	return render.White
}

func colorOf(c atheneum.Color) color.RGBA {
	if int(c) < len(bookColors) {
		return bookColors[c]
	}
	return colGrey
}

func darkOf(c atheneum.Color) color.RGBA {
	if int(c) < len(bookDark) {
		return bookDark[c]
	}
	return colGreyDark
}

// exactColors lists the colours that flat areas use.
func exactColors() []color.RGBA {
	cs := []color.RGBA{render.Parchment, render.ParchmentDark, render.FrameBrown, render.Ink, render.InkSoft, colWood, colWoodDark,
		colWoodLight, colInterior, colInteriorTx, colLabel, render.White, render.Brass, render.BrassDark, render.Red,
		colWax, colFlame, colFlameCore, colSlot, colGrey, colGreyDark, colSecYou, colSecLeft,
		colSecRight, colSecYouBg, colSecLeftBg, colSecRightBg, colCardBack, render.Gold, render.Silver, render.Bronze, colCandleLit,
		render.RGB(0x1A1A1A)}
	for _, c := range atheneum.Colors {
		cs = append(cs, bookColors[c], bookDark[c])
	}
	return cs
}

// rampPairs are the colour pairs whose anti-aliased edges are common enough
// (text, book outlines) to deserve exact in-between shades.
func rampPairs() [][2]color.RGBA {
	p := [][2]color.RGBA{
		{render.Ink, render.Parchment}, {render.InkSoft, render.Parchment}, {render.Ink, render.ParchmentDark},
		{colInteriorTx, colInterior}, {render.Ink, colLabel}, {render.White, render.FrameBrown},
		{colWood, render.Parchment}, {colWoodDark, colWood}, {render.Ink, render.Brass}, {render.White, colInterior},
		{render.Ink, colSecYouBg}, {render.Ink, colSecLeftBg}, {render.Ink, colSecRightBg}, {render.White, render.Red},
		{render.FrameBrown, render.Parchment}, {render.White, colWood}, {render.Ink, render.White}, {render.Ink, colCandleLit},
		{render.White, colSlot}, {render.Ink, colSecYou}, {render.Ink, colSecLeft}, {render.Ink, colSecRight},
	}
	for _, c := range atheneum.Colors {
		p = append(p, [2]color.RGBA{colorOf(c), colInterior}, [2]color.RGBA{bookInk(c), colorOf(c)})
	}
	return p
}
