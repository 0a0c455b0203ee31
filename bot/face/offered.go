package face

import (
	"slices"

	"github.com/bwmarrin/discordgo"
)

// CheckOffered accepts a click only on a component among offered, and a
// menu choice only among that menu's options, in the number it allows.
// Anything else (a forged custom_id or value) is refused as stale.
func CheckOffered(offered []discordgo.MessageComponent, customID string, values []string) error {
	for _, row := range offered {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case discordgo.Button:
				if sameComponent(c.CustomID, customID) && !c.Disabled {
					if len(values) > 0 {
						return ErrStaleChoice
					}
					return nil
				}
			case discordgo.SelectMenu:
				if sameComponent(c.CustomID, customID) && !c.Disabled {
					return checkValues(c, values)
				}
			}
		}
	}
	return ErrStaleChoice
}

// sameComponent compares two custom_ids but for the game's action count,
// which other seats' moves advance while a menu stays valid (the step and
// the seat's own move count, which do matter, are compared).
func sameComponent(built, clicked string) bool {
	a, err1 := ParseID(built)
	b, err2 := ParseID(clicked)
	if err1 != nil || err2 != nil {
		return false
	}
	a.Seq, b.Seq = 0, 0
	return a.String() == b.String()
}

func checkValues(menu discordgo.SelectMenu, values []string) error {
	lo, hi := 1, 1
	if menu.MinValues != nil {
		lo = *menu.MinValues
	}
	if menu.MaxValues > 0 {
		hi = menu.MaxValues
	}
	if len(values) < lo || len(values) > hi {
		return ErrStaleChoice
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] || !slices.ContainsFunc(menu.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			return ErrStaleChoice
		}
		seen[v] = true
	}
	return nil
}

// MenuOption is a select menu's option, its label and description clipped
// to Discord's limits.
func MenuOption(label, value, desc string, def bool) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: Clip(label, MaxLabel), Value: value, Description: Clip(desc, MaxLabel), Default: def}
}

// MaxPlaceholder is Discord's limit on a select menu's placeholder.
const MaxPlaceholder = 150

// MenuRow is a row holding one select menu of at most MaxOptions options.
func MenuRow(id, placeholder string, opts []discordgo.SelectMenuOption) discordgo.ActionsRow {
	if len(opts) > MaxOptions {
		opts = opts[:MaxOptions]
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: id, Placeholder: Clip(placeholder, MaxPlaceholder), Options: opts,
	}}}
}
