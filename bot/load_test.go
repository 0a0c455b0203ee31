package bot

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/atheneum"
)

// tableOfThree adds channel game-k and three members to play in it, each
// with a driver seeded by k (the third has closed DMs and plays by
// command).
func (h *harness) tableOfThree(k int) (discordtest.Channel, []discordtest.User, []*drive.Player) {
	ch := h.Srv.AddTextChannel(h.world.Guild.ID, fmt.Sprintf("game-%d", k))
	var users []discordtest.User
	var ps []*drive.Player
	for j := range 3 {
		u := h.Srv.AddUser(fmt.Sprintf("p%d-%d", k, j))
		h.Srv.AddMember(h.world.Guild.ID, u)
		users = append(users, u)
		p := &drive.Player{User: u, Rng: rand.New(rand.NewPCG(uint64(k), uint64(j)))}
		if j == 2 {
			p.ViaSlash = true
			h.Srv.SetDMsClosed(u.ID, true)
		}
		ps = append(ps, p)
	}
	return ch, users, ps
}

// playManyGames plays games games at once, each in its own channel with
// three players (the third with closed DMs), until every game has reached
// turn `turns`+1 (or its end), and returns the acknowledgement latencies.
// Each game is driven from its own goroutine, so errors are collected and
// reported once all have finished.
func playManyGames(tb testing.TB, games, turns int) []time.Duration {
	return playManyGamesOn(tb, newHarness(tb, "host"), games, turns)
}

// playManyGamesOn is playManyGames through h's bot; the latencies are
// those of the games' own players only.
func playManyGamesOn(tb testing.TB, h *harness, games, turns int) []time.Duration {
	type table struct {
		h       *harness
		players []*drive.Player
	}
	tables := make([]table, games)
	for k := range tables {
		ch, users, ps := h.tableOfThree(k)
		tables[k] = table{h: h.in(tb, ch), players: ps}
		tables[k].h.openGame(users...)
		// Each driver waits for its own game only, never behind another.
		rec, err := h.db.GameInChannel(h.Ctx, ch.ID)
		if err != nil {
			tb.Fatal(err)
		}
		tables[k].h.Game = rec.ID
	}
	start := len(h.Srv.Interactions())
	mine := map[string]bool{}
	for _, tb := range tables {
		for _, p := range tb.players {
			mine[p.User.ID] = true
		}
	}
	errs := make([]error, games)
	var wg sync.WaitGroup
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gh := tables[k].h
			for rounds := 0; rounds < 3000; rounds++ {
				rec, err := gh.db.GameInChannel(gh.Ctx, gh.Channel)
				if err != nil {
					return // finished: no longer active
				}
				full, err := gh.db.LoadGame(gh.Ctx, rec.ID)
				if err != nil {
					errs[k] = err
					return
				}
				if g := ath(full.State); g.Step == atheneum.StepOver || g.TurnNumber() > turns {
					return
				}
				for _, p := range tables[k].players {
					if _, err := gh.Driver.Step(p); err != nil {
						errs[k] = fmt.Errorf("game %d: %w", k, err)
						return
					}
				}
			}
			errs[k] = fmt.Errorf("game %d did not reach turn %d", k, turns+1)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Error(err)
		}
	}
	var lat []time.Duration
	for _, in := range h.Srv.Interactions()[start:] {
		if d, ok := in.Latency(); ok && mine[in.User.ID] {
			lat = append(lat, d)
		}
	}
	return lat
}

// TestTwentyGamesAtOnce plays twenty games at the same time through one
// bot: every game moves on and every interaction is acknowledged in time.
// How fast is measured by BenchmarkTwentyGamesAtOnce.
func TestTwentyGamesAtOnce(t *testing.T) {
	t.Parallel()
	lat := playManyGames(t, 20, 1)
	if len(lat) < 20*3 {
		t.Fatalf("only %d interactions", len(lat))
	}
}

// BenchmarkTwentyGamesAtOnce plays two turns of twenty games at once per
// iteration and reports the acknowledgement latency's median and 99th
// percentile (the target is a p99 under 100 ms).
func BenchmarkTwentyGamesAtOnce(b *testing.B) {
	var lat []time.Duration
	for b.Loop() {
		lat = append(lat, playManyGames(b, 20, 2)...)
	}
	b.ReportMetric(float64(discordtest.Percentile(lat, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(discordtest.Percentile(lat, 99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(len(lat))/float64(b.N), "interactions/op")
}
