package ai

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/enginetest"
)

// match plays a match of Anludim between the computer players, the hard
// ones at playouts (0: their default), in the variant given.
func match(levels []string, games int, seed uint64, playouts int, expert bool, workers int, each func(engine.GameRecord)) engine.MatchSummary {
	variant := "base"
	if expert {
		variant = "expert"
	}
	return engine.PlayMatch(Game(Players{Playouts: playouts}), engine.Match{Games: games, Seed: seed, Seats: len(levels), Levels: levels,
		Rotate: true, Workers: workers, Each: each,
		Setup: func(int) engine.Setup {
			return engine.Setup{Seats: len(levels), Options: map[string]string{anludim.OptionVariant: variant}}
		}})
}

func TestEveryLevelPlaysOnlyLegalMoves(t *testing.T) {
	tables := []struct {
		name   string
		levels []string
		expert bool
	}{
		{"random and normal players finish a two-seat game", []string{"random", "normal"}, false},
		{"a hard player with a small budget finishes a three-seat game", []string{"hard", "normal", "random"}, false},
		{"all levels finish an expert game", []string{"normal", "hard", "random", "normal"}, true},
		{"five normal players finish a game", []string{"normal", "normal", "normal", "normal", "normal"}, false},
	}
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			var mu sync.Mutex
			rounds := 0
			sum := match(tb.levels, 2, 3, 8, tb.expert, 1, func(r engine.GameRecord) {
				if r.Final != nil {
					mu.Lock()
					rounds += len(r.Final.(*anludim.State).Game.Rounds())
					mu.Unlock()
				}
			})
			if sum.Games != 2 || sum.Errors != 0 || rounds < 4 {
				t.Fatalf("%d rounds; summary %+v", rounds, sum)
			}
		})
	}
}

func TestNewKnowsEveryLevel(t *testing.T) {
	for _, lv := range Levels {
		p, err := New(lv, 1)
		if err != nil || p.Level() != lv {
			t.Fatalf("%s: %v", lv, err)
		}
	}
	if _, err := New("grandmaster", 1); err == nil {
		t.Fatal("an unknown level was accepted")
	}
}

func TestAutopilotPlaysTheNormalMove(t *testing.T) {
	g, _ := anludim.New(5, 3, anludim.Options{})
	v := g.View(0)
	if Autopilot(v, 0).String() != (&Normal{}).Propose(v, 0).String() {
		t.Fatal("autopilot and normal differ")
	}
}

func TestHardDecidesWithinASecond(t *testing.T) {
	g, _ := anludim.New(11, 2, anludim.Options{})
	h := NewHard(1, DefaultPlayouts)
	// The decision's processor time, on the thread that searches (the
	// search runs on the caller's goroutine), not the wall clock, which a
	// loaded machine stretches.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, cpu := time.Now(), enginetest.ThreadCPU()
	m := h.Propose(g.View(0), 0)
	took, wall := enginetest.ThreadCPU()-cpu, time.Since(start)
	if _, err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	t.Logf("one hard decision at %d play-outs: %v of processor time (%v of wall clock)", DefaultPlayouts, took, wall)
	if !raceEnabled && took > time.Second {
		t.Fatalf("a hard decision took %v of processor time", took)
	}
}

// TestMatchHardAgainstNormal measures hard against normal over many
// two-seat games with both seatings; set ANLUDIM_MATCH=1 to run it
// (ANLUDIM_MATCH=expert for the expert variant). It plays the games of
// `atheneum sim --game anludim --players 2 --ai hard,normal --games 400
// --seed 2026` (docs/anludim/ai.md).
func TestMatchHardAgainstNormal(t *testing.T) {
	mode := os.Getenv("ANLUDIM_MATCH")
	if mode == "" {
		t.Skip("set ANLUDIM_MATCH=1 to play the match")
	}
	sum := match([]string{"hard", "normal"}, matchGames, 2026, 0, mode == "expert", 2, nil)
	if sum.Errors > 0 {
		t.Fatal(sum.FirstErrors)
	}
	hard := sum.Levels[0]
	t.Logf("expert %v: hard (%d play-outs) beat normal in %d of %d games (%.1f%%); seat 0 won %d",
		mode == "expert", DefaultPlayouts, hard.Wins, sum.Games, 100*hard.WinRate, sum.Seats[0].Wins)
	if hard.WinRate < 0.65 {
		t.Fatalf("hard won %.1f%%, want at least 65%%", 100*hard.WinRate)
	}
}

const matchGames = 400

func TestNormalBeatsRandomMostOfTheTime(t *testing.T) {
	sum := match([]string{"normal", "random"}, 20, 9, 0, false, 1, nil)
	if sum.Errors > 0 || sum.Levels[0].Level != "normal" {
		t.Fatalf("summary %+v", sum)
	}
	if rate := sum.Levels[0].WinRate; rate < 0.8 {
		t.Fatalf("normal won %.0f%% of its games against random", 100*rate)
	}
}

// TestNoLevelLaysACombinationAgainOrJoinsTwo: ruling 17 read strictly.
// Before it, every level had learned to lay one of its own combinations
// again unchanged (a free pass, or a free professor once the combination
// had lost its pawn); now no level proposes that, nor joins two of its own
// combinations of one professor. -v logs the counts.
func TestNoLevelLaysACombinationAgainOrJoinsTwo(t *testing.T) {
	games := 200
	if raceEnabled {
		games = 10
	}
	for _, tb := range []struct {
		levels []string
		games  int
	}{
		{[]string{"normal", "normal"}, games},
		{[]string{"normal", "normal", "normal", "normal"}, games},
		{[]string{"random", "random", "random"}, games},
		{[]string{"hard", "normal"}, games / 10},
	} {
		t.Run(fmt.Sprintf("%d expert games of %s", tb.games, strings.Join(tb.levels, ",")), func(t *testing.T) {
			relaid, joined, plays := 0, 0, 0
			for i := 0; i < tb.games; i++ {
				seed := uint64(1 + i)
				g, err := anludim.New(seed, len(tb.levels), anludim.Options{Expert: true})
				if err != nil {
					t.Fatal(err)
				}
				players := make([]Player, len(tb.levels))
				for s, lv := range tb.levels {
					if lv == "hard" {
						players[s] = NewHard(seed*31+uint64(s)+1, 100)
					} else if players[s], err = New(lv, seed*31+uint64(s)+1); err != nil {
						t.Fatal(err)
					}
				}
				for n := 0; !g.Over(); n++ {
					if n > engine.MaxPlayoutMoves {
						t.Fatalf("game %d did not end", i)
					}
					seat := g.Awaited()[0]
					m := players[seat].Propose(g.View(seat), seat)
					if m.Kind == anludim.Play {
						plays++
						r, j := reuses(g, m)
						relaid += r
						joined += j
					}
					if _, err := g.Apply(m); err != nil {
						t.Fatalf("%v: %v", m, err)
					}
				}
			}
			t.Logf("%d plays, %d laid again unchanged, %d joining two combinations of one professor", plays, relaid, joined)
			if relaid+joined > 0 {
				t.Errorf("%d plays laid a combination again unchanged and %d joined two", relaid, joined)
			}
		})
	}
}

// reuses says whether a play lays one of the seat's own combinations again
// unchanged (relaid 1) or takes cards from two of its own combinations of
// the play's professor (joined 1).
func reuses(g *anludim.Game, m anludim.Move) (relaid, joined int) {
	var cards []int
	for _, u := range m.Cards {
		cards = append(cards, u.Card)
	}
	slices.Sort(cards)
	same := 0
	for _, c := range g.Combinations(m.Seat) {
		if c.Prof != m.Prof {
			continue
		}
		var own []int
		for _, u := range c.Uses {
			own = append(own, u.Card)
		}
		slices.Sort(own)
		if slices.Equal(own, cards) {
			relaid = 1
		}
		if slices.ContainsFunc(own, func(c int) bool { return slices.Contains(cards, c) }) {
			same++
		}
	}
	if same > 1 {
		joined = 1
	}
	return relaid, joined
}
