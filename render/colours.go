package render

import (
	"image"
	"image/color"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// palette is Atheneum's: the shared design colours, the wood, candles,
// card sections and subjects, and the shades between those that meet.
var palette = NewPalette(exactColors(), rampPairs())

// start returns a canvas on a copy of frame, in language l, that encodes
// onto Atheneum's palette.
func start(frame *image.RGBA, l i18n.Lang) *canvas { return palette.Start(frame, l) }

// Atheneum's own design colours, next to the shared ones (colParchment,
// colInk...). Every one of them is in the palette exactly, so flat areas
// come out unchanged.
var (
	colWood       = rgb(0x9C6634) // shelf cabinets
	colWoodDark   = rgb(0x6A4020) // cabinet edges and walls
	colWoodLight  = rgb(0xC08A52) // highlights on the wood
	colInterior   = rgb(0x3A2414) // the back of a compartment
	colInteriorTx = rgb(0xD2B48A) // coordinates on an empty space
	colLabel      = rgb(0xFFF9EC) // call-number label on a book spine
	colWax        = rgb(0xFFF1CF)
	colFlame      = rgb(0xF39A1E)
	colFlameCore  = rgb(0xFFDD55)
	colSlot       = rgb(0x7B4D26) // an empty candle space
	colCandleLit  = rgb(0xFBD46A) // the glow of a candle space with a candle
	colMark       = rgb(0xFFFFFF) // outlines of the spaces an item may go to and of the last move
	colGrey       = rgb(0xA49C92) // a book of any colour
	colGreyDark   = rgb(0x5E5850)
	colSecYou     = rgb(0xF2C53D) // study card sections: yellow, green, blue
	colSecLeft    = rgb(0x79BD66)
	colSecRight   = rgb(0x5B98D6)
	colSecYouBg   = rgb(0xFBEDBF)
	colSecLeftBg  = rgb(0xDDEFD2)
	colSecRightBg = rgb(0xD4E4F5)
	colCardBack   = rgb(0x51306B)
)

// The subjects' colours were chosen for lightness steps (about 15, 35, 52,
// 73 and 85 in CIE L*) as well as hue, so they stay apart for the common
// colour-vision deficiencies and in greyscale; every book also carries its
// letter.
var bookColors = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     rgb(0x168C88),
	atheneum.Purple:   rgb(0x6B3FA0),
	atheneum.Green:    rgb(0xB9E05E),
	atheneum.Pink:     rgb(0xF59BC9),
	atheneum.Black:    rgb(0x242424),
	atheneum.AnyColor: colGrey,
}

// bookDark is a darker shade of each book colour for spine bands.
var bookDark = [...]color.RGBA{
	atheneum.NoColor:  colInterior,
	atheneum.Teal:     rgb(0x0C5F5C),
	atheneum.Purple:   rgb(0x482670),
	atheneum.Green:    rgb(0x86AE33),
	atheneum.Pink:     rgb(0xC9679B),
	atheneum.Black:    rgb(0x000000),
	atheneum.AnyColor: colGreyDark,
}

// bookInk is the colour of the letter printed on a book: dark on the light
// books, white on the dark ones.
func bookInk(c atheneum.Color) color.RGBA {
	switch c {
	case atheneum.Green, atheneum.Pink, atheneum.AnyColor:
		return rgb(0x1A1A1A)
	}
	return colWhite
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
	cs := []color.RGBA{colParchment, colParchDark, colFrame, colInk, colInkSoft, colWood, colWoodDark,
		colWoodLight, colInterior, colInteriorTx, colLabel, colWhite, colBrass, colBrassDark, colRed,
		colWax, colFlame, colFlameCore, colSlot, colGrey, colGreyDark, colSecYou, colSecLeft,
		colSecRight, colSecYouBg, colSecLeftBg, colSecRightBg, colCardBack, colGold, colSilver, colBronze, colCandleLit,
		rgb(0x1A1A1A)}
	for _, c := range atheneum.Colors {
		cs = append(cs, bookColors[c], bookDark[c])
	}
	return cs
}

// rampPairs are the colour pairs whose anti-aliased edges are common enough
// (text, book outlines) to deserve exact in-between shades.
func rampPairs() [][2]color.RGBA {
	p := [][2]color.RGBA{
		{colInk, colParchment}, {colInkSoft, colParchment}, {colInk, colParchDark},
		{colInteriorTx, colInterior}, {colInk, colLabel}, {colWhite, colFrame},
		{colWood, colParchment}, {colWoodDark, colWood}, {colInk, colBrass}, {colWhite, colInterior},
		{colInk, colSecYouBg}, {colInk, colSecLeftBg}, {colInk, colSecRightBg}, {colWhite, colRed},
		{colFrame, colParchment}, {colWhite, colWood}, {colInk, colWhite}, {colInk, colCandleLit},
		{colWhite, colSlot}, {colInk, colSecYou}, {colInk, colSecLeft}, {colInk, colSecRight},
	}
	for _, c := range atheneum.Colors {
		p = append(p, [2]color.RGBA{colorOf(c), colInterior}, [2]color.RGBA{bookInk(c), colorOf(c)})
	}
	return p
}
