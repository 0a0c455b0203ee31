package bot

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/game"
	"atheneum/engine/anludim"
	anai "atheneum/engine/anludim/ai"
	"atheneum/store"
	"atheneum/store/storetest"
)

// BenchmarkProcesses measures, side by side, the bot behind the HTTP
// endpoint as one process on SQLite, one on PostgreSQL and three on one
// PostgreSQL database, the fake Discord delivering the interactions to
// the three in turn, as a load balancer would (issue 30.6). Each runs
// 100 Anludim games at once, three people each playing by command
// (/anludim play, then the buttons), each person answering as soon as
// they are answered, until every game has twenty moves. It reports the
// interactions answered per second and the acknowledgement's median and
// 99th percentile, as the fake times them (from the POST to its
// answer), and how often a person had to try again because the bot had
// not answered within 2.5 s (the endpoint then answers for it).
//
// The three "processes" are three bots in this process, each with its own
// store (its own connections, its own name in the jobs' leases) and its
// own endpoint: what three processes pay to share the games (the check
// of each copy against the database, the reloads when another moved
// first) is measured, not what they gain from more processors; on one
// host the three share its cores as one process does.
func BenchmarkProcesses(b *testing.B) {
	const games, moves = 100, 20
	for _, c := range []struct {
		name      string
		postgres  bool
		processes int
	}{
		{"sqlite-1", false, 1},
		{"postgres-1", true, 1},
		{"postgres-3", true, 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			var lat []time.Duration
			var wall time.Duration
			var retries atomic.Int64
			for b.Loop() {
				b.StopTimer()
				srv := discordtest.New(b, withREST(discordtest.Options{Lean: true}))
				path := filepath.Join(b.TempDir(), "atheneum.db")
				if c.postgres {
					path = storetest.Postgres(b)
				}
				reader := startEndpoints(b, srv, path, c.processes)
				b.StartTimer()
				start := time.Now()
				lat = append(lat, playAnludimTables(b, srv, reader, games, moves, &retries)...)
				wall += time.Since(start)
			}
			n := float64(len(lat))
			b.ReportMetric(n/wall.Seconds(), "interactions/s")
			b.ReportMetric(float64(discordtest.Percentile(lat, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(discordtest.Percentile(lat, 99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(retries.Load()), "retries")
		})
	}
}

// startEndpoints starts n bots on the database at path, each behind an
// HTTP endpoint of its own, gives srv their endpoints (which it POSTs to
// in turn), and returns a store for the drivers to read the games from.
func startEndpoints(tb testing.TB, srv *discordtest.Server, path string, n int) *store.DB {
	tb.Helper()
	ctx := context.Background()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	var urls []string
	seed := uint64(0)
	var seedMu sync.Mutex
	for i := range n {
		db, err := store.Open(ctx, path)
		if err != nil {
			tb.Fatal(err)
		}
		dg, err := srv.NewSession("test-token")
		if err != nil {
			tb.Fatal(err)
		}
		b := New(Options{Config: Config{Token: secretToken, StepHours: 24, SchedulerEvery: time.Hour, HTTPAddr: "127.0.0.1:0", PublicKey: pub},
			Discord: dg, Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Faces: testFaces(),
			NewSeed: func() uint64 {
				seedMu.Lock()
				defer seedMu.Unlock()
				seed++
				return seed
			}})
		b.SetAppID(srv.AppID())
		if i == 0 {
			if err := b.RegisterCommands(); err != nil {
				tb.Fatal(err)
			}
		}
		b.Start()
		hs := httptest.NewServer(b.HTTPHandler(HTTPOptions{PublicKey: pub}))
		tb.Cleanup(func() {
			hs.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if err := b.Close(ctx); err != nil {
				tb.Error(err)
			}
			db.Close()
		})
		urls = append(urls, hs.URL+"/interactions")
	}
	if err := srv.SetInteractionsEndpoints(ctx, urls, priv); err != nil {
		tb.Fatal(err)
	}
	reader, err := store.Open(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { reader.Close() })
	return reader
}

// farBot stands for bots the drivers cannot watch: they never wait for
// them to be idle, as their people read the games from the database and
// their prompts by /anludim play, which any bot answers from the stored
// game.
type farBot struct{}

func (farBot) Wait()                  {}
func (farBot) Service() *game.Service { return nil }

// playAnludimTables plays games Anludim games at once through srv, three
// people each playing by command, until each has moves moves, and
// returns the acknowledgement latencies of their interactions; retries
// counts the commands and moves made again after the bot asked to try
// again.
func playAnludimTables(tb testing.TB, srv *discordtest.Server, reader *store.DB, games, moves int, retries *atomic.Int64) []time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	world := srv.Seed("host")
	mark := len(srv.Interactions())
	errs := make([]error, games)
	opening := make(chan struct{}, 10)
	var wg sync.WaitGroup
	for k := range games {
		ch := srv.AddTextChannel(world.Guild.ID, fmt.Sprintf("game-%d", k))
		var users []discordtest.User
		var people []*drive.Player
		for j := range 3 {
			u := srv.AddUser(fmt.Sprintf("p%d-%d", k, j))
			srv.AddMember(world.Guild.ID, u)
			srv.SetDMsClosed(u.ID, true)
			users, people = append(users, u), append(people, &drive.Player{User: u, ViaSlash: true})
		}
		d := &drive.Driver{Ctx: ctx, Srv: srv, Bot: farBot{}, Store: reader, Channel: ch.ID}
		wg.Go(func() {
			// The lobbies are opened a few at a time, as a hundred people
			// typing /anludim new in the same second would only measure
			// the host's processors. A person whom the endpoint asked to
			// try again (the bot had not answered in 2.5 s, and dropped
			// the command) does.
			var id string
			var err error
			opening <- struct{}{}
			for tries := 0; ; tries++ {
				if id, err = d.Open(drive.Lobby{Command: anludim.ID, People: users}); err == nil || tries == 5 {
					break
				}
				retries.Add(1)
			}
			<-opening
			if err != nil {
				errs[k] = err
				return
			}
			for tries := 0; ; tries++ {
				_, err = d.PlayGameUntil(id, anludim.ID, people, anai.Players{}, nil, func(rec *store.Game) bool { return rec.Seq >= moves })
				if err == nil || tries == 5 {
					break
				}
				retries.Add(1)
			}
			errs[k] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	var lat []time.Duration
	for _, in := range srv.Interactions()[mark:] {
		if d, ok := in.Latency(); ok {
			lat = append(lat, d)
		}
	}
	return lat
}
