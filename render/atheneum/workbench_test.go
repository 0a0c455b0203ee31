package atheneum

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// TestTheWorkbenchShowsWhatDrawShelvesDraws plays whole games of 2 to 5
// seats, in both languages, by normal players and by random ones that
// undo now and then, and at every click a player could make while
// shelving (choosing each held item, each move with its outline, each
// undo) checks that DrawWorkbench's picture, made of bands kept from all
// the pictures before it, decodes to exactly the pixels and palette of
// DrawShelves's for the same view and marks, and stays under the shelf
// pictures' 40 KB and within 6% of DrawShelves's bytes. Under render.CheckTiles every part it draws is also
// checked to stay within the rows its bands are named by.
func TestTheWorkbenchShowsWhatDrawShelvesDraws(t *testing.T) {
	type game struct {
		seats  int
		lang   i18n.Lang
		random bool
	}
	games := []game{{2, i18n.English, false}, {3, i18n.French, true}, {4, i18n.English, true}, {5, i18n.French, false}}
	if testing.Short() || raceEnabled {
		games = games[:2]
	}
	for i, gm := range games {
		kind := "normal"
		if gm.random {
			kind = "random"
		}
		t.Run(fmt.Sprintf("%d %s seats in %s", gm.seats, kind, gm.lang), func(t *testing.T) {
			t.Parallel()
			cfg := atheneum.Config{Subjects: atheneum.Colors[:gm.seats], Seed: uint64(70 + i)}
			actions := playedGame(t, cfg, gm.random, uint64(i))
			o := render.Options{Lang: gm.lang, Names: []string{"Ada", "", "🐉 Bo", "a name far too long to fit anywhere on the picture at all", "Eve"}}
			checked, worst, biggest := 0, 0.0, 0
			same := map[[2]render.BandKey]bool{} // pairs of PNGs that decode the same, by their 128-bit hashes
			for _, c := range everyClick(t, cfg, actions, o) {
				if raceEnabled && checked%7 != 0 {
					checked++
					continue // the race detector makes pixel loops twenty times slower
				}
				got, err := DrawWorkbench(c.view, c.seat, c.marks, c.opts)
				if err != nil {
					t.Fatalf("turn %d, seat %d, %+v: %v", c.turn, c.seat, c.marks, err)
				}
				want, err := DrawShelves(c.view, c.seat, c.marks, c.opts)
				if err != nil {
					t.Fatal(err)
				}
				// One click in ten shows a picture shown before: the same
				// two PNGs decode the same, and are decoded once.
				if k := [2]render.BandKey{hash128(got.PNG), hash128(want.PNG)}; !same[k] {
					if msg := differs(got.PNG, want.PNG); msg != "" {
						t.Fatalf("turn %d, seat %d, marks %+v (last %v): %s", c.turn, c.seat, c.marks, c.marks.Last, msg)
					}
					same[k] = true
				}
				if got.Alt != want.Alt || got.Width != want.Width || got.Height != want.Height {
					t.Fatalf("turn %d, seat %d: alt text or size differ", c.turn, c.seat)
				}
				// Each band starts its own codes: a few per cent more.
				if len(got.PNG) > 40<<10 || len(got.PNG) > len(want.PNG)*106/100 {
					t.Errorf("turn %d, seat %d: %d bytes, %d drawn whole", c.turn, c.seat, len(got.PNG), len(want.PNG))
				}
				worst = max(worst, float64(len(got.PNG))/float64(len(want.PNG)))
				biggest = max(biggest, len(got.PNG))
				checked++
			}
			if checked < 100 {
				t.Errorf("only %d pictures checked", checked)
			}
			t.Logf("%d pictures, the largest %d bytes, at most %.3f of DrawShelves's", checked, biggest, worst)
		})
	}
}

// playedGame plays a game from cfg to its end, by normal players or by
// random ones that undo one move in twenty, and returns its actions.
func playedGame(t *testing.T, cfg atheneum.Config, random bool, seed uint64) []atheneum.Action {
	t.Helper()
	if !random {
		return playNormal(t, cfg, func(s int) uint64 { return seed*10 + uint64(s) })
	}
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := atheneum.NewRandomPlayer(seed)
	p.UndoPercent = 5
	var actions []atheneum.Action
	for {
		a, ok := p.Next(g)
		if !ok {
			return actions
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		actions = append(actions, a)
	}
}

// everyClick lists the pictures of every click a player could make while
// shelving in the game: before each move, choosing each item the seat
// holds (not only the one it plays), then the move itself with its
// outline (or none, for an undo).
func everyClick(t *testing.T, cfg atheneum.Config, actions []atheneum.Action, o render.Options) []click {
	t.Helper()
	var out []click
	for _, c := range shelvingClicks(t, cfg, actions, 0, o) {
		if !c.picture {
			continue
		}
		if c.marks.Item == 0 {
			out = append(out, c)
			continue
		}
		// The item played was chosen here: so could any other held.
		for _, it := range c.view.Seats[c.seat].Held {
			out = append(out, click{picture: true, view: c.view, seat: c.seat, marks: Marks{Item: it.ID}, turn: c.turn, opts: o})
		}
	}
	for i := range out {
		if out[i].marks.Last != nil {
			out[i].marks.Last = &out[i].last
		}
	}
	return out
}

// differs says how two PNGs decode differently, "" when they decode to
// the same paletted picture.
func differs(got, want []byte) string {
	g, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "does not decode: " + err.Error()
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "DrawShelves's picture does not decode: " + err.Error()
	}
	gp, ok1 := g.(*image.Paletted)
	wp, ok2 := w.(*image.Paletted)
	switch {
	case !ok1 || !ok2:
		return "not paletted"
	case gp.Rect != wp.Rect:
		return fmt.Sprintf("size %v, want %v", gp.Rect.Size(), wp.Rect.Size())
	case len(gp.Palette) != len(wp.Palette):
		return "another palette"
	}
	for i := range gp.Palette {
		if gp.Palette[i] != wp.Palette[i] {
			return fmt.Sprintf("palette colour %d differs", i)
		}
	}
	if bytes.Equal(gp.Pix, wp.Pix) {
		return "" // a tenth of the time of the loop below, which finds the first pixel that differs
	}
	for i := range gp.Pix {
		if gp.Pix[i] != wp.Pix[i] {
			return fmt.Sprintf("pixel (%d, %d) differs: %v, want %v", i%gp.Stride, i/gp.Stride, gp.Palette[gp.Pix[i]], wp.Palette[wp.Pix[i]])
		}
	}
	return ""
}
