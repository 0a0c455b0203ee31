package exlibris

import (
	"fmt"
	"strings"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// altTexts are the alt texts of every picture of g as l reads them, as
// written, before render.Finish would shorten one too long: each seat's
// collection (as the seat sees it, its places lit) and hand, the city,
// and the inspection and results once they may be drawn.
func altTexts(t *testing.T, g *exlibris.Game, o render.Options) map[string]string {
	t.Helper()
	alts := map[string]string{}
	keep := func(kind string, c *render.Canvas, alt string, err error) {
		if notYet(err) {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		c.Release()
		alts[kind] = tidy(o.Language(), alt)
	}
	for s := 0; s < g.Seats(); s++ {
		own := g.View(s)
		path := []string(nil)
		for _, st := range own.Next(s, nil) {
			if _, ok := exlibris.CardByCode(st.Key); ok {
				path = []string{st.Key}
				break
			}
		}
		c, alt, err := collectionCanvas(own, s, Marks{Offer: true, Path: path}, o)
		keep(fmt.Sprintf("collection %d", s), c, alt, err)
		c, alt, err = handCanvas(own, s, o)
		keep(fmt.Sprintf("hand %d", s), c, alt, err)
	}
	spect := g.View(-1)
	c, alt, err := cityCanvas(spect, o)
	keep("city", c, alt, err)
	c, alt, err = inspectionCanvas(spect, o)
	keep("inspection", c, alt, err)
	c, alt, err = resultsCanvas(spect, o)
	keep("results", c, alt, err)
	return alts
}

// TestEveryAltTextFitsWhole plays a game of every size and reads the alt
// text of every picture at many steps, in both languages, with short
// names and with the longest Discord allows: each fits in Discord's 1024
// characters as it is (counted in bytes, as render.Finish cuts), so
// nothing is ever cut off; a crowded picture is told more briefly
// instead. Each reads in its language: no catalogue id, no English
// heading in French. The longest of each kind is logged.
func TestEveryAltTextFitsWhole(t *testing.T) {
	for seats := exlibris.MinSeats; seats <= exlibris.MaxSeats; seats++ {
		t.Run(fmt.Sprintf("every alt text of a %d-seat game fits whole", seats), func(t *testing.T) {
			t.Parallel()
			seed := uint64(300 + 10*seats)
			g := newGame(t, seed, seats, exlibris.Options{Long: true})
			p := newPlayer(seed)
			longest := map[string]int{}
			every := 9
			if testing.Short() || raceEnabled {
				every = 17
			}
			for step := 0; ; step++ {
				k, _ := asked(g)
				if step%every == 0 || k == "flip" || g.Over() {
					for _, l := range i18n.Langs {
						for _, names := range [][]string{testNames, longNames} {
							for kind, alt := range altTexts(t, g, render.Options{Lang: l, Names: names}) {
								kind = strings.Fields(kind)[0]
								longest[kind] = max(longest[kind], len(alt))
								if len(alt) > render.AltLimit || alt == "" || strings.Contains(alt, "[exlibris.") || !strings.HasSuffix(alt, ".") {
									t.Fatalf("%s, step %d: the %s alt text has %d bytes: %q", l, step, kind, len(alt), alt)
								}
								if w := titles[kind][l]; !strings.Contains(alt, w) {
									t.Errorf("%s, step %d: the %s alt text does not say %q: %q", l, step, kind, w, alt)
								}
							}
						}
					}
				}
				if g.Over() {
					break
				}
				p.step(t, g)
			}
			t.Logf("the longest alt texts, in bytes: %v", longest)
			for _, kind := range []string{"collection", "hand", "city", "inspection", "results"} {
				if longest[kind] == 0 {
					t.Errorf("no %s alt text was read", kind)
				}
			}
		})
	}
}
