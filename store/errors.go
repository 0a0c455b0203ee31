package store

import (
	"errors"
	"fmt"
)

// Code classifies an error so callers can react without reading messages.
type Code string

// The error codes.
const (
	// CodeNotFound: no such game (or message, job, setting).
	CodeNotFound Code = "not_found"
	// CodeConflict: the game moved on since the caller loaded it; reload and
	// retry.
	CodeConflict Code = "conflict"
	// CodeExists: the channel already has an active game, or the id is taken.
	CodeExists Code = "exists"
	// CodeCorrupt: the stored record cannot be trusted and was not loaded.
	CodeCorrupt Code = "corrupt"
	// CodeInvalid: the request itself is wrong (bad arguments, wrong status).
	CodeInvalid Code = "invalid"
	// CodeInternal: the database failed; the cause is only in Error().
	CodeInternal Code = "internal"
)

// Error is every error the store returns. Callers react to Code, and an
// adapter words it for players in their language; Message is a short
// English summary for logs and operators that never holds SQL, and GameID,
// Reason and Err are for logs too.
type Error struct {
	Code    Code
	Message string
	// GameID names the game concerned, if any.
	GameID string
	// Reason says precisely what is wrong (e.g. which action is missing).
	Reason string
	// Err is the underlying cause, if any.
	Err error
}

// Sentinels for errors.Is: an *Error matches the sentinel of its Code.
var (
	ErrNotFound = &Error{Code: CodeNotFound, Message: "Not found."}
	ErrConflict = &Error{Code: CodeConflict, Message: "Someone else acted first: please try again."}
	ErrExists   = &Error{Code: CodeExists, Message: "That already exists."}
	ErrCorrupt  = &Error{Code: CodeCorrupt, Message: "This game's saved record is damaged."}
	ErrInvalid  = &Error{Code: CodeInvalid, Message: "That request is not valid."}
	ErrInternal = &Error{Code: CodeInternal, Message: "Something went wrong with the database."}
)

// Error returns the code, game, message, reason and cause, for logs.
func (e *Error) Error() string {
	s := "store: " + string(e.Code)
	if e.GameID != "" {
		s += ": game " + e.GameID
	}
	s += ": " + e.Message
	if e.Reason != "" {
		s += " (" + e.Reason + ")"
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error of the same Code, which makes the
// sentinels work with errors.Is.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// ErrorCode returns the Code of err, CodeInternal for a foreign error and ""
// for nil.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorMessage returns the English summary of err for logs and operators
// (players see the adapter's words for its Code); a foreign error gets a
// generic summary, so that no internal detail leaks even there.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return ErrInternal.Message
}

func internal(gameID string, err error, what string) *Error {
	return &Error{Code: CodeInternal, Message: ErrInternal.Message, GameID: gameID, Reason: what, Err: err}
}

func notFound(gameID, msg string) *Error {
	return &Error{Code: CodeNotFound, Message: msg, GameID: gameID}
}

func invalid(gameID, format string, args ...any) *Error {
	return &Error{Code: CodeInvalid, Message: fmt.Sprintf(format, args...), GameID: gameID}
}

func conflict(gameID, reason string) *Error {
	return &Error{Code: CodeConflict, Message: ErrConflict.Message, GameID: gameID, Reason: reason}
}

func corrupt(gameID string, err error, format string, args ...any) *Error {
	return &Error{
		Code:    CodeCorrupt,
		Message: "This game's saved record is damaged, so it cannot be loaded; an administrator needs to look at it.",
		GameID:  gameID,
		Reason:  fmt.Sprintf(format, args...),
		Err:     err,
	}
}
