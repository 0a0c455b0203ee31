package bot

import (
	"bytes"
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"atheneum/engine"
	"atheneum/render"
	"atheneum/store"
)

// picture is an image to attach, with its file name and its alt text.
type picture struct {
	name string
	render.Picture
}

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// drawPicture renders one picture, waiting for a free slot.
func (b *Bot) drawPicture(name string, f func() (render.Picture, error)) (picture, error) {
	b.drawing <- struct{}{}
	defer func() { <-b.drawing }()
	p, err := f()
	return picture{name: name, Picture: p}, err
}

// attachment is an entry of a message's "attachments": it names an
// uploaded file (files[ID]) and carries its alt text. discordgo's own
// types have no description, hence this one.
type attachment struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

func uploads(pics []picture) ([]*discordgo.File, []attachment) {
	files := make([]*discordgo.File, len(pics))
	meta := make([]attachment, len(pics))
	for i, p := range pics {
		files[i] = &discordgo.File{Name: p.name, ContentType: "image/png", Reader: bytes.NewReader(p.PNG)}
		meta[i] = attachment{ID: i, Filename: p.name, Description: clip(p.Alt, maxAltText)}
	}
	return files, meta
}

// sendMessage posts a message with its pictures and their alt text.
func (b *Bot) sendMessage(channelID string, m *discordgo.MessageSend, pics []picture) (*discordgo.Message, error) {
	if len(pics) == 0 {
		return b.dg.ChannelMessageSendComplex(channelID, m)
	}
	files, meta := uploads(pics)
	payload := struct {
		*discordgo.MessageSend
		Attachments []attachment `json:"attachments"`
	}{m, meta}
	uri := discordgo.EndpointChannelMessages(channelID)
	return b.rawMultipart("POST", uri, uri, payload, files)
}

// editOriginal replaces an interaction's response, pictures included:
// the attachments listed are the new pictures, so older ones go.
func (b *Bot) editOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit, pics []picture) (*discordgo.Message, error) {
	if len(pics) == 0 {
		return b.dg.InteractionResponseEdit(i, e)
	}
	files, meta := uploads(pics)
	e.Attachments = nil
	payload := struct {
		*discordgo.WebhookEdit
		Attachments []attachment `json:"attachments"`
	}{e, meta}
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	return b.rawMultipart("PATCH", uri, discordgo.EndpointWebhookToken("", ""), payload, files)
}

// rawMultipart sends payload and files as Discord's multipart form.
func (b *Bot) rawMultipart(method, uri, bucket string, payload any, files []*discordgo.File) (*discordgo.Message, error) {
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return nil, err
	}
	resp, err := b.dg.RequestRaw(method, uri, contentType, body, bucket, 0)
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, err
	}
	return &msg, nil
}

// pictureOptions draws a game's pictures in its language with its names.
func pictureOptions(rec *store.Game) render.Options {
	return render.Options{Lang: gameLang(rec), Names: names(rec)}
}

// workbenchPicture draws a seat's shelves for its workbench: where the
// chosen item may go, and the move just made.
func (b *Bot) workbenchPicture(rec *store.Game, seat int, sel selection, last *engine.Action) (picture, error) {
	var m render.Marks
	if sel.Mode == "item" {
		m.Item = sel.Item
	}
	if last != nil && last.Type != engine.ActUndo && last.Type != engine.ActDone && last.Type != engine.ActPick {
		m.Last = last
	}
	g := rec.State
	return b.drawPicture("shelves.png", func() (render.Picture, error) { return render.DrawShelves(g.View(seat), seat, m, pictureOptions(rec)) })
}
