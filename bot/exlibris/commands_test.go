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
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
)

// toArchive plays the fixture's game with the autopilot until a person
// is asked a decision whose moves archive a card; it returns the seat.
func (fx *fixture) toArchive(t *testing.T, tbl *game.Table) int {
	t.Helper()
	for n := 0; n < 500 && !tbl.Rec.State.Over(); n++ {
		seat := tbl.Rec.State.Awaited()[0]
		if cards, _ := archiving(tbl.Rec, seat); len(cards) > 0 {
			return seat
		}
		fx.autopilotMove(t, tbl)
	}
	t.Fatal("no seat was asked to archive")
	return -1
}

// options builds a subcommand's options as Discord sends them.
func options(kv ...string) face.Options {
	o := face.Options{}
	for i := 0; i+1 < len(kv); i += 2 {
		o[kv[i]] = &discordgo.ApplicationCommandInteractionDataOption{Name: kv[i], Type: discordgo.ApplicationCommandOptionString, Value: kv[i+1]}
	}
	return o
}

func TestTheSubcommandsAnswer(t *testing.T) {
	fx := newFixture(t, 3, nil, "fr", 12)
	tbl := fx.table()
	defer tbl.Unlock()
	seat := fx.toArchive(t, tbl)
	ctx := context.Background()
	ask := func(l i18n.Lang, user, name string, opts face.Options, readOnly bool) (face.Decision, error) {
		in := face.Target{Table: tbl}
		if readOnly {
			in = face.Target{Snap: &game.Snapshot{Rec: tbl.Rec}}
		}
		return fx.f.HandleCommand(ctx, fx.env, &reply{l: l, user: user}, name, opts, in)
	}
	player := fmt.Sprintf("u%d", seat)
	for _, l := range i18n.Langs {
		t.Run("hand, collection and city answer in "+string(l), func(t *testing.T) {
			for _, c := range []struct {
				name string
				opts face.Options
				want string
			}{
				{cmdHand, nil, l.T("exlibris.face.speciality", "Category", categoryName(l, tbl.Rec.State.(*ex.State).Game.Speciality(seat)))},
				{cmdCollection, nil, l.T("exlibris.face.collection.title", "Name", names[seat], "Count", tbl.Rec.State.(*ex.State).Game.CollectionSize(seat))},
				{cmdCollection, options(optPlayer, "u2"), l.T("exlibris.face.collection.title", "Name", names[2], "Count", tbl.Rec.State.(*ex.State).Game.CollectionSize(2))},
				{cmdCity, nil, tableLine(l, tbl.Rec.State.(*ex.State).Game)},
			} {
				d, err := ask(l, player, c.name, c.opts, true)
				if err != nil || d.Show == nil || d.Move != "" {
					t.Fatalf("/exlibris %s answered %+v, %v", c.name, d, err)
				}
				checkWords(t, "/exlibris "+c.name, d.Show.Content)
				if !strings.Contains(d.Show.Content, polish(l, c.want)) {
					t.Errorf("/exlibris %s answered %q, want %q in it", c.name, d.Show.Content, c.want)
				}
			}
		})
	}
	t.Run("another player's hand is never shown, nor a speciality in a collection", func(t *testing.T) {
		d, err := ask(i18n.English, "u2", cmdCollection, options(optPlayer, player), true)
		if err != nil {
			t.Fatal(err)
		}
		g := tbl.Rec.State.(*ex.State).Game
		for _, c := range g.Hand(seat) {
			if slices.ContainsFunc(g.Collection(seat), func(p ex.Place) bool { return p.Card == c }) {
				continue
			}
			if strings.Contains(d.Show.Content, cardName(c)+" ") || strings.HasSuffix(d.Show.Content, cardName(c)) {
				t.Errorf("another player's collection shows the card %s of the hand: %q", cardName(c), d.Show.Content)
			}
		}
		if strings.Contains(d.Show.Content, stemOf("exlibris.face.speciality")) {
			t.Errorf("the collection tells a speciality: %q", d.Show.Content)
		}
	})
	t.Run("someone without a seat is told what to do", func(t *testing.T) {
		for _, c := range []struct {
			name string
			opts face.Options
		}{{cmdHand, nil}, {cmdCollection, nil}, {cmdCollection, options(optPlayer, "stranger")}, {cmdArchive, options(optPlace, "r0c0")}} {
			_, err := ask(i18n.English, "stranger", c.name, c.opts, c.name != cmdArchive)
			var ue *face.UserError
			if !errors.As(err, &ue) {
				t.Errorf("/exlibris %s by a stranger answered %v", c.name, err)
			}
		}
	})
	cards, places := archiving(tbl.Rec, seat)
	t.Run("the places suggested are the lit places, in words", func(t *testing.T) {
		got := fx.f.Autocomplete(ctx, &reply{l: i18n.French, user: player}, cmdArchive, options(optCard, cards[0], optPlace, ""), optPlace, &game.Snapshot{Rec: tbl.Rec})
		var values []string
		for _, c := range got {
			values = append(values, c.Value.(string))
			checkWords(t, "a suggestion", c.Name)
		}
		want := places[cards[0]]
		if len(want) > face.MaxOptions {
			want = want[:face.MaxOptions]
		}
		if !slices.Equal(values, want) {
			t.Errorf("suggested %v, the lit places are %v", values, want)
		}
		cardsGot := fx.f.Autocomplete(ctx, &reply{l: i18n.English, user: player}, cmdArchive, options(optCard, ""), optCard, &game.Snapshot{Rec: tbl.Rec})
		if len(cardsGot) != min(len(cards), face.MaxOptions) {
			t.Errorf("suggested %d cards, %d may be archived", len(cardsGot), len(cards))
		}
		if none := fx.f.Autocomplete(ctx, &reply{l: i18n.English, user: "stranger"}, cmdArchive, options(optPlace, ""), optPlace, &game.Snapshot{Rec: tbl.Rec}); len(none) != 0 {
			t.Errorf("a stranger is suggested %v", none)
		}
	})
	t.Run("an archive typed wrong is refused and changes nothing", func(t *testing.T) {
		seq := tbl.Rec.Seq
		for _, opts := range []face.Options{
			options(optCard, "Z9", optPlace, places[cards[0]][0]),
			options(optCard, cards[0], optPlace, "r9c9"),
			options(optCard, cards[0], optPlace, "rien"),
		} {
			d, err := ask(i18n.French, player, cmdArchive, opts, false)
			var ue *face.UserError
			if !errors.As(err, &ue) || d.Move != "" {
				t.Errorf("%v answered %+v, %v", opts, d, err)
			}
			checkWords(t, "the refusal", ue.Words(i18n.French))
		}
		if tbl.Rec.Seq != seq {
			t.Error("a refused archive changed the game")
		}
	})
	t.Run("an archive typed right is the move the rules build", func(t *testing.T) {
		d, err := ask(i18n.English, player, cmdArchive, options(optCard, strings.ToLower(cards[0]), optPlace, places[cards[0]][0]), false)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("s%d %s %s", seat, cards[0], places[cards[0]][0])
		if string(d.Move) != want {
			t.Errorf("the move is %q, want %q", d.Move, want)
		}
	})
}

// stemOf is the longest part of an English message between placeholders.
func stemOf(id string) string {
	best := ""
	for _, part := range strings.FieldsFunc(i18n.English.T(id), func(r rune) bool { return r == '*' }) {
		if len(part) > len(best) {
			best = part
		}
	}
	return best
}
