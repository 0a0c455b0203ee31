package anludim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
)

// The editions of the rules (ruling 17): expert games started before the
// fix keep the first edition, which accepted laying one's own combination
// again unchanged and joining two of one's own combinations of one
// professor.

const firstEditionGame = "expert-3-seats-edition-1.txt"

func TestAGameIsOfTheEditionItIsSetUpWith(t *testing.T) {
	cases := []struct {
		name  string
		given int
		want  int
	}{
		{"a game set up without an edition is of the current one", 0, CurrentEdition},
		{"a game set up for the first edition is of the first", EditionFirst, EditionFirst},
		{"a game set up for the current edition is of it", CurrentEdition, CurrentEdition},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := New(5, 3, Options{Expert: true, Edition: c.given})
			if err != nil {
				t.Fatal(err)
			}
			if g.Options().Edition != c.want {
				t.Fatalf("the game says edition %d", g.Options().Edition)
			}
			for name, d := range map[string]*Game{"its view": g.View(1), "its clone": g.Clone(), "a draw from a view": g.View(1).Determinize(1, 3)} {
				if d.Options().Edition != c.want {
					t.Errorf("%s says edition %d", name, d.Options().Edition)
				}
			}
			s, err := Rules.New(5, engine.Setup{Seats: 3, Options: map[string]string{OptionVariant: "expert"}, Edition: c.given})
			if err != nil {
				t.Fatal(err)
			}
			if _, setup := s.(engine.Origin).Origin(); setup.Edition != c.want || setup.Options[OptionVariant] != "expert" {
				t.Fatalf("the seam's origin is %+v", setup)
			}
			if _, setup := s.View(0).(engine.Origin).Origin(); setup.Edition != c.want {
				t.Fatalf("a view's origin is %+v", setup)
			}
		})
	}
	for _, e := range []int{-1, CurrentEdition + 1} {
		t.Run(fmt.Sprintf("edition %d, which the rules do not know, is refused", e), func(t *testing.T) {
			var r *Refusal
			if _, err := New(5, 3, Options{Edition: e}); !errors.As(err, &r) || r.Code != CodeBadOption || r.Args["Name"] != "edition" {
				t.Fatalf("edition %d: got %v", e, err)
			}
			var sr *engine.Refusal
			if _, err := Rules.New(5, engine.Setup{Seats: 3, Edition: e}); !errors.As(err, &sr) || sr.Code != CodeBadOption {
				t.Fatalf("edition %d at the seam: got %v", e, err)
			}
		})
	}
	if ed, ok := Rules.(engine.Editioned); !ok || ed.Edition() != CurrentEdition || CurrentEdition != EditionHigherOnly {
		t.Fatal("the seam does not report the current edition")
	}
}

func TestAFirstEditionExpertGameReplaysAndTheSecondEditionRefusesIt(t *testing.T) {
	moves, want := readGolden(t, firstEditionGame)
	relaid := 37 // s2 lays its Necromancer combination of 12 cards again unchanged
	t.Run("random play by the first edition makes the very moves the rules made before the fix", func(t *testing.T) {
		// randomMove draws from Legal, Takeable and BestPlay, so this
		// holds them to what they offered before the fix, move by move.
		_, played := playRandomUndoing(t, 777, 3, Options{Expert: true, Edition: EditionFirst}, true)
		if !slices.EqualFunc(played, moves, func(a, b Move) bool { return a.String() == b.String() }) {
			t.Fatalf("%d moves played, %d recorded; they differ", len(played), len(moves))
		}
	})
	t.Run("the recorded game replays through the seam by the first edition, its re-laid combination accepted", func(t *testing.T) {
		s, err := Rules.New(777, engine.Setup{Seats: 3, Options: map[string]string{OptionVariant: "expert"}, Edition: EditionFirst})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves {
			if i == relaid {
				g := s.(*State).Game
				before := g.Combinations(m.Seat)
				if !slices.ContainsFunc(before, func(c Combination) bool { return c.Prof == m.Prof && len(c.Uses) == len(m.Cards) }) {
					t.Fatalf("move %d (%s) does not lay a combination of the seat's again", i, m)
				}
				if !slices.ContainsFunc(g.ProfessorsFor(m.Seat, cardsOf(m)), func(c ProfessorChoice) bool { return c.Prof == m.Prof }) {
					t.Fatalf("the first edition does not offer move %d (%s)", i, m)
				}
			}
			if _, err := s.Apply(engine.Move(m.String())); err != nil {
				t.Fatalf("move %d (%s): %v", i, m, err)
			}
		}
		if !s.Over() {
			t.Fatal("the game is not over after its moves")
		}
		g, err := Replay(777, 3, Options{Expert: true, Edition: EditionFirst}, moves)
		if err != nil {
			t.Fatal(err)
		}
		if got := summaryJSON(g); got != want {
			t.Fatalf("replayed to %s, want %s", got, want)
		}
	})
	for _, e := range []int{EditionHigherOnly, 0} {
		t.Run(fmt.Sprintf("the same moves are refused at the re-laid combination by a game set up for edition %d", e), func(t *testing.T) {
			_, err := Replay(777, 3, Options{Expert: true, Edition: e}, moves)
			var r *Refusal
			if !errors.As(err, &r) || r.Code != CodeNothingAdded || !strings.Contains(err.Error(), fmt.Sprintf("move %d ", relaid)) {
				t.Fatalf("edition %d: got %v, want move %d refused with %s", e, err, relaid, CodeNothingAdded)
			}
			g, err := Replay(777, 3, Options{Expert: true, Edition: e}, moves[:relaid])
			if err != nil {
				t.Fatal(err)
			}
			m := moves[relaid]
			if slices.ContainsFunc(g.ProfessorsFor(m.Seat, cardsOf(m)), func(c ProfessorChoice) bool { return c.Prof == m.Prof }) {
				t.Fatalf("edition %d offers %s", e, m)
			}
		})
	}
}

func cardsOf(m Move) []int {
	var out []int
	for _, u := range m.Cards {
		out = append(out, u.Card)
	}
	return out
}

// summaryJSON is what golden records keep of a game's end.
func summaryJSON(g *Game) string {
	sum, _ := json.Marshal(summary{g.Rounds(), g.Results(), g.Winner()})
	return string(sum)
}

// TestRuling17ByEdition plays the positions of ruling 17's fix under both
// editions: the first accepts and offers the two plays, the second refuses
// them and offers neither.
func TestRuling17ByEdition(t *testing.T) {
	fives := []Use{a(id(5, Amber)), a(id(5, Azure))}
	positions := []struct {
		name  string
		setup func(t *testing.T, opts Options) *Game
		play  []Use
		code  string
		after func(t *testing.T, g *Game)
	}{
		{"re-laying one's own combination unchanged for the professor one holds",
			func(t *testing.T, opts Options) *Game {
				g := rig(t, 2, opts, []int{id(5, Amber), id(5, Azure)})
				must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
				setHand(g, 0, []int{id(9, Jade)})
				return g
			}, fives, CodeNothingAdded,
			func(t *testing.T, g *Game) {
				if g.ProfessorSeat(Necromancer) != 0 || len(g.Combinations(0)) != 1 || !slices.Equal(g.Hand(0), []int{id(9, Jade)}) {
					t.Fatalf("professor at %d, combinations %+v, hand %v", g.ProfessorSeat(Necromancer), g.Combinations(0), g.Hand(0))
				}
			}},
		{"re-laying a pawnless combination unchanged to take the professor back",
			func(t *testing.T, opts Options) *Game {
				g := rig(t, 2, opts, []int{id(5, Amber), id(5, Azure)},
					[]int{id(6, Jade), id(6, Ruby), id(6, Amber), id(6, Azure)})
				must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn))
				must(t, g, play(Necromancer, 1, a(id(6, Jade)), a(id(6, Ruby))), mv(1, EndTurn), mv(0, RecruitHidden), mv(0, EndTurn))
				must(t, g, play(Seer, 1, a(id(6, Jade)), a(id(6, Amber)), a(id(6, Azure))), mv(1, EndTurn))
				if g.ProfessorSeat(Necromancer) != -1 {
					t.Fatal("the Necromancer did not go back to the board")
				}
				setHand(g, 0, []int{id(9, Jade)})
				return g
			}, fives, CodeNothingAdded,
			func(t *testing.T, g *Game) {
				if g.ProfessorSeat(Necromancer) != 0 {
					t.Fatal("the re-laid pair did not take the Necromancer back")
				}
			}},
		{"merging two of one's own combinations of one professor",
			func(t *testing.T, opts Options) *Game {
				g := rig(t, 2, opts, []int{id(4, Amber), id(4, Azure), id(5, Amber), id(5, Azure)})
				must(t, g, play(Necromancer, 0, a(id(4, Amber)), a(id(4, Azure))), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
				must(t, g, play(Necromancer, 0, fives...), mv(0, EndTurn), mv(1, RecruitHidden), mv(1, EndTurn))
				setHand(g, 0, []int{id(3, Jade), id(3, Ruby)})
				return g
			}, []Use{a(id(4, Amber)), a(id(4, Azure)), a(id(5, Amber)), a(id(5, Azure))}, CodeMergedCombinations,
			func(t *testing.T, g *Game) {
				if c := g.Combinations(0); len(c) != 1 || len(c[0].Uses) != 4 {
					t.Fatalf("combinations %+v, want the four cards in one", c)
				}
			}},
	}
	for _, p := range positions {
		t.Run(p.name+" is accepted and offered by the first edition", func(t *testing.T) {
			g := p.setup(t, Options{Expert: true, Edition: EditionFirst})
			if !slices.ContainsFunc(offeredPlays(g, 0), func(m Move) bool { return m.Prof == Necromancer && sameCards(m.Cards, p.play) }) {
				t.Fatal("Next does not offer it")
			}
			if !slices.ContainsFunc(g.ProfessorsFor(0, cardsOf(play(Necromancer, 0, p.play...))), func(c ProfessorChoice) bool { return c.Prof == Necromancer }) {
				t.Fatal("ProfessorsFor does not offer it")
			}
			must(t, g, play(Necromancer, 0, p.play...))
			p.after(t, g)
		})
		t.Run(p.name+" is refused and not offered by the second edition", func(t *testing.T) {
			g := p.setup(t, Options{Expert: true, Edition: EditionHigherOnly})
			refused(t, g, play(Necromancer, 0, p.play...), p.code)
			cards := cardsOf(play(Necromancer, 0, p.play...))
			if offersPlayOf(g, 0, Necromancer, cards...) {
				t.Fatal("it is still offered")
			}
		})
	}
}

func sameCards(a, b []Use) bool {
	if len(a) != len(b) {
		return false
	}
	for _, u := range a {
		if !slices.ContainsFunc(b, func(v Use) bool { return v.Card == u.Card }) {
			return false
		}
	}
	return true
}
