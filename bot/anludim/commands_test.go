package anludim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/bot/game"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
)

func TestTheSubcommandsAnswer(t *testing.T) {
	fx := newFixture(t, 3, true, "fr", 31)
	for _, l := range i18n.Langs {
		for _, c := range []struct {
			name, user string
			want       func(l i18n.Lang) string
			components bool
		}{
			{"hand", "u0", func(l i18n.Lang) string { return l.T("anludim.prompt.hand", "Count", 8, "Cards", "") }, false},
			{"hand", "u9", func(l i18n.Lang) string { return l.T("anludim.cmd.not_playing", "Table", "") }, false},
			{"play", "u0", func(l i18n.Lang) string { return l.T("anludim.prompt.turn", "Round", 1, "Turn", 1) }, true},
			{"play", "u1", func(l i18n.Lang) string { return l.T("anludim.prompt.wait", "Round", 1, "Turn", 1, "Name", names[0]) }, false},
			{"table", "u9", func(l i18n.Lang) string {
				return l.T("anludim.cmd.professor.board", "Prof", profThe(l, "seer"), "Combination", combinationName(l, an.Seer))
			}, false},
			{"items", "u9", func(l i18n.Lang) string { return l.T("anludim.cmd.items.title") }, false},
		} {
			t.Run(fmt.Sprintf("/anludim %s for %s answers in %s", c.name, c.user, l), func(t *testing.T) {
				var in face.Target
				var tbl *game.Table
				if c.name == cmdPlay {
					tbl = fx.table()
					defer tbl.Unlock()
					in.Table = tbl
				} else {
					snap, err := fx.env.svc.Snapshot(fx.ctx, fx.id)
					if err != nil {
						t.Fatal(err)
					}
					in.Snap = snap
				}
				r := &reply{l: l, user: c.user}
				if _, err := fx.f.HandleCommand(fx.ctx, fx.env, r, c.name, nil, in); err != nil {
					t.Fatal(err)
				}
				if r.last == nil {
					t.Fatal("no answer")
				}
				checkMessage(t, c.name, *r.last)
				want, _, _ := strings.Cut(c.want(l), "{")
				if w := strings.TrimRight(want, " :()0123456789"); !strings.Contains(r.last.Content, w[:min(len(w), 20)]) {
					t.Errorf("the answer does not say %q: %q", w, r.last.Content)
				}
				if (len(r.last.Components) > 0) != c.components {
					t.Errorf("%d rows of components", len(r.last.Components))
				}
			})
		}
	}
}

// TestWhereTheGameStandsReadsInEveryLanguage: the position, the scores and
// the opening post, at every kind of step of played games and at their
// end.
func TestWhereTheGameStandsReadsInEveryLanguage(t *testing.T) {
	f := New().(*Face)
	for i, g := range positions(t, 25) {
		rec := standalone(g, "en", i)
		for _, l := range i18n.Langs {
			t.Run(fmt.Sprintf("at %s of a %d-seat game in %s", g.StepKey(), g.Seats(), l), func(t *testing.T) {
				p := f.Position(l, rec)
				checkWords(t, "the position", p)
				if !strings.Contains(p, names[g.Awaited()[0]]) {
					t.Errorf("the position %q does not name whom the game waits for", p)
				}
				checkWords(t, "the scores", f.Scores(l, rec))
				checkWords(t, "the opening", f.StartText(l, rec))
			})
		}
	}
	fx := newFixture(t, 2, false, "en", 41)
	playGame(t, fx, nil, i18n.English)
	tbl := fx.table()
	defer tbl.Unlock()
	g := stateOf(tbl.Rec)
	for _, l := range i18n.Langs {
		t.Run("once the game is over, in "+string(l)+", no position and the final scores winner first", func(t *testing.T) {
			if p := f.Position(l, tbl.Rec); p != "" {
				t.Errorf("position %q", p)
			}
			scores := f.Scores(l, tbl.Rec)
			checkWords(t, "the final scores", scores)
			if !strings.HasPrefix(scores, "1. **"+names[g.Winner()]+"**") {
				t.Errorf("the scores do not begin with the winner: %q", scores)
			}
		})
	}
}

func TestAReplayTellsWhoWonEachRound(t *testing.T) {
	fx := newFixture(t, 2, true, "fr", 51)
	playGame(t, fx, rand.New(rand.NewPCG(5, 5)), i18n.French)
	rec, err := fx.db.GetGame(fx.ctx, fx.id)
	if err != nil {
		t.Fatal(err)
	}
	tbl := fx.table()
	g := stateOf(tbl.Rec)
	tbl.Unlock()
	for _, l := range i18n.Langs {
		t.Run("the replay in "+string(l)+" names the winner and every round", func(t *testing.T) {
			r := &reply{l: l, user: "u0"}
			if err := fx.f.Replay(fx.ctx, fx.env, r, rec); err != nil {
				t.Fatal(err)
			}
			checkWords(t, "the replay", r.last.Content)
			if !strings.Contains(r.last.Content, "**"+names[g.Winner()]+"**") {
				t.Errorf("the replay does not name the winner: %q", r.last.Content)
			}
			for _, rd := range g.Rounds() {
				if line := l.T("anludim.replay.round", "Round", rd.Round, "Name", names[rd.Winner], "Reason", l.T("anludim.end."+string(rd.Reason)), "Totals", ""); !strings.Contains(r.last.Content, strings.Split(line, ".")[0]) {
					t.Errorf("round %d is missing: %q", rd.Round, r.last.Content)
				}
			}
		})
	}
}

// pressKey presses the component choosing key on m, as seat, and returns
// what the face shows next.
func pressKey(t *testing.T, fx *fixture, tbl *game.Table, seat int, m face.Message, key string) face.Message {
	t.Helper()
	ps := presses(t, m)
	i := slices.IndexFunc(ps, func(p press) bool { return p.key == key })
	if i < 0 {
		t.Fatalf("nothing chooses %q in %q", key, m.Content)
	}
	r := &reply{l: i18n.English, user: fmt.Sprintf("u%d", seat)}
	if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, seat, ps[i].id, ps[i].value); err != nil {
		t.Fatalf("pressing %q: %v", key, err)
	}
	return *r.last
}

func TestATurnStepByStep(t *testing.T) {
	fx := newFixture(t, 2, false, "en", 61)
	tbl := fx.table()
	defer tbl.Unlock()
	g := stateOf(tbl.Rec)
	hand := g.Hand(0)
	start, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 0, i18n.English)

	t.Run("recruiting face down tells the player which cards it drew, and ends a turn with nothing left to do", func(t *testing.T) {
		m := pressKey(t, fx, tbl, 0, start, "d")
		var drawn []int
		for _, c := range stateOf(tbl.Rec).Hand(0) {
			if !slices.Contains(hand, c) {
				drawn = append(drawn, c)
			}
		}
		if len(drawn) != 2 {
			t.Fatalf("drew %v", drawn)
		}
		for _, c := range drawn {
			if !strings.Contains(m.Content, cardName(i18n.English, c)) {
				t.Errorf("the player is not told it drew %s: %q", cardName(i18n.English, c), m.Content)
			}
		}
		if len(m.Components) > 0 || !strings.Contains(m.Content, i18n.English.T("anludim.prompt.done")) {
			t.Errorf("the turn did not end: %q", m.Content)
		}
		if awaited(tbl.Rec) != 1 {
			t.Errorf("the game waits for seat %d", awaited(tbl.Rec))
		}
	})

	g = stateOf(tbl.Rec)
	best := g.BestPlays(1)
	if len(best) == 0 {
		t.Skip("the second seat cannot play: choose another seed")
	}
	play := best[0]
	var cards []int
	for _, u := range play.Cards {
		cards = append(cards, u.Card)
	}
	slices.Sort(cards)
	playIt := func(t *testing.T) face.Message {
		t.Helper()
		m, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 1, i18n.English)
		m = pressKey(t, fx, tbl, 1, m, "p")
		for _, c := range cards {
			m = pressKey(t, fx, tbl, 1, m, fmt.Sprint(c))
		}
		m = pressKey(t, fx, tbl, 1, m, play.Prof.Code())
		if posOf(t, presses(t, m)).play {
			m = pressKey(t, fx, tbl, 1, m, presses(t, m)[0].key)
		}
		return m
	}
	var afterPlay face.Message
	t.Run(fmt.Sprintf("playing %d cards for %s takes %d taps and leaves end of turn and undo", len(cards), play.Prof.ID(), 2+2*len(cards)), func(t *testing.T) {
		afterPlay = playIt(t)
		keys := map[string]bool{}
		for _, p := range presses(t, afterPlay) {
			keys[p.key] = true
		}
		if !keys["e"] || !keys["z"] || keys["p"] || keys["d"] {
			t.Errorf("after the play the choices are %v", keys)
		}
		if at := stateOf(tbl.Rec).ProfessorSeat(play.Prof); at != 1 {
			t.Errorf("%s stands in front of seat %d", play.Prof.ID(), at)
		}
	})
	t.Run("undo takes the play back", func(t *testing.T) {
		m := pressKey(t, fx, tbl, 1, afterPlay, "z")
		if g := stateOf(tbl.Rec); g.MainDone() || g.ProfessorSeat(play.Prof) == 1 {
			t.Error("the play still stands")
		}
		if !slices.ContainsFunc(presses(t, m), func(p press) bool { return p.key == "p" }) {
			t.Errorf("after undo no play is offered: %q", m.Content)
		}
	})
	t.Run("playing again and ending the turn hands it over", func(t *testing.T) {
		m := pressKey(t, fx, tbl, 1, playIt(t), "e")
		if len(m.Components) > 0 || awaited(tbl.Rec) != 0 {
			t.Errorf("the turn did not end: %q", m.Content)
		}
		post := fx.env.posts[len(fx.env.posts)-1].msg.Content
		if !strings.Contains(post, profThe(i18n.English, play.Prof.ID())) {
			t.Errorf("the turn's post does not tell the play: %q", post)
		}
	})
}
