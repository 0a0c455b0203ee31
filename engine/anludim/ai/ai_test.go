package ai

import (
	"os"
	"testing"
	"time"

	"atheneum/engine/anludim"
)

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
			st, err := Simulate(SimConfig{Levels: tb.levels, Games: 2, Seed: 3, Playouts: 8, Rotate: true, Options: anludim.Options{Expert: tb.expert}})
			if err != nil {
				t.Fatal(err)
			}
			if st.Games != 2 || st.Rounds < 4 || st.SeatWins == nil {
				t.Fatalf("stats %+v", st)
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
	start := time.Now()
	m := h.Propose(g.View(0), 0)
	took := time.Since(start)
	if _, err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	t.Logf("one hard decision at %d play-outs: %v", DefaultPlayouts, took)
	if !raceEnabled && took > time.Second {
		t.Fatalf("a hard decision took %v", took)
	}
}

// TestMatchHardAgainstNormal measures hard against normal over many
// two-seat games with both seatings; set ANLUDIM_MATCH=1 to run it
// (ANLUDIM_MATCH=expert for the expert variant).
func TestMatchHardAgainstNormal(t *testing.T) {
	mode := os.Getenv("ANLUDIM_MATCH")
	if mode == "" {
		t.Skip("set ANLUDIM_MATCH=1 to play the match")
	}
	opts := anludim.Options{Expert: mode == "expert"}
	st, err := Simulate(SimConfig{Levels: []string{"hard", "normal"}, Games: matchGames, Seed: 2026, Playouts: matchPlayouts, Rotate: true, Workers: 2, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	rate := st.WinRate("hard")
	t.Logf("expert %v: hard (%d play-outs) beat normal in %d of %d games (%.1f%%); seat 0 won %d; %.2f rounds per game",
		opts.Expert, matchPlayouts, st.LevelWins["hard"], st.Games, 100*rate, st.SeatWins[0], st.RoundsPerGame())
	if rate < 0.65 {
		t.Fatalf("hard won %.1f%%, want at least 65%%", 100*rate)
	}
}

const (
	matchGames    = 400
	matchPlayouts = DefaultPlayouts
)

func TestNormalBeatsRandomMostOfTheTime(t *testing.T) {
	st, err := Simulate(SimConfig{Levels: []string{"normal", "random"}, Games: 20, Seed: 9, Rotate: true})
	if err != nil {
		t.Fatal(err)
	}
	if rate := st.WinRate("normal"); rate < 0.8 {
		t.Fatalf("normal won %.0f%% of its games against random", 100*rate)
	}
}

func TestSimulateAddsUp(t *testing.T) {
	st, err := Simulate(SimConfig{Levels: []string{"normal", "normal", "normal"}, Games: 12, Seed: 4, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ends, wins := 0, 0
	for _, n := range st.Ends {
		ends += n
	}
	for _, n := range st.SeatWins {
		wins += n
	}
	paid := 0
	for _, p := range st.ProfessorPoints {
		paid += p
	}
	t.Logf("%.1f turns and %.2f rounds per game; ends %v; first player won %.0f%% of rounds; points per round %v",
		st.TurnsPerGame(), st.RoundsPerGame(), st.Ends, 100*st.FirstPlayerRoundRate(), st.ProfessorPointsPerRound())
	if ends != st.Rounds || wins != st.Games || st.Games != 12 || paid == 0 || st.Turns < st.Rounds {
		t.Fatalf("stats do not add up: %+v", st)
	}
	again, _ := Simulate(SimConfig{Levels: []string{"normal", "normal", "normal"}, Games: 12, Seed: 4, Workers: 1})
	if again.Turns != st.Turns || again.ProfessorPoints != st.ProfessorPoints {
		t.Fatal("the number of workers changed the result")
	}
}
