package face

import "atheneum/i18n"

// UserError is a refusal meant for the player who acted: either a sentence
// already worded, or a catalogue message (its id and its placeholders'
// values) worded when it is shown, in the reader's language.
type UserError struct {
	msg  string
	id   string
	args []any
}

// Error words the refusal in English, for logs and tests.
func (e *UserError) Error() string { return e.Words(i18n.English) }

// Words says the refusal in l.
func (e *UserError) Words(l i18n.Lang) string {
	if e.id == "" {
		return e.msg
	}
	return l.T(e.id, e.args...)
}

// WordsWith says the refusal in l, with defaults for placeholders its own
// arguments leave open (the game's command, say).
func (e *UserError) WordsWith(l i18n.Lang, defaults ...any) string {
	if e.id == "" {
		return e.msg
	}
	return l.T(e.id, append(defaults, e.args...)...)
}

// Refuse refuses with a sentence already worded in the reader's language.
func Refuse(msg string) error { return &UserError{msg: msg} }

// RefuseID refuses with catalogue message id, filled from kv (as in
// i18n.Lang.T) and worded in the language of whoever sees it.
func RefuseID(id string, kv ...any) error { return &UserError{id: id, args: kv} }

// ErrStaleChoice refuses a choice that was not offered, or no longer is.
var ErrStaleChoice = RefuseID("play.refuse.stale")
