package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
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
