package atheneum

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Spectator is the seat number to pass to View for a spectator's view.
const Spectator = -1

// View returns a copy of the game as seat sees it: the hands seat may not
// look at (see HandVisible), other seats' secret picks, the decks' order,
// the bag's order and the random generator are removed; every hand keeps
// its HandCount. Pass Spectator for someone who holds no seat. A view can
// be rendered and serialised but not played on.
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
		if !g.HandVisible(seat, i) {
			s.Hand = nil
		}
		if i != seat {
			s.Pick = -1
		}
	}
	return v
}

// HandVisible reports whether viewer may look at the study cards in
// owner's hand now (ruling 29). While cards are being picked, a seat sees
// its own hand only. From the reveal until the next turn's pick step, the
// hand a seat has just received lies face down, so its owner does not see
// it; the seat that passed it has seen those cards and still knows them.
// A spectator sees no hand.
func (g *Game) HandVisible(viewer, owner int) bool {
	if viewer < 0 || viewer >= len(g.Seats) || owner < 0 || owner >= len(g.Seats) {
		return false
	}
	if g.Step == StepResolve {
		return owner == g.PassesTo(viewer)
	}
	return owner == viewer
}

// PassesTo is the seat that receives seat's hand at this turn's reveal: the
// left neighbour in phase A, the right one in phase B.
func (g *Game) PassesTo(seat int) int {
	if g.Phase == 1 {
		return g.RightOf(seat)
	}
	return g.LeftOf(seat)
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
