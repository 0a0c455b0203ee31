package atheneum

import (
	"fmt"
	"strconv"
	"strings"
)

// rows writes the compartment's spaces: levels top first separated by '/',
// '.' for an empty space, a colour letter for a book, lower case for the two
// halves of a paired set.
func (c *Compartment) rows() string {
	var b strings.Builder
	for l := c.Levels - 1; l >= 0; l-- {
		if l != c.Levels-1 {
			b.WriteByte('/')
		}
		for x := 0; x < c.Width; x++ {
			s := c.At(l, x)
			ch := s.Color.Letter()
			if s.Pair != NotPaired {
				ch += 'a' - 'A'
			}
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// setRows reads rows written by rows. Lower-case letters pair up left to
// right within a level.
func (c *Compartment) setRows(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != c.Levels {
		return fmt.Errorf("%q has %d levels, the compartment has %d", s, len(rows), c.Levels)
	}
	c.Cells = [maxCells]Space{}
	for r, row := range rows {
		if len(row) != c.Width {
			return fmt.Errorf("%q: a level of %d spaces, the compartment is %d wide", s, len(row), c.Width)
		}
		l := c.Levels - 1 - r
		half := NotPaired
		for x := 0; x < c.Width; x++ {
			ch := row[x]
			col, ok := ColorFromLetter(ch)
			if !ok || col == AnyColor {
				return fmt.Errorf("%q: unknown space %q", s, ch)
			}
			sp := Space{Color: col}
			if ch >= 'a' && ch <= 'z' {
				if half == PairLeft {
					half = PairRight
				} else {
					half = PairLeft
				}
				sp.Pair = half
			} else if half == PairLeft {
				return fmt.Errorf("%q: a paired set needs two lower-case letters side by side", s)
			}
			c.Cells[l*c.Width+x] = sp
		}
		if half == PairLeft {
			return fmt.Errorf("%q: a paired set needs two lower-case letters side by side", s)
		}
	}
	return nil
}

// Shelves writes a seat's shelves in the text notation of docs/atheneum/notation.md:
//
//	I*:T... II:.../TV. III*:../.. IV*:..... V*:.../.../K.. L3*:../.. c=o..|..|--
//
// Each compartment is its name, '*' while its spider waits, ':' and its
// levels top first. Side shelves are "L" or "R" followed by their id. The
// candle part lists the main shelf's slots, then the left and right side
// shelves': 'o' a candle, '.' an empty space, '-' no such space.
func (g *Game) Shelves(seat int) string {
	s := &g.Seats[seat]
	var b strings.Builder
	for id := CompID(0); id < NumComps; id++ {
		c := &s.Comps[id]
		if !c.Present {
			continue
		}
		b.WriteString(id.String())
		if id.IsSide() {
			b.WriteString(strconv.Itoa(c.SideShelf))
		}
		if c.Spider {
			b.WriteByte('*')
		}
		b.WriteByte(':')
		b.WriteString(c.rows())
		b.WriteByte(' ')
	}
	b.WriteString("c=")
	for k := 0; k < NumCandles; k++ {
		if k == 3 || k == 5 {
			b.WriteByte('|')
		}
		switch {
		case g.CandleValue(seat, k) == 0:
			b.WriteByte('-')
		case s.Candles[k] >= 0:
			b.WriteByte('o')
		default:
			b.WriteByte('.')
		}
	}
	return b.String()
}

// SetShelves replaces a seat's shelves and candles with the ones written in
// notation (see Shelves). Candles read this way hold token ids counted up
// from 1000, since the notation does not say which token became a candle.
// It is meant for tests, puzzles and tools, not for play.
func (g *Game) SetShelves(seat int, text string) error {
	s := &g.Seats[seat]
	var comps [NumComps]Compartment
	for k := 0; k < NumMainComps; k++ {
		spec := g.Content.Main.Compartments[k]
		comps[k] = Compartment{Present: true, Width: spec.Width, Levels: spec.Levels}
	}
	candles := ""
	for _, f := range strings.Fields(text) {
		if strings.HasPrefix(f, "c=") {
			candles = strings.ReplaceAll(f[2:], "|", "")
			continue
		}
		name, rows, ok := strings.Cut(f, ":")
		if !ok {
			return fmt.Errorf("%q: expected NAME:rows", f)
		}
		spider := strings.HasSuffix(name, "*")
		name = strings.TrimSuffix(name, "*")
		var id CompID
		switch {
		case strings.HasPrefix(name, "L") || strings.HasPrefix(name, "R"):
			id = CompLeft
			if name[0] == 'R' {
				id = CompRight
			}
			n, err := strconv.Atoi(name[1:])
			spec, found := g.Content.SideShelf(n)
			if err != nil || !found {
				return fmt.Errorf("%q: unknown side shelf", f)
			}
			comps[id] = Compartment{Present: true, SideShelf: n, Width: spec.Width, Levels: spec.Levels}
		default:
			var ok bool
			if id, ok = ParseCompID(name); !ok {
				return fmt.Errorf("%q: unknown compartment", f)
			}
		}
		c := &comps[id]
		c.Spider = spider
		if err := c.setRows(rows); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	s.Comps = comps
	for k := range s.Candles {
		s.Candles[k] = -1
	}
	if candles != "" {
		if len(candles) != NumCandles {
			return fmt.Errorf("candles %q: want %d slots", candles, NumCandles)
		}
		for k := 0; k < NumCandles; k++ {
			if candles[k] == 'o' {
				if g.CandleValue(seat, k) == 0 {
					return fmt.Errorf("candle slot %d does not exist", k+1)
				}
				s.Candles[k] = 1000 + k
			}
		}
	}
	return nil
}
