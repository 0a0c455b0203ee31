package anludim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// vowelNames are players' names that French elides before.
var vowelNames = []string{"Ana", "Eve", "Ida", "Odo", "Uma"}

// withComputer is a game record around g whose players' names start with
// a vowel and whose last seat is a computer player named as the service
// names it in the game's language ("IA normale"): a French name that
// takes an article.
func withComputer(g *an.Game, lang string) *store.Game {
	rec := standalone(g, lang, 0)
	for i := range rec.Seats {
		rec.Seats[i].Name = vowelNames[i]
	}
	l, _ := i18n.Parse(lang)
	rec.Seats[len(rec.Seats)-1] = store.Seat{Name: l.T("ai.normal.name"), AILevel: "normal"}
	return rec
}

// badFrench finds what French never writes: "de" or "que" before a name
// that starts with a vowel, a computer player's name without its article,
// and a sentence opening with a lowercase article.
var badFrench = regexp.MustCompile(`\b(?:[Dd]e|[Qq]ue) (?:\*\*)?(?:Ana|Eve|Ida|Odo|Uma)\b|(?:^|[^'’])(?:\*\*)?IA normale|(?m)^(?:· )?(?:\*\*)?l'`)

// TestEventsReadRightForEachReader plays whole games between computer
// players and words every move's events for the seat that moved and every
// step's for the channel, in both languages: the mover reads its own
// doings in the second person, never its name in bold as another's; the
// channel reads a seat's cards kept once, as a count, not card by card
// before the count; French elides before a name and gives a computer
// player its article.
func TestEventsReadRightForEachReader(t *testing.T) {
	tables := []struct {
		seats  int
		expert bool
		seed   uint64
	}{{2, false, 5}, {3, true, 6}, {4, false, 7}}
	for _, tb := range tables {
		t.Run(fmt.Sprintf("a %d-seat game (expert %v)", tb.seats, tb.expert), func(t *testing.T) {
			g, err := an.New(tb.seed, tb.seats, an.Options{Expert: tb.expert})
			if err != nil {
				t.Fatal(err)
			}
			st := &an.State{Game: g}
			recs := map[i18n.Lang]*store.Game{i18n.English: withComputer(g, "en"), i18n.French: withComputer(g, "fr")}
			player, _ := ai.New("normal", tb.seed)
			key := g.StepKey()
			var step []engine.Event
			keeps := 0
			for moves := 0; !g.Over(); moves++ {
				if moves > 20000 {
					t.Fatal("the game did not end")
				}
				seat := g.Awaited()[0]
				m := player.Propose(g.View(seat), seat)
				events, err := st.Apply(engine.Move(m.String()))
				if err != nil {
					t.Fatal(err)
				}
				for l, rec := range recs {
					own := tidy(l, strings.Join(ownEvents(l, rec, seat, events), "\n"))
					if bold := "**" + seatNamer(l, rec)(seat) + "**"; strings.Contains(own, bold) {
						t.Errorf("%s: seat %d reads its own move in the third person: %q", l, seat, own)
					}
					if l == i18n.French && badFrench.MatchString(own) {
						t.Errorf("French: %q", own)
					}
				}
				step = append(step, events...)
				if g.StepKey() == key && !g.Over() {
					continue
				}
				for l, rec := range recs {
					post := tidy(l, strings.Join(eventLines(l, rec, step, engine.Spectator), "\n"))
					checkWords(t, "the post", post)
					for s := range g.Seats() {
						if kept := l.T("anludim.event.kept", "Name", seatNamer(l, rec)(s)); strings.Contains(post, tidy(l, kept)) {
							t.Errorf("%s: the channel is told each card kept before their count: %q", l, post)
						}
					}
					if l == i18n.French && badFrench.MatchString(post) {
						t.Errorf("French: %q", post)
					}
				}
				if slices.ContainsFunc(step, func(e engine.Event) bool { return e.Kind == string(an.EvKeepDone) }) {
					keeps++
				}
				step, key = nil, g.StepKey()
			}
			if keeps == 0 {
				t.Error("no seat kept cards: the game was too short to test it")
			}
		})
	}
}

// TestCardsKeptAreToldOnce: the channel reads how many cards a seat kept,
// not each card and then the count; the seat reads each card it kept, and
// the count only when earlier choices add to them; keeping none is said
// in words.
func TestCardsKeptAreToldOnce(t *testing.T) {
	g, err := an.New(3, 2, an.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := standalone(g, "en", 0)
	kept := func(c int) engine.Event {
		return engine.Event{Kind: string(an.EvKept), Seat: 0, Private: true, Args: map[string]any{"Card": c}}
	}
	done := func(n int) engine.Event {
		return engine.Event{Kind: string(an.EvKeepDone), Seat: 0, Args: map[string]any{"Count": n}}
	}
	l := i18n.English
	cases := []struct {
		what    string
		events  []engine.Event
		reader  int
		want    []string
		without []string
	}{
		{"the channel, two cards kept in one step", []engine.Event{kept(12), kept(40), done(2)}, engine.Spectator,
			[]string{"**Ana** keeps 2 cards for the next round."}, []string{"keeps a card"}},
		{"the seat, its last card kept ending its choice", []engine.Event{kept(40), done(1)}, 0,
			[]string{"You keep " + cardName(l, 40) + " for the next round."}, []string{"You keep 1 card"}},
		{"the seat, its last card kept after another", []engine.Event{kept(40), done(2)}, 0,
			[]string{"You keep " + cardName(l, 40), "That makes 2 cards kept for the next round."}, nil},
		{"the seat pressing Done after two cards kept", []engine.Event{done(2)}, 0,
			[]string{"You keep 2 cards for the next round."}, nil},
		{"the seat keeping none", []engine.Event{done(0)}, 0,
			[]string{"You keep no card for the next round."}, []string{"0 cards"}},
		{"the channel, a seat keeping none", []engine.Event{done(0)}, engine.Spectator,
			[]string{"**Ana** keeps no card for the next round."}, []string{"0 cards"}},
		{"the other seat", []engine.Event{kept(12), done(1)}, 1,
			[]string{"**Ana** keeps 1 card for the next round."}, []string{"keeps a card", cardName(l, 12)}},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			lines := eventLines(l, rec, c.events, c.reader)
			text := strings.Join(lines, "\n")
			if len(lines) != len(c.want) {
				t.Errorf("%d lines, want %d: %q", len(lines), len(c.want), text)
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q does not say %q", text, w)
				}
			}
			for _, w := range c.without {
				if strings.Contains(text, w) {
					t.Errorf("%q says %q", text, w)
				}
			}
		})
	}
}

// TestARoundWonOnATieSaysHowItWasBroken: the end of a round whose winner
// tied on totals says the tie went to the seat that ended the round, or
// to the first tied seat after it in turn order, to the channel and, in
// the second person, to the seats concerned; no tie, or a round won by
// the five kinds, says nothing of it.
func TestARoundWonOnATieSaysHowItWasBroken(t *testing.T) {
	g, err := an.New(3, 3, an.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := standalone(g, "en", 0)
	ended := func(win, trigger int, reason an.EndReason, values ...int) engine.Event {
		return engine.Event{Kind: string(an.EvRoundEnded), Seat: win,
			Args: map[string]any{"Round": 1, "Reason": string(reason), "Trigger": trigger, "Values": values}}
	}
	cases := []struct {
		what    string
		e       engine.Event
		reader  int
		want    string
		without string
	}{
		{"the channel, a tie won by the seat that ended the round", ended(0, 0, an.EndStacks, 17, 17, 15), engine.Spectator,
			"Tie at 17: the round goes to Ana, who ended it", ""},
		{"the channel, a tie won by the next seat", ended(2, 1, an.EndStacks, 16, 11, 16), engine.Spectator,
			"Tie at 16: the round goes to Cyd, the first of the tied players in turn order after Bo, who ended it", ""},
		{"the winner, who ended the round", ended(0, 0, an.EndStacks, 17, 17, 15), 0,
			"Tie at 17: the round goes to you, as you ended it", "**Ana**"},
		{"the seat that ended the round, another winning the tie", ended(2, 1, an.EndStacks, 16, 11, 16), 1,
			"the round goes to Cyd, the first of the tied players in turn order after you, as you ended it", "on Bo's turn"},
		{"no tie", ended(1, 0, an.EndStacks, 10, 12, 3), engine.Spectator, "", "Tie"},
		{"the five kinds, totals tied", ended(1, 1, an.EndFiveKinds, 12, 12, 3), engine.Spectator, "", "Tie"},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			text := eventText(i18n.English, rec, c.e, c.reader)
			checkWords(t, "the round's end", text)
			if c.want != "" && !strings.Contains(text, c.want) {
				t.Errorf("%q does not say %q", text, c.want)
			}
			if c.without != "" && strings.Contains(text, c.without) {
				t.Errorf("%q says %q", text, c.without)
			}
			fr := tidy(i18n.French, eventText(i18n.French, rec, c.e, c.reader))
			checkWords(t, "the French round's end", fr)
			if strings.Contains(text, "Tie") != strings.Contains(fr, "Égalité") {
				t.Errorf("the French %q does not tell the tie as %q does", fr, text)
			}
		})
	}
}

// TestTheReadingStepOpensWithACapital: asking how a play's cards read
// starts its sentence with the professor's name capitalised.
func TestTheReadingStepOpensWithACapital(t *testing.T) {
	for _, l := range i18n.Langs {
		for p := an.Professor(0); p < an.NumProfessors; p++ {
			b := &board{l: l, at: pos{play: true, cards: []int{3, 17}, prof: p.Code()}}
			text := tidy(l, readingsText(l, b))
			if first := []rune(strings.TrimPrefix(text, "**"))[0]; first < 'A' || first > 'Z' && first < 'À' {
				t.Errorf("%s: %q", l, text)
			}
		}
	}
}

// TestDiscardingIsOfferedInWordsOnlyWhenItCanBe: a seat holding no item
// and no parchment is not told it may discard to draw, at the start of its
// turn or after its main action; a seat holding a parchment is.
func TestDiscardingIsOfferedInWordsOnlyWhenItCanBe(t *testing.T) {
	fx := newFixture(t, 2, false, "en", 61)
	tbl := fx.table()
	defer tbl.Unlock()
	l := i18n.English
	g := stateOf(tbl.Rec)
	if g.Parchments(0) != 0 || len(g.Items(0)) != 0 || g.Parchments(1) == 0 {
		t.Fatalf("seat 0 holds %v and %d parchments, seat 1 %d parchments", g.Items(0), g.Parchments(0), g.Parchments(1))
	}
	says := func(m string) bool {
		return strings.Contains(m, l.T("anludim.prompt.turn.discard")) || strings.Contains(m, l.T("anludim.prompt.after_main"))
	}
	start, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 0, l)
	if says(start.Content) || slices.ContainsFunc(presses(t, start), func(p press) bool { return strings.HasPrefix(p.key, "x:") }) {
		t.Errorf("a seat holding nothing is offered to discard: %q", start.Content)
	}
	best := g.BestPlays(0)
	if len(best) == 0 {
		t.Skip("seat 0 cannot play: choose another seed")
	}
	m := start
	for n := 0; fx.env.moves() == 0; n++ {
		if n > 40 {
			t.Fatal("the play was not made")
		}
		p, ok := pressFor(t, presses(t, m), best[0])
		if !ok {
			t.Fatalf("no press leads to %s from %q", best[0], m.Content)
		}
		m = pressKey(t, fx, tbl, 0, m, p.key)
	}
	if says(m.Content) || !strings.Contains(m.Content, l.T("anludim.prompt.after_main.end")) {
		t.Errorf("after its play, a seat holding nothing reads %q", m.Content)
	}
	pressKey(t, fx, tbl, 0, m, "e")
	next, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 1, l)
	if !strings.Contains(next.Content, l.T("anludim.prompt.turn.discard")) {
		t.Errorf("a seat holding a parchment is not told it may discard it: %q", next.Content)
	}
}

// TestTheLastChoiceOfCardsToKeepSaysTheRoundHasBegun: between rounds each
// seat that is done choosing reads that the next round waits for the
// others, except the last, whose choice began it.
func TestTheLastChoiceOfCardsToKeepSaysTheRoundHasBegun(t *testing.T) {
	fx := newFixture(t, 3, false, "en", 7)
	l := i18n.English
	for moves := 0; ; moves++ {
		tbl := fx.table()
		if moves > 2000 || tbl.Rec.State.Over() {
			tbl.Unlock()
			t.Fatal("no round ended")
		}
		if stateOf(tbl.Rec).Keeping() {
			tbl.Unlock()
			break
		}
		fx.autopilotMove(t, tbl)
		tbl.Unlock()
	}
	for keepers := 1; ; keepers++ {
		tbl := fx.table()
		seat := awaited(tbl.Rec)
		prompt, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, seat, l)
		m := pressKey(t, fx, tbl, seat, prompt, "e")
		still := stateOf(tbl.Rec).Keeping()
		tbl.Unlock()
		waits := strings.Contains(m.Content, l.T("anludim.prompt.done.keep"))
		begun := strings.Contains(m.Content, stem(l, "anludim.prompt.done.keep.started")) || strings.Contains(m.Content, stem(l, "anludim.prompt.done.keep.first"))
		if still {
			if !waits || begun {
				t.Errorf("keeper %d, not the last, reads %q", keepers, m.Content)
			}
			continue
		}
		if waits || !begun {
			t.Errorf("the last keeper, whose choice began the round, reads %q", m.Content)
		}
		if keepers != 3 {
			t.Errorf("%d seats chose, want 3", keepers)
		}
		return
	}
}

// stem is the longest stretch of message id's text between placeholders.
func stem(l i18n.Lang, id string) string {
	best := ""
	for _, part := range regexp.MustCompile(`\{\{[^}]*\}\}`).Split(i18n.Forms(l, id)["other"], -1) {
		if len(part) > len(best) {
			best = part
		}
	}
	return best
}
