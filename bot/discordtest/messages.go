package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // register decoders: attachments report width and height like Discord's
	_ "image/jpeg"
	_ "image/png"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is a message as stored by the fake, with everything a test may
// want to assert on, including the bytes of its attachments.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string // empty in DMs
	Author    User
	Type      discordgo.MessageType
	Content   string
	Embeds    []Embed
	// Components are the message's top-level components (action rows).
	Components  []Component
	Attachments []Attachment
	Flags       discordgo.MessageFlags
	// AllowedMentions is the allowed_mentions the bot last sent for the
	// message (an edit without one keeps it); nil if it never sent one.
	// Pings tells who the message actually notifies.
	AllowedMentions *AllowedMentions
	// Ephemeral messages are interaction responses only VisibleTo can see;
	// they are not reachable through the channel routes.
	Ephemeral bool
	VisibleTo string
	// InteractionID is set on interaction responses and follow-ups.
	InteractionID string
	// ThreadID is the thread started from this message, if any.
	ThreadID  string
	Deleted   bool
	CreatedAt time.Time
	EditedAt  time.Time // zero if never edited
	// Revisions are the earlier versions of the message, oldest first,
	// so a test can check what the user saw before each edit.
	Revisions []Message

	// editedReal is when the message was last edited on the real clock
	// (EditedAt may follow Options.Clock), for waiting on an edit.
	editedReal time.Time

	embedsRaw        json.RawMessage
	componentsRaw    json.RawMessage
	pings            []string // users the content notifies, see computePingsLocked
	mentionsEveryone bool
}

// Loading reports whether the message is still a deferred "Bot is
// thinking..." placeholder.
func (m Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Attachment returns the attachment with the given file name.
func (m Message) Attachment(filename string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// Component returns the interactive component (button, select, text input)
// with the given custom_id, searching nested rows.
func (m Message) Component(customID string) (Component, bool) {
	return findComponent(m.Components, customID)
}

// Buttons returns every button of the message, in display order.
func (m Message) Buttons() []Component {
	var out []Component
	walkComponents(m.Components, func(c Component) {
		if c.Type == discordgo.ButtonComponent {
			out = append(out, c)
		}
	})
	return out
}

// Attachment is a file attached to a message, bytes included.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	// Description is the file's alt text, from the "attachments" entry of
	// the payload that uploaded it (up to 1024 characters).
	Description string
	Data        []byte
	// Width and Height are set for images the fake could decode (PNG,
	// JPEG, GIF), as Discord sets them.
	Width, Height int

	upload int // n of the files[n] part that carried it; -1 if none
}

// Embed is the commonly asserted part of a rich embed.
type Embed struct {
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	URL         string          `json:"url,omitempty"`
	Color       int             `json:"color,omitempty"`
	Fields      []EmbedField    `json:"fields,omitempty"`
	Image       *EmbedMedia     `json:"image,omitempty"`
	Thumbnail   *EmbedMedia     `json:"thumbnail,omitempty"`
	Footer      *EmbedFooter    `json:"footer,omitempty"`
	Author      *EmbedAuthor    `json:"author,omitempty"`
	Raw         json.RawMessage `json:"-"` // the embed exactly as sent
}

// EmbedField is one name/value field of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// EmbedMedia is an embed image or thumbnail; URL may be
// "attachment://<filename>" to show an attached file.
type EmbedMedia struct {
	URL string `json:"url"`
}

// EmbedFooter is an embed's footer.
type EmbedFooter struct {
	Text string `json:"text"`
}

// EmbedAuthor is an embed's author line.
type EmbedAuthor struct {
	Name string `json:"name"`
}

// Component is a message or modal component in Discord's JSON shape: action
// rows hold buttons, one select menu, or (in modals) one text input.
type Component struct {
	Type        discordgo.ComponentType `json:"type"`
	CustomID    string                  `json:"custom_id,omitempty"`
	Label       string                  `json:"label,omitempty"`
	Style       int                     `json:"style,omitempty"`
	URL         string                  `json:"url,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Placeholder string                  `json:"placeholder,omitempty"`
	MinValues   *int                    `json:"min_values,omitempty"`
	MaxValues   *int                    `json:"max_values,omitempty"`
	Options     []SelectOption          `json:"options,omitempty"`
	Components  []Component             `json:"components,omitempty"`
	// Text inputs.
	Value     string `json:"value,omitempty"`
	Required  *bool  `json:"required,omitempty"`
	MinLength *int   `json:"min_length,omitempty"`
	MaxLength *int   `json:"max_length,omitempty"`
}

// SelectOption is one choice of a string select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

func walkComponents(cs []Component, f func(Component)) {
	for _, c := range cs {
		f(c)
		walkComponents(c.Components, f)
	}
}

func findComponent(cs []Component, customID string) (Component, bool) {
	var found Component
	ok := false
	walkComponents(cs, func(c Component) {
		if !ok && c.CustomID == customID && c.Type != discordgo.ActionsRowComponent {
			found, ok = c, true
		}
	})
	return found, ok
}

// --- queries ---

// Messages returns the channel's messages that are not deleted, oldest
// first, ephemeral interaction responses included (check Ephemeral).
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.messagesLocked(channelID)
}

func (s *Server) messagesLocked(channelID string) []Message {
	var out []Message
	for _, id := range s.chanMsgs[channelID] {
		if m := s.messages[id]; !m.Deleted {
			out = append(out, cloneMessage(m))
		}
	}
	return out
}

// LastMessage returns the newest message of a channel that is not deleted.
func (s *Server) LastMessage(channelID string) (Message, bool) {
	ms := s.Messages(channelID)
	if len(ms) == 0 {
		return Message{}, false
	}
	return ms[len(ms)-1], true
}

// Message returns any message by id, deleted ones included.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return cloneMessage(m), true
}

// DMMessages returns the messages of the DM channel between the bot and a
// user (nil if the bot never opened one).
func (s *Server) DMMessages(userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dms[userID]
	if !ok {
		return nil
	}
	return s.messagesLocked(id)
}

// WaitMessage waits until the channel has a (non-deleted) message matching
// match, and returns the newest such message. A nil match accepts any.
func (s *Server) WaitMessage(ctx context.Context, channelID string, match func(Message) bool) (Message, error) {
	var found Message
	err := s.waitFor(ctx, "a message in channel "+channelID, func() bool {
		ms := s.messagesLocked(channelID)
		for i := len(ms) - 1; i >= 0; i-- {
			if match == nil || match(ms[i]) {
				found = ms[i]
				return true
			}
		}
		return false
	})
	return found, err
}

func cloneMessage(m *Message) Message {
	out := *m
	out.Embeds = append([]Embed(nil), m.Embeds...)
	out.Components = append([]Component(nil), m.Components...)
	out.Attachments = append([]Attachment(nil), m.Attachments...)
	out.Revisions = append([]Message(nil), m.Revisions...)
	return out
}

// --- what the bot sends ---

// messagePayload is the body of message creates and edits. Raw fields keep
// the difference between absent and null, which Discord gives meaning to.
type messagePayload struct {
	Content     json.RawMessage `json:"content"`
	Embeds      json.RawMessage `json:"embeds"`
	Components  json.RawMessage `json:"components"`
	Attachments json.RawMessage `json:"attachments"`
	Flags       *int64          `json:"flags"`
	TTS         bool            `json:"tts"`
	// AllowedMentions is "allowed_mentions".
	AllowedMentions json.RawMessage `json:"allowed_mentions"`
}

func present(raw json.RawMessage) bool { return len(raw) > 0 }
func isNull(raw json.RawMessage) bool  { return string(bytes.TrimSpace(raw)) == "null" }

func (p messagePayload) flags() discordgo.MessageFlags {
	if p.Flags == nil {
		return 0
	}
	return discordgo.MessageFlags(*p.Flags)
}

// parsedMessage is a payload after validation: the content to store.
type parsedMessage struct {
	content       *string // nil: leave unchanged
	embeds        []Embed
	embedsRaw     json.RawMessage
	setEmbeds     bool
	components    []Component
	componentsRaw json.RawMessage
	setComponents bool
	keepAttach    map[string]bool // nil: keep every existing attachment
	files         []Attachment    // uploads, with their alt text and file names applied
	flags         discordgo.MessageFlags
	mentions      *AllowedMentions
	setMentions   bool
}

// parseMessage validates p (plus its uploaded files) and converts it. Field
// paths in violations start with prefix ("" or "data.").
//
// existing are the attachments of the message being edited (nil for a new
// message): "attachments" entries may name them to keep them.
func parseMessage(v *validator, prefix string, p messagePayload, files, existing []Attachment) parsedMessage {
	var out parsedMessage
	out.flags = p.flags()
	if present(p.Content) {
		var c string
		if !isNull(p.Content) {
			if err := json.Unmarshal(p.Content, &c); err != nil {
				v.add(prefix+"content", "STRING_TYPE_CONVERT", "Could not interpret value as string.")
			}
		}
		out.content = &c
		checkLen(v, prefix+"content", c, 0, 2000)
	}
	if present(p.Embeds) {
		out.setEmbeds = true
		if !isNull(p.Embeds) {
			var raws []json.RawMessage
			if err := json.Unmarshal(p.Embeds, &raws); err != nil {
				v.add(prefix+"embeds", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
			}
			for _, r := range raws {
				var e Embed
				if err := json.Unmarshal(r, &e); err != nil {
					v.add(prefix+"embeds", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
					continue
				}
				e.Raw = append(json.RawMessage(nil), r...)
				out.embeds = append(out.embeds, e)
			}
			validateEmbeds(v, prefix+"embeds", out.embeds)
			out.embedsRaw = p.Embeds
		}
	}
	if present(p.Components) && !isNull(p.Components) {
		// null components leave them unchanged: Discord ignores null here
		// (discord-api-docs#5860), unlike content and embeds.
		out.setComponents = true
		if err := json.Unmarshal(p.Components, &out.components); err != nil {
			v.add(prefix+"components", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
		}
		validateMessageComponents(v, prefix+"components", out.components, out.flags)
		out.componentsRaw = p.Components
	}
	if present(p.AllowedMentions) && !isNull(p.AllowedMentions) {
		out.mentions = parseAllowedMentions(v, prefix+"allowed_mentions", p.AllowedMentions)
		out.setMentions = true
	}
	out.files, out.keepAttach = parseAttachments(v, prefix, p.Attachments, files, existing)
	// "Max 10 attachments per message" (Discord's message reference).
	if len(files) > maxAttachments {
		v.add(prefix+"files", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAttachments))
	}
	return out
}

// setBody applies the payload's content, embeds and components where it
// sets them (Discord leaves absent fields, and null components, as they are).
func setBody(m *Message, pm parsedMessage) {
	if pm.content != nil {
		m.Content = *pm.content
	}
	if pm.setEmbeds {
		m.Embeds, m.embedsRaw = pm.embeds, pm.embedsRaw
	}
	if pm.setComponents {
		m.Components, m.componentsRaw = pm.components, pm.componentsRaw
	}
	if pm.setMentions {
		m.AllowedMentions = pm.mentions
	}
}

// newMessageLocked creates a message from a validated payload.
func (s *Server) newMessageLocked(ch *Channel, author User, pm parsedMessage) *Message {
	now := s.messageTime()
	m := &Message{
		ID:        s.newIDLocked(),
		ChannelID: ch.ID,
		GuildID:   ch.GuildID,
		Author:    author,
		Flags:     pm.flags,
		CreatedAt: now,
	}
	setBody(m, pm)
	for _, f := range pm.files {
		m.Attachments = append(m.Attachments, s.storeAttachmentLocked(f))
	}
	s.computePingsLocked(m)
	s.messages[m.ID] = m
	s.chanMsgs[ch.ID] = append(s.chanMsgs[ch.ID], m.ID)
	s.notifyLocked()
	return m
}

func (s *Server) storeAttachmentLocked(f Attachment) Attachment {
	f.ID = s.newIDLocked()
	f.upload = -1
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
		f.Width, f.Height = cfg.Width, cfg.Height
	}
	if s.opts.Lean {
		f.Data = nil
	}
	return f
}

// editMessageLocked applies an edit with Discord's semantics: absent fields
// stay, content null or "" clears, embeds null clears, components null
// stays; attachments not listed in "attachments" (when given) are removed,
// and uploaded files are added. The previous version goes to Revisions.
func (s *Server) editMessageLocked(m *Message, pm parsedMessage) {
	prev := cloneMessage(m)
	prev.Revisions = nil
	if !s.opts.Lean {
		m.Revisions = append(m.Revisions, prev)
	}
	setBody(m, pm)
	if pm.keepAttach != nil {
		var kept []Attachment
		for _, a := range m.Attachments {
			if pm.keepAttach[a.ID] {
				kept = append(kept, a)
			}
		}
		m.Attachments = kept
	}
	for _, f := range pm.files {
		m.Attachments = append(m.Attachments, s.storeAttachmentLocked(f))
	}
	// Only the flags a bot may change on an edit; ephemerality and the
	// loading state are not among them (the latter clears on any edit).
	m.Flags = m.Flags&^discordgo.MessageFlagsSuppressEmbeds | pm.flags&discordgo.MessageFlagsSuppressEmbeds
	m.Flags &^= discordgo.MessageFlagsLoading
	m.EditedAt = s.messageTime()
	m.editedReal = time.Now()
	s.computePingsLocked(m)
	s.notifyLocked()
}

// emptyAfter reports whether the message would have nothing to show.
func emptyMessage(m *Message) bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0
}

func (s *Server) attachmentURL(channelID string, a Attachment) string {
	return "https://cdn.discordapp.com/attachments/" + channelID + "/" + a.ID + "/" + url.PathEscape(a.Filename)
}

func (s *Server) messageJSONLocked(m *Message) map[string]any {
	attachments := []any{}
	for _, a := range m.Attachments {
		u := s.attachmentURL(m.ChannelID, a)
		am := map[string]any{
			"id":           a.ID,
			"filename":     a.Filename,
			"size":         len(a.Data),
			"url":          u,
			"proxy_url":    u,
			"content_type": a.ContentType,
			"ephemeral":    m.Ephemeral,
		}
		if a.Description != "" {
			am["description"] = a.Description
		}
		if a.Width > 0 {
			am["width"], am["height"] = a.Width, a.Height
		}
		attachments = append(attachments, am)
	}
	var embeds any = []any{}
	if len(m.Embeds) > 0 {
		embeds = m.embedsRaw
	}
	var components any = []any{}
	if len(m.Components) > 0 {
		components = m.componentsRaw
	}
	// mentions lists the users mentioned and allowed, @silent or not.
	mentions := []any{}
	for _, id := range m.pings {
		if u, ok := s.users[id]; ok {
			mentions = append(mentions, userJSON(*u))
		}
	}
	out := map[string]any{
		"id":               m.ID,
		"type":             int(m.Type),
		"channel_id":       m.ChannelID,
		"content":          m.Content,
		"author":           userJSON(m.Author),
		"attachments":      attachments,
		"embeds":           embeds,
		"components":       components,
		"mentions":         mentions,
		"mention_roles":    []any{},
		"mention_everyone": m.mentionsEveryone,
		"pinned":           false,
		"tts":              false,
		"timestamp":        m.CreatedAt.Format(time.RFC3339Nano),
		"edited_timestamp": nil,
		"flags":            int(m.Flags),
	}
	if !m.EditedAt.IsZero() {
		out["edited_timestamp"] = m.EditedAt.Format(time.RFC3339Nano)
	}
	if m.GuildID != "" {
		out["guild_id"] = m.GuildID
	}
	if m.InteractionID != "" {
		out["webhook_id"] = s.bot.ID
		out["application_id"] = s.bot.ID
		if st, ok := s.interacts[m.InteractionID]; ok {
			out["interaction_metadata"] = map[string]any{
				"id":   st.h.ID,
				"type": int(st.h.Type),
				"user": userJSON(st.h.User),
			}
		}
	}
	if m.ThreadID != "" {
		if c, ok := s.channels[m.ThreadID]; ok {
			out["thread"] = s.channelJSONLocked(c)
		}
	}
	return out
}

// PlantDM puts a message from the bot into a user's direct messages, as if
// the bot had sent it before this server started: what an upgrade test
// needs to press a menu an older version of the bot left there. The
// components are taken as given (they were checked when first sent).
func (s *Server) PlantDM(userID, content string, components []Component) Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.dmChannelLocked(userID)
	m := s.newMessageLocked(ch, s.bot, parsedMessage{content: &content, components: components, setComponents: true})
	return cloneMessage(m)
}
