package exlibris

import (
	"fmt"
	"sort"
	"strings"
)

// Refusal is the error Apply returns for a move the rules do not allow.
// Code is stable and is worded for players by the message catalogue
// ("exlibris.refusal.<code>"), filled from Args; the state is left
// unchanged.
type Refusal struct {
	Code string
	Args map[string]any
}

// Error writes the code and arguments for logs (not for players).
func (r *Refusal) Error() string {
	if len(r.Args) == 0 {
		return "exlibris: " + r.Code
	}
	keys := make([]string, 0, len(r.Args))
	for k := range r.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, r.Args[k])
	}
	return "exlibris: " + r.Code + " (" + strings.Join(parts, ", ") + ")"
}

func refuse(code string, kv ...any) *Refusal {
	r := &Refusal{Code: code}
	if len(kv) > 0 {
		r.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			if k, ok := kv[i].(string); ok {
				r.Args[k] = kv[i+1]
			}
		}
	}
	return r
}

// The refusal codes and the arguments each carries.
const (
	// CodeSeatCount: Seats (asked), Min, Max.
	CodeSeatCount = "seat_count"
	// CodeBadOption: Name, Value (a table option the game does not know).
	CodeBadOption = "bad_option"
	// CodeHiddenView: a View (hidden cards) cannot be played on; Determinize it.
	CodeHiddenView = "hidden_view"
	// CodeGameOver: the game has ended.
	CodeGameOver = "game_over"
	// CodeNotAwaited: Seat, Awaited (the seats the game waits for).
	CodeNotAwaited = "not_awaited"
	// CodeNotOffered: Move (a move that is not among those offered now:
	// stale, mistyped or against the rules).
	CodeNotOffered = "not_offered"
	// CodeNotation: Move (text that is not a move; raised by the seam).
	CodeNotation = "notation"
	// CodeCannotUndo: Seat (an undo when the seat may not take its
	// placement back: not within its own placement, or something hidden
	// came to light or another seat moved since it began; ruling 50).
	CodeCannotUndo = "cannot_undo"
)

// RefusalArgs lists every refusal code with the names of the arguments it
// carries, for the message catalogue to check itself against.
var RefusalArgs = map[string][]string{
	CodeSeatCount:  {"Seats", "Min", "Max"},
	CodeBadOption:  {"Name", "Value"},
	CodeHiddenView: nil,
	CodeGameOver:   nil,
	CodeNotAwaited: {"Seat", "Awaited"},
	CodeNotOffered: {"Move"},
	CodeNotation:   {"Move"},
	CodeCannotUndo: {"Seat"},
}
