package bot

import (
	"strings"
	"testing"

	"atheneum/bot/discordtest"
	"atheneum/bot/drive"
	"atheneum/engine/tictactoe"
	"atheneum/i18n"
	"atheneum/store"
)

// TestTheFixtureGamePlaysThroughTheKitsDefaults plays whole games of the
// fixture game, tic-tac-toe, whose face is the kit's defaults and a
// picture, through the real bot and the fake Discord, in each language: a
// person by direct message against one by /tictactoe play, and a person
// against a computer player; every move is pressed on the kit's buttons.
func TestTheFixtureGamePlaysThroughTheKitsDefaults(t *testing.T) {
	t.Parallel()
	for _, lang := range i18n.Langs {
		for _, ai := range []bool{false, true} {
			name := string(lang) + " between two people, one without direct messages"
			if ai {
				name = string(lang) + " against a computer player"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, "ana", "bo")
				if lang == i18n.French {
					speakFrench(h)
				}
				ana, bo := h.user("ana"), h.user("bo")
				lo := drive.Lobby{Command: tictactoe.ID, People: []discordtest.User{ana, bo}}
				people := []*drive.Player{{User: ana}, {User: bo, ViaSlash: true}}
				h.Srv.SetDMsClosed(bo.ID, true)
				if ai {
					lo.People, lo.AI, people = lo.People[:1], []string{"normal"}, people[:1]
				}
				if lang == i18n.French {
					lo.NewOptions = []discordtest.Option{discordtest.StringOpt("language", "fr")}
				}
				id, err := h.Open(lo)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := h.PlayGame(id, tictactoe.ID, people, tictactoe.Players, nil)
				if err != nil {
					t.Fatal(err)
				}
				if rec.Status != store.StatusFinished || len(rec.State.Results()) != 2 {
					t.Fatalf("the game ended %s with %v", rec.Status, rec.State.Results())
				}
				posts := h.Srv.Messages(h.Channel)
				last := posts[len(posts)-1]
				if !strings.Contains(last.Content, lang.T("play.scores.final.title")) || len(last.Attachments) == 0 {
					t.Errorf("the last post is %q with %d pictures, want the results and the board", last.Content, len(last.Attachments))
				}
				if v := h.Srv.TakeViolations(); len(v) > 0 {
					t.Errorf("Discord would have refused: %v", v)
				}
			})
		}
	}
}
