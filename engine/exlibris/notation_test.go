package exlibris

import (
	"testing"
)

func TestNotationRoundTrips(t *testing.T) {
	for i := 0; i < 12; i++ {
		_, moves := playRandom(t, uint64(300+i), 1+i%4, Options{Mode: Mode(i % 3)})
		for _, m := range moves {
			back, err := ParseMove(m.String())
			if err != nil || back.String() != m.String() {
				t.Fatalf("%s reads back as %s (%v)", m, back, err)
			}
			for _, k := range m.Keys {
				if len(k) > maxKeyLen || k == "" {
					t.Fatalf("key %q of %s", k, m)
				}
				for _, ch := range k {
					if ch == ' ' || ch == ':' {
						t.Fatalf("key %q of %s", k, m)
					}
				}
			}
		}
	}
}

func TestParseMoveRefusesWhatIsNotAMove(t *testing.T) {
	for _, s := range []string{"", "s0", "x0 draw", "s draw", "s01 draw", "s4 draw", "s0  draw", "s0 a b c d e", "s-1 draw",
		"s0 " + string(make([]byte, 21))} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

func TestNextBuildsExactlyTheMovesApplyTakes(t *testing.T) {
	for i := 0; i < 8; i++ {
		g, err := New(uint64(i), 1+i%4, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := newTestRNG(uint64(i))
		var buf []Action
		for steps := 0; !g.Over(); steps++ {
			for _, seat := range g.Awaited() {
				var walked []string
				var walk func(chosen []string)
				walk = func(chosen []string) {
					for _, st := range g.Next(seat, chosen) {
						next := append(append([]string(nil), chosen...), st.Key)
						if st.Move != nil {
							walked = append(walked, st.Move.String())
						}
						walk(next)
					}
				}
				walk(nil)
				want := offered(g, seat)
				if g.CanUndo(seat) {
					want = append(want, "s"+itoa(seat)+" "+UndoKey)
				}
				if len(walked) != len(want) {
					t.Fatalf("step %s: Next reaches %d moves, %d offered", g.StepKey(), len(walked), len(want))
				}
				for _, m := range walked {
					mv, _ := ParseMove(m)
					if _, err := g.Clone().Apply(mv); err != nil {
						t.Fatalf("step %s: %s reached by Next is refused: %v", g.StepKey(), m, err)
					}
				}
			}
			var seat int
			var a Action
			buf, seat, a = randomAction(g, r, buf)
			// PlayMove, not Do, so that placements keep their way back and
			// Next offers the undo.
			if err := g.PlayMove(Move{Seat: seat, Keys: a.Keys()}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
