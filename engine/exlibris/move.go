package exlibris

import (
	"errors"
	"strconv"
	"strings"
)

// Move is one decision of one seat: its seat and the keys chosen, one per
// step of Next (docs/exlibris/notation.md). Its text form is "s<seat>"
// followed by the keys, e.g. "s2 assistant L7" or "s0 E2 r0c1".
type Move struct {
	Seat int
	Keys []string
}

// String writes the move in notation.
func (m Move) String() string {
	var b strings.Builder
	b.WriteByte('s')
	b.WriteString(strconv.Itoa(m.Seat))
	for _, k := range m.Keys {
		b.WriteByte(' ')
		b.WriteString(k)
	}
	return b.String()
}

// ParseMove reads a move written by String.
func ParseMove(s string) (Move, error) {
	return parseMove(s, new([1 + maxKeys]string))
}

// parseMove is ParseMove with the move's words kept in words, which the
// move's keys then share: a caller that plays the move at once keeps them
// on its stack (the seam's Do, before every move of a match).
func parseMove(s string, words *[1 + maxKeys]string) (Move, error) {
	n, ok := splitWords(s, words)
	if !ok || n < 2 || len(words[0]) < 2 || words[0][0] != 's' {
		return Move{}, errors.New("exlibris: a move is s<seat> and one to four keys")
	}
	seat, ok := smallNumber(words[0][1:])
	if !ok || seat >= MaxSeats {
		return Move{}, errors.New("exlibris: bad seat in " + strconv.Quote(s))
	}
	for _, w := range words[1:n] {
		if w == "" || len(w) > maxKeyLen {
			return Move{}, errors.New("exlibris: bad key in " + strconv.Quote(s))
		}
	}
	return Move{Seat: seat, Keys: words[1:n]}, nil
}

// splitWords splits s at every space into words, as strings.Split does,
// and reports false when there are more words than words holds.
func splitWords(s string, words *[1 + maxKeys]string) (int, bool) {
	for n := 0; n < len(words); n++ {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			words[n] = s
			return n + 1, true
		}
		words[n], s = s[:i], s[i+1:]
	}
	return len(words), false
}

// maxKeys is the most keys in a move; maxKeyLen the longest key.
const (
	maxKeys   = 4
	maxKeyLen = 20
)

// ActKind says what an Action does; its fields follow from it. Computer
// players and play-outs read decisions as Actions (AppendOptions) rather
// than as keys, so the kinds, words and modes are exported.
type ActKind uint8

// The action kinds and the fields each sets (a card, a tile, a category,
// a library or a seat by its number; a collection place by row and
// column).
const (
	ActNone     ActKind = iota
	ActWord             // word A (WordDraw...)
	ActLib              // library A
	ActPlace            // assistant kind A (-1 plain, else its Library) to tile B (0: home); C the bid, or PlaceShared
	ActCard             // card A
	ActCardPos          // card A archived at place (B, C) in mode D (PosPlain...)
	ActPos              // place (B, C)
	ActCategory         // category A
	ActCardSeat         // card A to seat B
	ActSeatCat          // seat A asked for category B
	ActCardCard         // card A given, card B taken
	ActTarget           // assistant kind A to tile B, slot C (D 1: the ghost sharing it)
	ActLocKey           // tile A
	ActWordCard         // word A, card B
	ActWordPos          // word A (WordSwap), place (B, C), hand card D
	ActWordPos2         // word A (WordSwap2, WordMove), place (B, C), place (D, E)
	ActShift            // the run of row B from column C to D, to row E from column F
	ActCardWord         // card A, word B (WordTake)
)

// Action is a decoded decision: what Apply does once keys are matched.
type Action struct {
	Kind             ActKind
	A, B, C, D, E, F int16
}

// PlaceShared in an ActPlace's C: the ghost shares an occupied slot.
const PlaceShared = 9

// Archiving modes (an ActCardPos's D).
const (
	PosPlain = 0
	PosRight = 1 // the wizard pushes the run from this place one space right
	PosLeft  = 2 // ... one space left
	PosOver  = 3 // the mummy lays the card over the one there, burying it
	PosUnder = 4 // the mummy slips the card under the one there
)

// The words keys may be (an ActWord's A; in notation, Words).
const (
	WordDraw = iota
	WordPass
	WordDone
	WordGive
	WordHome
	WordRecall
	WordStay
	WordOne
	WordAll
	WordTake
	WordA
	WordB
	WordSwap
	WordSwap2
	WordMove
	numWords
)

var words = [numWords]string{"draw", "pass", "done", "give", "home", "recall", "stay", "one", "all", "take",
	"a", "b", "swap", "swap2", "move"}

func word(w int) Action { return Action{Kind: ActWord, A: int16(w)} }

// numKeys is how many keys the action's move has.
func (a Action) numKeys() int {
	switch a.Kind {
	case ActPlace, ActCardPos, ActCardSeat, ActSeatCat, ActCardCard, ActTarget, ActWordCard, ActCardWord:
		return 2
	case ActWordPos, ActWordPos2, ActShift:
		return 3
	case ActNone:
		return 0
	}
	return 1
}

// appendKey appends the action's i-th key.
func (a Action) appendKey(dst []byte, i int) []byte {
	switch a.Kind {
	case ActWord:
		return append(dst, words[a.A]...)
	case ActLib:
		return append(dst, libIDs[a.A]...)
	case ActPlace:
		if i == 0 {
			return appendAssistant(dst, int8(a.A))
		}
		if a.B == 0 {
			return append(dst, "home"...)
		}
		dst = appendLoc(dst, a.B)
		switch {
		case a.C == PlaceShared:
			dst = append(dst, 'x')
		case a.C > 0:
			dst = append(dst, 'b')
			dst = strconv.AppendInt(dst, int64(a.C), 10)
		}
		return dst
	case ActCard:
		return append(dst, cardCodes[a.A]...)
	case ActCardPos:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return appendPos(dst, a.B, a.C, a.D)
	case ActPos:
		return appendPos(dst, a.B, a.C, PosPlain)
	case ActCategory:
		return append(dst, catIDs[a.A]...)
	case ActCardSeat:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return appendSeat(dst, a.B)
	case ActSeatCat:
		if i == 0 {
			return appendSeat(dst, a.A)
		}
		return append(dst, catIDs[a.B]...)
	case ActCardCard:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return append(dst, cardCodes[a.B]...)
	case ActTarget:
		if i == 0 {
			return appendAssistant(dst, int8(a.A))
		}
		dst = appendLoc(dst, a.B)
		dst = append(dst, 's')
		dst = strconv.AppendInt(dst, int64(a.C), 10)
		if a.D == 1 {
			dst = append(dst, 'g')
		}
		return dst
	case ActLocKey:
		return appendLoc(dst, a.A)
	case ActWordCard:
		if i == 0 {
			return append(dst, words[a.A]...)
		}
		return append(dst, cardCodes[a.B]...)
	case ActCardWord:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return append(dst, words[a.B]...)
	case ActWordPos:
		switch i {
		case 0:
			return append(dst, words[a.A]...)
		case 1:
			return appendPos(dst, a.B, a.C, PosPlain)
		}
		return append(dst, cardCodes[a.D]...)
	case ActWordPos2:
		switch i {
		case 0:
			return append(dst, words[a.A]...)
		case 1:
			return appendPos(dst, a.B, a.C, PosPlain)
		}
		return appendPos(dst, a.D, a.E, PosPlain)
	case ActShift:
		switch i {
		case 0:
			return appendPos(dst, a.B, a.C, PosPlain)
		case 1:
			return appendPos(dst, a.B, a.D, PosPlain)
		}
		return appendPos(dst, a.E, a.F, PosPlain)
	}
	return dst
}

// AppendNotation appends the move that plays a for seat, in notation
// ("s0 E2 r0c1"): one string for a computer player to return, built
// without the Keys' strings.
func (a Action) AppendNotation(dst []byte, seat int) []byte {
	dst = append(dst, 's')
	dst = strconv.AppendInt(dst, int64(seat), 10)
	for i := 0; i < a.numKeys(); i++ {
		dst = append(dst, ' ')
		dst = a.appendKey(dst, i)
	}
	return dst
}

// Keys are the action's keys.
func (a Action) Keys() []string {
	n := a.numKeys()
	out := make([]string, n)
	var buf [24]byte
	for i := 0; i < n; i++ {
		out[i] = string(a.appendKey(buf[:0], i))
	}
	return out
}

// matches reports whether the action's keys are exactly keys.
func (a Action) matches(keys []string) bool {
	if a.numKeys() != len(keys) {
		return false
	}
	var buf [24]byte
	for i, k := range keys {
		if string(a.appendKey(buf[:0], i)) != k {
			return false
		}
	}
	return true
}

// matchesPrefix reports whether the action's first keys are chosen.
func (a Action) matchesPrefix(chosen []string) bool {
	if a.numKeys() <= len(chosen) {
		return false
	}
	var buf [24]byte
	for i, k := range chosen {
		if string(a.appendKey(buf[:0], i)) != k {
			return false
		}
	}
	return true
}

func appendAssistant(dst []byte, kind int8) []byte {
	if kind < 0 {
		return append(dst, "assistant"...)
	}
	return append(dst, libIDs[kind]...)
}

func appendLoc(dst []byte, l int16) []byte {
	dst = append(dst, 'L')
	return strconv.AppendInt(dst, int64(l), 10)
}

func appendSeat(dst []byte, s int16) []byte {
	dst = append(dst, 'p')
	return strconv.AppendInt(dst, int64(s), 10)
}

func appendPos(dst []byte, r, c, mode int16) []byte {
	dst = append(dst, 'r')
	dst = strconv.AppendInt(dst, int64(r), 10)
	dst = append(dst, 'c')
	dst = strconv.AppendInt(dst, int64(c), 10)
	switch mode {
	case PosRight:
		dst = append(dst, '>')
	case PosLeft:
		dst = append(dst, '<')
	case PosOver:
		dst = append(dst, 'o')
	case PosUnder:
		dst = append(dst, 'u')
	}
	return dst
}

// PosKey is a collection place's key ("r0c1", "r-1c2"): rows grow
// downwards and columns rightwards from the first card archived.
func PosKey(r, c int) string { return string(appendPos(nil, int16(r), int16(c), PosPlain)) }
