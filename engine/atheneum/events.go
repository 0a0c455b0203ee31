package atheneum

// EventType says what happened.
type EventType string

// The event types.
const (
	EvPicked          EventType = "picked"          // Seat chose (or changed) its card, kept secret
	EvRevealed        EventType = "revealed"        // Seat's card Card was revealed
	EvReceived        EventType = "received"        // Seat received Benefit from From's card
	EvPoints          EventType = "points"          // Seat scored Points from a card
	EvWandGained      EventType = "wand_gained"     // Seat took a wand from its supply
	EvWandLost        EventType = "wand_lost"       // Seat's wand supply was empty: the wand is lost
	EvTokenDrawn      EventType = "token_drawn"     // Seat drew bonus token Token
	EvBagRefilled     EventType = "bag_refilled"    // the used tokens went back into the bag
	EvSideShelfLost   EventType = "side_shelf_lost" // Seat could not take a side shelf
	EvShelved         EventType = "shelved"         // Seat shelved a book (or a pair) at At
	EvRemoved         EventType = "removed"         // Seat took the book (or pair) at At off to reshelve it
	EvSpiderCaptured  EventType = "spider_captured" // Seat filled Comp and captured its spider
	EvRewardChosen    EventType = "reward_chosen"   // Seat chose Reward for a spider
	EvTokenUsed       EventType = "token_used"      // Seat used Token for its benefit
	EvCandlePlaced    EventType = "candle_placed"   // Seat placed Token as a candle in slot Candle
	EvSideShelfPlaced EventType = "side_shelf_placed"
	EvObjectiveScored EventType = "objective_scored" // Seat scored Objective for Points (Wand: with a wand back)
	EvUndone          EventType = "undone"           // Seat undid its last action; Points is the score change
	EvItemsLost       EventType = "items_lost"       // Seat finished with N items unused
	EvSeatDone        EventType = "seat_done"
	EvObjectiveLeft   EventType = "objective_left" // Objective left the row; wands went back to supplies
	EvObjectiveDrawn  EventType = "objective_drawn"
	EvTurnStarted     EventType = "turn_started" // Phase/Turn began: a new pick step
	EvPhaseStarted    EventType = "phase_started"
	EvFinalScore      EventType = "final_score" // Seat scored Points in final category Category
	EvGameOver        EventType = "game_over"
)

// Event describes one thing that happened, for the channel feed and for
// checking that scores add up. Fields that do not apply are zero; Seat is -1
// when no seat is concerned.
type Event struct {
	Type      EventType `json:"type"`
	Seat      int       `json:"seat"`
	From      int       `json:"from,omitzero"`
	Card      string    `json:"card,omitempty"`
	Benefit   string    `json:"benefit,omitempty"`
	Objective string    `json:"objective,omitempty"`
	Token     int       `json:"token,omitzero"`
	Candle    int       `json:"candle,omitzero"`
	Comp      CompID    `json:"comp,omitzero"`
	At        Pos       `json:"at,omitzero"`
	Color     Color     `json:"color,omitzero"`
	Reward    Reward    `json:"reward,omitempty"`
	Category  string    `json:"category,omitempty"`
	Points    int       `json:"points,omitzero"`
	N         int       `json:"n,omitzero"`
	Wand      bool      `json:"wand,omitzero"`
	Phase     int       `json:"phase,omitzero"`
	Turn      int       `json:"turn,omitzero"`
}
