package drive

import (
	"math/big"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/discordtest"
	"atheneum/bot/face"
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

func TestThePressThatChoosesAKey(t *testing.T) {
	start := at("s").buttons("d", "p", "e", "z").buttons("u0", "u1").menu("0", "x:T3", "x:P").menu("1", "t:7")
	cases := []struct {
		name   string
		prompt *prompt
		key    string
		menu   bool
	}{
		{"a recruit face down is its button", start, "d", false},
		{"a face-up card is its own button", start, "u1", false},
		{"a discard is its value in the discard menu", start, "x:T3", true},
		{"a take-back is its value in the take-back menu", start, "t:7", true},
		{"a card on the second menu of a long hand is found there", at("p", cards(12)).menu("0", "13", "14").menu("1", "40").buttons("^"), "40", true},
		{"a professor is its button", at("p", cards(12, 33, 40)).menu("0", "50").buttons("AL", "SE", "^"), "SE", false},
		{"a reading is its value", at("p", cards(12, 40), "SE").menu("0", "12b.40a", "40b.12a").buttons("<", "^"), "40b.12a", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ok := pressOf(c.prompt.msg(), c.key)
			if !ok || p.key != c.key || p.menu != c.menu {
				t.Errorf("%q: press %+v (found %v), want a menu %v", c.key, p, ok, c.menu)
			}
		})
	}
	t.Run("a key not offered is not found", func(t *testing.T) {
		if p, ok := pressOf(start.msg(), "x:T2"); ok {
			t.Errorf("found %+v", p)
		}
	})
	t.Run("the next page of a long list is its highest page button", func(t *testing.T) {
		p, ok := nextPage(at("p", cards(12, 40), "SE", "@1").menu("0", "12a.40a").buttons("<", "^", "@0", "@2").msg())
		if !ok || p.key != "@2" {
			t.Errorf("press %+v (found %v), want @2", p, ok)
		}
		if p, ok := nextPage(start.msg()); ok {
			t.Errorf("a message of one page turns to %+v", p)
		}
	})
}
