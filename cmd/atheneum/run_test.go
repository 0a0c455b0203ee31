package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atheneum/bot"
	"atheneum/bot/discordtest"
	"atheneum/store"
)

// TestTheBotServesTheHTTPEndpointAndStopsGracefully runs the bot's
// process as ATHENEUM_HTTP starts it, against the fake Discord: it
// registers the commands without a gateway connection, Discord accepts
// its endpoint and delivers a command there, a load balancer finds it
// healthy, and at the signal it stops listening and returns.
func TestTheBotServesTheHTTPEndpointAndStopsGracefully(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background()) // no deadline: go test's -timeout catches a hang
	defer cancel()
	srv := discordtest.New(t, discordtest.Options{})
	world := srv.Seed("ana")
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "atheneum.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	cfg := bot.Config{Token: "test-token", StepHours: 24, SchedulerEvery: time.Hour, HTTPAddr: "127.0.0.1:0", PublicKey: pub}
	addr := make(chan string, 1)
	p := botProcess{cfg: cfg, dg: dg, db: db, log: slog.New(slog.NewTextHandler(io.Discard, nil)), faces: faces(1),
		listening: func(a string) { addr <- a }}
	running, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- p.run(running) }()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("the bot stopped at once: %v", err)
	}
	if err := srv.SetInteractionsEndpoint(ctx, base+interactionsPath, priv); err != nil {
		t.Fatal(err)
	}
	in, err := srv.SlashCommand(ctx, world.Users[0], world.Channel.ID, "atheneum", discordtest.Sub("help"))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := in.WaitResponse(ctx)
	if err != nil || !in.OverHTTP() || msg.Content == "" {
		t.Fatalf("the help over HTTP: %q, %v", msg.Content, err)
	}
	if len(srv.Connections()) != 0 {
		t.Errorf("the process opened %d gateway connections", len(srv.Connections()))
	}
	resp, err := http.Get(base + healthPath)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != "ok" {
		t.Errorf("health check: %d %q", resp.StatusCode, body)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("the process ended with %v", err)
	}
	if _, err := http.Get(base + healthPath); err == nil {
		t.Error("the endpoint still answers after the shutdown")
	}
}

// TestAShardOtherThanZeroIdentifiesAsItselfAndLeavesTheCommands runs the
// process as ATHENEUM_SHARDS=1/2 starts it: it identifies as shard 1 of 2
// and leaves the commands to shard 0.
func TestAShardOtherThanZeroIdentifiesAsItselfAndLeavesTheCommands(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background()) // no deadline: go test's -timeout catches a hang
	defer cancel()
	srv := discordtest.New(t, discordtest.Options{})
	srv.Seed("ana")
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "atheneum.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := bot.Config{Token: "test-token", StepHours: 24, SchedulerEvery: time.Hour, ShardID: 1, ShardCount: 2}
	p := botProcess{cfg: cfg, dg: dg, db: db, log: slog.New(slog.NewTextHandler(io.Discard, nil)), faces: faces(1)}
	running, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- p.run(running) }()
	conn, err := srv.WaitConnected(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("the process ended with %v", err)
	}
	if conn.Shard != [2]int{1, 2} {
		t.Errorf("identified as shard %v, want [1 2]", conn.Shard)
	}
	if n := srv.CountRequests("PUT", "/applications/*/commands"); n != 0 {
		t.Errorf("shard 1 registered the commands %d times", n)
	}
}
