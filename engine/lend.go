package engine

// Lender is a State that can lend a seat's view for one decision instead
// of making a new one (View): the view lent is valid until the state's
// next LendView, and whoever receives it reads it and lets it go, neither
// keeping nor changing it. A match asks for a view before every move; a
// game whose views copy the whole game lends one it keeps, so that a
// move costs it no allocation.
type Lender interface {
	LendView(seat int) State
}

// LendView is s's view for seat: lent when s is a Lender (see Lender),
// else a new one from View.
func LendView(s State, seat int) State {
	if l, ok := s.(Lender); ok {
		return l.LendView(seat)
	}
	return s.View(seat)
}
