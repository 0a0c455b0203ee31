package bot

import (
	"atheneum/bot/face"
	"slices"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// offeredComponents rebuilds the components the bot showed for the step,
// move and selection a custom_id names, so that a click can be checked
// against what was really offered (nil when nothing was). Only custom ids
// and values are compared, which are the same in every language: the
// components are built in English.
func offeredComponents(rec *store.Game, seat int, id face.ID) []discordgo.MessageComponent {
	g := athGame(rec)
	l := i18n.English
	switch g.Step {
	case atheneum.StepPick:
		return handComponents(l, rec.ID, g, seat)
	case atheneum.StepResolve:
		sel := noSelection()
		if len(id.Args) > 0 {
			s, err := decodeSelection(id.Args)
			if err != nil {
				return nil
			}
			sel = s
		}
		return workbench(l, rec.ID, g, seat, sel)
	}
	return nil
}

// checkOffered accepts a click only on a component among offered, and a
// menu choice only among that menu's options, in the number it allows.
// Anything else (a forged custom_id or value) is refused as stale.
func checkOffered(offered []discordgo.MessageComponent, customID string, values []string) error {
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
						return face.ErrStaleChoice
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
	return face.ErrStaleChoice
}

// sameComponent compares two custom_ids but for the game's action count,
// which other seats' moves advance while a menu stays valid (the step and
// the seat's own move count, which do matter, are compared).
func sameComponent(built, clicked string) bool {
	a, err1 := face.ParseID(built)
	b, err2 := face.ParseID(clicked)
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
		return face.ErrStaleChoice
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] || !slices.ContainsFunc(menu.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			return face.ErrStaleChoice
		}
		seen[v] = true
	}
	return nil
}

// sameGamePlace reports whether an interaction comes from where the game
// lives: its server and its channel (or thread). A seat's private prompt
// may also be used from a direct message (no server), where the seat check
// that follows does the rest; a lobby is only ever in the game's channel.
func sameGamePlace(i *discordgo.Interaction, rec *store.Game, lobby bool) bool {
	if i.GuildID == "" {
		return !lobby
	}
	return i.GuildID == rec.GuildID && i.ChannelID == rec.ChannelID
}

// notOffered words the refusal of a click that matches nothing offered,
// as precisely as the custom_id allows.
func notOffered(g *atheneum.Game, id face.ID) error {
	switch {
	case id.Verb == "pick" && g.Step == atheneum.StepPick:
		return face.RefuseID("play.refuse.card")
	case id.Verb == "pick":
		return face.RefuseID("play.refuse.shelving")
	case g.Step == atheneum.StepPick && shelvingVerbs[id.Verb]:
		return face.RefuseID("play.refuse.picking")
	}
	return face.ErrStaleChoice
}

// shelvingVerbs are the workbench's verbs.
var shelvingVerbs = map[string]bool{"it": true, "col": true, "flip": true, "cmp": true, "spc": true, "tok": true, "rew": true, "ss": true, "undo": true, "done": true}
