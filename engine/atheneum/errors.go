package atheneum

import (
	"fmt"
	"slices"
)

// ErrorCode names one reason an action is refused. Each code has exactly
// one sentence in the bot's message catalogue (key "engine.<code>"), filled
// from the error's Args; ArgNames lists the arguments a code carries.
type ErrorCode string

// The error codes, by where they arise.
const (
	// Setting up a game.

	// CodeSeatCount: Min, Max (the allowed numbers of players), Players (the number asked for).
	CodeSeatCount ErrorCode = "seat_count"
	// CodeSameSubject: two players were given the same favourite subject.
	CodeSameSubject ErrorCode = "same_subject"

	// Any action.

	// CodeNoContent: the game has no content pack loaded.
	CodeNoContent ErrorCode = "no_content"
	// CodeHiddenView: a seat's view of the game (hidden cards) was played on.
	CodeHiddenView ErrorCode = "hidden_view"
	// CodeGameOver: the game has ended.
	CodeGameOver ErrorCode = "game_over"
	// CodeNoSuchSeat: Seat (counted from 1).
	CodeNoSuchSeat ErrorCode = "no_such_seat"
	// CodeUnknownAction: Action (the unknown action type, verbatim).
	CodeUnknownAction ErrorCode = "unknown_action"

	// Picking a card.

	// CodeNotPicking: a card was picked while players are resolving their benefits.
	CodeNotPicking ErrorCode = "not_picking"
	// CodeNotInHand: Card (the code asked for), Hand (the codes in hand, comma-separated).
	CodeNotInHand ErrorCode = "not_in_hand"

	// Resolving benefits.

	// CodeNotResolving: a resolve action came while players are picking cards.
	CodeNotResolving ErrorCode = "not_resolving"
	// CodeSeatFinished: the seat has already pressed Done this turn.
	CodeSeatFinished ErrorCode = "seat_finished"
	// CodeScoring: the seat has scored an objective, so shelving is over.
	CodeScoring ErrorCode = "scoring_started"
	// CodeNoSuchItem: the item is no longer held.
	CodeNoSuchItem ErrorCode = "no_such_item"
	// CodeNothingUndo: nothing this turn can be taken back.
	CodeNothingUndo ErrorCode = "nothing_to_undo"

	// Shelving and reshelving.

	// CodeNoSuchCompartment: Name (the compartment asked for, verbatim).
	CodeNoSuchCompartment ErrorCode = "no_such_compartment"
	// CodeMissingSideShelf: Side (where the seat has no side shelf).
	CodeMissingSideShelf ErrorCode = "missing_side_shelf"
	// CodeNoSuchSpace: Compartment, Level, Space (counted from 1).
	CodeNoSuchSpace ErrorCode = "no_such_space"
	// CodeNoRoomForPair: Compartment, Level, Space, Next (the two spaces, counted from 1).
	CodeNoRoomForPair ErrorCode = "no_room_for_pair"
	// CodeSpaceTaken: Pos.
	CodeSpaceTaken ErrorCode = "space_taken"
	// CodeNoBookBelow: Pos.
	CodeNoBookBelow ErrorCode = "no_book_below"
	// CodeNoSupport: Pos.
	CodeNoSupport ErrorCode = "no_support"
	// CodeFlipNotPair: only a paired set can be turned around.
	CodeFlipNotPair ErrorCode = "flip_not_pair"
	// CodeChooseColor: a book of any colour needs a colour.
	CodeChooseColor ErrorCode = "choose_color"
	// CodeWrongColor: Color (the book's), Chosen (the one asked for).
	CodeWrongColor ErrorCode = "wrong_color"
	// CodeWrongCompart: Compartment (the only one the book may go in).
	CodeWrongCompart ErrorCode = "wrong_compartment"
	// CodePairColor: a paired set's colours cannot be chosen.
	CodePairColor ErrorCode = "pair_color"
	// CodeNotABook: Item (the kind of item that was to be shelved).
	CodeNotABook ErrorCode = "not_a_book"
	// CodeNoBook: Pos (an empty space that was to be emptied).
	CodeNoBook ErrorCode = "no_book"
	// CodeTransition: Color, Pos (the book that would be left unsupported).
	CodeTransition ErrorCode = "transition"
	// CodeTransitionPair: Pos (the paired set that would be left unsupported).
	CodeTransitionPair ErrorCode = "transition_pair"
	// CodeNoReshelve: no reshelving is left this turn.
	CodeNoReshelve ErrorCode = "no_reshelve"
	// CodePairReshelve: a paired set needs two reshelves and one is left.
	CodePairReshelve ErrorCode = "pair_needs_two_reshelves"

	// Bonus tokens.

	// CodeNotAToken: Item (the kind of item that was used as a token).
	CodeNotAToken ErrorCode = "not_a_token"
	// CodeNoCandle: Candle (the candle space, counted from 1).
	CodeNoCandle ErrorCode = "no_candle_space"
	// CodeCandleTaken: Candle (the candle space, counted from 1).
	CodeCandleTaken ErrorCode = "candle_taken"
	// CodeTokenUse: a token is used as a candle or for its benefit.
	CodeTokenUse ErrorCode = "token_use"
	// CodeTokenNoWand: a wand token with an empty wand supply.
	CodeTokenNoWand ErrorCode = "token_wand_supply_empty"
	// CodeTokenSideShelvesFull: Count (the most side shelves allowed).
	CodeTokenSideShelvesFull ErrorCode = "token_side_shelves_full"
	// CodeTokenSideSupplyEmpty: a side-shelf token with no side shelf left in the supply.
	CodeTokenSideSupplyEmpty ErrorCode = "token_side_supply_empty"

	// Spiders' rewards.

	// CodeNotAReward: Item (the kind of item that was used as a reward).
	CodeNotAReward ErrorCode = "not_a_reward"
	// CodeRewardNoWand: a wand reward with an empty wand supply.
	CodeRewardNoWand ErrorCode = "reward_wand_supply_empty"
	// CodeRewardNoToken: no bonus token is left to draw.
	CodeRewardNoToken ErrorCode = "reward_no_token"
	// CodeRewardSideShelvesFull: Count (the most side shelves allowed).
	CodeRewardSideShelvesFull ErrorCode = "reward_side_shelves_full"
	// CodeRewardSideSupplyEmpty: a side-shelf reward with no side shelf left in the supply.
	CodeRewardSideSupplyEmpty ErrorCode = "reward_side_supply_empty"
	// CodeUnknownReward: the reward is not one of the four.
	CodeUnknownReward ErrorCode = "unknown_reward"

	// Side shelves.

	// CodeSideShelvesFull: Count (the most side shelves allowed).
	CodeSideShelvesFull ErrorCode = "side_shelves_full"
	// CodeSideSupplyEmpty: no side shelf is left in the supply.
	CodeSideSupplyEmpty ErrorCode = "side_supply_empty"
	// CodeNotASideShelf: Item (the kind of item that was placed as a side shelf).
	CodeNotASideShelf ErrorCode = "not_a_side_shelf"
	// CodeUnknownSide: a side shelf goes left or right.
	CodeUnknownSide ErrorCode = "unknown_side"
	// CodeSideTaken: Side (where the seat already has a side shelf).
	CodeSideTaken ErrorCode = "side_taken"
	// CodeSideShelfGone: Shelf (the side shelf's number).
	CodeSideShelfGone ErrorCode = "side_shelf_not_in_supply"

	// Objectives.

	// CodeObjectiveNotInRow: Objective (its code).
	CodeObjectiveNotInRow ErrorCode = "objective_not_in_row"
	// CodeObjectiveScored: Objective (its code).
	CodeObjectiveScored ErrorCode = "objective_already_scored"
	// CodeNoWand: no wand in hand to score an objective.
	CodeNoWand ErrorCode = "no_wand"
	// CodeObjectiveIncomplete: Objective (its code).
	CodeObjectiveIncomplete ErrorCode = "objective_incomplete"
)

// errorArgs names the arguments every refusal with a code carries, in the
// order they are added. A test holds every errf call in the package to it,
// and the bot's tests hold the catalogue's placeholders to it.
var errorArgs = map[ErrorCode][]string{
	CodeSeatCount:             {"Min", "Max", "Players"},
	CodeSameSubject:           nil,
	CodeNoContent:             nil,
	CodeHiddenView:            nil,
	CodeGameOver:              nil,
	CodeNoSuchSeat:            {"Seat"},
	CodeUnknownAction:         {"Action"},
	CodeNotPicking:            nil,
	CodeNotInHand:             {"Card", "Hand"},
	CodeNotResolving:          nil,
	CodeSeatFinished:          nil,
	CodeScoring:               nil,
	CodeNoSuchItem:            nil,
	CodeNothingUndo:           nil,
	CodeNoSuchCompartment:     {"Name"},
	CodeMissingSideShelf:      {"Side"},
	CodeNoSuchSpace:           {"Compartment", "Level", "Space"},
	CodeNoRoomForPair:         {"Compartment", "Level", "Space", "Next"},
	CodeSpaceTaken:            {"Pos"},
	CodeNoBookBelow:           {"Pos"},
	CodeNoSupport:             {"Pos"},
	CodeFlipNotPair:           nil,
	CodeChooseColor:           nil,
	CodeWrongColor:            {"Color", "Chosen"},
	CodeWrongCompart:          {"Compartment"},
	CodePairColor:             nil,
	CodeNotABook:              {"Item"},
	CodeNoBook:                {"Pos"},
	CodeTransition:            {"Color", "Pos"},
	CodeTransitionPair:        {"Pos"},
	CodeNoReshelve:            nil,
	CodePairReshelve:          nil,
	CodeNotAToken:             {"Item"},
	CodeNoCandle:              {"Candle"},
	CodeCandleTaken:           {"Candle"},
	CodeTokenUse:              nil,
	CodeTokenNoWand:           nil,
	CodeTokenSideShelvesFull:  {"Count"},
	CodeTokenSideSupplyEmpty:  nil,
	CodeNotAReward:            {"Item"},
	CodeRewardNoWand:          nil,
	CodeRewardNoToken:         nil,
	CodeRewardSideShelvesFull: {"Count"},
	CodeRewardSideSupplyEmpty: nil,
	CodeUnknownReward:         nil,
	CodeSideShelvesFull:       {"Count"},
	CodeSideSupplyEmpty:       nil,
	CodeNotASideShelf:         {"Item"},
	CodeUnknownSide:           nil,
	CodeSideTaken:             {"Side"},
	CodeSideShelfGone:         {"Shelf"},
	CodeObjectiveNotInRow:     {"Objective"},
	CodeObjectiveScored:       {"Objective"},
	CodeNoWand:                nil,
	CodeObjectiveIncomplete:   {"Objective"},
}

// ErrorCodes lists every error code, sorted.
func ErrorCodes() []ErrorCode {
	codes := make([]ErrorCode, 0, len(errorArgs))
	for c := range errorArgs {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	return codes
}

// ArgNames lists the names of the arguments every refusal with code c
// carries, in order (nil for a code with none, or an unknown code).
func (c ErrorCode) ArgNames() []string { return slices.Clone(errorArgs[c]) }

// Arg is one named value that the sentence of a refusal needs. Value is
// one of:
//   - int: a number, already counted from 1 where players count from 1;
//     "Count" also chooses a plural form;
//   - string: notation shown verbatim (a card or objective code, a position
//     such as "II.2.3", a list of card codes);
//   - Color: a book colour, to be named in the reader's language;
//   - CompID: a compartment, to be named in the reader's language;
//   - Side: left or right, to be named in the reader's language;
//   - ItemKind: a kind of held item, to be named in the reader's language.
type Arg struct {
	Name  string
	Value any
}

// Error is a refused action: a code, which says what is wrong, and the
// arguments its sentence needs. Players read the sentence from the bot's
// message catalogue (key "engine.<Code>", placeholders named as the Args);
// Message is the same refusal in English, for logs and tests.
type Error struct {
	Code    ErrorCode
	Args    []Arg
	Message string
}

// Error returns the English message, for logs.
func (e *Error) Error() string { return e.Message }

// Arg returns the value of the argument named name, if the error has it.
func (e *Error) Arg(name string) (any, bool) {
	for _, a := range e.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return nil, false
}

// errf makes a refusal with an English message for logs; with adds its
// arguments, which must be those errorArgs lists for the code.
func errf(code ErrorCode, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// with adds a named argument and returns e, for chaining.
func (e *Error) with(name string, value any) *Error {
	e.Args = append(e.Args, Arg{Name: name, Value: value})
	return e
}
