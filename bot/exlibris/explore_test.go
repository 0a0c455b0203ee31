package exlibris

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/i18n"
	"atheneum/store"
)

// walk is what pressing everything a seat is offered reaches, without
// playing: the moves the presses complete, the messages shown and the
// most presses one move took.
type walk struct {
	moves    map[string]bool
	messages int
	// fewest and most are the fewest and the most taps a move took (a
	// menu's choice counts as two: open it, pick).
	fewest, most int
}

// walkMenus presses every button and every menu option from seat's prompt
// on, following each message the face shows, without playing: each move
// a press completes is noted. Every message is held to Discord's limits.
func walkMenus(t *testing.T, rec *store.Game, seat int, l i18n.Lang) walk {
	t.Helper()
	ctx := context.Background()
	f := New().(*Face)
	e := &env{f: f, hints: true}
	tbl := &game.Table{Rec: rec}
	w := walk{moves: map[string]bool{}, fewest: 1 << 10}
	seen := map[string]bool{}
	var visit func(m face.Message, taps int)
	visit = func(m face.Message, taps int) {
		ps := presses(t, m)
		if len(ps) == 0 {
			return
		}
		args := ps[0].id.Args
		if ps[0].value == nil {
			args = args[:len(args)-1] // a button's last argument is its choice
		}
		at := strings.Join(args, ":")
		if seen[at] {
			return
		}
		seen[at] = true
		w.messages++
		checkMessage(t, "at "+at, m)
		for _, p := range ps {
			var moved []engine.Move
			r := &reply{l: l, user: fmt.Sprintf("u%d", seat)}
			d, err := f.Press(ctx, e, r, tbl, seat, p.id, p.value)
			if err == nil {
				err = decide(ctx, f, e, r, tbl, seat, d, true, &moved)
			}
			cost := 1
			if p.value != nil {
				cost = 2
			}
			if len(moved) > 0 {
				if !errors.Is(err, errStopped) {
					t.Fatalf("a move was played, then %v", err)
				}
				w.moves[string(moved[0])] = true
				w.fewest, w.most = min(w.fewest, taps+cost), max(w.most, taps+cost)
				continue
			}
			if err != nil {
				t.Fatalf("pressing %v %v at %s was refused: %v", p.id, p.value, at, err)
			}
			if r.last != nil && !isNav(p.key) {
				visit(*r.last, taps+cost)
			}
		}
	}
	m, err := f.Prompt(ctx, e, tbl, seat, l)
	if err != nil {
		t.Fatal(err)
	}
	checkMessage(t, "the prompt", m)
	visit(m, 0)
	return w
}

// isNav reports whether a button's choice leads back (the pages of a
// long list are walked).
func isNav(key string) bool { return key == face.NavStart || key == face.NavBack }

// TestTheMenusReachEveryMoveTheRulesList: at positions of games at every
// setup, for every seat asked, pressing everything the face offers
// completes exactly the moves the rules list, and never another; every
// message on the way fits Discord, in both languages.
func TestTheMenusReachEveryMoveTheRulesList(t *testing.T) {
	every := 7
	if raceEnabled {
		every = 40
	}
	ps := positions(t, every)
	compared, taps := 0, map[string][2]int{}
	for i, p := range ps {
		l := i18n.Langs[i%len(i18n.Langs)]
		rec := standalone(p.st, string(l), i)
		for _, seat := range p.st.Awaited() {
			listed, complete := engine.ListMoves(p.st, seat, 3000)
			if !complete {
				continue
			}
			d, _ := p.st.Game.Decision(seat)
			name := fmt.Sprintf("at %s of a %s game, the %s menus of seat %d reach the %d moves the rules list, in %s", p.st.StepKey(), p.setup, d.Kind, seat, len(listed), l)
			t.Run(name, func(t *testing.T) {
				w := walkMenus(t, rec, seat, l)
				want := map[string]bool{}
				for _, m := range listed {
					want[string(m)] = true
					if !w.moves[string(m)] {
						t.Errorf("the rules list %s, the menus never reach it", m)
					}
				}
				for m := range w.moves {
					if !want[m] {
						t.Errorf("the menus reach %s, which the rules do not list", m)
					}
				}
				if tp, ok := taps[d.Kind]; ok {
					taps[d.Kind] = [2]int{min(tp[0], w.fewest), max(tp[1], w.most)}
				} else {
					taps[d.Kind] = [2]int{w.fewest, w.most}
				}
			})
			compared++
		}
	}
	if compared < 100 {
		t.Errorf("only %d positions were compared", compared)
	}
	for _, k := range kinds(ps) {
		if _, ok := taps[k]; !ok {
			t.Errorf("no %s decision was walked", k)
		}
	}
	for _, k := range kinds(ps) {
		t.Logf("%s: %d to %d taps a move", k, taps[k][0], taps[k][1])
	}
}
