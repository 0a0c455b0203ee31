package drive

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
	an "atheneum/engine/anludim"
)

// prompt builds a message as Anludim's face lays one out at a position
// (args: "s", or "p", the card set and perhaps a professor's code): buttons
// choosing keys and menus of values.
type prompt struct {
	args []string
	rows []discordtest.Component
}

func at(args ...string) *prompt { return &prompt{args: args} }

// cards writes a position's card set as the face does, one bit per card
// in base 36.
func cards(cs ...int) string {
	n := new(big.Int)
	for _, c := range cs {
		n.SetBit(n, c, 1)
	}
	return n.Text(36)
}

func (p *prompt) id(verb string, extra ...string) string {
	return face.ID{Game: "g1", Step: "r1.t1", Seq: 4, Seat: 0, Moves: 0, Verb: verb, Args: append(append([]string(nil), p.args...), extra...)}.String()
}

func (p *prompt) buttons(keys ...string) *prompt {
	var row []discordtest.Component
	for _, k := range keys {
		row = append(row, discordtest.Component{Type: discordgo.ButtonComponent, Label: k, CustomID: p.id("b", strings.ReplaceAll(k, ":", "~"))})
	}
	p.rows = append(p.rows, discordtest.Component{Type: discordgo.ActionsRowComponent, Components: row})
	return p
}

func (p *prompt) menu(n string, values ...string) *prompt {
	var opts []discordtest.SelectOption
	for _, v := range values {
		opts = append(opts, discordtest.SelectOption{Label: v, Value: v})
	}
	p.rows = append(p.rows, discordtest.Component{Type: discordgo.ActionsRowComponent, Components: []discordtest.Component{
		{Type: discordgo.SelectMenuComponent, CustomID: p.id("m" + n), Options: opts},
	}})
	return p
}

func (p *prompt) msg() discordtest.Message { return discordtest.Message{Components: p.rows} }

func move(t *testing.T, s string) an.Move {
	t.Helper()
	m, err := an.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestThePressesThatLeadToAMove(t *testing.T) {
	start := at("s").buttons("d", "p", "e", "z").buttons("u0", "u1").menu("0", "x:T3", "x:P").menu("1", "t:7")
	cases := []struct {
		name   string
		prompt *prompt
		move   string
		key    string
		menu   bool
	}{
		{"a recruit face down is its button", start, "s0 d", "d", false},
		{"a face-up card is its own button", start, "s0 u1", "u1", false},
		{"a discard is its value in the discard menu", start, "s0 x T3", "x:T3", true},
		{"a take-back is its value in the take-back menu", start, "s0 t 7", "t:7", true},
		{"a combination begins with Play", start, "s0 p SE 12a 40b 33a", "p", false},
		{"the cards are added lowest first", at("p", cards()).menu("0", "12", "33", "40").buttons("^"), "s0 p SE 12a 40b 33a", "12", true},
		{"a card on the second menu of a long hand is found there", at("p", cards(12)).menu("0", "13", "14").menu("1", "40").buttons("^"), "s0 p SE 12a 40b", "40", true},
		{"a card not offered yet is passed over for one that is", at("p", cards(12)).menu("0", "40").buttons("^"), "s0 p SE 12a 33a 40b", "40", true},
		{"with every card chosen the professor is called", at("p", cards(12, 33, 40)).menu("0", "50").buttons("AL", "SE", "^"), "s0 p SE 12a 40b 33a", "SE", false},
		{"a combination of other cards is dropped first", at("p", cards(5)).menu("0", "12").buttons("^"), "s0 p SE 12a 40b 33a", "^", false},
		{"a combination for another professor is dropped first", at("p", cards(12, 40), "AL").menu("0", "12a.40b").buttons("<", "^"), "s0 p SE 12a 40b", "^", false},
		{"any other move leaves a combination being built", at("p", cards(12)).menu("0", "40").buttons("^"), "s0 e", "^", false},
		{"the move's own reading is chosen, in any order", at("p", cards(12, 40), "SE").menu("0", "12b.40a", "40b.12a").buttons("<", "^"), "s0 p SE 40b 12a", "40b.12a", true},
		{"the strongest reading is chosen when the move's is not listed", at("p", cards(12, 40), "SE").menu("0", "12b.40a", "12a.40a").buttons("<", "^"), "s0 p SE 40 12", "12b.40a", true},
		{"a later page of readings goes back towards the strongest", at("p", cards(12, 40), "SE", "@2").menu("0", "12a.40a").buttons("<", "^", "@1"), "s0 p SE 40b 12b", "@1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := readAnludimBoard(c.prompt.msg())
			if err != nil {
				t.Fatal(err)
			}
			p, err := b.pressFor(move(t, c.move))
			if err != nil {
				t.Fatalf("%s (%s): %v", c.move, b.describe(), err)
			}
			if p.key != c.key || p.menu != c.menu {
				t.Errorf("%s presses %q (menu %v), want %q (menu %v)", c.move, p.key, p.menu, c.key, c.menu)
			}
		})
	}
}

func TestAMoveNoComponentLeadsToIsAClearError(t *testing.T) {
	start := at("s").buttons("d", "e").menu("0", "x:T3")
	cases := []struct {
		name, move, want string
	}{
		{"a discard of an item not held names the key it wanted", "s0 x T2", `"x:T2"`},
		{"a play where Play is not offered names it", "s0 p SE 12a 40b", `"p"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := readAnludimBoard(start.msg())
			if err != nil {
				t.Fatal(err)
			}
			_, err = b.pressFor(move(t, c.move))
			if !errors.Is(err, errNoPress) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one about %s", err, c.want)
			}
		})
	}
	t.Run("cards the menus do not offer are named", func(t *testing.T) {
		b, _ := readAnludimBoard(at("p", cards(12)).menu("0", "13").buttons("^").msg())
		_, err := b.pressFor(move(t, "s0 p SE 12a 40b"))
		if !errors.Is(err, errNoPress) || !strings.Contains(err.Error(), "[12 40]") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("a message without a move's components is refused", func(t *testing.T) {
		if _, err := readAnludimBoard(discordtest.Message{Content: "Your turn is over."}); err == nil {
			t.Error("a message without components was read as a prompt")
		}
	})
}
