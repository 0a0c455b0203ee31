package anludim

import (
	"errors"
	"fmt"
	"math/bits"
	"testing"
)

func TestNewRefusesBadSeatCounts(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 6} {
		t.Run(fmt.Sprintf("a table of %d seats is refused", n), func(t *testing.T) {
			var r *Refusal
			if _, err := New(1, n, Options{}); !errors.As(err, &r) || r.Code != CodeSeatCount {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func TestStepKeyChangesWithTheAwaitedStep(t *testing.T) {
	g := rig(t, 2, Options{}, []int{id(5, Amber), id(5, Azure)})
	k0 := g.StepKey()
	must(t, g, pairOfFives)
	if g.StepKey() != k0 || k0 != "r1.t1" {
		t.Fatalf("the key changed within a turn: %s then %s", k0, g.StepKey())
	}
	must(t, g, mv(0, EndTurn))
	if g.StepKey() != "r1.t2" || g.Awaited()[0] != 1 {
		t.Fatalf("key %s, awaited %v", g.StepKey(), g.Awaited())
	}
	refused(t, g, mv(0, RecruitHidden), CodeNotYourTurn)
}

// randomPositions plays random games and calls f at every step-th
// position where the awaited seat may play a combination: base and expert
// games in turn, then a quarter more expert games of the first edition.
func randomPositions(t *testing.T, games, step int, f func(g *Game, seat int)) {
	n := 0
	for i := 0; i < games+max(games/4, 1); i++ {
		opts := Options{Expert: i%2 == 1}
		if i >= games {
			opts = Options{Expert: true, Edition: EditionFirst}
		}
		g, err := New(uint64(1000+i), 2+i%4, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := newTestRNG(uint64(i))
		var buf []Move
		for !g.Over() {
			if s := g.awaited(); g.canPlayNow(s) {
				if n%step == 0 {
					f(g, s)
				}
				n++
			}
			var m Move
			buf, m = randomMove(g, r, buf)
			if err := g.Do(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestCombinationBuilderLeadsOnlyToPlayablePlays(t *testing.T) {
	r := newTestRNG(5)
	checked := 0
	randomPositions(t, builderGames, builderStep, func(g *Game, seat int) {
		take := g.Takeable(seat)
		var chosen []int
		for {
			add := g.CardsToAdd(seat, chosen)
			if len(add) == 0 {
				break
			}
			chosen = append(chosen, add[r.intn(len(add))])
		}
		if len(chosen) == 0 {
			if take != 0 {
				t.Fatalf("professors %b takeable but no card to start with", take)
			}
			return
		}
		// A set nothing can extend must take a professor as it is.
		choices := g.ProfessorsFor(seat, chosen)
		if len(choices) == 0 {
			t.Fatalf("cards %v lead nowhere", chosen)
		}
		for _, c := range choices {
			if take&(1<<c.Prof) == 0 {
				t.Fatalf("%s offered but not takeable", c.Prof.ID())
			}
			if opts := g.ReadingOptions(seat, c.Prof, chosen); len(chosen) <= 6 && (len(opts) == 0 || (len(opts) > 1) != c.Choice) {
				t.Fatalf("%s from %v: %d reading options but choice %v", c.Prof.ID(), chosen, len(opts), c.Choice)
			}
			if err := g.Clone().Do(Move{Seat: seat, Kind: Play, Prof: c.Prof, Cards: c.Uses}); err != nil {
				t.Fatalf("offered play refused: %v", err)
			}
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no position was checked")
	}
}

func TestTakeableMatchesBestPlays(t *testing.T) {
	randomPositions(t, 24, 1, func(g *Game, seat int) {
		best := g.BestPlays(seat)
		take := g.Takeable(seat)
		if bits.OnesCount8(take) != len(best) {
			t.Fatalf("takeable %b but %d best plays", take, len(best))
		}
		for _, m := range best {
			if take&(1<<m.Prof) == 0 {
				t.Fatalf("best play for %s not takeable", m.Prof.ID())
			}
			if err := g.Clone().Do(m); err != nil {
				t.Fatalf("best play %s refused: %v", m, err)
			}
		}
	})
}

func TestViewShowsCardsSeenEnteringAHand(t *testing.T) {
	g := rig(t, 2, Options{}, nil, []int{id(1, Amber)})
	up := g.FaceUp()[0]
	must(t, g, Move{Seat: 0, Kind: RecruitFaceUp, Slot: 0})
	v := g.View(1)
	if got := v.Hand(0); len(got) != 1 || got[0] != up || v.HandSize(0) != 1 {
		t.Fatalf("seat 1 sees %v of seat 0's %d cards, want only %d", got, v.HandSize(0), up)
	}
	if v.Hand(1)[0] != id(1, Amber) || v.DeckSize() != g.DeckSize() {
		t.Fatal("the view lost what its seat sees")
	}
	if len(v.Legal(1)) != 0 || len(g.View(0).Legal(0)) == 0 {
		t.Fatal("a view lists the awaited seat's moves only")
	}
}

func TestDeterminizedGamesPlayToTheEnd(t *testing.T) {
	for i := 0; i < 10; i++ {
		g, _ := playRandomPrefix(t, uint64(i), 3, 60)
		d := g.View(g.awaited()).Determinize(g.awaited(), uint64(i))
		r := newTestRNG(uint64(i))
		var buf []Move
		for steps := 0; !d.Over(); steps++ {
			var m Move
			buf, m = randomMove(d, r, buf)
			if err := d.Do(m); err != nil || steps > 20000 {
				t.Fatalf("determinized game %d: %v", i, err)
			}
		}
	}
}

func TestResultsRankTheWinnerFirst(t *testing.T) {
	g, _ := playRandom(t, 77, 3, Options{})
	res := g.Results()
	for _, r := range res {
		if (r.Seat == g.Winner()) != (r.Rank == 1) {
			t.Fatalf("seat %d rank %d, winner %d", r.Seat, r.Rank, g.Winner())
		}
		if r.Rows[0].Category != RowRounds || r.Rows[0].Points != g.RoundsWon(r.Seat) || r.Score != g.RoundsWon(r.Seat) {
			t.Fatalf("rows %+v", r.Rows)
		}
	}
	if len(g.Rounds()) != res[0].Rows[3].Points {
		t.Fatal("rounds played disagree")
	}
}

func TestEventArgsNameThingsByTheirIDs(t *testing.T) {
	e := Event{Kind: EvPlayed, Seat: 1, Prof: Seer, Uses: []Use{{12, 0}, {40, 1}}}
	args := e.Args()
	if args["Prof"] != "seer" || args["Cards"] != "12a 40b" {
		t.Fatalf("args %v", args)
	}
	inc := Event{Kind: EvIncome, Prof: Arcanist, Item: Item{Kind: Star, Value: 2}}.Args()
	if inc["Kind"] != "star" || inc["Value"] != 2 || inc["Prof"] != "arcanist" {
		t.Fatalf("args %v", inc)
	}
}

func TestOptionsByName(t *testing.T) {
	cases := []struct {
		name  string
		named map[string]string
		want  Options
		code  string
	}{
		{"no options mean the base game", nil, Options{}, ""},
		{"the expert variant is chosen by name", map[string]string{"variant": "expert"}, Options{Expert: true}, ""},
		{"the base variant can be named", map[string]string{"variant": "base"}, Options{}, ""},
		{"an unknown variant is refused", map[string]string{"variant": "turbo"}, Options{}, CodeBadOption},
		{"an unknown option is refused", map[string]string{"speed": "fast"}, Options{}, CodeBadOption},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseOptions(c.named)
			var r *Refusal
			if c.code != "" {
				if !errors.As(err, &r) || r.Code != c.code {
					t.Fatalf("got %v", err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v", got, err)
			}
			if back, _ := ParseOptions(got.Named()); back != got {
				t.Fatal("Named does not round trip")
			}
		})
	}
}

func TestDeterminizeBetweenRoundsKeepsWhatOthersKept(t *testing.T) {
	g := endgame(t, 3)
	must(t, g, pairOfFives, mv(0, EndTurn))
	// Seat 1 chooses first (after the trigger, seat 0) and keeps two cards.
	h := g.Hand(1)
	must(t, g, Move{Seat: 1, Kind: Keep, Card: h[0]}, Move{Seat: 1, Kind: Keep, Card: h[1]}, mv(1, EndTurn))
	d := g.View(2).Determinize(2, 9)
	if d.keptN[1] != 2 || d.kept[1].count() != 2 || !d.kept[1].andNot(d.hands[1]).empty() {
		t.Fatalf("seat 1 kept %d cards, drawn as %v", d.keptN[1], d.kept[1].appendTo(nil))
	}
	if g.View(2).kept[1].count() != 0 {
		t.Fatal("the view shows what seat 1 kept")
	}
	for !d.Over() && d.Round() == 1 {
		if err := d.Do(mv(d.awaited(), EndTurn)); err != nil {
			t.Fatal(err)
		}
	}
	if d.Round() != 2 || d.HandSize(1) != 8 {
		t.Fatalf("round %d, seat 1 holds %d", d.Round(), d.HandSize(1))
	}
}
