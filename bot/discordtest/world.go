package discordtest

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is a Discord user as the fake knows it.
type User struct {
	ID         string
	Username   string
	GlobalName string // display name; empty means none
	Bot        bool
	// Locale is the user's client language, sent as the "locale" of their
	// interactions; empty means DefaultLocale. See SetLocale.
	Locale string
}

// Guild is a Discord server. The bot is always a member of every guild the
// fake knows, so each one is announced in READY and GUILD_CREATE.
type Guild struct {
	ID      string
	Name    string
	OwnerID string
	// PreferredLocale is the guild's language, sent as "preferred_locale"
	// and as interactions' "guild_locale"; empty means DefaultLocale. See
	// SetGuildLocale.
	PreferredLocale string
}

// Channel is a guild text channel, a thread or a DM channel.
type Channel struct {
	ID       string
	Type     discordgo.ChannelType
	GuildID  string // empty for DMs
	Name     string
	ParentID string // threads: the channel they live in
	// RecipientID is the user at the other end of a DM channel.
	RecipientID string
	// OwnerID is the thread's creator.
	OwnerID string
	// StarterMessageID is the message a thread was started from, if any;
	// such a thread has the same id as that message, as on Discord.
	StarterMessageID string
	// AutoArchiveDuration is a thread's inactivity delay before archiving,
	// in minutes (Discord's default 1440 unless the bot chose another).
	AutoArchiveDuration int
}

// IsDM reports whether the channel is a direct-message channel.
func (c Channel) IsDM() bool { return c.Type == discordgo.ChannelTypeDM }

// IsThread reports whether the channel is a thread.
func (c Channel) IsThread() bool {
	return c.Type == discordgo.ChannelTypeGuildPublicThread ||
		c.Type == discordgo.ChannelTypeGuildPrivateThread ||
		c.Type == discordgo.ChannelTypeGuildNewsThread
}

// Member is a user's membership of a guild.
type Member struct {
	GuildID string
	User    User
	Nick    string
	Roles   []string
	// Permissions are the member's computed permissions, sent as the
	// "permissions" string of interaction members.
	Permissions int64
	JoinedAt    time.Time
}

// DefaultMemberPermissions are what an ordinary member may do in a text
// channel: view, send, read history, embed links, attach files, react, use
// application commands, and send in threads.
const DefaultMemberPermissions = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionAddReactions |
	discordgo.PermissionUseSlashCommands |
	discordgo.PermissionSendMessagesInThreads |
	discordgo.PermissionCreatePublicThreads

// DefaultBotPermissions are the bot's permissions, sent as app_permissions:
// the member defaults plus managing messages and threads.
const DefaultBotPermissions = DefaultMemberPermissions |
	discordgo.PermissionManageMessages |
	discordgo.PermissionManageThreads |
	discordgo.PermissionCreatePrivateThreads

type memberKey struct{ guild, user string }

// AddUser adds a user whose global (display) name is the username with an
// upper-case first letter.
func (s *Server) AddUser(username string) User {
	display := username
	if display != "" {
		display = strings.ToUpper(display[:1]) + display[1:]
	}
	return s.PutUser(User{Username: username, GlobalName: display})
}

// PutUser adds or replaces a user; an empty ID gets a new one.
func (s *Server) PutUser(u User) User {
	if u.Locale != "" {
		mustLocale("PutUser", u.Locale)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.ID == "" {
		u.ID = s.newIDLocked()
	}
	cp := u
	s.users[u.ID] = &cp
	s.notifyLocked()
	return u
}

// User returns a known user.
func (s *Server) User(id string) (User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[id]
	if !ok {
		return User{}, false
	}
	return *u, true
}

// AddGuild adds a guild with the bot as a member. Sessions connected at the
// time receive a GUILD_CREATE for it.
func (s *Server) AddGuild(name string) Guild {
	s.mu.Lock()
	g := &Guild{ID: s.newIDLocked(), Name: name, OwnerID: s.bot.ID}
	s.guilds[g.ID] = g
	s.guildList = append(s.guildList, g.ID)
	s.members[memberKey{g.ID, s.bot.ID}] = &Member{GuildID: g.ID, User: s.bot, Permissions: DefaultBotPermissions, JoinedAt: time.Now().UTC()}
	s.notifyLocked()
	out := *g
	s.mu.Unlock()
	s.broadcastGuildCreate(g.ID)
	return out
}

// Guild returns a known guild.
func (s *Server) Guild(id string) (Guild, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[id]
	if !ok {
		return Guild{}, false
	}
	return *g, true
}

// AddTextChannel adds a text channel to a guild. It panics if the guild is
// unknown, because that is a mistake in the test's setup.
func (s *Server) AddTextChannel(guildID, name string) Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.guilds[guildID]; !ok {
		panic(fmt.Sprintf("discordtest: AddTextChannel: unknown guild %q", guildID))
	}
	c := &Channel{ID: s.newIDLocked(), Type: discordgo.ChannelTypeGuildText, GuildID: guildID, Name: name}
	s.addChannelLocked(c)
	return *c
}

func (s *Server) addChannelLocked(c *Channel) {
	s.channels[c.ID] = c
	s.chanList = append(s.chanList, c.ID)
	s.notifyLocked()
}

// Channel returns a known channel.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// Threads returns the threads whose parent is channelID, oldest first.
func (s *Server) Threads(channelID string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, id := range s.chanList {
		if c := s.channels[id]; c.IsThread() && c.ParentID == channelID {
			out = append(out, *c)
		}
	}
	return out
}

// DMChannel returns the DM channel between the bot and a user, creating it
// if needed, exactly as POST /users/@me/channels would.
func (s *Server) DMChannel(userID string) Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.dmChannelLocked(userID)
}

func (s *Server) dmChannelLocked(userID string) *Channel {
	if id, ok := s.dms[userID]; ok {
		return s.channels[id]
	}
	c := &Channel{ID: s.newIDLocked(), Type: discordgo.ChannelTypeDM, RecipientID: userID}
	s.dms[userID] = c.ID
	s.addChannelLocked(c)
	return c
}

// AddMember makes a user a member of a guild with DefaultMemberPermissions.
func (s *Server) AddMember(guildID string, u User) Member {
	return s.PutMember(Member{GuildID: guildID, User: u, Permissions: DefaultMemberPermissions})
}

// PutMember adds or replaces a membership; use it to give a member other
// permissions, roles or a nickname. The user is added if unknown.
func (s *Server) PutMember(m Member) Member {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.guilds[m.GuildID]; !ok {
		panic(fmt.Sprintf("discordtest: PutMember: unknown guild %q", m.GuildID))
	}
	if m.User.ID == "" {
		m.User.ID = s.newIDLocked()
	}
	if _, ok := s.users[m.User.ID]; !ok {
		u := m.User
		s.users[u.ID] = &u
	}
	if m.JoinedAt.IsZero() {
		m.JoinedAt = time.Now().UTC()
	}
	cp := m
	s.members[memberKey{m.GuildID, m.User.ID}] = &cp
	s.notifyLocked()
	return m
}

// Member returns a user's membership of a guild.
func (s *Server) Member(guildID, userID string) (Member, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.members[memberKey{guildID, userID}]
	if !ok {
		return Member{}, false
	}
	return *m, true
}

// SetDMsClosed models a user who does not accept DMs from the bot (privacy
// settings, or no shared server): opening the DM channel still works, but
// sending a message in it fails with 403 50007 "Cannot send messages to
// this user", as on Discord.
func (s *Server) SetDMsClosed(userID string, closed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dmsClosed[userID] = closed
}

// Fixture is what Seed creates: a guild, its #general text channel, and
// users who are members of the guild.
type Fixture struct {
	Guild   Guild
	Channel Channel
	Users   []User
}

// Seed creates the usual small world for a test: a guild "Test Guild" with a
// #general channel and one member per username.
func (s *Server) Seed(usernames ...string) Fixture {
	f := Fixture{Guild: s.AddGuild("Test Guild")}
	f.Channel = s.AddTextChannel(f.Guild.ID, "general")
	for _, name := range usernames {
		u := s.AddUser(name)
		s.AddMember(f.Guild.ID, u)
		f.Users = append(f.Users, u)
	}
	return f
}

// --- JSON shapes, as Discord sends them ---

func userJSON(u User) map[string]any {
	m := map[string]any{
		"id":            u.ID,
		"username":      u.Username,
		"discriminator": "0",
		"avatar":        nil,
		"public_flags":  0,
		"flags":         0,
	}
	if u.GlobalName != "" {
		m["global_name"] = u.GlobalName
	} else {
		m["global_name"] = nil
	}
	if u.Bot {
		m["bot"] = true
		m["verified"] = true
		m["mfa_enabled"] = false
	}
	return m
}

func memberJSON(m Member, withUser bool) map[string]any {
	roles := m.Roles
	if roles == nil {
		roles = []string{}
	}
	out := map[string]any{
		"roles":     roles,
		"joined_at": m.JoinedAt.Format(time.RFC3339Nano),
		"deaf":      false,
		"mute":      false,
		"flags":     0,
		"pending":   false,
		"avatar":    nil,
	}
	if m.Nick != "" {
		out["nick"] = m.Nick
	} else {
		out["nick"] = nil
	}
	if withUser {
		out["user"] = userJSON(m.User)
	}
	return out
}

func (s *Server) channelJSONLocked(c *Channel) map[string]any {
	out := map[string]any{
		"id":    c.ID,
		"type":  int(c.Type),
		"flags": 0,
	}
	var last string
	if ids := s.chanMsgs[c.ID]; len(ids) > 0 {
		last = ids[len(ids)-1]
	}
	if last != "" {
		out["last_message_id"] = last
	} else {
		out["last_message_id"] = nil
	}
	if c.IsDM() {
		var recipients []any
		if u, ok := s.users[c.RecipientID]; ok {
			recipients = append(recipients, userJSON(*u))
		}
		out["recipients"] = recipients
		return out
	}
	out["guild_id"] = c.GuildID
	out["name"] = c.Name
	out["permission_overwrites"] = []any{}
	out["nsfw"] = false
	out["rate_limit_per_user"] = 0
	if c.ParentID != "" {
		out["parent_id"] = c.ParentID
	} else {
		out["parent_id"] = nil
	}
	if c.IsThread() {
		out["owner_id"] = c.OwnerID
		out["message_count"] = len(s.chanMsgs[c.ID])
		out["member_count"] = 1
		out["thread_metadata"] = map[string]any{
			"archived":              false,
			"auto_archive_duration": c.AutoArchiveDuration,
			"archive_timestamp":     time.Now().UTC().Format(time.RFC3339Nano),
			"locked":                false,
		}
	} else {
		out["position"] = 0
		out["topic"] = nil
	}
	return out
}

func (s *Server) guildJSONLocked(g *Guild) map[string]any {
	var channels, threads, members []any
	for _, id := range s.chanList {
		c := s.channels[id]
		if c.GuildID != g.ID {
			continue
		}
		if c.IsThread() {
			threads = append(threads, s.channelJSONLocked(c))
		} else {
			channels = append(channels, s.channelJSONLocked(c))
		}
	}
	count := 0
	for k, m := range s.members {
		if k.guild != g.ID {
			continue
		}
		count++
		if k.user == s.bot.ID {
			members = append(members, memberJSON(*m, true))
		}
	}
	var joined time.Time
	if m, ok := s.members[memberKey{g.ID, s.bot.ID}]; ok {
		joined = m.JoinedAt
	}
	return map[string]any{
		"id":                     g.ID,
		"name":                   g.Name,
		"icon":                   nil,
		"owner_id":               g.OwnerID,
		"unavailable":            false,
		"large":                  false,
		"member_count":           count,
		"joined_at":              joined.Format(time.RFC3339Nano),
		"preferred_locale":       guildLocale(g),
		"features":               []any{},
		"emojis":                 []any{},
		"stickers":               []any{},
		"voice_states":           []any{},
		"presences":              []any{},
		"stage_instances":        []any{},
		"guild_scheduled_events": []any{},
		"roles": []any{map[string]any{
			"id": g.ID, "name": "@everyone", "permissions": fmt.Sprint(DefaultMemberPermissions),
			"position": 0, "color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0,
		}},
		"channels": nonNil(channels),
		"threads":  nonNil(threads),
		"members":  nonNil(members),
	}
}

func nonNil(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}
