package anludim

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/i18n/i18ntest"
)

func TestTheFaceIsAnludim(t *testing.T) {
	f := New()
	k := f.Kind()
	t.Run("its kind is Anludim with its computer players", func(t *testing.T) {
		if k.ID() != an.ID || f.Command() != an.ID {
			t.Errorf("kind %q, command %q", k.ID(), f.Command())
		}
		if !slices.Contains(k.Levels(), game.AutopilotLevel) {
			t.Errorf("levels %v lack the autopilot's", k.Levels())
		}
	})
	t.Run("a step waits less than Atheneum's day but through a night", func(t *testing.T) {
		if k.StepHours != StepHours || k.StepHours < 8 || k.StepHours >= 24 {
			t.Errorf("%d hours per step", k.StepHours)
		}
	})
	t.Run("docs/anludim/discord.md gives the same time per step", func(t *testing.T) {
		doc, err := os.ReadFile("../../docs/anludim/discord.md")
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("`StepHours` is %d", StepHours); !strings.Contains(string(doc), want) {
			t.Errorf("the doc does not say %q", want)
		}
	})
}

// discordName is what Discord accepts as a command name.
var discordName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// TestEveryMessageTheFaceNamesExists: each catalogue id the face's source
// names literally is in every language.
func TestEveryMessageTheFaceNamesExists(t *testing.T) {
	i18ntest.CheckNamedIDs(t, ".", 60)
}

func TestTheSubcommandsAreNamedInEveryLanguage(t *testing.T) {
	f := New()
	subs := f.Subcommands()
	var got []string
	for _, s := range subs {
		got = append(got, s.Name)
	}
	for _, want := range []string{cmdHand, cmdPlay, cmdTable, cmdItems} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s subcommand among %v", want, got)
		}
	}
	for _, s := range subs {
		t.Run(fmt.Sprintf("/anludim %s has a valid name and a description in every language", s.Name), func(t *testing.T) {
			if s.Key != "anludim."+s.Name || s.Kind != face.Sub("x").Kind {
				t.Errorf("key %q, kind %v", s.Key, s.Kind)
			}
			if s.ReadOnly == (s.Name == cmdPlay) {
				t.Errorf("%s: read-only is %v", s.Name, s.ReadOnly)
			}
			for _, l := range i18n.Langs {
				if !l.Has("cmd."+s.Key+".name") || !l.Has("cmd."+s.Key+".description") {
					t.Fatalf("%s: the catalogue lacks cmd.%s", l, s.Key)
				}
				if n := l.T("cmd." + s.Key + ".name"); !discordName.MatchString(n) {
					t.Errorf("%s: %q is not a command name Discord takes", l, n)
				}
			}
			if en := i18n.English.T("cmd." + s.Key + ".name"); en != s.Name {
				t.Errorf("the English name %q is not the API name %q", en, s.Name)
			}
		})
	}
}

func TestTheRulesHaveEveryTopic(t *testing.T) {
	f := New()
	if len(f.RulesTopics()) != 9 || f.RulesTopics()[0] != "overview" {
		t.Fatalf("topics %v", f.RulesTopics())
	}
	for _, topic := range f.RulesTopics() {
		t.Run(topic+" reads in every language", func(t *testing.T) {
			for _, l := range i18n.Langs {
				checkWords(t, string(l)+" "+topic, f.RulesText(l, topic))
			}
		})
	}
	t.Run("an unknown or empty topic gives the overview and the other topics", func(t *testing.T) {
		for _, l := range i18n.Langs {
			for _, topic := range []string{"spiders", ""} {
				got := f.RulesText(l, topic)
				checkWords(t, string(l)+" "+topic, got)
				if !strings.HasPrefix(got, l.T("anludim.rules.overview.text")) || !strings.Contains(got, l.T("anludim.rules.help.title")) {
					t.Errorf("%s %q: got %q", l, topic, got)
				}
			}
		}
	})
}

func TestTheVariantIsNamedInEveryLanguage(t *testing.T) {
	f := New()
	for _, l := range i18n.Langs {
		base, expert := f.OptionWords(l, an.OptionVariant, "base"), f.OptionWords(l, an.OptionVariant, "expert")
		t.Run(fmt.Sprintf("in %s the variants are %q and %q", l, base, expert), func(t *testing.T) {
			checkWords(t, "base", base)
			checkWords(t, "expert", expert)
			if base == expert || base == "base" && l == i18n.French {
				t.Errorf("base %q, expert %q", base, expert)
			}
		})
	}
}

// sampleArgs are arguments of the types the rules give each name.
func sampleArgs(code string) map[string]any {
	out := map[string]any{}
	for _, name := range append(an.RefusalArgs[code], "Move") {
		switch name {
		case "Card":
			out[name] = 12
		case "Prof":
			out[name] = an.Seer.ID()
			if code == an.CodeBadProfessor {
				out[name] = 7
			}
		case "Kind":
			out[name] = an.Talisman.ID()
			if code == an.CodeUnknownMove {
				out[name] = 9
			}
		case "Value", "Slot", "Seats", "Min", "Max", "Seat", "Awaited":
			out[name] = 2
		case "Name":
			out[name] = "colour"
		case "Move":
			if code == "notation" {
				out[name] = "hello **@everyone**"
			}
		}
	}
	if code == an.CodeBadOption {
		out["Value"] = "hard"
	}
	return out
}

func TestEveryRefusalOfTheRulesIsWorded(t *testing.T) {
	f := New()
	codes := append(slices.Sorted(maps.Keys(an.RefusalArgs)), "notation", "options")
	for _, code := range codes {
		t.Run(fmt.Sprintf("the %s refusal reads without gaps in every language", code), func(t *testing.T) {
			for _, l := range i18n.Langs {
				text, ok := f.Refusal(l, &engine.Refusal{Code: code, Args: sampleArgs(code)})
				if !ok {
					t.Fatalf("%s: not worded", l)
				}
				checkWords(t, string(l), text)
				if strings.Contains(text, "@everyone") {
					t.Errorf("%s: a typed move is echoed as it was: %q", l, text)
				}
			}
		})
	}
	t.Run("a code of another game is not Anludim's to word", func(t *testing.T) {
		if _, ok := f.Refusal(i18n.English, &engine.Refusal{Code: "no_such_space"}); ok {
			t.Error("worded")
		}
	})
	t.Run("a card is named by its readings, a professor by name", func(t *testing.T) {
		text, _ := f.Refusal(i18n.English, &engine.Refusal{Code: an.CodeNotInHand, Args: map[string]any{"Card": 12}})
		if !strings.Contains(text, cardName(i18n.English, 12)) {
			t.Errorf("%q", text)
		}
		text, _ = f.Refusal(i18n.French, &engine.Refusal{Code: an.CodeNotStrongest, Args: map[string]any{"Prof": "seer"}})
		if !strings.Contains(text, "la Voyante") {
			t.Errorf("%q", text)
		}
	})
}

func TestTheLongestCustomIDFits(t *testing.T) {
	all := make([]int, an.NumCards)
	for i := range all {
		all[i] = i
	}
	longest := pos{play: true, cards: all, prof: "EL", page: 99}
	for verb, what := range map[string]string{verbButton: "a button", verbMenu + "4": "a fifth menu"} {
		id := face.ID{Game: "abcdefghijklmnop", Step: "r6.t300", Seq: 999999, Seat: an.MaxSeats - 1, Moves: len(longest.chosen()), Verb: verb, Args: longest.args()}
		if verb == verbButton {
			id.Args = append(id.Args, navPage+"98")
		}
		s := id.String()
		t.Run(fmt.Sprintf("%s holding all 65 cards, a professor and a page is %d characters", what, len(s)), func(t *testing.T) {
			if len(s) > face.MaxID {
				t.Fatalf("%q is too long", s)
			}
			back, err := face.ParseID(s)
			if err != nil {
				t.Fatal(err)
			}
			args := back.Args
			if verb == verbButton {
				args = args[:len(args)-1]
			}
			p, err := parsePos(args)
			if err != nil || !slices.Equal(p.cards, all) || p.prof != "EL" || p.page != 99 {
				t.Errorf("read back as %+v, %v", p, err)
			}
		})
	}
}

func TestCardSetsReadBackAsWritten(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		var cards []int
		for c := range an.NumCards {
			if rnd.IntN(4) == 0 {
				cards = append(cards, c)
			}
		}
		got, ok := decodeCards(encodeCards(cards))
		if !ok || !slices.Equal(got, cards) {
			t.Fatalf("%v read back as %v", cards, got)
		}
	}
	beyond := new(big.Int).Lsh(big.NewInt(1), an.NumCards).Text(36)
	for _, bad := range []string{"", "00", "01", "-1", "Z", "a b", beyond} {
		t.Run(fmt.Sprintf("%q is no card set", bad), func(t *testing.T) {
			if cards, ok := decodeCards(bad); ok {
				t.Errorf("read as %v", cards)
			}
		})
	}
}

// TestForgedPressesAreRefusedAndChangeNothing: a press on anything the
// face did not offer, as it is now, is refused as stale, and neither plays
// a move nor changes the game.
func TestForgedPressesAreRefusedAndChangeNothing(t *testing.T) {
	fx := newFixture(t, 3, false, "en", 21)
	tbl := fx.table()
	defer tbl.Unlock()
	g := stateOf(tbl.Rec)
	start, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 0, i18n.English)
	ps := presses(t, start)
	recruit := ps[slices.IndexFunc(ps, func(p press) bool { return p.key == "d" })].id
	play := ps[slices.IndexFunc(ps, func(p press) bool { return p.key == "p" })].id
	r := &reply{l: i18n.English, user: "u0"}
	if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, 0, play, nil); err != nil {
		t.Fatal(err)
	}
	cardsMsg := presses(t, *r.last)
	menu := cardsMsg[slices.IndexFunc(cardsMsg, func(p press) bool { return p.value != nil })].id
	offered := map[string]bool{}
	for _, p := range cardsMsg {
		offered[p.key] = true
	}
	notOffered := -1
	for c := range an.NumCards {
		if !offered[fmt.Sprint(c)] {
			notOffered = c
			break
		}
	}
	var notInHand int
	for c := range an.NumCards {
		if !slices.Contains(g.Hand(0), c) {
			notInHand = c
			break
		}
	}
	with := func(id face.ID, change func(*face.ID)) face.ID {
		id.Args = slices.Clone(id.Args)
		change(&id)
		return id
	}
	hand := g.Hand(0)
	cases := []struct {
		name   string
		seat   int
		id     face.ID
		values []string
	}{
		{"a menu value that is not in the menu", 0, menu, []string{fmt.Sprint(notOffered)}},
		{"the same card twice in a menu of several", 0, menu, []string{cardsMsg[0].key, cardsMsg[0].key}},
		{"a card not in a menu of several beside one that is", 0, menu, []string{cardsMsg[0].key, fmt.Sprint(notOffered)}},
		{"a menu sent without a value", 0, menu, nil},
		{"a value made up for a button", 0, recruit, []string{"d"}},
		{"another seat's id pressed by the seat on turn", 0, with(recruit, func(id *face.ID) { id.Seat = 1 }), nil},
		{"the seat on turn's id pressed by another seat", 1, recruit, nil},
		{"another seat's own id when it is not its turn", 1, with(recruit, func(id *face.ID) { id.Seat = 1 }), nil},
		{"an id built after a move not yet made", 0, with(recruit, func(id *face.ID) { id.Seq++ }), nil},
		{"an id of another step", 0, with(recruit, func(id *face.ID) { id.Step = "r1.t2" }), nil},
		{"an id of another game", 0, with(recruit, func(id *face.ID) { id.Game = "zzzzzzzzzzzzzzzz" }), nil},
		{"an id with a wrong count of keys chosen", 0, with(recruit, func(id *face.ID) { id.Moves = 3 }), nil},
		{"a verb the face never uses", 0, recruit.With("zz", recruit.Args...), nil},
		{"a button without its choice", 0, recruit.With(verbButton, "s"), nil},
		{"a button choosing a face-up place that does not exist", 0, recruit.With(verbButton, "s", "u7"), nil},
		{"a button choosing a discard the seat cannot make", 0, recruit.With(verbButton, "s", "x~T3"), nil},
		{"a button ending the turn before its main action", 0, recruit.With(verbButton, "s", "e"), nil},
		{"a button undoing when nothing can be undone", 0, recruit.With(verbButton, "s", "z"), nil},
		{"a card set holding a card not in the hand", 0, with(menu, func(id *face.ID) { id.Args = []string{"p", encodeCards([]int{notInHand})}; id.Moves = 2 }), []string{fmt.Sprint(hand[0])}},
		{"a card set spelled with a leading zero", 0, with(menu, func(id *face.ID) { id.Args = []string{"p", "0" + encodeCards(hand[:1])}; id.Moves = 2 }), []string{fmt.Sprint(hand[1])}},
		{"a professor the chosen cards cannot call", 0, with(menu, func(id *face.ID) { id.Args = []string{"p", encodeCards(hand[:1]), "EL"}; id.Moves = 3 }), []string{"x"}},
		{"a page of a menu that has none", 0, with(menu, func(id *face.ID) { id.Args = []string{"p", "0", "@2"} }), []string{fmt.Sprint(hand[0])}},
		{"a position the face never writes", 0, with(menu, func(id *face.ID) { id.Args = []string{"q", "0"} }), []string{fmt.Sprint(hand[0])}},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused and changes nothing", func(t *testing.T) {
			seq, step := tbl.Rec.Seq, game.StepKey(tbl.Rec.State)
			before := fx.env.moves()
			r := &reply{l: i18n.English, user: fmt.Sprintf("u%d", c.seat)}
			err := runPress(fx.f, fx.ctx, fx.env, r, tbl, c.seat, c.id, c.values)
			if !errors.Is(err, face.ErrStaleChoice) {
				t.Errorf("got %v, want the stale choice refusal", err)
			}
			if fx.env.moves() != before || r.last != nil || tbl.Rec.Seq != seq || game.StepKey(tbl.Rec.State) != step {
				t.Errorf("the press changed something: %d moves played, message %v, seq %d, step %s", fx.env.moves()-before, r.last, tbl.Rec.Seq, game.StepKey(tbl.Rec.State))
			}
		})
	}
	t.Run("the genuine press still plays after all that", func(t *testing.T) {
		r := &reply{l: i18n.English, user: "u0"}
		if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, 0, recruit, nil); err != nil || fx.env.moves() == 0 {
			t.Fatalf("%v, %d moves", err, fx.env.moves())
		}
		t.Run("and the same press again is stale", func(t *testing.T) {
			if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, 0, recruit, nil); !errors.Is(err, face.ErrStaleChoice) {
				t.Errorf("got %v", err)
			}
		})
	})
}

// TestEveryStepOfAMoveGivesAHintToThoseShownHints plays a game through the
// face's components with hints on: every prompt of a seat choosing
// something says what to do and why, in the reader's language, and the
// hints differ with the step (a turn's start, the cards of a combination,
// its reading, after the main action, the cards kept between rounds).
func TestEveryStepOfAMoveGivesAHintToThoseShownHints(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			fx := newFixture(t, 3, false, string(l), 11)
			fx.env.hints = true
			seen := map[string]bool{}
			prefix := strings.SplitN(l.T("anludim.hint.start"), ":", 2)[0]
			for n := 0; n < 400; n++ {
				tbl := fx.table()
				rec := tbl.Rec
				if rec.State.Over() {
					tbl.Unlock()
					break
				}
				seat := awaited(rec)
				m, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, seat, l)
				if !strings.Contains(m.Content, prefix) {
					t.Fatalf("a prompt without a hint: %q", m.Content)
				}
				for _, id := range []string{"anludim.hint.start", "anludim.hint.after", "anludim.hint.keep"} {
					if strings.Contains(m.Content, l.T(id)) {
						seen[id] = true
					}
				}
				ps := presses(t, m)
				r := &reply{l: l, user: rec.Seats[seat].UserID}
				for _, p := range ps {
					if p.key == "p" {
						if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, seat, p.id, p.value); err == nil && r.last != nil && strings.Contains(r.last.Content, l.T("anludim.hint.cards")) {
							seen["anludim.hint.cards"] = true
						}
						break
					}
				}
				fx.autopilotMove(t, tbl)
				tbl.Unlock()
			}
			for _, id := range []string{"anludim.hint.start", "anludim.hint.cards", "anludim.hint.keep"} {
				if !seen[id] {
					t.Errorf("no prompt showed %s", id)
				}
			}
		})
	}
}
