package anludim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
)

// posOf reads the position a message's components were built at.
func posOf(t testing.TB, ps []press) pos {
	t.Helper()
	if len(ps) == 0 {
		t.Fatal("a message without components has no position")
	}
	args := ps[0].id.Args
	if ps[0].value == nil {
		args = args[:len(args)-1]
	}
	p, err := parsePos(args)
	if err != nil {
		t.Fatalf("the position %v does not read back: %v", args, err)
	}
	return p
}

// pressFor is the press that leads towards target from the message's
// position: back to the start when the position has left target's path,
// else target's next key. ok is false when the message offers no such
// press.
func pressFor(t testing.TB, ps []press, target an.Move) (press, bool) {
	t.Helper()
	at := posOf(t, ps)
	find := func(key string) (press, bool) {
		i := slices.IndexFunc(ps, func(p press) bool { return p.key == key })
		if i < 0 {
			return press{}, false
		}
		return ps[i], true
	}
	if target.Kind != an.Play {
		if at.play {
			return find(navStart)
		}
		return find(stepKey(target))
	}
	var want []int
	for _, u := range target.Cards {
		want = append(want, u.Card)
	}
	switch {
	case !at.play:
		return find("p")
	case slices.ContainsFunc(at.cards, func(c int) bool { return !slices.Contains(want, c) }):
		return find(navStart)
	case at.prof != "" && at.prof != target.Prof.Code():
		return find(navStart)
	case at.prof != "":
		var sides []string
		for _, c := range at.cards {
			for _, u := range target.Cards {
				if u.Card == c && u.Side >= 0 {
					sides = append(sides, strconv.Itoa(c)+string("ab"[u.Side]))
				}
			}
		}
		if p, ok := find(strings.Join(sides, ".")); ok {
			return p, true
		}
		i := slices.IndexFunc(ps, func(p press) bool { return p.value != nil })
		if i < 0 {
			return press{}, false
		}
		return ps[i], true
	}
	for _, c := range slices.Sorted(slices.Values(want)) {
		if !slices.Contains(at.cards, c) {
			return find(strconv.Itoa(c))
		}
	}
	return find(target.Prof.Code())
}

// stepKey is a move's first key as Next offers it ("x:T3").
func stepKey(m an.Move) string {
	_, rest, _ := strings.Cut(m.String(), " ")
	return strings.ReplaceAll(rest, " ", ":")
}

// playGame plays the fixture's game to its end through the face's
// components: each seat follows a normal computer player's move, with one
// press in five chosen at random among those offered. Every message shown
// on the way is checked, in the game's language and the other.
func playGame(t *testing.T, fx *fixture, rnd *rand.Rand, lang i18n.Lang) {
	t.Helper()
	for steps := 0; ; steps++ {
		if steps > 6000 || t.Failed() {
			t.Fatalf("stopped after %d moves", steps)
		}
		tbl := fx.table()
		rec := tbl.Rec
		if rec.State.Over() {
			tbl.Unlock()
			return
		}
		seat := awaited(rec)
		g := stateOf(rec)
		where := fmt.Sprintf("%s, seat %d", g.StepKey(), seat)
		// The seats not on turn are told whose turn it is.
		idle := (seat + 1) % g.Seats()
		m, err := fx.f.Prompt(fx.ctx, fx.env, tbl, idle, lang)
		if err != nil || len(m.Components) > 0 {
			t.Errorf("%s: the prompt of seat %d, not on turn, is %+v, %v", where, idle, m, err)
		}
		checkWords(t, where+" idle prompt", m.Content)
		for _, l := range []i18n.Lang{other(lang), lang} {
			m, err = fx.f.Prompt(fx.ctx, fx.env, tbl, seat, l)
			if err != nil {
				t.Fatal(err)
			}
			checkMessage(t, where+" prompt ("+string(l)+")", m)
			checkDiscardWords(t, where+" prompt ("+string(l)+")", l, m)
		}
		keeping := g.Keeping()
		player, _ := ai.New("normal", uint64(steps))
		target := player.Propose(g.View(seat), seat)
		before := fx.env.moves()
		for n := 0; fx.env.moves() == before; n++ {
			if n > 200 {
				t.Fatalf("%s: 200 presses did not make %s", where, target)
			}
			ps := presses(t, m)
			p, ok := pressFor(t, ps, target)
			if !ok {
				t.Fatalf("%s: no press leads to %s from %q", where, target, m.Content)
			}
			if rnd != nil && n < 10 && rnd.IntN(5) == 0 {
				p = ps[rnd.IntN(len(ps))]
			}
			r := &reply{l: lang, user: fmt.Sprintf("u%d", seat)}
			if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, seat, p.id, p.value); err != nil {
				t.Fatalf("%s: pressing %s %v was refused: %v", where, p.id, p.value, err)
			}
			if r.last == nil {
				t.Fatalf("%s: pressing %s showed nothing", where, p.id)
			}
			m = *r.last
			checkMessage(t, where+" after "+p.key, m)
			checkDiscardWords(t, where+" after "+p.key, lang, m)
			if bold := "**" + names[seat] + "**"; strings.Contains(m.Content, bold) {
				t.Errorf("%s: after %s, %s reads of itself in the third person: %q", where, p.key, names[seat], m.Content)
			}
		}
		if now := stateOf(tbl.Rec); keeping && !now.Keeping() && !now.Over() && strings.Contains(m.Content, lang.T("anludim.prompt.done.keep")) {
			t.Errorf("%s: the choice that began round %d reads %q", where, now.Round(), m.Content)
		}
		tbl.Unlock()
	}
}

// checkDiscardWords fails when a message at the start of a move tells a
// seat it may discard to draw without offering it, or offers it without a
// word.
func checkDiscardWords(t *testing.T, where string, l i18n.Lang, m face.Message) {
	t.Helper()
	ps := presses(t, m)
	if len(ps) == 0 || posOf(t, ps).play {
		return
	}
	offered := slices.ContainsFunc(ps, func(p press) bool { return strings.HasPrefix(p.key, "x:") })
	told := strings.Contains(m.Content, l.T("anludim.prompt.turn.discard")) || strings.Contains(m.Content, l.T("anludim.prompt.after_main"))
	if offered != told {
		t.Errorf("%s: discarding is offered %v, told %v: %q", where, offered, told, m.Content)
	}
}

func TestWholeGamesArePlayedThroughTheComponents(t *testing.T) {
	tables := []struct {
		name   string
		seats  int
		expert bool
		lang   string
	}{
		{"a base game of two is played to its end in English", 2, false, "en"},
		{"an expert game of three is played to its end in French", 3, true, "fr"},
		{"a base game of four is played to its end in French", 4, false, "fr"},
		{"an expert game of five is played to its end in English", 5, true, "en"},
	}
	if testing.Short() || raceEnabled {
		tables = tables[:2]
	}
	for i, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			fx := newFixture(t, tb.seats, tb.expert, tb.lang, uint64(100+i))
			lang, _ := i18n.Parse(tb.lang)
			playGame(t, fx, rand.New(rand.NewPCG(uint64(i), 7)), lang)
			t.Logf("%d moves, %d posts", fx.env.moves(), len(fx.env.posts))
			t.Run("every step's post reads without gaps and keeps private cards private", func(t *testing.T) {
				if len(fx.env.posts) == 0 {
					t.Fatal("no step was posted")
				}
				for _, p := range fx.env.posts {
					checkWords(t, "the post of "+p.notice.Step, p.msg.Content)
					checkPrivacy(t, p)
				}
			})
			t.Run("the last post gives the final results, winner first", func(t *testing.T) {
				last := fx.env.posts[len(fx.env.posts)-1].msg.Content
				tbl := fx.table()
				defer tbl.Unlock()
				g := stateOf(tbl.Rec)
				first := lang.T("anludim.post.result", "Rank", 1, "Name", tbl.Rec.Seats[g.Winner()].Name, "Count", 2, "Value", 0)
				first, _, _ = strings.Cut(first, ",")
				if !strings.Contains(last, first) {
					t.Errorf("the last post does not begin its results with the winner (%q): %q", first, last)
				}
			})
		})
	}
}

// eventCards are the cards an event names.
func eventCards(e engine.Event) []int {
	var out []int
	for k, v := range e.Args {
		switch k {
		case "Cards":
			if s, ok := v.(string); ok {
				m, _ := an.ParseMove("s0 p AL " + s)
				for _, u := range m.Cards {
					out = append(out, u.Card)
				}
				continue
			}
			out = append(out, toInts(v)...)
		case "Card":
			if c, ok := toInt(v); ok && c >= 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// checkPrivacy fails when a step's post names a card that only a private
// event told (drawn face down, dealt, kept), unless a public event of the
// same step showed it too (a card drawn, then played).
func checkPrivacy(t *testing.T, p stepPost) {
	t.Helper()
	public := map[int]bool{}
	var private []int
	for _, e := range p.notice.Events {
		if e.Private {
			private = append(private, eventCards(e)...)
			continue
		}
		for _, c := range eventCards(e) {
			public[c] = true
		}
	}
	for _, c := range private {
		if !public[c] && strings.Contains(p.msg.Content, cardName(p.lang, c)) {
			t.Errorf("the post of %s names %s, which only its owner saw: %q", p.notice.Step, cardName(p.lang, c), p.msg.Content)
		}
	}
}

// TestAPrivateEventIsToldOnlyAsACount: the public words of a card drawn
// face down, dealt or kept never name it; its own seat's words do.
func TestAPrivateEventIsToldOnlyAsACount(t *testing.T) {
	g, err := an.New(3, 2, an.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := standalone(g, "en", 0)
	events := []engine.Event{
		{Kind: string(an.EvDrew), Seat: 0, Private: true, Args: map[string]any{"Cards": []int{12, 40}}},
		// As read back from a stored step's end, after a restart.
		{Kind: string(an.EvDrew), Seat: 0, Private: true, Args: map[string]any{"Cards": []any{12.0, 40.0}}},
		{Kind: string(an.EvDealt), Seat: 0, Private: true, Args: map[string]any{"Cards": []int{12, 40}}},
		{Kind: string(an.EvKept), Seat: 0, Private: true, Args: map[string]any{"Card": 12}},
	}
	for _, l := range i18n.Langs {
		for _, e := range events {
			t.Run(fmt.Sprintf("the %s event in %s names no card to the channel but names them to its seat", e.Kind, l), func(t *testing.T) {
				public := eventText(l, rec, e, engine.Spectator)
				checkWords(t, "public words", public)
				for _, c := range []int{12, 40} {
					if strings.Contains(public, cardName(l, c)) {
						t.Errorf("the channel reads %q", public)
					}
				}
				own := eventText(l, rec, e, 0)
				if !strings.Contains(own, cardName(l, 12)) {
					t.Errorf("the seat itself reads %q", own)
				}
				if other := eventText(l, rec, e, 1); other != public {
					t.Errorf("another seat reads %q, not the public %q", other, public)
				}
			})
		}
	}
}
