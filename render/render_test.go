package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"

	"atheneum/i18n"
)

func TestMain(m *testing.M) {
	// Every picture drawn by the tests also checks that each drawing call
	// marked the tiles it drew on.
	CheckTiles = true
	os.Exit(m.Run())
}

// testPalette is the shared colours' palette, as a game without colours
// of its own would have it.
var testPalette = NewPalette(BaseColors(), BaseRamps())

func TestTheLayoutRecordsAShortenedLabel(t *testing.T) {
	c := NewSprite(10, 10, Parchment)
	defer c.Release()
	if got := c.FitLabel("reshelve 2", 200, Cond(15)); got != "reshelve 2" || c.Shortened() != "" {
		t.Errorf("a label with room was drawn as %q and recorded %q as shortened", got, c.Shortened())
	}
	if got := c.FitLabel("reshelve 2", 40, Cond(15)); got == "reshelve 2" || c.Shortened() != "reshelve 2" {
		t.Errorf("a label without room was drawn as %q and recorded %q as shortened", got, c.Shortened())
	}
}

func TestThePhoneCheckCatchesSmallText(t *testing.T) {
	// A picture 900 pixels wide with 15-pixel text shows it at 7.5 pixels.
	p := Picture{Width: 900, layout: layoutRecord{size: 15, text: "II.2.3"}}
	if p.PhoneProblem() == "" {
		t.Error("text of 7.5 px on a phone went unnoticed")
	}
	p.layout.size = 20
	if msg := p.PhoneProblem(); msg != "" {
		t.Error(msg)
	}
	if (Picture{Width: 450}).PhoneProblem() == "" {
		t.Error("a picture without text passed")
	}
}

func TestThePictureKnowsItsSmallestText(t *testing.T) {
	f := NewFrame(200, 100, i18n.English)
	f.Text("big", 30, 40, Sans(30), Ink, 0)
	f.Release()
	frame := spriteOf(f.Img)
	c := testPalette.Start(frame, i18n.English)
	c.Text("small", 30, 80, Cond(16), Ink, 0)
	p, err := Finish(c, "a test")
	if err != nil {
		t.Fatal(err)
	}
	if size, text := p.SmallestText(); size != 16 || text != "small" {
		t.Errorf("the smallest text is %q at %v px", text, size)
	}
	c = testPalette.Start(frame, i18n.English)
	c.Text("bigger", 30, 80, Sans(40), Ink, 0)
	p, err = Finish(c, "a test")
	if err != nil {
		t.Fatal(err)
	}
	if size, text := p.SmallestText(); size != 30 || text != "big" {
		t.Errorf("the frame's text was not counted: the smallest text is %q at %v px", text, size)
	}
}

// TestThePictureKnowsItsSmallestCapitals: what the eye reads is the
// height of capitals and digits, which differs between fonts of one size
// (the serif title font's are shorter), in sprites too; a phone needs
// them PhoneCapHeight pixels tall.
func TestThePictureKnowsItsSmallestCapitals(t *testing.T) {
	draw := func(w int, texts func(c *Canvas)) Picture {
		t.Helper()
		c := testPalette.Blank(w, 100, i18n.English)
		texts(c)
		p, err := Finish(c, "a test")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := draw(200, func(c *Canvas) {
		c.Text("sans", 10, 40, Sans(16), Ink, 0)
		s := NewSprite(60, 30, Parchment)
		s.Text("serif", 5, 20, Title(17), Ink, 0)
		s.Release()
		c.Blit(spriteOf(s.Img), image.Pt(10, 60))
	})
	if size, text := p.SmallestText(); size != 16 || text != "sans" {
		t.Errorf("the smallest text is %q at %v px", text, size)
	}
	if h, text := p.SmallestCapitals(); text != "serif" || h >= 12 {
		t.Errorf("the smallest capitals are %q's, %v px", text, h)
	}
	for _, tc := range []struct {
		what string
		font FontSpec
		ok   bool
	}{
		{"capitals of 11 px on a 634 px picture are too small for a phone", Sans(15), false},
		{"capitals of 12 px on a 634 px picture read on a phone", Sans(16), true},
	} {
		t.Run(tc.what, func(t *testing.T) {
			p := draw(634, func(c *Canvas) { c.Text("A 7", 10, 40, tc.font, Ink, 0) })
			if msg := p.PhoneCapProblem(); (msg == "") != tc.ok {
				t.Errorf("PhoneCapProblem says %q", msg)
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
			if got := NameOf(i18n.English, tc.names, tc.seat); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if got := AltName(i18n.French, []string{"🐉 Ada"}, 0); got != "🐉 Ada" {
		t.Errorf("the alt text's name is %q, emoji and all", got)
	}
}

func TestClip(t *testing.T) {
	if got := Clip("short", 10); got != "short" {
		t.Errorf("a short text became %q", got)
	}
	if got := Clip("one two three", 11); got != "one two…" {
		t.Errorf("a long text became %q", got)
	}
	if got := Clip("ééééééééééé", 8); len(got) > 8 || got != "éé…" {
		t.Errorf("a text without spaces became %q", got)
	}
}

func TestTilesMarkWhatIsDrawn(t *testing.T) {
	// With CheckTiles on (see TestMain), encoding fails if a drawing call
	// did not mark its tiles; this draws on a picture whose frame differs
	// everywhere, so a missed tile cannot go unnoticed.
	frame := spriteOf(image.NewRGBA(image.Rect(0, 0, 200, 100)))
	c := testPalette.Start(frame, i18n.English)
	c.Fill(image.Rect(10, 10, 50, 50), Ink)
	c.Text("II.2.3", 60, 60, Cond(16), Ink, 0)
	c.FillCircle(150, 50, 20, Brass)
	DrawStar(c, 100, 20, 15, Gold)
	DrawMedal(c, 30, 75, 2)
	if _, err := Finish(c, "a test"); err != nil {
		t.Fatal(err)
	}
	c = testPalette.Start(frame, i18n.English)
	c.GG().DrawCircle(100, 50, 30) // drawn behind the canvas's back
	c.GG().SetColor(White)
	c.GG().Fill()
	if _, err := Finish(c, "a test"); err == nil {
		t.Error("an unmarked drawing went unnoticed")
	}
}

func TestPalette(t *testing.T) {
	t.Run("the palette has at most 256 colours", func(t *testing.T) {
		if n := len(testPalette.Colors()); n > 256 {
			t.Errorf("%d colours", n)
		}
	})
	t.Run("every design colour maps back to itself", func(t *testing.T) {
		for _, c := range BaseColors() {
			if got := testPalette.Nearest(c); got != c {
				t.Errorf("%v maps to %v: two design colours share a cell of the table", c, got)
			}
		}
	})
	t.Run("a picture maps pixel by pixel onto the nearest colours", func(t *testing.T) {
		q := testPalette.quant()
		img := image.NewRGBA(image.Rect(0, 0, 3, 1))
		img.Set(0, 0, Parchment)
		img.Set(1, 0, Mix(Ink, Parchment, 0.5))
		img.Set(2, 0, color.RGBA{0xF4, 0xE9, 0xCB, 0xff}) // near the parchment
		pm := image.NewPaletted(img.Rect, q.pal)
		q.toPaletted(img, pm)
		if pm.At(0, 0) != color.Color(Parchment) || pm.At(2, 0) != color.Color(Parchment) {
			t.Errorf("parchment became %v and %v", pm.At(0, 0), pm.At(2, 0))
		}
		want := Mix(Ink, Parchment, 0.5)
		got := pm.At(1, 0).(color.RGBA)
		if absDiff(got.R, want.R) > 12 || absDiff(got.G, want.G) > 12 || absDiff(got.B, want.B) > 12 {
			t.Errorf("the half-way shade of text %v became %v", want, got)
		}
	})
}

func TestFinishRefusesASprite(t *testing.T) {
	c := NewSprite(10, 10, Parchment)
	if _, err := Finish(c, "a sprite"); err == nil {
		t.Error("a sprite was encoded without a palette")
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// drawSample draws a small picture with text and shapes on p.
func drawSample(t *testing.T, p *Palette) Picture {
	t.Helper()
	c := p.Blank(160, 90, i18n.English)
	c.Text("Anludim 42", 20, 50, Sans(20), Ink, 0)
	c.FillCircle(130, 45, 18, Red)
	pic, err := Finish(c, "a sample")
	if err != nil {
		t.Fatal(err)
	}
	return pic
}

func decode(t *testing.T, b []byte) *image.Paletted {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	pm, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("a %T, not a paletted picture", img)
	}
	return pm
}

// TestPalettesDoNotMix draws with two games' palettes in turn: each
// picture lists its own palette's colours, though the pictures being
// encoded are recycled from one to the other.
func TestPalettesDoNotMix(t *testing.T) {
	other := NewPalette(append(BaseColors(), RGB(0x123456)), BaseRamps())
	for range 3 {
		for _, p := range []*Palette{testPalette, other} {
			pm := decode(t, drawSample(t, p).PNG)
			want := p.Colors()
			if len(pm.Palette) != len(want) {
				t.Fatalf("%d colours, want %d", len(pm.Palette), len(want))
			}
			for i := range want {
				if pm.Palette[i] != want[i] {
					t.Fatalf("colour %d is %v, want %v", i, pm.Palette[i], want[i])
				}
			}
		}
	}
}

// TestSmallestWritesTheSamePicture: a Smallest palette writes the same
// pixels in fewer bytes, listing only the colours they use.
func TestSmallestWritesTheSamePicture(t *testing.T) {
	small := NewPalette(BaseColors(), BaseRamps(), Smallest())
	a, b := drawSample(t, testPalette), drawSample(t, small)
	if len(b.PNG) >= len(a.PNG) {
		t.Errorf("%d bytes, not fewer than %d", len(b.PNG), len(a.PNG))
	}
	pa, pb := decode(t, a.PNG), decode(t, b.PNG)
	if len(pb.Palette) >= len(pa.Palette) {
		t.Errorf("%d colours listed, not fewer than %d", len(pb.Palette), len(pa.Palette))
	}
	for i := range pa.Pix {
		if pa.Palette[pa.Pix[i]] != pb.Palette[pb.Pix[i]] {
			t.Fatalf("pixel %d is %v, not %v", i, pb.Palette[pb.Pix[i]], pa.Palette[pa.Pix[i]])
		}
	}
}

func TestFitName(t *testing.T) {
	c := NewSprite(10, 10, Parchment)
	defer c.Release()
	line := func(n string) string { return n + " wins the game" }
	f := Sans(20)
	if got := FitName(c, "Ada", 400, f, line); got != "Ada wins the game" {
		t.Errorf("a line with room became %q", got)
	}
	w := c.Measure("Bartholomew wins the game", f)
	got := FitName(c, "Bartholomew the Long-Named", w, f, line)
	if c.Measure(got, f) > w || len(got) < len(" wins the game") || got[len(got)-len(" wins the game"):] != " wins the game" {
		t.Errorf("a long name became %q", got)
	}
	if got := FitName(c, "Bartholomew", 30, f, line); c.Measure(got, f) > 30 {
		t.Errorf("a line without room became %q", got)
	}
}
