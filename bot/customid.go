package bot

import (
	"errors"
	"strconv"
	"strings"
)

// idVersion is the first field of every custom_id this bot builds. A
// component from an older layout is recognised and refused politely.
const idVersion = "a1"

// customID is what a button or menu carries: which game, for which step
// and position in the game it was built, for which seat's move count, what
// it does and the selection made so far.
//
// Written as "a1:GAME:STEP:SEQ:SEAT:MOVES:VERB:ARG1:ARG2...", at most 100
// characters (Discord's limit).
type customID struct {
	Game string
	// Seat is the seat the component was built for (-1 when it is not a
	// seat's, as in the lobby).
	Seat int
	// Step names the step the component belongs to, e.g. "t3r" (turn 3,
	// resolve), "t3p" (turn 3, pick) or "lobby".
	Step string
	// Seq is the game's action count when the component was built.
	Seq int
	// Moves is the acting seat's move count when it was built (-1 when the
	// component is not a seat's, as in the lobby).
	Moves int
	Verb  string
	Args  []string
}

var errBadID = errors.New("malformed custom id")

func (c customID) String() string {
	parts := []string{idVersion, c.Game, c.Step, strconv.Itoa(c.Seq), strconv.Itoa(c.Seat), strconv.Itoa(c.Moves), c.Verb}
	return strings.Join(append(parts, c.Args...), ":")
}

// parseCustomID decodes a custom_id; anything this bot did not build is an
// error, never a panic.
func parseCustomID(s string) (customID, error) {
	if len(s) > 100 {
		return customID{}, errBadID
	}
	f := strings.Split(s, ":")
	if len(f) < 7 || f[0] != idVersion || f[1] == "" || f[2] == "" || f[6] == "" {
		return customID{}, errBadID
	}
	seq, err1 := strconv.Atoi(f[3])
	seat, err2 := strconv.Atoi(f[4])
	moves, err3 := strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || err3 != nil || seq < 0 || seat < -1 || seat >= 5 || moves < -1 {
		return customID{}, errBadID
	}
	return customID{Game: f[1], Step: f[2], Seq: seq, Seat: seat, Moves: moves, Verb: f[6], Args: f[7:]}, nil
}

// arg returns argument i or "".
func (c customID) arg(i int) string {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return ""
}
