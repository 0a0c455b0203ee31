package exlibris

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/render/rendertest"
)

var (
	update = flag.Bool("update", false, "rewrite the golden images in testdata, and the samples in docs/exlibris/pictures")
	pics   = flag.String("pics", "", "also write every golden picture, and its alt text, into this folder, to look at them")
)

func TestMain(m *testing.M) {
	render.CheckTiles = !raceEnabled
	os.Exit(m.Run())
}

// memo keeps the states the tests draw, made once: each caller gets its
// own copy.
var memo = struct {
	sync.Mutex
	games map[string]*exlibris.Game
	seats map[string]int
	cards map[string]string
}{games: map[string]*exlibris.Game{}, seats: map[string]int{}, cards: map[string]string{}}

func kept(key string, make func() (*exlibris.Game, int, string)) (*exlibris.Game, int, string) {
	memo.Lock()
	defer memo.Unlock()
	if g, ok := memo.games[key]; ok {
		return g.Clone(), memo.seats[key], memo.cards[key]
	}
	g, s, c := make()
	memo.games[key], memo.seats[key], memo.cards[key] = g, s, c
	return g.Clone(), s, c
}

func mid(t testing.TB, seats int) *exlibris.Game {
	g, _, _ := kept(fmt.Sprint("mid", seats), func() (*exlibris.Game, int, string) { return placedState(t, seats), 0, "" })
	return g
}

func archiving(t testing.TB, seats int, want SpotMode) (*exlibris.Game, int, string) {
	return kept(fmt.Sprint("archive", seats, want), func() (*exlibris.Game, int, string) { return archiveState(t, seats, want) })
}

func flipping(t testing.TB, seats int) *exlibris.Game {
	g, _, _ := kept(fmt.Sprint("flip", seats), func() (*exlibris.Game, int, string) { return flipState(t, seats), 0, "" })
	return g
}

func over(t testing.TB, seats int) *exlibris.Game {
	g, _, _ := kept(fmt.Sprint("over", seats), func() (*exlibris.Game, int, string) { return overState(t, seats), 0, "" })
	return g
}

// golden is one picture compared with a file in testdata; doc names its
// copy in docs/exlibris/pictures ("" for none).
type golden struct {
	what string // a sentence for t.Run
	file string
	doc  string
	draw func(t *testing.T) (render.Picture, error)
}

func goldens() []golden {
	var out []golden
	for seats := exlibris.MinSeats; seats <= exlibris.MaxSeats; seats++ {
		for _, o := range []render.Options{en, fr} {
			suffix := fmt.Sprintf("-%d.png", seats)
			lang := "English"
			if o.Lang == i18n.French {
				suffix = fmt.Sprintf("-%d-fr.png", seats)
				lang = "French"
			}
			doc := func(name string) string {
				if seats == 3 && o.Lang == i18n.English || seats == 1 && o.Lang == i18n.French {
					return name + suffix
				}
				return ""
			}
			out = append(out,
				golden{fmt.Sprintf("a %d-seat collection in mid-game in %s shows its cards, books and out-of-order cards", seats, lang),
					"collection" + suffix, doc("collection"), func(t *testing.T) (render.Picture, error) {
						return DrawCollection(mid(t, seats).View(0), 0, Marks{}, o)
					}},
				golden{fmt.Sprintf("a %d-seat collection in %s lights and numbers the places a card may be archived into", seats, lang),
					"archive" + suffix, doc("archive"), func(t *testing.T) (render.Picture, error) {
						g, s, card := archiving(t, seats, Place)
						return DrawCollection(g.View(s), s, Marks{Offer: true, Path: []string{card}}, o)
					}},
				golden{fmt.Sprintf("a %d-seat hand in %s shows every card of the seat's own view", seats, lang),
					"hand" + suffix, doc("hand"), func(t *testing.T) (render.Picture, error) {
						return DrawHand(mid(t, seats).View(0), 0, o)
					}},
				golden{fmt.Sprintf("a %d-seat city in %s shows the locations, their assistants and cards, and the seats", seats, lang),
					"city" + suffix, doc("city"), func(t *testing.T) (render.Picture, error) {
						return DrawCity(mid(t, seats).View(-1), o)
					}},
				golden{fmt.Sprintf("a %d-seat inspection's flip step in %s shows what is turned so far and what the check would turn", seats, lang),
					"flip" + suffix, doc("flip"), func(t *testing.T) (render.Picture, error) {
						return DrawInspection(flipping(t, seats).View(-1), o)
					}},
				golden{fmt.Sprintf("a %d-seat inspection at the end in %s shows what was turned and why, and the stability", seats, lang),
					"inspection" + suffix, doc("inspection"), func(t *testing.T) (render.Picture, error) {
						return DrawInspection(over(t, seats).View(-1), o)
					}},
				golden{fmt.Sprintf("a %d-seat game's results in %s give the points by category and the ranks", seats, lang),
					"results" + suffix, doc("results"), func(t *testing.T) (render.Picture, error) {
						return DrawResults(over(t, seats).View(-1), o)
					}},
			)
		}
	}
	out = append(out,
		golden{"another seat's hand shows backs for the cards its viewer has not seen", "hand-other-3.png", "", func(t *testing.T) (render.Picture, error) {
			return DrawHand(mid(t, 3).View(-1), 1, en)
		}},
		golden{"a collection seen by a spectator shows no places to choose", "collection-spectator-4.png", "", func(t *testing.T) (render.Picture, error) {
			return DrawCollection(mid(t, 4).View(-1), 2, Marks{}, en)
		}},
		golden{"the mummy's places are on the cards, over and under them", "archive-power-2.png", "archive-power-2.png", func(t *testing.T) (render.Picture, error) {
			g, s, card := archiving(t, 2, Over)
			return DrawCollection(g.View(s), s, Marks{Offer: true, Path: []string{card}}, en)
		}},
		golden{"the wizard's places are in the gaps between cards, with the way the row moves", "archive-wizard-3.png", "archive-wizard-3.png",
			func(t *testing.T) (render.Picture, error) {
				g, s, card := archiving(t, 3, PushRight)
				return DrawCollection(g.View(s), s, Marks{Offer: true, Path: []string{card}}, en)
			}},
		golden{"the wizard's places in French", "archive-wizard-4-fr.png", "", func(t *testing.T) (render.Picture, error) {
			g, s, card := archiving(t, 4, PushRight)
			return DrawCollection(g.View(s), s, Marks{Offer: true, Path: []string{card}}, fr)
		}},
		golden{"the mummy's places in French", "archive-power-3-fr.png", "", func(t *testing.T) (render.Picture, error) {
			g, s, card := archiving(t, 3, Over)
			return DrawCollection(g.View(s), s, Marks{Offer: true, Path: []string{card}}, fr)
		}},
		golden{"before the inspection a seat's collection numbers the cards it may turn down", "collection-flip-2.png", "", func(t *testing.T) (render.Picture, error) {
			g := flipping(t, 2)
			s := g.Awaited()[0]
			return DrawCollection(g.View(s), s, Marks{Offer: true}, en)
		}},
		golden{"a final collection outlines the card archived last", "collection-last-2.png", "", func(t *testing.T) (render.Picture, error) {
			g := over(t, 2)
			pl := g.Collection(1)
			return DrawCollection(g.View(-1), 1, Marks{Last: exlibris.CardCode(pl[len(pl)/2].Card)}, en)
		}},
	)
	return out
}

func TestGoldenImages(t *testing.T) {
	// A catalogue that did not load draws every word as its id: never
	// take that for a golden image.
	if err := i18n.Err(); err != nil {
		t.Fatalf("the catalogue does not load: %v", err)
	}
	if *pics != "" {
		if err := os.MkdirAll(*pics, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	docs := filepath.Join("..", "..", "docs", "exlibris", "pictures")
	if *update {
		if err := os.MkdirAll(docs, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, gc := range goldens() {
		t.Run(gc.what, func(t *testing.T) {
			t.Parallel()
			p, err := gc.draw(t)
			if err != nil {
				t.Fatal(err)
			}
			if p.Alt == "" || len(p.Alt) > render.AltLimit || strings.Contains(p.Alt, "[exlibris.") {
				t.Errorf("the alt text has %d bytes: %q", len(p.Alt), p.Alt)
			}
			if s := p.Shortened(); s != "" {
				t.Errorf("%q was shortened to fit", s)
			}
			if msg := p.PhoneProblem(); msg != "" {
				t.Error(msg)
			}
			if float64(p.Height) > tallest*float64(p.Width) {
				t.Errorf("%d×%d px, taller than %.1f times its width", p.Width, p.Height, tallest)
			}
			if *pics != "" {
				os.WriteFile(filepath.Join(*pics, gc.file), p.PNG, 0o644)
				os.WriteFile(filepath.Join(*pics, gc.file+".txt"), []byte(p.Alt+"\n"), 0o644)
			}
			path := filepath.Join("testdata", gc.file)
			if *update {
				if err := os.WriteFile(path, p.PNG, 0o644); err != nil {
					t.Fatal(err)
				}
				if gc.doc != "" {
					if err := os.WriteFile(filepath.Join(docs, gc.doc), p.PNG, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if msg := rendertest.CompareImages(p.PNG, want); msg != "" {
				bad := filepath.Join(t.TempDir(), gc.file)
				os.WriteFile(bad, p.PNG, 0o644)
				t.Errorf("%s differs from the golden image: %s; the new picture is %s (run with -update if the change is meant)", gc.file, msg, bad)
			}
		})
	}
}

// TestTheDocsShowTheGoldenPictures: the samples in docs/exlibris/pictures
// are golden pictures, byte for byte, so that the docs never show an old
// design.
func TestTheDocsShowTheGoldenPictures(t *testing.T) {
	if *update {
		t.Skip("the goldens are being written")
	}
	docs := filepath.Join("..", "..", "docs", "exlibris", "pictures")
	n := 0
	for _, gc := range goldens() {
		if gc.doc == "" {
			continue
		}
		n++
		got, err1 := os.ReadFile(filepath.Join(docs, gc.doc))
		want, err2 := os.ReadFile(filepath.Join("testdata", gc.file))
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Errorf("docs/exlibris/pictures/%s is not testdata/%s (%v, %v): run the golden test with -update", gc.doc, gc.file, err1, err2)
		}
	}
	entries, err := os.ReadDir(docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != n {
		t.Errorf("docs/exlibris/pictures holds %d files, the goldens name %d", len(entries), n)
	}
}

// TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot:
// see rendertest.SameBytesWithoutCaches.
func TestGoldenPicturesAreTheSameBytesWhetherTheCachesKeepTheirSpritesOrNot(t *testing.T) {
	all := goldens()
	if raceEnabled || testing.Short() {
		all = all[:7]
	}
	var pics []rendertest.Golden
	for _, gc := range all {
		pics = append(pics, rendertest.Golden{File: gc.file, Draw: func() (render.Picture, error) { return gc.draw(t) }})
	}
	rendertest.SameBytesWithoutCaches(t, pics)
}

func TestErrors(t *testing.T) {
	g := mid(t, 2)
	tests := []struct {
		what string
		draw func() (render.Picture, error)
		want error
	}{
		{"a nil game is refused by the collection", func() (render.Picture, error) { return DrawCollection(nil, 0, Marks{}, en) }, render.ErrNoGame},
		{"a nil game is refused by the hand", func() (render.Picture, error) { return DrawHand(nil, 0, en) }, render.ErrNoGame},
		{"a nil game is refused by the city", func() (render.Picture, error) { return DrawCity(nil, en) }, render.ErrNoGame},
		{"a nil game is refused by the inspection", func() (render.Picture, error) { return DrawInspection(nil, en) }, render.ErrNoGame},
		{"a nil game is refused by the results", func() (render.Picture, error) { return DrawResults(nil, en) }, render.ErrNoGame},
		{"an empty game is refused", func() (render.Picture, error) { return DrawCity(&exlibris.Game{}, en) }, render.ErrNoGame},
		{"a seat past the last is refused by the collection", func() (render.Picture, error) { return DrawCollection(g, 2, Marks{}, en) }, render.ErrNoSeat},
		{"a negative seat is refused by the hand", func() (render.Picture, error) { return DrawHand(g, -1, en) }, render.ErrNoSeat},
		{"the inspection waits for the inspection", func() (render.Picture, error) { return DrawInspection(g, en) }, ErrNoInspection},
		{"the results wait for the end of the game", func() (render.Picture, error) { return DrawResults(g, en) }, render.ErrNotOver},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			if _, err := tc.draw(); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("marks naming no card, no place or a stale path draw the collection without them", func(t *testing.T) {
		for _, m := range []Marks{{Last: "Z99"}, {Last: "nonsense"}, {Offer: true, Path: []string{"E2", "r0c0"}}, {Offer: true, Path: []string{"r-1c", "L3b9", ""}}} {
			p, err := DrawCollection(g.View(0), 0, m, en)
			if err != nil || p.PhoneProblem() != "" {
				t.Errorf("%+v: %v %s", m, err, p.PhoneProblem())
			}
		}
	})
}

// TestTheSameGameGivesTheSameBytes draws each picture of the same state
// twice, from two copies of the game, and once more after other pictures
// have filled the caches.
func TestTheSameGameGivesTheSameBytes(t *testing.T) {
	for _, g := range []*exlibris.Game{mid(t, 3), flipping(t, 2), over(t, 4)} {
		for _, k := range kinds() {
			p1, err1 := k.draw(g.View(0), 0, fr)
			DrawCity(mid(t, 1), en)
			p2, err2 := k.draw(g.Clone().View(0), 0, fr)
			if (err1 == nil) != (err2 == nil) || !bytes.Equal(p1.PNG, p2.PNG) || p1.Alt != p2.Alt {
				t.Errorf("%s: two draws of the same game differ (%v, %v)", k.name, err1, err2)
			}
		}
	}
}

// kind is one picture function with a uniform signature.
type kind struct {
	name string
	draw func(g *exlibris.Game, seat int, o render.Options) (render.Picture, error)
}

func kinds() []kind {
	return []kind{
		{"collection", func(g *exlibris.Game, seat int, o render.Options) (render.Picture, error) {
			return DrawCollection(g, seat, Marks{}, o)
		}},
		{"hand", DrawHand},
		{"city", func(g *exlibris.Game, _ int, o render.Options) (render.Picture, error) { return DrawCity(g, o) }},
		{"inspection", func(g *exlibris.Game, _ int, o render.Options) (render.Picture, error) { return DrawInspection(g, o) }},
		{"results", func(g *exlibris.Game, _ int, o render.Options) (render.Picture, error) { return DrawResults(g, o) }},
	}
}

// notYet reports the errors a picture gives for a state it does not show.
func notYet(err error) bool {
	return errors.Is(err, ErrNoInspection) || errors.Is(err, render.ErrNotOver)
}

func TestSpots(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want Spot
		ok   bool
	}{
		{"r0c0", Spot{Key: "r0c0"}, true},
		{"r-1c2", Spot{Key: "r-1c2", R: -1, C: 2}, true},
		{"r2c-3>", Spot{Key: "r2c-3>", R: 2, C: -3, Mode: PushRight}, true},
		{"r0c1<", Spot{Key: "r0c1<", C: 1, Mode: PushLeft}, true},
		{"r1c0o", Spot{Key: "r1c0o", R: 1, Mode: Over}, true},
		{"r1c0u", Spot{Key: "r1c0u", R: 1, Mode: Under}, true},
		{"E2", Spot{}, false},
		{"r1c", Spot{}, false},
		{"rc1", Spot{}, false},
		{"r+1c1", Spot{}, false},
		{"r1c1x", Spot{}, false},
		{"L3b2", Spot{}, false},
		{"", Spot{}, false},
	} {
		t.Run(fmt.Sprintf("the key %q reads as a place: %v", tc.key, tc.ok), func(t *testing.T) {
			got, ok := parseSpot(tc.key)
			if ok != tc.ok || got != tc.want {
				t.Errorf("got %+v %v, want %+v %v", got, ok, tc.want, tc.ok)
			}
		})
	}
	t.Run("the spots are every place Next offers, once, numbered in reading order", func(t *testing.T) {
		for _, want := range []SpotMode{Place, PushRight, Over} {
			g, s, card := archiving(t, 3, want)
			spots := Spots(g.View(s), s, []string{card})
			var keys []string
			for _, st := range g.Next(s, []string{card}) {
				keys = append(keys, st.Key)
			}
			if len(spots) != len(keys) || len(spots) == 0 {
				t.Fatalf("%d spots for %d keys", len(spots), len(keys))
			}
			for i, sp := range spots {
				if !slices.Contains(keys, sp.Key) || sp.Label != fmt.Sprint(i+1) {
					t.Errorf("spot %d: %+v", i, sp)
				}
				if i > 0 {
					a := spots[i-1]
					if a.R > sp.R || a.R == sp.R && (a.C > sp.C || a.C == sp.C && a.Mode >= sp.Mode) {
						t.Errorf("%+v comes before %+v", a, sp)
					}
				}
			}
		}
	})
	t.Run("no spots for a seat not asked, a seat the game does not have, or no game", func(t *testing.T) {
		g, s, card := archiving(t, 3, Place)
		if Spots(g, (s+1)%3, []string{card}) != nil || Spots(g, 5, nil) != nil || Spots(nil, 0, nil) != nil {
			t.Error("spots were offered")
		}
	})
}

// TestThePicturesReckonAsTheEngine: the stability rectangle the pictures
// draw scores what the engine scores (with 2 points per buried card), and
// the cards they flag as out of order at the flip step are those the
// check turns down.
func TestThePicturesReckonAsTheEngine(t *testing.T) {
	games := 0
	for seats := exlibris.MinSeats; seats <= exlibris.MaxSeats; seats++ {
		for i := range 8 {
			seed := uint64(500 + 10*seats + i)
			g := newGame(t, seed, seats, exlibris.Options{Mode: exlibris.Mode(i % 3)})
			p := newPlayer(seed)
			before := make([][]int, seats)
			for !g.Over() {
				if k, _ := asked(g); k == "flip" {
					for s := range seats {
						before[s] = outOfOrder(g.Collection(s))
						slices.Sort(before[s])
					}
				}
				p.step(t, g)
			}
			games++
			for s, r := range g.Results() {
				places := g.Collection(s)
				buried := 0
				for _, pl := range places {
					if pl.Buried >= 0 {
						buried++
					}
				}
				if got := stability(places).area + 2*buried; got != r.Rows[0].Points {
					t.Errorf("seed %d seat %d: the picture's stability is %d, the engine's %d", seed, s, got, r.Rows[0].Points)
				}
				_ = r
				if _, checked := g.Inspection(s); !slices.Equal(checked, before[s]) && !(len(checked) == 0 && len(before[s]) == 0) {
					t.Errorf("seed %d seat %d: the picture flags %v, the check turned %v", seed, s, before[s], checked)
				}
			}
		}
	}
	if games == 0 {
		t.Fatal("no game was played")
	}
}

// TestAViewShowsNoHiddenCard: a hand drawn from a spectator's view names
// none of the cards the spectator has not seen, and draws them as backs
// (the alt text counts them hidden); the city names no card of the
// mysterious hut's that the view hides.
func TestAViewShowsNoHiddenCard(t *testing.T) {
	checked := 0
	for seats := 2; seats <= exlibris.MaxSeats; seats++ {
		g := mid(t, seats)
		spect := g.View(-1)
		for s := range seats {
			hidden := g.HandSize(s) - len(spect.Hand(s))
			p, err := DrawHand(spect, s, en)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range g.Hand(s) {
				if !slices.Contains(spect.Hand(s), id) && strings.Contains(p.Alt, exlibris.CardCode(id)+" (") {
					t.Errorf("seat %d's hidden %s shows in %q", s, exlibris.CardCode(id), p.Alt)
				}
			}
			if hidden > 0 {
				checked++
				if !strings.Contains(p.Alt, en.Language().T("exlibris.picture.hidden", "Count", hidden)) {
					t.Errorf("seat %d: %d hidden cards not told in %q", s, hidden, p.Alt)
				}
			}
		}
		locs, _ := g.TilesInPlay()
		for _, l := range locs {
			all, _ := g.TileCards(l)
			shown, _ := spect.TileCards(l)
			p, err := DrawCity(spect, en)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range all {
				if !slices.Contains(shown, id) {
					checked++
					if strings.Contains(p.Alt, exlibris.CardCode(id)+",") || strings.Contains(p.Alt, exlibris.CardCode(id)+".") {
						t.Errorf("the city names %s, hidden on %s", exlibris.CardCode(id), l.ID())
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no state hid a card: nothing was tested")
	}
}
