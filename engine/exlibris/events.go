package exlibris

import "atheneum/engine"

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
	// EvUndone: Seat takes back its placement of an assistant of kind Lib
	// on tile Loc (0: at home) and all that followed it (ruling 50).
	EvUndone EventKind = "undone"
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
	EvInspection, EvFlipped, EvChecked, EvHandToPublic, EvScored, EvUndone,
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

// EventArgs lists, for each event kind, the names of the details Args
// may give (the catalogue's placeholders, beside "Name", the event's own
// seat); EventVariants says when some are left out.
var EventArgs = map[EventKind][]string{
	EvLibrariesOffered:  {"Libraries"},
	EvLibraryChosen:     {"Library"},
	EvLibraryDiscarded:  {"Library"},
	EvRoundStarted:      {"Round", "Last"},
	EvLocationRevealed:  {"Location"},
	EvLocationSetUp:     {"Location", "Count", "Cards"},
	EvPlaced:            {"Assistant", "Location", "Bid", "Shared", "Guild"},
	EvBumped:            {"Assistant", "Location"},
	EvRecalled:          {"Assistant", "Location"},
	EvMovedHome:         {"Assistant", "Location"},
	EvEffect:            {"Location"},
	EvDrew:              {"Cards", "Count"},
	EvTook:              {"Location", "Cards"},
	EvArchived:          {"Card", "Place", "Mode", "Location"},
	EvDiscarded:         {"Cards", "Place", "Location"},
	EvPaid:              {"Card", "Location", "Place"},
	EvExchanged:         {"Card", "Other", "Location"},
	EvGave:              {"Card", "Other", "Location"},
	EvGaveAtRandom:      {"Card", "Other"},
	EvCubeHome:          {"Other"},
	EvRevealed:          {"Cards", "Location"},
	EvNamed:             {"Category", "Location"},
	EvLooked:            {"Location", "Cards", "Count"},
	EvHandShown:         {"Other", "Cards", "Count", "Category"},
	EvGoblinAsks:        {"Category", "Other"},
	EvDenWon:            {"Category", "Count", "Cards"},
	EvWitchKept:         {"Card", "Other"},
	EvTileDiscarded:     {"Location", "Cards"},
	EvFirstPlayer:       nil,
	EvCollectorCount:    {"Count"},
	EvSwapped:           {"Card", "Other", "Place"},
	EvRearranged:        {"Location"},
	EvSaleOpened:        {"Cards"},
	EvBought:            {"Card", "Other", "Place"},
	EvPassed:            nil,
	EvNoEffect:          {"Location"},
	EvResolving:         {"Location"},
	EvTileCleared:       {"Location", "Cards"},
	EvLocationPermanent: {"Location"},
	EvLastRound:         {"Count"},
	EvReshuffled:        {"Count"},
	EvSoloHint:          {"Category"},
	EvSoloDiscards:      {"Cards"},
	EvEliminated:        {"Location"},
	EvInspection:        nil,
	EvFlipped:           {"Card", "Place"},
	EvChecked:           {"Cards"},
	EvHandToPublic:      {"Cards"},
	EvScored:            {"Count"},
	EvUndone:            {"Assistant", "Location"},
}

// Args gives the event's details by name for the seam, as EventArgs lists
// them: cards by code ("E2"), tiles, categories and libraries by id,
// places as keys ("r0c1"), seats by number; Other is a seat, or a card
// for exchanged, witch_kept and swapped. The details a case leaves out
// are absent (see EventVariants).
func (e Event) Args() map[string]any {
	out := map[string]any{}
	for _, name := range EventArgs[e.Kind] {
		switch name {
		case "Libraries":
			ids := make([]string, len(e.Libs))
			for i, l := range e.Libs {
				ids[i] = l.ID()
			}
			out[name] = ids
		case "Library":
			out[name] = e.Lib.ID()
		case "Assistant":
			out[name] = assistantID(e.Lib)
		case "Round":
			out[name] = e.Round
		case "Last":
			out[name] = e.Last
		case "Location":
			if e.Loc != 0 {
				out[name] = e.Loc.ID()
			}
		case "Category":
			out[name] = e.Cat.ID()
		case "Count":
			out[name] = e.Count
			if e.Kind == EvLooked || e.Kind == EvHandShown {
				out[name] = len(e.Cards)
			}
		case "Cards":
			if len(e.Cards) > 0 {
				codes := make([]string, len(e.Cards))
				for i, c := range e.Cards {
					codes[i] = CardCode(c)
				}
				out[name] = codes
			}
		case "Card":
			out[name] = CardCode(e.Card)
		case "Other":
			switch e.Kind {
			case EvExchanged, EvWitchKept, EvSwapped:
				out[name] = CardCode(e.Other)
			default:
				out[name] = e.Other
			}
		case "Place":
			if e.Kind == EvArchived || e.Kind == EvFlipped || e.Kind == EvSwapped || e.FromCollection || e.Archived {
				out[name] = PosKey(e.R, e.C)
			}
		case "Mode":
			switch e.Mode {
			case PosRight, PosLeft:
				out[name] = "pushed"
			case PosOver:
				out[name] = "over"
			case PosUnder:
				out[name] = "under"
			}
		case "Bid":
			if e.Loc == Auction {
				out[name] = e.Slot + 1
			}
		case "Shared":
			if e.Shared {
				out[name] = true
			}
		case "Guild":
			if e.Guild {
				out[name] = true
			}
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

// EventVariants lists each kind's variants: the suffixes of its other
// texts in the catalogue, for the cases that read differently (see
// EventIDs). A private event also has a ".hidden" text after its own.
var EventVariants = map[EventKind][]string{
	EvRoundStarted:  {".last"},
	EvLocationSetUp: {".face_down", ".none"},
	EvPlaced:        {".home", ".bid", ".shared", ".guild"},
	EvArchived:      {".pushed", ".over", ".under"},
	EvDiscarded:     {".from_collection"},
	EvPaid:          {".from_collection"},
	EvGave:          {".from_tile"},
	EvRevealed:      {".witch", ".none"},
	EvDenWon:        {".none"},
	EvBought:        {".archived"},
	EvLastRound:     {".limit"},
	EvScored:        {".public"},
	EvSoloDiscards:  {".none"},
	EvChecked:       {".none"},
	EvHandToPublic:  {".none"},
	EvHandShown:     {".empty"},
	EvUndone:        {".home"},
}

// SeatlessEvents are the kinds (or kinds and variants) told of no seat:
// their texts have no "Name".
var SeatlessEvents = []string{
	string(EvLibrariesOffered), string(EvLocationRevealed), string(EvLocationSetUp),
	string(EvLocationSetUp) + ".face_down", string(EvLocationSetUp) + ".none", string(EvRevealed),
	string(EvRevealed) + ".witch", string(EvRevealed) + ".none",
	string(EvResolving), string(EvTileCleared), string(EvLocationPermanent), string(EvLastRound) + ".limit",
	string(EvReshuffled), string(EvSoloHint), string(EvSoloDiscards), string(EvSoloDiscards) + ".none",
	string(EvInspection), string(EvScored) + ".public",
}

// EventIDs names the catalogue's texts for an event of the seam:
// "exlibris.event.<kind>" and the variant its details call for; hidden is
// the text the other seats read of a private event (its id plus
// ".hidden"; "" when the event is not private).
func EventIDs(e engine.Event) (id, hidden string) {
	id = "exlibris.event." + e.Kind
	has := func(name string) bool { _, ok := e.Args[name]; return ok }
	variant := ""
	switch EventKind(e.Kind) {
	case EvRoundStarted:
		if last, _ := e.Args["Last"].(bool); last {
			variant = ".last"
		}
	case EvLocationSetUp:
		if n, _ := e.Args["Count"].(int); n == 0 {
			variant = ".none"
		} else if !has("Cards") {
			variant = ".face_down"
		}
	case EvPlaced:
		switch {
		case !has("Location"):
			variant = ".home"
		case has("Guild"):
			variant = ".guild"
		case has("Shared"):
			variant = ".shared"
		case has("Bid"):
			variant = ".bid"
		}
	case EvArchived:
		if m, ok := e.Args["Mode"].(string); ok {
			variant = "." + m
		}
	case EvDiscarded, EvPaid:
		if has("Place") {
			variant = ".from_collection"
		}
	case EvGave:
		if has("Location") {
			variant = ".from_tile"
		}
	case EvRevealed:
		switch {
		case !has("Cards"):
			variant = ".none"
		case !has("Location"):
			variant = ".witch"
		}
	case EvDenWon:
		if !has("Cards") {
			variant = ".none"
		}
	case EvBought:
		if has("Place") {
			variant = ".archived"
		}
	case EvLastRound:
		if e.Seat < 0 {
			variant = ".limit"
		}
	case EvScored:
		if e.Seat < 0 {
			variant = ".public"
		}
	case EvSoloDiscards, EvChecked, EvHandToPublic:
		if !has("Cards") {
			variant = ".none"
		}
	case EvHandShown:
		if !has("Cards") {
			variant = ".empty"
		}
	case EvUndone:
		if !has("Location") {
			variant = ".home"
		}
	}
	id += variant
	if e.Private {
		hidden = id + ".hidden"
	}
	return id, hidden
}
