package engine

import "fmt"

// ErrorCode classifies a refused action so callers can react without
// parsing the message.
type ErrorCode string

// The error codes.
const (
	CodeBadAction    ErrorCode = "bad_action"
	CodeGameOver     ErrorCode = "game_over"
	CodeNoSuchSeat   ErrorCode = "no_such_seat"
	CodeWrongStep    ErrorCode = "wrong_step"
	CodeSeatFinished ErrorCode = "seat_finished"
	CodeNotInHand    ErrorCode = "not_in_hand"
	CodeNoSuchItem   ErrorCode = "no_such_item"
	CodeWrongItem    ErrorCode = "wrong_item"
	CodeNoSuchSpace  ErrorCode = "no_such_space"
	CodeSpaceTaken   ErrorCode = "space_taken"
	CodeNoSupport    ErrorCode = "no_support"
	CodeNoBookBelow  ErrorCode = "no_book_below"
	CodeNoBook       ErrorCode = "no_book"
	CodeTransition   ErrorCode = "transition"
	CodeNoReshelve   ErrorCode = "no_reshelve"
	CodeWrongCompart ErrorCode = "wrong_compartment"
	CodeNoCandle     ErrorCode = "no_candle_space"
	CodeNoWand       ErrorCode = "no_wand"
	CodeNoSideShelf  ErrorCode = "no_side_shelf"
	CodeObjective    ErrorCode = "objective"
	CodeScoring      ErrorCode = "scoring_started"
	CodeNothingUndo  ErrorCode = "nothing_to_undo"
)

// Error is a refused action. Its message is written for players: it says
// what is wrong and, where it helps, what to do instead.
type Error struct {
	Code    ErrorCode
	Message string
}

func (e *Error) Error() string { return e.Message }

func errf(code ErrorCode, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
