package discordtest

import (
	"net/http"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// channelWriteRoutes are the routes that need the bot to be allowed to
// write in the channel (Send Messages, Send Messages in Threads, Create
// Threads); DenyPermission makes them answer 403 50013. Deleting the bot's
// own messages needs no permission and stays allowed.
var channelWriteRoutes = []string{
	"POST /channels/{channel}/messages",
	"PATCH /channels/{channel}/messages/{message}",
	"POST /channels/{channel}/messages/{message}/threads",
	"POST /channels/{channel}/threads",
	"POST /channels/{channel}/typing",
}

// writePermissions are the bot permissions a denied channel takes away
// from the interactions' app_permissions.
const writePermissions = discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads |
	discordgo.PermissionCreatePublicThreads | discordgo.PermissionCreatePrivateThreads

// DenyPermission takes away the bot's right to write in a channel and its
// threads, as a server admin removing Send Messages would: message sends
// and edits, thread creation and typing there answer 403 50013 "Missing
// Permissions" (see MissingPermissions), and interactions from the channel
// carry app_permissions without the write permissions. Interaction
// responses and follow-ups still work, as on Discord, because they go
// through the interaction's webhook. routes, if given, narrows the denial to
// those route templates, e.g. "PATCH /channels/{channel}/messages/{message}"
// (see Request.Route). A later call replaces an earlier one.
func (s *Server) DenyPermission(channelID string, routes ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.denied == nil {
		s.denied = map[string][]string{}
	}
	if len(routes) == 0 {
		routes = channelWriteRoutes
	}
	s.denied[channelID] = slices.Clone(routes)
}

// AllowPermission gives back what DenyPermission took away in a channel.
func (s *Server) AllowPermission(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.denied, channelID)
}

// MissingPermissions is the 403 50013 Discord answers when the bot lacks a
// permission, for FailNext.
func MissingPermissions() Fault {
	return APIError(http.StatusForbidden, 50013, "Missing Permissions")
}

// deniedLocked reports whether the route is denied in the channel named by
// the request, directly or through a thread's parent.
func (s *Server) deniedLocked(route string, params map[string]string) bool {
	id, ok := params["channel"]
	if !ok || len(s.denied) == 0 {
		return false
	}
	for id != "" {
		if slices.Contains(s.denied[id], route) {
			return true
		}
		ch, ok := s.channels[id]
		if !ok {
			return false
		}
		id = ch.ParentID
	}
	return false
}

// appPermissionsLocked is the bot's app_permissions in a channel.
func (s *Server) appPermissionsLocked(ch *Channel) int64 {
	perms := int64(DefaultBotPermissions)
	for c := ch; c != nil; c = s.channels[c.ParentID] {
		if slices.Contains(s.denied[c.ID], channelWriteRoutes[0]) {
			perms &^= writePermissions
		}
		if c.ParentID == "" {
			break
		}
	}
	return perms
}
