package exlibris

// EventKind names what happened; the message catalogue words it
// ("exlibris.event.<kind>").
type EventKind string

// The event kinds and the Event fields each one sets.
const (
	// EvLibrariesOffered: the libraries Libs are on the table to draft.
	EvLibrariesOffered EventKind = "libraries_offered"
	// EvLibraryChosen: Seat keeps library Lib.
	EvLibraryChosen EventKind = "library_chosen"
	// EvLibraryDiscarded: Seat puts library Lib back in the box.
	EvLibraryDiscarded EventKind = "library_discarded"
	// EvRoundStarted: round Round begins, Seat holding the first player
	// token; Last when it is the last round.
	EvRoundStarted EventKind = "round_started"
	// EvLocationRevealed: tile Loc comes into play.
	EvLocationRevealed EventKind = "location_revealed"
	// EvLocationSetUp: Count cards are laid on tile Loc (Cards when face up).
	EvLocationSetUp EventKind = "location_set_up"
	// EvPlaced: Seat places an assistant of kind Lib (NoLibrary: a plain
	// one) on tile Loc, slot Slot (Loc 0: at home); Shared for a ghost
	// sharing a slot, Guild when the guild moved it there.
	EvPlaced EventKind = "placed"
	// EvBumped: Seat's assistant Lib leaves tile Loc and may be placed again.
	EvBumped EventKind = "bumped"
	// EvRecalled: Seat takes its sasquatch back from tile Loc.
	EvRecalled EventKind = "recalled"
	// EvMovedHome: Seat moves its assistant Lib from tile Loc home (salon).
	EvMovedHome EventKind = "moved_home"
	// EvEffect: the effect of tile Loc applies for Seat.
	EvEffect EventKind = "effect"
	// EvDrew: Seat draws Cards (Private; Count for the others).
	EvDrew EventKind = "drew"
	// EvTook: Seat takes Cards from tile Loc (0: from cards turned over).
	EvTook EventKind = "took"
	// EvArchived: Seat archives Card at row R, column C (Mode: 1-2 pushing
	// a run right or left, 3 over a card, 4 under it); Loc when it came
	// straight from a tile or the discard pile (the dump).
	EvArchived EventKind = "archived"
	// EvDiscarded: Seat discards Cards (FromCollection: from place R, C).
	EvDiscarded EventKind = "discarded"
	// EvPaid: Seat pays Card onto tile Loc (the tax collector).
	EvPaid EventKind = "paid"
	// EvExchanged: Seat lays Card on tile Loc and takes Other.
	EvExchanged EventKind = "exchanged"
	// EvGave: Seat gives Card to Other (Loc: from that tile).
	EvGave EventKind = "gave"
	// EvGaveAtRandom: Other gives Seat a card at random (Private to Seat:
	// Card).
	EvGaveAtRandom EventKind = "gave_at_random"
	// EvCubeHome: Other lets Seat take both home actions.
	EvCubeHome EventKind = "cube_home"
	// EvRevealed: Cards are turned over from the deck (Loc: for that tile).
	EvRevealed EventKind = "revealed"
	// EvNamed: Seat names category Cat (at tile Loc).
	EvNamed EventKind = "named"
	// EvLooked: Seat looks at the face-down Cards of tile Loc (Private).
	EvLooked EventKind = "looked"
	// EvHandShown: Other shows its hand (Cards) to Seat, having no card of
	// Cat (Private).
	EvHandShown EventKind = "hand_shown"
	// EvGoblinAsks: Seat's goblin asks Other for a card of Cat.
	EvGoblinAsks EventKind = "goblin_asks"
	// EvDenWon: Seat wins the gambling den with Cat (Count books) and
	// takes Cards.
	EvDenWon EventKind = "den_won"
	// EvWitchKept: Seat keeps Card and discards Other (the witch).
	EvWitchKept EventKind = "witch_kept"
	// EvTileDiscarded: Seat discards Cards from tile Loc (the wisp).
	EvTileDiscarded EventKind = "tile_discarded"
	// EvFirstPlayer: Seat takes the first player token.
	EvFirstPlayer EventKind = "first_player"
	// EvCollectorCount: Seat's discards count Count books for the collector.
	EvCollectorCount EventKind = "collector_count"
	// EvSwapped: Seat puts Card from its hand at R, C and takes Other back.
	EvSwapped EventKind = "swapped"
	// EvRearranged: Seat rearranges its collection (at tile Loc).
	EvRearranged EventKind = "rearranged"
	// EvSaleOpened: Seat puts Cards of its hand on sale.
	EvSaleOpened EventKind = "sale_opened"
	// EvBought: Seat takes Card from Other's sale (Archived: straight into
	// place R, C).
	EvBought EventKind = "bought"
	// EvPassed: Seat passes.
	EvPassed EventKind = "passed"
	// EvNoEffect: tile Loc does nothing for Seat.
	EvNoEffect EventKind = "no_effect"
	// EvResolving: tile Loc is resolved.
	EvResolving EventKind = "resolving"
	// EvTileCleared: the Cards left on tile Loc are discarded.
	EvTileCleared EventKind = "tile_cleared"
	// EvLocationPermanent: tile Loc stays in play for good.
	EvLocationPermanent EventKind = "location_permanent"
	// EvLastRound: Seat's collection (Count cards) calls the last round
	// (Seat -1: the round limit, Count the last round).
	EvLastRound EventKind = "last_round"
	// EvReshuffled: the discard pile becomes a deck of Count cards.
	EvReshuffled EventKind = "reshuffled"
	// EvSoloHint: the public library is not a specialist in Cat.
	EvSoloHint EventKind = "solo_hint"
	// EvSoloDiscards: Cards go from the deck to the public library.
	EvSoloDiscards EventKind = "solo_discards"
	// EvEliminated: tile Loc leaves the solo game.
	EvEliminated EventKind = "eliminated"
	// EvInspection: the inspection begins: each seat may turn cards down.
	EvInspection EventKind = "inspection"
	// EvFlipped: Seat turns Card at R, C face down.
	EvFlipped EventKind = "flipped"
	// EvChecked: the alphabetical check turns Seat's Cards face down.
	EvChecked EventKind = "checked"
	// EvHandToPublic: the solo player's last Cards go to the public library.
	EvHandToPublic EventKind = "hand_to_public"
	// EvScored: Seat scores Count in all (Seat -1: the public library).
	EvScored EventKind = "scored"
)

// EventKinds lists every event kind, for the message catalogue.
var EventKinds = []EventKind{
	EvLibrariesOffered, EvLibraryChosen, EvLibraryDiscarded, EvRoundStarted,
	EvLocationRevealed, EvLocationSetUp, EvPlaced, EvBumped, EvRecalled, EvMovedHome, EvEffect, EvDrew,
	EvTook, EvArchived, EvDiscarded, EvPaid, EvExchanged, EvGave, EvGaveAtRandom, EvCubeHome, EvRevealed,
	EvNamed, EvLooked, EvHandShown, EvGoblinAsks, EvDenWon, EvWitchKept, EvTileDiscarded, EvFirstPlayer,
	EvCollectorCount, EvSwapped, EvRearranged, EvSaleOpened, EvBought, EvPassed, EvNoEffect, EvResolving,
	EvTileCleared, EvLocationPermanent, EvLastRound, EvReshuffled, EvSoloHint, EvSoloDiscards, EvEliminated,
	EvInspection, EvFlipped, EvChecked, EvHandToPublic, EvScored,
}

// Event is one thing that happened during Apply. Kind says which fields
// are set; there is no text in it.
type Event struct {
	Kind    EventKind
	Seat    int
	Other   int
	Private bool // Card(s) are shown only to Seat
	Card    int
	Cards   []int
	Loc     Location
	Cat     Category
	Lib     Library
	Libs    []Library
	Count   int
	Round   int
	Slot    int
	R, C    int
	Mode    int
	Shared  bool
	Guild   bool
	Last    bool
	// FromCollection: the card left a collection; Archived: it went
	// straight into one.
	FromCollection bool
	Archived       bool
}

// Args gives the event's details by name for the seam: cards by code
// ("E2"), tiles, categories and libraries by id, places as keys.
func (e Event) Args() map[string]any {
	out := map[string]any{}
	switch e.Kind {
	case EvLibrariesOffered:
		ids := make([]string, len(e.Libs))
		for i, l := range e.Libs {
			ids[i] = l.ID()
		}
		out["Libraries"] = ids
	case EvLibraryChosen, EvLibraryDiscarded:
		out["Library"] = e.Lib.ID()
	case EvNamed, EvSoloHint, EvGoblinAsks:
		out["Category"] = e.Cat.ID()
	case EvRoundStarted:
		out["Round"] = e.Round
		out["Last"] = e.Last
	case EvPlaced, EvBumped, EvRecalled, EvMovedHome:
		out["Assistant"] = assistantID(e.Lib)
	case EvDenWon:
		out["Category"] = e.Cat.ID()
	}
	if e.Loc != 0 {
		out["Location"] = e.Loc.ID()
	}
	if e.Card >= 0 && (e.Kind == EvArchived || e.Kind == EvPaid || e.Kind == EvExchanged || e.Kind == EvGave ||
		e.Kind == EvGaveAtRandom || e.Kind == EvWitchKept || e.Kind == EvSwapped || e.Kind == EvBought || e.Kind == EvFlipped) {
		out["Card"] = CardCode(e.Card)
	}
	if e.Cards != nil {
		codes := make([]string, len(e.Cards))
		for i, c := range e.Cards {
			codes[i] = CardCode(c)
		}
		out["Cards"] = codes
	}
	switch e.Kind {
	case EvExchanged, EvWitchKept, EvSwapped:
		out["Other"] = CardCode(e.Other)
	case EvGave, EvGaveAtRandom, EvCubeHome, EvHandShown, EvGoblinAsks, EvBought:
		out["Other"] = e.Other
	}
	switch e.Kind {
	case EvDrew, EvLocationSetUp, EvDenWon, EvCollectorCount, EvLastRound, EvReshuffled, EvScored:
		out["Count"] = e.Count
	}
	switch e.Kind {
	case EvArchived, EvFlipped, EvSwapped:
		out["Place"] = PosKey(e.R, e.C)
	case EvDiscarded, EvPaid, EvBought:
		if e.FromCollection || e.Archived {
			out["Place"] = PosKey(e.R, e.C)
		}
	}
	return out
}

func assistantID(l Library) string {
	if l < 0 {
		return "assistant"
	}
	return l.ID()
}
