package anludim

import (
	"testing"

	"atheneum/engine"
)

// BenchmarkRandomGame4Seats plays one whole 4-seat base game per iteration
// between uniformly random movers (see randomMove), through Do: movers and
// searches have no use for events.
func BenchmarkRandomGame4Seats(b *testing.B) {
	b.ReportAllocs()
	var buf []Move
	for i := 0; i < b.N; i++ {
		g, err := New(uint64(i), 4, Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := newTestRNG(uint64(i) * 7)
		for !g.Over() {
			var m Move
			buf, m = randomMove(g, r, buf)
			if err := g.Do(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRandomGame4SeatsEvents is the same game played with Apply, as
// the bot plays, to show what the events cost.
func BenchmarkRandomGame4SeatsEvents(b *testing.B) {
	b.ReportAllocs()
	var buf []Move
	for i := 0; i < b.N; i++ {
		g, err := New(uint64(i), 4, Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := newTestRNG(uint64(i) * 7)
		for !g.Over() {
			var m Move
			buf, m = randomMove(g, r, buf)
			if _, err := g.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLegal lists the non-combinatorial moves of a mid-round
// position into a reused buffer.
func BenchmarkLegal(b *testing.B) {
	g, _ := playRandomPrefix(b, 3, 4, 40)
	b.ReportAllocs()
	var buf []Move
	for i := 0; i < b.N; i++ {
		buf = g.AppendLegal(buf[:0], g.awaited())
	}
	if len(buf) == 0 {
		b.Fatal("no legal move")
	}
}

// BenchmarkBestPlays finds the strongest play per professor in the same
// position, as a search AI asks it at each of its turns.
func BenchmarkBestPlays(b *testing.B) {
	g, _ := playRandomPrefix(b, 3, 4, 40)
	b.ReportAllocs()
	var buf []Move
	for i := 0; i < b.N; i++ {
		buf = g.AppendBestPlays(buf[:0], g.awaited())
	}
}

// BenchmarkTakeable asks which professors can be taken in that position.
func BenchmarkTakeable(b *testing.B) {
	g, _ := playRandomPrefix(b, 3, 4, 40)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.Takeable(g.awaited())
	}
}

// BenchmarkReadingOptions lists the readings of chosen cards that take a
// professor, as Next does for each play a prompt offers a choice of
// readings in: the asks where a choice is offered, gathered from the
// seats' hands at positions of random games, base and expert.
func BenchmarkReadingOptions(b *testing.B) {
	type ask struct {
		g      *Game
		seat   int
		p      Professor
		chosen []int
	}
	var asks []ask
	for i, opts := range []Options{{}, {Expert: true}} {
		for n := 10; n <= 60 && len(asks) < 100*(i+1); n += 10 {
			g := randomPrefix(b, uint64(3+i), opts, n)
			seat := g.awaited()
			hand := g.hands[seat].appendTo(nil)
			for code := 0; code < 1<<min(len(hand), 10); code++ {
				var chosen []int
				for j := range min(len(hand), 10) {
					if code>>j&1 != 0 {
						chosen = append(chosen, hand[j])
					}
				}
				if len(chosen) < 2 || len(chosen) > 6 {
					continue
				}
				for _, c := range g.ProfessorsFor(seat, chosen) {
					if c.Choice {
						asks = append(asks, ask{g, seat, c.Prof, chosen})
					}
				}
			}
		}
	}
	if len(asks) < 20 {
		b.Fatalf("only %d choices of readings met", len(asks))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := asks[i%len(asks)]
		if len(a.g.ReadingOptions(a.seat, a.p, a.chosen)) < 2 {
			b.Fatal("a choice of readings was not offered")
		}
	}
}

// randomPrefix plays n random moves of a 4-seat game with opts, through
// Do (playRandomPrefix plays a base game through Apply).
func randomPrefix(t testing.TB, seed uint64, opts Options, n int) *Game {
	g, err := New(seed, 4, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf []Move
	for i := 0; i < n && !g.Over(); i++ {
		var m Move
		buf, m = randomMove(g, r, buf)
		if err := g.Do(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// playRandomPrefix plays n random moves of a 4-seat base game.
func playRandomPrefix(t testing.TB, seed uint64, seats, n int) (*Game, []Move) {
	g, err := New(seed, seats, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRNG(seed * 7)
	var buf, moves []Move
	for len(moves) < n && !g.Over() {
		var m Move
		buf, m = randomMove(g, r, buf)
		if _, err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return g, moves
}

// BenchmarkCardsToAdd asks which cards may start a combination from a
// 20-card hand, the largest question a player's picker asks.
func BenchmarkCardsToAdd(b *testing.B) {
	g, err := New(5, 3, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var hand []int
	for c := 0; c < 20; c++ {
		hand = append(hand, (c*7)%NumCards)
	}
	setHand(g, 0, hand)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.CardsToAdd(0, nil)
		g.CardsToAdd(0, hand[:2])
	}
}

// BenchmarkCardsToAddStoreGame asks CardsToAdd along the card picks of a
// random player at every fourth position of the store's test game (expert,
// three seats, played through the seam by engine.RandomMove): the large
// pools of the expert variant, where the pairs and trios searches were
// dear.
func BenchmarkCardsToAddStoreGame(b *testing.B) {
	type ask struct {
		g      *Game
		seat   int
		chosen []int
	}
	var asks []ask
	g, err := New(8, 3, Options{Expert: true})
	if err != nil {
		b.Fatal(err)
	}
	s := &State{Game: g}
	sr, r := engine.NewRand(8), newTestRNG(8)
	for n := 0; !g.Over(); n++ {
		if seat := g.awaited(); g.canPlayNow(seat) && n%4 == 0 {
			var chosen []int
			for {
				asks = append(asks, ask{g.Clone(), seat, chosen})
				got := g.CardsToAdd(seat, chosen)
				if len(got) == 0 {
					break
				}
				chosen = append(chosen[:len(chosen):len(chosen)], got[r.intn(len(got))])
			}
		}
		aw := s.Awaited()
		m, err := engine.RandomMove(s, aw[sr.IntN(len(aw))], sr)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Do(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, a := range asks {
			a.g.CardsToAdd(a.seat, a.chosen)
		}
	}
}
