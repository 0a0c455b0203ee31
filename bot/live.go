package bot

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/i18n"
	"atheneum/store"
)

// A game played one seat at a time tells its channel a story, not a post
// per turn: its face names the chapter a step belongs to (a round:
// face.Face.Chapter), and each chapter has one live post, edited as its
// steps end (an edit notifies nobody) with the latest step's words, the
// game's picture and whom it waits for; the step that ends a chapter is
// posted on its own (a round's end), and the next step opens the next
// chapter's live post. A person told in the channel (direct messages
// closed, or mentions chosen) is mentioned once per chapter, on their
// first turn in it; the live post's Play button brings a seat its prompt,
// so that nobody types a command each turn.

// msgLive is the kind of a chapter's live post in the store, followed by
// ":" and the chapter.
const msgLive = "live"

// verbPlay is the live post's button that answers its presser with their
// prompt, only they see it.
const verbPlay = "play"

// liveStep shows a step's end in a game told by chapters: the chapter's
// live post is edited, or, when the step ended another chapter, the step
// is posted on its own and that chapter's post retired. m is the face's
// message for the step.
func (b *Bot) liveStep(ctx context.Context, t *game.Table, chapter string, m face.Message) {
	rec := t.Rec
	kind := msgLive + ":" + chapter
	var live, other *store.Message
	msgs, err := b.db.Messages(ctx, rec.ID)
	if err != nil {
		b.log.Warn("could not read a game's posts", "game", rec.ID, "err", err)
	}
	for i := range msgs {
		switch k := msgs[i].Kind; {
		case k == kind:
			live = &msgs[i]
		case strings.HasPrefix(k, msgLive+":"):
			other = &msgs[i]
		}
	}
	switch {
	case live != nil:
		b.editLive(ctx, t, *live, m)
	case other != nil:
		// The step ended the other chapter (a round): it has a post of its
		// own; the next step opens this chapter's live post.
		if err := b.db.DeleteMessage(ctx, rec.ID, other.Kind, store.NoSeat); err != nil {
			b.log.Warn("could not forget a chapter's post", "game", rec.ID, "err", err)
		}
		b.postStep(ctx, t, &discordgo.MessageSend{Content: m.Content, Components: m.Components}, m.Pictures...)
	default:
		b.postStep(ctx, t, &discordgo.MessageSend{Content: m.Content, Components: append(m.Components, playRow(face.GameLang(rec), rec))}, m.Pictures...)
		step, err := b.db.GetMessage(ctx, rec.ID, msgStep, store.NoSeat)
		if err != nil {
			return
		}
		step.Kind = kind
		if err := b.db.PutMessage(ctx, step); err != nil {
			b.log.Warn("could not record a chapter's post", "game", rec.ID, "err", err)
		}
		b.pinged.Store(rec.ID+"/"+chapter, pingedNow(b, ctx, t))
	}
}

// pingedNow are the people the post that opened a chapter mentioned.
func pingedNow(b *Bot, ctx context.Context, t *game.Table) map[string]bool {
	out := map[string]bool{}
	for _, id := range b.channelPings(ctx, t) {
		out[id] = true
	}
	return out
}

// editLive edits a chapter's live post with the latest step: its words
// and picture, whom the game waits for; and mentions, in a short post of
// its own, the people told in the channel who are awaited for the first
// time in the chapter.
func (b *Bot) editLive(ctx context.Context, t *game.Table, live store.Message, m face.Message) {
	rec := t.Rec
	l := face.GameLang(rec)
	line := waitingLine(l, rec, b.svc.Deadline(ctx, t))
	content := m.Content
	components := append(m.Components, playRow(l, rec))
	embeds := waitingEmbed(line)
	e := &discordgo.MessageEdit{ID: live.MessageID, Channel: live.ChannelID, Content: &content, Components: &components, Embeds: &embeds, AllowedMentions: noMentions}
	if _, err := b.editMessage(e, m.Pictures); err != nil && !isUnknownMessage(err) {
		b.log.Warn("could not edit a chapter's post", "game", rec.ID, "err", err)
	}
	b.lines.Store(live.MessageID, line)
	chapter := strings.TrimPrefix(live.Kind, msgLive+":")
	seen, _ := b.pinged.LoadOrStore(rec.ID+"/"+chapter, map[string]bool{})
	pinged := seen.(map[string]bool)
	var fresh []string
	for _, id := range b.channelPings(ctx, t) {
		if !pinged[id] {
			fresh = append(fresh, id)
		}
	}
	if len(fresh) == 0 {
		return
	}
	next := map[string]bool{}
	for id := range pinged {
		next[id] = true
	}
	for _, id := range fresh {
		next[id] = true
	}
	b.pinged.Store(rec.ID+"/"+chapter, next)
	b.post(ctx, rec, &discordgo.MessageSend{Content: l.T("flow.ping.live", "Who", mentions(fresh), "Command", b.command(rec)), AllowedMentions: pingsOnly(fresh)})
}

// playRow is the live post's button that brings a seat its prompt.
func playRow(l i18n.Lang, rec *store.Game) discordgo.ActionsRow {
	id := face.ID{Game: rec.ID, Step: face.LiveStep, Seat: -1, Moves: -1, Verb: verbPlay}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("flow.live.play.label"), Style: discordgo.PrimaryButton, CustomID: id.String()},
	}}
}

// editMessage edits a channel message, its pictures replaced by pics when
// there are any (with their alt text).
func (b *Bot) editMessage(e *discordgo.MessageEdit, pics []face.Picture) (*discordgo.Message, error) {
	if len(pics) == 0 {
		return b.dg.ChannelMessageEditComplex(e)
	}
	files, meta := uploads(pics)
	components, err := componentsPtrJSON(e.Components)
	if err != nil {
		return nil, err
	}
	edit := *e
	edit.Components = nil
	payload := struct {
		*discordgo.MessageEdit
		Components  json.RawMessage `json:"components,omitempty"`
		Attachments []attachment    `json:"attachments"`
	}{&edit, components, meta}
	uri := discordgo.EndpointChannelMessage(e.Channel, e.ID)
	msg, err := b.rawMultipart("PATCH", uri, discordgo.EndpointChannelMessage(e.Channel, ""), payload, files)
	b.pictures.uploaded(msg, nil, pics)
	return msg, err
}

// livePrompt answers the live post's Play button: the presser's prompt,
// which only they see; anyone without a seat is told so.
func (b *Bot) livePrompt(ctx context.Context, r *reply, id face.ID) error {
	if err := r.deferMessage(true); err != nil {
		return err
	}
	t, err := b.svc.Table(ctx, id.Game)
	if err != nil {
		return err
	}
	defer t.Unlock()
	rec := t.Rec
	if !sameGamePlace(r.i, rec, false) {
		return face.RefuseID("play.refuse.channel")
	}
	if rec.State == nil || rec.State.Over() {
		return &game.Refusal{Code: game.CodeGameOver}
	}
	seat := game.SeatOf(rec, face.InteractionUser(r.i).ID)
	if seat < 0 {
		return face.RefuseID("play.refuse.spectator")
	}
	m, err := b.prompt(ctx, t, seat, r.lang())
	if err != nil {
		return err
	}
	return r.show(m)
}
