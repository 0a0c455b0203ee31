package exlibris

import (
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/render"
)

// The fixed game states the golden images are drawn from: games from a
// seed played by a seeded player that prefers archiving (so that
// collections grow as a person's would), the same on every run.

var testNames = []string{"Ada", "Bartholomew the Long-Named", "Céline", "Dmitri"}

var (
	en = render.Options{Lang: i18n.English, Names: testNames}
	fr = render.Options{Lang: i18n.French, Names: testNames}
)

// player chooses moves at random from a seed, archiving a card when it
// may in four cases out of five, where it keeps the collection in
// alphabetical order best.
type player struct {
	r   *engine.Rand
	buf []exlibris.Action
}

func newPlayer(seed uint64) *player { return &player{r: engine.NewRand(seed)} }

// archives reports whether an action archives a card: a card's code and
// a place.
func archives(a exlibris.Action) bool {
	k := a.Keys()
	if len(k) != 2 {
		return false
	}
	_, card := exlibris.CardByCode(k[0])
	_, place := parseSpot(k[1])
	return card && place
}

// step plays one move of an awaited seat. Before the inspection, a seat
// turns down at most one card, one the check would turn anyway, or a
// card before it (as a person would, to keep a better card).
func (p *player) step(t testing.TB, g *exlibris.Game) {
	t.Helper()
	aw := g.Awaited()
	seat := aw[p.r.IntN(len(aw))]
	if d, _ := g.Decision(seat); d.Kind == "flip" {
		key := "done"
		if f, _ := g.Inspection(seat); len(f) == 0 && p.r.IntN(3) > 0 {
			if out := outOfOrder(g.Collection(seat)); len(out) > 0 {
				for _, pl := range g.Collection(seat) {
					if pl.Card == out[0] {
						key = exlibris.PosKey(pl.R, pl.C)
					}
				}
			}
		}
		if _, err := g.Apply(exlibris.Move{Seat: seat, Keys: []string{key}}); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		return
	}
	p.buf = g.AppendOptions(p.buf[:0], seat)
	var arch []exlibris.Action
	for _, a := range p.buf {
		if archives(a) {
			arch = append(arch, a)
		}
	}
	a := p.buf[p.r.IntN(len(p.buf))]
	if len(arch) > 0 && p.r.IntN(5) > 0 {
		// Of the places, those that keep the most cards in alphabetical
		// order.
		places := g.Collection(seat)
		best, bestN := []exlibris.Action(nil), 1<<30
		for _, x := range arch {
			k := x.Keys()
			id, _ := exlibris.CardByCode(k[0])
			sp, _ := parseSpot(k[1])
			n := len(outOfOrder(append(places[:len(places):len(places)], exlibris.Place{Card: id, R: sp.R, C: sp.C, Buried: -1})))
			if sp.Mode != Place {
				n++
			}
			switch {
			case n < bestN:
				best, bestN = []exlibris.Action{x}, n
			case n == bestN:
				best = append(best, x)
			}
		}
		a = best[p.r.IntN(len(best))]
	}
	if err := g.Do(seat, a); err != nil {
		t.Fatalf("%v: %v", a.Keys(), err)
	}
}

// playUntil plays until stop reports true or the game ends.
func playUntil(t testing.TB, g *exlibris.Game, p *player, stop func(*exlibris.Game) bool) {
	t.Helper()
	for steps := 0; !g.Over() && !stop(g); steps++ {
		if steps > 100000 {
			t.Fatal("the game does not end")
		}
		p.step(t, g)
	}
}

func newGame(t testing.TB, seed uint64, seats int, opts exlibris.Options) *exlibris.Game {
	t.Helper()
	g, err := exlibris.New(seed, seats, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// asked reports the decision the first awaited seat is asked, "" for
// none.
func asked(g *exlibris.Game) (string, int) {
	aw := g.Awaited()
	if len(aw) == 0 {
		return "", -1
	}
	d, _ := g.Decision(aw[0])
	return d.Kind, aw[0]
}

// midState is a game of seats in round 3, waiting for a placement.
func midState(t testing.TB, seats int) *exlibris.Game {
	g := newGame(t, uint64(10+seats), seats, exlibris.Options{})
	playUntil(t, g, newPlayer(uint64(seats)), func(g *exlibris.Game) bool {
		k, _ := asked(g)
		return g.Round() >= 3 && k == "place"
	})
	return g
}

// placedState is a game of seats in round 3 or later, waiting for a
// placement with several assistants already on the locations.
func placedState(t testing.TB, seats int) *exlibris.Game {
	g := newGame(t, uint64(10+seats), seats, exlibris.Options{})
	playUntil(t, g, newPlayer(uint64(seats)), func(g *exlibris.Game) bool {
		k, _ := asked(g)
		if g.Round() < 3 || k != "place" {
			return false
		}
		on := 0
		locs, _ := g.TilesInPlay()
		for _, l := range locs {
			on += len(g.Occupants(l))
		}
		return on >= min(seats+1, 3)
	})
	return g
}

// archiveState is a game of seats in which a seat with at least five
// cards in its collection is about to archive a card: it returns the game,
// the seat and the card's code. The places offered include a spot of mode
// want (Place: only plain places; PushRight: the wizard's; Over: the
// mummy's), in a game of seats from seed on where that happens.
func archiveState(t testing.TB, seats int, want SpotMode) (*exlibris.Game, int, string) {
	t.Helper()
	for seed := uint64(20 + seats); seed < 2000; seed++ {
		g := newGame(t, seed, seats, exlibris.Options{})
		p := newPlayer(seed)
		var seat int
		var card string
		playUntil(t, g, p, func(g *exlibris.Game) bool {
			k, s := asked(g)
			if (k != "archive" && k != "home") || g.CollectionSize(s) < 5 {
				return false
			}
			for _, st := range g.Next(s, nil) {
				if _, ok := exlibris.CardByCode(st.Key); !ok {
					continue
				}
				spots := Spots(g, s, []string{st.Key})
				found := false
				for _, sp := range spots {
					found = found || want != Place && sp.Mode == want
					if want == Place && sp.Mode != Place {
						found = false
						break
					}
					if want == Place {
						found = true
					}
				}
				if found {
					seat, card = s, st.Key
					return true
				}
			}
			return false
		})
		if !g.Over() {
			return g, seat, card
		}
	}
	t.Fatal("no game archives as asked")
	return nil, 0, ""
}

// flipState is a game of seats at the inspection's flip step, after
// some seats have answered, in which every collection holds six cards at
// least.
func flipState(t testing.TB, seats int) *exlibris.Game {
	t.Helper()
	for seed := uint64(40 + seats); ; seed += 10 {
		g := newGame(t, seed, seats, exlibris.Options{})
		p := newPlayer(seed)
		flips := 0
		playUntil(t, g, p, func(g *exlibris.Game) bool {
			k, _ := asked(g)
			if k != "flip" {
				return false
			}
			flips++
			return flips > seats/2
		})
		if !g.Over() && fullCollections(g) || seed > 2000 {
			return g
		}
	}
}

// overState is a finished game of seats in which every collection holds
// six cards at least.
func overState(t testing.TB, seats int) *exlibris.Game {
	t.Helper()
	for seed := uint64(60 + seats); ; seed += 10 {
		g := newGame(t, seed, seats, exlibris.Options{})
		playUntil(t, g, newPlayer(seed), func(*exlibris.Game) bool { return false })
		if fullCollections(g) || seed > 2000 {
			return g
		}
	}
}

// fullCollections reports whether every collection holds six cards.
func fullCollections(g *exlibris.Game) bool {
	for s := 0; s < g.Seats(); s++ {
		if g.CollectionSize(s) < 6 {
			return false
		}
	}
	return true
}
