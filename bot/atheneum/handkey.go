package atheneum

import (
	"strconv"
	"strings"

	"atheneum/engine/atheneum"
)

// handKey names what seat's hand picture (render/atheneum's DrawHand of
// the seat's view) is drawn from, besides the game, the seat, the
// languages and the seats' names, which the prompt's picture memory adds:
// the seat's cards, its pick and subject, the step, phase and turn, the
// objective row with its wands and every seat's subject (the wands'
// colours). Another seat's pick changes none of it, so the hand asked for
// again while the others pick is the one drawn before.
func handKey(g *atheneum.Game, seat int) string {
	var b strings.Builder
	num := func(x int) {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(',')
	}
	b.WriteString("hand:")
	b.WriteString(g.ContentID)
	b.WriteByte(',')
	b.WriteString(string(g.Step))
	b.WriteByte(',')
	num(g.Phase)
	num(g.Turn)
	num(seat)
	num(len(g.Seats))
	for i := range g.Seats {
		num(int(g.Seats[i].Subject))
	}
	s := &g.Seats[seat]
	b.WriteString("cards:")
	if s.Hand == nil {
		b.WriteString("hidden,")
	}
	num(s.HandCount)
	for _, c := range s.Hand {
		num(c)
	}
	b.WriteString("pick:")
	num(s.Pick)
	b.WriteString("row:")
	for _, slot := range g.Row {
		num(slot.Objective)
		b.WriteByte('[')
		for _, w := range slot.Wands {
			num(w)
		}
		b.WriteByte(']')
	}
	return b.String()
}
