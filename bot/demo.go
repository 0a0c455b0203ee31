package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/store"
)

// DemoOptions configures Demo.
type DemoOptions struct {
	// Players is the number of scripted players (2-5); the last one has
	// closed direct messages, to show the channel fallback.
	Players int
	// Seed makes the players' choices repeatable (the deal is random).
	Seed uint64
	// Dir receives transcript.txt, every picture the bot sent, and the
	// game's database.
	Dir    string
	Logger *slog.Logger
}

// DemoResult summarises a demo game.
type DemoResult struct {
	Interactions int
	// AckP50 and AckP99 are the times from INTERACTION_CREATE to the bot's
	// acknowledgement.
	AckP50, AckP99 time.Duration
	Transcript     string
	Winners        string
}

var demoNames = []string{"ada", "basil", "clio", "dora", "emil"}

// Demo plays a whole game through the real bot, the real discordgo client
// and a fake Discord on 127.0.0.1, with scripted players choosing among the
// buttons and menus the bot sends, then writes what everyone saw into
// o.Dir. It needs no Discord account.
func Demo(ctx context.Context, o DemoOptions) (*DemoResult, error) {
	if o.Players < 2 || o.Players > 5 {
		return nil, errors.New("a demo game has 2 to 5 players")
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	srv, err := discordtest.Start(discordtest.Options{})
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	world := srv.Seed(demoNames[:o.Players]...)
	db, err := store.Open(ctx, filepath.Join(o.Dir, "demo.db"))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	dg, err := srv.NewSession("demo-token")
	if err != nil {
		return nil, err
	}
	b := New(Options{Config: Config{StepHours: 24}, Discord: dg, Store: db, Logger: o.Logger})
	dg.AddHandler(b.HandleInteraction)
	if err := dg.Open(); err != nil {
		return nil, err
	}
	defer dg.Close()
	b.SetAppID(dg.State.User.ID)
	if err := b.RegisterCommands(); err != nil {
		return nil, err
	}
	defer b.Close(context.Background())

	d := &driver{ctx: ctx, srv: srv, bot: b, channel: world.Channel.ID}
	var players []*player
	for i, u := range world.Users {
		p := &player{user: u, rng: rand.New(rand.NewPCG(o.Seed, uint64(i)))}
		if i == len(world.Users)-1 {
			p.viaSlash = true
			srv.SetDMsClosed(u.ID, true)
		}
		players = append(players, p)
	}
	if _, err := d.openGame(world.Users...); err != nil {
		return nil, err
	}
	over := func() bool {
		for _, m := range srv.Messages(world.Channel.ID) {
			if strings.Contains(m.Content, "The game is over!") {
				return true
			}
		}
		return false
	}
	for round := 0; !over(); round++ {
		if round > 5000 {
			return nil, errors.New("the demo game did not finish")
		}
		for _, p := range players {
			if _, err := d.step(p); err != nil {
				return nil, err
			}
		}
	}
	if err := writeTranscript(srv, world.Channel.ID, world.Users, o.Dir); err != nil {
		return nil, err
	}
	lat := srv.AckLatencies()
	res := &DemoResult{Interactions: len(lat), AckP50: discordtest.Percentile(lat, 50), AckP99: discordtest.Percentile(lat, 99),
		Transcript: filepath.Join(o.Dir, "transcript.txt")}
	for _, m := range srv.Messages(world.Channel.ID) {
		if i := strings.Index(m.Content, "Winner: "); i >= 0 && strings.Contains(m.Content, "The game is over!") {
			res.Winners = strings.TrimSuffix(strings.SplitN(m.Content[i+len("Winner: "):], "\n", 2)[0], ".")
			for _, u := range world.Users {
				res.Winners = strings.ReplaceAll(res.Winners, "<@"+u.ID+">", u.Username)
			}
		}
	}
	return res, nil
}

// String reports the demo in a few lines.
func (r *DemoResult) String() string {
	return fmt.Sprintf("winner: %s\n%d interactions, acknowledged in %v (median) and %v (99th percentile)\ntranscript and pictures: %s",
		r.Winners, r.Interactions, r.AckP50.Round(time.Microsecond), r.AckP99.Round(time.Microsecond), r.Transcript)
}
