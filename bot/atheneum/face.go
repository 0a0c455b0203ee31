// Package atheneum is Atheneum's Discord face: the hand's cards as buttons
// and the shelving workbench in each seat's private prompt (buttons where
// they fit, menus beyond; see buttons.go), the channel's post at
// the reveal and at the end of each turn, its own subcommands (hand, play,
// place, shelf, table, objectives, scores), its words and its pictures
// (render/atheneum). The generic adapter (package bot) runs everything else
// and calls the face through bot/face.
package atheneum

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/i18n"
	"atheneum/render"
	atrender "atheneum/render/atheneum"
	"atheneum/store"
)

// Face is Atheneum's Discord face: the kit's, with Atheneum's own play
// (the cards to pick and the shelving workbench, whose buttons and menus
// follow the shelves rather than one choice at a time), words and
// pictures.
type Face struct {
	*face.Kit
	// shown is the shelves picture each workbench message shows, so that
	// a click that would send the same picture again does not.
	shown *shownPictures
}

var _ face.Face = (*Face)(nil)

// New returns Atheneum's face, whose computer players think with the
// effort players sets (fixed play-outs make a seed replay the same game).
// A step gets the service's default time (a day), as a step of Atheneum
// awaits every player.
func New(players ai.Players) *Face {
	return &Face{Kit: face.NewKit(face.Game{Kind: game.Kind{Game: ai.Game(players)}, Command: atheneum.GameID, Topics: rulesTopicKeys}),
		shown: &shownPictures{}}
}

// Subcommands are Atheneum's commands about its board.
func (f *Face) Subcommands() []face.Spec {
	var colours []face.Choice
	for _, c := range atheneum.Colors {
		colours = append(colours, face.Choice{Value: string(c.Letter()), Key: "color." + c.String() + ".label"})
	}
	readOnly := func(s face.Spec) face.Spec { s.ReadOnly = true; return s }
	return []face.Spec{
		face.Sub("hand"),
		face.Sub("play"),
		face.Sub("place",
			face.Spec{Name: "item", Kind: discordgo.ApplicationCommandOptionString, Required: true, Autocomplete: true},
			face.Spec{Name: "space", Kind: discordgo.ApplicationCommandOptionString, Required: true, Autocomplete: true},
			face.ChoiceOption("color", false, colours),
			face.Spec{Name: "flip", Kind: discordgo.ApplicationCommandOptionBoolean}),
		readOnly(face.Sub("shelf", face.UserOption("player", false))),
		readOnly(face.Sub("table")),
		readOnly(face.Sub("objectives")),
		readOnly(face.Sub("scores")),
	}
}

// RulesKey is "rules.<topic>": Atheneum's rules came before the other
// games' and keep their keys.
func (f *Face) RulesKey(topic string) string { return "rules." + topic }

// RulesText is one topic in l (the overview and the list of topics for an
// unknown one).
func (f *Face) RulesText(l i18n.Lang, topic string) string { return rulesTextIn(l, topic) }

// HandleCommand answers Atheneum's own subcommands; a space typed by
// place is a move, which the adapter plays.
func (f *Face) HandleCommand(ctx context.Context, env face.Env, r face.Reply, name string, opts face.Options, in face.Target) (face.Decision, error) {
	if name == "place" && in.Table != nil {
		return f.place(in.Table, r, opts)
	}
	return face.Decision{}, f.answer(ctx, env, r, name, opts, in)
}

// answer answers the subcommands that show something, through r.
func (f *Face) answer(ctx context.Context, env face.Env, r face.Reply, name string, opts face.Options, in face.Target) error {
	l := r.Lang()
	rec := in.Rec()
	g := athGame(rec)
	if g == nil {
		return face.Refuse(l.T("cmd.in.lobby"))
	}
	switch name {
	case "shelf":
		return f.shelf(env, r, rec, opts)
	case "table":
		pic, err := env.Draw("table.png", func() (render.Picture, error) {
			return atrender.DrawTable(g.View(atheneum.Spectator), face.PictureOptions(rec))
		})
		if err != nil {
			return err
		}
		return r.Edit(face.Message{Content: f.Scores(l, rec), Pictures: []face.Picture{pic}})
	case "objectives":
		pic, err := env.Draw("objectives.png", func() (render.Picture, error) {
			return atrender.DrawObjectives(g.View(atheneum.Spectator), face.PictureOptions(rec))
		})
		if err != nil {
			return err
		}
		return r.Edit(face.Message{Content: objectivesText(l, g), Pictures: []face.Picture{pic}})
	case "scores":
		return r.Edit(face.Message{Content: f.Scores(l, rec)})
	}
	t := in.Table
	if t == nil {
		return face.Refuse(l.T("cmd.unknown", "Command", f.Command()))
	}
	switch name {
	case "hand":
		return f.hand(ctx, env, r, t)
	case "play":
		seat, err := playerSeat(r, rec, "play.not.playing.follow")
		if err != nil {
			return err
		}
		m, err := env.Prompt(ctx, t, seat, l)
		if err != nil {
			return err
		}
		return r.Edit(m)
	}
	return face.Refuse(l.T("cmd.unknown", "Command", f.Command()))
}

// playerSeat is the seat of the person who asked, or a refusal worded by
// the catalogue's id when they have none.
func playerSeat(r face.Reply, rec *store.Game, refusalID string) (int, error) {
	seat := game.SeatOf(rec, face.InteractionUser(r.Interaction()).ID)
	if seat < 0 {
		return -1, face.RefuseID(refusalID)
	}
	return seat, nil
}

// shelf shows one seat's shelves: the asker's, or the player named.
func (f *Face) shelf(env face.Env, r face.Reply, rec *store.Game, opts face.Options) error {
	l := r.Lang()
	seat := game.SeatOf(rec, face.InteractionUser(r.Interaction()).ID) // may be -1: spectators name a player
	if o, ok := opts["player"]; ok {
		u := o.UserValue(nil)
		if u == nil {
			return face.RefuseID("cmd.no.user")
		}
		if seat = game.SeatOf(rec, u.ID); seat < 0 {
			return face.RefuseID("cmd.not.playing", "Who", "<@"+u.ID+">")
		}
	}
	if seat < 0 {
		return face.RefuseID("play.shelf.whom")
	}
	g := athGame(rec)
	pic, err := env.Draw("shelves.png", func() (render.Picture, error) {
		return atrender.DrawShelves(g.View(atheneum.Spectator), seat, atrender.Marks{}, face.PictureOptions(rec))
	})
	if err != nil {
		return err
	}
	// The picture shows the shelves, and its alt text reads them out.
	text := l.T("play.shelf.text", "Name", rec.Seats[seat].Name, "Subject", l.T("subject."+g.Seats[seat].Subject.String()),
		"Points", l.T("points", "Count", g.Seats[seat].Score()))
	return r.Edit(face.Message{Content: text, Pictures: []face.Picture{pic}})
}

// hand shows the hand the seat will choose from next, during shelving.
func (f *Face) hand(ctx context.Context, env face.Env, r face.Reply, t *game.Table) error {
	rec := t.Rec
	l := r.Lang()
	seat, err := playerSeat(r, rec, "play.not.playing")
	if err != nil {
		return err
	}
	g := athGame(rec)
	if g.Step == atheneum.StepPick {
		m, err := env.Prompt(ctx, t, seat, l)
		if err != nil {
			return err
		}
		return r.Edit(m)
	}
	if len(g.Seats[seat].Hand) == 0 {
		return r.Edit(face.Message{Content: l.T("play.hand.none")})
	}
	pic, err := env.Draw("hand.png", func() (render.Picture, error) {
		return atrender.DrawHand(g.View(seat), seat, face.PictureOptions(rec))
	})
	if err != nil {
		return err
	}
	return r.Edit(face.Message{Content: l.T("play.hand.next"), Pictures: []face.Picture{pic}})
}

// place shelves a held book typed as options: the move it decides.
func (f *Face) place(t *game.Table, r face.Reply, opts face.Options) (face.Decision, error) {
	rec := t.Rec
	seat, err := playerSeat(r, rec, "play.not.playing")
	if err != nil {
		return face.Decision{}, err
	}
	g := athGame(rec)
	if g.Step != atheneum.StepResolve {
		return face.Decision{}, face.RefuseID("play.place.not.now")
	}
	var item int
	if _, err := fmt.Sscan(strings.TrimPrefix(opts.Str("item"), "#"), &item); err != nil {
		return face.Decision{}, face.RefuseID("play.place.item")
	}
	at, err := atheneum.ParsePos(opts.Str("space"))
	if err != nil {
		return face.Decision{}, face.RefuseID("play.place.space", "Space", face.Echo(opts.Str("space")))
	}
	a := atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: item, At: at, Flip: opts.Bool("flip")}
	if it, ok := heldItem(g, seat, item); ok && it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
		c, ok := atheneum.ParseColor(opts.Str("color"))
		if !ok {
			return face.Decision{}, face.RefuseID("play.place.color")
		}
		a.Color = c
	}
	return decided(a), nil
}

// decided is the decision to play a: the move, with the action kept for
// Moved.
func decided(a atheneum.Action) face.Decision {
	return face.Decision{Move: engine.Move(a.String()), Note: a}
}

// Autocomplete suggests held items and their legal spaces for place.
func (f *Face) Autocomplete(_ context.Context, r face.Reply, name string, opts face.Options, focused string, snap *game.Snapshot) []*discordgo.ApplicationCommandOptionChoice {
	if name != "place" || snap == nil || snap.Rec.Status != store.StatusPlaying {
		return nil
	}
	l := r.Lang()
	rec := snap.Rec
	g := athGame(rec)
	seat, err := playerSeat(r, rec, "play.not.playing")
	if err != nil || g.Step != atheneum.StepResolve {
		return nil
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	var item int
	fmt.Sscan(strings.TrimPrefix(opts.Str("item"), "#"), &item)
	color, _ := atheneum.ParseColor(opts.Str("color"))
	seen := map[string]bool{}
	for _, a := range g.LegalActions(seat) {
		if a.Type != atheneum.ActShelve {
			continue
		}
		switch focused {
		case "item":
			it, _ := heldItem(g, seat, a.Item)
			key := fmt.Sprint(a.Item)
			if !seen[key] {
				seen[key] = true
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(itemLabel(l, g, it), face.MaxLabel), Value: "#" + key})
			}
		case "space":
			if a.Item != item || (a.Color != atheneum.NoColor && color != atheneum.NoColor && a.Color != color) || a.Flip != opts.Bool("flip") {
				continue
			}
			key := a.At.String()
			if !seen[key] && strings.HasPrefix(strings.ToUpper(key), strings.ToUpper(opts.Str("space"))) {
				seen[key] = true
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(key+" — "+spaceWords(l, a.At), face.MaxLabel), Value: key})
			}
		}
	}
	return choices
}

// Prompt is the seat's hand and pick menu, or its workbench, with the
// step's hint for a seat shown hints: a prompt is the first version of
// its message, and the edits that follow the seat's presses and moves do
// not repeat the hint (one player's workbench once went through 101
// versions, each with the same paragraph).
func (f *Face) Prompt(ctx context.Context, env face.Env, t *game.Table, seat int, l i18n.Lang) (face.Message, error) {
	return f.promptWith(ctx, env, t, seat, noSelection(), l, nil, prompted{hint: true, handPicture: true})
}

// prompted is what a version of the prompt shows besides its step's
// words.
type prompted struct {
	// hint: the step's hint, if the seat is shown hints (only in the
	// message's first version).
	hint bool
	// handPicture: the hand's picture (after a pick the hand shown stays
	// as it is, and drawing it again for nothing would cost every pick a
	// picture).
	handPicture bool
}

// promptWith builds a seat's private message for the current step: the
// hand and pick menu, or the workbench, with the step's deadline. last,
// when known, is the seat's move just made, outlined on its shelves.
func (f *Face) promptWith(ctx context.Context, env face.Env, t *game.Table, seat int, sel selection, l i18n.Lang, last *atheneum.Action, with prompted) (face.Message, error) {
	rec := t.Rec
	g := athGame(rec)
	hint := with.hint && env.Hints(ctx, rec, seat)
	withDeadline := func(text string) string {
		if hint {
			// What to do and why, for a first game: the hint names the
			// notation the menus and pictures use.
			key := "atheneum.hint.resolve"
			if g.Step == atheneum.StepPick {
				key = "atheneum.hint.pick"
			}
			text += "\n" + l.T(key, "Command", f.Command())
		}
		if line := env.DeadlineLine(ctx, t, l); line != "" {
			return text + "\n" + line
		}
		return text
	}
	switch {
	case g.Step == atheneum.StepPick:
		m := face.Message{Content: withDeadline(pickText(l, rec, seat)), Components: handComponents(l, rec.ID, g, seat)}
		if !with.handPicture {
			return m, nil
		}
		pic, err := face.DrawKeyed(env, "hand.png", handKey(g, seat), func() (render.Picture, error) {
			return atrender.DrawHand(g.View(seat), seat, face.PictureOptions(rec))
		})
		if err != nil {
			return face.Message{}, err
		}
		m.Pictures = []face.Picture{pic}
		return m, nil
	case g.Step == atheneum.StepResolve && g.Seats[seat].Status != atheneum.StatusDone:
		// With nothing chosen, the workbench shows the spaces of the book
		// the computer player would shelve next: the picture lights them.
		sel = effective(g, seat, sel)
		pic, err := workbenchPicture(env, rec, seat, sel, last)
		if err != nil {
			return face.Message{}, err
		}
		return face.Message{Content: withDeadline(workbenchText(l, rec, seat, sel)), Components: workbench(l, rec.ID, g, seat, sel), Pictures: []face.Picture{pic}}, nil
	case g.Step == atheneum.StepResolve:
		return face.Message{Content: l.T("play.finished.turn", "Turn", g.TurnNumber())}, nil
	}
	return face.Message{Content: l.T("play.over")}, nil
}

// workbenchPicture draws a seat's shelves for its workbench: where the
// chosen item may go, and the move just made. Every click may redraw
// them with small changes, so they are drawn by DrawWorkbench, which
// draws and compresses only the bands of the picture it has not written
// before.
func workbenchPicture(env face.Env, rec *store.Game, seat int, sel selection, last *atheneum.Action) (face.Picture, error) {
	var m atrender.Marks
	if sel.Mode == "item" {
		m.Item = sel.Item
	}
	if last != nil && last.Type != atheneum.ActUndo && last.Type != atheneum.ActDone && last.Type != atheneum.ActPick {
		m.Last = last
	}
	g := athGame(rec)
	return env.Draw("shelves.png", func() (render.Picture, error) {
		return atrender.DrawWorkbench(g.View(seat), seat, m, face.PictureOptions(rec))
	})
}

// pickText is the pick step's prompt: which card section goes to whom,
// and the seat's pick so far.
func pickText(l i18n.Lang, rec *store.Game, seat int) string {
	g := athGame(rec)
	lines := []string{l.T("play.pick.title", "Turn", g.TurnNumber(), "Channel", "<#"+rec.ChannelID+">")}
	self, toLeft, toRight := l.T("section.self"), l.T("section.to_left"), l.T("section.to_right")
	left, right := g.LeftOf(seat), g.RightOf(seat)
	if left == right {
		lines = append(lines, l.T("play.pick.sections.two", "Self", self, "ToLeft", toLeft, "ToRight", toRight, "Opponent", rec.Seats[left].Name))
	} else {
		lines = append(lines, l.T("play.pick.sections", "Self", self, "ToLeft", toLeft, "ToRight", toRight,
			"Left", rec.Seats[left].Name, "Right", rec.Seats[right].Name))
	}
	// With the cards as buttons, the words the menu gave each card are
	// written here.
	buttons := !hasMenu(handComponents(l, rec.ID, g, seat))
	if buttons {
		for _, c := range g.Seats[seat].Hand {
			card := &g.Content.Cards[c]
			lines = append(lines, l.T("play.pick.card.line", "Card", card.Code, "Line", cardLine(l, card)))
		}
	}
	switch p := g.Seats[seat].Pick; {
	case p >= 0:
		lines = append(lines, l.T("play.pick.chosen", "Card", g.CardCode(p)))
	case buttons:
		lines = append(lines, l.T("play.pick.choose.button"))
	default:
		lines = append(lines, l.T("play.pick.choose"))
	}
	return strings.Join(lines, "\n")
}

// hasMenu reports whether components hold a select menu.
func hasMenu(components []discordgo.MessageComponent) bool {
	for _, row := range components {
		if r, ok := row.(discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if _, ok := c.(discordgo.SelectMenu); ok {
					return true
				}
			}
		}
	}
	return false
}

// workbenchText is the resolve step's prompt: what the seat received, what
// it still holds, what it is placing (sel) and where the computer player
// would put it, and how to play.
func workbenchText(l i18n.Lang, rec *store.Game, seat int, sel selection) string {
	g := athGame(rec)
	s := &g.Seats[seat]
	lines := []string{
		l.T("play.bench.title", "Turn", g.TurnNumber(), "Channel", "<#"+rec.ChannelID+">"),
		l.T("play.bench.received", "What", received(l, g, seat, face.NameFunc(rec), "play.received.yours")),
	}
	if len(s.Held) > 0 {
		items := make([]string, len(s.Held))
		for i, it := range s.Held {
			items[i] = itemLabel(l, g, it)
		}
		lines = append(lines, l.T("play.bench.hold", "Items", strings.Join(items, " · ")))
	} else {
		lines = append(lines, l.T("play.bench.hold.none"))
	}
	lines = append(lines, l.T("play.bench.stats", "Reshelves", s.Reshelves, "Wands", s.Wands, "Score", s.Score()))
	var scorable []string
	for _, a := range g.LegalActions(seat) {
		if a.Type == atheneum.ActScore {
			scorable = append(scorable, objectiveNamed(l, g, a.Objective))
		}
	}
	if len(scorable) > 0 {
		lines = append(lines, l.T("play.bench.can.score", "Objectives", strings.Join(scorable, l.T("play.received.sep"))))
	}
	if s.Status == atheneum.StatusScoring {
		lines = append(lines, l.T("play.bench.scoring"))
	}
	if line := placingLine(l, g, seat, sel); line != "" {
		lines = append(lines, line)
	}
	lines = append(lines, l.T("play.bench.help"))
	return strings.Join(lines, "\n")
}

// placingLine says which book or pair the workbench is placing and where
// the computer player would put it ("" when it places none).
func placingLine(l i18n.Lang, g *atheneum.Game, seat int, sel selection) string {
	it, ok := heldItem(g, seat, sel.Item)
	if sel.Mode != "item" || !ok || (it.Kind != atheneum.ItemBook && it.Kind != atheneum.ItemPair) {
		return ""
	}
	what := itemLabel(l, g, it)
	switch {
	case it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor && sel.Color != atheneum.NoColor:
		what = l.T("play.item.color.option", "Item", what, "Color", colorWord(l, sel.Color))
	case it.Kind == atheneum.ItemPair && it.Color != it.Color2 && sel.Flip >= 0:
		left := it.Color
		if sel.Flip == 1 {
			left = it.Color2
		}
		what = l.T("play.item.flip.option", "Item", what, "Left", colorWord(l, left))
	}
	if p, ok := suggestedSpace(g, seat, sel); ok {
		return l.T("play.bench.placing.suggested", "Item", what, "Space", p.String())
	}
	return l.T("play.bench.placing", "Item", what)
}

// Press reads a press on the pick step's or the workbench's buttons and
// menus: a button standing for a menu's option is read as that choice
// (see menuForm), the menus of the step, move and selection its custom
// id names are built again, and anything not among them is refused.
func (f *Face) Press(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, id face.ID, values []string) (face.Decision, error) {
	rec := t.Rec
	g := athGame(rec)
	l := r.Lang()
	if id.Moves != g.Seats[seat].Moves {
		return face.Decision{}, face.RefuseID("play.refuse.outdated")
	}
	id, values, err := checkPress(rec, seat, id, values)
	if err != nil {
		return face.Decision{}, err
	}
	act, sel, err := componentInput(g, seat, id, values)
	if err != nil {
		return face.Decision{}, err
	}
	if act != nil {
		return decided(*act), nil
	}
	sel = effective(g, seat, sel)
	content := workbenchText(l, rec, seat, sel)
	if sel.Mode == "done" {
		content = confirmText(l, g, seat)
	}
	if line := env.DeadlineLine(ctx, t, l); line != "" {
		content += "\n" + line
	}
	m := face.Message{Content: content, Components: workbench(l, rec.ID, g, seat, sel)}
	if sel.Mode == "done" {
		// The confirmation keeps the picture.
		return face.Decision{Show: &m}, nil
	}
	// The shelves with the spaces of the item chosen lit (or none), unless
	// the message shows them already (the same item chosen again, in
	// another colour or the other way round, or one like it).
	pic, err := workbenchPicture(env, rec, seat, sel, nil)
	if err != nil {
		return face.Decision{}, err
	}
	key := shownKey(rec.ID, seat, r.Interaction())
	if f.shown.shows(key, pic) {
		return face.Decision{Show: &m}, nil
	}
	m.Pictures = []face.Picture{pic}
	return face.Decision{Show: &m, Shown: func() { f.shown.set(key, pic) }}, nil
}

// Moved shows a seat what follows its action: its prompt again (its last
// move outlined on its shelves), or that its pick or its turn is done.
func (f *Face) Moved(ctx context.Context, env face.Env, r face.Reply, t *game.Table, seat int, d face.Decision, res game.Result) face.Message {
	a, _ := d.Note.(atheneum.Action)
	l := r.Lang()
	changed := res.StepEnded
	g := athGame(t.Rec)
	var m face.Message
	var err error
	switch {
	case a.Type == atheneum.ActPick && !changed:
		m, err = f.promptWith(ctx, env, t, seat, noSelection(), l, nil, prompted{}) // the hand shown stays as it is
	case a.Type == atheneum.ActPick:
		// After the last pick the hand shown was passed on: leave no
		// stale picture behind.
		m = face.Message{Content: l.T("play.picked.revealed", "Card", a.Card), DropPictures: true}
	case a.Type == atheneum.ActDone && changed && g.Step == atheneum.StepOver:
		m = face.Message{Content: l.T("play.done.last")}
	case a.Type == atheneum.ActDone && changed:
		m = face.Message{Content: l.T("play.done.turn", "Turn", g.TurnNumber()-1)}
	default:
		m, err = f.promptWith(ctx, env, t, seat, noSelection(), l, &a, prompted{handPicture: true})
	}
	if err != nil {
		// The move is played; only its picture failed (the adapter logged
		// why): /atheneum play shows the prompt again.
		m = face.Message{Content: l.T("play.internal")}
	}
	// Whether the edit reaches the message is not known here, so its
	// picture is forgotten.
	f.shown.forget(shownKey(t.Rec.ID, seat, r.Interaction()))
	return m
}

// StepEnded is the reveal after the pick step, or the end of a turn (and
// the final results after the last).
func (f *Face) StepEnded(env face.Env, rec *store.Game, n game.Notice) face.Message {
	var events []atheneum.Event
	for _, e := range n.Events {
		if ev, ok := atheneum.EventOf(e); ok {
			events = append(events, ev)
		}
	}
	// The cards are revealed when a pick step ends ("t3p"); a turn ends
	// with its shelving step, or the game.
	if strings.HasSuffix(n.Step, "p") && !rec.State.Over() {
		return f.reveal(env, rec, events)
	}
	return f.turnOver(env, rec, events)
}

// reveal is the post of a finished pick step: what each seat receives,
// and what the reveal itself caused (a wand that found no place, the token
// bag refilled).
func (f *Face) reveal(env face.Env, rec *store.Game, events []atheneum.Event) face.Message {
	g := athGame(rec)
	l := face.GameLang(rec)
	lines := []string{l.T("play.reveal.title", "Turn", g.TurnNumber())}
	for i := range g.Seats {
		lines = append(lines, l.T("play.reveal.line", "Name", rec.Seats[i].Name, "Card", g.CardCode(g.Seats[i].Played), "What", received(l, g, i, face.NameFunc(rec), "play.received.own")))
	}
	for _, e := range events {
		if e.Type == atheneum.EvWandLost || e.Type == atheneum.EvBagRefilled {
			lines = append(lines, describeEvent(l, g, e, face.NameFunc(rec)))
		}
	}
	lines = append(lines, l.T("play.reveal.help"))
	m := face.Message{Content: strings.Join(lines, "\n")}
	if pic, err := env.Draw("reveal.png", func() (render.Picture, error) {
		return atrender.DrawReveal(g.View(atheneum.Spectator), face.PictureOptions(rec))
	}); err == nil {
		m.Pictures = append(m.Pictures, pic)
	}
	return m
}

// turnOver is the post of a finished turn: what happened, the table, the
// objective row and the scores; after the last turn, the final results
// instead of the row.
func (f *Face) turnOver(env face.Env, rec *store.Game, events []atheneum.Event) face.Message {
	g := athGame(rec)
	over := g.Step == atheneum.StepOver
	m := face.Message{Content: f.turnOverText(face.GameLang(rec), rec, events)}
	view := g.View(atheneum.Spectator)
	type drawing struct {
		name string
		draw func(*atheneum.Game, render.Options) (render.Picture, error)
	}
	drawings := []drawing{{"table.png", atrender.DrawTable}, {"objectives.png", atrender.DrawObjectives}}
	if over {
		drawings = []drawing{{"results.png", atrender.DrawResults}, {"table.png", atrender.DrawTable}}
	}
	for _, d := range drawings {
		if pic, err := env.Draw(d.name, func() (render.Picture, error) { return d.draw(view, face.PictureOptions(rec)) }); err == nil {
			m.Pictures = append(m.Pictures, pic)
		}
	}
	return m
}

// turnOverText is the words of the post of a finished turn: what the
// turn did that the channel cares about, each objective described once,
// and the scores; or the game's results after the last turn.
func (f *Face) turnOverText(l i18n.Lang, rec *store.Game, events []atheneum.Event) string {
	g := athGame(rec)
	over := g.Step == atheneum.StepOver
	var sb strings.Builder
	if over {
		var w []string
		for _, s := range g.Winners() {
			w = append(w, face.Mention(rec, s))
		}
		sb.WriteString(l.T("play.game.over", "Winners", face.JoinAnd(l, w), "Count", len(w)) + "\n")
		for _, line := range tieLines(l, g, face.NameFunc(rec)) {
			sb.WriteString(line + "\n")
		}
	} else {
		sb.WriteString(l.T("play.turn.over", "Turn", g.TurnNumber()-1) + "\n")
	}
	for _, line := range turnEventLines(l, g, events, face.NameFunc(rec), over) {
		sb.WriteString(line + "\n")
	}
	sb.WriteString(f.Scores(l, rec))
	return sb.String()
}

// turnEventLines word the events of a finished turn for the channel,
// each objective described once: the seats that scored one objective
// share its line, and an objective that leaves the row after it was
// scored is named by its code alone (at five seats the post once
// described one objective five times). over: the game ended with the
// turn, and the objective row no longer matters.
func turnEventLines(l i18n.Lang, g *atheneum.Game, events []atheneum.Event, name func(int) string, over bool) []string {
	var lines []string
	described := map[string]bool{}
	spiders := map[int]bool{} // seats whose captures are told
	for i, e := range events {
		switch e.Type {
		case atheneum.EvSpiderCaptured:
			// A seat's captures share a line.
			if spiders[e.Seat] {
				continue
			}
			spiders[e.Seat] = true
			var comps []string
			for _, o := range events[i:] {
				if o.Type == atheneum.EvSpiderCaptured && o.Seat == e.Seat {
					comps = append(comps, compWords(l, o.Comp))
				}
			}
			if len(comps) == 1 {
				lines = append(lines, describeEvent(l, g, e, name))
				continue
			}
			lines = append(lines, l.T("play.event.spiders_captured", "Name", name(e.Seat), "Compartments", face.JoinAnd(l, comps)))
		case atheneum.EvSideShelfPlaced, atheneum.EvWandLost, atheneum.EvBagRefilled:
			lines = append(lines, describeEvent(l, g, e, name))
		case atheneum.EvObjectiveScored:
			if described[e.Objective] {
				continue // told with the first seat that scored it
			}
			described[e.Objective] = true
			var scorers []atheneum.Event
			for _, o := range events[i:] {
				if o.Type == atheneum.EvObjectiveScored && o.Objective == e.Objective {
					scorers = append(scorers, o)
				}
			}
			// Once the game is over, what an objective asked no longer
			// matters: its code says which it was, and the final post
			// stays within one message at five seats.
			final := ""
			if over {
				final = ".final"
			}
			if len(scorers) == 1 && !over {
				lines = append(lines, describeEvent(l, g, e, name))
				continue
			}
			if len(scorers) == 1 {
				key := "play.event.objective_scored"
				if e.Wand {
					key += ".wand"
				}
				lines = append(lines, l.T(key+final, "Name", name(e.Seat), "Code", e.Objective, "Points", l.T("points", "Count", e.Points)))
				continue
			}
			// The points are said once when every seat scored the same.
			same := true
			names := make([]string, len(scorers))
			who := make([]string, len(scorers))
			for k, o := range scorers {
				key := "play.event.objective_scorer"
				if o.Wand {
					key += ".wand"
				}
				names[k] = l.T("play.event.objective_scorer.name", "Name", name(o.Seat))
				who[k] = l.T(key, "Name", name(o.Seat), "Points", l.T("points", "Count", o.Points))
				same = same && o.Points == e.Points && o.Wand == e.Wand
			}
			asks := objectiveAsksByCode(l, g, e.Objective)
			switch {
			case same && e.Wand:
				lines = append(lines, l.T("play.event.objective_scored.several.same.wand"+final, "Code", e.Objective, "Asks", asks, "Names", face.JoinAnd(l, names), "Points", l.T("points", "Count", e.Points)))
			case same:
				lines = append(lines, l.T("play.event.objective_scored.several.same"+final, "Code", e.Objective, "Asks", asks, "Names", face.JoinAnd(l, names), "Points", l.T("points", "Count", e.Points)))
			default:
				lines = append(lines, l.T("play.event.objective_scored.several"+final, "Code", e.Objective, "Asks", asks, "Scorers", face.JoinAnd(l, who)))
			}
		case atheneum.EvObjectiveLeft, atheneum.EvObjectiveDrawn:
			switch {
			case over:
				// the row no longer matters
			case described[e.Objective]:
				lines = append(lines, l.T("play.event."+string(e.Type), "Objective", e.Objective))
			default:
				described[e.Objective] = true
				lines = append(lines, describeEvent(l, g, e, name))
			}
		}
	}
	return lines
}

// tieLines say how each tie on points of a finished game was broken, best
// tie first: by books shelved, then by books of the favourite subject,
// else the seats share their rank.
func tieLines(l i18n.Lang, g *atheneum.Game, name func(int) string) []string {
	res := slices.Clone(g.Results)
	slices.SortStableFunc(res, func(a, b atheneum.Result) int { return cmp.Or(a.Rank-b.Rank, a.Seat-b.Seat) })
	var lines []string
	for i := 0; i < len(res); {
		j := i + 1
		for j < len(res) && res[j].Total == res[i].Total {
			j++
		}
		group := res[i:j]
		i = j
		if len(group) < 2 {
			continue
		}
		var names, books, favs []string
		booksDiffer, allSame := true, true
		for k, r := range group {
			names = append(names, name(r.Seat))
			books = append(books, strconv.Itoa(r.Books))
			favs = append(favs, strconv.Itoa(r.FavoriteBooks))
			for _, o := range group[:k] {
				booksDiffer = booksDiffer && o.Books != r.Books
			}
			allSame = allSame && r.Books == group[0].Books && r.FavoriteBooks == group[0].FavoriteBooks
		}
		// Books decide when they all differ; else the favourite subject's
		// books decide what they can, and seats equal on both share a
		// rank (the ranks listed below show which).
		key := "play.tie.favourite"
		switch {
		case booksDiffer:
			key = "play.tie.books"
		case allSame:
			key = "play.tie.shared"
		}
		lines = append(lines, l.T(key, "Total", group[0].Total, "Names", face.JoinAnd(l, names),
			"Books", face.JoinAnd(l, books), "Favourite", face.JoinAnd(l, favs)))
	}
	return lines
}

// Position is "turn 3 of 10, choosing cards".
func (f *Face) Position(l i18n.Lang, rec *store.Game) string {
	g := athGame(rec)
	if g == nil || g.Step == atheneum.StepOver {
		return ""
	}
	step := l.T("status.step.pick")
	if g.Step == atheneum.StepResolve {
		step = l.T("status.step.resolve")
	}
	return l.T("atheneum.position", "Turn", g.TurnNumber(), "Of", 2*atheneum.TurnsPerPhase, "Step", step)
}

// Scores lists the scores, best first, and the final breakdown at the end.
func (f *Face) Scores(l i18n.Lang, rec *store.Game) string {
	g := athGame(rec)
	if g.Step == atheneum.StepOver {
		return face.ResultLines(l, rec, rec.State.Results())
	}
	var lines []string
	if played := g.TurnNumber() - 1; played > 0 {
		lines = append(lines, l.T("play.scores.title", "Turns", l.T("count.turns", "Count", played)))
	} else {
		lines = append(lines, l.T("play.scores.title.first"))
	}
	order := make([]int, len(g.Seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return g.Seats[b].Score() - g.Seats[a].Score() })
	for _, i := range order {
		lines = append(lines, l.T("play.scores.line", "Name", rec.Seats[i].Name, "Score", g.Seats[i].Score(), "Final", g.Breakdown(i).Total))
	}
	return strings.Join(lines, "\n") + "\n"
}

// objectivesText lists the objective row, each objective with what it asks.
func objectivesText(l i18n.Lang, g *atheneum.Game) string {
	lines := []string{l.T("play.objectives.title")}
	for k, slot := range g.Row {
		if slot.Objective < 0 {
			continue
		}
		key := "play.objectives.line"
		if k == atheneum.RowSize-1 {
			key = "play.objectives.leaving"
		}
		lines = append(lines, l.T(key, "N", k+1, "Objective", objectiveWords(l, &g.Content.Objectives[slot.Objective])))
	}
	return strings.Join(lines, "\n") + "\n"
}

// StartText opens the game: each seat with its favourite subject and its
// neighbours.
func (f *Face) StartText(l i18n.Lang, rec *store.Game) string {
	var sb strings.Builder
	sb.WriteString(l.T("start.title") + "\n")
	for i, s := range rec.Seats {
		who := "<@" + s.UserID + ">"
		if s.UserID == "" {
			who = l.T("lobby.seat.ai", "Name", s.Name)
		}
		sb.WriteString(l.T("start.seat", "N", i+1, "Who", who, "Color", colorLabel(l, seatSubject(s)), "Subject", subjectName(l, seatSubject(s)), "Neighbours", neighbours(l, rec, i)) + "\n")
	}
	sb.WriteString(l.T("start.help"))
	return sb.String()
}

// neighbours says who sits on a seat's left and right (one opponent, on
// both sides, in a two-player game).
func neighbours(l i18n.Lang, rec *store.Game, seat int) string {
	g := athGame(rec)
	left, right := g.LeftOf(seat), g.RightOf(seat)
	if left == right {
		return l.T("start.opponent", "Name", rec.Seats[left].Name)
	}
	return l.T("start.neighbours", "Left", rec.Seats[left].Name, "Right", rec.Seats[right].Name)
}

// OptionWords names a favourite subject: "Teal (Biographies & Memoirs)".
func (f *Face) OptionWords(l i18n.Lang, option, value string) string {
	if option != atheneum.SeatOptionSubject {
		return value
	}
	c, ok := atheneum.ParseColor(value)
	if !ok || !c.IsBook() {
		return "?"
	}
	return l.T("lobby.subject.words", "Color", colorLabel(l, c), "Subject", subjectName(l, c))
}

// colorLabel names a colour, capitalised, in l.
func colorLabel(l i18n.Lang, c atheneum.Color) string {
	if !c.IsBook() {
		return "?"
	}
	return l.T("color." + c.String() + ".label")
}

// subjectName names a colour's subject in l.
func subjectName(l i18n.Lang, c atheneum.Color) string {
	if !c.IsBook() {
		return "?"
	}
	return l.T("subject." + c.String())
}

// Refusal words a refusal of Atheneum's rules by the catalogue's
// "engine.<code>".
func (f *Face) Refusal(l i18n.Lang, r *engine.Refusal) (string, bool) {
	id := "engine." + r.Code
	if !l.Has(id) {
		return "", false
	}
	kv := make([]any, 0, 2*len(r.Args))
	for name, v := range r.Args {
		kv = append(kv, name, engineArgWords(l, v))
	}
	return l.T(id, kv...), true
}

// Replay draws a finished game: its scores turn by turn and its final
// shelves.
func (f *Face) Replay(ctx context.Context, env face.Env, r face.Reply, rec *store.Game) error {
	l := r.Lang()
	turns, final, err := scoreHistory(ctx, env.Service(), rec.ID)
	if err != nil {
		return err
	}
	pic, err := env.Draw("replay.png", func() (render.Picture, error) {
		return atrender.DrawReplay(turns, athGame(final), face.PictureOptions(final))
	})
	if err != nil {
		return err
	}
	pics := []face.Picture{pic}
	// The final shelves come on pictures of their own, so that each stays
	// short enough to read on a phone.
	shelves, err := atrender.DrawFinalShelves(athGame(final).View(atheneum.Spectator), face.PictureOptions(final))
	if err != nil {
		return err
	}
	for k, p := range shelves {
		shelf, err := env.Draw(fmt.Sprintf("final-shelves-%d.png", k+1), func() (render.Picture, error) { return p, nil })
		if err != nil {
			return err
		}
		pics = append(pics, shelf)
	}
	var winners []string
	for _, s := range athGame(final).Winners() {
		winners = append(winners, final.Seats[s].Name)
	}
	return r.Edit(face.Message{Content: l.T("replay.text", "ID", rec.ID, "Date", fmt.Sprintf("<t:%d:d>", rec.EndedAt.Unix()), "Winners", face.JoinAnd(l, winners)),
		Pictures: pics})
}

// scoreHistory replays a finished Atheneum game: turns[k][seat] is the
// seat's score at the end of turn k+1, and a last row its final total.
func scoreHistory(ctx context.Context, svc *game.Service, id string) (turns [][]int, final *store.Game, err error) {
	scores := func(g *atheneum.Game) []int {
		row := make([]int, len(g.Seats))
		for i := range g.Seats {
			row[i] = g.Seats[i].Score()
		}
		return row
	}
	final, err = svc.Replay(ctx, id, func(st game.Step) error {
		before, after := st.Before.(*atheneum.State).Game, st.After.(*atheneum.State).Game
		if after.Step == atheneum.StepOver || after.TurnNumber() != before.TurnNumber() {
			turns = append(turns, scores(after))
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if g := athGame(final); g.Step == atheneum.StepOver {
		row := make([]int, len(g.Seats))
		for _, r := range g.Results {
			row[r.Seat] = r.Total
		}
		turns = append(turns, row)
	}
	return turns, final, nil
}

// Log tells, turn by turn, the cards played and what each seat received,
// the objectives scored, the spiders captured, the side shelves placed and
// the wands lost, and which seats the autopilot played.
func (f *Face) Log(l i18n.Lang, rec *store.Game, steps []game.Step, turns int) string {
	type turnLog struct {
		n     int
		lines []string
		auto  map[int]bool
	}
	var log []*turnLog
	names := face.NameFunc(rec)
	for _, st := range steps {
		before, after := st.Before.(*atheneum.State).Game, st.After.(*atheneum.State).Game
		n := before.TurnNumber()
		if len(log) == 0 || log[len(log)-1].n != n {
			log = append(log, &turnLog{n: n, auto: map[int]bool{}})
		}
		tl := log[len(log)-1]
		if seat, ok := engine.MoveSeat(st.Move); ok && st.By == "autopilot" {
			tl.auto[seat] = true
		}
		if before.Step == atheneum.StepPick && after.Step == atheneum.StepResolve {
			for i := range after.Seats {
				tl.lines = append(tl.lines, l.T("play.reveal.line", "Name", rec.Seats[i].Name, "Card", after.CardCode(after.Seats[i].Played),
					"What", received(l, after, i, names, "play.received.own")))
			}
		}
		for _, e := range st.Events {
			ev, ok := atheneum.EventOf(e)
			if !ok {
				continue
			}
			switch ev.Type {
			case atheneum.EvObjectiveScored, atheneum.EvSpiderCaptured, atheneum.EvSideShelfPlaced, atheneum.EvWandLost, atheneum.EvObjectiveLeft:
				tl.lines = append(tl.lines, describeEvent(l, after, ev, names))
			}
		}
	}
	if turns < 1 {
		turns = 1
	}
	if len(log) > turns {
		log = log[len(log)-turns:]
	}
	if len(log) == 0 {
		return l.T("log.none")
	}
	var sb strings.Builder
	for _, tl := range log {
		sb.WriteString(l.T("log.turn", "Turn", tl.n) + "\n")
		for _, line := range tl.lines {
			sb.WriteString("· " + line + "\n")
		}
		var auto []string
		for seat := range rec.Seats {
			if tl.auto[seat] {
				auto = append(auto, rec.Seats[seat].Name)
			}
		}
		if len(auto) > 0 {
			sb.WriteString("· " + l.T("log.autopilot", "Names", face.JoinAnd(l, auto), "Count", len(auto)) + "\n")
		}
	}
	return sb.String()
}
