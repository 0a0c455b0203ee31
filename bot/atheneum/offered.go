package atheneum

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// offeredComponents rebuilds the menus the bot showed for the step, move
// and selection a custom_id names, so that a click can be checked against
// what was really offered (nil when nothing was). A button stands for an
// option of one of these menus (see menuForm): the caller reads it as
// that choice first. Only custom ids and values are compared, which are
// the same in every language: the menus are built in English.
//
// The menus are those earlier versions showed, which offer every choice
// today's buttons do: the pick menu, and the workbench of menus for the
// selection the custom id carries.
func offeredComponents(rec *store.Game, seat int, id face.ID) []discordgo.MessageComponent {
	g := athGame(rec)
	l := i18n.English
	switch g.Step {
	case atheneum.StepPick:
		return handMenu(l, rec.ID, g, seat)
	case atheneum.StepResolve:
		sel := noSelection()
		if len(id.Args) > 0 {
			s, err := decodeSelection(id.Args)
			if err != nil {
				return nil
			}
			sel = s
		}
		switch {
		case stepwiseVerbs[id.Verb]:
			// The colour, orientation, compartment and space menus of
			// earlier versions (and of what does not fit one menu) are
			// checked against the stepwise workbench, which always
			// offers them.
			return stepwiseWorkbench(l, rec.ID, g, seat, sel)
		case id.Verb == "it":
			// The first menu offers a book of any colour once per colour,
			// earlier versions once: either is a choice on offer.
			return withOptionsOf(earlierWorkbench(l, rec.ID, g, seat, sel), stepwiseWorkbench(l, rec.ID, g, seat, sel))
		}
		return earlierWorkbench(l, rec.ID, g, seat, sel)
	}
	return nil
}

// checkPress reads a press of the component id with values as the menu
// choice it is (a button as the option it stands for: see menuForm) and
// checks it against what was offered, returning the menu's id and the
// values chosen; anything not offered is refused, in words as precise as
// the custom id allows.
func checkPress(rec *store.Game, seat int, id face.ID, values []string) (face.ID, []string, error) {
	menu, chosen, ok := menuForm(id, values)
	if !ok {
		return id, nil, notOffered(athGame(rec), id.With(id.Arg(0)))
	}
	if err := face.CheckOffered(offeredComponents(rec, seat, menu), menu.String(), chosen); err != nil {
		return id, nil, notOffered(athGame(rec), menu)
	}
	return menu, chosen, nil
}

// withOptionsOf adds to each select menu of comps the options of the menu
// with the same custom id in more (only to check a press against both).
func withOptionsOf(comps, more []discordgo.MessageComponent) []discordgo.MessageComponent {
	extra := map[string][]discordgo.SelectMenuOption{}
	for _, row := range more {
		if r, ok := row.(discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if m, ok := c.(discordgo.SelectMenu); ok {
					extra[m.CustomID] = m.Options
				}
			}
		}
	}
	out := make([]discordgo.MessageComponent, len(comps))
	for i, row := range comps {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			out[i] = row
			continue
		}
		cs := make([]discordgo.MessageComponent, len(r.Components))
		for k, c := range r.Components {
			if m, ok := c.(discordgo.SelectMenu); ok {
				for _, o := range extra[m.CustomID] {
					if !slices.ContainsFunc(m.Options, func(p discordgo.SelectMenuOption) bool { return p.Value == o.Value }) {
						m.Options = append(slices.Clip(m.Options), o)
					}
				}
				c = m
			}
			cs[k] = c
		}
		out[i] = discordgo.ActionsRow{Components: cs}
	}
	return out
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

// stepwiseVerbs are the menus of the stepwise workbench.
var stepwiseVerbs = map[string]bool{"col": true, "flip": true, "cmp": true, "spc": true}

// shelvingVerbs are the workbench's verbs (a button's is read as its
// menu's first: see menuForm).
var shelvingVerbs = map[string]bool{"it": true, "col": true, "flip": true, "at": true, "cmp": true, "spc": true, "tok": true, "rew": true, "ss": true, "undo": true, "done": true, "dok": true, "dback": true}
