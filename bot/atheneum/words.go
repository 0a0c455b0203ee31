package atheneum

import (
	"atheneum/bot/game"
	"atheneum/engine/atheneum"
	"atheneum/i18n"
	"atheneum/store"
)

// engineErrorText words a refusal of the rules in l: the sentence is the
// catalogue's "engine.<code>", filled from the refusal's arguments, with
// colours, compartments, sides and kinds of item named in l too.
func engineErrorText(l i18n.Lang, e *atheneum.Error) string {
	kv := make([]any, 0, 2*len(e.Args))
	for _, a := range e.Args {
		kv = append(kv, a.Name, engineArgWords(l, a.Value))
	}
	return l.T("engine."+string(e.Code), kv...)
}

// engineArgWords turns one argument of a refusal into what its placeholder
// shows: numbers stay numbers (so "Count" can choose a plural form),
// notation stays as it is, and game terms come from the catalogue.
func engineArgWords(l i18n.Lang, v any) any {
	switch v := v.(type) {
	case atheneum.Color:
		return l.T("color." + v.String())
	case atheneum.CompID:
		return l.T("compartment." + v.String())
	case atheneum.Side:
		return l.T("side." + string(v))
	case atheneum.ItemKind:
		return l.T("item.kind." + string(v))
	}
	return v
}

// seatSubject is a seat's favourite subject (NoColor when it has none).
func seatSubject(s store.Seat) atheneum.Color {
	c, ok := atheneum.ParseColor(s.Options[atheneum.SeatOptionSubject])
	if !ok {
		return atheneum.NoColor
	}
	return c
}

// stepOf is the service's step key of an Atheneum game.
func stepOf(g *atheneum.Game) string { return game.StepKey(&atheneum.State{Game: g}) }

// athGame is an Atheneum game's rules state, nil before the game starts.
func athGame(rec *store.Game) *atheneum.Game {
	if st, ok := rec.State.(*atheneum.State); ok {
		return st.Game
	}
	return nil
}
