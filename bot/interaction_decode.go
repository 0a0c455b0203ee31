package bot

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// decodeInteraction reads an interaction as Discord delivers it (the d of
// INTERACTION_CREATE, or the body of a request to the endpoint). It scans
// it once (scanInteraction), and decodes with encoding/json into
// discordgo's types what it does not follow, which then says what is
// wrong with it.
func decodeInteraction(b []byte) (*discordgo.Interaction, error) {
	if i, ok := scanInteraction(b); ok {
		return i, nil
	}
	i := &discordgo.Interaction{}
	err := json.Unmarshal(b, i)
	return i, err
}

// Fields of an interaction scanInteraction reads, as bits, to see a key
// repeated.
const (
	fID = 1 << iota
	fAppID
	fType
	fData
	fGuildID
	fChannelID
	fMessage
	fAppPermissions
	fMember
	fUser
	fLocale
	fGuildLocale
	fToken
	fVersion
)

// scanInteraction reads an interaction in one pass over its bytes, as
// encoding/json and discordgo's Interaction.UnmarshalJSON read it, for
// every field the bot reads: discordgo decodes the whole interaction
// twice (once to find its type, once for its data) and the whole message
// a component sat on, each of its components twice, which was most of
// the processor time of reading the gateway. What it skips (the message's
// components and embeds, entitlements, context, integration owners) it
// checks as JSON without decoding, and leaves zero in the result.
//
// It decodes small parts through encoding/json itself, exactly as
// discordgo would (the data, by the interaction's type; the member; the
// user; the message's attachments), and handles the plain case of the
// rest: wanted keys without escapes or bytes beyond ASCII, not repeated
// (encoding/json would merge a repeated object), ids and tokens as
// strings without escapes, numbers as plain integers. Anything else
// answers false, and the caller decodes with encoding/json.
//
// One difference is deliberate: a value of the wrong type where the bot
// reads nothing (a number for a component's label, say) is skipped here,
// where encoding/json fails the whole interaction (and discordgo's
// gateway then delivers an empty one). Discord never sends that.
func scanInteraction(b []byte) (*discordgo.Interaction, bool) {
	s := scanner{b: b}
	i := &discordgo.Interaction{}
	var seen int
	var data []byte
	ok := s.object(func(key []byte) bool {
		f := interactionField(key)
		if f == 0 {
			return s.skip()
		}
		if f < 0 || seen&f != 0 {
			return false
		}
		seen |= f
		var ok bool
		switch f {
		case fID:
			i.ID, ok = s.plainString()
		case fAppID:
			i.AppID, ok = s.plainString()
		case fType:
			var n int64
			n, ok = s.integer(0, 255)
			i.Type = discordgo.InteractionType(n)
		case fData:
			start := s.i
			ok = s.skip()
			data = b[start:s.i]
		case fGuildID:
			i.GuildID, ok = s.plainString()
		case fChannelID:
			i.ChannelID, ok = s.plainString()
		case fMessage:
			if s.null() {
				return true
			}
			i.Message, ok = s.message()
		case fAppPermissions:
			i.AppPermissions, ok = s.stringInteger()
		case fMember:
			if s.null() {
				return true
			}
			i.Member = &discordgo.Member{}
			ok = s.decode(i.Member)
		case fUser:
			if s.null() {
				return true
			}
			i.User = &discordgo.User{}
			ok = s.decode(i.User)
		case fLocale:
			var v string
			v, ok = s.plainString()
			i.Locale = discordgo.Locale(v)
		case fGuildLocale:
			if s.null() {
				return true
			}
			var v string
			v, ok = s.plainString()
			l := discordgo.Locale(v)
			i.GuildLocale = &l
		case fToken:
			i.Token, ok = s.plainString()
		case fVersion:
			var n int64
			n, ok = s.integer(-1<<31, 1<<31-1)
			i.Version = int(n)
		}
		return ok
	})
	if !ok {
		return nil, false
	}
	s.space()
	if s.i != len(s.b) {
		return nil, false
	}
	// As discordgo's Interaction.UnmarshalJSON: the data by the type;
	// none for a ping, and an error (left to encoding/json) when a type
	// with data has none.
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var v discordgo.ApplicationCommandInteractionData
		err = json.Unmarshal(data, &v)
		i.Data = v
	case discordgo.InteractionMessageComponent:
		var v discordgo.MessageComponentInteractionData
		err = json.Unmarshal(data, &v)
		i.Data = v
	case discordgo.InteractionModalSubmit:
		var v discordgo.ModalSubmitInteractionData
		err = json.Unmarshal(data, &v)
		i.Data = v
	}
	if err != nil {
		return nil, false
	}
	return i, true
}

// interactionField is the field key names (encoding/json's case-blind
// match), 0 for one not read, -1 for one it cannot tell.
func interactionField(key []byte) int {
	switch len(key) {
	case 2:
		if foldEq(key, "id") {
			return fID
		}
	case 4:
		switch {
		case foldEq(key, "type"):
			return fType
		case foldEq(key, "data"):
			return fData
		case foldEq(key, "user"):
			return fUser
		}
	case 5:
		if foldEq(key, "token") {
			return fToken
		}
	case 6:
		switch {
		case foldEq(key, "member"):
			return fMember
		case foldEq(key, "locale"):
			return fLocale
		}
	case 7:
		switch {
		case foldEq(key, "message"):
			return fMessage
		case foldEq(key, "version"):
			return fVersion
		}
	case 8:
		if foldEq(key, "guild_id") {
			return fGuildID
		}
	case 10:
		if foldEq(key, "channel_id") {
			return fChannelID
		}
	case 12:
		if foldEq(key, "guild_locale") {
			return fGuildLocale
		}
	case 14:
		if foldEq(key, "application_id") {
			return fAppID
		}
	case 15:
		if foldEq(key, "app_permissions") {
			return fAppPermissions
		}
	}
	for _, c := range key {
		if c >= 0x80 {
			// encoding/json folds some letters beyond ASCII onto
			// ASCII ones (ſ is s, K is k): not followed here.
			return -1
		}
	}
	return 0
}

// message reads the message a component sat on: its id, channel, content,
// flags and attachments, which the bot reads; the rest (components,
// embeds, author...) is skipped.
func (s *scanner) message() (*discordgo.Message, bool) {
	m := &discordgo.Message{}
	var seen int
	const (
		mID = 1 << iota
		mChannelID
		mContent
		mFlags
		mAttachments
	)
	ok := s.object(func(key []byte) bool {
		f := 0
		switch {
		case foldEq(key, "id"):
			f = mID
		case foldEq(key, "channel_id"):
			f = mChannelID
		case foldEq(key, "content"):
			f = mContent
		case foldEq(key, "flags"):
			f = mFlags
		case foldEq(key, "attachments"):
			f = mAttachments
		default:
			for _, c := range key {
				if c >= 0x80 {
					return false // see interactionField
				}
			}
			return s.skip()
		}
		if seen&f != 0 {
			return false
		}
		seen |= f
		var ok bool
		switch f {
		case mID:
			m.ID, ok = s.plainString()
		case mChannelID:
			m.ChannelID, ok = s.plainString()
		case mContent:
			m.Content, ok = s.text()
		case mFlags:
			var n int64
			n, ok = s.integer(-1<<31, 1<<31-1)
			m.Flags = discordgo.MessageFlags(n)
		case mAttachments:
			ok = s.decode(&m.Attachments)
		}
		return ok
	})
	return m, ok
}

// decode reads the next value with encoding/json into v, which must be
// a fresh value (encoding/json would merge into an old one).
func (s *scanner) decode(v any) bool {
	start := s.i
	if !s.skip() {
		return false
	}
	return json.Unmarshal(s.b[start:s.i], v) == nil
}

// text reads a string, or null (""), as encoding/json decodes it: at
// once when it holds no escape and is valid UTF-8, else through
// encoding/json (escapes, replacement of invalid bytes).
func (s *scanner) text() (string, bool) {
	if s.null() {
		return "", true
	}
	start := s.i
	if v, ok := s.rawString(); ok && utf8.Valid(v) {
		return string(v), true
	}
	s.i = start
	if s.i >= len(s.b) || s.b[s.i] != '"' || !s.skipString() {
		return "", false
	}
	var v string
	if json.Unmarshal(s.b[start:s.i], &v) != nil {
		return "", false
	}
	return v, true
}

// integer reads a number written as a plain integer within [lo, hi], or
// null (0), as encoding/json decodes it into an integer field; anything
// else (a fraction, an exponent, too many digits) answers false.
func (s *scanner) integer(lo, hi int64) (int64, bool) {
	if s.null() {
		return 0, true
	}
	start := s.i
	if s.i >= len(s.b) || !(s.b[s.i] == '-' && lo < 0 || '0' <= s.b[s.i] && s.b[s.i] <= '9') || !s.number() {
		return 0, false
	}
	return parseInteger(s.b[start:s.i], lo, hi)
}

// stringInteger reads an int64 written in a string (encoding/json's
// ",string" option, as Discord writes permissions), or null (0).
func (s *scanner) stringInteger() (int64, bool) {
	if s.null() {
		return 0, true
	}
	v, ok := s.rawString()
	if !ok || len(v) == 0 {
		return 0, false
	}
	// The string must hold a JSON number, whole.
	inner := scanner{b: v}
	if !(v[0] == '-' || '0' <= v[0] && v[0] <= '9') || !inner.number() || inner.i != len(v) {
		return 0, false
	}
	return parseInteger(v, -1<<63, 1<<63-1)
}

// parseInteger parses a JSON number that must be an integer in [lo, hi].
func parseInteger(b []byte, lo, hi int64) (int64, bool) {
	for _, c := range b {
		if c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}
