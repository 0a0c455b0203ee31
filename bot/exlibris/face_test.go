package exlibris

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
	rex "atheneum/render/exlibris"
	"atheneum/store"
)

func TestTheFaceIsExLibris(t *testing.T) {
	f := New()
	k := f.Kind()
	t.Run("its kind is Ex Libris with its computer players and the autopilot", func(t *testing.T) {
		if k.ID() != ex.ID || f.Command() != ex.ID {
			t.Errorf("kind %q, command %q", k.ID(), f.Command())
		}
		if !slices.Contains(k.Levels(), game.AutopilotLevel) {
			t.Errorf("levels %v lack the autopilot's", k.Levels())
		}
		if lo, hi := k.SeatRange(); lo != 1 || hi != 4 {
			t.Errorf("seats %d-%d", lo, hi)
		}
	})
	t.Run("its step time is its own and docs/exlibris/discord.md gives it", func(t *testing.T) {
		if k.StepHours != StepHours || StepHours < 1 || StepHours >= 24 {
			t.Errorf("%d hours per step", k.StepHours)
		}
		doc, err := os.ReadFile("../../docs/exlibris/discord.md")
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("`StepHours` is %d", StepHours); !strings.Contains(string(doc), want) {
			t.Errorf("the doc does not say %q", want)
		}
	})
	t.Run("help is one of its rules topics", func(t *testing.T) {
		for _, l := range i18n.Langs {
			if got := f.RulesText(l, "help"); got != l.T("exlibris.rules.help.text") {
				t.Errorf("%s: /exlibris help answers %q", l, got)
			}
		}
	})
}

// TestEveryMessageTheFaceNamesExists: each catalogue id the face's source
// names literally is in every language.
func TestEveryMessageTheFaceNamesExists(t *testing.T) {
	i18ntest.CheckNamedIDs(t, ".", 70)
}

// TestEveryDecisionIsWordedForEveryReader: what each kind of decision is
// called for the others (waiting for it) and the hint on it exist in
// both languages, and so do the words of every key Next may offer.
func TestEveryDecisionIsWordedForEveryReader(t *testing.T) {
	for _, kind := range ex.DecisionKinds {
		t.Run(fmt.Sprintf("the %s decision has words for the others and a hint", kind), func(t *testing.T) {
			for _, l := range i18n.Langs {
				for _, id := range []string{"exlibris.face.doing." + kind, "exlibris.hint." + kind, "exlibris.decision." + kind} {
					if !l.Has(id) {
						t.Errorf("%s lacks %s", l, id)
					}
				}
			}
		})
	}
	t.Run("every word a key may be has a label", func(t *testing.T) {
		for _, w := range []string{"draw", "pass", "done", "give", "home", "recall", "stay", "one", "all", "take", "a", "swap", "swap2", "move"} {
			for _, l := range i18n.Langs {
				if !l.Has("exlibris.face.word." + w + ".label") {
					t.Errorf("%s lacks the label of %q", l, w)
				}
			}
		}
	})
	t.Run("every subcommand and option is named in both languages", func(t *testing.T) {
		var walk func(path string, s face.Spec)
		walk = func(path string, s face.Spec) {
			for _, l := range i18n.Langs {
				if !l.Has("cmd."+path+".name") || !l.Has("cmd."+path+".description") {
					t.Errorf("%s lacks the words of cmd.%s", l, path)
				}
			}
			for _, o := range s.Options {
				walk(path+"."+o.Name, o)
			}
		}
		for _, s := range New().Subcommands() {
			walk(s.Key, s)
		}
	})
}

// TestForgedPressesAreRefusedAndChangeNothing builds presses a player's
// client could send but the face never offered, at a placement (a move of
// two keys), and checks that each is refused as stale and that the game
// stored nothing.
func TestForgedPressesAreRefusedAndChangeNothing(t *testing.T) {
	fx := newFixture(t, 3, nil, "en", 41)
	tbl := fx.table()
	defer tbl.Unlock()
	for d, ok := decisionOf(tbl.Rec, tbl.Rec.State.Awaited()[0]); !ok || d.Kind != "place"; d, ok = decisionOf(tbl.Rec, tbl.Rec.State.Awaited()[0]) {
		fx.autopilotMove(t, tbl)
	}
	seat := tbl.Rec.State.Awaited()[0]
	other := (seat + 1) % 3
	ctx := context.Background()
	r := &reply{l: i18n.English, user: fmt.Sprintf("u%d", seat)}
	m, err := fx.f.Prompt(ctx, fx.env, tbl, seat, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	ps := presses(t, m)
	if len(ps) == 0 {
		t.Fatal("the placement offers nothing to press")
	}
	good := ps[0].id
	first := ps[0].key
	dest := tbl.Rec.State.Next(seat, []string{first})
	if len(dest) == 0 || dest[0].Move == "" {
		t.Fatalf("after %s the rules offer %v", first, dest)
	}
	with := func(change func(id *face.ID)) face.ID {
		id := good
		id.Args = slices.Clone(good.Args)
		change(&id)
		return id
	}
	seq := tbl.Rec.Seq
	cases := []struct {
		name   string
		id     face.ID
		values []string
	}{
		{"a press of another seat's prompt", with(func(id *face.ID) { id.Seat = other }), nil},
		{"a press of an earlier step", with(func(id *face.ID) { id.Step = "r1.s0" }), nil},
		{"a press of an earlier position of the game", with(func(id *face.ID) { id.Seq = seq - 1 }), nil},
		{"a key the rules do not offer", with(func(id *face.ID) { id.Args[len(id.Args)-1] = "wizardx" }), nil},
		{"a destination pressed before its assistant", with(func(id *face.ID) { id.Args[len(id.Args)-1] = dest[0].Key }), nil},
		{"a path of keys never offered", with(func(id *face.ID) { id.Args = []string{"k", "assistant", "L99", "L1"}; id.Moves = 2 }), nil},
		{"a path the codec never writes", with(func(id *face.ID) { id.Args = []string{"x", first} }), nil},
		{"a button pressed with a value", good, []string{first}},
		{"a menu of the prompt that does not exist", with(func(id *face.ID) { id.Verb = "m3"; id.Args = []string{"s"} }), []string{first}},
		{"a page that does not exist", with(func(id *face.ID) { id.Verb = "m0"; id.Args = []string{"s", "@7"} }), []string{first}},
		{"a way back from the start", with(func(id *face.ID) { id.Args[len(id.Args)-1] = face.NavBack }), nil},
		{"another game's press", with(func(id *face.ID) { id.Game = "zzzzzzzzzzzzzzzz" }), nil},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused and changes nothing", func(t *testing.T) {
			d, err := fx.f.Press(ctx, fx.env, r, tbl, seat, c.id, c.values)
			if !errors.Is(err, face.ErrStaleChoice) {
				t.Errorf("Press answered %+v, %v", d, err)
			}
			if tbl.Rec.Seq != seq {
				t.Errorf("the game moved from %d to %d", seq, tbl.Rec.Seq)
			}
		})
	}
	t.Run("the press offered still works", func(t *testing.T) {
		d, err := fx.f.Press(ctx, fx.env, r, tbl, seat, good, nil)
		if err != nil || d.Show == nil || d.Move != "" || len(d.Show.Components) == 0 {
			t.Fatalf("Press answered %+v, %v", d, err)
		}
		label, _ := keyLabel(i18n.English, tbl.Rec, seat, "place", nil, first)
		if !strings.Contains(d.Show.Content, label) {
			t.Errorf("the next step does not say %q was chosen: %q", label, d.Show.Content)
		}
	})
}

// TestAWholeGamePlayedThroughTheFace plays games at several setups, every
// seat a person pressing the face's buttons and menus for the move the
// normal computer player would make: each step's post is worded without
// gaps, the city's picture comes with each placement, and the game ends
// with its results in the last post.
func TestAWholeGamePlayedThroughTheFace(t *testing.T) {
	for _, s := range []struct {
		seats int
		lang  string
		// draw draws every picture (a solo game: the fewest steps).
		draw bool
	}{{2, "fr", false}, {1, "en", true}, {4, "en", false}} {
		t.Run(fmt.Sprintf("a %d-seat game in %s", s.seats, s.lang), func(t *testing.T) {
			fx := newFixture(t, s.seats, nil, s.lang, 7)
			fx.env.draw = s.draw
			ctx := context.Background()
			moves := 0
			for ; moves < 3000; moves++ {
				tbl := fx.table()
				rec := tbl.Rec
				if rec.State.Over() {
					tbl.Unlock()
					break
				}
				seat := rec.State.Awaited()[0]
				view := rec.State.View(seat)
				m, err := fx.f.Kind().Autopilot(view, seat, 1)
				if err != nil {
					tbl.Unlock()
					t.Fatal(err)
				}
				path := engine.PathOf(view, seat, m)
				if path == nil {
					tbl.Unlock()
					t.Fatalf("no keys build %s", m)
				}
				l := i18n.Lang(s.lang)
				msg, err := fx.f.Prompt(ctx, fx.env, tbl, seat, l)
				if err != nil {
					tbl.Unlock()
					t.Fatal(err)
				}
				if s.draw {
					checkSeatPictures(t, rec, seat, msg)
				}
				before := rec.Seq
				for _, key := range path {
					i := slices.IndexFunc(presses(t, msg), func(p press) bool { return p.key == key })
					if i < 0 {
						tbl.Unlock()
						t.Fatalf("%s: no press chooses %q on %q", m, key, msg.Content)
					}
					p := presses(t, msg)[i]
					r := &reply{l: l, user: fmt.Sprintf("u%d", seat)}
					d, err := fx.f.Press(ctx, fx.env, r, tbl, seat, p.id, p.value)
					if err == nil {
						err = decide(ctx, fx.f, fx.env, r, tbl, seat, d, false, nil)
					}
					if err != nil {
						tbl.Unlock()
						t.Fatalf("%s: pressing %q: %v", m, key, err)
					}
					if r.last != nil {
						msg = *r.last
					}
					if k := slices.Index(path, key); k < len(path)-1 && slices.ContainsFunc(presses(t, msg), func(p press) bool { _, ok := parsePlace(p.key); return ok }) &&
						!slices.ContainsFunc(msg.Pictures, func(p face.Picture) bool { return p.Name == "collection.png" }) {
						t.Errorf("after %v, places are offered without the collection lit: %v", path[:k+1], msg.Pictures)
					}
				}
				if tbl.Rec.Seq != before+1 {
					tbl.Unlock()
					t.Fatalf("pressing %v stored %d moves", path, tbl.Rec.Seq-before)
				}
				tbl.Unlock()
			}
			tbl := fx.table()
			defer tbl.Unlock()
			if !tbl.Rec.State.Over() {
				t.Fatalf("the game is not over after %d moves", moves)
			}
			posts := fx.env.posts
			pictured := 0
			for i, p := range posts {
				checkWords(t, fmt.Sprintf("post %d", i), p.msg.Content)
				if len(p.msg.Pictures) > 0 {
					pictured++
				}
				for _, code := range hiddenCards(p.notice.Events) {
					if regexp.MustCompile(`\b` + code + `\b`).MatchString(p.msg.Content) {
						t.Errorf("post %d names %s, which only its drawer saw: %q", i, code, p.msg.Content)
					}
				}
				placed := slices.ContainsFunc(p.notice.Events, func(e engine.Event) bool { return e.Kind == string(ex.EvPlaced) })
				if placed && len(p.msg.Pictures) == 0 {
					t.Errorf("post %d tells a placement without the city: %q", i, p.msg.Content)
				}
				for _, pic := range p.msg.Pictures {
					if s.draw && len(pic.PNG) == 0 {
						t.Errorf("post %d: %s is empty", i, pic.Name)
					}
				}
			}
			last := posts[len(posts)-1].msg
			if !strings.Contains(last.Content, i18n.Lang(s.lang).T("play.scores.final.title")) {
				t.Errorf("the last post gives no results: %q", last.Content)
			}
			if len(last.Pictures) != 1 || last.Pictures[0].Name != "results.png" {
				t.Errorf("the last post shows %v, want the results", last.Pictures)
			}
			t.Logf("%d moves, %d posts, %d with the city", moves, len(posts), pictured)
		})
	}
}

// hiddenCards are the cards private events of a step show only their seat,
// and no other event of the step shows everyone.
func hiddenCards(events []engine.Event) []string {
	public := map[string]bool{}
	var private []string
	for _, e := range events {
		var codes []string
		if c, ok := e.Args["Card"].(string); ok {
			codes = append(codes, c)
		}
		if o, ok := e.Args["Other"].(string); ok {
			codes = append(codes, o)
		}
		if cs, ok := e.Args["Cards"].([]string); ok {
			codes = append(codes, cs...)
		}
		for _, c := range codes {
			if e.Private {
				private = append(private, c)
			} else {
				public[c] = true
			}
		}
	}
	return slices.DeleteFunc(private, func(c string) bool { return public[c] })
}

// checkSeatPictures checks the pictures of seat's prompt at the start of a
// decision: its collection, drawn, when the decision lights places of it,
// and its hand, drawn, at a placement.
func checkSeatPictures(t *testing.T, rec *store.Game, seat int, msg face.Message) {
	t.Helper()
	drawn := map[string]bool{}
	alt := map[string]string{}
	for _, p := range msg.Pictures {
		drawn[p.Name] = len(p.PNG) > 0 && p.Alt != ""
		alt[p.Name] = p.Alt
	}
	g := stateOf(rec)
	d, _ := g.Decision(seat)
	if len(rex.Spots(g.View(seat), seat, litPath(rec, seat, nil))) > 0 {
		// The places lit are told in the picture's words too.
		plain, err := rex.DrawCollection(g.View(seat), seat, rex.Marks{}, face.PictureOptions(rec))
		if !drawn["collection.png"] || err != nil || alt["collection.png"] == plain.Alt {
			t.Errorf("at %s (%s) the prompt shows no collection with its places lit: %v", rec.State.StepKey(), d.Kind, msg.Pictures)
		}
	}
	if d.Kind == "place" && !drawn["hand.png"] {
		t.Errorf("at %s the placement's prompt shows no hand: %v", rec.State.StepKey(), msg.Pictures)
	}
}
