package anludim

import (
	"context"
	"errors"
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
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
	"atheneum/render"
	"atheneum/store"
)

// reply is a face.Reply that keeps the last message the face showed.
type reply struct {
	l     i18n.Lang
	user  string
	last  *face.Message
	edits int
	// msg, when set, is the id of the message pressed, and shown what
	// it shows (the last message edited in, or shown).
	msg   string
	shown string
}

func (r *reply) Lang() i18n.Lang { return r.l }

func (r *reply) Interaction() *discordgo.Interaction {
	i := &discordgo.Interaction{Member: &discordgo.Member{User: &discordgo.User{ID: r.user}}}
	if r.msg != "" {
		i.Message = &discordgo.Message{ID: r.msg, Content: r.shown}
	}
	return i
}

func (r *reply) Edit(m face.Message) error {
	r.last = &m
	r.shown = m.Content
	r.edits++
	return nil
}

// stepPost is a channel post of a step's end, with what it was made from.
type stepPost struct {
	notice game.Notice
	msg    face.Message
	lang   i18n.Lang
}

// env is a face.Env over a real service: Play stores the move, Played
// shows the message and lets the game go on, as the adapter does.
type env struct {
	svc *game.Service
	f   *Face

	mu     sync.Mutex
	played []engine.Move
	posts  []stepPost
	// stop, when set, makes Play refuse every move after noting it: the
	// face's menus can then be walked without changing the game.
	stop bool
	// draw, when set, draws the pictures asked for.
	draw bool
	// hints, when set, shows every seat the hints.
	hints bool
}

var errStopped = errors.New("the test stopped the move")

func (e *env) Service() *game.Service { return e.svc }

func (e *env) Draw(name string, draw func() (render.Picture, error)) (face.Picture, error) {
	if !e.draw {
		// Drawing is slow: most tests only check that a picture is asked
		// for, by its name.
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

func (e *env) Play(ctx context.Context, t *game.Table, m engine.Move) (game.Result, error) {
	e.mu.Lock()
	e.played = append(e.played, m)
	stop := e.stop
	e.mu.Unlock()
	if stop {
		return game.Result{}, errStopped
	}
	return e.svc.Act(ctx, t, m, game.ByPlayer)
}

func (e *env) Played(ctx context.Context, r face.Reply, t *game.Table, _ int, m face.Message, _ bool) {
	_ = r.Edit(m)
	e.svc.Settle(ctx, t)
}

// runPress does with a press what the adapter does (bot's decide): the face's
// message is shown, or its move played through e.Play, with any move
// forced after it, then the mover's message is shown and the game goes on.
func runPress(f face.Face, ctx context.Context, e *env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) error {
	d, err := f.Press(ctx, e, r, t, seat, id, values)
	if err != nil {
		return err
	}
	if d.Move == "" {
		if d.Show != nil {
			return r.Edit(*d.Show)
		}
		return nil
	}
	res, err := e.Play(ctx, t, d.Move)
	if err != nil {
		return err
	}
	for !res.StepEnded && !t.Rec.State.Over() && slices.Contains(t.Rec.State.Awaited(), seat) {
		m := f.Forced(t.Rec, seat)
		if m == "" {
			break
		}
		more, err := e.Play(ctx, t, m)
		if err != nil {
			break
		}
		res = game.Result{Events: append(res.Events, more.Events...), StepEnded: more.StepEnded}
	}
	e.Played(ctx, r, t, seat, f.Moved(ctx, e, r, t, seat, d, res), false)
	return nil
}

// Present keeps each step's post as the face words it (game.Presenter).
func (e *env) Present(_ context.Context, t *game.Table, n game.Notice) {
	if n.Kind != game.NoticeStepEnded {
		return
	}
	msg := e.f.StepEnded(e, t.Rec, n)
	e.mu.Lock()
	e.posts = append(e.posts, stepPost{notice: n, msg: msg, lang: face.GameLang(t.Rec)})
	e.mu.Unlock()
}

func (e *env) moves() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.played)
}

// fixture is one Anludim game run by a real service over SQLite, every
// seat a person ("u0", "u1"...) the test plays through the face.
type fixture struct {
	t   testing.TB
	ctx context.Context
	db  *store.DB
	env *env
	f   *Face
	id  string
}

var names = []string{"Ana", "Bo", "Cyd", "Dag", "Eve"}

func newFixture(t testing.TB, seats int, expert bool, lang string, seed uint64) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "anludim.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fc := New().(*Face)
	e := &env{f: fc}
	e.svc = game.New(game.Options{Store: db, Games: []game.Kind{fc.Kind()}, Presenter: e,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), NewSeed: func() uint64 { return seed }})
	rec, err := e.svc.OpenLobby(ctx, game.Lobby{Game: an.ID, GuildID: "g1", ChannelID: "c1", HostID: "u0", HostName: names[0], Seats: seats, Language: lang})
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
	if expert {
		if err := e.svc.ChangeLobby(ctx, tbl, game.LobbyChange{Verb: "option", Option: an.OptionVariant, UserID: "u0", Value: "expert"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.svc.Start(ctx, tbl, "u0"); err != nil {
		t.Fatal(err)
	}
	e.svc.Settle(ctx, tbl)
	return &fixture{t: t, ctx: ctx, db: db, env: e, f: fc, id: rec.ID}
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

// awaited is the seat the game waits for, -1 once it is over.
func awaited(rec *store.Game) int {
	if w := rec.State.Awaited(); len(w) > 0 {
		return w[0]
	}
	return -1
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
				out = append(out, press{id: id, key: unescapeKey(id.Args[len(id.Args)-1])})
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
// professor and item codes, step keys, card ids with a side, and what a
// template prints for a missing value or a missing message.
var internalCode = regexp.MustCompile(`\b(AL|AR|NE|SE|EL)\b|\b\d{1,2}[ab]\b|\br\d+\.[tk]\d+\b|\bs\d\b|(?:^|[^<\w])[tk]:\d|\bx:[A-Z]|<no value>|%!|map\[|\[(anludim|cmd|play)\.|\[\]`)

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
	if m := badFrench.FindString(text); m != "" {
		t.Errorf("%s writes %q: %q", where, m, text)
	}
	i18ntest.CheckWorded(t, where, text)
}

// checkMessage holds a message to Discord's limits and the face's own
// rules: at most five rows; a menu alone in its row, with 1 to 25 options
// of unique values; at most five buttons in a row; labels and
// placeholders within their lengths; every custom id unique, readable by
// face.ParseID and at most 100 characters; and words without gaps.
func checkMessage(t testing.TB, where string, m face.Message) {
	t.Helper()
	checkWords(t, where+" content", m.Content)
	if n := utf8.RuneCountInString(m.Content); n > 2000 {
		t.Errorf("%s: the content has %d characters", where, n)
	}
	if len(m.Components) > maxRows {
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
		if !ok || len(r.Components) == 0 || len(r.Components) > maxButtons {
			t.Errorf("%s: a row of %d components", where, len(r.Components))
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				checkID(c.CustomID)
				if n := utf8.RuneCountInString(c.Label); n == 0 || n > maxButtonLabel {
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
				if n := utf8.RuneCountInString(c.Placeholder); n > maxPlaceholder {
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

// other is the language a test does not play in.
func other(l i18n.Lang) i18n.Lang {
	if l == i18n.French {
		return i18n.English
	}
	return i18n.French
}

// canonical writes a move so that two moves the rules treat alike read
// alike: a play's cards in increasing order.
func canonical(t testing.TB, m engine.Move) string {
	t.Helper()
	mv, err := an.ParseMove(string(m))
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	slices.SortFunc(mv.Cards, func(a, b an.Use) int { return a.Card - b.Card })
	return mv.String()
}

// standalone is a game record around a rules state, for tests that only
// read it (or walk the menus with Play stopped).
func standalone(g *an.Game, lang string, seq int) *store.Game {
	seats := make([]store.Seat, g.Seats())
	for i := range seats {
		seats[i] = store.Seat{UserID: fmt.Sprintf("u%d", i), Name: names[i]}
	}
	return &store.Game{ID: "g0a1b2c3d4e5f6g7", Kind: an.ID, Status: store.StatusPlaying, Seq: seq, Seats: seats,
		State: &an.State{Game: g}, Options: store.Options{Language: lang}}
}

// autopilotMove plays the awaited seat's move as the autopilot would, and
// settles; tbl is locked and stays so.
func (fx *fixture) autopilotMove(t testing.TB, tbl *game.Table) {
	t.Helper()
	seat := awaited(tbl.Rec)
	m, err := ai.Players{}.Autopilot(tbl.Rec.State.View(seat), seat, 1)
	if err == nil {
		_, err = fx.env.svc.Act(fx.ctx, tbl, m, game.ByAutopilot)
	}
	fx.env.svc.Settle(fx.ctx, tbl)
	if err != nil {
		t.Fatal(err)
	}
}
