package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot"
	"atheneum/store"
)

// runBot connects to Discord and plays until SIGINT or SIGTERM.
func runBot(args []string, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q", args)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	cfg, err := bot.LoadConfig(".env")
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := store.Open(ctx, cfg.DBPath)
	if err != nil {
		return fmt.Errorf("opening the database %s: %w", cfg.DBPath, err)
	}
	defer db.Close()
	dg, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return err
	}
	// Interactions need no privileged intent; guilds is enough.
	dg.Identify.Intents = discordgo.IntentsGuilds
	b := bot.New(bot.Options{Config: cfg, Discord: dg, Store: db, Logger: log})
	dg.AddHandler(b.HandleInteraction)
	if err := dg.Open(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	b.SetAppID(dg.State.User.ID)
	if err := b.RegisterCommands(); err != nil {
		dg.Close()
		return fmt.Errorf("registering the slash commands: %w", err)
	}
	b.Start()
	log.Info("bot ready", "user", dg.State.User.Username, "db", cfg.DBPath)
	<-ctx.Done()
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.Close(shutdown); err != nil {
		log.Warn("shutdown", "err", err)
	}
	if err := dg.Close(); err != nil && !errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		log.Warn("closing the gateway", "err", err)
	}
	return nil
}

// runDemo plays a game through the bot and a fake Discord.
func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 3, "scripted players (2-5); the last one has closed direct messages")
	seed := fs.Uint64("seed", 1, "seed of the players' choices")
	dir := fs.String("out", "atheneum-demo", "folder for the transcript, the pictures and the database")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: atheneum demo [--players N] [--seed S] [--out DIR]")
		fmt.Fprintln(stderr, "Plays a whole game through the bot and a fake Discord on 127.0.0.1, and writes what everyone saw.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	os.Remove(filepath.Join(*dir, "demo.db"))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := bot.Demo(ctx, bot.DemoOptions{Players: *players, Seed: *seed, Dir: *dir})
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, res)
	return nil
}
