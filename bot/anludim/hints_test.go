package anludim

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atheneum/bot/game"
	"atheneum/i18n"
)

// hintIDs are Anludim's hints.
var hintIDs = []string{"anludim.hint.start", "anludim.hint.start.expert", "anludim.hint.after", "anludim.hint.cards", "anludim.hint.reading", "anludim.hint.keep"}

// hintsIn are the hints text teaches.
func hintsIn(l i18n.Lang, text string) []string {
	var in []string
	for _, id := range hintIDs {
		if strings.Contains(text, l.T(id)) {
			in = append(in, id)
		}
	}
	return in
}

// TestAHintIsToldOnceWhereItChangesNotOnEveryEdit plays games through the
// face's components with hints on, the seats pressing what their message
// offers at random (so that they go into combinations, back out of them,
// and move), and follows each step's message from its first version
// through every edit: the first version teaches the step's hint, and no
// edit teaches again the hint of the version it replaces (a player's
// message once went through 101 versions, each with the same paragraph).
func TestAHintIsToldOnceWhereItChangesNotOnEveryEdit(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, expert := range []bool{false, true} {
			name := string(l) + ", base"
			if expert {
				name = string(l) + ", expert"
			}
			t.Run(name, func(t *testing.T) {
				fx := newFixture(t, 3, expert, string(l), 5)
				fx.env.hints = true
				rnd := rand.New(rand.NewPCG(5, 1))
				edits, taught := 0, map[string]bool{}
				for steps := 0; steps < 80; steps++ {
					tbl := fx.table()
					rec := tbl.Rec
					if rec.State.Over() {
						tbl.Unlock()
						break
					}
					seat, key := awaited(rec), game.StepKey(rec.State)
					m, err := fx.f.Prompt(fx.ctx, fx.env, tbl, seat, l)
					if err != nil {
						t.Fatal(err)
					}
					was := hintsIn(l, m.Content)
					if len(was) != 1 {
						t.Fatalf("step %s's first message teaches %v, want one hint: %q", key, was, m.Content)
					}
					r := &reply{l: l, user: rec.Seats[seat].UserID, msg: "prompt " + strconv.Itoa(steps), shown: m.Content}
					for n := 0; n < 30 && game.StepKey(tbl.Rec.State) == key && !tbl.Rec.State.Over(); n++ {
						ps := presses(t, m)
						if len(ps) == 0 {
							break
						}
						p := ps[rnd.IntN(len(ps))]
						r.last = nil
						if err := runPress(fx.f, fx.ctx, fx.env, r, tbl, seat, p.id, p.value); err != nil || r.last == nil {
							continue // refused (a combination that beats nothing, say): the message stays
						}
						prev := m.Content
						m = *r.last
						edits++
						now := hintsIn(l, m.Content)
						for _, id := range now {
							taught[id] = true
						}
						if again := slices.DeleteFunc(slices.Clone(now), func(id string) bool { return !slices.Contains(was, id) }); len(again) > 0 {
							t.Fatalf("step %s: an edit after %q (%v) teaches %v again: %q\nafter %q", key, p.key, p.id, again, m.Content, prev)
						}
						if len(now) > 0 {
							was = now
						}
					}
					if game.StepKey(tbl.Rec.State) == key && !tbl.Rec.State.Over() {
						fx.autopilotMove(t, tbl)
					}
					tbl.Unlock()
				}
				if edits == 0 {
					t.Fatal("no press was followed")
				}
				for _, id := range []string{"anludim.hint.after", "anludim.hint.cards"} {
					if !taught[id] {
						t.Errorf("no edit taught %s (edits: %d)", id, edits)
					}
				}
			})
		}
	}
}
