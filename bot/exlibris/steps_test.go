package exlibris

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/engine/exlibris/ai"
)

// waits are what a table of normal computer players does over a game, as
// a deadline sees it: the decisions taken, and the waits, the times the
// game starts waiting for a seat that was not asked the decision before
// (a seat's decisions that follow one another are answered while it is
// there; a step asking several seats at once is one wait).
type waits struct {
	games                int
	decisions, waits     int
	longest, mostOneSeat int
	// owed are the waits for an answer owed to another seat's visit.
	owed int
}

// measureWaits plays games of seats normal players from seed 1.
func measureWaits(t testing.TB, seats, games int) waits {
	t.Helper()
	var w waits
	w.games = games
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, err := ex.Rules.New(seed, engine.Setup{Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*ex.State).Game
		players := make([]engine.Player, seats)
		for i := range players {
			players[i], _ = ai.Players{}.Player("normal", seed+uint64(i))
		}
		var before []int
		perSeat := make([]int, seats)
		game := 0
		for !st.Over() {
			asked := st.Awaited()
			fresh := slices.DeleteFunc(slices.Clone(asked), func(s int) bool { return slices.Contains(before, s) })
			if len(fresh) > 0 {
				game++
				for _, s := range fresh {
					perSeat[s]++
				}
				if d, _ := g.Decision(fresh[0]); d.Asker >= 0 && d.Asker < seats && d.Asker != fresh[0] {
					w.owed++
				}
			}
			before = append(before[:0], asked...)
			seat := asked[0]
			m, err := players[seat].Propose(st.View(seat), seat)
			if err == nil {
				_, err = st.Apply(m)
			}
			if err != nil {
				t.Fatal(err)
			}
			w.decisions++
		}
		w.waits += game
		w.longest = max(w.longest, game)
		w.mostOneSeat = max(w.mostOneSeat, slices.Max(perSeat))
	}
	return w
}

// TestTheStepTimeCoversANightAndKeepsAGameWithinFiveWeeks: a step waits
// through a night's sleep, and a game of four normal players, if every
// wait ran to its deadline, would still end within five weeks; the
// figures docs/exlibris/discord.md gives are logged.
func TestTheStepTimeCoversANightAndKeepsAGameWithinFiveWeeks(t *testing.T) {
	games := 50
	if raceEnabled {
		games = 5
	}
	step := time.Duration(StepHours) * time.Hour
	if step < 8*time.Hour {
		t.Errorf("a step of %v does not cover a night", step)
	}
	for seats := 1; seats <= ex.MaxSeats; seats++ {
		w := measureWaits(t, seats, games)
		f := float64(w.games)
		t.Logf("%d seats: %.1f decisions and %.1f waits a game (%.1f for an answer owed to another's visit); the longest game %d waits, one seat at most %d: %s at most",
			seats, float64(w.decisions)/f, float64(w.waits)/f, float64(w.owed)/f, w.longest, w.mostOneSeat, days(time.Duration(w.longest)*step))
		if worst := time.Duration(w.longest) * step; worst > 35*24*time.Hour {
			t.Errorf("%d seats: the longest game waits %d times, %v at %v a step", seats, w.longest, worst, step)
		}
		if seats > 1 && w.waits >= w.decisions/2 {
			t.Errorf("%d seats: %d waits for %d decisions: the count of waits is wrong", seats, w.waits, w.decisions)
		}
	}
}

// days writes a duration in days.
func days(d time.Duration) string { return fmt.Sprintf("%.1f days", d.Hours()/24) }
