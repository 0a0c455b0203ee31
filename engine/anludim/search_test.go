package anludim

import (
	"fmt"
	"math/bits"
	"testing"

	"atheneum/engine"
)

// refGroups is the reference for the pairs (k=2) and trios (k=3) search:
// whether cards can be laid as groups of k cards of one value in distinct
// colours, values distinct across groups, using every required card, for
// a strength above bar. It tries every group at every value from 13 down,
// with no bound and no cap, and remembers the (value, groups' values,
// cards taken that are still readable at that value or below) it has seen
// fail: the rest of the search depends on nothing else, as the required
// cards with no such reading have all been taken by then.
func refGroups(k int, cards []int, req cardSet, bar uint64) bool {
	// The memory is kept from call to call, emptied: growing a fresh map
	// in each call was a third of the reference's time.
	dead := refDead
	clear(dead)
	var low [14]uint64 // cards readable at each value or below
	var reqd uint64    // required cards
	for i, c := range cards {
		for v := 1; v <= 13; v++ {
			if int(cardVal[c][0]) <= v || int(cardVal[c][1]) <= v {
				low[v] |= 1 << i
			}
		}
		if req.has(c) {
			reqd |= 1 << i
		}
	}
	uses := make([]Use, 0, len(cards))
	var rec func(v int, used uint64, mask uint16) bool
	rec = func(v int, used uint64, mask uint16) bool {
		if reqd&^used&^low[v] != 0 {
			return false // a required card left out for good
		}
		if v == 0 {
			groups := bits.OnesCount16(mask)
			if groups == 0 {
				return false
			}
			st := strengthOf(Necromancer+Professor(k-2), uses)
			if st != groupStrength(groups, mask) {
				panic(fmt.Sprintf("groups %v score %d", uses, st))
			}
			return st > bar
		}
		// Obvious bounds: each group still to make takes a value of the v
		// left and k of the cards left readable, and the required cards
		// left go k to a value.
		free := bits.OnesCount64(low[v] &^ used)
		if bits.OnesCount16(mask)+min(v, free/k) < int(bar>>16) || bits.OnesCount64(reqd&^used) > k*v {
			return false
		}
		kk := refKey{v, mask, used & low[v]}
		if dead[kk] {
			return false
		}
		// The cards readable at v, with the side that reads v.
		var at [64]Use
		n := 0
		for i, c := range cards {
			if used&(1<<i) != 0 {
				continue
			}
			for s := 0; s < 2; s++ {
				if int(cardVal[c][s]) == v {
					at[n] = Use{Card: i, Side: s}
					n++
					break
				}
			}
		}
		// Every set of k of them, in distinct colours.
		var chosen [3]Use
		var pick func(from, m int) bool
		pick = func(from, m int) bool {
			if m == k {
				var u uint64
				for _, x := range chosen[:k] {
					u |= 1 << x.Card
					uses = append(uses, Use{Card: cards[x.Card], Side: x.Side})
				}
				ok := rec(v-1, used|u, mask|1<<(v-1))
				uses = uses[:len(uses)-k]
				return ok
			}
			for j := from; j < n; j++ {
				distinct := true
				for _, x := range chosen[:m] {
					if cardCol[cards[x.Card]][x.Side] == cardCol[cards[at[j].Card]][at[j].Side] {
						distinct = false
					}
				}
				if distinct {
					chosen[m] = at[j]
					if pick(j+1, m+1) {
						return true
					}
				}
			}
			return false
		}
		if pick(0, 0) || rec(v-1, used, mask) {
			return true
		}
		dead[kk] = true
		return false
	}
	return rec(13, 0, 0)
}

// refKey is a position of refGroups' search: the value, the groups'
// values, and the cards taken that are still readable at the value or
// below.
type refKey struct {
	v    int
	mask uint16
	used uint64
}

// refDead is refGroups' memory of the positions it saw fail (the
// package's tests do not run in parallel).
var refDead = map[refKey]bool{}

// refExists is the reference for "some combination of p from avail,
// using every card of req, beats bar": refGroups for pairs and trios; the
// runs, flushes and gatherings searches, which CardsToAdd's change leaves
// as they were and TestSearchesAgreeWithBruteForce holds, for the others.
func refExists(p Professor, avail, req cardSet, bar uint64) bool {
	if p == Necromancer || p == Seer {
		return refGroups(int(p-Necromancer)+2, avail.appendTo(nil), req, bar)
	}
	var pl pool
	pl.init(avail, req)
	r, _ := pl.best(p, bar, modeBest)
	return r.strength > 0
}

// refReachable is reachable, the rules of which combinations of its own
// the seat may take in written again, with refExists for the search.
func refReachable(g *Game, seat int, p Professor, req cardSet) bool {
	avail, same := g.availFor(seat, p)
	var forced uint64
	for s := 0; s < maxCombos; s++ {
		if same&(1<<s) == 0 || g.combos[s].cards.and(req).empty() {
			continue
		}
		if forced != 0 && g.higherOnly() {
			return false
		}
		forced |= 1 << s
		req = req.or(g.combos[s].cards)
		avail = avail.or(g.combos[s].cards)
	}
	if !req.andNot(avail).empty() {
		return false
	}
	if refExists(p, avail, req, g.extendBar(p, forced)) {
		return true
	}
	if forced != 0 && g.higherOnly() {
		return false
	}
	for s := 0; s < maxCombos; s++ {
		if same&^forced&(1<<s) == 0 {
			continue
		}
		c := g.combos[s].cards
		if refExists(p, avail.or(c), req.or(c), g.extendBar(p, forced|1<<s)) {
			return true
		}
	}
	return false
}

// refCardsToAdd asks refReachable of every candidate and professor.
func refCardsToAdd(g *Game, seat int, chosen []int) []int {
	req, _ := chosenSet(chosen)
	cands := g.hands[seat]
	if g.opts.Expert {
		for s := range g.combos {
			if int(g.combos[s].owner) == seat {
				cands = cands.or(g.combos[s].cards)
			}
		}
	}
	var out []int
	for _, c := range cands.andNot(req).appendTo(nil) {
		r := req
		r.add(c)
		for p := Professor(0); p < NumProfessors; p++ {
			if refReachable(g, seat, p, r) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// TestCardsToAddAgreesWithTheReference walks, at every position of random
// games where the seat may play, the way a random player picks cards one
// by one, and compares each step's CardsToAdd with the reference; every
// group search on the way must stay below the node cap, since a capped
// search may miss a card.
func TestCardsToAddAgreesWithTheReference(t *testing.T) {
	maxNodes := 0
	groupSearchDone = func(_, n int) { maxNodes = max(maxNodes, n) }
	defer func() { groupSearchDone = nil }()
	games := []struct {
		name  string
		seats int
		opts  Options
		seeds []uint64
		// seam plays the moves as the store's test and the bot's random
		// player do, step by step through Next (engine.RandomMove): its
		// plays of many cards build the large pools that searches found
		// hard.
		seam bool
		// every: only every such position of the awaited seat is walked,
		// the reference being slow on the largest pools.
		every int
	}{
		{"base games of two seats", 2, Options{}, refSeeds, false, 1},
		{"base games of five seats", 5, Options{}, refSeeds, false, 1},
		{"expert games of three seats", 3, Options{Expert: true}, refSeeds, false, 1},
		{"expert games of four seats", 4, Options{Expert: true}, refSeeds, false, 1},
		{"expert games of the first edition", 3, Options{Expert: true, Edition: EditionFirst}, refSeeds, false, 1},
		{"the store's expert game of three seats, played through the seam,", 3, Options{Expert: true}, refStoreSeeds, true, refSeamEvery},
		{"expert games of four seats played through the seam", 4, Options{Expert: true}, refSeamSeeds, true, refSeamEvery},
		{"base games of three seats played through the seam", 3, Options{}, refSeamSeeds, true, refSeamEvery},
	}
	for _, gm := range games {
		t.Run(gm.name+" offer exactly the cards the reference offers", func(t *testing.T) {
			if len(gm.seeds) == 0 {
				t.Skip("too slow under the race detector")
			}
			steps, positions := 0, 0
			for _, seed := range gm.seeds {
				g, err := New(seed, gm.seats, gm.opts)
				if err != nil {
					t.Fatal(err)
				}
				r := newTestRNG(seed * 13)
				sr := engine.NewRand(seed)
				var buf []Move
				for n := 0; !g.Over(); n++ {
					if n > 100000 {
						t.Fatalf("seed %d: game did not end", seed)
					}
					seat := g.awaited()
					if g.canPlayNow(seat) && positions%gm.every == 0 {
						var chosen []int
						for {
							got := g.CardsToAdd(seat, chosen)
							want := refCardsToAdd(g, seat, chosen)
							steps++
							if fmt.Sprint(got) != fmt.Sprint(want) {
								t.Fatalf("seed %d move %d, %v chosen: CardsToAdd %v, reference %v", seed, n, chosen, got, want)
							}
							if len(got) == 0 {
								break
							}
							chosen = append(chosen, got[r.intn(len(got))])
						}
					}
					if g.canPlayNow(seat) {
						positions++
					}
					if gm.seam {
						s := &State{Game: g}
						aw := s.Awaited()
						m, err := engine.RandomMove(s, aw[sr.IntN(len(aw))], sr)
						if err != nil {
							t.Fatal(err)
						}
						if err := s.Do(m); err != nil {
							t.Fatal(err)
						}
						continue
					}
					var m Move
					buf, m = randomMove(g, r, buf)
					if err := g.Do(m); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%d steps compared at %d positions", steps, (positions+gm.every-1)/gm.every)
		})
	}
	t.Run("no group search comes near the node cap", func(t *testing.T) {
		if maxNodes >= nodeCap {
			t.Fatalf("a search visited %d nodes, the cap is %d", maxNodes, nodeCap)
		}
		t.Logf("at most %d nodes", maxNodes)
	})
}
