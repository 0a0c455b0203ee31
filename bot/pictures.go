package bot

import (
	"atheneum/bot/face"
	"bytes"
	"encoding/json"
	"errors"
	"hash/maphash"
	"net/http"
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
	Filename    string `json:"filename,omitempty"`
	Description string `json:"description,omitempty"`
}

func uploads(pics []face.Picture) ([]*discordgo.File, []attachment) {
	return uploadsKeeping(nil, pics)
}

// uploadsKeeping is the "attachments" of an edit that keeps the message's
// attachments kept (each named by its id alone, as Discord asks of an
// attachment already uploaded) and uploads pics after them.
func uploadsKeeping(kept []string, pics []face.Picture) ([]*discordgo.File, []attachment) {
	files := make([]*discordgo.File, len(pics))
	meta := make([]attachment, 0, len(kept)+len(pics))
	for _, id := range kept {
		meta = append(meta, attachment{ID: id})
	}
	for i, p := range pics {
		files[i] = &discordgo.File{Name: p.Name, ContentType: "image/png", Reader: bytes.NewReader(p.PNG)}
		meta = append(meta, attachment{ID: strconv.Itoa(i), Filename: p.Name, Description: face.Clip(p.Alt, maxAltText)})
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
	components, err := componentsJSON(m.Components)
	if err != nil {
		return nil, err
	}
	send := *m
	send.Components = nil
	payload := struct {
		*discordgo.MessageSend
		Components  json.RawMessage `json:"components"`
		Attachments []attachment    `json:"attachments"`
	}{&send, components, meta}
	uri := discordgo.EndpointChannelMessages(channelID)
	msg, err := b.rawMultipart("POST", uri, uri, payload, files)
	b.pictures.uploaded(msg, nil, pics)
	return msg, err
}

// editOriginal replaces an interaction's response, pictures included:
// the attachments listed are the new pictures, so older ones go, but a
// picture the message already shows (the same file name, alt text and
// bytes, at the same place) is kept by its attachment's id rather than
// uploaded again: a press that changes a prompt's words and buttons but
// not its picture sends no file. It goes through the interaction's own
// rate-limit bucket (see answerBuckets).
func (r *reply) editOriginal(e *discordgo.WebhookEdit, pics []face.Picture) (*discordgo.Message, error) {
	b := r.b
	kept, rest := b.pictures.keep(r.showing(), pics)
	msg, err := b.patchOriginal(r.i, e, kept, rest)
	if err != nil && len(kept) > 0 && refusedRequest(err) {
		// The message no longer has what it was thought to show (another
		// edit came between): upload everything.
		b.log.Debug("an edit keeping its pictures was refused; uploading them", "err", err)
		kept, rest = nil, pics
		msg, err = b.patchOriginal(r.i, e, nil, pics)
	}
	if err != nil {
		r.shown, r.shownKnown = nil, false
		return nil, err
	}
	if len(pics) > 0 || e.Attachments != nil {
		r.shown, r.shownKnown = msg.Attachments, true
	}
	b.pictures.uploaded(msg, kept, rest)
	return msg, nil
}

// showing is what the interaction's response shows as far as the bot
// knows: the attachments its last edit answered with, else the pressed
// message's when the response is that message (a deferred update), else
// none (a response not edited yet shows nothing).
func (r *reply) showing() []*discordgo.MessageAttachment {
	switch {
	case r.shownKnown:
		return r.shown
	case r.updates && r.i.Message != nil:
		return r.i.Message.Attachments
	}
	return nil
}

// refusedRequest reports whether Discord refused a request as invalid
// (400), as it does an edit keeping an attachment the message lacks.
func refusedRequest(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusBadRequest
}

// patchOriginal sends one edit of an interaction's response: kept are
// attachments of the message to keep, pics the pictures to upload after
// them.
func (b *Bot) patchOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit, kept []string, pics []face.Picture) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	var (
		contentType = "application/json"
		body        []byte
	)
	ej, err := editJSON(e)
	if err != nil {
		return nil, err
	}
	switch {
	case len(pics) == 0 && len(kept) == 0:
		body, err = json.Marshal(ej)
	default:
		files, meta := uploadsKeeping(kept, pics)
		ej.Attachments = nil // ej's edit is a copy
		payload := struct {
			webhookEditJSON
			Attachments []attachment `json:"attachments"`
		}{ej, meta}
		if len(files) == 0 {
			body, err = json.Marshal(payload)
		} else {
			contentType, body, err = discordgo.MultipartBodyWithJSON(payload, files)
		}
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
	components, err := componentsJSON(p.Components)
	if err != nil {
		return nil, err
	}
	params := *p
	params.Components = nil
	payload := struct {
		*discordgo.WebhookParams
		Components  json.RawMessage `json:"components"`
		Attachments []attachment    `json:"attachments"`
	}{&params, components, meta}
	uri := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	msg, err := b.rawMultipart("POST", uri+"?wait=true", uri, payload, files)
	b.pictures.uploaded(msg, nil, pics)
	return msg, err
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
// its id, channel and attachments' ids and names, which is all the bot
// keeps of a message it sent (to record it and edit it later, keeping the
// pictures an edit does not change). Decoding the whole message (its
// components, embeds, attachments, author...) cost 4 % of the bot's
// processor time at 20 games in the ceiling benchmark, for fields nobody
// read.
func decodeMessage(resp []byte, err error) (*discordgo.Message, error) {
	if err != nil {
		return nil, err
	}
	if m, ok := scanMessage(resp); ok {
		return m, nil
	}
	return unmarshalMessage(resp)
}

// unmarshalMessage is decodeMessage through encoding/json: what
// scanMessage leaves to it.
func unmarshalMessage(resp []byte) (*discordgo.Message, error) {
	var ids struct {
		ID          string `json:"id"`
		ChannelID   string `json:"channel_id"`
		Attachments []struct {
			ID       string `json:"id"`
			Filename string `json:"filename"`
		} `json:"attachments"`
	}
	if err := json.Unmarshal(resp, &ids); err != nil {
		return nil, err
	}
	m := &discordgo.Message{ID: ids.ID, ChannelID: ids.ChannelID}
	for _, a := range ids.Attachments {
		m.Attachments = append(m.Attachments, &discordgo.MessageAttachment{ID: a.ID, Filename: a.Filename})
	}
	return m, nil
}

// maxShownPictures bounds the uploaded attachments whose picture the bot
// remembers (an id and a hash each, about a hundred bytes): enough for
// every prompt of a few hundred games at once.
const maxShownPictures = 8192

// maxDrawnPictures bounds the pictures kept for drawing them once (see
// promptEnv): a few tens of kilobytes each.
const maxDrawnPictures = 64

// pictureMemory remembers what the bot's pictures showed: which picture
// each attachment it uploaded shows (by a hash of its file name, alt
// text and bytes), so that an edit showing the same picture keeps it
// instead of uploading it again; and the last pictures drawn for prompts,
// by what determines them, so that a prompt shown again (a command asking
// for it, a press) reuses them instead of drawing them again. Both are
// bounded, the oldest forgotten first. Its zero value is ready to use.
type pictureMemory struct {
	mu        sync.Mutex
	seed      maphash.Seed
	shown     map[string]uint64
	ids       []string // the attachments remembered, oldest first from next
	next      int
	drawn     map[string]face.Picture
	keys      []string // the pictures kept, oldest first from drawnNext
	drawnNext int
}

// sumLocked identifies a picture as an attachment shows it.
func (pm *pictureMemory) sumLocked(p face.Picture) uint64 {
	if pm.shown == nil {
		pm.seed = maphash.MakeSeed()
		pm.shown = map[string]uint64{}
	}
	var h maphash.Hash
	h.SetSeed(pm.seed)
	h.WriteString(p.Name)
	h.WriteByte(0)
	h.WriteString(face.Clip(p.Alt, maxAltText))
	h.WriteByte(0)
	h.Write(p.PNG)
	return h.Sum64()
}

// keep splits pics into the attachments of showing to keep, by id, and
// the pictures to upload after them: the longest run of pics, from the
// first, that showing already shows in the same order, so that the
// message's pictures stay in their order.
func (pm *pictureMemory) keep(showing []*discordgo.MessageAttachment, pics []face.Picture) ([]string, []face.Picture) {
	if len(showing) == 0 || len(pics) == 0 {
		return nil, pics
	}
	pm.mu.Lock()
	defer pm.mu.Unlock()
	var kept []string
	for k, p := range pics {
		if k >= len(showing) {
			break
		}
		a := showing[k]
		sum, ok := pm.shown[a.ID]
		if !ok || a.Filename != p.Name || sum != pm.sumLocked(p) {
			break
		}
		kept = append(kept, a.ID)
	}
	return kept, pics[len(kept):]
}

// uploaded remembers the pictures msg's attachments show after a request
// that kept kept and uploaded pics after them (Discord lists the kept
// first, then the uploads in their order).
func (pm *pictureMemory) uploaded(msg *discordgo.Message, kept []string, pics []face.Picture) {
	if msg == nil || len(pics) == 0 || len(msg.Attachments) != len(kept)+len(pics) {
		return
	}
	pm.mu.Lock()
	defer pm.mu.Unlock()
	for k, p := range pics {
		a := msg.Attachments[len(kept)+k]
		if a.Filename != p.Name {
			continue
		}
		sum := pm.sumLocked(p)
		if _, ok := pm.shown[a.ID]; !ok {
			if len(pm.ids) < maxShownPictures {
				pm.ids = append(pm.ids, a.ID)
			} else {
				delete(pm.shown, pm.ids[pm.next])
				pm.ids[pm.next] = a.ID
				pm.next = (pm.next + 1) % maxShownPictures
			}
		}
		pm.shown[a.ID] = sum
	}
}

// drawnPicture is the picture kept under key, if any.
func (pm *pictureMemory) drawnPicture(key string) (face.Picture, bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	p, ok := pm.drawn[key]
	return p, ok
}

// keepDrawn keeps a picture drawn under key, forgetting the oldest one
// kept beyond maxDrawnPictures.
func (pm *pictureMemory) keepDrawn(key string, p face.Picture) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if pm.drawn == nil {
		pm.drawn = map[string]face.Picture{}
	}
	if _, ok := pm.drawn[key]; !ok {
		if len(pm.keys) < maxDrawnPictures {
			pm.keys = append(pm.keys, key)
		} else {
			delete(pm.drawn, pm.keys[pm.drawnNext])
			pm.keys[pm.drawnNext] = key
			pm.drawnNext = (pm.drawnNext + 1) % maxDrawnPictures
		}
	}
	pm.drawn[key] = p
}
