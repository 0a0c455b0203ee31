package anludim

import (
	"errors"
	"strconv"
	"strings"
)

// MoveKind says what a Move does.
type MoveKind uint8

// The move kinds. The notation letter of each is in docs/anludim/notation.md.
const (
	// RecruitHidden draws two cards face down from the deck (main action).
	RecruitHidden MoveKind = iota + 1
	// RecruitFaceUp takes the face-up card in Slot 0-2 (main action).
	RecruitFaceUp
	// Play lays Cards as one combination to take Prof (main action).
	Play
	// TakeBack returns one of the seat's own combinations, named by any of
	// its cards (Card), to the hand; base game, start of turn only.
	TakeBack
	// Discard gives up Item (a magic item of a kind and value, or a
	// parchment) to draw one card face down (optional action).
	Discard
	// EndTurn ends the turn after the main action; between rounds it ends
	// the seat's choice of cards to keep.
	EndTurn
	// Undo takes back the seat's last move of this turn.
	Undo
	// Keep marks Card to be kept from one round to the next.
	Keep
)

// Use is one card of a combination and the side it is read on (0 first
// reading, 1 second reading, AutoSide for the game to pick).
type Use struct {
	Card int
	Side int
}

// AutoSide in a Use leaves the side to the game, which picks the reading
// of those cards that makes the strongest combination (ruling 19).
const AutoSide = -1

// Item names a magic item by kind and value, or a parchment (Kind
// Parchment, Value 1).
type Item struct {
	Kind  ItemKind
	Value int
}

// Move is one player's move. Only the fields its Kind uses are set; the
// zero values of the others keep String and the JSON form canonical.
type Move struct {
	Seat  int
	Kind  MoveKind
	Slot  int       // RecruitFaceUp
	Prof  Professor // Play
	Cards []Use     // Play
	Card  int       // TakeBack, Keep
	Item  Item      // Discard
}

// String writes the move in the compact notation: the seat (s0 is the
// first), then a letter and its arguments, e.g. "s2 p SE 12a 40b 33a" or
// "s0 x T3".
func (m Move) String() string {
	var b strings.Builder
	b.WriteByte('s')
	b.WriteString(strconv.Itoa(m.Seat))
	switch m.Kind {
	case RecruitHidden:
		b.WriteString(" d")
	case RecruitFaceUp:
		b.WriteString(" u")
		b.WriteString(strconv.Itoa(m.Slot))
	case Play:
		b.WriteString(" p ")
		b.WriteString(m.Prof.Code())
		writeUses(&b, m.Cards)
	case TakeBack:
		b.WriteString(" t ")
		b.WriteString(strconv.Itoa(m.Card))
	case Discard:
		b.WriteString(" x ")
		b.WriteString(m.Item.Kind.Code())
		if m.Item.Kind != Parchment {
			b.WriteString(strconv.Itoa(m.Item.Value))
		}
	case EndTurn:
		b.WriteString(" e")
	case Undo:
		b.WriteString(" z")
	case Keep:
		b.WriteString(" k ")
		b.WriteString(strconv.Itoa(m.Card))
	default:
		b.WriteString(" ?")
	}
	return b.String()
}

// writeUses writes each card as its id and, unless left to the game, a
// for its first side or b for its second, each after a space.
func writeUses(b *strings.Builder, uses []Use) {
	for _, u := range uses {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(u.Card))
		switch u.Side {
		case 0:
			b.WriteByte('a')
		case 1:
			b.WriteByte('b')
		}
	}
}

// ErrNotation is wrapped by every ParseMove error.
var ErrNotation = errors.New("anludim: bad move notation")

func notationErr(s string) error { return errors.Join(ErrNotation, errors.New(strconv.Quote(s))) }

// ParseMove reads the notation written by Move.String.
func ParseMove(s string) (Move, error) {
	// The words are gathered on the stack: moves are parsed at every move
	// of a simulation.
	f := make([]string, 0, 16)
	for w := range strings.FieldsSeq(s) {
		f = append(f, w)
	}
	if len(f) < 2 {
		return Move{}, notationErr(s)
	}
	if len(f[0]) < 2 || f[0][0] != 's' {
		return Move{}, notationErr(s)
	}
	seat, err := strconv.Atoi(f[0][1:])
	if err != nil || seat < 0 || seat >= MaxSeats || f[0][1:] != strconv.Itoa(seat) {
		return Move{}, notationErr(s)
	}
	m := Move{Seat: seat}
	args := f[2:]
	switch {
	case f[1] == "d" && len(args) == 0:
		m.Kind = RecruitHidden
	case len(f[1]) == 2 && f[1][0] == 'u' && f[1][1] >= '0' && f[1][1] <= '2' && len(args) == 0:
		m.Kind, m.Slot = RecruitFaceUp, int(f[1][1]-'0')
	case f[1] == "p" && len(args) >= 3:
		m.Kind = Play
		m.Prof = -1
		for p := Professor(0); p < NumProfessors; p++ {
			if args[0] == p.Code() {
				m.Prof = p
			}
		}
		if m.Prof < 0 {
			return Move{}, notationErr(s)
		}
		m.Cards = make([]Use, 0, len(args)-1)
		for _, a := range args[1:] {
			side := AutoSide
			switch a[len(a)-1] {
			case 'a':
				side, a = 0, a[:len(a)-1]
			case 'b':
				side, a = 1, a[:len(a)-1]
			}
			c, ok := cardNumber(a)
			if !ok {
				return Move{}, notationErr(s)
			}
			m.Cards = append(m.Cards, Use{Card: c, Side: side})
		}
	case (f[1] == "t" || f[1] == "k") && len(args) == 1:
		c, ok := cardNumber(args[0])
		if !ok {
			return Move{}, notationErr(s)
		}
		m.Kind, m.Card = TakeBack, c
		if f[1] == "k" {
			m.Kind = Keep
		}
	case f[1] == "x" && len(args) == 1:
		m.Kind = Discard
		if args[0] == "P" {
			m.Item = Item{Kind: Parchment, Value: 1}
			break
		}
		a := args[0]
		k := ItemKind(-1)
		for i := ItemKind(0); i < NumProfessors; i++ {
			if a[:1] == i.Code() {
				k = i
			}
		}
		v, err := strconv.Atoi(a[1:])
		if k < 0 || err != nil || v < 1 || v > maxItemValue || a[1:] != strconv.Itoa(v) {
			return Move{}, notationErr(s)
		}
		m.Item = Item{Kind: k, Value: v}
	case f[1] == "e" && len(args) == 0:
		m.Kind = EndTurn
	case f[1] == "z" && len(args) == 0:
		m.Kind = Undo
	default:
		return Move{}, notationErr(s)
	}
	return m, nil
}

// cardNumber reads a canonical card id (no sign, no leading zero).
func cardNumber(s string) (int, bool) {
	c, err := strconv.Atoi(s)
	if err != nil || c < 0 || c >= NumCards || s != strconv.Itoa(c) {
		return 0, false
	}
	return c, true
}

// MarshalText writes the notation, so a move is one short JSON string.
func (m Move) MarshalText() ([]byte, error) {
	if m.Kind < RecruitHidden || m.Kind > Keep {
		return nil, notationErr("kind " + strconv.Itoa(int(m.Kind)))
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads the notation.
func (m *Move) UnmarshalText(b []byte) error {
	v, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
