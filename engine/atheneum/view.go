package atheneum

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Spectator is the seat number to pass to View for a spectator's view.
const Spectator = -1

// View returns a copy of the game as seat sees it: other seats' hands and
// secret picks, the decks' order, the bag's order and the random generator
// are removed. Pass Spectator for someone who holds no seat. A view can be
// rendered and serialised but not played on.
func (g *Game) View(seat int) *Game {
	v := g.Clone()
	v.Hidden = true
	v.Seed, v.RNG = 0, 0
	v.Decks = [2][]int{}
	v.ObjectiveDeck = nil
	v.Bag = slices.Clone(g.Bag)
	slices.Sort(v.Bag)
	for i := range v.Seats {
		s := &v.Seats[i]
		s.Undo = nil
		if i != seat {
			s.Hand = nil
			s.Pick = -1
		}
	}
	return v
}

// Encode writes the game's versioned JSON form. It encodes a clone, whose
// empty slices are all nil, so equal games always give equal bytes.
func (g *Game) Encode() ([]byte, error) { return json.Marshal(g.Clone()) }

// DecodeGame reads a game written by Encode and reattaches its content pack.
func DecodeGame(data []byte) (*Game, error) {
	var g Game
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("decode game: %w", err)
	}
	if g.V != StateVersion {
		return nil, fmt.Errorf("decode game: state version %d, this engine reads %d", g.V, StateVersion)
	}
	c, err := Load(g.ContentID)
	if err != nil {
		return nil, fmt.Errorf("decode game: %w", err)
	}
	g.Content = c
	if n := len(g.Seats); n < MinSeats || n > MaxSeats {
		return nil, fmt.Errorf("decode game: %d seats", n)
	}
	return &g, nil
}

// compartmentJSON is a compartment's compact JSON form: its spaces in the
// shelf notation.
type compartmentJSON struct {
	Present   bool   `json:"present,omitempty"`
	SideShelf int    `json:"side_shelf,omitempty"`
	Width     int    `json:"w,omitempty"`
	Levels    int    `json:"l,omitempty"`
	Spider    bool   `json:"spider,omitempty"`
	Rows      string `json:"rows,omitempty"`
}

// MarshalJSON writes the compartment with its spaces as notation rows.
func (c Compartment) MarshalJSON() ([]byte, error) {
	j := compartmentJSON{Present: c.Present, SideShelf: c.SideShelf, Width: c.Width, Levels: c.Levels, Spider: c.Spider}
	if c.Present {
		j.Rows = c.rows()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the compact form and checks it against the rules'
// shape (widths, pairs), not against the shelving rules.
func (c *Compartment) UnmarshalJSON(b []byte) error {
	var j compartmentJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*c = Compartment{Present: j.Present, SideShelf: j.SideShelf, Width: j.Width, Levels: j.Levels, Spider: j.Spider}
	if !c.Present {
		return nil
	}
	if c.Width < 1 || c.Levels < 1 || c.Width*c.Levels > maxCells {
		return fmt.Errorf("compartment of %dx%d spaces", c.Width, c.Levels)
	}
	return c.setRows(j.Rows)
}
