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
	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// DemoOptions configures Demo.
type DemoOptions struct {
	// Game is the game played, one of hostedGames ("atheneum" by default).
	Game string
	// Variant is the game's variant, which the host chooses in the
	// lobby's menu (Anludim's "base", the default, or "expert"); most games
	// have none.
	Variant string
	// Lang is the language of the server, of its members and of the game
	// ("en", the default, or "fr"): a French game is opened with
	// language:fr.
	Lang string
	// People is the number of scripted people (1-5); when there are two
	// or more, the last one has closed direct messages, to show the
	// channel fallback.
	People int
	// AI lists the levels of the computer players the host adds in the
	// lobby (people and AIs together: 2-5 seats).
	AI []string
	// Seed is the game's seed and the source of every choice: the same
	// seed plays the same game, and writes the same transcript.
	Seed uint64
	// Dir receives transcript.txt, every picture the bot sent, and the
	// game's database.
	Dir string
	// Progress, if set, is told how the game goes, turn by turn (Atheneum)
	// or round by round (Anludim).
	Progress io.Writer
	Logger   *slog.Logger
	// Clock plays the game on a simulated clock, 24 hours a step, with
	// people who keep to a script (see demo_clock.go): reminders, a
	// missed deadline, the autopilot, time away and returns all show.
	// Atheneum only.
	Clock bool
}

// DemoResult summarises a demo game.
type DemoResult struct {
	Interactions int
	// AckP50 and AckP99 are the times from INTERACTION_CREATE to the bot's
	// acknowledgement.
	AckP50, AckP99 time.Duration
	Transcript     string
	Winners        string
	// Scores are the final scores, best first ("ada 61"; for Anludim
	// "ada 2 rounds won (46 held)").
	Scores []string
}

var demoNames = []string{"ada", "basil", "clio", "dora", "emil"}

// demoHardPlayouts fixes the hard AI's effort in the demo, so that a seed
// always plays the same game whatever the machine's speed.
const demoHardPlayouts = 24

// demoClock is the time the demo's bot lives at: a clock that never moves
// writes the same deadlines into every run's transcript (no deadline
// passes, as the demo runs no scheduler). With --clock the clock starts
// there and moves as the script says.
var demoClock = time.Date(2026, time.March, 2, 9, 0, 0, 0, time.UTC)

// checkDemo checks the options and fills in the defaults.
func checkDemo(o *DemoOptions) error {
	if o.Game == "" {
		o.Game = atheneum.GameID
	}
	g, err := checkGame(o.Game, anyGame)
	if err != nil {
		return err
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	if _, ok := i18n.Parse(o.Lang); !ok {
		return fmt.Errorf("unknown language %q: choose en or fr", o.Lang)
	}
	kind := g.face(demoHardPlayouts).Kind()
	lo, hi := kind.SeatRange()
	levels := kind.Levels()
	switch {
	case g.variant != nil:
		if _, err := g.variant(o.Variant); err != nil {
			return err
		}
	case o.Variant != "":
		for _, h := range hostedGames {
			if h.variant != nil {
				if _, err := h.variant(o.Variant); err == nil {
					return fmt.Errorf("the variant %q is %s's: use it with the game %s", o.Variant, i18n.English.T(h.id+".title"), h.id)
				}
			}
		}
		return fmt.Errorf("the game %s has no variant: drop --variant %s", o.Game, o.Variant)
	}
	seats := o.People + len(o.AI)
	switch {
	case o.People < 1 || o.People > hi:
		return fmt.Errorf("a demo has 1 to %d people, not %d", hi, o.People)
	case seats < lo || seats > hi:
		fix := "add computer players with --ai, or more --people"
		if seats > hi {
			fix = "use fewer --people, or fewer --ai levels (--ai \"\" adds none)"
		}
		return fmt.Errorf("a game has %d to %d seats: %d people and %d AIs make %d; %s", lo, hi, o.People, len(o.AI), seats, fix)
	}
	for _, l := range o.AI {
		if !slices.Contains(levels, l) {
			return fmt.Errorf("unknown AI level %q: choose among %s", l, strings.Join(levels, ", "))
		}
	}
	return nil
}

// Demo plays a whole game through the real bot, the real discordgo client
// and a fake Discord on 127.0.0.1. The host opens a lobby, the other
// people join and the host sets the game's options and adds the computer
// players; each person then chooses their moves with the normal AI from
// what their seat may see and makes them by pressing the bot's buttons and
// menus. It writes what everyone saw into o.Dir and needs no Discord
// account.
func Demo(ctx context.Context, o DemoOptions) (*DemoResult, error) {
	if err := checkDemo(&o); err != nil {
		return nil, err
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
	clock := &simClock{now: demoClock}
	srvOpts := discordtest.Options{}
	if o.Clock {
		// Messages carry the simulated time, which the transcript shows.
		srvOpts.Clock = clock.Now
	}
	srv, err := discordtest.Start(srvOpts)
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	world := srv.Seed(demoNames[:o.People]...)
	if o.Lang != "en" {
		srv.SetGuildLocale(world.Guild.ID, o.Lang)
		for _, u := range world.Users {
			srv.SetLocale(u.ID, o.Lang)
		}
	}
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	dg, err := srv.NewSession("demo-token")
	if err != nil {
		return nil, err
	}
	var faces []face.Face
	for _, h := range hostedGames {
		faces = append(faces, h.face(demoHardPlayouts))
	}
	b := bot.New(bot.Options{Config: bot.Config{StepHours: 24}, Discord: dg, Store: db, Logger: o.Logger,
		Now: clock.Now, NewSeed: func() uint64 { return o.Seed }, Faces: faces})
	gw := bot.NewGateway(dg, o.Logger, b.Deliver)
	if err := gw.Open(ctx); err != nil {
		return nil, err
	}
	defer gw.Close()
	b.SetAppID(gw.User().ID)
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
	lobby := drive.Lobby{Command: o.Game, People: world.Users, AI: o.AI}
	if o.Lang != "en" {
		lobby.NewOptions = []discordtest.Option{discordtest.StringOpt("language", o.Lang)}
	}
	g, _ := hosted(o.Game)
	if g.variant != nil {
		lobby.GameOptions, _ = g.variant(o.Variant) // checked by checkDemo
	}
	gameID, err := d.Open(lobby)
	if err != nil {
		return nil, err
	}
	res := &DemoResult{}
	switch {
	case o.Clock:
		var rec *store.Game
		dd := &dayDemo{d: d, b: b, clock: clock, gameID: gameID, players: players, o: o}
		if o.Game != atheneum.GameID {
			dd.f = g.face(demoHardPlayouts)
		}
		if rec, err = dd.play(); err == nil {
			if o.Game == atheneum.GameID {
				atheneumResult(rec, res)
			} else {
				kitResult(rec, res)
			}
		}
	case g.demo != nil:
		err = g.demo(d, gameID, players, o, res)
	default:
		err = playKit(d, g.face(demoHardPlayouts), gameID, players, res)
	}
	if err != nil {
		// What was seen up to the failure helps to understand it.
		_ = drive.WriteTranscriptWithEdits(srv, world.Channel.ID, world.Users, o.Dir)
		return nil, err
	}
	if err := drive.WriteTranscriptWithEdits(srv, world.Channel.ID, world.Users, o.Dir); err != nil {
		return nil, err
	}
	lat := srv.AckLatencies()
	res.Interactions, res.AckP50, res.AckP99 = len(lat), discordtest.Percentile(lat, 50), discordtest.Percentile(lat, 99)
	res.Transcript = filepath.Join(o.Dir, "transcript.txt")
	return res, nil
}

// playKit plays the people's seats of a game whose face is the kit's to
// its end, with the kit's driver, and fills res with its winners and
// scores.
func playKit(d *drive.Driver, f face.Face, gameID string, players []*drive.Player, res *DemoResult) error {
	rec, err := d.PlayGame(gameID, f.Command(), players, f.Kind().Players, nil)
	if err != nil {
		return err
	}
	kitResult(rec, res)
	return nil
}

// kitResult fills res with a finished game's winners and scores, as its
// results rank them.
func kitResult(rec *store.Game, res *DemoResult) {
	results := rec.State.Results()
	var winners []string
	for _, w := range engine.Winners(results) {
		winners = append(winners, rec.Seats[w].Name)
	}
	res.Winners = strings.Join(winners, " and ")
	slices.SortStableFunc(results, func(a, b engine.Result) int { return a.Rank - b.Rank })
	for _, r := range results {
		res.Scores = append(res.Scores, fmt.Sprintf("%s %d", rec.Seats[r.Seat].Name, r.Score))
	}
}

// playAtheneum plays the people's seats of an Atheneum game to its end
// and fills res with its winners and scores.
func playAtheneum(d *drive.Driver, gameID string, players []*drive.Player, o DemoOptions, res *DemoResult) error {
	rec, err := playByState(d, gameID, players, o)
	if err != nil {
		return err
	}
	atheneumResult(rec, res)
	return nil
}

// atheneumResult fills res with a finished Atheneum game's winners and
// scores.
func atheneumResult(rec *store.Game, res *DemoResult) {
	var winners []string
	for _, w := range ath(rec).Winners() {
		winners = append(winners, rec.Seats[w].Name)
	}
	res.Winners = strings.Join(winners, " and ")
	for _, r := range ath(rec).Results {
		res.Scores = append(res.Scores, fmt.Sprintf("%s %d", rec.Seats[r.Seat].Name, r.Total))
	}
}

// playAnludim plays the people's seats of an Anludim game to its end,
// telling o.Progress when each round begins, and fills res with its
// winner and standings.
func playAnludim(d *drive.Driver, gameID string, players []*drive.Player, o DemoOptions, res *DemoResult) error {
	round := 0
	rec, err := d.PlayAnludimGame(gameID, players, func(rec *store.Game) {
		g := rec.State.(*anludim.State).Game
		if g.Round() != round && !g.Keeping() {
			round = g.Round()
			fmt.Fprintf(o.Progress, "round %d, turn %d: %s\n", round, g.Turn(), anludimStanding(rec, g))
		}
	})
	if err != nil {
		return err
	}
	g := rec.State.(*anludim.State).Game
	fmt.Fprintf(o.Progress, "game over after %d rounds: %s\n", g.RoundsFinished(), anludimStanding(rec, g))
	res.Winners = rec.Seats[g.Winner()].Name
	for _, r := range drive.AnludimResults(rec) {
		held := 0
		for _, row := range r.Rows {
			if row.Category == anludim.RowValue {
				held = row.Points
			}
		}
		rounds := "rounds"
		if r.Score == 1 {
			rounds = "round"
		}
		res.Scores = append(res.Scores, fmt.Sprintf("%s %d %s won (%d held)", rec.Seats[r.Seat].Name, r.Score, rounds, held))
	}
	return nil
}

// anludimStanding lists each seat's rounds won and its total this round:
// "ada 1 won, 12 · basil 0 won, 9".
func anludimStanding(rec *store.Game, g *anludim.Game) string {
	parts := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		parts[i] = fmt.Sprintf("%s %d won, %d", s.Name, g.RoundsWon(i), g.Value(i))
	}
	return strings.Join(parts, " · ")
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
