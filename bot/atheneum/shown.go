package atheneum

import (
	"hash/maphash"
	"strconv"
	"sync"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
)

// shownPictures remembers which shelves picture each workbench message
// shows, by a fingerprint of its bytes and alt text, so that a click that
// would redraw the very same picture (an item chosen again, in another
// colour or the other way round, or one held twice) edits the message
// without sending it again. A message is named by its game, seat and
// message id, so one seat's memory is never another's; the memory only
// ever holds back a picture equal to the one shown. It is bounded: past
// shownMax messages, the oldest-looking are forgotten (map order), and a
// forgotten message just gets its picture sent.
type shownPictures struct {
	mu sync.Mutex
	m  map[string][2]uint64
}

const shownMax = 4096

var shownSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// shownKey names the message pressed in interaction i for seat of game,
// "" when the interaction has no message.
func shownKey(game string, seat int, i *discordgo.Interaction) string {
	if i == nil || i.Message == nil || i.Message.ID == "" {
		return ""
	}
	return game + "/" + strconv.Itoa(seat) + "/" + i.Message.ID
}

func fingerprint(p face.Picture) [2]uint64 {
	var out [2]uint64
	for i, seed := range shownSeeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.WriteString(p.Name)
		h.WriteByte(0)
		h.WriteString(p.Alt)
		h.WriteByte(0)
		h.Write(p.PNG)
		out[i] = h.Sum64()
	}
	return out
}

// shows reports whether the message named key shows p.
func (s *shownPictures) shows(key string, p face.Picture) bool {
	if s == nil || key == "" {
		return false
	}
	want := fingerprint(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.m[key]
	return ok && f == want
}

// set records that the message named key now shows p.
func (s *shownPictures) set(key string, p face.Picture) {
	if s == nil || key == "" {
		return
	}
	f := fingerprint(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string][2]uint64{}
	}
	for k := range s.m {
		if len(s.m) < shownMax {
			break
		}
		delete(s.m, k)
	}
	s.m[key] = f
}

// forget drops what the message named key shows, when an edit that may
// or may not have reached it changed its picture.
func (s *shownPictures) forget(key string) {
	if s == nil || key == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, key)
}
