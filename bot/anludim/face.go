// Package anludim is Anludim's Discord face (face.Face): what the game
// shows on Discord and how its buttons and menus become moves.
//
// It shows:
//
//   - to the seat on turn, privately, its prompt: its hand (a picture and
//     the cards named by their two readings), what lies in front of it,
//     and the first choices of a move as buttons and menus built from the
//     rules' Next: recruit face down or one of the face-up cards, play a
//     combination (its cards one at a time from a menu, then the professor
//     it calls, and its reading only when the rules ask), take a
//     combination back (base game), discard an item or a parchment to
//     draw, end the turn, undo; between rounds, the cards to keep. A seat
//     not on turn is told whose turn it is;
//   - to the channel, when a step ends: what each move did in words (a
//     private detail, such as the cards drawn face down, only as a count),
//     the table's picture, at a round's end its picture and who won it, at
//     the game's end the final results, winner first;
//   - its own subcommands: hand (your hand, privately), play (your prompt
//     again), table and items (the table and the item stacks, for anyone).
//
// Every word comes from the catalogue's "anludim." area in the reader's
// language; the pictures from render/anludim (see pictures.go). The face
// never talks to Discord: the adapter (package bot) does, through face.Env
// and face.Reply. How the game is played on Discord, and why the default
// deadline is what it is, is in docs/anludim/discord.md.
package anludim

import (
	"fmt"
	"strconv"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/engine/anludim/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// StepHours is the default time a seat has for one step (a turn, or a
// choice of cards to keep) before the autopilot plays it: a game is some
// thirty to a hundred and twenty short steps, each waiting for one seat
// alone, so a day per step (Atheneum's, whose steps everyone plays at
// once) would let one absent player hold the table for months. Eight
// hours cover a night's sleep. docs/anludim/discord.md gives the numbers.
const StepHours = 8

// Face is Anludim's Discord face: the kit's, with Anludim's words,
// pictures and layout, and the position of a combination kept as a set of
// cards in its custom ids.
type Face struct{ *face.Kit }

var _ face.Face = (*Face)(nil)

// New returns Anludim's face.
func New() face.Face {
	return &Face{face.NewKit(face.Game{
		Kind:    game.Kind{Game: ai.Game(ai.Players{}), StepHours: StepHours},
		Command: an.ID,
		Topics:  rulesTopics,
		Codec:   codec{},
		Layout:  layout,
		Text:    text,
		Waiting: waiting,
		Picture: handPicture,
		Table:   tablePicture,
		Events:  eventLines,
		Forced:  forced,
		Polish:  tidy,
		Chapter: chapter,
		Hint:    hint,
	})}
}

// hint says what to do and why at a position of a move, for a seat shown
// hints (a practice game, a member's first games).
func hint(fb *face.Board) string {
	b := asBoard(fb)
	l := b.l
	switch {
	case b.g == nil:
		return ""
	case b.g.Keeping():
		return l.T("anludim.hint.keep")
	case b.at.prof != "":
		return l.T("anludim.hint.reading")
	case b.at.play:
		return l.T("anludim.hint.cards")
	case b.g.MainDone():
		return l.T("anludim.hint.after")
	case b.g.Options().Expert:
		return l.T("anludim.hint.start.expert")
	}
	return l.T("anludim.hint.start")
}

// chapter is the round a step belongs to ("r2"): the cards kept between
// two rounds belong to the round they are kept for, so that a round's end
// has a post of its own and the next round's live post opens with the
// keeping.
func chapter(rec *store.Game) string {
	g := stateOf(rec)
	if g == nil || g.Over() {
		return ""
	}
	if g.Keeping() {
		return "r" + strconv.Itoa(g.Round()+1)
	}
	return "r" + strconv.Itoa(g.Round())
}

// The face's own subcommands.
const (
	cmdHand  = "hand"
	cmdPlay  = "play"
	cmdTable = "table"
	cmdItems = "items"
)

// Subcommands are hand (your cards, privately), play (your prompt again,
// for instance when direct messages are closed), table and items (the
// table and the item stacks, answered from the last stored state).
func (f *Face) Subcommands() []face.Spec {
	sub := func(name string, readOnly bool) face.Spec {
		s := face.Sub(name)
		s.Key, s.ReadOnly = an.ID+"."+name, readOnly
		return s
	}
	return []face.Spec{sub(cmdHand, true), sub(cmdPlay, false), sub(cmdTable, true), sub(cmdItems, true)}
}

// rulesTopics are the topics of /anludim rules, in reading order: each has
// "anludim.rules.<topic>.title" and ".text" in the catalogue.
var rulesTopics = []string{"overview", "turn", "combinations", "expert", "professors", "round_end", "parchments", "table", "help"}

// OptionWords names the variant ("base" or "expert") in l; any other
// option or value is echoed.
func (f *Face) OptionWords(l i18n.Lang, option, value string) string {
	if option == an.OptionVariant && (value == "base" || value == "expert") {
		return l.T("anludim.variant." + value + ".choice")
	}
	return face.Echo(value)
}

// Refusal words a refusal of Anludim's rules ("anludim.refusal.<code>"),
// its arguments named as players know them: cards by their readings,
// professors and items by name, seats by number, slots from 1.
func (f *Face) Refusal(l i18n.Lang, r *engine.Refusal) (string, bool) {
	if r == nil || !l.Has("anludim.refusal."+r.Code) {
		return "", false
	}
	var kv []any
	for k, v := range r.Args {
		switch k {
		case "Card":
			c, ok := toInt(v)
			if _, real := an.Card(c); ok && real {
				v = cardName(l, c)
			}
		case "Prof":
			if id, ok := v.(string); ok {
				v = profThe(l, id)
			}
		case "Kind":
			if id, ok := v.(string); ok {
				v = itemA(l, id)
			}
		case "Slot":
			if n, ok := toInt(v); ok {
				v = n + 1
			}
		case "Seat", "Awaited":
			if n, ok := toInt(v); ok {
				v = l.T("anludim.seat", "Seat", n+1)
			}
		case "Move", "Name", "Value":
			if s, ok := v.(string); ok {
				v = face.Echo(s)
			}
		}
		kv = append(kv, k, fmt.Sprint(v))
	}
	return tidy(l, l.T("anludim.refusal."+r.Code, kv...)), true
}
