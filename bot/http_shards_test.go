package bot

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/tictactoe"
	"atheneum/store"
)

// shardBot is one bot process of a sharded gateway: its own store on the
// shared database, its own session as shard id of count.
type shardBot struct {
	bot *Bot
	dg  *discordgo.Session
	db  *store.DB
}

// startShard starts the bot of shard id of count on the database at path,
// as a process started with ATHENEUM_SHARDS=id/count does: it registers
// the commands only if its configuration says so.
func startShard(t *testing.T, srv *discordtest.Server, path string, id, count int) *shardBot {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	dg.ShardID, dg.ShardCount = id, count
	cfg := Config{Token: secretToken, StepHours: 24, SchedulerEvery: time.Hour, ShardID: id, ShardCount: count}
	log := slog.New(slog.NewTextHandler(&testWriter{t: t}, nil)).With("shard", id)
	b := New(Options{Config: cfg, Discord: dg, Store: db, Faces: testFaces(), Logger: log,
		NewSeed: func() uint64 { return 20261123 }})
	gw := NewGateway(dg, log, b.Deliver)
	if err := gw.Open(ctx); err != nil {
		t.Fatal(err)
	}
	b.SetAppID(gw.User().ID)
	if cfg.RegistersCommands() {
		if err := b.RegisterCommands(); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		if err := b.Close(context.Background()); err != nil {
			t.Error(err)
		}
		gw.Close()
		db.Close()
	})
	return &shardBot{bot: b, dg: dg, db: db}
}

// TestTwoShardsEachPlayTheirServersGames runs the bot as two gateway
// shards on one database, as two processes with ATHENEUM_SHARDS=0/2 and
// 1/2: each receives the interactions of the servers Discord routes to it,
// and plays their games, and only shard 0 registers the commands.
func TestTwoShardsEachPlayTheirServersGames(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := discordtest.New(t, withREST(discordtest.Options{}))
	// Two servers, one on each shard (consecutive snowflakes alternate).
	guilds := map[int]discordtest.Guild{}
	for len(guilds) < 2 {
		g := srv.AddGuild(fmt.Sprintf("Guild %d", len(guilds)))
		guilds[discordtest.ShardOf(g.ID, 2)] = g
	}
	path := filepath.Join(t.TempDir(), "atheneum.db")
	shards := []*shardBot{startShard(t, srv, path, 0, 2), startShard(t, srv, path, 1, 2)}
	if n := srv.CountRequests("PUT", "/applications/*/commands"); n != 1 {
		t.Errorf("the commands were registered %d times, want once, by shard 0", n)
	}
	for shard, g := range guilds {
		t.Run(fmt.Sprintf("shard %d plays the game of its server", shard), func(t *testing.T) {
			channel := srv.AddTextChannel(g.ID, "general")
			var people []*drive.Player
			var users []discordtest.User
			for _, name := range []string{"ana", "bo"} {
				u := srv.AddUser(fmt.Sprintf("%s%d", name, shard))
				srv.AddMember(g.ID, u)
				// Both play in the channel: a direct message would go
				// to shard 0 whatever the server.
				srv.SetDMsClosed(u.ID, true)
				users, people = append(users, u), append(people, &drive.Player{User: u, ViaSlash: true})
			}
			d := drive.Driver{Ctx: ctx, Srv: srv, Bot: shards[shard].bot, Store: shards[shard].db, Channel: channel.ID}
			mark := len(srv.Interactions())
			id, err := d.Open(drive.Lobby{Command: tictactoe.ID, People: users})
			if err != nil {
				t.Fatal(err)
			}
			rec, err := d.PlayGame(id, tictactoe.ID, people, tictactoe.Players, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Status != store.StatusFinished {
				t.Fatalf("the game is %s", rec.Status)
			}
			conns := map[int]discordtest.GatewayConn{}
			for _, c := range srv.Connections() {
				conns[c.ID] = c
			}
			ins := srv.Interactions()[mark:]
			for _, in := range ins {
				if got := conns[in.ConnectionID()].Shard; got != [2]int{shard, 2} || !in.AckedInTime() {
					t.Errorf("interaction %s of the server went to shard %v (answered in time %v)", in.ID, got, in.AckedInTime())
				}
			}
			t.Logf("%d interactions, all on shard %d", len(ins), shard)
		})
	}
}
