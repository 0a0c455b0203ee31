package atheneum

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
)

// Done asks for a confirmation when the seat could still score an
// objective: finishing the turn gives up that chance (and the objective in
// the row's last slot leaves it). Only the confirmation's own button ends
// the turn; Go back returns to the workbench.

// scorable lists the objectives seat could score now (their codes).
func scorable(legal []atheneum.Action) []string {
	var codes []string
	for _, a := range legal {
		if a.Type == atheneum.ActScore {
			codes = append(codes, a.Objective)
		}
	}
	return codes
}

// confirmRows are the confirmation's buttons: finish anyway, or go back.
// They carry the selection (mode "done"), so that a press is checked
// against this very confirmation.
func confirmRows(l i18n.Lang, b ids, sel selection, legal []atheneum.Action) []discordgo.MessageComponent {
	canDone := false
	for _, a := range legal {
		canDone = canDone || a.Type == atheneum.ActDone
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("play.done.confirm.label"), Style: discordgo.DangerButton, CustomID: b.make("dok", sel.encode()...), Disabled: !canDone},
		discordgo.Button{Label: l.T("play.done.back.label"), Style: discordgo.SecondaryButton, CustomID: b.make("dback", sel.encode()...)},
	}}}
}

// confirmText asks whether to finish the turn, naming the objectives the
// seat would give up (and the items it would lose).
func confirmText(l i18n.Lang, g *atheneum.Game, seat int) string {
	codes := scorable(g.LegalActions(seat))
	leaving := -1
	if last := g.Row[atheneum.RowSize-1].Objective; last >= 0 {
		leaving = last
	}
	names := make([]string, len(codes))
	for i, code := range codes {
		names[i] = objectiveNamed(l, g, code)
		if k, ok := g.Content.ObjectiveIndex(code); ok && k == leaving {
			names[i] = l.T("play.done.confirm.leaving", "Objective", names[i])
		}
	}
	lines := []string{l.T("play.done.confirm.title")}
	if len(names) > 0 {
		lines = append(lines, l.T("play.done.confirm.objectives", "Count", len(names), "Objectives", face.JoinAnd(l, names)))
	}
	if n := len(g.Seats[seat].Held); n > 0 {
		lines = append(lines, l.T("play.done.confirm.items", "Count", n))
	}
	lines = append(lines, l.T("play.done.confirm.help"))
	return strings.Join(lines, "\n")
}
