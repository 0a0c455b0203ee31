package atheneum

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ActionType is the closed set of things a seat can do.
type ActionType string

// The action types.
const (
	// ActPick chooses (or changes) the seat's card for this turn: Card.
	ActPick ActionType = "pick"
	// ActShelve shelves held book or pair Item at At; Color chooses the
	// colour of an any-colour book; Flip turns a pair around.
	ActShelve ActionType = "shelve"
	// ActRemove takes the book or pair at At off the shelves to reshelve it.
	ActRemove ActionType = "remove"
	// ActToken decides bonus token Item: Use "candle" (in candle slot
	// Candle) or "benefit".
	ActToken ActionType = "token"
	// ActReward chooses spider reward Item's Reward.
	ActReward ActionType = "reward"
	// ActSideShelf places held side shelf Item: side shelf Shelf from the
	// supply, on Side.
	ActSideShelf ActionType = "side_shelf"
	// ActScore scores Objective from the row (ends shelving for this turn).
	ActScore ActionType = "score"
	// ActDone finishes the seat's resolve step; what is still held is lost.
	ActDone ActionType = "done"
	// ActUndo takes back the seat's last action of this resolve step.
	ActUndo ActionType = "undo"
)

// TokenUse is how a bonus token is used.
type TokenUse string

// Token uses.
const (
	UseCandle  TokenUse = "candle"
	UseBenefit TokenUse = "benefit"
)

// Reward is a captured spider's reward.
type Reward string

// The four rewards.
const (
	RewardWand      Reward = "wand"
	RewardToken     Reward = "token"
	RewardBook      Reward = "book"
	RewardSideShelf Reward = "side_shelf"
)

// Rewards lists the spider rewards in menu order.
var Rewards = [...]Reward{RewardWand, RewardToken, RewardBook, RewardSideShelf}

// Side is where a side shelf goes.
type Side string

// Sides.
const (
	SideLeft  Side = "left"
	SideRight Side = "right"
)

// Comp returns the compartment slot for a side.
func (s Side) Comp() CompID {
	if s == SideLeft {
		return CompLeft
	}
	return CompRight
}

// Action is one move by one seat. It is a flat, comparable value with a
// stable JSON form; fields that do not apply to its Type are zero.
type Action struct {
	Type      ActionType `json:"type"`
	Seat      int        `json:"seat"`
	Card      string     `json:"card,omitempty"`
	Item      int        `json:"item,omitzero"`
	Color     Color      `json:"color,omitzero"`
	Flip      bool       `json:"flip,omitzero"`
	At        Pos        `json:"at,omitzero"`
	Use       TokenUse   `json:"use,omitempty"`
	Candle    int        `json:"candle,omitzero"`
	Reward    Reward     `json:"reward,omitempty"`
	Shelf     int        `json:"shelf,omitzero"`
	Side      Side       `json:"side,omitempty"`
	Objective string     `json:"objective,omitempty"`
}

// actionJSON is Action's JSON form. At and Candle are pointers so that a
// move to I.1.1 or to the first candle space is written out in full (see
// MarshalJSON); the other fields are left out when zero.
type actionJSON struct {
	Type      ActionType `json:"type"`
	Seat      int        `json:"seat"`
	Card      string     `json:"card,omitempty"`
	Item      int        `json:"item,omitzero"`
	Color     Color      `json:"color,omitzero"`
	Flip      bool       `json:"flip,omitzero"`
	At        *Pos       `json:"at,omitempty"`
	Use       TokenUse   `json:"use,omitempty"`
	Candle    *int       `json:"candle,omitempty"`
	Reward    Reward     `json:"reward,omitempty"`
	Shelf     *int       `json:"shelf,omitempty"`
	Side      Side       `json:"side,omitempty"`
	Objective string     `json:"objective,omitempty"`
}

// MarshalJSON writes every field docs/atheneum/notation.md documents for the
// action's type, even when its value is the zero one: "at" for shelve and
// remove (I.1.1 is the zero Pos), "candle" for a token used as a candle
// (the first candle space is 0) and "shelf" for a side shelf. Fields that do
// not apply to the type are written only when set. Reading needs no
// counterpart: a missing field reads as its zero value, so records written
// before these fields were always present load the same.
func (a Action) MarshalJSON() ([]byte, error) {
	j := actionJSON{Type: a.Type, Seat: a.Seat, Card: a.Card, Item: a.Item, Color: a.Color, Flip: a.Flip,
		Use: a.Use, Reward: a.Reward, Side: a.Side, Objective: a.Objective}
	if a.At != (Pos{}) || a.Type == ActShelve || a.Type == ActRemove {
		j.At = &a.At
	}
	if a.Candle != 0 || (a.Type == ActToken && a.Use == UseCandle) {
		j.Candle = &a.Candle
	}
	if a.Shelf != 0 || a.Type == ActSideShelf {
		j.Shelf = &a.Shelf
	}
	return json.Marshal(j)
}

// String writes the action compactly for logs and records, e.g.
// "s1 shelve #3 T II.2.3".
func (a Action) String() string {
	var b strings.Builder
	b.WriteString("s" + strconv.Itoa(a.Seat) + " " + string(a.Type))
	switch a.Type {
	case ActPick:
		b.WriteString(" " + a.Card)
	case ActShelve:
		fmt.Fprintf(&b, " #%d", a.Item)
		if a.Color != NoColor {
			b.WriteString(" " + string(a.Color.Letter()))
		}
		if a.Flip {
			b.WriteString(" flip")
		}
		b.WriteString(" " + a.At.String())
	case ActRemove:
		b.WriteString(" " + a.At.String())
	case ActToken:
		fmt.Fprintf(&b, " #%d %s", a.Item, a.Use)
		if a.Use == UseCandle {
			fmt.Fprintf(&b, " %d", a.Candle+1)
		}
	case ActReward:
		fmt.Fprintf(&b, " #%d %s", a.Item, a.Reward)
	case ActSideShelf:
		fmt.Fprintf(&b, " #%d S%d %s", a.Item, a.Shelf, a.Side)
	case ActScore:
		b.WriteString(" " + a.Objective)
	}
	return b.String()
}

// ParseAction reads an action written by Action.String, e.g.
// "s1 shelve #3 T II.2.3"; it accepts exactly what String writes.
func ParseAction(s string) (Action, error) {
	w := strings.Fields(s)
	bad := func() (Action, error) { return Action{}, fmt.Errorf("%q is not an action in Atheneum's notation", s) }
	if len(w) < 2 || len(w[0]) < 2 || w[0][0] != 's' {
		return bad()
	}
	seat, err := strconv.Atoi(w[0][1:])
	if err != nil || seat < 0 || seat >= MaxSeats {
		return bad()
	}
	a := Action{Seat: seat, Type: ActionType(w[1])}
	args := w[2:]
	item := func() bool {
		if len(args) == 0 || len(args[0]) < 2 || args[0][0] != '#' {
			return false
		}
		n, err := strconv.Atoi(args[0][1:])
		if err != nil || n < 0 {
			return false
		}
		a.Item, args = n, args[1:]
		return true
	}
	pos := func() bool {
		if len(args) != 1 {
			return false
		}
		p, err := ParsePos(args[0])
		if err != nil || p.String() != args[0] {
			return false
		}
		a.At, args = p, nil
		return true
	}
	ok := false
	switch a.Type {
	case ActPick:
		if len(args) == 1 {
			a.Card, ok = args[0], true
		}
	case ActShelve:
		if item() {
			if len(args) > 1 && len(args[0]) == 1 {
				c, known := ColorFromLetter(args[0][0])
				if !known || c == NoColor {
					return bad()
				}
				a.Color, args = c, args[1:]
			}
			if len(args) > 1 && args[0] == "flip" {
				a.Flip, args = true, args[1:]
			}
			ok = pos()
		}
	case ActRemove:
		ok = pos()
	case ActToken:
		if item() && len(args) >= 1 {
			a.Use = TokenUse(args[0])
			switch {
			case a.Use == UseBenefit && len(args) == 1:
				ok = true
			case a.Use == UseCandle && len(args) == 2:
				n, err := strconv.Atoi(args[1])
				a.Candle, ok = n-1, err == nil && n >= 1 && n <= NumCandles
			}
		}
	case ActReward:
		if item() && len(args) == 1 {
			a.Reward = Reward(args[0])
			ok = slices.Contains(Rewards[:], a.Reward)
		}
	case ActSideShelf:
		if item() && len(args) == 2 && len(args[0]) >= 2 && args[0][0] == 'S' {
			n, err := strconv.Atoi(args[0][1:])
			a.Shelf, a.Side = n, Side(args[1])
			ok = err == nil && n >= 0 && (a.Side == SideLeft || a.Side == SideRight)
		}
	case ActScore:
		if len(args) == 1 {
			a.Objective, ok = args[0], true
		}
	case ActDone, ActUndo:
		ok = len(args) == 0
	}
	if !ok || a.String() != strings.Join(w, " ") {
		return bad()
	}
	return a, nil
}
