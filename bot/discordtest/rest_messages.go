package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// channelMessageFlags are the only flags a bot may set on a channel
// message; ephemeral (64) exists only for interaction responses.
const channelMessageFlags = discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications | discordgo.MessageFlagsIsComponentsV2

// responseFlags are the flags allowed on interaction responses and follow-ups.
const responseFlags = channelMessageFlags | discordgo.MessageFlagsEphemeral

func checkFlags(v *validator, field string, f, allowed discordgo.MessageFlags) {
	if f&^allowed != 0 {
		v.add(field, "MESSAGE_FLAGS_INVALID", "Invalid flags: "+strconv.Itoa(int(f&^allowed)))
	}
}

// channelFor resolves a channel the bot may post in.
func (s *Server) channelFor(c *call) (*Channel, int, any) {
	ch, ok := s.channels[c.param("channel")]
	if !ok {
		st, b := apiErr(http.StatusNotFound, 10003, "Unknown Channel")
		return nil, st, b
	}
	return ch, 0, nil
}

// channelMessage resolves a message through a channel route. Ephemeral
// messages are invisible there, as on Discord.
func (s *Server) channelMessage(c *call) (*Message, int, any) {
	m, ok := s.messages[c.param("message")]
	if !ok || m.Deleted || m.Ephemeral || m.ChannelID != c.param("channel") {
		if _, ok := s.channels[c.param("channel")]; !ok {
			st, b := apiErr(http.StatusNotFound, 10003, "Unknown Channel")
			return nil, st, b
		}
		st, b := apiErr(http.StatusNotFound, 10008, "Unknown Message")
		return nil, st, b
	}
	return m, 0, nil
}

func (s *Server) postMessage(c *call) (int, any) {
	ch, st, b := s.channelFor(c)
	if ch == nil {
		return st, b
	}
	if ch.IsDM() && s.dmsClosed[ch.RecipientID] {
		return apiErr(http.StatusForbidden, 50007, "Cannot send messages to this user")
	}
	if st, b, rejected := c.uploadRejected(); rejected {
		return st, b
	}
	var p messagePayload
	if ok, st, b := c.decode(&p); !ok {
		return st, b
	}
	pm := parseMessage(c.v, "", p, c.req.Files, nil)
	checkFlags(c.v, "flags", pm.flags, channelMessageFlags)
	if !c.v.ok() {
		return c.invalid()
	}
	if (pm.content == nil || *pm.content == "") && len(pm.embeds) == 0 && len(pm.components) == 0 && len(pm.files) == 0 {
		return c.reject(50006, "Cannot send an empty message")
	}
	m := s.newMessageLocked(ch, s.bot, pm)
	return http.StatusOK, s.messageJSONLocked(m)
}

func (s *Server) listMessages(c *call) (int, any) {
	ch, st, b := s.channelFor(c)
	if ch == nil {
		return st, b
	}
	limit := 50
	if l, err := strconv.Atoi(c.req.Query.Get("limit")); err == nil && l >= 1 && l <= 100 {
		limit = l
	}
	before, after := c.req.Query.Get("before"), c.req.Query.Get("after")
	out := []any{}
	ids := s.chanMsgs[ch.ID]
	for i := len(ids) - 1; i >= 0 && len(out) < limit; i-- { // newest first
		m := s.messages[ids[i]]
		if m.Deleted || m.Ephemeral || (before != "" && !idLess(m.ID, before)) || (after != "" && !idLess(after, m.ID)) {
			continue
		}
		out = append(out, s.messageJSONLocked(m))
	}
	return http.StatusOK, out
}

// idLess compares snowflakes numerically.
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func (s *Server) getMessage(c *call) (int, any) {
	m, st, b := s.channelMessage(c)
	if m == nil {
		return st, b
	}
	return http.StatusOK, s.messageJSONLocked(m)
}

func (s *Server) editMessage(c *call) (int, any) {
	m, st, b := s.channelMessage(c)
	if m == nil {
		return st, b
	}
	if m.Author.ID != s.bot.ID {
		return apiErr(http.StatusForbidden, 50005, "Cannot edit a message authored by another user")
	}
	return s.applyEdit(c, m, c.req.JSON, "", channelMessageFlags)
}

// applyEdit validates and applies an edit, refusing one that would leave
// the message empty.
func (s *Server) applyEdit(c *call, m *Message, raw json.RawMessage, prefix string, allowedFlags discordgo.MessageFlags) (int, any) {
	if st, b, rejected := c.uploadRejected(); rejected {
		return st, b
	}
	var p messagePayload
	if len(raw) > 0 && !isNull(raw) {
		if err := json.Unmarshal(raw, &p); err != nil {
			return apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		}
	}
	pm := parseMessage(c.v, prefix, p, c.req.Files, m.Attachments)
	checkFlags(c.v, prefix+"flags", pm.flags, allowedFlags)
	if !c.v.ok() {
		return c.invalid()
	}
	next := cloneMessage(m)
	s.editMessageLocked(&next, pm)
	if len(next.Attachments) > maxAttachments {
		c.v.add(prefix+"attachments", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAttachments))
		return c.invalid()
	}
	if emptyMessage(&next) && !next.Loading() {
		return c.reject(50006, "Cannot send an empty message")
	}
	*m = next
	return http.StatusOK, s.messageJSONLocked(m)
}

func (s *Server) deleteMessage(c *call) (int, any) {
	m, st, b := s.channelMessage(c)
	if m == nil {
		return st, b
	}
	m.Deleted = true
	s.notifyLocked()
	return http.StatusNoContent, nil
}

// threadArchiveDurations are the only auto_archive_duration values Discord
// accepts, in minutes: "can be set to: 60, 1440, 4320, 10080"
// (https://discord.com/developers/docs/resources/channel#start-thread-from-message).
var threadArchiveDurations = []int{60, 1440, 4320, 10080}

type threadStart struct {
	Name                string                 `json:"name"`
	Type                *discordgo.ChannelType `json:"type"`
	AutoArchiveDuration *int                   `json:"auto_archive_duration"`
}

func (s *Server) startThread(c *call) (int, any) {
	parent, st, b := s.channelFor(c)
	if parent == nil {
		return st, b
	}
	var p threadStart
	if ok, st, b := c.decode(&p); !ok {
		return st, b
	}
	// API v9 defaults to a private thread when no type is given.
	typ := discordgo.ChannelTypeGuildPrivateThread
	if p.Type != nil && *p.Type != 0 {
		typ = *p.Type
	}
	return s.createThread(c, parent, p, typ, nil)
}

func (s *Server) startMessageThread(c *call) (int, any) {
	m, st, b := s.channelMessage(c)
	if m == nil {
		return st, b
	}
	var p threadStart
	if ok, st, b := c.decode(&p); !ok {
		return st, b
	}
	if m.ThreadID != "" {
		return apiErr(http.StatusBadRequest, 160004, "A thread has already been created for this message")
	}
	typ := discordgo.ChannelTypeGuildPublicThread
	if s.channels[m.ChannelID].Type == discordgo.ChannelTypeGuildNews {
		typ = discordgo.ChannelTypeGuildNewsThread
	}
	return s.createThread(c, s.channels[m.ChannelID], p, typ, m)
}

func (s *Server) createThread(c *call, parent *Channel, p threadStart, typ discordgo.ChannelType, from *Message) (int, any) {
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews {
		return apiErr(http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
	}
	// "1-100 character channel name" (start thread endpoints).
	checkLen(c.v, "name", p.Name, 1, 100)
	if p.AutoArchiveDuration != nil && !slices.Contains(threadArchiveDurations, *p.AutoArchiveDuration) {
		c.v.add("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
	}
	if typ != discordgo.ChannelTypeGuildPublicThread && typ != discordgo.ChannelTypeGuildPrivateThread && typ != discordgo.ChannelTypeGuildNewsThread {
		c.v.add("type", "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}.")
	}
	if !c.v.ok() {
		return c.invalid()
	}
	th := &Channel{Type: typ, GuildID: parent.GuildID, Name: p.Name, ParentID: parent.ID, OwnerID: s.bot.ID, AutoArchiveDuration: 1440}
	if p.AutoArchiveDuration != nil {
		th.AutoArchiveDuration = *p.AutoArchiveDuration
	}
	if from != nil {
		// A thread started from a message shares the message's id.
		th.ID = from.ID
		th.StarterMessageID = from.ID
		from.ThreadID = th.ID
	} else {
		th.ID = s.newIDLocked()
	}
	s.addChannelLocked(th)
	return http.StatusCreated, s.channelJSONLocked(th)
}
