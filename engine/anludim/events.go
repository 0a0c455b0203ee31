package anludim

import "strings"

// EventKind names what happened; the message catalogue words it.
type EventKind string

// The event kinds and the Event fields each one sets.
const (
	// EvDrew: Seat drew Cards face down (Private: only Seat sees them).
	EvDrew EventKind = "drew"
	// EvTookFaceUp: Seat took Card from Slot.
	EvTookFaceUp EventKind = "took_face_up"
	// EvFaceUp: Card was turned face up in Slot (Card -1: none left).
	EvFaceUp EventKind = "face_up"
	// EvReshuffled: the discard pile became the deck (Count cards).
	EvReshuffled EventKind = "reshuffled"
	// EvPlayed: Seat laid Uses as a combination for Prof.
	EvPlayed EventKind = "played"
	// EvProfessorTaken: Seat took Prof from From (a seat, or -1 the board).
	EvProfessorTaken EventKind = "professor_taken"
	// EvProfessorReturned: Prof went back to the board from Seat's table.
	EvProfessorReturned EventKind = "professor_returned"
	// EvTookBack: Seat took the combination of Cards back into the hand.
	EvTookBack EventKind = "took_back"
	// EvCardsDiscarded: Cards of Seat's dissolved combinations went to the
	// discard pile (expert variant).
	EvCardsDiscarded EventKind = "cards_discarded"
	// EvItemDiscarded: Seat gave up Item.
	EvItemDiscarded EventKind = "item_discarded"
	// EvIncome: Seat received Item from Prof's stack.
	EvIncome EventKind = "income"
	// EvTurnEnded: Seat's turn ended; the next turn is Seat2's.
	EvTurnEnded EventKind = "turn_ended"
	// EvUndone: Seat's last move was taken back.
	EvUndone EventKind = "undone"
	// EvRoundEnded: round Round ended for Reason (an EndReason), triggered
	// by Seat2; Seat won it; Values holds each seat's total.
	EvRoundEnded EventKind = "round_ended"
	// EvCrestFlipped: Seat's crest turned to its gold side.
	EvCrestFlipped EventKind = "crest_flipped"
	// EvGameWon: Seat won the game.
	EvGameWon EventKind = "game_won"
	// EvParchments: Seat receives Count parchments for the next round.
	EvParchments EventKind = "parchments"
	// EvKept: Seat chose to keep Card (Private).
	EvKept EventKind = "kept"
	// EvKeepDone: Seat finished choosing cards to keep (Count kept).
	EvKeepDone EventKind = "keep_done"
	// EvRoundStarted: round Round started with Seat as first player.
	EvRoundStarted EventKind = "round_started"
	// EvDealt: Seat was dealt Cards (Private).
	EvDealt EventKind = "dealt"
)

// EndReason is why a round ended.
type EndReason string

// The reasons a round ends.
const (
	// EndStacks: three item stacks are empty.
	EndStacks EndReason = "three_stacks"
	// EndFiveKinds: a player holds all five kinds of magic item.
	EndFiveKinds EndReason = "five_kinds"
	// EndBlocked: the player to move has no main action left (ruling 9).
	EndBlocked EndReason = "blocked"
	// EndTurnLimit: the round reached RoundTurnLimit turns (ruling 10).
	EndTurnLimit EndReason = "turn_limit"
)

// Event is one thing that happened during Apply. Kind says which fields
// are set; there is no text in it.
type Event struct {
	Kind    EventKind
	Seat    int
	Seat2   int
	Private bool // Cards/Card are shown only to Seat
	Slot    int
	Card    int
	Cards   []int
	Uses    []Use
	Prof    Professor
	From    int
	Item    Item
	Count   int
	Round   int
	Reason  EndReason
	Values  []int
}

// EventKinds lists every event kind, for the message catalogue.
var EventKinds = []EventKind{
	EvDrew, EvTookFaceUp, EvFaceUp, EvReshuffled, EvPlayed, EvProfessorTaken, EvProfessorReturned,
	EvTookBack, EvCardsDiscarded, EvItemDiscarded, EvIncome, EvTurnEnded, EvUndone, EvRoundEnded,
	EvCrestFlipped, EvGameWon, EvParchments, EvKept, EvKeepDone, EvRoundStarted, EvDealt,
}

// EventArgs lists, for each event kind, the named arguments Args gives:
// the placeholders the message catalogue may use.
var EventArgs = map[EventKind][]string{
	EvDrew:              {"Cards"},
	EvTookFaceUp:        {"Slot", "Card"},
	EvFaceUp:            {"Slot", "Card"},
	EvReshuffled:        {"Count"},
	EvPlayed:            {"Prof", "Cards"},
	EvProfessorTaken:    {"Prof", "From"},
	EvProfessorReturned: {"Prof"},
	EvTookBack:          {"Cards"},
	EvCardsDiscarded:    {"Cards"},
	EvItemDiscarded:     {"Kind", "Value"},
	EvIncome:            {"Prof", "Kind", "Value"},
	EvTurnEnded:         {"Next"},
	EvUndone:            nil,
	EvRoundEnded:        {"Round", "Reason", "Trigger", "Values"},
	EvCrestFlipped:      nil,
	EvGameWon:           nil,
	EvParchments:        {"Count"},
	EvKept:              {"Card"},
	EvKeepDone:          {"Count"},
	EvRoundStarted:      {"Round"},
	EvDealt:             {"Cards"},
}

// Args gives the event's details by name, as EventArgs lists them:
// professors and item kinds by their stable ids, a play's cards in move
// notation ("12a 40b"), seats from 0. Seat is not repeated here.
func (e Event) Args() map[string]any {
	names := EventArgs[e.Kind]
	out := make(map[string]any, len(names))
	for _, n := range names {
		switch n {
		case "Cards":
			if e.Kind == EvPlayed {
				var b strings.Builder
				writeUses(&b, e.Uses)
				out[n] = strings.TrimPrefix(b.String(), " ")
			} else {
				out[n] = append([]int(nil), e.Cards...)
			}
		case "Slot":
			out[n] = e.Slot
		case "Card":
			out[n] = e.Card
		case "Count":
			out[n] = e.Count
		case "Prof":
			out[n] = e.Prof.ID()
		case "From":
			out[n] = e.From
		case "Kind":
			out[n] = e.Item.Kind.ID()
		case "Value":
			out[n] = e.Item.Value
		case "Next", "Trigger":
			out[n] = e.Seat2
		case "Round":
			out[n] = e.Round
		case "Reason":
			out[n] = string(e.Reason)
		case "Values":
			out[n] = append([]int(nil), e.Values...)
		}
	}
	return out
}
