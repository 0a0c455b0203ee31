package anludim

import (
	"slices"
	"strconv"
	"strings"

	"atheneum/bot/face"
	"atheneum/engine"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	anrender "atheneum/render/anludim"
	"atheneum/store"
)

// text is a position's words (the kit's Game.Text): on a seat's turn its
// hand, what lies in front of it and what it may do; while a combination
// is built, its cards and the professors they can call; then how its
// cards are read.
func text(fb *face.Board) []string {
	b := asBoard(fb)
	switch {
	case !b.at.play:
		return startText(b.l, b)
	case b.at.prof == "":
		return cardsText(b.l, b)
	}
	return []string{readingsText(b.l, b)}
}

// waiting is what a seat the game does not await reads (the kit's
// Game.Waiting).
func waiting(l i18n.Lang, rec *store.Game, _ int) string {
	g := stateOf(rec)
	if g == nil {
		return l.T("anludim.cmd.not_started")
	}
	return waitingText(l, rec, g)
}

// waitingText says whose turn it is, for a seat the game does not await.
func waitingText(l i18n.Lang, rec *store.Game, g *an.Game) string {
	who := seatNamer(l, rec)(g.Awaited()[0])
	if g.Keeping() {
		return l.T("anludim.prompt.wait.keep", "Round", g.Round(), "Name", who)
	}
	return l.T("anludim.prompt.wait", "Round", g.Round(), "Turn", g.Turn(), "Name", who)
}

// startText is the start of a move: where the turn stands, the hand, the
// face-up cards, what the seat holds and which professors it can call.
func startText(l i18n.Lang, b *board) []string {
	g, seat := b.g, b.seat
	var lines []string
	canDiscard := slices.ContainsFunc(b.steps, func(c engine.Choice) bool { return strings.HasPrefix(c.Key, "x:") })
	if g.Keeping() {
		lines = append(lines, l.T("anludim.prompt.keep", "Round", g.Round(), "Count", g.KeepLimit(seat)))
		if kept := g.Kept(seat); len(kept) > 0 {
			lines = append(lines, l.T("anludim.prompt.kept", "Cards", cardList(l, kept)))
		}
		return append(lines, handText(l, g, seat))
	}
	// Discarding to draw is offered only when the rules allow it now:
	// something to discard, not done yet this turn, a card to draw.
	switch {
	case !g.MainDone() && !g.OptionalDone() && canDiscard:
		lines = append(lines, l.T("anludim.prompt.turn", "Round", g.Round(), "Turn", g.Turn())+" "+l.T("anludim.prompt.turn.discard"))
	case !g.MainDone() && !g.OptionalDone():
		lines = append(lines, l.T("anludim.prompt.turn", "Round", g.Round(), "Turn", g.Turn()))
	case !g.MainDone():
		lines = append(lines, l.T("anludim.prompt.title", "Round", g.Round(), "Turn", g.Turn())+" "+l.T("anludim.prompt.todo.main"))
	case canDiscard:
		lines = append(lines, l.T("anludim.prompt.title", "Round", g.Round(), "Turn", g.Turn())+" "+l.T("anludim.prompt.after_main"))
	default:
		lines = append(lines, l.T("anludim.prompt.title", "Round", g.Round(), "Turn", g.Turn())+" "+l.T("anludim.prompt.after_main.end"))
	}
	if slices.ContainsFunc(b.steps, func(c engine.Choice) bool { return strings.HasPrefix(c.Key, "t:") }) {
		lines = append(lines, l.T("anludim.prompt.take_back"))
	}
	lines = append(lines, handText(l, g, seat), faceUpText(l, g))
	lines = append(lines, l.T("anludim.prompt.yours", "Items", itemsText(l, g, seat), "Total", g.Value(seat)))
	if held := heldProfessors(l, g, seat); held != "" {
		lines = append(lines, l.T("anludim.prompt.professors", "Professors", held))
	}
	if mask := g.Takeable(seat); mask != 0 {
		var names []string
		for p := an.Professor(0); p < an.NumProfessors; p++ {
			if mask&(1<<p) != 0 {
				names = append(names, profThe(l, p.ID()))
			}
		}
		lines = append(lines, l.T("anludim.prompt.can_call", "Professors", face.JoinAnd(l, names)))
	}
	return lines
}

// handText lists the seat's hand.
func handText(l i18n.Lang, g *an.Game, seat int) string {
	hand := g.Hand(seat)
	if len(hand) == 0 {
		return l.T("anludim.prompt.hand.empty")
	}
	return l.T("anludim.prompt.hand", "Count", len(hand), "Cards", cardList(l, hand))
}

// faceUpText lists the face-up cards and the deck's size.
func faceUpText(l i18n.Lang, g *an.Game) string {
	var up []int
	for _, c := range g.FaceUp() {
		if c >= 0 {
			up = append(up, c)
		}
	}
	deck := l.T("anludim.status.deck", "Count", g.DeckSize())
	if len(up) == 0 {
		return l.T("anludim.prompt.face_up.none", "Deck", deck)
	}
	return l.T("anludim.prompt.face_up", "Cards", cardList(l, up), "Deck", deck)
}

// heldProfessors names the professors standing in front of seat ("" for
// none).
func heldProfessors(l i18n.Lang, g *an.Game, seat int) string {
	var names []string
	for p := an.Professor(0); p < an.NumProfessors; p++ {
		if g.ProfessorSeat(p) == seat {
			names = append(names, profThe(l, p.ID()))
		}
	}
	return face.JoinAnd(l, names)
}

// cardsText is a combination being built: its cards so far and the
// professors they can call as they are.
func cardsText(l i18n.Lang, b *board) []string {
	var lines []string
	if len(b.at.cards) == 0 {
		lines = append(lines, l.T("anludim.prompt.combination.first"))
	} else {
		lines = append(lines, l.T("anludim.prompt.combination.cards", "Count", len(b.at.cards), "Cards", cardList(l, b.at.cards)))
	}
	var profs []string
	for _, c := range b.steps {
		if p := profByCode(c.Key); p >= 0 {
			profs = append(profs, profThe(l, p.ID()))
		}
	}
	switch {
	case len(profs) > 0:
		lines = append(lines, l.T("anludim.prompt.combination.call", "Professors", face.JoinAnd(l, profs)))
	case len(b.at.cards) > 0:
		lines = append(lines, l.T("anludim.prompt.combination.more"))
	}
	if slices.ContainsFunc(b.steps, func(c engine.Choice) bool {
		card, err := strconv.Atoi(c.Key)
		return err == nil && b.cardOrigin(card) != ""
	}) {
		lines = append(lines, l.T("anludim.prompt.combination.expert"))
	}
	return lines
}

// readingsText asks how the cards of a play are read.
func readingsText(l i18n.Lang, b *board) string {
	p := profByCode(b.at.prof)
	// The professor opens the sentence: "The Seer", "La Voyante".
	return l.T("anludim.prompt.reading", "Prof", anrender.UpperFirst(profThe(l, p.ID())), "Cards", cardList(l, b.at.cards))
}

// ownEvents words what a seat's move did, for that seat: its private
// details included, its own doings in the second person.
func ownEvents(l i18n.Lang, rec *store.Game, seat int, events []engine.Event) []string {
	return eventLines(l, rec, events, seat)
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
