package atheneum

import (
	"fmt"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
)

// handAsk is one hand picture the bot draws: seat's hand from view.
type handAsk struct {
	view *atheneum.Game
	seat int
	turn int
	game int
	opts render.Options
}

// handAsks replays a finished game's actions from cfg and lists the hands
// the bot draws: at each pick step every seat's hand from its view, after
// each pick the picker's hand again (its pick outlined), and after one
// pick in three the picker's hand asked for again as it is.
func handAsks(t testing.TB, cfg atheneum.Config, actions []atheneum.Action, game int, o render.Options) []handAsk {
	t.Helper()
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out []handAsk
	every := func() {
		for s := range g.Seats {
			out = append(out, handAsk{view: g.View(s), seat: s, turn: g.TurnNumber(), game: game, opts: o})
		}
	}
	if g.Step == atheneum.StepPick {
		every()
	}
	picks := 0
	for _, a := range actions {
		before, turn := g.Step, g.TurnNumber()
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if g.Step != atheneum.StepPick {
			continue
		}
		if before != atheneum.StepPick || turn != g.TurnNumber() {
			every()
			continue
		}
		if a.Type == atheneum.ActPick {
			ask := handAsk{view: g.View(a.Seat), seat: a.Seat, turn: g.TurnNumber(), game: game, opts: o}
			out = append(out, ask)
			if picks++; picks%3 == 0 {
				out = append(out, ask)
			}
		}
	}
	return out
}

// TestTheHandInBandsShowsWhatIsDrawnWhole plays whole games of 2 to 5
// seats, in both languages, by normal players and by random ones, and
// checks that every hand the bot would draw, before and after its seat's
// pick (and now and then another seat's, hidden from the view, or the
// seat's emptied), written in
// bands through one cache shared by all of them, decodes to exactly the
// pixels and palette of the same hand drawn whole, with the same alt
// text. Under render.CheckTiles every part is also checked to stay
// within the rows its bands are named by.
func TestTheHandInBandsShowsWhatIsDrawnWhole(t *testing.T) {
	type game struct {
		seats  int
		lang   i18n.Lang
		random bool
	}
	games := []game{{2, i18n.English, false}, {3, i18n.French, true}, {4, i18n.English, true}, {5, i18n.French, false}}
	if testing.Short() || raceEnabled {
		games = games[:2]
	}
	cache := render.NewBandCache(handBandBytes)
	for i, gm := range games {
		kind := "normal"
		if gm.random {
			kind = "random"
		}
		t.Run(fmt.Sprintf("%d %s seats in %s", gm.seats, kind, gm.lang), func(t *testing.T) {
			t.Parallel()
			cfg := atheneum.Config{Subjects: atheneum.Colors[:gm.seats], Seed: uint64(90 + i)}
			actions := playedGame(t, cfg, gm.random, uint64(i))
			// Two seats of the same name: their strips' chips read alike.
			o := render.Options{Lang: gm.lang, Names: []string{"Ada", "", "🐉 Bo", "a name far too long to fit anywhere on the picture at all", "Ada"}}
			var asks []handAsk
			for k, a := range handAsks(t, cfg, actions, i, o) {
				asks = append(asks, a)
				if k%3 == 0 {
					// Another seat's hand, hidden from this view.
					other := (a.seat + 1) % gm.seats
					asks = append(asks, handAsk{view: a.view, seat: other, turn: a.turn, opts: o})
				}
				if k%11 == 0 {
					// The seat's hand emptied.
					v := a.view.View(a.seat)
					v.Seats[a.seat].Hand, v.Seats[a.seat].HandCount = nil, 0
					asks = append(asks, handAsk{view: v, seat: a.seat, turn: a.turn, opts: o})
				}
			}
			checked, worst := 0, 0.0
			same := map[[2]render.BandKey]bool{}
			for k, a := range asks {
				if raceEnabled && k%7 != 0 {
					checked++
					continue // the race detector makes pixel loops twenty times slower
				}
				got, err := drawHandIn(a.view, a.seat, a.opts, cache)
				if err != nil {
					t.Fatalf("turn %d, seat %d: %v", a.turn, a.seat, err)
				}
				want, err := drawHandIn(a.view, a.seat, a.opts, nil)
				if err != nil {
					t.Fatal(err)
				}
				if k := [2]render.BandKey{hash128(got.PNG), hash128(want.PNG)}; !same[k] {
					if msg := differs(got.PNG, want.PNG); msg != "" {
						t.Fatalf("turn %d, seat %d (%d cards): %s", a.turn, a.seat, len(a.view.Seats[a.seat].Hand), msg)
					}
					same[k] = true
				}
				if got.Alt != want.Alt || got.Width != want.Width || got.Height != want.Height {
					t.Fatalf("turn %d, seat %d: alt text or size differ", a.turn, a.seat)
				}
				worst = max(worst, float64(len(got.PNG))/float64(len(want.PNG)))
				checked++
			}
			if checked < 40 {
				t.Errorf("only %d pictures checked", checked)
			}
			t.Logf("%d hands, at most %.3f of the bytes drawn whole", checked, worst)
		})
	}
}

// handGames plays the benchmark's games (as aiGames) and lists the hands
// the bot draws in them.
func handGames(t testing.TB) []handAsk {
	t.Helper()
	var out []handAsk
	for i, seats := range []int{2, 3, 4} {
		cfg := atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(40 + i)}
		actions := playNormal(t, cfg, func(s int) uint64 { return uint64(100*i + s) })
		o := render.Options{Lang: i18n.English, Names: []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri"}}
		out = append(out, handAsks(t, cfg, actions, i, o)...)
	}
	return out
}

// BenchmarkHandPictures draws the hands the bot draws over three whole
// games of normal players (2, 3 and 4 seats): at each pick step every
// seat's hand, after each pick the picker's, and one in three again. One
// op is one picture, through them in order and around again (the cache
// emptied at each pass), so run it with -benchtime set to a multiple of
// the pictures (reported as pictures/pass). whole draws each with
// render.Finish, as DrawHand did; bands as DrawHand does; cold in bands
// with an empty cache each time (a hand nothing shared with before).
func BenchmarkHandPictures(b *testing.B) {
	asks := handGames(b)
	render.CheckTiles = false
	defer func() { render.CheckTiles = !raceEnabled }()
	for _, mode := range []string{"whole", "bands", "cold"} {
		b.Run(mode, func(b *testing.B) {
			var cache *render.BandCache
			reset := func() {
				if mode != "whole" {
					cache = render.NewBandCache(handBandBytes)
				}
			}
			draw := func(a *handAsk) int {
				if mode == "cold" {
					reset()
				}
				p, err := drawHandIn(a.view, a.seat, a.opts, cache)
				if err != nil {
					b.Fatal(err)
				}
				return len(p.PNG)
			}
			reset()
			for i := range asks {
				draw(&asks[i]) // warm the sprites and frames
			}
			reset()
			b.ReportAllocs()
			i, size := 0, 0
			cpu := startCPU()
			for b.Loop() {
				if i == len(asks) {
					i = 0
					reset()
				}
				size += draw(&asks[i])
				i++
			}
			cpu.report(b)
			b.ReportMetric(float64(len(asks)), "pictures/pass")
			b.ReportMetric(float64(size)/float64(b.N), "bytes/picture")
		})
	}
}
