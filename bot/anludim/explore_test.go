package anludim

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// walk is what pressing everything a seat is offered reaches, without
// playing: the moves the presses complete and the positions they show.
type walk struct {
	moves map[string]bool
	// positions counts the messages shown, by kind: "start", "cards",
	// "readings".
	positions map[string]int
	// menus is the most options a position offered in all its menus.
	menus int
}

// walkMenus presses every button and every menu option from seat's prompt
// on, following each message the face shows, with Play stopped: nothing
// changes, and each move a press completes is noted.
func walkMenus(t *testing.T, rec *store.Game, seat int, l i18n.Lang) walk {
	t.Helper()
	ctx := context.Background()
	f := New().(*Face)
	e := &env{f: f, stop: true}
	tbl := &game.Table{Rec: rec}
	w := walk{moves: map[string]bool{}, positions: map[string]int{}}
	seen := map[string]bool{}
	var visit func(m face.Message)
	visit = func(m face.Message) {
		ps := presses(t, m)
		if len(ps) == 0 {
			return
		}
		at := posOf(t, ps)
		key := strings.Join(at.args(), ":")
		if seen[key] {
			return
		}
		seen[key] = true
		checkMessage(t, "position "+key, m)
		switch {
		case !at.play:
			w.positions["start"]++
		case at.prof == "":
			w.positions["cards"]++
		default:
			w.positions["readings"]++
		}
		options := 0
		for _, p := range ps {
			if p.value != nil {
				options++
			}
		}
		w.menus = max(w.menus, options)
		for _, p := range ps {
			before := e.moves()
			r := &reply{l: l, user: fmt.Sprintf("u%d", seat)}
			err := runPress(f, ctx, e, r, tbl, seat, p.id, p.value)
			if e.moves() > before {
				if !errors.Is(err, errStopped) {
					t.Fatalf("a move was played, then %v", err)
				}
				w.moves[canonical(t, e.played[len(e.played)-1])] = true
				continue
			}
			if err != nil {
				t.Fatalf("pressing %s %v at %s was refused: %v", p.id, p.value, key, err)
			}
			visit(*r.last)
		}
	}
	m, err := f.Prompt(ctx, e, tbl, seat, l)
	if err != nil {
		t.Fatal(err)
	}
	visit(m)
	return w
}

// positions are the steps of games played by normal computer players,
// for each variant and number of seats, every few moves.
func positions(t *testing.T, every int) []*an.Game {
	t.Helper()
	var out []*an.Game
	for i, setup := range []struct {
		seats  int
		expert bool
	}{{2, false}, {3, true}, {4, false}, {5, true}, {2, true}} {
		g, err := an.New(uint64(900+i), setup.seats, an.Options{Expert: setup.expert})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Over(); n++ {
			seat := g.Awaited()[0]
			if n%every == 0 || g.Keeping() {
				out = append(out, g.Clone())
			}
			p, _ := ai.New("normal", uint64(n))
			if _, err := g.Apply(p.Propose(g.View(seat), seat)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestTheMenusReachEveryMoveTheRulesList: in positions small enough for
// the rules to list every move, pressing everything the face offers
// completes exactly those moves (a play's cards in any order), and never
// another.
func TestTheMenusReachEveryMoveTheRulesList(t *testing.T) {
	compared, readings, every := 0, 0, 10
	if raceEnabled {
		every = 25
	}
	for i, g := range positions(t, every) {
		rec := standalone(g, "en", i)
		seat := awaited(rec)
		listed, complete := engine.ListMoves(rec.State, seat, 1500)
		if !complete {
			continue
		}
		want := map[string]bool{}
		for _, m := range listed {
			want[canonical(t, m)] = true
		}
		name := fmt.Sprintf("at %s of a %d-seat %s game, the menus reach the %d moves the rules list", g.StepKey(), g.Seats(), variant(g), len(want))
		t.Run(name, func(t *testing.T) {
			w := walkMenus(t, rec, seat, i18n.English)
			for m := range want {
				if !w.moves[m] {
					t.Errorf("the rules list %s, the menus never reach it", m)
				}
			}
			for m := range w.moves {
				if !want[m] {
					t.Errorf("the menus reach %s, which the rules do not list", m)
				}
			}
			readings += w.positions["readings"]
		})
		compared++
	}
	if compared < 200/every {
		t.Errorf("only %d positions were small enough to compare", compared)
	}
	if readings == 0 {
		t.Error("no position asked how to read a play's cards: the reading menus were never walked")
	}
}

func variant(g *an.Game) string {
	if g.Options().Expert {
		return "expert"
	}
	return "base"
}

// TestAHandOfMoreThanTwentyFiveCardsIsOfferedWhole: a seat that recruited
// turn after turn holds more cards than one menu shows; its cards are
// split over several menus, and every card the rules let it start a
// combination with is offered.
func TestAHandOfMoreThanTwentyFiveCardsIsOfferedWhole(t *testing.T) {
	for _, expert := range []bool{false, true} {
		g, err := an.New(11, 2, an.Options{Expert: expert})
		if err != nil {
			t.Fatal(err)
		}
		for g.DeckSize() >= 2 && len(g.Hand(0)) <= 30 {
			seat := g.Awaited()[0]
			for _, m := range []an.Move{{Seat: seat, Kind: an.RecruitHidden}, {Seat: seat, Kind: an.EndTurn}} {
				if _, err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if g.Awaited()[0] != 0 {
			for _, m := range []an.Move{{Seat: 1, Kind: an.RecruitFaceUp, Slot: 0}, {Seat: 1, Kind: an.EndTurn}} {
				if _, err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		want := g.CardsToAdd(0, nil)
		t.Run(fmt.Sprintf("in the %s variant a hand of %d cards offers its %d playable cards in several menus", variant(g), len(g.Hand(0)), len(want)), func(t *testing.T) {
			if len(want) <= face.MaxOptions {
				t.Fatalf("only %d cards can start a combination: the test needs more than a menu holds", len(want))
			}
			rec := standalone(g, "fr", 40)
			e := &env{f: New().(*Face)}
			tbl := &game.Table{Rec: rec}
			m, _ := e.f.Prompt(context.Background(), e, tbl, 0, i18n.French)
			i := slices.IndexFunc(presses(t, m), func(p press) bool { return p.key == "p" })
			if i < 0 {
				t.Fatal("no button starts a combination")
			}
			r := &reply{l: i18n.French, user: "u0"}
			if err := runPress(e.f, context.Background(), e, r, tbl, 0, presses(t, m)[i].id, nil); err != nil {
				t.Fatal(err)
			}
			checkMessage(t, "the first card's menus", *r.last)
			var offered []int
			menus := map[string]bool{}
			for _, p := range presses(t, *r.last) {
				if p.value != nil {
					menus[p.id.Verb] = true
					var c int
					fmt.Sscan(p.key, &c)
					offered = append(offered, c)
				}
			}
			if len(menus) < 2 {
				t.Errorf("%d cards in %d menu", len(offered), len(menus))
			}
			slices.Sort(offered)
			if !slices.Equal(offered, want) {
				t.Errorf("the menus offer %v, the rules %v", offered, want)
			}
		})
	}
}
