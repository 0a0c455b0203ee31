package bot

import (
	"atheneum/bot/face"
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/render"
)

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// drawPicture renders one picture, waiting for a free slot.
func (b *Bot) drawPicture(name string, f func() (render.Picture, error)) (face.Picture, error) {
	b.drawing <- struct{}{}
	defer func() { <-b.drawing }()
	p, err := f()
	return face.Picture{Name: name, Picture: p}, err
}

// attachment is an entry of a message's "attachments": it names an
// uploaded file (files[ID]) and carries its alt text. discordgo's own
// types have no description, hence this one. The id is a string, as
// Discord's API description types it (a snowflake, or here the upload's
// index).
type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

func uploads(pics []face.Picture) ([]*discordgo.File, []attachment) {
	files := make([]*discordgo.File, len(pics))
	meta := make([]attachment, len(pics))
	for i, p := range pics {
		files[i] = &discordgo.File{Name: p.Name, ContentType: "image/png", Reader: bytes.NewReader(p.PNG)}
		meta[i] = attachment{ID: strconv.Itoa(i), Filename: p.Name, Description: face.Clip(p.Alt, maxAltText)}
	}
	return files, meta
}

// sendMessage posts a message with its pictures and their alt text. A text
// too long for one message is sent in parts, cut at line boundaries, never
// clipped: the leading parts are plain text, and the last part carries
// everything else (embeds, components, mentions, pictures) and is the
// message returned, the one a caller records and edits later.
func (b *Bot) sendMessage(channelID string, m *discordgo.MessageSend, pics []face.Picture) (*discordgo.Message, error) {
	if parts := splitContent(m.Content, maxContent); len(parts) > 1 {
		for _, p := range parts[:len(parts)-1] {
			if _, err := b.dg.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{Content: p, AllowedMentions: noMentions}); err != nil {
				return nil, err
			}
		}
		last := *m
		last.Content = parts[len(parts)-1]
		m = &last
	}
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
// the attachments listed are the new pictures, so older ones go. It goes
// through the interaction's own rate-limit bucket (see answerBuckets).
func (b *Bot) editOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit, pics []face.Picture) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	var (
		contentType = "application/json"
		body        []byte
		err         error
	)
	if len(pics) == 0 {
		body, err = json.Marshal(e)
	} else {
		files, meta := uploads(pics)
		e.Attachments = nil
		payload := struct {
			*discordgo.WebhookEdit
			Attachments []attachment `json:"attachments"`
		}{e, meta}
		contentType, body, err = discordgo.MultipartBodyWithJSON(payload, files)
	}
	if err != nil {
		return nil, err
	}
	return decodeMessage(b.dg.RequestWithLockedBucket("PATCH", uri, contentType, body, b.answers.lock(uri), 0))
}

// followup sends a follow-up message to an interaction, with its pictures
// and their alt text; content must fit one message.
func (b *Bot) followup(i *discordgo.Interaction, p *discordgo.WebhookParams, pics []face.Picture) (*discordgo.Message, error) {
	if len(pics) == 0 {
		return b.dg.FollowupMessageCreate(i, true, p)
	}
	files, meta := uploads(pics)
	payload := struct {
		*discordgo.WebhookParams
		Attachments []attachment `json:"attachments"`
	}{p, meta}
	uri := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	return b.rawMultipart("POST", uri+"?wait=true", uri, payload, files)
}

// interactionTokenLife is how long Discord accepts an interaction's token
// for its answer and follow-ups.
const interactionTokenLife = 15 * time.Minute

// answerBuckets keeps one rate-limit bucket per interaction token for the
// edits of answers. Discord limits these per interaction (webhook id and
// token), but discordgo puts every @original edit of the bot in one shared
// bucket, so answers to different people queued behind each other. The
// buckets live in a limiter of their own that is replaced once its tokens
// have all expired, so they do not pile up for the bot's whole life.
type answerBuckets struct {
	mu      sync.Mutex
	limiter *discordgo.RateLimiter
	since   time.Time
}

// lock waits until the bucket of key may send, and locks it; the request
// releases it with the response's headers.
func (a *answerBuckets) lock(key string) *discordgo.Bucket {
	a.mu.Lock()
	if a.limiter == nil || time.Since(a.since) > interactionTokenLife {
		a.limiter, a.since = discordgo.NewRatelimiter(), time.Now()
	}
	limiter := a.limiter
	a.mu.Unlock()
	return limiter.LockBucket(key)
}

// rawMultipart sends payload and files as Discord's multipart form.
func (b *Bot) rawMultipart(method, uri, bucket string, payload any, files []*discordgo.File) (*discordgo.Message, error) {
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return nil, err
	}
	return decodeMessage(b.dg.RequestRaw(method, uri, contentType, body, bucket, 0))
}

// decodeMessage reads the message Discord answered a request with: only
// its id and channel, which is all the bot keeps of a message it sent
// (to record it and edit it later). Decoding the whole message (its
// components, embeds, attachments, author...) cost 4 % of the bot's
// processor time at 20 games in the ceiling benchmark, for fields nobody
// read.
func decodeMessage(resp []byte, err error) (*discordgo.Message, error) {
	if err != nil {
		return nil, err
	}
	var ids struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
	}
	if err := json.Unmarshal(resp, &ids); err != nil {
		return nil, err
	}
	return &discordgo.Message{ID: ids.ID, ChannelID: ids.ChannelID}, nil
}
