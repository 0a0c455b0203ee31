package bot

import (
	"atheneum/bot/face"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/game"
	"atheneum/engine"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/render"
	atrender "atheneum/render/atheneum"
	"atheneum/store"
)

// beginStep marks the people's prompts of the step that ended as over (a
// hand someone picked from early still shows its menu), then sends every
// awaited person who wants direct messages their new prompt; the others
// were mentioned in the step's post.
func (b *Bot) beginStep(ctx context.Context, t *game.Table) {
	rec := t.Rec
	for seat := range rec.Seats {
		if game.IsPerson(rec, seat) {
			b.retirePrompt(ctx, rec, seat)
		}
	}
	for _, seat := range awaitedPeople(rec) {
		if b.wantsDM(ctx, rec.Seats[seat]) {
			b.sendPrompt(ctx, t, seat)
		}
	}
}

// Present shows what the game service did (it implements game.Presenter).
func (b *Bot) Present(ctx context.Context, t *game.Table, n game.Notice) {
	rec := t.Rec
	switch n.Kind {
	case game.NoticeStepBegan:
		b.beginStep(ctx, t)
	case game.NoticeWaiting:
		// Nothing to post: the step's post already says whom the game
		// waits for, and /atheneum status is always current.
	case game.NoticeStepEnded:
		var events []atheneum.Event
		for _, e := range n.Events {
			if ev, ok := atheneum.EventOf(e); ok {
				events = append(events, ev)
			}
		}
		// The cards are revealed when a pick step ends ("t3p"); a turn
		// ends with its shelving step, or the game.
		if strings.HasSuffix(n.Step, "p") && !rec.State.Over() {
			b.postReveal(ctx, t, events)
		} else {
			b.postTurn(ctx, t, events)
		}
	case game.NoticeReminder:
		b.remind(ctx, t, n)
	case game.NoticeAutopilot:
		l := face.GameLang(rec)
		var notes []string
		for _, s := range n.Seats {
			notes = append(notes, l.T("flow.autopilot.on", "Name", rec.Seats[s].Name))
			b.retirePrompt(ctx, rec, s)
		}
		b.post(ctx, rec, &discordgo.MessageSend{Content: strings.Join(notes, "\n")})
	case game.NoticeHost:
		b.postHost(ctx, t, n.Host)
	case game.NoticeLobbyExpired:
		b.lobbyExpired(ctx, t)
	}
}

// sendPrompt sends a seat its private prompt for the current step by
// direct message (see sendDM for closed direct messages).
func (b *Bot) sendPrompt(ctx context.Context, t *game.Table, seat int) {
	rec := t.Rec
	s := rec.Seats[seat]
	if s.UserID == "" || s.DMClosed {
		return
	}
	content, comps, pics, err := b.prompt(ctx, t, seat, noSelection(), b.memberLang(ctx, s.UserID, rec), nil)
	if err != nil {
		b.log.Error("could not build a prompt", "game", rec.ID, "seat", seat, "err", err)
		return
	}
	msg, err := b.sendDM(ctx, rec, seat, &discordgo.MessageSend{Content: content, Components: comps}, pics...)
	if err != nil {
		return
	}
	if e := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgPrompt, Seat: seat, ChannelID: msg.ChannelID, MessageID: msg.ID}); e != nil {
		b.log.Warn("could not record a prompt", "game", rec.ID, "err", e)
	}
}

// deadlineLine tells a player until when the step waits for them.
func (b *Bot) deadlineLine(ctx context.Context, t *game.Table, l i18n.Lang) string {
	if t.Rec.Options.Paused {
		return l.T("flow.prompt.paused")
	}
	due := b.svc.Deadline(ctx, t)
	if due.IsZero() {
		return ""
	}
	return l.T("flow.prompt.deadline", "Deadline", face.Stamp(due))
}

// prompt builds a seat's private message for the current step: the hand
// and pick menu, or the workbench, with the step's deadline.
//
// last, when known, is the seat's move just made, outlined on its shelves.
func (b *Bot) prompt(ctx context.Context, t *game.Table, seat int, sel selection, l i18n.Lang, last *atheneum.Action) (string, []discordgo.MessageComponent, []face.Picture, error) {
	rec := t.Rec
	g := athGame(rec)
	if rec.Seats[seat].Autopilot && g.Step != atheneum.StepOver && (game.Automatic(rec, seat) || !slices.Contains(g.Waiting(), seat)) {
		return l.T("play.autopilot.prompt", "Turn", g.TurnNumber(), "Channel", "<#"+rec.ChannelID+">"),
			[]discordgo.MessageComponent{autopilotRow(l, rec.ID, g, seat)}, nil, nil
	}
	withDeadline := func(text string) string {
		if line := b.deadlineLine(ctx, t, l); line != "" {
			return text + "\n" + line
		}
		return text
	}
	switch {
	case g.Step == atheneum.StepPick:
		pic, err := b.drawPicture("hand.png", func() (render.Picture, error) { return atrender.DrawHand(g.View(seat), seat, face.PictureOptions(rec)) })
		if err != nil {
			return "", nil, nil, err
		}
		return withDeadline(pickText(l, rec, seat)), handComponents(l, rec.ID, g, seat), []face.Picture{pic}, nil
	case g.Step == atheneum.StepResolve && g.Seats[seat].Status != atheneum.StatusDone:
		pic, err := b.workbenchPicture(rec, seat, sel, last)
		if err != nil {
			return "", nil, nil, err
		}
		return withDeadline(workbenchText(l, rec, seat)), workbench(l, rec.ID, g, seat, sel), []face.Picture{pic}, nil
	case g.Step == atheneum.StepResolve:
		return l.T("play.finished.turn", "Turn", g.TurnNumber()), nil, nil, nil
	}
	return l.T("play.over"), nil, nil, nil
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
	if p := g.Seats[seat].Pick; p >= 0 {
		lines = append(lines, l.T("play.pick.chosen", "Card", g.CardCode(p)))
	} else {
		lines = append(lines, l.T("play.pick.choose"))
	}
	return strings.Join(lines, "\n")
}

// workbenchText is the resolve step's prompt: what the seat received, what
// it still holds, and how to play.
func workbenchText(l i18n.Lang, rec *store.Game, seat int) string {
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
	lines = append(lines, l.T("play.bench.help"))
	return strings.Join(lines, "\n")
}

// post sends a message to the game's channel.
func (b *Bot) post(ctx context.Context, rec *store.Game, m *discordgo.MessageSend, pics ...face.Picture) *discordgo.Message {
	if m.AllowedMentions == nil {
		m.AllowedMentions = noMentions
	}
	msg, err := b.sendMessage(rec.ChannelID, m, pics)
	if err != nil {
		b.log.Warn("could not post to the channel", "game", rec.ID, "err", err)
		if isMissingPermissions(err) {
			b.tellHostCannotPost(ctx, rec)
		}
		return nil
	}
	return msg
}

// postReveal is the one channel post of a finished pick step.
// Besides what each seat receives, it tells what the reveal itself caused
// (a wand that found no place, the token bag refilled).
func (b *Bot) postReveal(ctx context.Context, t *game.Table, events []atheneum.Event) {
	rec := t.Rec
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
	m := &discordgo.MessageSend{Content: strings.Join(lines, "\n")}
	var pics []face.Picture
	if pic, err := b.drawPicture("reveal.png", func() (render.Picture, error) {
		return atrender.DrawReveal(g.View(atheneum.Spectator), face.PictureOptions(rec))
	}); err == nil {
		pics = append(pics, pic)
	} else {
		b.log.Error("could not draw the reveal", "game", rec.ID, "err", err)
	}
	b.postStep(ctx, t, m, pics...)
}

// postTurn is the one channel post of a finished turn: what happened, the
// table, the objective row and the scores; after the last turn, the final
// results instead of the row.
func (b *Bot) postTurn(ctx context.Context, t *game.Table, events []atheneum.Event) {
	rec := t.Rec
	g := athGame(rec)
	over := g.Step == atheneum.StepOver
	l := face.GameLang(rec)
	var sb strings.Builder
	if over {
		var w []string
		for _, s := range g.Winners() {
			w = append(w, face.Mention(rec, s))
		}
		sb.WriteString(l.T("play.game.over", "Winners", face.JoinAnd(l, w), "Count", len(w)) + "\n")
	} else {
		sb.WriteString(l.T("play.turn.over", "Turn", g.TurnNumber()-1) + "\n")
	}
	for _, e := range events {
		switch e.Type {
		case atheneum.EvSpiderCaptured, atheneum.EvObjectiveScored, atheneum.EvSideShelfPlaced, atheneum.EvObjectiveLeft, atheneum.EvObjectiveDrawn, atheneum.EvWandLost, atheneum.EvBagRefilled:
			if over && (e.Type == atheneum.EvObjectiveLeft || e.Type == atheneum.EvObjectiveDrawn) {
				continue // the row no longer matters
			}
			sb.WriteString(describeEvent(l, g, e, face.NameFunc(rec)) + "\n")
		}
	}
	sb.WriteString(scoresText(l, rec))
	m := &discordgo.MessageSend{Content: sb.String()}
	view := g.View(atheneum.Spectator)
	type drawing struct {
		name string
		draw func(*atheneum.Game, render.Options) (render.Picture, error)
	}
	drawings := []drawing{{"table.png", atrender.DrawTable}, {"objectives.png", atrender.DrawObjectives}}
	if over {
		drawings = []drawing{{"results.png", atrender.DrawResults}, {"table.png", atrender.DrawTable}}
	}
	var pics []face.Picture
	for _, d := range drawings {
		pic, err := b.drawPicture(d.name, func() (render.Picture, error) { return d.draw(view, face.PictureOptions(rec)) })
		if err != nil {
			b.log.Error("could not draw a picture", "game", rec.ID, "picture", d.name, "err", err)
			continue
		}
		pics = append(pics, pic)
	}
	b.postStep(ctx, t, m, pics...)
	if over {
		b.log.Info("game finished", "game", rec.ID)
	}
}

// handleComponent handles buttons and menus.
func (b *Bot) handleComponent(ctx context.Context, r *reply) error {
	data := r.i.MessageComponentData()
	id, err := face.ParseID(data.CustomID)
	if err != nil {
		return face.RefuseID("play.refuse.button")
	}
	r.game = id.Game
	if err := r.deferUpdate(); err != nil {
		return err
	}
	t, err := b.svc.Table(ctx, id.Game)
	if err != nil {
		return err
	}
	defer t.Unlock()
	rec := t.Rec
	lobby := id.Step == "lobby"
	if (!lobby || rec.Status == store.StatusLobby) && !sameGamePlace(r.i, rec, lobby) {
		return face.RefuseID("play.refuse.channel")
	}
	if id.Step == "lobby" {
		// The service checks each lobby value itself and words what is
		// wrong (a full game, a subject taken, a level that does not
		// exist); a menu here never takes more than one value.
		if len(data.Values) > 1 {
			return face.ErrStaleChoice
		}
		return b.lobbyComponent(ctx, r, t, id, data.Values)
	}
	if rec.State == nil || rec.Status == store.StatusAbandoned {
		return &game.Refusal{Code: game.CodeGameEnded}
	}
	user := interactionUser(r.i)
	seat := game.SeatOf(rec, user.ID)
	if seat < 0 {
		return face.RefuseID("play.refuse.spectator")
	}
	if id.Seat != seat {
		return face.RefuseID("play.refuse.not.yours")
	}
	g := athGame(rec)
	if g.Step == atheneum.StepOver {
		return &game.Refusal{Code: game.CodeGameOver}
	}
	if id.Verb == "back" {
		return b.takeBack(ctx, r, t, seat)
	}
	if id.Step != stepOf(g) {
		return face.RefuseID("play.refuse.earlier", "Turn", g.TurnNumber())
	}
	if id.Moves != g.Seats[seat].Moves {
		return face.RefuseID("play.refuse.outdated")
	}
	if err := checkOffered(offeredComponents(rec, seat, id), data.CustomID, data.Values); err != nil {
		return notOffered(g, id)
	}
	act, sel, err := componentInput(g, seat, id, data.Values)
	if err != nil {
		return err
	}
	if act == nil {
		content := workbenchText(r.l, rec, seat)
		if line := b.deadlineLine(ctx, t, r.l); line != "" {
			content += "\n" + line
		}
		comps := workbench(r.l, rec.ID, g, seat, sel)
		var pics []face.Picture
		if id.Verb == "it" && sel.Mode == "item" {
			// A new item chosen: redraw the shelves with its spaces lit.
			// (Later choices for the same item keep the picture.)
			pic, err := b.workbenchPicture(rec, seat, sel, nil)
			if err != nil {
				return err
			}
			pics = append(pics, pic)
		}
		_, err := r.edit(content, comps, pics...)
		return err
	}
	return b.actAndShow(ctx, r, t, seat, *act)
}

// actAndShow applies a seat's action, refreshes the seat's message and
// runs the consequences; t is locked.
func (b *Bot) actAndShow(ctx context.Context, r *reply, t *game.Table, seat int, a atheneum.Action) error {
	res, err := b.svc.Act(ctx, t, engine.Move(a.String()), game.ByPlayer)
	if err != nil {
		return err
	}
	changed := res.StepEnded
	rec := t.Rec
	g := athGame(rec)
	var content string
	var comps []discordgo.MessageComponent
	var pics []face.Picture
	switch {
	case a.Type == atheneum.ActPick && !changed:
		content, comps, _, err = b.prompt(ctx, t, seat, noSelection(), r.l, nil)
	case a.Type == atheneum.ActPick:
		content = r.l.T("play.picked.revealed", "Card", a.Card)
	case a.Type == atheneum.ActDone && changed && g.Step == atheneum.StepOver:
		content = r.l.T("play.done.last")
	case a.Type == atheneum.ActDone && changed:
		content = r.l.T("play.done.turn", "Turn", g.TurnNumber()-1)
	default:
		content, comps, pics, err = b.prompt(ctx, t, seat, noSelection(), r.l, &a)
	}
	if err != nil {
		return err
	}
	if a.Type == atheneum.ActPick && changed {
		// The hand shown was passed on: leave no stale picture behind.
		err = r.editWithoutImages(content)
	} else {
		_, err = r.edit(content, comps, pics...)
	}
	if err != nil {
		b.log.Warn("could not refresh the player's message", "game", rec.ID, "err", err)
	} else if len(comps) == 0 {
		b.settledPrompt(ctx, rec, seat, r.i)
	}
	b.svc.Settle(ctx, t)
	return nil
}

func (b *Bot) cmdHand(ctx context.Context, r *reply, t *game.Table) error {
	rec := t.Rec
	seat, err := playerSeat(r, t, "play.not.playing")
	if err != nil {
		return err
	}
	g := athGame(rec)
	if g.Step == atheneum.StepPick {
		return b.cmdPlay(ctx, r, t)
	}
	if len(g.Seats[seat].Hand) == 0 {
		_, err := r.edit(r.l.T("play.hand.none"), nil)
		return err
	}
	pic, err := b.drawPicture("hand.png", func() (render.Picture, error) { return atrender.DrawHand(g.View(seat), seat, face.PictureOptions(rec)) })
	if err != nil {
		return err
	}
	_, err = r.edit(r.l.T("play.hand.next"), nil, pic)
	return err
}

func (b *Bot) cmdPlay(ctx context.Context, r *reply, t *game.Table) error {
	seat, err := playerSeat(r, t, "play.not.playing.follow")
	if err != nil {
		return err
	}
	content, comps, pics, err := b.prompt(ctx, t, seat, noSelection(), r.l, nil)
	if err != nil {
		return err
	}
	_, err = r.edit(content, comps, pics...)
	return err
}

// cmdPlace shelves a held book typed as options.
func (b *Bot) cmdPlace(ctx context.Context, r *reply, t *game.Table, opts face.Options) error {
	rec := t.Rec
	seat, err := playerSeat(r, t, "play.not.playing")
	if err != nil {
		return err
	}
	if athGame(rec).Step != atheneum.StepResolve {
		return face.RefuseID("play.place.not.now")
	}
	var item int
	if _, err := fmt.Sscan(strings.TrimPrefix(opts.Str("item"), "#"), &item); err != nil {
		return face.RefuseID("play.place.item")
	}
	at, err := atheneum.ParsePos(opts.Str("space"))
	if err != nil {
		return face.RefuseID("play.place.space", "Space", face.Echo(opts.Str("space")))
	}
	a := atheneum.Action{Type: atheneum.ActShelve, Seat: seat, Item: item, At: at, Flip: opts.Bool("flip")}
	if it, ok := heldItem(athGame(rec), seat, item); ok && it.Kind == atheneum.ItemBook && it.Color == atheneum.AnyColor {
		c, ok := atheneum.ParseColor(opts.Str("color"))
		if !ok {
			return face.RefuseID("play.place.color")
		}
		a.Color = c
	}
	return b.actAndShow(ctx, r, t, seat, a)
}

// handleAutocomplete suggests values while a command is typed: held books
// and their legal spaces for /atheneum place, finished games for
// /atheneum replay. It reads the last stored state, never waiting for a
// game's lock, so it answers well inside Discord's three seconds.
func (b *Bot) handleAutocomplete(ctx context.Context, r *reply) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	respond := func() error {
		if len(choices) > face.MaxOptions {
			choices = choices[:face.MaxOptions]
		}
		return b.dg.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}})
	}
	name, opts := invokedSubcommand(r.i)
	focused := ""
	for n, o := range opts {
		if o.Focused {
			focused = n
		}
	}
	if name == "replay" {
		choices = b.replayChoices(ctx, r, opts.Str("game"))
		return respond()
	}
	snap, err := b.svc.SnapshotInChannel(ctx, r.i.GuildID, r.i.ChannelID)
	if err != nil || snap.Rec.Status != store.StatusPlaying || name != "place" {
		return respond()
	}
	rec := snap.Rec
	g := athGame(rec)
	seat := game.SeatOf(rec, interactionUser(r.i).ID)
	if seat >= 0 && g.Step == atheneum.StepResolve {
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
					choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(itemLabel(r.l, g, it), face.MaxLabel), Value: "#" + key})
				}
			case "space":
				if a.Item != item || (a.Color != atheneum.NoColor && color != atheneum.NoColor && a.Color != color) || a.Flip != opts.Bool("flip") {
					continue
				}
				key := a.At.String()
				if !seen[key] && strings.HasPrefix(strings.ToUpper(key), strings.ToUpper(opts.Str("space"))) {
					seen[key] = true
					choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(key+" — "+spaceWords(r.l, a.At), face.MaxLabel), Value: key})
				}
			}
		}
	}
	return respond()
}

// RunDueJobs runs the reminders, deadlines and automatic moves that are
// due (the scheduler calls it; tests call it after moving the clock).
func (b *Bot) RunDueJobs(ctx context.Context) {
	if !b.enter() {
		return
	}
	defer b.leave()
	b.svc.RunDueJobs(ctx)
}
