package anludim

import (
	"fmt"
	"strconv"
	"strings"

	"atheneum/bot/face"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	anrender "atheneum/render/anludim"
	"atheneum/store"
)

// The words of the game, from the catalogue's "anludim." area: cards are
// named by their two readings ("7 ruby / 10 jade"), never by their ids,
// and professors, items and colours by their names in the reader's
// language.

// readingName names one end of a card ("7 ruby").
func readingName(l i18n.Lang, r an.Reading) string {
	return l.T("anludim.reading", "Value", r.Value, "Colour", l.T("anludim.colour."+an.ColourNames(r.Colour).ID))
}

// cardName names a card by both its ends ("7 ruby / 10 jade"); "?" for an
// id that is no card.
func cardName(l i18n.Lang, id int) string {
	c, ok := an.Card(id)
	if !ok {
		return "?"
	}
	return l.T("anludim.card", "First", readingName(l, c.First), "Second", readingName(l, c.Second))
}

// useName names a card as it is read in a combination: the end it is read
// on, or both ends when the side is left to the game.
func useName(l i18n.Lang, u an.Use) string {
	c, ok := an.Card(u.Card)
	if !ok {
		return "?"
	}
	if u.Side != 0 && u.Side != 1 {
		return cardName(l, u.Card)
	}
	return readingName(l, c.Side(u.Side))
}

// cardList names cards, joined as a list.
func cardList(l i18n.Lang, cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = cardName(l, c)
	}
	return strings.Join(names, l.T("anludim.list.sep"))
}

// useList names the cards of a combination as read.
func useList(l i18n.Lang, uses []an.Use) string {
	names := make([]string, len(uses))
	for i, u := range uses {
		names[i] = useName(l, u)
	}
	return strings.Join(names, l.T("anludim.list.sep"))
}

// profThe names a professor with its article ("the Seer"), by id.
func profThe(l i18n.Lang, id string) string { return l.T("anludim.professor." + id + ".the") }

// combinationName names a professor's combination ("trios").
func combinationName(l i18n.Lang, p an.Professor) string {
	return l.T("anludim.combination." + p.Combination())
}

// itemA names an item kind with its article ("a talisman"), by id.
func itemA(l i18n.Lang, id string) string { return l.T("anludim.item." + id + ".a") }

// itemLabel names an item and its value, for a menu ("Talisman, worth 3";
// "Parchment").
func itemLabel(l i18n.Lang, it an.Item) string {
	if it.Kind == an.Parchment {
		return l.T("anludim.item.parchment.label")
	}
	return l.T("anludim.item.worth.option", "Item", l.T("anludim.item."+it.Kind.ID()+".label"), "Value", it.Value)
}

// itemsText sums up a seat's magic items and parchments ("2 vials (1, 2),
// a talisman (3), 1 parchment"), or says it has none.
func itemsText(l i18n.Lang, g *an.Game, seat int) string {
	var parts []string
	byKind := map[an.ItemKind][]string{}
	var kinds []an.ItemKind
	for _, it := range g.Items(seat) {
		if _, ok := byKind[it.Kind]; !ok {
			kinds = append(kinds, it.Kind)
		}
		byKind[it.Kind] = append(byKind[it.Kind], strconv.Itoa(it.Value))
	}
	for _, k := range kinds {
		vals := byKind[k]
		parts = append(parts, l.T("anludim.items.kind", "Items", l.T("anludim.item."+k.ID()+".count", "Count", len(vals)), "Values", strings.Join(vals, ", ")))
	}
	if n := g.Parchments(seat); n > 0 {
		parts = append(parts, l.T("anludim.item.parchment.count", "Count", n))
	}
	if len(parts) == 0 {
		return l.T("anludim.items.none")
	}
	return strings.Join(parts, l.T("anludim.list.sep"))
}

// crestName names a seat's crest side.
func crestName(l i18n.Lang, g *an.Game, seat int) string {
	if g.Gold(seat) {
		return l.T("anludim.crest.gold")
	}
	return l.T("anludim.crest.silver")
}

// seatNamer names the seats as a sentence of l calls them: by their
// names, except that a computer player's French name is a common noun
// ("IA normale") and takes its article ("l'IA normale"), which
// render/anludim's Tidy capitalises when it opens a sentence.
func seatNamer(l i18n.Lang, rec *store.Game) func(int) string {
	return func(i int) string {
		if i < 0 || i >= len(rec.Seats) {
			return "?"
		}
		s := rec.Seats[i]
		if s.AILevel != "" && strings.HasPrefix(s.Name, l.T("ai."+s.AILevel+".name")) {
			return l.T("anludim.ai.the", "Name", s.Name)
		}
		return s.Name
	}
}

// seatNames lists seats by name, joined as a list.
func seatNames(l i18n.Lang, rec *store.Game, seats []int) string {
	name := seatNamer(l, rec)
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = name(s)
	}
	return face.JoinAnd(l, out)
}

// tidy is render/anludim's Tidy: a filled sentence of l as written
// ("au tour d'Ada", "L'IA normale pioche").
func tidy(l i18n.Lang, s string) string { return anrender.Tidy(l, s) }

// stateOf is the game's rules state; nil when the game has not started or
// is not an Anludim game.
func stateOf(rec *store.Game) *an.Game {
	if rec == nil || rec.State == nil {
		return nil
	}
	if st, ok := rec.State.(*an.State); ok {
		return st.Game
	}
	return nil
}

// eventText words one event of the game for reader (engine.Spectator for
// the channel): a private event's details only for its own seat, and the
// reader's own events in the second person ("You lay…"). Its arguments
// may have come back from JSON (a step's end kept across a restart), so
// numbers may be float64 and lists []any.
func eventText(l i18n.Lang, rec *store.Game, e engine.Event, reader int) string {
	name := seatNamer(l, rec)
	variant := ""
	trigger, _ := toInt(e.Args["Trigger"])
	switch an.EventKind(e.Kind) {
	case an.EvProfessorTaken:
		switch from, _ := toInt(e.Args["From"]); {
		case from < 0:
			variant = ".board"
		case from == e.Seat:
			variant = ".own"
		}
	case an.EvFaceUp:
		if c, ok := toInt(e.Args["Card"]); !ok || c < 0 {
			variant = ".none"
		}
	case an.EvKeepDone:
		if n, _ := toInt(e.Args["Count"]); n == 0 && reader != e.Seat {
			return l.T("anludim.post.keep_none", "Name", name(e.Seat))
		}
	}
	id := "anludim.event." + e.Kind + variant
	mine := reader >= 0 && reader == e.Seat
	own := e.Private && mine
	switch {
	case own:
		id += ".private"
	case mine && l.Has("anludim.you."+e.Kind+variant):
		id = "anludim.you." + e.Kind + variant
	case reader >= 0 && an.EventKind(e.Kind) == an.EvRoundEnded && reader == trigger:
		id = "anludim.you.round_ended.trigger"
	}
	kv := []any{"Name", name(e.Seat)}
	for k, v := range e.Args {
		switch k {
		case "Cards":
			if s, ok := v.(string); ok {
				kv = append(kv, k, playedCards(l, s))
				continue
			}
			cards := toInts(v)
			kv = append(kv, "Count", len(cards))
			if e.Private && !own {
				continue // never the cards themselves
			}
			kv = append(kv, k, cardList(l, cards))
		case "Card":
			if e.Private && !own {
				continue
			}
			c, _ := toInt(v)
			kv = append(kv, k, cardName(l, c))
		case "Prof":
			kv = append(kv, k, profThe(l, fmt.Sprint(v)))
		case "Kind":
			kv = append(kv, k, itemA(l, fmt.Sprint(v)))
		case "Reason":
			kv = append(kv, k, l.T("anludim.end."+fmt.Sprint(v)))
		case "From", "Next", "Trigger":
			s, _ := toInt(v)
			kv = append(kv, k, name(s))
		case "Slot":
			s, _ := toInt(v)
			kv = append(kv, k, s+1)
		case "Values":
			vals := toInts(v)
			parts := make([]string, len(vals))
			for i, x := range vals {
				parts[i] = l.T("anludim.post.total", "Name", name(i), "Total", x)
			}
			kv = append(kv, k, strings.Join(parts, l.T("anludim.list.sep")))
		default:
			n, ok := toInt(v)
			if !ok {
				continue // no argument of the game is anything else
			}
			kv = append(kv, k, n)
		}
	}
	if an.EventKind(e.Kind) != an.EvRoundEnded {
		return l.T(id, kv...)
	}
	when := l.T("anludim.when.turn", "Name", name(trigger))
	if reader >= 0 && reader == trigger {
		when = l.T("anludim.when.yours")
	}
	text := l.T(id, append(kv, "When", when)...)
	if tie := tieText(l, rec, e, reader); tie != "" {
		text += " " + tie
	}
	return text
}

// tieText says how the tie was broken when a round's winner had no more
// than another seat (ruling 8: the tie goes to the seat that ended the
// round, then to the next ones in turn order); "" when there was no tie,
// or when the round was won by the five kinds, whatever the totals.
func tieText(l i18n.Lang, rec *store.Game, e engine.Event, reader int) string {
	reason, _ := e.Args["Reason"].(string)
	vals := toInts(e.Args["Values"])
	trigger, _ := toInt(e.Args["Trigger"])
	win := e.Seat
	if an.EndReason(reason) == an.EndFiveKinds || win < 0 || win >= len(vals) {
		return ""
	}
	tied := false
	for s, v := range vals {
		tied = tied || (s != win && v == vals[win])
	}
	if !tied {
		return ""
	}
	key := "anludim.tie.next"
	switch {
	case win == trigger:
		key = "anludim.tie.trigger"
		if reader == win {
			key += ".you"
		}
	case reader >= 0 && reader == win:
		key += ".you"
	case reader >= 0 && reader == trigger:
		key += ".by_you"
	}
	name := seatNamer(l, rec)
	return l.T(key, "Total", vals[win], "Name", name(win), "Trigger", name(trigger))
}

// eventLines words a list of events for reader, each event once: a seat's
// cards kept between rounds are counted when it is done choosing, so the
// channel is told that count alone, not each card before it; the seat
// itself, told each card it kept, is told the count only when earlier
// choices add to them.
func eventLines(l i18n.Lang, rec *store.Game, events []engine.Event, reader int) []string {
	done := map[int]bool{}
	for _, e := range events {
		if an.EventKind(e.Kind) == an.EvKeepDone {
			done[e.Seat] = true
		}
	}
	kept := map[int]int{}
	var out []string
	for _, e := range events {
		switch an.EventKind(e.Kind) {
		case an.EvKept:
			kept[e.Seat]++
			if done[e.Seat] && e.Seat != reader {
				continue
			}
		case an.EvKeepDone:
			if e.Seat == reader && kept[e.Seat] > 0 {
				n, _ := toInt(e.Args["Count"])
				if n > kept[e.Seat] {
					out = append(out, l.T("anludim.you.keep_done.all", "Count", n))
				}
				continue
			}
			if n, _ := toInt(e.Args["Count"]); n == 0 && e.Seat == reader {
				out = append(out, l.T("anludim.you.keep_done.none"))
				continue
			}
		}
		if text := eventText(l, rec, e, reader); text != "" {
			out = append(out, text)
		}
	}
	return out
}

// playedCards names the cards of a play as its event gives them, in move
// notation ("12a 40b 33").
func playedCards(l i18n.Lang, s string) string {
	m, err := an.ParseMove("s0 p AL " + s)
	if err != nil {
		return "?"
	}
	return useList(l, m.Cards)
}

// toInt reads a number an event or a refusal carries, typed or decoded
// from JSON.
func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), true
	case an.Professor:
		return int(n), true
	}
	return 0, false
}

// toInts reads a list of numbers, typed or decoded from JSON.
func toInts(v any) []int {
	switch x := v.(type) {
	case []int:
		return x
	case []any:
		out := make([]int, 0, len(x))
		for _, e := range x {
			if n, ok := toInt(e); ok {
				out = append(out, n)
			}
		}
		return out
	}
	return nil
}
