package exlibris

import (
	"fmt"
	"strings"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// tallest is how much taller than wide a picture may be: Discord caps a
// picture's height on a phone, and a taller one would be shrunk further.
const tallest = 1.6

// longNames are display names as long as Discord allows (32 characters).
var longNames = []string{
	"Aurélie-Héloïse de Montmorency", "Bartholomew the Long-Named Third",
	"Éléonore Fitzgerald-Wellington", "Ignatius Maximilian Vandermeer",
}

// titles are words each kind of picture's alt text holds in its
// language, and not in the other.
var titles = map[string]map[i18n.Lang]string{
	"collection": {i18n.English: "Collection of", i18n.French: "Collection d"},
	"hand":       {i18n.English: "Hand of", i18n.French: "Main d"},
	"city":       {i18n.English: "The city", i18n.French: "La cité"},
	"inspection": {i18n.English: "The inspection", i18n.French: "L'inspection"},
	"results":    {i18n.English: "Final results", i18n.French: "Résultats finaux"},
}

// checkPicture fails the test when a picture does not read on a phone
// (its font size, or the height of its smallest capitals and digits), is
// too tall, had a label shortened, or has no alt text in its language.
func checkPicture(t *testing.T, what, kind string, l i18n.Lang, p render.Picture) {
	t.Helper()
	if msg := p.PhoneProblem(); msg != "" {
		t.Errorf("%s: %s", what, msg)
	}
	if msg := p.PhoneCapProblem(); msg != "" {
		t.Errorf("%s: %s", what, msg)
	}
	if s := p.Shortened(); s != "" {
		t.Errorf("%s: %q was shortened to fit", what, s)
	}
	if float64(p.Height) > tallest*float64(p.Width) || p.Width != picW {
		t.Errorf("%s is %d×%d px, taller than %.1f times its width", what, p.Width, p.Height, tallest)
	}
	if p.Alt == "" || len(p.Alt) > render.AltLimit || strings.Contains(p.Alt, "[exlibris.") || strings.Contains(p.Alt, "<no value>") {
		t.Errorf("%s: the alt text has %d bytes: %q", what, len(p.Alt), p.Alt)
	}
	if w := titles[kind][l]; kind != "" && !strings.Contains(p.Alt, w) {
		t.Errorf("%s: the alt text does not say %q: %q", what, w, p.Alt)
	}
}

// TestEveryPictureReadsOnAPhone plays games of every size in every mode
// and draws every picture at many of their steps, in both languages, with
// short names and the longest Discord allows: the collections from each
// seat's own view (lighting the places of a card being archived) and a
// spectator's, each hand as its seat and a spectator see it, the city,
// the inspection and the results. Each reads on a phone (no text under 10
// pixels at 450 wide, no capital or digit under 8), is no taller than 1.6 times its width, shortens no
// label and has a whole alt text in its language.
func TestEveryPictureReadsOnAPhone(t *testing.T) {
	for seats := exlibris.MinSeats; seats <= exlibris.MaxSeats; seats++ {
		for mode := exlibris.Standard; mode <= exlibris.Friendly; mode++ {
			if raceEnabled && int(mode) != seats%3 {
				continue
			}
			t.Run(fmt.Sprintf("every picture of %d-seat games in mode %d reads on a phone", seats, mode), func(t *testing.T) {
				t.Parallel()
				games, every := 2, 13
				if testing.Short() || raceEnabled {
					games, every = 1, 23
				}
				drawn := map[string]int{}
				for i := range games {
					seed := uint64(1000*seats + 100*int(mode) + i)
					g := newGame(t, seed, seats, exlibris.Options{Mode: mode, Long: i%2 == 1})
					p := newPlayer(seed)
					archived := false
					for step := 0; ; step++ {
						k, _ := asked(g)
						// Every step of the flip step, and the first
						// archive of each game whatever the step.
						first := k == "archive" && !archived
						archived = archived || first
						if step%every == 0 || k == "flip" || first || g.Over() {
							drawAll(t, g, seed, step, drawn)
						}
						if g.Over() {
							break
						}
						p.step(t, g)
					}
				}
				for _, k := range []string{"collection", "archive", "hand", "city", "inspection", "results"} {
					if drawn[k] == 0 {
						t.Errorf("no %s picture was drawn", k)
					}
				}
			})
		}
	}
}

// drawAll draws every picture of g and checks each.
func drawAll(t *testing.T, g *exlibris.Game, seed uint64, step int, drawn map[string]int) {
	t.Helper()
	l := i18n.Langs[step%2]
	names := testNames
	if step%3 == 0 {
		names = longNames
	}
	o := render.Options{Lang: l, Names: names}
	at := fmt.Sprintf("seed %d step %d (%s)", seed, step, g.StepKey())
	spect := g.View(-1)
	for s := 0; s < g.Seats(); s++ {
		own := g.View(s)
		var path []string
		for _, st := range own.Next(s, nil) {
			if _, ok := exlibris.CardByCode(st.Key); ok && len(Spots(own, s, []string{st.Key})) > 0 {
				path = []string{st.Key}
				break
			}
		}
		p, err := DrawCollection(own, s, Marks{Offer: true, Path: path}, o)
		if err != nil {
			t.Fatalf("%s: collection: %v", at, err)
		}
		checkPicture(t, at+" collection", "collection", l, p)
		drawn["collection"]++
		if path != nil {
			drawn["archive"]++
		}
		if p, err = DrawCollection(spect, s, Marks{}, o); err != nil {
			t.Fatalf("%s: collection: %v", at, err)
		}
		checkPicture(t, at+" spectator's collection", "collection", l, p)
		for _, v := range []*exlibris.Game{own, spect} {
			if p, err = DrawHand(v, s, o); err != nil {
				t.Fatalf("%s: hand: %v", at, err)
			}
			checkPicture(t, at+" hand", "hand", l, p)
			drawn["hand"]++
		}
	}
	for _, k := range kinds()[2:] {
		p, err := k.draw(spect, 0, o)
		if notYet(err) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", at, k.name, err)
		}
		checkPicture(t, at+" "+k.name, k.name, l, p)
		drawn[k.name]++
	}
}
