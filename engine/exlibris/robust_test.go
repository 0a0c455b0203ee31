package exlibris

import (
	"testing"
)

// TestForgedMovesAreRefusedWithoutChange throws keys of every shape at
// random positions: a move not offered is refused with a code and changes
// nothing; nothing panics.
func TestForgedMovesAreRefusedWithoutChange(t *testing.T) {
	keys := []string{"draw", "pass", "done", "give", "home", "recall", "stay", "one", "all", "take", "a", "b", "swap",
		"swap2", "move", "assistant", "goblin", "ghost", "mummy", "L0", "L1", "L3b0", "L3b5", "L10x", "L10s0", "L10s3g",
		"L19", "E2", "E8", "Z2", "Z3", "A1", "r0c0", "r0c1>", "r0c0o", "r-1c-1u", "r99c99", "p0", "p3", "p9", "codex",
		"potions", "nothing", "", "L", "r", "rc", "r0c", "E", "s0", UndoKey, UndoKey}
	r := newTestRNG(77)
	randomPositions(t, 12, 3, func(g *Game) {
		for i := 0; i < 20; i++ {
			seat := r.IntN(MaxSeats + 1)
			n := 1 + r.IntN(3)
			m := Move{Seat: seat}
			for k := 0; k < n; k++ {
				m.Keys = append(m.Keys, keys[r.IntN(len(keys))])
			}
			before := g.Clone()
			want := offers(g, m.String()) || m.String() == "s"+itoa(seat)+" "+UndoKey && g.CanUndo(seat)
			_, err := g.Clone().Apply(m)
			if (err == nil) != want {
				t.Fatalf("%s: offered %v, refused %v", m, want, err)
			}
			if err != nil {
				if r, ok := err.(*Refusal); !ok || r.Code == "" {
					t.Fatalf("%s refused with %v", m, err)
				}
			}
			if !sameGame(before, g) {
				t.Fatal("checking a move changed the game")
			}
		}
	})
}
