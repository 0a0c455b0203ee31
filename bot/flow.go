package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine"
	"atheneum/render"
	"atheneum/store"
)

// Job kinds.
const (
	jobDeadline = "deadline"
	jobReminder = "reminder"
)

// stepJobs schedules the current step's reminder and deadline.
func (b *Bot) stepJobs(rec *store.Game) []store.Job {
	hours := rec.Options.StepHours
	if hours <= 0 {
		hours = b.cfg.StepHours
	}
	step := time.Duration(hours) * time.Hour
	now := b.now()
	payload, _ := json.Marshal(map[string]string{"step": stepKey(rec.State)})
	return []store.Job{
		{Kind: jobReminder, Seat: store.NoSeat, Due: now.Add(step / 2), Payload: payload},
		{Kind: jobDeadline, Seat: store.NoSeat, Due: now.Add(step), Payload: payload},
	}
}

// stepJobChanges replaces the jobs of the previous step by the next one's.
func (b *Bot) stepJobChanges(c *store.Commit, rec *store.Game, next *engine.Game) {
	c.DeleteJobs = []store.JobKey{{Kind: jobReminder, Seat: store.AllSeats}, {Kind: jobDeadline, Seat: store.AllSeats}}
	if next.Step != engine.StepOver {
		shadow := *rec
		shadow.State = next
		c.PutJobs = b.stepJobs(&shadow)
	}
}

// deadline returns the current step's deadline. It is kept with the table
// and read from the store once after a restart.
func (b *Bot) deadline(t *table) time.Time {
	if !t.dueKnown {
		if jobs, err := b.db.Jobs(context.Background()); err == nil {
			for _, j := range jobs {
				if j.GameID == t.rec.ID && j.Kind == jobDeadline {
					t.due = j.Due
				}
			}
		}
		t.dueKnown = true
	}
	return t.due
}

// scheduled remembers the deadline among jobs just stored.
func (t *table) scheduled(jobs []store.Job) {
	t.due, t.dueKnown = time.Time{}, true
	for _, j := range jobs {
		if j.Kind == jobDeadline {
			t.due = j.Due
		}
	}
}

// act applies one action for a seat and stores it before anyone sees its
// result; t is locked. It returns the events and whether the step changed.
func (b *Bot) act(ctx context.Context, t *table, a engine.Action) ([]engine.Event, bool, error) {
	rec := t.rec
	g := rec.State
	next := g.Clone()
	ev, err := next.Apply(a)
	if err != nil {
		var ee *engine.Error
		if errors.As(err, &ee) {
			return nil, false, refuse(upperFirst(ee.Message) + ".")
		}
		return nil, false, err
	}
	c := store.Commit{Seq: g.Seq, Action: &a, State: next, At: b.now()}
	changed := stepKey(g) != stepKey(next)
	if changed {
		b.stepJobChanges(&c, rec, next)
	}
	if err := b.db.Commit(ctx, rec.ID, c); err != nil {
		if errors.Is(err, store.ErrConflict) {
			if fresh, lerr := b.db.LoadGame(ctx, rec.ID); lerr == nil {
				t.rec = fresh
			}
			return nil, false, refuse("The game moved on while you were choosing: nothing was changed. Please look again and retry.")
		}
		return nil, false, err
	}
	rec.State, rec.Seq = next, next.Seq
	if changed {
		t.scheduled(c.PutJobs)
	}
	if next.Step == engine.StepOver {
		rec.Status = store.StatusFinished
	}
	t.events = append(t.events, ev...)
	b.log.Info("action", "game", rec.ID, "seq", next.Seq, "action", a.String())
	return ev, changed, nil
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// after runs what accepted actions cause beyond the acting seat's own
// message: the channel posts of a finished step and the next step's
// prompts, or, when fewer seats are awaited than waited before, a refreshed
// status message (a shelving move changes nothing there, so it costs no
// Discord call); t is locked.
func (b *Bot) after(ctx context.Context, t *table, before engine.Step, waitedBefore int, changed bool) {
	if !changed {
		if len(t.rec.State.Waiting()) != waitedBefore {
			b.updateStatus(ctx, t)
		}
		return
	}
	if before == engine.StepPick {
		b.postReveal(ctx, t.rec)
	} else {
		b.postTurn(ctx, t)
	}
	b.beginStep(ctx, t)
}

// beginStep sends every waiting seat its prompt and refreshes the status.
func (b *Bot) beginStep(ctx context.Context, t *table) {
	rec := t.rec
	if rec.State.Step != engine.StepOver {
		for _, seat := range rec.State.Waiting() {
			b.sendPrompt(ctx, rec, seat)
		}
	}
	b.updateStatus(ctx, t)
}

// sendPrompt sends a seat its private prompt for the current step by
// direct message. When direct messages fail with 50007 the seat is
// remembered as closed and told in the channel to use /atheneum hand.
func (b *Bot) sendPrompt(ctx context.Context, rec *store.Game, seat int) {
	s := rec.Seats[seat]
	if s.UserID == "" || s.DMClosed {
		return
	}
	content, comps, files, err := b.prompt(rec, seat, noSelection())
	if err != nil {
		b.log.Error("could not build a prompt", "game", rec.ID, "seat", seat, "err", err)
		return
	}
	ch, err := b.dg.UserChannelCreate(s.UserID)
	var msg *discordgo.Message
	if err == nil {
		msg, err = b.dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: content, Components: comps, Files: files, AllowedMentions: noMentions})
	}
	if err != nil {
		if isDMClosed(err) {
			rec.Seats[seat].DMClosed = true
			if e := b.db.SetDMClosed(ctx, rec.ID, seat, true); e != nil {
				b.log.Warn("could not remember closed DMs", "game", rec.ID, "err", e)
			}
			b.post(ctx, rec, &discordgo.MessageSend{
				Content:         fmt.Sprintf("<@%s>, I cannot send you direct messages, so your turns happen here: use `/atheneum hand` to pick your card and `/atheneum play` to shelve your benefits (only you will see them).", s.UserID),
				AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{s.UserID}},
			})
			return
		}
		b.log.Warn("could not send a prompt", "game", rec.ID, "seat", seat, "err", err)
		return
	}
	if e := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgPrompt, Seat: seat, ChannelID: msg.ChannelID, MessageID: msg.ID}); e != nil {
		b.log.Warn("could not record a prompt", "game", rec.ID, "err", e)
	}
}

// prompt builds a seat's private message for the current step: the hand
// and pick menu, or the workbench.
func (b *Bot) prompt(rec *store.Game, seat int, sel selection) (string, []discordgo.MessageComponent, []*discordgo.File, error) {
	g := rec.State
	switch {
	case g.Step == engine.StepPick:
		img, err := b.draw(func() ([]byte, error) { return render.Hand(g.View(seat), seat, names(rec)) })
		if err != nil {
			return "", nil, nil, err
		}
		return b.pickText(rec, seat), handComponents(rec.ID, g, seat), []*discordgo.File{png("hand.png", img)}, nil
	case g.Step == engine.StepResolve && g.Seats[seat].Status != engine.StatusDone:
		img, err := b.draw(func() ([]byte, error) { return render.Shelves(g.View(seat), seat, names(rec)) })
		if err != nil {
			return "", nil, nil, err
		}
		return b.workbenchText(rec, seat), workbench(rec.ID, g, seat, sel), []*discordgo.File{png("shelves.png", img)}, nil
	case g.Step == engine.StepResolve:
		return fmt.Sprintf("**Turn %d of 10** — you have finished this turn. Waiting for the others.", g.TurnNumber()), nil, nil, nil
	}
	return "**The game is over.** See the results in the channel.", nil, nil, nil
}

func (b *Bot) pickText(rec *store.Game, seat int) string {
	g := rec.State
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Turn %d of 10 — choose your study card** (game in <#%s>)\n", g.TurnNumber(), rec.ChannelID)
	fmt.Fprintf(&sb, "On each card the **yellow** part is yours, the **green** part goes to the player on your left (%s) and the **blue** part to the player on your right (%s).\n",
		rec.Seats[g.LeftOf(seat)].Name, rec.Seats[g.RightOf(seat)].Name)
	if p := g.Seats[seat].Pick; p >= 0 {
		fmt.Fprintf(&sb, "You picked **%s**. You can change your mind until everyone has chosen.", g.CardCode(p))
	} else {
		sb.WriteString("Choose in the menu below.")
	}
	return sb.String()
}

func (b *Bot) workbenchText(rec *store.Game, seat int) string {
	g := rec.State
	s := &g.Seats[seat]
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Turn %d of 10 — shelve your benefits** (game in <#%s>)\n", g.TurnNumber(), rec.ChannelID)
	fmt.Fprintf(&sb, "You received %s.\n", g.Received(seat, nameFunc(rec)))
	if len(s.Held) > 0 {
		var items []string
		for _, it := range s.Held {
			items = append(items, itemLabel(g, it))
		}
		fmt.Fprintf(&sb, "You hold: %s.\n", strings.Join(items, " · "))
	} else {
		sb.WriteString("You hold nothing more.\n")
	}
	fmt.Fprintf(&sb, "Reshelves left: %d · wands: %d · score: %d", s.Reshelves, s.Wands, s.Score())
	if s.Status == engine.StatusScoring {
		sb.WriteString("\nYou have started scoring objectives: score more, or press Done.")
	}
	sb.WriteString("\nSpaces are written compartment.level.space (levels from the bottom, spaces from the left). Press **Done** when you have finished.")
	return sb.String()
}

// post sends a message to the game's channel.
func (b *Bot) post(ctx context.Context, rec *store.Game, m *discordgo.MessageSend) *discordgo.Message {
	if m.AllowedMentions == nil {
		m.AllowedMentions = noMentions
	}
	msg, err := b.dg.ChannelMessageSendComplex(rec.ChannelID, m)
	if err != nil {
		b.log.Warn("could not post to the channel", "game", rec.ID, "err", err)
		return nil
	}
	return msg
}

// updateStatus edits the game's status message, or posts it if it is
// missing.
func (b *Bot) updateStatus(ctx context.Context, t *table) {
	rec := t.rec
	text := b.statusText(t)
	if m, err := b.db.GetMessage(ctx, rec.ID, msgStatus, store.NoSeat); err == nil {
		empty := []discordgo.MessageComponent{}
		_, err := b.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.MessageID, Channel: m.ChannelID, Content: &text, Components: &empty, AllowedMentions: noMentions})
		if err == nil {
			return
		}
		if !isUnknownMessage(err) {
			b.log.Warn("could not edit the status message", "game", rec.ID, "err", err)
			return
		}
	}
	if msg := b.post(ctx, rec, &discordgo.MessageSend{Content: text}); msg != nil {
		if err := b.db.PutMessage(ctx, store.Message{GameID: rec.ID, Kind: msgStatus, Seat: store.NoSeat, ChannelID: msg.ChannelID, MessageID: msg.ID}); err != nil {
			b.log.Warn("could not record the status message", "game", rec.ID, "err", err)
		}
	}
}

// postReveal is the one channel post of a finished pick step.
func (b *Bot) postReveal(ctx context.Context, rec *store.Game) {
	g := rec.State
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Turn %d of 10 — the cards are revealed.**\n", g.TurnNumber())
	for i := range g.Seats {
		fmt.Fprintf(&sb, "**%s** played %s and receives %s.\n", rec.Seats[i].Name, g.CardCode(g.Seats[i].Played), g.Received(i, nameFunc(rec)))
	}
	sb.WriteString("Everyone now shelves what they received: check your direct messages, or use `/atheneum play`.")
	m := &discordgo.MessageSend{Content: clip(sb.String(), 2000)}
	if img, err := b.draw(func() ([]byte, error) { return render.Reveal(g.View(engine.Spectator), names(rec)) }); err == nil {
		m.Files = []*discordgo.File{png("reveal.png", img)}
	} else {
		b.log.Error("could not draw the reveal", "game", rec.ID, "err", err)
	}
	b.post(ctx, rec, m)
}

// postTurn is the one channel post of a finished turn: what happened, the
// table, the objective row and the scores; after the last turn, the final
// results instead of the row.
func (b *Bot) postTurn(ctx context.Context, t *table) {
	rec := t.rec
	g := rec.State
	over := g.Step == engine.StepOver
	var sb strings.Builder
	if over {
		var w []string
		for _, s := range g.Winners() {
			w = append(w, mention(rec, s))
		}
		fmt.Fprintf(&sb, "**The game is over!** Winner: %s.\n", strings.Join(w, " and "))
	} else {
		fmt.Fprintf(&sb, "**Turn %d of 10 is over.**\n", g.TurnNumber()-1)
	}
	for _, e := range t.events {
		switch e.Type {
		case engine.EvSpiderCaptured, engine.EvObjectiveScored, engine.EvSideShelfPlaced, engine.EvObjectiveLeft, engine.EvObjectiveDrawn, engine.EvWandLost, engine.EvBagRefilled:
			if over && (e.Type == engine.EvObjectiveLeft || e.Type == engine.EvObjectiveDrawn) {
				continue // the row no longer matters
			}
			sb.WriteString(g.Describe(e, nameFunc(rec)) + "\n")
		}
	}
	t.events = nil
	sb.WriteString(b.scoresText(rec))
	m := &discordgo.MessageSend{Content: clip(sb.String(), 2000)}
	view := g.View(engine.Spectator)
	type picture struct {
		name string
		draw func(*engine.Game, []string) ([]byte, error)
	}
	pictures := []picture{{"table.png", render.Table}, {"objectives.png", render.Objectives}}
	if over {
		pictures = []picture{{"results.png", render.Results}, {"table.png", render.Table}}
	}
	for _, p := range pictures {
		img, err := b.draw(func() ([]byte, error) { return p.draw(view, names(rec)) })
		if err != nil {
			b.log.Error("could not draw a picture", "game", rec.ID, "picture", p.name, "err", err)
			continue
		}
		m.Files = append(m.Files, png(p.name, img))
	}
	b.post(ctx, rec, m)
	if over {
		b.log.Info("game finished", "game", rec.ID)
		// A finished game needs no memory; a late click reloads it.
		b.forget(rec.ID)
	}
}

// handleComponent handles buttons and menus.
func (b *Bot) handleComponent(ctx context.Context, r *reply) error {
	data := r.i.MessageComponentData()
	id, err := parseCustomID(data.CustomID)
	if err != nil {
		return refuse("I do not recognise that button: it may come from an old version of the bot. Use /atheneum play for fresh ones.")
	}
	r.game = id.Game
	if err := r.deferUpdate(); err != nil {
		return err
	}
	t, err := b.table(ctx, id.Game)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if id.Step == "lobby" {
		return b.lobbyComponent(ctx, r, t, id, data.Values)
	}
	rec := t.rec
	if rec.State == nil || rec.Status == store.StatusAbandoned {
		return refuse("This game has ended.")
	}
	user := interactionUser(r.i)
	seat := seatOf(rec, user.ID)
	if seat < 0 {
		return refuse("Those buttons belong to a player of this game, and you are not playing in it. You can follow the game with /atheneum table.")
	}
	if id.Seat != seat {
		return refuse("Those buttons are another player's, not yours. Use /atheneum play to get your own.")
	}
	g := rec.State
	if g.Step == engine.StepOver {
		return refuse("The game is over: see the results in the channel.")
	}
	if id.Step != stepKey(g) {
		return refuse(fmt.Sprintf("That menu is from an earlier step. The game is at turn %d now: use your latest message, or /atheneum play.", g.TurnNumber()))
	}
	if id.Moves != g.Seats[seat].Moves {
		return refuse("That menu is out of date: you have acted since it was shown. Use your latest message, or /atheneum play.")
	}
	act, sel, err := componentInput(g, seat, id, data.Values)
	if err != nil {
		return err
	}
	if act == nil {
		content := b.workbenchText(rec, seat)
		comps := workbench(rec.ID, g, seat, sel)
		_, err := r.edit(content, comps)
		return err
	}
	return b.actAndShow(ctx, r, t, seat, *act)
}

// actAndShow applies a seat's action, refreshes the seat's message and
// runs the consequences; t is locked.
func (b *Bot) actAndShow(ctx context.Context, r *reply, t *table, seat int, a engine.Action) error {
	before, waited := t.rec.State.Step, len(t.rec.State.Waiting())
	_, changed, err := b.act(ctx, t, a)
	if err != nil {
		return err
	}
	rec := t.rec
	g := rec.State
	var content string
	var comps []discordgo.MessageComponent
	var files []*discordgo.File
	switch {
	case a.Type == engine.ActPick && !changed:
		content, comps, _, err = b.prompt(rec, seat, noSelection())
	case a.Type == engine.ActPick:
		content = fmt.Sprintf("You played **%s**. All cards are revealed: your workbench for this turn is on its way.", a.Card)
	case a.Type == engine.ActDone && changed && g.Step == engine.StepOver:
		content = "You have finished the last turn. The results are in the channel."
	case a.Type == engine.ActDone && changed:
		content = fmt.Sprintf("You have finished turn %d. The next one has begun.", g.TurnNumber()-1)
	default:
		content, comps, files, err = b.prompt(rec, seat, noSelection())
	}
	if err != nil {
		return err
	}
	if a.Type == engine.ActPick && changed {
		// The hand shown was passed on: leave no stale picture behind.
		err = r.editWithoutImages(content)
	} else {
		_, err = r.edit(clip(content, 2000), comps, files...)
	}
	if err != nil {
		b.log.Warn("could not refresh the player's message", "game", rec.ID, "err", err)
	}
	b.after(ctx, t, before, waited, changed)
	return nil
}

func (b *Bot) cmdHand(ctx context.Context, r *reply, t *table) error {
	rec := t.rec
	seat, err := playerSeat(r, t, "You are not playing in this game.")
	if err != nil {
		return err
	}
	g := rec.State
	if g.Step == engine.StepPick {
		return b.cmdPlay(ctx, r, t)
	}
	if len(g.Seats[seat].Hand) == 0 {
		_, err := r.edit("You hold no study cards right now.", nil)
		return err
	}
	img, err := b.draw(func() ([]byte, error) { return render.Hand(g.View(seat), seat, names(rec)) })
	if err != nil {
		return err
	}
	_, err = r.edit("These are the cards you will choose from next turn. Now is the time to shelve: use /atheneum play.", nil, png("hand.png", img))
	return err
}

func (b *Bot) cmdPlay(ctx context.Context, r *reply, t *table) error {
	rec := t.rec
	seat, err := playerSeat(r, t, "You are not playing in this game. Follow it with /atheneum table.")
	if err != nil {
		return err
	}
	content, comps, files, err := b.prompt(rec, seat, noSelection())
	if err != nil {
		return err
	}
	_, err = r.edit(clip(content, 2000), comps, files...)
	return err
}

// cmdPlace shelves a held book typed as options.
func (b *Bot) cmdPlace(ctx context.Context, r *reply, t *table, opts options) error {
	rec := t.rec
	seat, err := playerSeat(r, t, "You are not playing in this game.")
	if err != nil {
		return err
	}
	if rec.State.Step != engine.StepResolve {
		return refuse("Books are shelved after the cards are revealed; now players are choosing cards.")
	}
	var item int
	if _, err := fmt.Sscan(strings.TrimPrefix(opts.str("item"), "#"), &item); err != nil {
		return refuse("Choose the item from the list (like #2).")
	}
	at, err := engine.ParsePos(opts.str("space"))
	if err != nil {
		return refuse(upperFirst(err.Error()) + ".")
	}
	a := engine.Action{Type: engine.ActShelve, Seat: seat, Item: item, At: at, Flip: opts.bool("flip")}
	if it, ok := heldItem(rec.State, seat, item); ok && it.Kind == engine.ItemBook && it.Color == engine.AnyColor {
		c, ok := engine.ParseColor(opts.str("color"))
		if !ok {
			return refuse("That book can be any colour: add the color option.")
		}
		a.Color = c
	}
	return b.actAndShow(ctx, r, t, seat, a)
}

// handleAutocomplete lists held books and their legal spaces for /atheneum place.
func (b *Bot) handleAutocomplete(ctx context.Context, r *reply) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	respond := func() error {
		if len(choices) > maxOptions {
			choices = choices[:maxOptions]
		}
		return b.dg.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}})
	}
	rec, err := b.db.GameInChannel(ctx, r.i.ChannelID)
	if err != nil || rec.Status != store.StatusPlaying {
		return respond()
	}
	t, err := b.table(ctx, rec.ID)
	if err != nil {
		return respond()
	}
	t.mu.Lock()
	g := t.rec.State
	seat := seatOf(t.rec, interactionUser(r.i).ID)
	_, opts := subcommand(r.i)
	focused := ""
	for name, o := range opts {
		if o.Focused {
			focused = name
		}
	}
	if seat >= 0 && g.Step == engine.StepResolve {
		var item int
		fmt.Sscan(strings.TrimPrefix(opts.str("item"), "#"), &item)
		color, _ := engine.ParseColor(opts.str("color"))
		seen := map[string]bool{}
		for _, a := range g.LegalActions(seat) {
			if a.Type != engine.ActShelve {
				continue
			}
			switch focused {
			case "item":
				it, _ := heldItem(g, seat, a.Item)
				key := fmt.Sprint(a.Item)
				if !seen[key] {
					seen[key] = true
					choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(itemLabel(g, it), maxLabel), Value: "#" + key})
				}
			case "space":
				if a.Item != item || (a.Color != engine.NoColor && color != engine.NoColor && a.Color != color) || a.Flip != opts.bool("flip") {
					continue
				}
				key := a.At.String()
				if !seen[key] && strings.HasPrefix(strings.ToUpper(key), strings.ToUpper(opts.str("space"))) {
					seen[key] = true
					choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: key + " — " + spaceWords(a.At), Value: key})
				}
			}
		}
	}
	t.mu.Unlock()
	return respond()
}

// RunDueJobs handles reminders and deadlines that are due: a reminder
// pings the players the game waits for; at a deadline each of them is
// played for (a random card, or finishing the turn).
func (b *Bot) RunDueJobs(ctx context.Context) {
	if !b.enter() {
		return
	}
	defer b.leave()
	jobs, err := b.db.DueJobs(ctx, b.now())
	if err != nil {
		b.log.Error("could not read due jobs", "err", err)
		return
	}
	for _, j := range jobs {
		b.runJob(ctx, j)
	}
}

func (b *Bot) runJob(ctx context.Context, j store.Job) {
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic in a scheduled job", "game", j.GameID, "job", j.Kind, "panic", fmt.Sprint(p))
		}
	}()
	t, err := b.table(ctx, j.GameID)
	if err != nil {
		b.log.Warn("job for a game that cannot be loaded", "game", j.GameID, "err", err)
		_ = b.db.DeleteJob(ctx, j.GameID, store.JobKey{Kind: j.Kind, Seat: j.Seat})
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	rec := t.rec
	if rec.State == nil || rec.Status != store.StatusPlaying {
		_ = b.db.DeleteJob(ctx, j.GameID, store.JobKey{Kind: j.Kind, Seat: j.Seat})
		return
	}
	g := rec.State
	waiting := g.Waiting()
	switch j.Kind {
	case jobReminder:
		var who []string
		var ids []string
		for _, s := range waiting {
			who = append(who, mention(rec, s))
			ids = append(ids, rec.Seats[s].UserID)
		}
		if len(who) > 0 {
			b.post(ctx, rec, &discordgo.MessageSend{
				Content:         fmt.Sprintf("Reminder: the game is waiting for %s. Half of the time for this step has passed; use `/atheneum play`.", strings.Join(who, ", ")),
				AllowedMentions: &discordgo.MessageAllowedMentions{Users: ids},
			})
		}
		_ = b.db.DeleteJob(ctx, j.GameID, store.JobKey{Kind: j.Kind, Seat: j.Seat})
	case jobDeadline:
		b.log.Info("deadline reached", "game", rec.ID, "waiting", len(waiting))
		p := engine.NewRandomPlayer(uint64(g.Seq) + rec.Seed)
		changed, before, waited := false, g.Step, len(waiting)
		var notes []string
		for _, seat := range waiting {
			var a engine.Action
			if g.Step == engine.StepPick {
				var ok bool
				if a, ok = p.For(rec.State, seat); !ok {
					continue
				}
				notes = append(notes, fmt.Sprintf("%s ran out of time: a card was picked for them at random.", rec.Seats[seat].Name))
			} else {
				a = engine.Action{Type: engine.ActDone, Seat: seat}
				notes = append(notes, fmt.Sprintf("%s ran out of time: their turn was finished for them.", rec.Seats[seat].Name))
			}
			_, ch, err := b.act(ctx, t, a)
			if err != nil {
				b.log.Error("could not play for an absent player", "game", rec.ID, "seat", seat, "err", err)
				return
			}
			changed = changed || ch
		}
		if len(notes) > 0 {
			b.post(ctx, rec, &discordgo.MessageSend{Content: strings.Join(notes, "\n")})
		}
		if !changed {
			_ = b.db.DeleteJob(ctx, j.GameID, store.JobKey{Kind: j.Kind, Seat: j.Seat})
		}
		b.after(ctx, t, before, waited, changed)
	default:
		_ = b.db.DeleteJob(ctx, j.GameID, store.JobKey{Kind: j.Kind, Seat: j.Seat})
	}
}
