package exlibris

import (
	"fmt"
	"strings"

	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/store"
)

// eventLines words what moves caused for reader, a seat or
// engine.Spectator (face.Game.Events): the catalogue's
// "exlibris.event.<kind>" (".own" for the seat it is about, where the
// catalogue has it; a private event's ".hidden" for everyone else), its
// arguments named as players know them: seats by name, tiles, libraries,
// assistants and categories by their names, places by row and column.
func eventLines(l i18n.Lang, rec *store.Game, events []engine.Event, reader int) []string {
	var out []string
	for _, e := range events {
		id := "exlibris.event." + e.Kind
		switch {
		case e.Private && reader != e.Seat:
			id += ".hidden"
		case reader == e.Seat && l.Has(id+".own"):
			id += ".own"
		}
		if !l.Has(id) {
			continue
		}
		out = append(out, polish(l, l.T(id, eventArgs(l, rec, e)...)))
	}
	return out
}

// eventArgs are an event's arguments as its words take them.
func eventArgs(l i18n.Lang, rec *store.Game, e engine.Event) []any {
	g := stateOf(rec)
	kv := []any{}
	switch {
	case e.Seat >= 0 && e.Seat < len(rec.Seats):
		kv = append(kv, "Name", seatName(rec, e.Seat))
	case e.Kind == string(ex.EvScored) || e.Kind == string(ex.EvHandToPublic):
		kv = append(kv, "Name", l.T("exlibris.term.public_library"))
	}
	for name, v := range e.Args {
		switch x := v.(type) {
		case string:
			v = argWords(l, rec, g, e, name, x)
		case []string:
			words := make([]string, len(x))
			for i, s := range x {
				words[i] = argWords(l, rec, g, e, name, s)
			}
			v = strings.Join(words, ", ")
		case []any:
			words := make([]string, len(x))
			for i, s := range x {
				words[i] = argWords(l, rec, g, e, name, fmt.Sprint(s))
			}
			v = strings.Join(words, ", ")
		case int:
			if name == "Other" {
				v = seatName(rec, x)
			}
		case float64: // events read back from a stored notice
			if name == "Other" {
				v = seatName(rec, int(x))
			} else {
				v = int(x)
			}
		}
		kv = append(kv, name, v)
	}
	return kv
}

// argWords names one word of an event's argument.
func argWords(l i18n.Lang, rec *store.Game, g *ex.Game, e engine.Event, name, v string) string {
	switch name {
	case "Location":
		return locationName(l, locationByID(v))
	case "Library", "Libraries":
		lib, _ := ex.LibraryByID(v)
		return libraryName(l, lib)
	case "Assistant":
		lib, _ := assistantByID(v)
		return assistantName(l, lib)
	case "Category":
		c, ok := ex.CategoryByID(v)
		if !ok {
			c = -1
		}
		return categoryName(l, c)
	case "Place":
		p, ok := parsePlace(v)
		if !ok || g == nil {
			return v
		}
		return rowCol(l, shelfOf(g, e.Seat), p)
	}
	return v
}
