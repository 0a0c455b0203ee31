package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"atheneum/bot"
	atheneumface "atheneum/bot/atheneum"
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

// DemoOptions configures Demo.
type DemoOptions struct {
	// People is the number of scripted people (1-5); when there are two
	// or more, the last one has closed direct messages, to show the
	// channel fallback.
	People int
	// AI lists the levels of the computer players the host adds in the
	// lobby (people and AIs together: 2-5 seats).
	AI []string
	// Seed is the game's seed and the source of every choice: the same
	// seed plays the same game.
	Seed uint64
	// Dir receives transcript.txt, every picture the bot sent, and the
	// game's database.
	Dir string
	// Progress, if set, is told how the game goes, turn by turn.
	Progress io.Writer
	Logger   *slog.Logger
}

// DemoResult summarises a demo game.
type DemoResult struct {
	Interactions int
	// AckP50 and AckP99 are the times from INTERACTION_CREATE to the bot's
	// acknowledgement.
	AckP50, AckP99 time.Duration
	Transcript     string
	Winners        string
	// Scores are the final scores, best first ("ada 61").
	Scores []string
}

var demoNames = []string{"ada", "basil", "clio", "dora", "emil"}

// demoHardPlayouts fixes the hard AI's effort in the demo, so that a seed
// always plays the same game whatever the machine's speed.
const demoHardPlayouts = 24

// Demo plays a whole game through the real bot, the real discordgo client
// and a fake Discord on 127.0.0.1. The host opens a lobby, the other
// people join and the host adds the computer players; each person then
// chooses their moves with the normal AI from what their seat may see and
// makes them by pressing the bot's buttons and menus. It writes what
// everyone saw into o.Dir and needs no Discord account.
func Demo(ctx context.Context, o DemoOptions) (*DemoResult, error) {
	seats := o.People + len(o.AI)
	switch {
	case o.People < 1 || o.People > atheneum.MaxSeats:
		return nil, fmt.Errorf("a demo has 1 to %d people, not %d", atheneum.MaxSeats, o.People)
	case seats < atheneum.MinSeats || seats > atheneum.MaxSeats:
		return nil, fmt.Errorf("a game has %d to %d seats: %d people and %d AIs make %d", atheneum.MinSeats, atheneum.MaxSeats, o.People, len(o.AI), seats)
	}
	for _, l := range o.AI {
		if !slices.Contains(ai.Levels, l) {
			return nil, fmt.Errorf("unknown AI level %q: choose among %s", l, strings.Join(ai.Levels, ", "))
		}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Progress == nil {
		o.Progress = io.Discard
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return nil, err
	}
	dbPath := filepath.Join(o.Dir, "demo.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(dbPath + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	srv, err := discordtest.Start(discordtest.Options{})
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	world := srv.Seed(demoNames[:o.People]...)
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	dg, err := srv.NewSession("demo-token")
	if err != nil {
		return nil, err
	}
	b := bot.New(bot.Options{Config: bot.Config{StepHours: 24}, Discord: dg, Store: db, Logger: o.Logger,
		NewSeed: func() uint64 { return o.Seed }, Faces: []face.Face{atheneumface.New(ai.Players{Playouts: demoHardPlayouts})}})
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

	d := &drive.Driver{Ctx: ctx, Srv: srv, Bot: b, Store: db, Channel: world.Channel.ID}
	players := make([]*drive.Player, len(world.Users))
	for i, u := range world.Users {
		players[i] = &drive.Player{User: u}
		if i > 0 && i == len(world.Users)-1 {
			players[i].ViaSlash = true
			srv.SetDMsClosed(u.ID, true)
		}
	}
	gameID, err := openGameWithAI(d, world.Users, o.AI)
	if err != nil {
		return nil, err
	}
	rec, err := playByState(d, gameID, players, o)
	if err != nil {
		return nil, err
	}
	if err := drive.WriteTranscript(srv, world.Channel.ID, world.Users, o.Dir); err != nil {
		return nil, err
	}
	lat := srv.AckLatencies()
	res := &DemoResult{Interactions: len(lat), AckP50: discordtest.Percentile(lat, 50), AckP99: discordtest.Percentile(lat, 99),
		Transcript: filepath.Join(o.Dir, "transcript.txt")}
	var winners []string
	for _, w := range ath(rec).Winners() {
		winners = append(winners, rec.Seats[w].Name)
	}
	res.Winners = strings.Join(winners, " and ")
	for _, r := range ath(rec).Results {
		res.Scores = append(res.Scores, fmt.Sprintf("%s %d", rec.Seats[r.Seat].Name, r.Total))
	}
	return res, nil
}

// openGameWithAI opens a lobby as the first user, has the other people
// join, adds the computer players through the lobby's menu and starts the
// game. It returns the game's id, read from the lobby's components.
func openGameWithAI(d *drive.Driver, people []discordtest.User, levels []string) (string, error) {
	host := people[0]
	lobby, err := d.SlashIn(d.Channel, host, "new")
	if err != nil {
		return "", err
	}
	join, ok := drive.Component(lobby, "join")
	if !ok {
		return "", errors.New("the lobby has no Join button")
	}
	id, err := face.ParseID(join.CustomID)
	if err != nil {
		return "", err
	}
	for _, p := range people[1:] {
		if lobby, _, err = d.Click(p, lobby, join.CustomID); err != nil {
			return "", err
		}
	}
	for _, l := range levels {
		add, ok := drive.Component(lobby, "addai")
		if !ok {
			return "", errors.New("the lobby has no Add AI menu")
		}
		if lobby, _, err = d.Click(host, lobby, add.CustomID, l); err != nil {
			return "", err
		}
	}
	start, _ := drive.Component(lobby, "start")
	if _, _, err := d.Click(host, lobby, start.CustomID); err != nil {
		return "", err
	}
	rec, err := d.Store.LoadGame(d.Ctx, id.Game)
	if err != nil {
		return "", err
	}
	if rec.Status != store.StatusPlaying {
		return "", fmt.Errorf("after Start the game is %s", rec.Status)
	}
	return id.Game, nil
}

// maxDemoMoves bounds the people's moves in a demo game.
const maxDemoMoves = 5000

// playByState plays the people's seats until the game is over. Each move
// is chosen from the stored game, as the seat sees it, by the normal AI,
// then made through the bot's components; a move the bot did not store is
// an error.
func playByState(d *drive.Driver, gameID string, players []*drive.Player, o DemoOptions) (*store.Game, error) {
	lastTurn := 0
	rec, err := d.Store.LoadGame(d.Ctx, gameID)
	if err != nil {
		return nil, err
	}
	for moves := 0; moves < maxDemoMoves; moves++ {
		g := ath(rec)
		if rec.Status == store.StatusFinished {
			fmt.Fprintf(o.Progress, "game over: %s\n", demoScores(rec))
			return rec, nil
		}
		if rec.Status != store.StatusPlaying {
			return nil, fmt.Errorf("the game is %s", rec.Status)
		}
		if g.TurnNumber() != lastTurn {
			lastTurn = g.TurnNumber()
			fmt.Fprintf(o.Progress, "turn %d of 10: %s\n", lastTurn, demoScores(rec))
		}
		seat := -1
		for _, s := range g.Waiting() {
			if game.IsPerson(rec, s) {
				seat = s
				break
			}
		}
		if seat < 0 {
			return nil, fmt.Errorf("the game waits for no person at %s", game.StepKey(rec.State))
		}
		p := players[slices.IndexFunc(players, func(p *drive.Player) bool { return p.User.ID == rec.Seats[seat].UserID })]
		chooser, _ := ai.New("normal", ai.Options{Seed: o.Seed ^ uint64(seat+1)<<32})
		a, err := chooser.Propose(g.View(seat), seat)
		if err != nil {
			return nil, fmt.Errorf("choosing a move for %s: %w", p.User.Username, err)
		}
		if err := d.Perform(p, a); err != nil {
			return nil, err
		}
		after, err := d.Store.LoadGame(d.Ctx, gameID)
		if err != nil {
			return nil, err
		}
		if after.Seq == rec.Seq {
			return nil, fmt.Errorf("the bot did not store %s's move %s", p.User.Username, a)
		}
		rec = after
	}
	return nil, errors.New("the demo game did not finish")
}

// demoScores lists the seats' scores so far: "ada 12 · basil 9".
func demoScores(rec *store.Game) string {
	parts := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		score := ath(rec).Seats[i].Score()
		if ath(rec).Step == atheneum.StepOver {
			score = ath(rec).Breakdown(i).Total
		}
		parts[i] = fmt.Sprintf("%s %d", s.Name, score)
	}
	return strings.Join(parts, " · ")
}

// String reports the demo in a few lines.
func (r *DemoResult) String() string {
	return fmt.Sprintf("winner: %s\nscores: %s\n%d interactions, acknowledged in %v (median) and %v (99th percentile)\ntranscript and pictures: %s",
		r.Winners, strings.Join(r.Scores, ", "), r.Interactions, r.AckP50.Round(time.Microsecond), r.AckP99.Round(time.Microsecond), r.Transcript)
}

// ath is an Atheneum game's rules state (nil before the game starts).
func ath(rec *store.Game) *atheneum.Game {
	if st, ok := rec.State.(*atheneum.State); ok {
		return st.Game
	}
	return nil
}
