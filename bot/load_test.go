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
	"atheneum/engine/tictactoe"
	"atheneum/store"
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
// bot, each in its own channel, to their end: every game moves on and
// every interaction is acknowledged in time. The games are the fixture
// game's, tic-tac-toe: what is tested is the bot's concurrency, not a
// game's; how fast Atheneum's games go is measured by
// BenchmarkTwentyGamesAtOnce. Under the race detector, where drawing a
// board costs some thirty times more, eight games meet (the run without it
// plays the twenty).
func TestTwentyGamesAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "host")
	games := 20
	if raceEnabled {
		games = 8
	}
	tables := make([]*harness, games)
	people := make([][]*drive.Player, games)
	ids := make([]string, games)
	mine := map[string]bool{}
	for k := range games {
		ch := h.Srv.AddTextChannel(h.world.Guild.ID, fmt.Sprintf("game-%d", k))
		var users []discordtest.User
		for j := range 2 {
			u := h.Srv.AddUser(fmt.Sprintf("p%d-%d", k, j))
			h.Srv.AddMember(h.world.Guild.ID, u)
			users = append(users, u)
			mine[u.ID] = true
		}
		// The second plays by command, their direct messages closed.
		h.Srv.SetDMsClosed(users[1].ID, true)
		people[k] = []*drive.Player{{User: users[0]}, {User: users[1], ViaSlash: true}}
		tables[k] = h.in(t, ch)
		id, err := tables[k].Open(drive.Lobby{Command: tictactoe.ID, People: users})
		if err != nil {
			t.Fatal(err)
		}
		// Each driver waits for its own game only, never behind another.
		ids[k], tables[k].Game = id, id
	}
	start := len(h.Srv.Interactions())
	errs := make([]error, games)
	var wg sync.WaitGroup
	for k := range games {
		wg.Go(func() {
			rec, err := tables[k].PlayGame(ids[k], tictactoe.ID, people[k], tictactoe.Players, nil)
			if err == nil && rec.Status != store.StatusFinished {
				err = fmt.Errorf("the game is %s", rec.Status)
			}
			if err != nil {
				errs[k] = fmt.Errorf("game %d: %w", k, err)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	n := 0
	for _, in := range h.Srv.Interactions()[start:] {
		if !mine[in.User.ID] {
			continue
		}
		n++
		if !in.AckedInTime() {
			t.Errorf("interaction %s of %s was not acknowledged in time", in.ID, in.User.Username)
		}
	}
	// Each game is at least five moves, each a press.
	if n < games*5 {
		t.Fatalf("only %d interactions", n)
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
