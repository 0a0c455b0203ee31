package atheneum

import (
	"strconv"
	"strings"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
)

// componentInput interprets a pick or workbench component (a button
// standing for a menu's option as that choice). It returns either the
// engine action to apply, or (act == nil) the selection to show next.
func componentInput(g *atheneum.Game, seat int, id face.ID, values []string) (act *atheneum.Action, sel selection, err error) {
	id, values, ok := menuForm(id, values)
	if !ok {
		return nil, selection{}, face.ErrStaleChoice
	}
	value := ""
	if len(values) > 0 {
		value = values[0]
	}
	do := func(a atheneum.Action) (*atheneum.Action, selection, error) {
		a.Seat = seat
		return &a, selection{}, nil
	}
	switch id.Verb {
	case "pick":
		return do(atheneum.Action{Type: atheneum.ActPick, Card: value})
	case "undo":
		return do(atheneum.Action{Type: atheneum.ActUndo})
	case "done":
		if len(scorable(g.LegalActions(seat))) > 0 {
			s := noSelection()
			s.Mode = "done" // ask first: an objective could still be scored
			return nil, s, nil
		}
		return do(atheneum.Action{Type: atheneum.ActDone})
	case "dback":
		return nil, noSelection(), nil
	case "it":
		switch {
		case value == "rm":
			s := noSelection()
			s.Mode = "remove"
			return nil, s, nil
		case strings.HasPrefix(value, "s"):
			return do(atheneum.Action{Type: atheneum.ActScore, Objective: value[1:]})
		case strings.HasPrefix(value, "i"):
			return itemChoice(value[1:])
		}
		return nil, selection{}, face.ErrStaleChoice
	}
	sel, err = decodeSelection(id.Args)
	if err != nil {
		return nil, selection{}, face.ErrStaleChoice
	}
	// place is the move to space p: taking the book there off the shelves,
	// or shelving the item chosen (in its colour, the way round chosen).
	place := func(p atheneum.Pos) (*atheneum.Action, selection, error) {
		switch sel.Mode {
		case "remove":
			return do(atheneum.Action{Type: atheneum.ActRemove, At: p})
		case "item":
		default:
			return nil, selection{}, face.ErrStaleChoice
		}
		a := atheneum.Action{Type: atheneum.ActShelve, Item: sel.Item, At: p, Flip: sel.Flip == 1}
		if it, ok := heldItem(g, seat, sel.Item); ok && it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
			a.Color = sel.Color
		}
		return do(a)
	}
	switch id.Verb {
	case "col":
		c, ok := atheneum.ParseColor(value)
		if !ok || !c.IsBook() {
			return nil, selection{}, face.ErrStaleChoice
		}
		sel.Color, sel.HasComp = c, false
		return nil, sel, nil
	case "flip":
		if value != "0" && value != "1" {
			return nil, selection{}, face.ErrStaleChoice
		}
		sel.Flip, sel.HasComp = int(value[0]-'0'), false
		return nil, sel, nil
	case "cmp":
		c, ok := atheneum.ParseCompID(value)
		if !ok {
			return nil, selection{}, face.ErrStaleChoice
		}
		sel.Comp, sel.HasComp = c, true
		return nil, sel, nil
	case "dok":
		if sel.Mode != "done" {
			return nil, selection{}, face.ErrStaleChoice
		}
		return do(atheneum.Action{Type: atheneum.ActDone})
	case "at":
		p, err := atheneum.ParsePos(value)
		if err != nil {
			return nil, selection{}, face.ErrStaleChoice
		}
		return place(p)
	case "spc":
		if !sel.HasComp {
			return nil, selection{}, face.ErrStaleChoice
		}
		p, err := atheneum.ParsePos(sel.Comp.String() + "." + value)
		if err != nil {
			return nil, selection{}, face.ErrStaleChoice
		}
		return place(p)
	case "tok":
		if value == "b" {
			return do(atheneum.Action{Type: atheneum.ActToken, Item: sel.Item, Use: atheneum.UseBenefit})
		}
		k, err := strconv.Atoi(strings.TrimPrefix(value, "c"))
		if !strings.HasPrefix(value, "c") || err != nil {
			return nil, selection{}, face.ErrStaleChoice
		}
		return do(atheneum.Action{Type: atheneum.ActToken, Item: sel.Item, Use: atheneum.UseCandle, Candle: k})
	case "rew":
		return do(atheneum.Action{Type: atheneum.ActReward, Item: sel.Item, Reward: atheneum.Reward(value)})
	case "ss":
		if len(value) < 2 {
			return nil, selection{}, face.ErrStaleChoice
		}
		n, err := strconv.Atoi(value[:len(value)-1])
		side := atheneum.SideLeft
		if value[len(value)-1] == 'r' {
			side = atheneum.SideRight
		}
		if err != nil {
			return nil, selection{}, face.ErrStaleChoice
		}
		return do(atheneum.Action{Type: atheneum.ActSideShelf, Item: sel.Item, Shelf: n, Side: side})
	}
	return nil, selection{}, face.ErrStaleChoice
}

// itemChoice reads an option of the first menu naming a held item: "12",
// or "12.T" (a book of any colour, in teal), or "12.1" (a paired set, the
// other way round).
func itemChoice(value string) (*atheneum.Action, selection, error) {
	num, variant, hasVariant := strings.Cut(value, ".")
	n, err := strconv.Atoi(num)
	if err != nil {
		return nil, selection{}, face.ErrStaleChoice
	}
	s := noSelection()
	s.Mode, s.Item = "item", n
	switch {
	case !hasVariant:
	case variant == "0" || variant == "1":
		s.Flip = int(variant[0] - '0')
	default:
		c, ok := atheneum.ParseColor(variant)
		if !ok || !c.IsBook() || len(variant) != 1 {
			return nil, selection{}, face.ErrStaleChoice
		}
		s.Color = c
	}
	return nil, s, nil
}
