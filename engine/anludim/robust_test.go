package anludim

import "testing"

// TestQueriesNeverPanicOnBadArguments calls every query with seats, cards
// and kinds out of range, on a full game and on views.
func TestQueriesNeverPanicOnBadArguments(t *testing.T) {
	g, _ := playRandomPrefix(t, 8, 3, 30)
	for _, x := range []*Game{g, g.View(0), g.View(-1), g.View(9)} {
		for seat := -3; seat < 8; seat++ {
			x.Legal(seat)
			x.BestPlays(seat)
			x.Takeable(seat)
			x.Hand(seat)
			x.HandSize(seat)
			x.Items(seat)
			x.Parchments(seat)
			x.Gold(seat)
			x.RoundsWon(seat)
			x.Value(seat)
			x.KeepLimit(seat)
			x.Kept(seat)
			x.Combinations(seat)
			x.CardsToAdd(seat, []int{-1, 70, 3, 3})
			x.ProfessorsFor(seat, []int{-1, 200})
			x.Determinize(seat, 1)
			for p := Professor(-2); p < 7; p++ {
				x.BestPlay(seat, p)
				x.HasKind(seat, ItemKind(p))
			}
		}
		for c := -130; c < 200; c += 7 {
			x.HoldsPawn(c)
			Card(c)
		}
		for p := Professor(-2); p < 7; p++ {
			x.ProfessorSeat(p)
			x.Stack(p)
			_ = p.ID() + p.Code() + p.Combination() + ItemKind(p).ID() + ItemKind(p).Code()
			StackValues(ItemKind(p), 3)
			ColourNames(Colour(p))
		}
		x.Results()
		x.Rounds()
		x.StepKey()
	}
	if len(g.Legal(g.awaited())) == 0 {
		t.Fatal("the awaited seat has no move")
	}
}

// FuzzParseMove holds ParseMove to never panic and to give back what
// String writes for every text it accepts.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"s0 d", "s1 u2", "s3 p SE 12a 40b 33a", "s2 t 7", "s0 x T3", "s4 x P", "s0 e", "s0 z", "s1 k 64", "s0 x", "s9 p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		again, err := ParseMove(m.String())
		if err != nil || again.String() != m.String() {
			t.Fatalf("%q parsed to %s, which does not round trip", s, m)
		}
	})
}

// TestRefusalsAndEventsAreCatalogued plays random games with junk moves
// mixed in: every refusal must carry a listed code with exactly its listed
// arguments, every event a listed kind, and most codes must show up.
func TestRefusalsAndEventsAreCatalogued(t *testing.T) {
	kinds := map[EventKind]bool{}
	for _, k := range EventKinds {
		kinds[k] = true
	}
	seenCodes := map[string]bool{}
	seenEvents := map[EventKind]bool{}
	for i := 0; i < 30; i++ {
		g, _ := New(uint64(i), 2+i%4, Options{Expert: i%2 == 0})
		r := newTestRNG(uint64(i))
		var buf []Move
		for !g.Over() {
			for k := 0; k < 4; k++ {
				c := g.Clone()
				_, err := c.Apply(randomJunk(g, r))
				ref, ok := err.(*Refusal)
				if err == nil {
					continue
				}
				if !ok {
					t.Fatalf("a refusal of type %T", err)
				}
				want, listed := RefusalArgs[ref.Code]
				if !listed || len(ref.Args) != len(want) {
					t.Fatalf("refusal %v is not as listed (%v)", ref, want)
				}
				for _, a := range want {
					if _, ok := ref.Args[a]; !ok {
						t.Fatalf("refusal %v lacks %s", ref, a)
					}
				}
				seenCodes[ref.Code] = true
			}
			var m Move
			buf, m = randomMove(g, r, buf)
			ev, err := g.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				if !kinds[e.Kind] {
					t.Fatalf("event kind %q is not listed", e.Kind)
				}
				if args := e.Args(); len(args) != len(EventArgs[e.Kind]) {
					t.Fatalf("event %q gives args %v", e.Kind, args)
				}
				seenEvents[e.Kind] = true
			}
		}
	}
	if len(EventArgs) != len(EventKinds) || len(seenEvents) < len(EventKinds)-3 {
		t.Fatalf("%d event kinds listed with args, %d seen of %d", len(EventArgs), len(seenEvents), len(EventKinds))
	}
	if len(seenCodes) < len(RefusalArgs)/2 {
		t.Fatalf("only %d of %d codes came up: %v", len(seenCodes), len(RefusalArgs), seenCodes)
	}
}
