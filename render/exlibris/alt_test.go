package exlibris

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// altTexts are the alt texts of every picture of g as l reads them, as
// written, before render.Finish would shorten one too long: each seat's
// collection (as the seat sees it, its places lit) and hand, the city,
// and the inspection and results once they may be drawn. They are worked
// out from each picture's layout without drawing it (see
// collectionAltText): drawing them was nine tenths of the test's time.
// drawnAltTexts draws them, and the test checks that both agree.
func altTexts(t *testing.T, g *exlibris.Game, o render.Options) map[string]string {
	t.Helper()
	alts := map[string]string{}
	keep := func(kind string, alt string, err error) {
		if notYet(err) {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		alts[kind] = tidy(o.Language(), alt)
	}
	for s := 0; s < g.Seats(); s++ {
		own := g.View(s)
		alt, err := collectionAltText(own, s, Marks{Offer: true, Path: offered(own, s)}, o)
		keep(fmt.Sprintf("collection %d", s), alt, err)
		alt, err = handAltText(own, s, o)
		keep(fmt.Sprintf("hand %d", s), alt, err)
	}
	spect := g.View(-1)
	alt, err := cityAltText(spect, o)
	keep("city", alt, err)
	alt, err = inspectionAltText(spect, o)
	keep("inspection", alt, err)
	alt, err = resultsAltText(spect, o)
	keep("results", alt, err)
	return alts
}

// offered is the path of the first card seat may choose now, if any.
func offered(own *exlibris.Game, seat int) []string {
	for _, st := range own.Next(seat, nil) {
		if _, ok := exlibris.CardByCode(st.Key); ok {
			return []string{st.Key}
		}
	}
	return nil
}

// drawnAltTexts are altTexts as the pictures drawn give them.
func drawnAltTexts(t *testing.T, g *exlibris.Game, o render.Options) map[string]string {
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
		c, alt, err := collectionCanvas(own, s, Marks{Offer: true, Path: offered(own, s)}, o)
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
			flipSeen := false
			every := 9
			if testing.Short() || raceEnabled {
				every = 17
			}
			for step := 0; ; step++ {
				k, _ := asked(g)
				if step%every == 0 || k == "flip" || g.Over() {
					// The texts without drawing are the drawn ones: at the
					// start, at the first flip (the inspection's first
					// picture) and at the end (every kind of picture).
					compare := step == 0 || k == "flip" && !flipSeen || g.Over()
					flipSeen = flipSeen || k == "flip"
					for _, l := range i18n.Langs {
						for _, names := range [][]string{testNames, longNames} {
							o := render.Options{Lang: l, Names: names}
							alts := altTexts(t, g, o)
							if compare {
								if drawn := drawnAltTexts(t, g, o); !maps.Equal(alts, drawn) {
									t.Fatalf("%s, step %d: the alt texts without drawing are not the drawn ones:\n%q\n%q", l, step, alts, drawn)
								}
							}
							for kind, alt := range alts {
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

// The replacements tidy writes out by hand, as they were written first.
var (
	elisionRE        = regexp.MustCompile(`(^|[^\p{L}\p{N}'’])([Dd]|[Qq]u)e ((?:\*\*|_)?)([AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü])`)
	openingArticleRE = regexp.MustCompile(`(^|\n|[.!?] +)l'`)
)

// tidyRE is tidy's French as the two regular expressions give it.
func tidyRE(s string) string {
	s = elisionRE.ReplaceAllString(s, "${1}${2}'${3}${4}")
	return openingArticleRE.ReplaceAllString(s, "${1}L'")
}

// TestTidyIsTheRegularExpressions: tidy gives what the two regular
// expressions it stands for give (see tidy), on the French alt texts of a
// whole game as written, before tidy, and on strings made of the pieces
// the expressions look at, next to each other in every way.
func TestTidyIsTheRegularExpressions(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := tidy(i18n.French, s), tidyRE(s); got != want {
			t.Fatalf("tidy(%q) = %q, the expressions give %q", s, got, want)
		}
	}
	pieces := []string{"de ", "De ", "que ", "Que ", "qu", "d", "e ", "e", " ", "**", "_", "A", "é", "Œ", "h", "x", "1", "'", "’",
		"l'", "L'", ". ", "!", "?", "\n", "· ", "*", "ü"}
	strs, every := 100000, 7
	if raceEnabled {
		strs, every = 10000, 6*every // the race detector slows the expressions tenfold
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range strs {
		var b strings.Builder
		for range rng.IntN(9) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(b.String())
	}
	g := newGame(t, 330, 3, exlibris.Options{Long: true})
	p := newPlayer(330)
	for step := 0; ; step++ {
		if step%every == 0 || g.Over() {
			for _, names := range [][]string{testNames, longNames} {
				o := render.Options{Lang: i18n.French, Names: names}
				var alts []string
				add := func(alt string, err error) {
					if err == nil {
						alts = append(alts, alt)
					}
				}
				for s := 0; s < g.Seats(); s++ {
					add(collectionAltText(g.View(s), s, Marks{Offer: true, Path: offered(g.View(s), s)}, o))
					add(handAltText(g.View(s), s, o))
				}
				add(cityAltText(g.View(-1), o))
				add(inspectionAltText(g.View(-1), o))
				add(resultsAltText(g.View(-1), o))
				for _, alt := range alts {
					check(alt)
				}
			}
		}
		if g.Over() {
			break
		}
		p.step(t, g)
	}
}
