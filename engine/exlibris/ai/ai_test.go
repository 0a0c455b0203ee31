package ai

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"atheneum/engine"
	"atheneum/engine/exlibris"
)

func TestNewKnowsEveryLevel(t *testing.T) {
	for _, lv := range Levels {
		p, err := New(lv, 1, 0)
		if err != nil || p.Level() != lv {
			t.Fatalf("%s: %v", lv, err)
		}
	}
	if _, err := New("grandmaster", 1, 0); err == nil {
		t.Fatal("an unknown level was accepted")
	}
}

// TestEveryLevelFinishesGamesOfEverySize plays the levels against each
// other at every number of seats and in every mode, each deciding from
// its view: every game ends with well-formed results.
func TestEveryLevelFinishesGamesOfEverySize(t *testing.T) {
	for seats := 1; seats <= exlibris.MaxSeats; seats++ {
		for _, mode := range []string{"standard", "beginner", "friendly"} {
			t.Run(fmt.Sprintf("%d seats in the %s mode finish", seats, mode), func(t *testing.T) {
				sum := engine.PlayMatch(Game(Players{Playouts: 6}), engine.Match{
					Games: 2, Seed: uint64(10 * seats), Seats: seats, Levels: []string{"normal", "hard", "random", "normal"}, Rotate: true,
					Setup: func(int) engine.Setup {
						return engine.Setup{Seats: seats, Options: map[string]string{exlibris.OptionMode: mode}}
					},
				})
				if sum.Errors > 0 || sum.Games != 2 {
					t.Fatalf("%d games, %d errors: %v", sum.Games, sum.Errors, sum.FirstErrors)
				}
			})
		}
	}
}

// TestNormalBeatsRandom: the heuristic wins nearly every two-seat game
// against random choices.
func TestNormalBeatsRandom(t *testing.T) {
	sum := engine.PlayMatch(Game(Players{}), engine.Match{Games: 20, Seed: 5, Seats: 2, Levels: []string{"normal", "random"}, Rotate: true})
	if sum.Errors > 0 {
		t.Fatal(sum.FirstErrors)
	}
	if normal := sum.Levels[0]; normal.WinRate < 0.9 {
		t.Fatalf("normal won %.0f %% of its games against random", 100*normal.WinRate)
	}
}

// TestNormalKeepsItsCollectionInOrder: the cards the normal player
// archives mostly pass the alphabetical check, where a random player's
// mostly do not.
func TestNormalKeepsItsCollectionInOrder(t *testing.T) {
	down := map[string][2]int{}
	for _, level := range []string{"normal", "random"} {
		engine.PlayMatch(Game(Players{}), engine.Match{Games: 10, Seed: 9, Seats: 2, Levels: []string{level},
			Each: func(rec engine.GameRecord) {
				g := rec.Final.(*exlibris.State).Game
				d := down[level]
				for s := 0; s < g.Seats(); s++ {
					for _, p := range g.Collection(s) {
						if p.FaceDown {
							d[0]++
						}
						d[1]++
					}
				}
				down[level] = d
			}})
	}
	share := func(level string) float64 { return float64(down[level][0]) / float64(max(1, down[level][1])) }
	t.Logf("cards face down at the end: normal %.0f %%, random %.0f %%", 100*share("normal"), 100*share("random"))
	if share("normal") > 0.2 || share("normal") > share("random")/2 {
		t.Fatalf("normal ends with %.0f %% of its cards face down (random %.0f %%)", 100*share("normal"), 100*share("random"))
	}
}

// TestHardPlaysTheSameMoveFromTheSameSeed: a hard decision depends on the
// seed and the position only, not on the player's history.
func TestHardPlaysTheSameMoveFromTheSameSeed(t *testing.T) {
	g, seat := placementAt(t, 3, 2, 2)
	v := g.View(seat)
	used := NewHard(7, 60)
	first, err := used.Propose(v, seat)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := used.Propose(v, seat)
	fresh, _ := NewHard(7, 60).Propose(g.View(seat), seat)
	if first != again || first != fresh {
		t.Fatalf("the same position gave %v, %v and %v", first, again, fresh)
	}
}

// TestTheAutopilotAnswersEveryKindOfDecision plays random games of every
// size and mode and asks the autopilot at every step, from the view of
// the seat asked: it always answers with a decision the game offers, and
// every kind of decision turns up (among them the answers owed in the
// middle of another seat's turn: a tax to pay, a card to give to the
// goblin, the cube's choice between two evils, a sale to take from).
func TestTheAutopilotAnswersEveryKindOfDecision(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 48; i++ {
		g, err := exlibris.New(uint64(400+i), 1+i%4, exlibris.Options{Mode: exlibris.Mode(i / 4 % 3)})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(uint64(i))
		var opts []exlibris.Action
		for steps := 0; !g.Over(); steps++ {
			aw := g.Awaited()
			seat := aw[r.IntN(len(aw))]
			d, _ := g.Decision(seat)
			seen[d.Kind] = true
			a, err := Autopilot(g.View(seat), seat)
			if err != nil {
				t.Fatalf("%s: %v", d.Kind, err)
			}
			opts = g.AppendOptions(opts[:0], seat)
			if !slices.Contains(opts, a) {
				t.Fatalf("at %s (%s) the autopilot chose %v, which the game does not offer", g.StepKey(), d.Kind, a)
			}
			// Half the steps go the autopilot's way, half at random, and
			// the draft always at random, so that games reach every corner
			// (every library's power among them).
			if r.IntN(2) == 0 || d.Kind == "library" || d.Kind == "library_discard" {
				a = opts[r.IntN(len(opts))]
			}
			if err := g.Do(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range exlibris.DecisionKinds {
		if !seen[k] {
			t.Errorf("no game asked for %s", k)
		}
	}
}

// TestNoComputerPlayerEverUndoes: the undo move (ruling 50) is a person's
// own, against a slip of the finger. The random, normal and hard players
// and the autopilot never play it, though it is open to them at many of
// their decisions, and neither do the matches sim plays.
func TestNoComputerPlayerEverUndoes(t *testing.T) {
	ps := Players{Playouts: 6}
	for _, level := range append(slices.Clone(Levels), "autopilot") {
		name := "the " + level + " player never undoes"
		if level == "autopilot" {
			name = "the autopilot never undoes"
		}
		t.Run(name, func(t *testing.T) {
			games := map[string]int{"random": 24, "normal": 12, "hard": 4, "autopilot": 12}[level]
			open, undos, moves := 0, 0, 0
			for k := 0; k < games; k++ {
				seats := 1 + k%4
				st, err := exlibris.Rules.New(uint64(500+k), engine.Setup{Seats: seats})
				if err != nil {
					t.Fatal(err)
				}
				players := make([]engine.Player, seats)
				for s := range players {
					if level != "autopilot" {
						if players[s], err = ps.Player(level, uint64(k*10+s)); err != nil {
							t.Fatal(err)
						}
					}
				}
				for !st.Over() {
					seat := st.Awaited()[0]
					if st.(*exlibris.State).Game.CanUndo(seat) {
						open++
					}
					var m engine.Move
					if level == "autopilot" {
						m, err = ps.Autopilot(st.View(seat), seat, 0)
					} else {
						m, err = players[seat].Propose(st.View(seat), seat)
					}
					if err != nil {
						t.Fatal(err)
					}
					if strings.HasSuffix(string(m), " "+exlibris.UndoKey) {
						undos++
					}
					if _, err := st.Apply(m); err != nil {
						t.Fatalf("%s: %v", m, err)
					}
					moves++
				}
			}
			if undos != 0 {
				t.Fatalf("%d undos in %d moves", undos, moves)
			}
			if open == 0 {
				t.Fatalf("the undo was never open in %d moves: nothing was shown", moves)
			}
			t.Logf("%d games, %d moves, the undo open at %d of them, 0 undos", games, moves, open)
		})
	}
	t.Run("matches between the random and the other players hold no undo", func(t *testing.T) {
		var moves, undos atomic.Int64
		sum := engine.PlayMatch(Game(ps), engine.Match{
			Games: 16, Seed: 77, Seats: 3, Levels: []string{"random", "normal", "random"}, Rotate: true, Workers: 2,
			Each: func(rec engine.GameRecord) {
				moves.Add(int64(len(rec.Moves)))
				for _, m := range rec.Moves {
					if strings.HasSuffix(string(m), " "+exlibris.UndoKey) {
						undos.Add(1)
					}
				}
			},
		})
		if sum.Errors > 0 || sum.Games != 16 {
			t.Fatalf("%d games, %d errors: %v", sum.Games, sum.Errors, sum.FirstErrors)
		}
		if n := undos.Load(); n != 0 || moves.Load() == 0 {
			t.Fatalf("%d undos in %d moves", n, moves.Load())
		}
	})
}
