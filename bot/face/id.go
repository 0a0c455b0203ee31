package face

import (
	"errors"
	"strconv"
	"strings"
)

// IDVersion is the first field of every custom id the bot builds. A
// component of another layout is recognised and refused politely.
const IDVersion = "a1"

// MaxID is Discord's limit on a custom id's length.
const MaxID = 100

// ID is what a button or menu carries: which game, for which step and
// position in the game it was built, for which seat and that seat's move
// count, what it does and the choices made so far. It is the one codec of
// custom ids: every component of every game is built and read by it.
//
// Written as "a1:GAME:STEP:SEQ:SEAT:MOVES:VERB:ARG1:ARG2...", at most
// MaxID characters. (The layout is the one Atheneum's components had
// before the game seam, so that those still sitting in direct messages
// keep working.)
type ID struct {
	// Game is the game's id in the store.
	Game string
	// Step is the step the component belongs to (the service's step key,
	// e.g. "t3r") or "lobby".
	Step string
	// Seq is the game's move count when the component was built.
	Seq int
	// Seat is the seat the component was built for (-1 when it is not a
	// seat's, as in the lobby).
	Seat int
	// Moves is the seat's own count of moves in the step when it was
	// built, as its face counts them (-1 when not a seat's).
	Moves int
	// Verb says what the component does; Args carry its choices so far.
	Verb string
	Args []string
}

// ErrBadID is returned for a custom id the bot did not build.
var ErrBadID = errors.New("malformed custom id")

// LobbyStep is the step of a lobby's components.
const LobbyStep = "lobby"

// LiveStep is the step of a live post's components, which stay valid from
// step to step (its Play button).
const LiveStep = "live"

// String writes the id.
func (c ID) String() string {
	parts := []string{IDVersion, c.Game, c.Step, strconv.Itoa(c.Seq), strconv.Itoa(c.Seat), strconv.Itoa(c.Moves), c.Verb}
	return strings.Join(append(parts, c.Args...), ":")
}

// ParseID reads a custom id; anything the bot did not build is ErrBadID,
// never a panic. (A seat number beyond any game's seats is refused here;
// the adapter checks it against the game.)
func ParseID(s string) (ID, error) {
	if len(s) > MaxID {
		return ID{}, ErrBadID
	}
	f := strings.Split(s, ":")
	if len(f) < 7 || f[0] != IDVersion || f[1] == "" || f[2] == "" || f[6] == "" {
		return ID{}, ErrBadID
	}
	seq, err1 := strconv.Atoi(f[3])
	seat, err2 := strconv.Atoi(f[4])
	moves, err3 := strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || err3 != nil || seq < 0 || seat < -1 || seat >= maxSeats || moves < -1 {
		return ID{}, ErrBadID
	}
	return ID{Game: f[1], Step: f[2], Seq: seq, Seat: seat, Moves: moves, Verb: f[6], Args: f[7:]}, nil
}

// maxSeats bounds the seat numbers an id may carry (no game has more).
const maxSeats = 8

// Arg returns argument i or "".
func (c ID) Arg(i int) string {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return ""
}

// With returns the id with another verb and arguments.
func (c ID) With(verb string, args ...string) ID {
	c.Verb, c.Args = verb, args
	return c
}
