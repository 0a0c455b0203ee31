// Package exlibris is Ex Libris's Discord face, on the face kit
// (bot/face): the kit lays each decision out from the rules' Next, checks
// every press by walking Next again and hands the move to the adapter;
// this package names every key in words, says what is asked, shows each
// seat its own view and the city, and adds the game's own subcommands.
//
// It shows:
//
//   - to each seat asked, privately (by direct message, or with
//     /exlibris play), what it is asked and for whom (a placement, an
//     effect's choice, an answer owed to another player's visit), its
//     hand with each card's books, its secret speciality, and the choices
//     as buttons and menus built key by key (an assistant, then where it
//     goes; a card, then the lit place of the collection where it is
//     archived, numbered as the collection's picture numbers it); seats
//     asked at once (the brewery, the inspection) each get theirs at the
//     same time;
//   - to the channel, when a step ends: what the moves did that everyone
//     may know, in words (a card drawn, a hand shown to one player or the
//     cards seen in secret only as a count), with the city's picture
//     after a placement, a resolution or a round's start, the
//     inspection's at the inspection and the results' at the end;
//   - its own subcommands: hand (your hand and speciality), collection
//     (yours or another player's, as everyone sees it), city (the
//     locations, their cards and assistants), archive (a place of your
//     collection typed, with the lit places suggested) and the kit's play.
//
// Every word comes from the catalogue's "exlibris." area in the reader's
// language. How the game looks on Discord and why a step waits StepHours
// is in docs/exlibris/discord.md.
package exlibris

import (
	"fmt"
	"strconv"
	"strings"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/engine/exlibris/ai"
	"atheneum/i18n"
	"atheneum/store"
)

// StepHours is the default time a seat has for one step (a placement, an
// effect's choice, an answer owed to another seat) before the autopilot
// answers for it: a game is some 150 to 210 decisions, but a seat's
// decisions follow one another while it is there, and the game waits for
// a new seat only 43 to 75 times on average (normal players, 2 to 4
// seats); eight hours cover a night's sleep and keep the longest 4-seat
// game within five weeks even if every wait runs to its end.
// docs/exlibris/discord.md gives the numbers.
const StepHours = 8

// Face is Ex Libris's Discord face: the kit's, with Ex Libris's words,
// pictures and subcommands.
type Face struct{ *face.Kit }

var _ face.Face = (*Face)(nil)

// New returns Ex Libris's face.
func New() face.Face {
	return &Face{face.NewKit(face.Game{
		Kind:    game.Kind{Game: ai.Game(ai.Players{}), StepHours: StepHours},
		Command: ex.ID,
		Topics:  rulesTopics,
		Label:   label,
		Layout:  layout,
		Text:    text,
		Waiting: waiting,
		Picture: seatPicture,
		Table:   tablePicture,
		Events:  eventLines,
		Hint:    hint,
		Polish:  polish,
		Chapter: chapter,
	})}
}

// chapter is the round the current step belongs to ("r0" for the
// libraries' draft): the channel has one live post per round, edited as
// placements and resolutions are played one seat at a time, not a post
// per step.
func chapter(rec *store.Game) string {
	g := stateOf(rec)
	if g == nil || g.Over() {
		return ""
	}
	return "r" + strconv.Itoa(g.Round())
}

// rulesTopics are the topics of /exlibris rules, in reading order: each
// has "exlibris.rules.<topic>.title" and ".text"; help is /exlibris help.
var rulesTopics = []string{"overview", "setup", "round", "locations", "archiving", "scoring", "variants", "solo", "help"}

// OptionWords names a table option's value ("exlibris.<option>.<value>.choice").
func (f *Face) OptionWords(l i18n.Lang, option, value string) string {
	if id := ex.ID + "." + option + "." + value + ".choice"; l.Has(id) {
		return l.T(id)
	}
	return face.Echo(value)
}

// Refusal words a refusal of the rules ("exlibris.refusal.<code>"), seats
// by number, moves and values echoed safely.
func (f *Face) Refusal(l i18n.Lang, r *engine.Refusal) (string, bool) {
	if r == nil || !l.Has("exlibris.refusal."+r.Code) {
		return "", false
	}
	seat := func(v any) string {
		if n, ok := v.(int); ok {
			return l.T("exlibris.face.seat", "Number", n+1)
		}
		return face.Echo(fmt.Sprint(v))
	}
	var kv []any
	for k, v := range r.Args {
		switch k {
		case "Seat":
			v = seat(v)
		case "Awaited":
			var who []string
			if seats, ok := v.([]int); ok {
				for _, s := range seats {
					who = append(who, seat(s))
				}
			}
			v = face.JoinAnd(l, who)
		default:
			v = face.Echo(fmt.Sprint(v))
		}
		kv = append(kv, k, v)
	}
	return l.T("exlibris.refusal."+r.Code, kv...), true
}

// Position says where the game stands and whom it waits for, for what:
// "round 2: Ana to place an assistant"; "" once it is over.
func (f *Face) Position(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	if g == nil || g.Over() {
		return ""
	}
	where := l.T("exlibris.face.draft")
	if g.Round() > 0 {
		where = l.T("exlibris.face.round", "Round", g.Round())
	}
	if called, _ := g.LastRound(); called && g.Round() > 0 {
		where = l.T("exlibris.face.round.last", "Round", g.Round())
	}
	return polish(l, l.T("exlibris.face.position", "Where", where, "Who", awaitedWords(l, rec)))
}

// StartText opens the game: who plays in turn order, the mode, the
// table's popular and banned books, and how the game is played here.
func (f *Face) StartText(l i18n.Lang, rec *store.Game) string {
	g := stateOf(rec)
	who := make([]string, len(rec.Seats))
	for i := range rec.Seats {
		who[i] = face.Mention(rec, i)
	}
	lines := []string{l.T("face.start", "Game", l.T("exlibris.title"), "Players", face.JoinAnd(l, who), "Command", ex.ID)}
	if g != nil {
		named := g.Options().Named()
		mode := f.OptionWords(l, ex.OptionMode, named[ex.OptionMode])
		length := f.OptionWords(l, ex.OptionLength, named[ex.OptionLength])
		if g.Solo() {
			length = f.OptionWords(l, ex.OptionLevel, named[ex.OptionLevel])
		}
		lines = append(lines, l.T("exlibris.face.start.table", "Mode", mode, "Length", length), tableLine(l, g))
	}
	lines = append(lines, l.T("exlibris.face.start.commands", "Help", slash(l, "help"), "Hand", slash(l, "exlibris.hand"),
		"Collection", slash(l, "exlibris.collection"), "City", slash(l, "exlibris.city")))
	return polish(l, strings.Join(lines, "\n"))
}

// slash writes one of the command's subcommands as l names it, by its
// catalogue path ("help", "exlibris.hand"): "/exlibris main".
func slash(l i18n.Lang, path string) string {
	return "/" + ex.ID + " " + l.T("cmd."+path+".name")
}
