package face_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/render"
	"atheneum/store"
)

// wide is a game made for the kit's tests: on each turn the seat on turn
// first chooses a shelf among Shelves (keys "sh0", "sh1"...), then a slot
// of that shelf among three ("a:1", "a:2", "a:3", whose colons must
// travel escaped in custom ids), which completes its move ("s0 sh7 a:2").
// The game ends after four moves; each seat scores its moves' shelves.
type wideRules struct{}

const wideID = "kitwide"

// Shelves is how many shelves the first step offers: enough to need
// menus over two pages.
const Shelves = 130

func init() { engine.Register(wideRules{}) }

func (wideRules) ID() string                { return wideID }
func (wideRules) SeatRange() (min, max int) { return 2, 2 }
func (wideRules) New(seed uint64, setup engine.Setup) (engine.State, error) {
	if setup.Seats != 2 {
		return nil, &engine.Refusal{Code: "seats"}
	}
	return &wide{seed: seed}, nil
}

type wide struct {
	seed  uint64
	moves []engine.Move
}

func (w *wide) Rules() engine.Rules { return wideRules{} }
func (w *wide) Seats() int          { return 2 }
func (w *wide) Awaited() []int {
	if w.Over() {
		return nil
	}
	return []int{len(w.moves) % 2}
}
func (w *wide) StepKey() string { return "m" + strconv.Itoa(len(w.moves)) }
func (w *wide) Next(seat int, chosen []string) []engine.Choice {
	if w.Over() || seat != len(w.moves)%2 {
		return nil
	}
	switch len(chosen) {
	case 0:
		out := make([]engine.Choice, Shelves)
		for i := range out {
			out[i] = engine.Choice{Key: "sh" + strconv.Itoa(i)}
		}
		return out
	case 1:
		n, err := strconv.Atoi(strings.TrimPrefix(chosen[0], "sh"))
		if err != nil || n < 0 || n >= Shelves || "sh"+strconv.Itoa(n) != chosen[0] {
			return nil
		}
		var out []engine.Choice
		for slot := 1; slot <= 3; slot++ {
			key := "a:" + strconv.Itoa(slot)
			out = append(out, engine.Choice{Key: key, Move: engine.Move(fmt.Sprintf("s%d %s %s", seat, chosen[0], key))})
		}
		return out
	}
	return nil
}
func (w *wide) Apply(m engine.Move) ([]engine.Event, error) {
	seat, _ := engine.MoveSeat(m)
	if !slices.Contains(engine.Moves(w, seat, 0), m) {
		return nil, &engine.Refusal{Code: "illegal"}
	}
	w.moves = append(w.moves, m)
	return []engine.Event{{Kind: "shelved", Seat: seat}}, nil
}
func (w *wide) View(int) engine.State                { return w.Clone() }
func (w *wide) Determinize(int, uint64) engine.State { return w.Clone() }
func (w *wide) Clone() engine.State                  { c := *w; c.moves = slices.Clone(w.moves); return &c }
func (w *wide) Over() bool                           { return len(w.moves) == 4 }
func (w *wide) Origin() (uint64, engine.Setup)       { return w.seed, engine.Setup{Seats: 2} }
func (w *wide) Results() []engine.Result {
	if !w.Over() {
		return nil
	}
	return []engine.Result{{Seat: 0, Rank: 1}, {Seat: 1, Rank: 1}}
}

type widePlayers struct{}

func (widePlayers) Levels() []string { return []string{"random"} }
func (widePlayers) Player(string, uint64) (engine.Player, error) {
	return nil, errors.New("no computer player")
}
func (widePlayers) Autopilot(view engine.State, seat int, _ uint64) (engine.Move, error) {
	return engine.Moves(view, seat, 1)[0], nil
}

// env is a face.Env over a real service.
type env struct{ svc *game.Service }

func (e env) Service() *game.Service { return e.svc }
func (e env) Draw(name string, draw func() (render.Picture, error)) (face.Picture, error) {
	return face.Picture{Name: name}, nil
}
func (e env) DeadlineLine(context.Context, *game.Table, i18n.Lang) string { return "" }
func (e env) Prompt(ctx context.Context, t *game.Table, seat int, l i18n.Lang) (face.Message, error) {
	return face.Message{}, nil
}
func (e env) Hints(context.Context, *store.Game, int) bool { return false }

type reply struct{ user string }

func (r reply) Lang() i18n.Lang { return i18n.English }
func (r reply) Interaction() *discordgo.Interaction {
	return &discordgo.Interaction{Member: &discordgo.Member{User: &discordgo.User{ID: r.user}}}
}
func (r reply) Edit(face.Message) error { return nil }

// kitFixture is a started game of wide on a real service and SQLite file,
// shown by the kit's defaults.
type kitFixture struct {
	ctx context.Context
	env env
	kit *face.Kit
	id  string
}

func newKitFixture(t *testing.T) *kitFixture {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "kit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	kind := game.Kind{Game: engine.Game{Rules: wideRules{}, Players: widePlayers{}}}
	svc := game.New(game.Options{Store: db, Games: []game.Kind{kind}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	rec, err := svc.OpenLobby(ctx, game.Lobby{Game: wideID, GuildID: "g1", ChannelID: "c1", HostID: "u0", HostName: "Ana", Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := svc.Table(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Unlock()
	if err := svc.ChangeLobby(ctx, tbl, game.LobbyChange{Verb: "join", UserID: "u1", Name: "Bo"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Start(ctx, tbl, "u0"); err != nil {
		t.Fatal(err)
	}
	return &kitFixture{ctx: ctx, env: env{svc: svc}, kit: face.NewKit(face.Game{Kind: kind, Command: wideID}), id: rec.ID}
}

// table is the game's table, locked until the test ends.
func (fx *kitFixture) table(t *testing.T) *game.Table {
	t.Helper()
	tbl, err := fx.env.svc.Table(fx.ctx, fx.id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tbl.Unlock)
	return tbl
}

// components lists a message's buttons and menus with their ids.
func components(t *testing.T, m face.Message) (buttons []discordgo.Button, menus []discordgo.SelectMenu) {
	t.Helper()
	if len(m.Components) > face.MaxRows {
		t.Errorf("%d rows", len(m.Components))
	}
	for _, row := range m.Components {
		r := row.(discordgo.ActionsRow)
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				buttons = append(buttons, c)
				if len(r.Components) > face.MaxButtons {
					t.Errorf("a row of %d buttons", len(r.Components))
				}
			case discordgo.SelectMenu:
				menus = append(menus, c)
				if len(r.Components) != 1 || len(c.Options) > face.MaxOptions || len(c.Options) == 0 {
					t.Errorf("a menu of %d options in a row of %d", len(c.Options), len(r.Components))
				}
			}
		}
	}
	for _, b := range buttons {
		if utf8.RuneCountInString(b.CustomID) > face.MaxID {
			t.Errorf("custom id %q is too long", b.CustomID)
		}
	}
	return buttons, menus
}

func parse(t *testing.T, customID string) face.ID {
	t.Helper()
	id, err := face.ParseID(customID)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestTheKitLaysChoicesOutAsButtonsWhileTheyFitAndMenusBeyond(t *testing.T) {
	fx := newKitFixture(t)
	tbl := fx.table(t)
	start, err := fx.kit.Prompt(fx.ctx, fx.env, tbl, 0, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	buttons, menus := components(t, start)
	t.Run("130 shelves are menus of 25 over two pages, four menus to a page", func(t *testing.T) {
		if len(menus) != 4 || len(buttons) != 1 || parse(t, buttons[0].CustomID).Args[1] != face.NavPage+"1" {
			t.Fatalf("%d menus and buttons %v", len(menus), buttons)
		}
	})
	var second face.Message
	t.Run("the next page shows the other 30 shelves", func(t *testing.T) {
		d, err := fx.kit.Press(fx.ctx, fx.env, reply{"u0"}, tbl, 0, parse(t, buttons[0].CustomID), nil)
		if err != nil || d.Show == nil {
			t.Fatalf("%v, %+v", err, d)
		}
		second = *d.Show
		_, menus := components(t, second)
		if len(menus) != 2 || menus[0].Options[0].Value != "sh100" || menus[1].Options[len(menus[1].Options)-1].Value != "sh129" {
			t.Fatalf("%d menus", len(menus))
		}
	})
	t.Run("a shelf leads to its three slots as buttons, with the way back", func(t *testing.T) {
		_, menus := components(t, second)
		d, err := fx.kit.Press(fx.ctx, fx.env, reply{"u0"}, tbl, 0, parse(t, menus[0].CustomID), []string{"sh120"})
		if err != nil || d.Show == nil {
			t.Fatalf("%v, %+v", err, d)
		}
		buttons, menus := components(t, *d.Show)
		var keys []string
		for _, b := range buttons {
			id := parse(t, b.CustomID)
			keys = append(keys, face.UnescapeKey(id.Args[len(id.Args)-1]))
		}
		if len(menus) != 0 || !slices.Equal(keys, []string{"a:1", "a:2", "a:3", face.NavStart}) {
			t.Fatalf("keys %v", keys)
		}
		d, err = fx.kit.Press(fx.ctx, fx.env, reply{"u0"}, tbl, 0, parse(t, buttons[1].CustomID), nil)
		if err != nil || d.Move != "s0 sh120 a:2" {
			t.Fatalf("the slot decides %+v, %v", d, err)
		}
	})
}

func TestAPressTheKitDidNotOfferIsRefusedAsStale(t *testing.T) {
	fx := newKitFixture(t)
	tbl := fx.table(t)
	start, _ := fx.kit.Prompt(fx.ctx, fx.env, tbl, 0, i18n.English)
	_, menus := components(t, start)
	menu := parse(t, menus[0].CustomID)
	with := func(f func(id *face.ID)) face.ID {
		id := menu
		id.Args = slices.Clone(menu.Args)
		f(&id)
		return id
	}
	cases := []struct {
		name   string
		seat   int
		id     face.ID
		values []string
	}{
		{"another seat's press", 1, with(func(id *face.ID) { id.Seat = 1 }), []string{"sh0"}},
		{"a value not in the menu", 0, menu, []string{"sh99"}},
		{"two values", 0, menu, []string{"sh0", "sh1"}},
		{"a menu of another step", 0, with(func(id *face.ID) { id.Step = "m3" }), []string{"sh0"}},
		{"a menu built before a move", 0, with(func(id *face.ID) { id.Seq = 0 }), []string{"sh0"}},
		{"a page that does not exist", 0, with(func(id *face.ID) { id.Args = append(id.Args, face.NavPage+"7") }), []string{"sh0"}},
		{"a path the rules never offer", 0, with(func(id *face.ID) { id.Args = []string{"k", "sh999"}; id.Moves = 1 }), []string{"a:1"}},
		{"a button choosing a slot without a shelf", 0, with(func(id *face.ID) { id.Verb = face.VerbButton; id.Args = []string{"s", "a~1"} }), nil},
		{"a button sent with values", 0, with(func(id *face.ID) { id.Verb = face.VerbButton; id.Args = []string{"s", face.NavPage + "1"} }), []string{"sh0"}},
		{"an unknown verb", 0, with(func(id *face.ID) { id.Verb = "x" }), []string{"sh0"}},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			if c.name == "a menu built before a move" {
				c.id.Seq = tbl.Rec.Seq + 1
			}
			d, err := fx.kit.Press(fx.ctx, fx.env, reply{"u0"}, tbl, c.seat, c.id, c.values)
			if !errors.Is(err, face.ErrStaleChoice) || d.Move != "" || d.Show != nil {
				t.Errorf("got %+v, %v", d, err)
			}
		})
	}
}

func TestTheKeyCodecReadsBackWhatItWrites(t *testing.T) {
	var c face.KeyCodec
	for _, path := range [][]string{nil, {"sh3"}, {"sh3", "a:2"}, {"x:T3", "?"}} {
		got, ok := c.Decode(c.Encode(path))
		if !ok || !slices.Equal(got, path) && !(len(path) == 0 && len(got) == 0) {
			t.Errorf("%q reads back as %q (%v)", path, got, ok)
		}
	}
	for _, bad := range [][]string{{}, {"k"}, {"x", "a"}, {"k", ""}, {"s", "a"}} {
		if got, ok := c.Decode(bad); ok {
			t.Errorf("%q reads as %q", bad, got)
		}
	}
}
