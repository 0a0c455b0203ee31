package atheneum

import (
	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
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
