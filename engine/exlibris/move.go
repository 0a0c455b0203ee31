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
	words := strings.Split(s, " ")
	if len(words) < 2 || len(words) > 1+maxKeys || len(words[0]) < 2 || words[0][0] != 's' {
		return Move{}, errors.New("exlibris: a move is s<seat> and one to four keys")
	}
	seat, ok := smallNumber(words[0][1:])
	if !ok || seat >= MaxSeats {
		return Move{}, errors.New("exlibris: bad seat in " + strconv.Quote(s))
	}
	for _, w := range words[1:] {
		if w == "" || len(w) > maxKeyLen {
			return Move{}, errors.New("exlibris: bad key in " + strconv.Quote(s))
		}
	}
	return Move{Seat: seat, Keys: words[1:]}, nil
}

// maxKeys is the most keys in a move; maxKeyLen the longest key.
const (
	maxKeys   = 4
	maxKeyLen = 20
)

// ActKind says what an Action does; its keys follow from it.
type ActKind uint8

// The action kinds and their keys.
const (
	actNone     ActKind = iota
	actWord             // [word A]
	actLib              // [library A]
	actPlace            // [assistant A, destination B (0 home) with C: bid, 1 ghost sharing]
	actCard             // [card A]
	actCardPos          // [card A, position B,C with mode D]
	actPos              // [position B,C]
	actCategory         // [category A]
	actCardSeat         // [card A, seat B]
	actSeatCat          // [seat A, category B]
	actCardCard         // [card A, card B]
	actTarget           // [assistant A, tile B slot C, D 1: the slot's ghost]
	actLocKey           // [tile A]
	actWordCard         // [word A, card B]
	actWordPos          // [word A, position B,C, card D]  (salon: swap a placed card with a hand card)
	actWordPos2         // [word A, position B,C, position D,E]
	actShift            // [position B,C, position B,D, position E,F] (a run of row B from C to D, to row E from F)
	actCardWord         // [card A, word B]
)

// Action is a decoded decision: what Apply does once keys are matched.
type Action struct {
	Kind             ActKind
	A, B, C, D, E, F int16
}

// Placement destinations' variants (Action C of actPlace).
const placeShared = 9 // the ghost shares an occupied slot

// Archiving modes (Action D of actCardPos).
const (
	posPlain  = 0
	posRight  = 1 // the wizard pushes the run from this place one space right
	posLeft   = 2 // ... one space left
	posOver   = 3 // the mummy lays the card over the one there, burying it
	posUnder  = 4 // the mummy slips the card under the one there
	posMarker = 5
)

// The words keys may be.
const (
	wDraw = iota
	wPass
	wDone
	wGive
	wHome
	wRecall
	wStay
	wOne
	wAll
	wTake
	wA
	wB
	wSwap
	wSwap2
	wMove
	numWords
)

var words = [numWords]string{"draw", "pass", "done", "give", "home", "recall", "stay", "one", "all", "take",
	"a", "b", "swap", "swap2", "move"}

func word(w int) Action { return Action{Kind: actWord, A: int16(w)} }

// numKeys is how many keys the action's move has.
func (a Action) numKeys() int {
	switch a.Kind {
	case actPlace, actCardPos, actCardSeat, actSeatCat, actCardCard, actTarget, actWordCard, actCardWord:
		return 2
	case actWordPos, actWordPos2, actShift:
		return 3
	case actNone:
		return 0
	}
	return 1
}

// appendKey appends the action's i-th key.
func (a Action) appendKey(dst []byte, i int) []byte {
	switch a.Kind {
	case actWord:
		return append(dst, words[a.A]...)
	case actLib:
		return append(dst, libIDs[a.A]...)
	case actPlace:
		if i == 0 {
			return appendAssistant(dst, int8(a.A))
		}
		if a.B == 0 {
			return append(dst, "home"...)
		}
		dst = appendLoc(dst, a.B)
		switch {
		case a.C == placeShared:
			dst = append(dst, 'x')
		case a.C > 0:
			dst = append(dst, 'b')
			dst = strconv.AppendInt(dst, int64(a.C), 10)
		}
		return dst
	case actCard:
		return append(dst, cardCodes[a.A]...)
	case actCardPos:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return appendPos(dst, a.B, a.C, a.D)
	case actPos:
		return appendPos(dst, a.B, a.C, posPlain)
	case actCategory:
		return append(dst, catIDs[a.A]...)
	case actCardSeat:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return appendSeat(dst, a.B)
	case actSeatCat:
		if i == 0 {
			return appendSeat(dst, a.A)
		}
		return append(dst, catIDs[a.B]...)
	case actCardCard:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return append(dst, cardCodes[a.B]...)
	case actTarget:
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
	case actLocKey:
		return appendLoc(dst, a.A)
	case actWordCard:
		if i == 0 {
			return append(dst, words[a.A]...)
		}
		return append(dst, cardCodes[a.B]...)
	case actCardWord:
		if i == 0 {
			return append(dst, cardCodes[a.A]...)
		}
		return append(dst, words[a.B]...)
	case actWordPos:
		switch i {
		case 0:
			return append(dst, words[a.A]...)
		case 1:
			return appendPos(dst, a.B, a.C, posPlain)
		}
		return append(dst, cardCodes[a.D]...)
	case actWordPos2:
		switch i {
		case 0:
			return append(dst, words[a.A]...)
		case 1:
			return appendPos(dst, a.B, a.C, posPlain)
		}
		return appendPos(dst, a.D, a.E, posPlain)
	case actShift:
		switch i {
		case 0:
			return appendPos(dst, a.B, a.C, posPlain)
		case 1:
			return appendPos(dst, a.B, a.D, posPlain)
		}
		return appendPos(dst, a.E, a.F, posPlain)
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
	case posRight:
		dst = append(dst, '>')
	case posLeft:
		dst = append(dst, '<')
	case posOver:
		dst = append(dst, 'o')
	case posUnder:
		dst = append(dst, 'u')
	}
	return dst
}

// PosKey is a collection place's key ("r0c1", "r-1c2"): rows grow
// downwards and columns rightwards from the first card archived.
func PosKey(r, c int) string { return string(appendPos(nil, int16(r), int16(c), posPlain)) }
