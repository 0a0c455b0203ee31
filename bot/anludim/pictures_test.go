package anludim

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"atheneum/bot/face"
	"atheneum/i18n"
)

// checkPictures fails unless m has exactly the pictures named, each a PNG
// with a description for screen readers.
func checkPictures(t *testing.T, where string, m face.Message, names ...string) {
	t.Helper()
	var got []string
	for _, p := range m.Pictures {
		got = append(got, p.Name)
		if !bytes.HasPrefix(p.PNG, []byte("\x89PNG")) || strings.TrimSpace(p.Alt) == "" {
			t.Errorf("%s: %s is %d bytes described %q", where, p.Name, len(p.PNG), p.Alt)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(names) {
		t.Errorf("%s: pictures %v, want %v", where, got, names)
	}
}

func TestThePicturesAreDrawnWhereTheyBelong(t *testing.T) {
	fx := newFixture(t, 2, false, "fr", 81)
	fx.env.draw = true
	t.Run("the seat on turn sees its hand, the other seat no picture", func(t *testing.T) {
		tbl := fx.table()
		defer tbl.Unlock()
		m, _ := fx.f.Prompt(fx.ctx, fx.env, tbl, 0, i18n.French)
		checkPictures(t, "the prompt", m, "hand.png")
		m, _ = fx.f.Prompt(fx.ctx, fx.env, tbl, 1, i18n.French)
		checkPictures(t, "the idle prompt", m)
	})
	for name, want := range map[string]string{cmdHand: "hand.png", cmdTable: "table.png", cmdItems: "items.png"} {
		t.Run(fmt.Sprintf("/anludim %s shows %s", name, want), func(t *testing.T) {
			snap, err := fx.env.svc.Snapshot(fx.ctx, fx.id)
			if err != nil {
				t.Fatal(err)
			}
			r := &reply{l: i18n.English, user: "u0"}
			if _, err := fx.f.HandleCommand(fx.ctx, fx.env, r, name, nil, face.Target{Snap: snap}); err != nil {
				t.Fatal(err)
			}
			checkPictures(t, name, *r.last, want)
		})
	}
	playGame(t, fx, nil, i18n.French)
	t.Run("each step's post shows the table, a round's end its picture, the game's end the results", func(t *testing.T) {
		for i, p := range fx.env.posts {
			var want []string
			ended := strings.Contains(p.msg.Content, i18n.French.T("anludim.post.results"))
			switch {
			case i == len(fx.env.posts)-1:
				want = []string{"results.png", "table.png"}
			case ended:
				t.Errorf("the post of %s gives final results before the last", p.notice.Step)
			case strings.Contains(p.msg.Content, "**Fin de la manche"):
				want = []string{"round.png", "table.png"}
			default:
				want = []string{"table.png"}
			}
			checkPictures(t, "the post of "+p.notice.Step, p.msg, want...)
		}
	})
}
