package bot

import (
	"net/url"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Permission is one channel permission the bot asks for when it is
// invited, with the name Discord's portal shows for it.
type Permission struct {
	Name string
	Bit  int64
}

// Permissions are the permissions the bot asks for: posting the games
// (with an embed for the waiting line and pictures as files), reading the
// channel's history to edit its own posts, and threads for games played in
// a thread of their own and for practice games, which are private
// threads. README.md lists the same ones (a test holds them together).
var Permissions = []Permission{
	{"Send Messages", discordgo.PermissionSendMessages},
	{"Embed Links", discordgo.PermissionEmbedLinks},
	{"Attach Files", discordgo.PermissionAttachFiles},
	{"Read Message History", discordgo.PermissionReadMessageHistory},
	{"Create Public Threads", discordgo.PermissionCreatePublicThreads},
	{"Create Private Threads", discordgo.PermissionCreatePrivateThreads},
	{"Send Messages in Threads", discordgo.PermissionSendMessagesInThreads},
}

// InviteURL is the link that adds the bot of application appID to a
// server with its slash commands and Permissions.
func InviteURL(appID string) string {
	var bits int64
	for _, p := range Permissions {
		bits |= p.Bit
	}
	q := url.Values{"client_id": {appID}, "scope": {"bot applications.commands"}, "permissions": {strconv.FormatInt(bits, 10)}}
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}
