package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

// randomGame plays one game between random players and returns its
// configuration and actions.
func randomGame(t *testing.T, players int, seed uint64) (atheneum.Config, []atheneum.Action) {
	t.Helper()
	cfg := atheneum.Config{Subjects: atheneum.Colors[:players], Seed: seed}
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	actions, err := atheneum.NewRandomPlayer(seed).Playout(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, actions
}

func TestAnalyzeGameAccountsForEveryPickObjectiveAndCompartment(t *testing.T) {
	t.Parallel()
	for _, players := range []int{2, 4, 5} {
		cfg, actions := randomGame(t, players, uint64(40+players))
		st, err := analyzeGame(cfg, actions)
		if err != nil {
			t.Fatal(err)
		}
		g, err := atheneum.Replay(cfg, actions)
		if err != nil {
			t.Fatal(err)
		}
		c := g.Content
		if len(st.Picks) != players*2*atheneum.TurnsPerPhase {
			t.Fatalf("%d players: %d picks", players, len(st.Picks))
		}
		for _, p := range st.Picks {
			want := atheneum.HandSize - (p.Turn-1)%atheneum.TurnsPerPhase
			if len(p.Offered) != want || !slices.Contains(p.Offered, p.Picked) {
				t.Fatalf("turn %d: offered %v, picked %s", p.Turn, p.Offered, p.Picked)
			}
			i, _ := c.CardIndex(p.Picked)
			if c.Cards[i].Deck != (p.Turn-1)/atheneum.TurnsPerPhase {
				t.Fatalf("turn %d played %s from the wrong deck", p.Turn, p.Picked)
			}
		}
		rowTurns, objPoints, resultObj := 0, 0, 0
		for code, n := range st.RowTurns {
			rowTurns += n
			if n > atheneum.RowSize {
				t.Fatalf("%s stayed %d turns in a row of %d slots", code, n, atheneum.RowSize)
			}
		}
		for code, n := range st.Scored {
			i, _ := c.ObjectiveIndex(code)
			objPoints += n * c.Objectives[i].Points
			if st.RowTurns[code] == 0 {
				t.Fatalf("%s scored but never in the row", code)
			}
		}
		share := 0.0
		for i, r := range st.Results {
			resultObj += r.Objectives
			share += st.WinShare[i]
			comps := 0
			for id, full := range st.Full[i] {
				if full {
					comps += c.Main.Compartments[id].Value
				}
			}
			for _, s := range st.Sides {
				if s.Seat == i && s.Full {
					spec, _ := c.SideShelf(s.Shelf)
					comps += spec.Value
				}
			}
			if comps != r.Compartments {
				t.Fatalf("seat %d: filled compartments worth %d, result says %d", i, comps, r.Compartments)
			}
		}
		if rowTurns != 2*atheneum.TurnsPerPhase*atheneum.RowSize || objPoints != resultObj || share < 0.999 || share > 1.001 {
			t.Fatalf("row turns %d, objective points %d vs %d, win shares %v", rowTurns, objPoints, resultObj, st.WinShare)
		}
	}
}

func TestAnalyzeGameCountsTheLastPickOnly(t *testing.T) {
	t.Parallel()
	cfg := atheneum.Config{Subjects: atheneum.Colors[:3], Seed: 7}
	g, err := atheneum.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	first, second := g.CardCode(g.Seats[0].Hand[0]), g.CardCode(g.Seats[0].Hand[1])
	actions := []atheneum.Action{{Type: atheneum.ActPick, Seat: 0, Card: first}, {Type: atheneum.ActPick, Seat: 0, Card: second}}
	for _, a := range actions {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rest, err := atheneum.NewRandomPlayer(7).Playout(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := analyzeGame(cfg, append(actions, rest...))
	if err != nil {
		t.Fatal(err)
	}
	if p := st.Picks[0]; p.Seat != 0 || p.Turn != 1 || p.Picked != second || len(p.Offered) != atheneum.HandSize {
		t.Fatalf("first pick %+v, want seat 0 playing %s from a full hand", p, second)
	}
}

func TestAnalyzeGameRefusesBrokenAndUnfinishedGames(t *testing.T) {
	t.Parallel()
	cfg, actions := randomGame(t, 3, 5)
	if _, err := analyzeGame(cfg, actions[:len(actions)/2]); err == nil {
		t.Fatal("an unfinished game was analysed")
	}
	bad := slices.Clone(actions)
	bad[0].Card = "Z99"
	if _, err := analyzeGame(cfg, bad); err == nil {
		t.Fatal("an illegal action was accepted")
	}
}

func TestReportSumsAndVerdicts(t *testing.T) {
	t.Parallel()
	b := newBalance(atheneum.Default(), 4)
	for s := uint64(1); s <= 6; s++ {
		cfg, actions := randomGame(t, 4, s)
		st, err := analyzeGame(cfg, actions)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.add(st, cfg.Subjects); err != nil {
			t.Fatal(err)
		}
	}
	f := b.figures()
	sum, wins := 0.0, 0.0
	for _, s := range f.Shares {
		sum += s
	}
	for _, w := range f.SeatWinRates {
		wins += w
	}
	if sum < 0.999 || sum > 1.001 || wins < 0.999 || wins > 1.001 || f.WinnerMedian < f.MeanScore {
		t.Fatalf("figures %+v", f)
	}
	picks := 0
	for _, t := range b.cards {
		picks += t.picked
	}
	if picks != 6*4*10 {
		t.Fatalf("%d picks counted", picks)
	}
	// Too few games to judge a card: nothing may be called dead or dominant
	// from a handful of picks... except objectives, which need 20 chances.
	if cardVerdict(&cardTally{offered: 3, expected: 1, picked: 0}, 0.25) != "" {
		t.Fatal("a card was judged on three offers")
	}
	for _, tc := range []struct {
		name string
		t    cardTally
		want string
	}{
		{"a card hardly ever taken is dead", cardTally{offered: 3000, picked: 30, wins: 7.5}, "dead"},
		{"a card taken a little under the limit, by less than the guard, is only near dead", cardTally{offered: 3000, picked: 140, wins: 35}, "near dead"},
		{"a card whose players lose is dead", cardTally{offered: 3000, picked: 1500, wins: 1500 * 0.13}, "dead"},
		{"a card almost always taken is dominant", cardTally{offered: 3000, picked: 2990, wins: 747}, "dominant"},
		{"a card whose players win is dominant", cardTally{offered: 3000, picked: 1500, wins: 1500 * 0.36}, "dominant"},
		{"a card whose players win past the limit by less than the guard is only near dominant", cardTally{offered: 3000, picked: 1500, wins: 500}, "near dominant"},
		{"a card whose players lose past the limit on few picks is only near dead", cardTally{offered: 300, picked: 110, wins: 110 * 0.18}, "near dead"},
		{"a card of too few picks has its win rate left alone", cardTally{offered: 300, picked: 60, wins: 5}, ""},
		{"a fair card has no verdict", cardTally{offered: 300, picked: 150, wins: 150 * 0.27}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cardVerdict(&tc.t, 0.25); got != tc.want {
				t.Errorf("%+v is %q, want %q", tc.t, got, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name string
		t    objectiveTally
		want string
	}{
		{"an objective hardly ever scored is dead", objectiveTally{chances: 4000, scored: 20}, "dead"},
		{"an objective scored by most is dominant", objectiveTally{chances: 400, scored: 300}, "dominant"},
		{"an objective scored well past the limit is dominant", objectiveTally{chances: 6000, scored: 3800}, "dominant"},
		{"an objective scored just past the limit, within the guard, is only near dominant", objectiveTally{chances: 6000, scored: 3620}, "near dominant"},
		{"an objective scored under the limit on few chances is only near dead", objectiveTally{chances: 400, scored: 4}, "near dead"},
		{"an objective scored by a quarter is fair", objectiveTally{chances: 400, scored: 100}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := objectiveVerdict(&tc.t); got != tc.want {
				t.Errorf("%+v is %q, want %q", tc.t, got, tc.want)
			}
		})
	}
}

// TestEveryVerdictHasTheSameGuard: a rate is judged past a limit only three
// standard errors (of a rate at the limit) beyond it, whatever it measures,
// seats included.
func TestEveryVerdictHasTheSameGuard(t *testing.T) {
	t.Parallel()
	se := math.Sqrt(0.6 * 0.4 / 1000)
	for _, tc := range []struct {
		name string
		rate float64
		want string
	}{
		{"inside the limits", 0.5, ""},
		{"just past the upper limit", 0.6 + 0.5*se, verdictNearDominant},
		{"past it by a little less than three standard errors", 0.6 + 2.9*se, verdictNearDominant},
		{"past it by a little more than three standard errors", 0.6 + 3.1*se, verdictDominant},
		{"past the lower limit by a little more than three standard errors", 0.03 - 3.1*math.Sqrt(0.03*0.97/1000), verdictDead},
		{"past the lower limit by less", 0.029, verdictNearDead},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := judge(tc.rate, 1000, 0.03, 0.6); got != tc.want {
				t.Errorf("judge(%.4f) = %q, want %q", tc.rate, got, tc.want)
			}
		})
	}
	t.Run("a seat is judged with the same guard", func(t *testing.T) {
		b := newBalance(atheneum.Default(), 4)
		b.games = 4000
		b.seatWins = []float64{4000 * 0.285, 4000 * 0.25, 4000 * 0.26, 4000 * 0.195}
		want := []string{verdictNearDominant, "", "", verdictDead}
		for seat, w := range want {
			if got := b.seatVerdict(seat); got != w {
				t.Errorf("seat %d winning %.1f%% of 4000 games: %q, want %q", seat, 100*b.seatWins[seat]/4000, got, w)
			}
		}
		if f := b.figures(); f.UnfairSeats != 1 {
			t.Errorf("%d unfair seats, want 1", f.UnfairSeats)
		}
	})
}

func TestReportIsWrittenWithItsCommandAndKeepsTheNotes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "balance.md")
	notes := reportKeepMarker + "\n\n## Notes\n\nhand-written\n"
	if err := os.WriteFile(path, []byte("old report\n\n"+notes), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newReporter(path, []string{"--games", "2", "--report", path})
	r.header.Date = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, s := range []uint64{12, 11} {
		cfg, actions := randomGame(t, 3, s)
		st, err := analyzeGame(cfg, actions)
		if err != nil {
			t.Fatal(err)
		}
		r.add(st, cfg.Subjects)
	}
	if err := r.write("random ×3"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{"# Balance report", "Generated on 2026-11-23 10:00 UTC", "go run ./cmd/atheneum sim --games 2 --report " + path,
		"seeds 11 to 12", "random ×3", "## Seat positions", "## Objectives", "## Study cards", "| A01 |", "| O35 `", notes} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(got, "old report") || !strings.HasSuffix(got, notes) {
		t.Errorf("the notes were not kept or the old report was:\n%s", got)
	}
	var nothing *reporter
	nothing.add(nil, nil)
	if err := nothing.write(""); err != nil || newReporter("", nil) != nil {
		t.Fatal("a disabled reporter did something")
	}
	var buf bytes.Buffer
	if err := writeReport(&buf, reportHeader{}, nil); err == nil {
		t.Fatal("a report of no game was written")
	}
}

func TestSimConfigDealsEverySubjectToEverySeat(t *testing.T) {
	t.Parallel()
	const games, players = 500, 4
	seen := map[[2]int]int{}
	for s := uint64(1); s <= games; s++ {
		cfg := simConfig(s, players, nil)
		if !slices.Equal(cfg.Subjects, simConfig(s, players, nil).Subjects) || cfg.Seed != s || len(cfg.Subjects) != players {
			t.Fatalf("seed %d: %+v", s, cfg)
		}
		if _, err := atheneum.NewGame(cfg); err != nil {
			t.Fatal(err)
		}
		for seat, c := range cfg.Subjects {
			seen[[2]int{seat, int(c)}]++
		}
	}
	for seat := 0; seat < players; seat++ {
		for _, c := range atheneum.Colors {
			if n := seen[[2]int{seat, int(c)}]; n < games/5-40 || n > games/5+40 {
				t.Errorf("seat %d had subject %s in %d of %d games", seat, c, n, games)
			}
		}
	}
}

func TestSimWritesTheReport(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "balance.md")
	args := []string{"sim", "--games", "4", "--players", "3", "--ai", "normal", "--content", "atheneum-1", "--report", path}
	var out bytes.Buffer
	if err := run(args, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go run ./cmd/atheneum " + strings.Join(args, " "), "Content pack `atheneum-1`, 4 games of 3 players (normal ×3), seeds 1 to 4"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the report lacks %q:\n%s", want, data)
		}
	}
	if err := run([]string{"sim", "--games", "1", "--content", "atheneum-0"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Fatal("an unknown pack was played")
	}
	if got := describeLevels([]string{"hard", "normal", "normal"}, true); got != "hard ×1, normal ×2, levels moving one seat along each game" {
		t.Fatalf("describeLevels = %q", got)
	}
}

func TestSideShelvesAreJudgedAsStudyCardsAre(t *testing.T) {
	t.Parallel()
	t.Run("every side shelf placed is recorded with the supply it was chosen from", func(t *testing.T) {
		choices := 0
		for seed := uint64(1); seed <= 8; seed++ {
			cfg, actions := randomGame(t, 4, seed)
			st, err := analyzeGame(cfg, actions)
			if err != nil {
				t.Fatal(err)
			}
			if len(st.SideChoices) != len(st.Sides) {
				t.Fatalf("seed %d: %d side shelves chosen, %d on the final shelves", seed, len(st.SideChoices), len(st.Sides))
			}
			for _, c := range st.SideChoices {
				if !slices.Contains(c.Offered, c.Picked) {
					t.Fatalf("seed %d: S%d chosen from %v", seed, c.Picked, c.Offered)
				}
			}
			choices += len(st.SideChoices)
		}
		if choices == 0 {
			t.Fatal("eight random games placed no side shelf")
		}
	})
	tests := []struct {
		name string
		t    shelfTally
		want string
	}{
		{"a shelf hardly ever chosen is dead", shelfTally{offered: 3000, chosen: 20, taken: 20, wins: 5}, "dead"},
		{"a shelf chosen at almost every offer is dominant", shelfTally{offered: 1000, chosen: 990, taken: 990, wins: 250}, "dominant"},
		{"a shelf whose takers win far more is dominant", shelfTally{offered: 6000, chosen: 2000, taken: 2000, wins: 2000 * 0.35}, "dominant"},
		{"a shelf whose takers lose far more is dead", shelfTally{offered: 3000, chosen: 600, taken: 600, wins: 600 * 0.13}, "dead"},
		{"a shelf whose takers win past the limit by less than the guard is only near dominant", shelfTally{offered: 3000, chosen: 600, taken: 600, wins: 600 * 0.35}, "near dominant"},
		{"a shelf chosen now and then, whose takers win as others do, is fair", shelfTally{offered: 3000, chosen: 300, taken: 300, wins: 75}, ""},
		{"a shelf offered too few times is not judged", shelfTally{offered: 50, chosen: 0}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBalance(atheneum.Default(), 4)
			*b.shelf(3) = tc.t
			if got := b.shelfVerdict(3, 0.25); got != tc.want {
				t.Errorf("%+v is %q, want %q", tc.t, got, tc.want)
			}
			f := b.figures()
			dead, dom := slices.Contains(f.DeadShelves, "S3"), slices.Contains(f.DomShelves, "S3")
			if dead != (tc.want == "dead") || dom != (tc.want == "dominant") {
				t.Errorf("the verdict lists dead %v, dominant %v", f.DeadShelves, f.DomShelves)
			}
		})
	}
}
