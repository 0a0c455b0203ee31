package ai

import (
	"flag"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"atheneum/engine/atheneum"
)

var (
	tuneGames = flag.Int("tune", 0, "TestTune: paired games per trial (0 skips it)")
	tuneSeats = flag.Int("tuneseats", 2, "TestTune: seats per game")
)

// duel plays games between policies a (seat k) and b (the other seats) on
// seeds 0..games-1, every seed once with a at each seat, and returns a's
// share of the wins and its mean margin.
func duel(a, b *params, games, seats int) (float64, float64) {
	type res struct{ win, margin float64 }
	out := make([]res, games*seats)
	var wg sync.WaitGroup
	const workers = 2
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			pa, pb := policy{p: a}, policy{p: b}
			for j := w; j < len(out); j += workers {
				seed, me := j/seats, j%seats
				g, err := atheneum.NewGame(atheneum.Config{Subjects: atheneum.Colors[:seats], Seed: uint64(seed) + 1e6})
				if err != nil {
					panic(err)
				}
				for g.Step != atheneum.StepOver {
					s := g.Waiting()[0]
					pol := &pb
					if s == me {
						pol = &pa
					}
					if _, err := g.Apply(pol.decide(g, s)); err != nil {
						panic(err)
					}
				}
				out[j] = res{winShare(g, me), margin(g, me)}
			}
		}(w)
	}
	wg.Wait()
	var w, m float64
	for _, r := range out {
		w += r.win
		m += r.margin
	}
	return w / float64(len(out)), m / float64(len(out))
}

// TestTune tries each weight of the normal policy a little lower and
// higher against the current weights and keeps what wins; run with -tune N.
func TestTune(t *testing.T) {
	if *tuneGames == 0 {
		t.Skip("run with -tune N")
	}
	best := defaultParams
	n := reflect.TypeOf(best).NumField()
	field := func(p *params, f int) *float64 {
		return (*float64)(unsafe.Add(unsafe.Pointer(p), reflect.TypeOf(*p).Field(f).Offset))
	}
	for round := 0; round < 2; round++ {
		for f := 0; f < n; f++ {
			for _, k := range []float64{0.6, 1.5} {
				trial := best
				*field(&trial, f) *= k
				w, m := duel(&trial, &best, *tuneGames, *tuneSeats)
				t.Logf("%-14s x%.1f = %6.3f: win %.3f margin %+.2f", reflect.TypeOf(best).Field(f).Name, k, *field(&trial, f), w, m)
				if w > 0.53 {
					best = trial
					t.Logf("  kept")
					break
				}
			}
		}
		fmt.Printf("round %d: %+v\n", round, best)
	}
}
