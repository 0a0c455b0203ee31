package anludim

import (
	"fmt"
	"sort"
	"strings"
)

// Refusal is the error Apply returns for a move the rules do not allow.
// Code is stable and is worded for players by the message catalogue
// ("anludim.<code>"), filled from Args; the state is left unchanged.
type Refusal struct {
	Code string
	Args map[string]any
}

// Error writes the code and arguments for logs (not for players).
func (r *Refusal) Error() string {
	if len(r.Args) == 0 {
		return "anludim: " + r.Code
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
	return "anludim: " + r.Code + " (" + strings.Join(parts, ", ") + ")"
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
	// CodeNotYourTurn: Seat, Awaited (the seat whose step it is).
	CodeNotYourTurn = "not_your_turn"
	// CodeUnknownMove: Kind (the unknown kind number).
	CodeUnknownMove = "unknown_move"
	// CodeKeeping: between rounds only Keep, EndTurn and Undo are played.
	CodeKeeping = "keeping_cards"
	// CodeNotKeeping: Keep is only played between rounds.
	CodeNotKeeping = "not_keeping"
	// CodeMainDone: the main action of this turn has been taken.
	CodeMainDone = "main_action_done"
	// CodeOptionalDone: the optional discard of this turn has been taken.
	CodeOptionalDone = "optional_action_done"
	// CodeMainNeeded: the turn cannot end before its main action.
	CodeMainNeeded = "main_action_needed"
	// CodeNothingToDraw: the deck and the discard pile are both empty.
	CodeNothingToDraw = "nothing_to_draw"
	// CodeBadSlot: Slot (0-2 expected).
	CodeBadSlot = "bad_slot"
	// CodeEmptySlot: Slot (no face-up card there).
	CodeEmptySlot = "empty_slot"
	// CodeBadProfessor: Prof (the number given).
	CodeBadProfessor = "bad_professor"
	// CodeBadCard: Card (not a card id, or a side other than 0 and 1).
	CodeBadCard = "bad_card"
	// CodeDuplicateCard: Card (named twice in one combination).
	CodeDuplicateCard = "duplicate_card"
	// CodeNotInHand: Card (not in the seat's hand).
	CodeNotInHand = "not_in_hand"
	// CodeCardNotMovable: Card (expert: on the table in a combination that
	// is not the seat's own or not lower than the target).
	CodeCardNotMovable = "card_not_movable"
	// CodeWholeCombination: Card (expert: a combination of the same
	// professor is only extended with all its cards).
	CodeWholeCombination = "whole_combination_needed"
	// CodeNothingAdded: Prof (expert: the play re-lays one of the seat's
	// own combinations of that professor without adding a card).
	CodeNothingAdded = "no_card_added"
	// CodeMergedCombinations: Prof (expert: the play joins two of the
	// seat's own combinations of that professor).
	CodeMergedCombinations = "combinations_merged"
	// CodeNotCombination: Prof (the cards do not form its combination).
	CodeNotCombination = "not_a_combination"
	// CodeNotStrongest: Prof (a combination in play is as strong or stronger).
	CodeNotStrongest = "not_strongest"
	// CodeTakeBackExpert: taking combinations back is not in the expert variant.
	CodeTakeBackExpert = "take_back_expert"
	// CodeTakeBackLate: combinations are taken back only before any other move of the turn.
	CodeTakeBackLate = "take_back_late"
	// CodeNoCombination: Card (not in one of the seat's combinations).
	CodeNoCombination = "no_such_combination"
	// CodeNoItem: Kind, Value (the seat holds no such item or parchment).
	CodeNoItem = "no_such_item"
	// CodeUndoAfterReveal: a card was revealed this turn, so earlier moves stand.
	CodeUndoAfterReveal = "undo_after_reveal"
	// CodeNothingToUndo: no move of this step can be taken back.
	CodeNothingToUndo = "nothing_to_undo"
	// CodeAlreadyKept: Card.
	CodeAlreadyKept = "already_kept"
)

// RefusalArgs lists every refusal code with the names of the arguments it
// carries, for the message catalogue to check itself against.
var RefusalArgs = map[string][]string{
	CodeSeatCount:          {"Seats", "Min", "Max"},
	CodeBadOption:          {"Name", "Value"},
	CodeHiddenView:         nil,
	CodeGameOver:           nil,
	CodeNotYourTurn:        {"Seat", "Awaited"},
	CodeUnknownMove:        {"Kind"},
	CodeKeeping:            nil,
	CodeNotKeeping:         nil,
	CodeMainDone:           nil,
	CodeOptionalDone:       nil,
	CodeMainNeeded:         nil,
	CodeNothingToDraw:      nil,
	CodeBadSlot:            {"Slot"},
	CodeEmptySlot:          {"Slot"},
	CodeBadProfessor:       {"Prof"},
	CodeBadCard:            {"Card"},
	CodeDuplicateCard:      {"Card"},
	CodeNotInHand:          {"Card"},
	CodeCardNotMovable:     {"Card"},
	CodeWholeCombination:   {"Card"},
	CodeNothingAdded:       {"Prof"},
	CodeMergedCombinations: {"Prof"},
	CodeNotCombination:     {"Prof"},
	CodeNotStrongest:       {"Prof"},
	CodeTakeBackExpert:     nil,
	CodeTakeBackLate:       nil,
	CodeNoCombination:      {"Card"},
	CodeNoItem:             {"Kind", "Value"},
	CodeUndoAfterReveal:    nil,
	CodeNothingToUndo:      nil,
	CodeAlreadyKept:        {"Card"},
}
