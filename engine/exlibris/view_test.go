package exlibris

import (
	"testing"
)

func TestViewHidesWhatTheSeatMayNotSee(t *testing.T) {
	g, _ := playRandomPrefix(t, 5, 3, 60)
	for seat := -1; seat < 3; seat++ {
		v := g.View(seat)
		if v.deck != [NumCards]uint8{} || v.rng != g.View(0).rng || v.seed != 0 {
			t.Fatalf("seat %d: the view keeps the deck or the randomness", seat)
		}
		for s := 0; s < 3; s++ {
			if s == seat {
				if v.hand[s] != g.hand[s] || v.spec[s] != g.spec[s] {
					t.Fatalf("seat %d does not see its own hand or speciality", seat)
				}
				continue
			}
			if !v.hand[s].andNot(g.pub.or(g.seenBy(seat))).empty() {
				t.Fatalf("seat %d sees unseen cards of seat %d", seat, s)
			}
			if v.spec[s] != -1 || v.handN[s] != g.handN[s] {
				t.Fatalf("seat %d sees seat %d's speciality or not its hand size", seat, s)
			}
		}
		if _, err := v.Apply(Move{Seat: 0, Keys: []string{"pass"}}); err == nil {
			t.Fatal("a view accepted a move")
		}
	}
}

func (g *Game) seenBy(seat int) cardSet {
	if seat < 0 {
		return cardSet{}
	}
	return g.seen[seat]
}

func TestDeterminizeKeepsWhatTheSeatSeesAndDealsTheRest(t *testing.T) {
	for i := 0; i < 20; i++ {
		g, _ := playRandomPrefix(t, uint64(i), 2+i%3, 30+7*i)
		if g.Over() {
			continue
		}
		seat := g.Awaited()[0]
		d := g.View(seat).Determinize(seat, uint64(i))
		d.checkCards(t)
		if d.hand[seat] != g.hand[seat] || d.spec[seat] != g.spec[seat] || d.deckN != g.deckN {
			t.Fatal("the draw changed what the seat sees")
		}
		for s := 0; s < g.n; s++ {
			if d.handN[s] != g.handN[s] || d.coll[s] != g.coll[s] {
				t.Fatal("the draw changed hand sizes or collections")
			}
			if s != seat && (d.spec[s] < 0 || d.spec[s] == d.popular || d.spec[s] == d.banned || d.spec[s] == d.spec[seat]) {
				t.Fatalf("seat %d's speciality drawn as %d", s, d.spec[s])
			}
		}
		if d.StepKey() != g.StepKey() || len(offered(d, seat)) != len(offered(g, seat)) {
			t.Fatal("the draw does not offer the seat the same decisions")
		}
		r := newTestRNG(uint64(i))
		var buf []Action
		for steps := 0; !d.Over(); steps++ {
			if steps > 20000 {
				t.Fatal("a determinized game did not end")
			}
			var s int
			var a Action
			buf, s, a = randomAction(d, r, buf)
			if err := d.Do(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSoloViewHidesThePublicSpecialityUntilTheEnd(t *testing.T) {
	g, _ := playRandomPrefix(t, 9, 1, 3)
	v := g.View(0)
	if v.publicSpec != -1 || v.hints[0] != -1 || v.hints[1] != -1 {
		t.Fatal("the solo view shows the public speciality or the hints early")
	}
	d := v.Determinize(0, 3)
	seen := map[Category]bool{d.popular: true, d.banned: true, d.spec[0]: true}
	for _, c := range []Category{d.publicSpec, d.hints[0], d.hints[1]} {
		if c < 0 || seen[c] {
			t.Fatalf("the draw dealt category %d twice or not at all", c)
		}
		seen[c] = true
	}
}

func TestRevealsTellAHostWhatCannotBeTakenBack(t *testing.T) {
	g := rig(t, 2, Options{}, nil, Bookshop)
	g.layTile(t, Bookshop, "Z1", "Z2")
	before := g.Reveals()
	play(t, g, "s0 assistant L10")
	if g.LastMoveRevealed() || g.Reveals() != before {
		t.Fatal("placing on a face-up tile revealed something")
	}
	play(t, g, "s0 Z1", "s0 pass")
	if g.LastMoveRevealed() {
		t.Fatal("taking a face-up card revealed something")
	}
	play(t, g, "s1 assistant home", "s1 draw")
	if !g.LastMoveRevealed() || g.Reveals() == before {
		t.Fatal("a draw did not count as revealing")
	}
}
