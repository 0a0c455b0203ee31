package bot

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/engine"
)

// playManyGames plays games games at once, each in its own channel with
// three players (the third with closed DMs), until every game has reached
// turn `turns`+1 (or its end), and returns the acknowledgement latencies.
func playManyGames(t *testing.T, games, turns int) []time.Duration {
	h := newHarness(t, "host")
	type table struct {
		h       *harness
		players []*player
	}
	tables := make([]table, games)
	for k := range tables {
		ch := h.srv.AddTextChannel(h.world.Guild.ID, fmt.Sprintf("game-%d", k))
		var users []discordtest.User
		var ps []*player
		for j := 0; j < 3; j++ {
			u := h.srv.AddUser(fmt.Sprintf("p%d-%d", k, j))
			h.srv.AddMember(h.world.Guild.ID, u)
			users = append(users, u)
			p := &player{user: u, rng: rand.New(rand.NewPCG(uint64(k), uint64(j)))}
			if j == 2 {
				p.viaSlash = true
				h.srv.SetDMsClosed(u.ID, true)
			}
			ps = append(ps, p)
		}
		tables[k] = table{h: h.in(t, ch), players: ps}
		tables[k].h.openGame(users...)
	}
	start := len(h.srv.AckLatencies())
	var wg sync.WaitGroup
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb := tables[k]
			t.Run(fmt.Sprintf("game %d is played alongside the others", k), func(t *testing.T) {
				gh := tb.h.in(t, tb.h.world.Channel)
				gh.playUntil(tb.players, func() bool {
					g := gh.state(gh.world.Channel.ID).State
					return g.Step == engine.StepOver || g.TurnNumber() > turns
				})
			})
		}()
	}
	wg.Wait()
	return h.srv.AckLatencies()[start:]
}

// TestTwentyGamesAtOnce plays twenty games at the same time through one bot
// and reports how fast interactions are acknowledged (the target is a p99
// under 100 ms; run with -v to see the figure).
func TestTwentyGamesAtOnce(t *testing.T) {
	t.Parallel()
	turns := 2
	if testing.Short() || raceEnabled {
		turns = 1 // the race detector makes the full load take minutes
	}
	lat := playManyGames(t, 20, turns)
	p50, p99 := discordtest.Percentile(lat, 50), discordtest.Percentile(lat, 99)
	t.Logf("20 games at once: %d interactions, acknowledgement p50 %v, p99 %v", len(lat), p50, p99)
	if len(lat) < 20*turns*3 {
		t.Fatalf("only %d interactions", len(lat))
	}
}
