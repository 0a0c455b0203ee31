package exlibris

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/engine/exlibris/ai"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
	"atheneum/render"
	"atheneum/store"
)

// reply is a face.Reply that keeps the last message the face showed.
type reply struct {
	l    i18n.Lang
	user string
	last *face.Message
}

func (r *reply) Lang() i18n.Lang { return r.l }

func (r *reply) Interaction() *discordgo.Interaction {
	return &discordgo.Interaction{Member: &discordgo.Member{User: &discordgo.User{ID: r.user}}}
}

func (r *reply) Edit(m face.Message) error {
	r.last = &m
	return nil
}

// stepPost is a channel post of a step's end, with what it was made from.
type stepPost struct {
	notice game.Notice
	msg    face.Message
}

// env is a face.Env over a real service, and its presenter: it keeps the
// channel's posts as the face words them.
type env struct {
	svc *game.Service
	f   *Face

	mu    sync.Mutex
	posts []stepPost
	// hints shows every seat the hints.
	hints bool
	// draw draws the pictures asked for (else only their names are kept).
	draw bool
}

func (e *env) Service() *game.Service { return e.svc }

func (e *env) Draw(name string, draw func() (render.Picture, error)) (face.Picture, error) {
	if !e.draw {
		// Drawing is slow and render/exlibris's own tests check the
		// pictures: most tests only check that one is asked for.
		return face.Picture{Name: name}, nil
	}
	pic, err := draw()
	return face.Picture{Name: name, Picture: pic}, err
}

func (e *env) DeadlineLine(context.Context, *game.Table, i18n.Lang) string { return "" }

func (e *env) Hints(context.Context, *store.Game, int) bool { return e.hints }

func (e *env) Prompt(ctx context.Context, t *game.Table, seat int, l i18n.Lang) (face.Message, error) {
	return e.f.Prompt(ctx, e, t, seat, l)
}

// Present keeps each step's post as the face words it (game.Presenter).
func (e *env) Present(_ context.Context, t *game.Table, n game.Notice) {
	if n.Kind != game.NoticeStepEnded {
		return
	}
	msg := e.f.StepEnded(e, t.Rec, n)
	e.mu.Lock()
	e.posts = append(e.posts, stepPost{notice: n, msg: msg})
	e.mu.Unlock()
}

// errStopped is what play returns when the test only walks the menus.
var errStopped = fmt.Errorf("the test stopped the move")

// decide does with a face's decision what the adapter does (bot's
// decide): it shows the face's message, or plays its move and shows the
// seat what follows, and lets the game go on. With stop set, a move is
// noted in moved and not played.
func decide(ctx context.Context, f face.Face, e *env, r *reply, t *game.Table, seat int, d face.Decision, stop bool, moved *[]engine.Move) error {
	if d.Move == "" {
		if d.Show != nil {
			return r.Edit(*d.Show)
		}
		return nil
	}
	if moved != nil {
		*moved = append(*moved, d.Move)
	}
	if stop {
		return errStopped
	}
	res, err := e.svc.Act(ctx, t, d.Move, game.ByPlayer)
	if err != nil {
		return err
	}
	_ = r.Edit(f.Moved(ctx, e, r, t, seat, d, res))
	e.svc.Settle(ctx, t)
	return nil
}

// fixture is one Ex Libris game run by a real service over SQLite, every
// seat a person ("u0", "u1"...) the test plays through the face.
type fixture struct {
	t   testing.TB
	ctx context.Context
	env *env
	f   *Face
	id  string
}

var names = []string{"Ana", "Bo", "Cyd", "Dag"}

func newFixture(t testing.TB, seats int, options map[string]string, lang string, seed uint64) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "exlibris.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fc := New().(*Face)
	e := &env{f: fc}
	e.svc = game.New(game.Options{Store: db, Games: []game.Kind{fc.Kind()}, Presenter: e,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), NewSeed: func() uint64 { return seed }})
	rec, err := e.svc.OpenLobby(ctx, game.Lobby{Game: ex.ID, GuildID: "g1", ChannelID: "c1", HostID: "u0", HostName: names[0], Seats: seats, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := e.svc.Table(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Unlock()
	for s := 1; s < seats; s++ {
		if err := e.svc.ChangeLobby(ctx, tbl, game.LobbyChange{Verb: "join", UserID: fmt.Sprintf("u%d", s), Name: names[s]}); err != nil {
			t.Fatal(err)
		}
	}
	for name, value := range options {
		if err := e.svc.ChangeLobby(ctx, tbl, game.LobbyChange{Verb: "option", Option: name, UserID: "u0", Value: value}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.svc.Start(ctx, tbl, "u0"); err != nil {
		t.Fatal(err)
	}
	e.svc.Settle(ctx, tbl)
	return &fixture{t: t, ctx: ctx, env: e, f: fc, id: rec.ID}
}

// table returns the game's table, locked; the caller unlocks it.
func (fx *fixture) table() *game.Table {
	fx.t.Helper()
	tbl, err := fx.env.svc.Table(fx.ctx, fx.id)
	if err != nil {
		fx.t.Fatal(err)
	}
	return tbl
}

// autopilotMove plays the first awaited seat's move as the autopilot
// would, and settles; tbl is locked and stays so.
func (fx *fixture) autopilotMove(t testing.TB, tbl *game.Table) {
	t.Helper()
	seat := tbl.Rec.State.Awaited()[0]
	m, err := ai.Players{}.Autopilot(tbl.Rec.State.View(seat), seat, 1)
	if err == nil {
		_, err = fx.env.svc.Act(fx.ctx, tbl, m, game.ByAutopilot)
	}
	fx.env.svc.Settle(fx.ctx, tbl)
	if err != nil {
		t.Fatal(err)
	}
}

// standalone is a game record around a rules state, for tests that only
// read it (or walk the menus without playing).
func standalone(st *ex.State, lang string, seq int) *store.Game {
	seats := make([]store.Seat, st.Seats())
	for i := range seats {
		seats[i] = store.Seat{UserID: fmt.Sprintf("u%d", i), Name: names[i]}
	}
	return &store.Game{ID: "g0a1b2c3d4e5f6g7", Kind: ex.ID, Status: store.StatusPlaying, Seq: seq, Seats: seats,
		State: st, Options: store.Options{Language: lang}}
}

// press is one press on a message: a button, or a menu with one value.
type press struct {
	id    face.ID
	value []string
	// key is what the press chooses: the button's last argument
	// unescaped, or the menu's value.
	key string
}

// presses lists every press a message offers.
func presses(t testing.TB, m face.Message) []press {
	t.Helper()
	var out []press
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				id, err := face.ParseID(c.CustomID)
				if err != nil {
					t.Fatalf("button %q: %v", c.CustomID, err)
				}
				out = append(out, press{id: id, key: face.UnescapeKey(id.Args[len(id.Args)-1])})
			case discordgo.SelectMenu:
				id, err := face.ParseID(c.CustomID)
				if err != nil {
					t.Fatalf("menu %q: %v", c.CustomID, err)
				}
				for _, o := range c.Options {
					out = append(out, press{id: id, value: []string{o.Value}, key: o.Value})
				}
			}
		}
	}
	return out
}

// internalCode matches what players should never read: move notation,
// keys of places, seats and tiles, step keys, category ids, and what a
// template prints for a missing value or a missing message.
var internalCode = regexp.MustCompile(`\br-?\d+c-?\d+[<>ou]?\b|\bL\d+(?:b\d|x|s\d)\b|\bp\d\b|\br\d+\.s\d+\b|\bs\d [a-zA-Z]|\b(?:codex|bestiary|reference|potions|fiction|history)\b|<no value>|%!|map\[|\[(exlibris|cmd|play|face)\.|\[\]`)

// checkWords fails when a text a player reads is empty, shows a missing
// catalogue key or an internal code.
func checkWords(t testing.TB, where, text string) {
	t.Helper()
	if strings.TrimSpace(text) == "" {
		t.Errorf("%s is empty", where)
	}
	if m := internalCode.FindString(text); m != "" {
		t.Errorf("%s shows %q: %q", where, m, text)
	}
	// Line by line: a question the catalogue asks ends its line.
	for _, line := range strings.Split(text, "\n") {
		if line != "" {
			i18ntest.CheckWorded(t, where, line)
		}
	}
}

// checkMessage holds a message to Discord's limits and the kit's rules:
// at most five rows; a menu alone in its row, with 1 to 25 options of
// unique values; at most five buttons in a row; labels and placeholders
// within their lengths; every custom id unique, readable by face.ParseID
// and at most 100 characters; and words without gaps.
func checkMessage(t testing.TB, where string, m face.Message) {
	t.Helper()
	checkWords(t, where+" content", m.Content)
	if n := utf8.RuneCountInString(m.Content); n > 2000 {
		t.Errorf("%s: the content has %d characters", where, n)
	}
	if len(m.Components) > face.MaxRows {
		t.Errorf("%s: %d rows", where, len(m.Components))
	}
	ids := map[string]bool{}
	checkID := func(s string) {
		if len(s) > face.MaxID {
			t.Errorf("%s: custom id %q is %d characters", where, s, len(s))
		}
		if _, err := face.ParseID(s); err != nil {
			t.Errorf("%s: custom id %q does not parse: %v", where, s, err)
		}
		if ids[s] {
			t.Errorf("%s: custom id %q twice", where, s)
		}
		ids[s] = true
	}
	for _, row := range m.Components {
		r, ok := row.(discordgo.ActionsRow)
		if !ok || len(r.Components) == 0 || len(r.Components) > face.MaxButtons {
			t.Errorf("%s: a row of %d components", where, len(r.Components))
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				checkID(c.CustomID)
				if n := utf8.RuneCountInString(c.Label); n == 0 || n > face.MaxButtonLabel {
					t.Errorf("%s: button label %q", where, c.Label)
				}
				checkWords(t, where+" button", c.Label)
			case discordgo.SelectMenu:
				checkID(c.CustomID)
				if len(r.Components) != 1 {
					t.Errorf("%s: a menu shares its row", where)
				}
				if n := len(c.Options); n == 0 || n > face.MaxOptions {
					t.Errorf("%s: a menu of %d options", where, n)
				}
				if n := utf8.RuneCountInString(c.Placeholder); n > face.MaxPlaceholder {
					t.Errorf("%s: placeholder of %d characters", where, n)
				}
				checkWords(t, where+" placeholder", c.Placeholder)
				values := map[string]bool{}
				for _, o := range c.Options {
					if values[o.Value] || o.Value == "" || len(o.Value) > 100 {
						t.Errorf("%s: option value %q", where, o.Value)
					}
					values[o.Value] = true
					if n := utf8.RuneCountInString(o.Label); n == 0 || n > face.MaxLabel {
						t.Errorf("%s: option label %q", where, o.Label)
					}
					if utf8.RuneCountInString(o.Description) > face.MaxLabel {
						t.Errorf("%s: option description %q", where, o.Description)
					}
					checkWords(t, where+" option", o.Label)
					if o.Description != "" {
						checkWords(t, where+" option description", o.Description)
					}
				}
			default:
				t.Errorf("%s: a component of type %T", where, c)
			}
		}
	}
}

// setups are the tables the tests play: every number of seats, each
// mode and length, and games whose players (random ones, which go where
// the normal ones seldom do) meet the rarer decisions: the
// cabinetmaker, the cube, the goblin, the sasquatch, the witch.
var setups = []struct {
	seats   int
	options map[string]string
	level   string
	seed    uint64
}{
	{1, nil, "normal", 500},
	{2, nil, "normal", 501},
	{3, map[string]string{ex.OptionMode: "friendly"}, "normal", 502},
	{4, nil, "normal", 503},
	{2, map[string]string{ex.OptionMode: "beginner", ex.OptionLength: "long"}, "normal", 504},
	{3, map[string]string{ex.OptionLength: "long"}, "normal", 505},
	{1, map[string]string{ex.OptionLevel: "demiurge", ex.OptionMode: "friendly"}, "normal", 506},
	{4, nil, "random", 1},
	{4, nil, "random", 2},
	{4, nil, "normal", 1},
}

// position is a game at one of its decisions, with the seats asked.
type position struct {
	st    *ex.State
	setup string
}

// positions are the decisions of games played by computer players at
// every setup, each kind of decision kept at least once per game and the
// others every few decisions.
func positions(t testing.TB, every int) []position {
	t.Helper()
	var out []position
	for _, s := range setups {
		st, err := ex.Rules.New(s.seed, engine.Setup{Seats: s.seats, Options: s.options})
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*ex.State)
		name := fmt.Sprintf("%d-seat %v (%s players, seed %d)", s.seats, s.options, s.level, s.seed)
		kinds := map[string]bool{}
		players := make([]engine.Player, s.seats)
		for p := range players {
			players[p], _ = ai.Players{}.Player(s.level, s.seed+uint64(p))
		}
		for n := 0; !g.Over(); n++ {
			seat := g.Awaited()[0]
			d, _ := g.Game.Decision(seat)
			if n%every == 0 || !kinds[d.Kind] {
				kinds[d.Kind] = true
				out = append(out, position{st: g.Clone().(*ex.State), setup: name})
			}
			m, err := players[seat].Propose(g.View(seat), seat)
			if err == nil {
				_, err = g.Apply(m)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// kinds lists the decision kinds of positions.
func kinds(ps []position) []string {
	var out []string
	for _, p := range ps {
		for _, s := range p.st.Awaited() {
			d, _ := p.st.Game.Decision(s)
			if !slices.Contains(out, d.Kind) {
				out = append(out, d.Kind)
			}
		}
	}
	slices.Sort(out)
	return out
}
