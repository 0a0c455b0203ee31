package atheneum

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// PairHalf marks a space that holds half of a paired set: the set is one
// two-book piece lying across two neighbouring spaces of one level.
type PairHalf uint8

// Pair halves.
const (
	NotPaired PairHalf = iota
	PairLeft
	PairRight
)

// Space is one space of a compartment: empty (Color NoColor) or a book.
type Space struct {
	Color Color
	Pair  PairHalf
}

// Compartment is the state of one compartment on a seat's shelves. It keeps
// its own geometry so that the shelving rules need nothing else.
type Compartment struct {
	// Present is false for a side-shelf slot with no shelf in it.
	Present bool
	// SideShelf is the side shelf's id (side slots only).
	SideShelf int
	Width     int
	Levels    int
	// Spider is true while the compartment's spider has not been captured.
	Spider bool
	// Cells holds the spaces, index level*Width+space, level 0 at the bottom.
	Cells [maxCells]Space
}

// At returns the space at level (0 = bottom) and space (0 = left).
func (c *Compartment) At(level, space int) Space { return c.Cells[level*c.Width+space] }

func (c *Compartment) occupied(level, space int) bool {
	return c.Cells[level*c.Width+space].Color != NoColor
}

// Books counts the books in the compartment.
func (c *Compartment) Books() int {
	n := 0
	for i := 0; i < c.Width*c.Levels; i++ {
		if c.Cells[i].Color != NoColor {
			n++
		}
	}
	return n
}

// Full reports whether every space holds a book.
func (c *Compartment) Full() bool {
	return c.Present && c.Books() == c.Width*c.Levels
}

// Empty reports whether the compartment holds no book.
func (c *Compartment) Empty() bool { return c.Books() == 0 }

// inside reports whether a piece of the given width fits at (level, space).
func (c *Compartment) inside(level, space, width int) bool {
	return level >= 0 && level < c.Levels && space >= 0 && space+width <= c.Width
}

// supported is the support rule for a piece covering spaces x0..x1 of a
// level: a wall or a book must touch one of its two ends.
func (c *Compartment) supported(level, x0, x1 int) bool {
	return x0 == 0 || x1 == c.Width-1 || c.occupied(level, x0-1) || c.occupied(level, x1+1)
}

// stacked is the stacking rule: every space of a piece above the bottom
// level needs a book directly below it.
func (c *Compartment) stacked(level, x0, x1 int) bool {
	if level == 0 {
		return true
	}
	for x := x0; x <= x1; x++ {
		if !c.occupied(level-1, x) {
			return false
		}
	}
	return true
}

// placeFault is the first shelving rule a placement would break.
type placeFault uint8

const (
	placeOK placeFault = iota
	placeOutside
	placeTaken
	placeNoBookBelow
	placeNoSupport
)

// checkPlace applies the shelving rules to a piece of width 1 or 2 at
// (level, space); for placeTaken it also returns the occupied space. It is
// the one implementation behind canPlace and placeProblem.
func (c *Compartment) checkPlace(level, space, width int) (placeFault, int) {
	if !c.inside(level, space, width) {
		return placeOutside, 0
	}
	for x := space; x < space+width; x++ {
		if c.occupied(level, x) {
			return placeTaken, x
		}
	}
	if !c.stacked(level, space, space+width-1) {
		return placeNoBookBelow, 0
	}
	if !c.supported(level, space, space+width-1) {
		return placeNoSupport, 0
	}
	return placeOK, 0
}

// canPlace reports whether a piece may be shelved there (no message, for
// enumerating moves).
func (c *Compartment) canPlace(level, space, width int) bool {
	f, _ := c.checkPlace(level, space, width)
	return f == placeOK
}

// placeProblem explains why a piece of width 1 or 2 cannot be shelved at
// (level, space), or returns nil.
func (c *Compartment) placeProblem(id CompID, level, space, width int) *Error {
	if !c.Present {
		return missingSideShelf(id)
	}
	f, x := c.checkPlace(level, space, width)
	switch f {
	case placeOutside:
		if width == 2 {
			return errf(CodeNoRoomForPair, "a paired set needs two spaces side by side: %s has no room at level %d, spaces %d-%d", id.Long(), level+1, space+1, space+2).
				with("Compartment", id).with("Level", level+1).with("Space", space+1).with("Next", space+2)
		}
		return errf(CodeNoSuchSpace, "%s has no level %d, space %d", id.Long(), level+1, space+1).with("Compartment", id).with("Level", level+1).with("Space", space+1)
	case placeTaken:
		return errf(CodeSpaceTaken, "%s already holds a book", Pos{id, level, x}).with("Pos", Pos{id, level, x}.String())
	case placeNoBookBelow:
		return errf(CodeNoBookBelow, "no book below %s: a book on a higher level needs one directly under it", Pos{id, level, space}).with("Pos", Pos{id, level, space}.String())
	case placeNoSupport:
		return errf(CodeNoSupport, "that space has no support: %s needs a wall or a book beside it", Pos{id, level, space}).with("Pos", Pos{id, level, space}.String())
	}
	return nil
}

// piece returns the leftmost space and width of the piece covering
// (level, space), which must be occupied.
func (c *Compartment) piece(level, space int) (x0, width int) {
	switch c.At(level, space).Pair {
	case PairLeft:
		return space, 2
	case PairRight:
		return space - 1, 2
	}
	return space, 1
}

// firstInvalid finds a piece that breaks the support or stacking rule, for
// the transition rule; ok is false when there is none.
func (c *Compartment) firstInvalid() (level, space int, ok bool) {
	for l := 0; l < c.Levels; l++ {
		for x := 0; x < c.Width; x++ {
			s := c.At(l, x)
			if s.Color == NoColor || s.Pair == PairRight {
				continue
			}
			w := 1
			if s.Pair == PairLeft {
				w = 2
			}
			if !c.supported(l, x, x+w-1) || !c.stacked(l, x, x+w-1) {
				return l, x, true
			}
		}
	}
	return 0, 0, false
}

// clear empties the piece starting at (level, x0) of the given width.
func (c *Compartment) clear(level, x0, width int) {
	for x := x0; x < x0+width; x++ {
		c.Cells[level*c.Width+x] = Space{}
	}
}

// brokenByRemoval finds a book that would break the support or stacking
// rule if the piece at (level, space) were taken out (the transition rule);
// bad is false when the removal is legal. The space must hold a book.
func (c *Compartment) brokenByRemoval(level, space int) (l, x int, bad bool) {
	x0, w := c.piece(level, space)
	after := *c
	after.clear(level, x0, w)
	return after.firstInvalid()
}

func (c *Compartment) holdsBook(level, space int) bool {
	return c.Present && c.inside(level, space, 1) && c.occupied(level, space)
}

// canRemove is removeProblem without the message, for enumerating moves.
func (c *Compartment) canRemove(level, space int) bool {
	if !c.holdsBook(level, space) {
		return false
	}
	_, _, bad := c.brokenByRemoval(level, space)
	return !bad
}

// removeProblem explains why the piece at (level, space) cannot be taken
// out (the transition rule), or returns nil.
func (c *Compartment) removeProblem(id CompID, level, space int) *Error {
	if !c.holdsBook(level, space) {
		return errf(CodeNoBook, "there is no book at %s", Pos{id, level, space}).with("Pos", Pos{id, level, space}.String())
	}
	if l, x, bad := c.brokenByRemoval(level, space); bad {
		s, at := c.At(l, x), Pos{id, l, x}
		if s.Pair != NotPaired {
			return errf(CodeTransitionPair, "removing it would leave the paired set at %s unsupported", at).with("Pos", at.String())
		}
		return errf(CodeTransition, "removing it would leave the %s book at %s unsupported", s.Color, at).with("Color", s.Color).with("Pos", at.String())
	}
	return nil
}

// Pos is a space on a seat's shelves. Level and Space count from 0
// internally; players see and type them from 1 ("II.2.3": compartment II,
// level 2 from the bottom, space 3 from the left).
type Pos struct {
	Comp  CompID
	Level int
	Space int
}

// String writes the position in notation, e.g. "II.2.3".
func (p Pos) String() string {
	return p.Comp.String() + "." + strconv.Itoa(p.Level+1) + "." + strconv.Itoa(p.Space+1)
}

// ParsePos reads "II.2.3" (also "II 2 3" or "II-2-3").
func ParsePos(s string) (Pos, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ' ' || r == '-' || r == ',' || r == '/' })
	if len(f) != 3 {
		return Pos{}, fmt.Errorf("a space is written compartment.level.space, like II.2.3")
	}
	c, ok := ParseCompID(f[0])
	l, err1 := strconv.Atoi(f[1])
	x, err2 := strconv.Atoi(f[2])
	if !ok || err1 != nil || err2 != nil || l < 1 || x < 1 || l > 9 || x > 9 {
		return Pos{}, fmt.Errorf("%q is not a space: write compartment.level.space, like II.2.3", s)
	}
	return Pos{Comp: c, Level: l - 1, Space: x - 1}, nil
}

// MarshalJSON writes the position as its notation string.
func (p Pos) MarshalJSON() ([]byte, error) { return json.Marshal(p.String()) }

// UnmarshalJSON reads a position in notation.
func (p *Pos) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := ParsePos(s)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// missingSideShelf refuses shelving in a side-shelf slot the seat has not
// filled (the main shelf's compartments are always there).
func missingSideShelf(id CompID) *Error {
	side := SideRight
	if id == CompLeft {
		side = SideLeft
	}
	return errf(CodeMissingSideShelf, "you have no side shelf on the %s", side).with("Side", side)
}
