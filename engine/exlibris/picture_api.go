package exlibris

// What the pictures (render/exlibris) read besides api.go.

// Inspection lists the cards of seat's collection turned face down at the
// inspection, in increasing id order: flipped by their owner during the
// flip step, checked by the alphabetical check at its end (ruling 42).
// Both are public; they are empty before the inspection and for a seat
// the game does not have.
func (g *Game) Inspection(seat int) (flipped, checked []int) {
	if seat < 0 || seat >= g.n {
		return nil, nil
	}
	mine := g.coll[seat].or(g.buried[seat])
	return g.flippedDown.and(mine).appendTo(nil), g.checkedDown.and(mine).appendTo(nil)
}
