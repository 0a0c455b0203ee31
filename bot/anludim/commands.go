package anludim

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	an "atheneum/engine/anludim"
	"atheneum/i18n"
	"atheneum/store"
)

// HandleCommand answers one of the face's subcommands; only its author
// sees the answer.
func (f *Face) HandleCommand(ctx context.Context, env face.Env, r face.Reply, name string, opts face.Options, in face.Target) (face.Decision, error) {
	return face.Decision{}, f.answer(ctx, env, r, name, opts, in)
}

// answer answers one of the face's subcommands through r.
func (f *Face) answer(ctx context.Context, env face.Env, r face.Reply, name string, _ face.Options, in face.Target) error {
	rec := in.Rec()
	l := r.Lang()
	g := stateOf(rec)
	if g == nil {
		return r.Edit(face.Message{Content: l.T("anludim.cmd.not_started")})
	}
	switch name {
	case cmdHand:
		seat := game.SeatOf(rec, userID(r.Interaction()))
		if seat < 0 {
			return r.Edit(face.Message{Content: l.T("anludim.cmd.not_playing", "Table", "/"+an.ID+" "+l.T("cmd.anludim.table.name"))})
		}
		return r.Edit(face.Message{Content: handAnswer(l, g, seat), Pictures: handPicture(env, rec, seat)})
	case cmdPlay:
		if in.Table == nil {
			return face.ErrStaleChoice
		}
		seat := game.SeatOf(rec, userID(r.Interaction()))
		if seat < 0 {
			return r.Edit(face.Message{Content: l.T("anludim.cmd.not_playing", "Table", "/"+an.ID+" "+l.T("cmd.anludim.table.name"))})
		}
		// The adapter's prompt: for a seat on autopilot, the button that
		// takes it back.
		m, err := env.Prompt(ctx, in.Table, seat, l)
		if err != nil {
			return err
		}
		return r.Edit(m)
	case cmdTable:
		return r.Edit(face.Message{Content: tableAnswer(l, f, rec, g), Pictures: tablePicture(env, rec)})
	case cmdItems:
		return r.Edit(face.Message{Content: itemsAnswer(l, rec, g), Pictures: itemsPicture(env, rec)})
	}
	return face.RefuseID("anludim.cmd.unknown")
}

// userID is who sent an interaction.
func userID(i *discordgo.Interaction) string {
	switch {
	case i == nil:
		return ""
	case i.Member != nil && i.Member.User != nil:
		return i.Member.User.ID
	case i.User != nil:
		return i.User.ID
	}
	return ""
}

// handAnswer is /anludim hand: the seat's cards, those it keeps between
// rounds, and its crest's allowances.
func handAnswer(l i18n.Lang, g *an.Game, seat int) string {
	lines := []string{handText(l, g, seat)}
	if kept := g.Kept(seat); g.Keeping() && len(kept) > 0 {
		lines = append(lines, l.T("anludim.prompt.kept", "Cards", cardList(l, kept)))
	}
	lines = append(lines, l.T("anludim.cmd.crest", "Crest", crestName(l, g, seat), "Keep", g.KeepLimit(seat)))
	return tidy(l, strings.Join(lines, "\n"))
}

// tableAnswer is /anludim table in words: where the game stands, the
// face-up cards, where each professor stands and each seat's standing.
func tableAnswer(l i18n.Lang, f *Face, rec *store.Game, g *an.Game) string {
	var lines []string
	if p := f.Position(l, rec); p != "" {
		lines = append(lines, l.T("anludim.cmd.position", "Position", p))
	}
	if !g.Over() {
		lines = append(lines, faceUpText(l, g))
		name := seatNamer(l, rec)
		for p := an.Professor(0); p < an.NumProfessors; p++ {
			key, who := "anludim.cmd.professor.board", ""
			if s := g.ProfessorSeat(p); s >= 0 {
				key, who = "anludim.cmd.professor.with", name(s)
			}
			lines = append(lines, l.T(key, "Prof", profThe(l, p.ID()), "Combination", combinationName(l, p), "Name", who))
		}
	}
	return tidy(l, strings.Join(append(lines, f.Scores(l, rec)), "\n"))
}

// itemsAnswer is /anludim items in words: what is left on each
// professor's stack, top first, and what each seat holds.
func itemsAnswer(l i18n.Lang, rec *store.Game, g *an.Game) string {
	lines := []string{l.T("anludim.cmd.items.title")}
	for p := an.Professor(0); p < an.NumProfessors; p++ {
		stack := g.Stack(p)
		if len(stack) == 0 {
			lines = append(lines, l.T("anludim.cmd.items.empty", "Prof", profThe(l, p.ID())))
			continue
		}
		vals := make([]string, len(stack))
		for i, v := range stack {
			vals[i] = itoa(v)
		}
		lines = append(lines, l.T("anludim.cmd.items.stack", "Prof", profThe(l, p.ID()),
			"Items", l.T("anludim.item."+an.ItemKind(p).ID()+".count", "Count", len(stack)), "Values", strings.Join(vals, " ")))
	}
	name := seatNamer(l, rec)
	for s := range g.Seats() {
		lines = append(lines, l.T("anludim.cmd.items.seat", "Name", name(s), "Items", itemsText(l, g, s), "Total", g.Value(s)))
	}
	return tidy(l, strings.Join(lines, "\n"))
}
