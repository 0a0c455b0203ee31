package discordtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// AllowedMentions is a message's allowed_mentions object as the bot sent it
// (https://discord.com/developers/docs/resources/message#allowed-mentions-object).
// A message without one pings whatever its content mentions.
type AllowedMentions struct {
	// Parse lists the mention types pinged wherever the content has them:
	// "users", "roles", "everyone".
	Parse []string
	// Users and Roles list the ids that may be pinged, at most 100 each;
	// "users" in Parse excludes Users, and "roles" excludes Roles.
	Users []string
	Roles []string
	// RepliedUser pings the author of the message replied to.
	RepliedUser bool
}

// maxAllowedMentionIDs is Discord's cap on allowed_mentions.users and
// allowed_mentions.roles: "Array of user_ids to mention (Max size of 100)".
const maxAllowedMentionIDs = 100

var allowedMentionTypes = []string{"users", "roles", "everyone"}

// parseAllowedMentions validates allowed_mentions the way Discord does and
// converts it; nil when absent or null.
func parseAllowedMentions(v *validator, f string, raw json.RawMessage) *AllowedMentions {
	if !present(raw) || isNull(raw) {
		return nil
	}
	var body struct {
		Parse       json.RawMessage `json:"parse"`
		Users       json.RawMessage `json:"users"`
		Roles       json.RawMessage `json:"roles"`
		RepliedUser json.RawMessage `json:"replied_user"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		v.add(f, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
		return nil
	}
	am := &AllowedMentions{}
	if present(body.Parse) && !isNull(body.Parse) {
		if err := json.Unmarshal(body.Parse, &am.Parse); err != nil {
			v.add(f+".parse", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
		}
		for i, p := range am.Parse {
			if !slices.Contains(allowedMentionTypes, p) {
				v.add(fmt.Sprintf("%s.parse.%d", f, i), "BASE_TYPE_CHOICES", "Value must be one of ('roles', 'users', 'everyone').")
			}
		}
	}
	am.Users = parseMentionIDs(v, f+".users", body.Users)
	am.Roles = parseMentionIDs(v, f+".roles", body.Roles)
	if present(body.RepliedUser) && !isNull(body.RepliedUser) {
		if err := json.Unmarshal(body.RepliedUser, &am.RepliedUser); err != nil {
			v.add(f+".replied_user", "BOOLEAN_TYPE_CONVERT", "Must be either true or false.")
		}
	}
	// "users" in parse already allows every user, so a list of users
	// besides is refused as contradictory; the same goes for roles.
	for _, pair := range []struct {
		kind string
		ids  []string
	}{{"users", am.Users}, {"roles", am.Roles}} {
		if slices.Contains(am.Parse, pair.kind) && len(pair.ids) > 0 {
			v.add(f, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
				fmt.Sprintf("parse:[%q] and %s: [ids...] are mutually exclusive.", pair.kind, pair.kind))
		}
	}
	return am
}

// parseMentionIDs reads a list of snowflakes (strings or numbers), at most
// maxAllowedMentionIDs of them.
func parseMentionIDs(v *validator, f string, raw json.RawMessage) []string {
	if !present(raw) || isNull(raw) {
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		v.add(f, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
		return nil
	}
	if len(items) > maxAllowedMentionIDs {
		v.add(f, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAllowedMentionIDs))
	}
	ids := make([]string, 0, len(items))
	for i, it := range items {
		var id string
		if json.Unmarshal(it, &id) != nil {
			id = string(it) // a number
		}
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			v.add(fmt.Sprintf("%s.%d", f, i), "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", id))
			continue
		}
		ids = append(ids, id)
	}
	return ids
}

var (
	userMentionRE = regexp.MustCompile(`<@!?(\d+)>`)
	roleMentionRE = regexp.MustCompile(`<@&(\d+)>`)
)

// computePingsLocked works out who the message's content notifies, with
// Discord's rules: a mention pings when allowed_mentions permits its kind
// or its id, everything mentioned pings when there is no allowed_mentions,
// and only people who can see the channel are notified (members of the
// guild, or the recipient of a DM). Ephemerality and @silent are applied by
// Pings, since they may be set after the content.
func (s *Server) computePingsLocked(m *Message) {
	am := m.AllowedMentions
	allows := func(kind, id string, list func(*AllowedMentions) []string) bool {
		return am == nil || slices.Contains(am.Parse, kind) || (id != "" && slices.Contains(list(am), id))
	}
	ch := s.channels[m.ChannelID]
	canSee := func(userID string) bool {
		if ch == nil || userID == s.bot.ID {
			return false
		}
		if ch.IsDM() {
			return userID == ch.RecipientID
		}
		_, ok := s.members[memberKey{ch.GuildID, userID}]
		return ok
	}
	pinged := map[string]bool{}
	for _, sm := range userMentionRE.FindAllStringSubmatch(m.Content, -1) {
		if id := sm[1]; allows("users", id, func(a *AllowedMentions) []string { return a.Users }) && canSee(id) {
			pinged[id] = true
		}
	}
	everyone := (strings.Contains(m.Content, "@everyone") || strings.Contains(m.Content, "@here")) &&
		allows("everyone", "", nil) && ch != nil && !ch.IsDM()
	m.mentionsEveryone = everyone
	var roles []string
	for _, sm := range roleMentionRE.FindAllStringSubmatch(m.Content, -1) {
		if id := sm[1]; allows("roles", id, func(a *AllowedMentions) []string { return a.Roles }) {
			roles = append(roles, id)
		}
	}
	if ch != nil && !ch.IsDM() && (everyone || len(roles) > 0) {
		for k, mem := range s.members {
			if k.guild != ch.GuildID || k.user == s.bot.ID {
				continue
			}
			if everyone || slices.ContainsFunc(mem.Roles, func(r string) bool { return slices.Contains(roles, r) }) {
				pinged[k.user] = true
			}
		}
	}
	m.pings = m.pings[:0:0]
	for id := range pinged {
		m.pings = append(m.pings, id)
	}
	slices.SortFunc(m.pings, func(a, b string) int {
		if idLess(a, b) {
			return -1
		}
		if a == b {
			return 0
		}
		return 1
	})
}

// Pings reports whether the message, as it stands, notifies userID through
// a mention: a <@id> mention, a mention of one of their roles, or @everyone
// / @here, each only as far as the message's allowed_mentions permits (a
// message without allowed_mentions pings everything its content mentions).
// Embeds never ping; an ephemeral message pings nobody but its viewer; a
// message sent with the SUPPRESS_NOTIFICATIONS flag (@silent) pings nobody.
// Being a DM's recipient is not a ping: see DMMessages for those.
func (m Message) Pings(userID string) bool {
	if m.Flags&discordgo.MessageFlagsSuppressNotifications != 0 {
		return false
	}
	if m.Ephemeral && userID != m.VisibleTo {
		return false
	}
	return slices.Contains(m.pings, userID)
}

// PingedUsers lists, in id order, the users Pings reports as notified.
func (m Message) PingedUsers() []string {
	var out []string
	for _, id := range m.pings {
		if m.Pings(id) {
			out = append(out, id)
		}
	}
	return out
}
