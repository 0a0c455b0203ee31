package exlibris

import (
	"fmt"
	"slices"
	"testing"
)

// places lays a collection out from rows of text, top row first: "x" a
// card, "." an empty place; the cards are taken in id order.
func (g *Game) places(t *testing.T, seat int, rows ...string) {
	t.Helper()
	next := 0
	for r, row := range rows {
		for c, ch := range row {
			if ch != 'x' {
				continue
			}
			for g.hand[seat].has(next) || !g.inDeck(next) {
				next++
			}
			g.extract(next)
			g.placeCard(seat, next, int8(r), int16(c), PosPlain)
			next++
		}
	}
	g.checkCards(t)
}

func (g *Game) inDeck(c int) bool {
	for i := int16(0); i < g.deckN; i++ {
		if int(g.deck[i]) == c {
			return true
		}
	}
	return false
}

func TestStabilityIsTheLargestRectangleOnTheLowestRow(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want int
	}{
		{"three rows of three make 9", []string{"xxx.", "xxx", "xxxx"}, 9},
		{"two rows of four make 8", []string{"..x", "xxxx", "xxxx"}, 8},
		{"nothing stands on the lowest row: 0", []string{"xxxx", "xxxx", "x..."}, 0},
		{"a single row scores nothing", []string{"xxxxx"}, 0},
		{"one column scores nothing", []string{"x", "x", "x"}, 0},
		{"two by two make 4", []string{".xx", "xxx."}, 4},
		{"a gap breaks the rectangle", []string{"xx.xx", "xxxxx"}, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rig(t, 1, Options{}, nil)
			g.setHand(t, 0)
			g.places(t, 0, c.rows...)
			if got := g.stability(0); got != c.want {
				t.Fatalf("stability %d, want %d", got, c.want)
			}
		})
	}
	t.Run("face-down cards count", func(t *testing.T) {
		g := rig(t, 1, Options{}, nil)
		g.setHand(t, 0)
		g.places(t, 0, "xx", "xx")
		for c := g.coll[0].first(); c >= 0; c = g.coll[0].next(c) {
			g.down.add(c)
		}
		if got := g.stability(0); got != 4 {
			t.Fatalf("stability %d", got)
		}
	})
}

func TestPopularBooksAreShared(t *testing.T) {
	cases := []struct {
		name   string
		counts []int
		want   []int
	}{
		{"the rulebook's example: 8, 10, 9, 7", []int{8, 10, 9, 7}, []int{4, 15, 9, 0}},
		{"two first share 15 and 9: 12 each", []int{10, 10, 7, 5}, []int{12, 12, 4, 0}},
		{"two second share 9 and 4, rounded up: 7 each", []int{10, 8, 8, 5}, []int{15, 7, 7, 0}},
		{"two third share 4: 2 each", []int{10, 9, 3, 3}, []int{15, 9, 2, 2}},
		{"three first share 28: 10 each (ruling 43)", []int{6, 6, 6, 2}, []int{10, 10, 10, 0}},
		{"four first share 28: 7 each", []int{4, 4, 4, 4}, []int{7, 7, 7, 7}},
		{"three second share 13: 5 each", []int{9, 4, 4, 4}, []int{15, 5, 5, 5}},
		{"no popular book, no reward (ruling 43)", []int{3, 0, 0}, []int{15, 0, 0}},
		{"two players: first and second", []int{2, 5}, []int{9, 15}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := popularPoints(c.counts); !slices.Equal(got, c.want) {
				t.Fatalf("%v, want %v", got, c.want)
			}
		})
	}
}

func TestCategoryRows(t *testing.T) {
	g := rig(t, 2, Options{}, nil)
	g.banned = Codex
	t.Run("each banned book costs a point: 13 codex cost 13", func(t *testing.T) {
		r := g.inspect([NumCategories]int{Codex: 13, Fiction: 1, History: 1, Potions: 1, Bestiary: 1, Reference: 1}, Fiction)
		if r.banned != -13 {
			t.Fatalf("banned %d", r.banned)
		}
	})
	t.Run("diversity is three points per book of the rarest category but the banned one", func(t *testing.T) {
		// Stéphanie's: 5 fiction, 9 history, 7 bestiary, 6 reference (and
		// potions enough); the banned codex are ignored.
		r := g.inspect([NumCategories]int{Codex: 0, Fiction: 5, History: 9, Potions: 8, Bestiary: 7, Reference: 6}, History)
		if r.diversity != 15 {
			t.Fatalf("diversity %d", r.diversity)
		}
	})
	t.Run("a missing category scores no diversity", func(t *testing.T) {
		if r := g.inspect([NumCategories]int{Fiction: 5, History: 9, Bestiary: 7, Reference: 6}, History); r.diversity != 0 {
			t.Fatalf("diversity %d", r.diversity)
		}
	})
	t.Run("the speciality is worth two points a book: 14 bestiaries make 28", func(t *testing.T) {
		if r := g.inspect([NumCategories]int{Bestiary: 14}, Bestiary); r.speciality != 28 {
			t.Fatalf("speciality %d", r.speciality)
		}
	})
}

func TestAlphabeticalCheck(t *testing.T) {
	cases := []struct {
		name  string
		cards []string // row 0, left to right; "/" starts the next row
		down  []string // turned down before the check
		want  []string
	}{
		{"the rulebook's example: M8 then M3, the middle card goes", []string{"L1", "M8", "M3", "N1"}, nil, []string{"M3"}},
		{"turning the left card down first saves the middle one", []string{"L1", "M8", "M3", "N1"}, []string{"M8"}, nil},
		{"rows are read from the top, left to right", []string{"A1", "B1", "/", "A2", "C1"}, nil, []string{"A2"}},
		{"the letter comes before the order", []string{"B2", "C1", "B3"}, nil, []string{"B3"}},
		{"in order, nothing goes", []string{"A1", "A2", "B7", "/", "C1", "Z2"}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rig(t, 1, Options{}, nil)
			g.setHand(t, 0)
			r, col := 0, 0
			for _, code := range c.cards {
				if code == "/" {
					r, col = r+1, 0
					continue
				}
				g.setCollection(t, 0, fmt.Sprintf("%s@%d,%d", code, r, col))
				col++
			}
			for _, code := range c.down {
				g.down.add(card(t, code))
			}
			var got []string
			for _, k := range g.outOfOrder(0) {
				got = append(got, CardCode(k))
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("turned %v, want %v", got, c.want)
			}
		})
	}
}

func TestTieBreaks(t *testing.T) {
	g := rig(t, 4, Options{}, nil)
	var rows [MaxSeats]scoreRows
	set := func(s, total, books, handN, banned int) {
		rows[s] = scoreRows{total: total, books: books, hand: handN, banned: -banned}
	}
	set(0, 30, 20, 3, 1)
	set(1, 30, 22, 5, 1) // more books: beats seat 0
	set(2, 30, 20, 2, 4) // fewer cards in hand: beats seat 0
	set(3, 40, 1, 9, 9)
	res := g.ranked(&rows, scoreRows{})
	ranks := []int{res[0].Rank, res[1].Rank, res[2].Rank, res[3].Rank}
	if !slices.Equal(ranks, []int{4, 2, 3, 1}) {
		t.Fatalf("ranks %v", ranks)
	}
	if res[1].TieBreak != TieBooks || res[3].TieBreak != "" {
		t.Fatalf("tie-breaks %q %q", res[1].TieBreak, res[3].TieBreak)
	}
	set(0, 10, 5, 2, 3)
	set(1, 10, 5, 2, 1) // fewer banned books
	set(2, 10, 5, 2, 3) // tied with seat 0 on everything: shared rank
	set(3, 0, 0, 0, 0)
	res = g.ranked(&rows, scoreRows{})
	if res[1].Rank != 1 || res[0].Rank != 2 || res[2].Rank != 2 || res[1].TieBreak != TieBanned {
		t.Fatalf("%+v", res)
	}
}

func TestAWholeInspection(t *testing.T) {
	g := rig(t, 2, Options{}, nil)
	g.popular, g.banned, g.spec[0], g.spec[1] = Fiction, Codex, History, Bestiary
	g.setHand(t, 0, "Z1")
	g.setHand(t, 1)
	// Seat 0: A1 fiction history reference, A4 fiction fiction bestiary,
	// C1 fiction fiction history, B1 codex fiction history: 2x2 on the
	// lowest row, all in order.
	g.setCollection(t, 0, "A1@0,0", "A4@0,1", "B1@1,0", "C1@1,1")
	// Seat 1: A2 fiction bestiary reference, then A3 fiction bestiary
	// reference, out of order.
	g.setCollection(t, 1, "A3@0,0", "A2@0,1")
	g.lastRound, g.roundWasLast = true, true
	finishRound(t, g) // round 1 is the last
	for !g.Over() {
		play(t, g, "s"+itoa(g.Awaited()[0])+" done")
	}
	res := g.Results()
	want0 := []Row{{RowStability, 4}, {RowPopular, 15}, {RowBanned, -1}, {RowDiversity, 0}, {RowSpeciality, 6}}
	if !slices.Equal(res[0].Rows, want0) || res[0].Score != 24 || res[0].Rank != 1 {
		t.Fatalf("seat 0: %+v", res[0])
	}
	want1 := []Row{{RowStability, 0}, {RowPopular, 9}, {RowBanned, 0}, {RowDiversity, 0}, {RowSpeciality, 2}}
	if !slices.Equal(res[1].Rows, want1) {
		t.Fatalf("seat 1: %+v", res[1])
	}
}
