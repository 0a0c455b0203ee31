package exlibris

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
)

// undoButton is the Undo button among a message's components.
func undoButton(m face.Message) (discordgo.Button, bool) {
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok {
				if id, err := face.ParseID(b.CustomID); err == nil && undoPress(id) {
					return b, true
				}
			}
		}
	}
	return discordgo.Button{}, false
}

// TestUndoTakesThePlacementBackFromItsButton: while a seat may take its
// placement back (ruling 50), its prompt has an Undo button of its own,
// worded in its language; pressing it plays the undo, the seat is asked to
// place again and the channel is told in words, with the city; an Undo
// press once there is nothing to take back is refused in the rules' words
// and changes nothing.
func TestUndoTakesThePlacementBackFromItsButton(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run("in "+lang, func(t *testing.T) {
			l := i18n.Lang(lang)
			fx := newFixture(t, 2, nil, lang, 41)
			tbl := fx.table()
			defer tbl.Unlock()
			game0 := func() *ex.Game { return tbl.Rec.State.(*ex.State).Game }
			for moves := 0; !game0().CanUndo(tbl.Rec.State.Awaited()[0]); moves++ {
				if moves > 500 || game0().Over() {
					t.Fatal("no seat could ever take its placement back")
				}
				fx.autopilotMove(t, tbl)
			}
			seat := tbl.Rec.State.Awaited()[0]
			ctx := context.Background()
			msg, err := fx.f.Prompt(ctx, fx.env, tbl, seat, l)
			if err != nil {
				t.Fatal(err)
			}
			checkMessage(t, "the prompt", msg)
			button, ok := undoButton(msg)
			if !ok || button.Label != l.T("exlibris.face.word.undo.label") || button.Style != discordgo.DangerButton {
				t.Fatalf("the prompt's Undo button is %+v (found %v): %q", button, ok, msg.Content)
			}
			id, _ := face.ParseID(button.CustomID)
			r := &reply{l: l, user: fmt.Sprintf("u%d", seat)}
			seq := tbl.Rec.Seq
			d, err := fx.f.Press(ctx, fx.env, r, tbl, seat, id, nil)
			if err != nil || string(d.Move) != fmt.Sprintf("s%d %s", seat, ex.UndoKey) {
				t.Fatalf("pressing Undo answered %+v, %v", d, err)
			}
			if err := decide(ctx, fx.f, fx.env, r, tbl, seat, d, false, nil); err != nil {
				t.Fatal(err)
			}
			if kind, _ := decisionOf(tbl.Rec, seat); tbl.Rec.Seq != seq+1 || kind.Kind != "place" || game0().CanUndo(seat) {
				t.Fatalf("after the undo: %d moves stored, seat %d asked %q, undo still open %v", tbl.Rec.Seq-seq, seat, kind.Kind, game0().CanUndo(seat))
			}
			if _, ok := undoButton(*r.last); ok {
				t.Error("the prompt after the undo still offers it")
			}
			post := fx.env.posts[len(fx.env.posts)-1]
			told := strings.Split(l.T("exlibris.event.undone", "Name", "\x00", "Assistant", "\x00", "Location", "\x00"), "\x00")
			if !strings.Contains(post.msg.Content, names[seat]) || !strings.Contains(post.msg.Content, strings.TrimSpace(told[len(told)-1])) ||
				!slices.ContainsFunc(post.msg.Pictures, func(p face.Picture) bool { return p.Name == "city.png" }) {
				t.Errorf("the channel was told %q with %d pictures", post.msg.Content, len(post.msg.Pictures))
			}
			checkWords(t, "the undo's post", post.msg.Content)
			for _, forged := range []struct {
				name string
				id   face.ID
			}{
				{"the Undo button pressed again", id},
				{"an Undo button forged for the step", func() face.ID {
					f := id
					f.Step, f.Seq = game.StepKey(tbl.Rec.State), tbl.Rec.Seq
					return f
				}()},
			} {
				seq := tbl.Rec.Seq
				_, err := fx.f.Press(ctx, fx.env, r, tbl, seat, forged.id, nil)
				var ue *face.UserError
				if !errors.As(err, &ue) || ue.Words(l) != l.T("exlibris.refusal.cannot_undo", "Seat", names[seat]) {
					t.Errorf("%s: refused with %v", forged.name, err)
				}
				if tbl.Rec.Seq != seq {
					t.Errorf("%s: the game moved", forged.name)
				}
			}
		})
	}
	t.Run("the Undo button stands beside a long list too, on each of its pages", func(t *testing.T) {
		long := 0
		for _, p := range positions(t, 1) {
			for _, seat := range p.st.Awaited() {
				if !p.st.Game.CanUndo(seat) || len(p.st.Next(seat, nil)) <= 21 {
					continue
				}
				long++
				rec := standalone(p.st, "en", 0)
				for page := 0; ; page++ {
					b, ok := New().(*Face).Board(i18n.English, rec, seat, nil, page)
					if !ok {
						if page == 0 {
							t.Fatalf("%s: page %d cannot be laid out", p.setup, page)
						}
						break
					}
					m := face.Message{Content: "x", Components: b.Rows()}
					checkMessage(t, p.setup, m)
					if _, ok := undoButton(m); !ok {
						t.Fatalf("%s: page %d of %d choices has no Undo button", p.setup, page, len(b.Next))
					}
					if !slices.ContainsFunc(b.Next, func(c engine.Choice) bool { return c.Key == ex.UndoKey }) {
						t.Fatalf("%s: the board no longer lists the undo, so a press of it would be refused", p.setup)
					}
				}
			}
		}
		if long == 0 {
			t.Fatal("no position offered the undo beside a long list: the test shows nothing")
		}
	})
	t.Run("beside four menus and their pages, the Undo button joins the buttons that turn them", func(t *testing.T) {
		var st *ex.State
		for _, p := range positions(t, 50) {
			if seat := p.st.Awaited()[0]; p.st.Game.CanUndo(seat) {
				st = p.st
				break
			}
		}
		if st == nil {
			t.Fatal("no position offers the undo")
		}
		seat := st.Awaited()[0]
		rec := standalone(st, "en", 0)
		rec.State = hundreds{st}
		for page := 0; page < 2; page++ {
			b, ok := New().(*Face).Board(i18n.English, rec, seat, nil, page)
			if !ok {
				t.Fatalf("page %d cannot be laid out", page)
			}
			m := face.Message{Components: b.Rows()}
			if page == 0 && len(m.Components) != face.MaxRows {
				t.Fatalf("the first page has %d rows, not four menus and their buttons", len(m.Components))
			}
			if _, ok := undoButton(m); !ok || len(m.Components) > face.MaxRows {
				t.Fatalf("page %d: %d rows, an Undo button %v", page, len(m.Components), ok)
			}
			last := m.Components[len(m.Components)-1].(discordgo.ActionsRow)
			if len(last.Components) > face.MaxButtons {
				t.Fatalf("page %d: %d buttons in a row", page, len(last.Components))
			}
		}
	})
}

// hundreds is a game whose seats are offered 150 choices at the start of
// a move, and the undo when the game offers it: more than four menus hold.
type hundreds struct{ *ex.State }

func (h hundreds) Next(seat int, chosen []string) []engine.Choice {
	if len(chosen) > 0 {
		return nil
	}
	var out []engine.Choice
	for i := range 150 {
		out = append(out, engine.Choice{Key: fmt.Sprintf("k%d", i), Move: engine.Move(fmt.Sprintf("s%d k%d", seat, i))})
	}
	for _, c := range h.State.Next(seat, nil) {
		if c.Key == ex.UndoKey {
			out = append(out, c)
		}
	}
	return out
}
