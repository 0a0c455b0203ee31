package game

import "errors"

// Code names an expected refusal. The service returns codes, never
// sentences: the adapter words them in the reader's language.
type Code string

// The refusal codes.
const (
	// CodeNoGame: the game does not exist (any more).
	CodeNoGame Code = "no_game"
	// CodeNotLobby: the game has started; lobby buttons no longer apply.
	CodeNotLobby Code = "not_lobby"
	// CodeLobbyClosed: the lobby was cancelled.
	CodeLobbyClosed Code = "lobby_closed"
	// CodeAlreadyJoined: the person already has a seat.
	CodeAlreadyJoined Code = "already_joined"
	// CodeFull: every seat is taken.
	CodeFull Code = "full"
	// CodeNotInLobby: the person has no seat to leave or to change.
	CodeNotInLobby Code = "not_in_lobby"
	// CodeHostStays: the host cannot leave (they cancel instead).
	CodeHostStays Code = "host_stays"
	// CodeNoSuchOption: the game has no such option or value.
	CodeNoSuchOption Code = "no_such_option"
	// CodeOptionTaken: another seat has that value of a seat option that
	// must differ between seats (a favourite subject); Arg is the value.
	CodeOptionTaken Code = "option_taken"
	// CodeNoSuchGame: the service runs no game of that kind.
	CodeNoSuchGame Code = "no_such_game"
	// CodeBadSeats: the game is not played with that many seats; Arg is
	// the range allowed ("2-5").
	CodeBadSeats Code = "bad_seats"
	// CodeHostOnly: only the host may do that.
	CodeHostOnly Code = "host_only"
	// CodeTooFew: fewer seats than the game needs; Arg is the fewest.
	CodeTooFew Code = "too_few"
	// CodeNoSuchLevel: the AI level does not exist.
	CodeNoSuchLevel Code = "no_such_level"
	// CodeNoSuchAI: there is no AI in that seat.
	CodeNoSuchAI Code = "no_such_ai"
	// CodeGameEnded: the game was abandoned.
	CodeGameEnded Code = "game_ended"
	// CodeGameOver: the game is finished.
	CodeGameOver Code = "game_over"
	// CodeMovedOn: somebody else's move was stored first; nothing changed.
	CodeMovedOn Code = "moved_on"
	// CodeNotAutopilot: the seat is not on autopilot.
	CodeNotAutopilot Code = "not_autopilot"
	// CodeNotPlaying: the game is not running (a lobby, or over).
	CodeNotPlaying Code = "not_playing"
	// CodeBadHours: the hours are outside 1 to MaxHours.
	CodeBadHours Code = "bad_hours"
	// CodeBadAwayHours: the hours away are outside 1 to MaxAwayHours.
	CodeBadAwayHours Code = "bad_away_hours"
	// CodeNoSuchSeat: the game has no such seat.
	CodeNoSuchSeat Code = "no_such_seat"
	// CodeAlreadySeated: the newcomer already plays in this game.
	CodeAlreadySeated Code = "already_seated"
	// CodePaused: the game is already paused.
	CodePaused Code = "paused"
	// CodeNotPaused: the game is not paused.
	CodeNotPaused Code = "not_paused"
	// CodeNoSuchVerb: the host tool does not exist.
	CodeNoSuchVerb Code = "no_such_verb"
	// CodeNotInGame: the person has no seat in this game.
	CodeNotInGame Code = "not_in_game"
	// CodeNotPerson: the seat is an AI's, not a person's.
	CodeNotPerson Code = "not_person"
	// CodeNoSuchMode: the notify mode does not exist.
	CodeNoSuchMode Code = "no_such_mode"
	// CodeNoSuchLanguage: the game cannot be played in that language.
	CodeNoSuchLanguage Code = "no_such_language"
	// CodeOtherServer: the channel's game belongs to another server than
	// the one the request came from (Discord never sends that; a forged
	// payload could).
	CodeOtherServer Code = "other_server"
	// CodePracticeRunning: the member already has a practice game of this
	// kind running on the server; Arg is its channel.
	CodePracticeRunning Code = "practice_running"
	// CodePracticeFull: the server has MaxPracticePerServer practice games
	// running already.
	CodePracticeFull Code = "practice_full"
)

// Refusal is an expected refusal: the request was wrong or came too late,
// and nothing was changed.
type Refusal struct {
	Code Code
	// Arg is the code's argument, where it has one.
	Arg string
	// Option names the option a CodeOptionTaken is about.
	Option string
}

func (r *Refusal) Error() string {
	if r.Arg != "" {
		return "refused: " + string(r.Code) + " (" + r.Arg + ")"
	}
	return "refused: " + string(r.Code)
}

func refusal(c Code) error { return &Refusal{Code: c} }

// RefusalCode returns err's refusal code, or "" when err is not a Refusal.
func RefusalCode(err error) Code {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Code
	}
	return ""
}
