package bot

import (
	"github.com/bwmarrin/discordgo"
)

// scanMessage reads the id, channel and attachments' ids and file names of
// a message as Discord answers it, in one pass over the bytes, skipping
// the rest (its components, embeds, author...) without decoding it:
// encoding/json checks the whole answer, then decodes it skipping what the
// target lacks, two passes that were 1.5 to 2 % of the bot's processor
// time at 20 games in the ceiling benchmark. It handles the plain case:
// an object whose wanted fields are strings without escapes (Discord's ids
// are digits; the bot's file names are its own) and whose attachments are
// null or an array of objects. Anything else (an escape in a wanted
// string, another type, a document it cannot follow) answers false, and
// the caller decodes with encoding/json, which says what is wrong with it.
// Like encoding/json it takes the last of repeated keys and any case of a
// key's letters for a field.
func scanMessage(b []byte) (*discordgo.Message, bool) {
	s := scanner{b: b}
	m := &discordgo.Message{}
	seen := false // attachments
	ok := s.object(func(key []byte) bool {
		switch {
		case foldEq(key, "id"):
			v, ok := s.plainString()
			m.ID = v
			return ok
		case foldEq(key, "channel_id"):
			v, ok := s.plainString()
			m.ChannelID = v
			return ok
		case foldEq(key, "attachments"):
			if seen {
				// encoding/json decodes a repeated array into the
				// elements of the first: left to it.
				return false
			}
			seen = true
			if s.null() {
				return true
			}
			return s.array(func() bool {
				a := &discordgo.MessageAttachment{}
				m.Attachments = append(m.Attachments, a)
				return s.object(func(key []byte) bool {
					switch {
					case foldEq(key, "id"):
						v, ok := s.plainString()
						a.ID = v
						return ok
					case foldEq(key, "filename"):
						v, ok := s.plainString()
						a.Filename = v
						return ok
					}
					return s.skip()
				})
			})
		}
		return s.skip()
	})
	if !ok {
		return nil, false
	}
	s.space()
	return m, s.i == len(s.b)
}

// foldEq reports whether key is name, letters in any case (name is lower
// case ASCII), as encoding/json matches keys to fields.
func foldEq(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range len(key) {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

// scanner walks a JSON document; each method fails (false) on anything
// it does not follow.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// object reads an object, calling field with each key (unescaped keys
// only) with the scanner at the value, which field must read.
func (s *scanner) object(field func(key []byte) bool) bool {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return false
	}
	s.i++
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return true
	}
	for {
		s.space()
		key, ok := s.rawString()
		if !ok {
			return false
		}
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return false
		}
		s.i++
		s.space()
		if !field(key) {
			return false
		}
		s.space()
		if s.i >= len(s.b) {
			return false
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			return false
		}
	}
}

// array reads an array, calling elem with the scanner at each element,
// which elem must read.
func (s *scanner) array(elem func() bool) bool {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '[' {
		return false
	}
	s.i++
	s.space()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		return true
	}
	for {
		if !elem() {
			return false
		}
		s.space()
		if s.i >= len(s.b) {
			return false
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			return true
		default:
			return false
		}
	}
}

// null reads null if it is next.
func (s *scanner) null() bool {
	if len(s.b)-s.i >= 4 && string(s.b[s.i:s.i+4]) == "null" {
		s.i += 4
		return true
	}
	return false
}

// rawString reads a string without escapes or control characters, and
// returns its bytes.
func (s *scanner) rawString() ([]byte, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	start := s.i + 1
	for j := start; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.i = j + 1
			return s.b[start:j], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// plainString reads a string without escapes, control characters or
// bytes beyond ASCII (which encoding/json might replace), or null ("").
func (s *scanner) plainString() (string, bool) {
	if s.null() {
		return "", true
	}
	v, ok := s.rawString()
	if !ok {
		return "", false
	}
	for _, c := range v {
		if c >= 0x80 {
			return "", false
		}
	}
	return string(v), true
}

// skip reads any value, checking it as encoding/json does (so that a
// document it would refuse is never read here): strings with their
// escapes, numbers, literals, objects and arrays, nested up to
// encoding/json's bound.
func (s *scanner) skip() bool { return s.skipDepth(0) }

// maxSkipDepth is encoding/json's bound on nesting.
const maxSkipDepth = 10000

func (s *scanner) skipDepth(depth int) bool {
	if s.i >= len(s.b) || depth > maxSkipDepth {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '"':
		return s.skipString()
	case c == '{':
		return s.object(func([]byte) bool { return s.skipDepth(depth + 1) })
	case c == '[':
		return s.array(func() bool { s.space(); return s.skipDepth(depth + 1) })
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	case c == '-' || ('0' <= c && c <= '9'):
		return s.number()
	}
	return false
}

func (s *scanner) literal(w string) bool {
	if len(s.b)-s.i >= len(w) && string(s.b[s.i:s.i+len(w)]) == w {
		s.i += len(w)
		return true
	}
	return false
}

// number reads a number as JSON writes them: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() bool {
	digits := func() int {
		n := 0
		for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return false
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// skipString reads a string, checking its escapes and that it holds no
// control character.
func (s *scanner) skipString() bool {
	for j := s.i + 1; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.i = j + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			j++
			if j >= len(s.b) {
				return false
			}
			switch s.b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(s.b) {
					return false
				}
				for _, h := range s.b[j+1 : j+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
				}
				j += 4
			default:
				return false
			}
		}
	}
	return false
}
