package fonts

import (
	"sync"
	"testing"

	"golang.org/x/image/font"
)

func TestFonts(t *testing.T) {
	for _, f := range []Font{Sans, Condensed, Title} {
		t.Run(f.String()+" parses and draws digits and capitals", func(t *testing.T) {
			face, err := NewFace(f, 20)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.+:" {
				if !Has(f, r) {
					t.Errorf("no glyph for %q", r)
				}
			}
			if w := font.MeasureString(face, "Turn 10"); w <= 0 {
				t.Errorf("measured width %v", w)
			}
		})
	}
	t.Run("an unknown font is an error, not a panic", func(t *testing.T) {
		if _, err := NewFace(Font(99), 12); err == nil {
			t.Error("want an error")
		}
		if Has(Font(-1), 'A') {
			t.Error("an unknown font has no glyphs")
		}
	})
	t.Run("titles cover French accents", func(t *testing.T) {
		for _, r := range "éèêàâçôûîïëÉÈÀÇœ’" {
			if !Has(Title, r) {
				t.Errorf("no glyph for %q", r)
			}
		}
	})
	t.Run("sans covers accented and Cyrillic names", func(t *testing.T) {
		for _, r := range "éøßЖ" {
			if !Has(Sans, r) {
				t.Errorf("no glyph for %q", r)
			}
		}
	})
	t.Run("faces made in parallel measure the same", func(t *testing.T) {
		var wg sync.WaitGroup
		widths := make([]float64, 8)
		for i := range widths {
			wg.Add(1)
			go func() {
				defer wg.Done()
				face, err := NewFace(Sans, 16)
				if err != nil {
					t.Error(err)
					return
				}
				widths[i] = float64(font.MeasureString(face, "II.2.3"))
			}()
		}
		wg.Wait()
		for _, w := range widths {
			if w != widths[0] {
				t.Fatalf("widths differ: %v", widths)
			}
		}
	})
}
