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
// engine.Spectator (face.Game.Events): each event by the catalogue's text
// the rules name for it (ex.EventIDs: its kind and variant; a private
// event's ".hidden" text for every seat but its own), its details named as
// players know them: seats by name, tiles by number and name, libraries,
// assistants and categories by name, places by row and column.
func eventLines(l i18n.Lang, rec *store.Game, events []engine.Event, reader int) []string {
	var out []string
	for _, e := range events {
		e.Args = normalArgs(e.Args)
		id, hidden := ex.EventIDs(e)
		if hidden != "" && reader != e.Seat {
			id = hidden
		}
		if !l.Has(id) {
			continue
		}
		out = append(out, polish(l, l.T(id, eventArgs(l, rec, e)...)))
	}
	return out
}

// normalArgs gives an event's details the types the rules give them: an
// event read back from a stored notice has its numbers as float64 and its
// lists as []any.
func normalArgs(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		switch x := v.(type) {
		case float64:
			v = int(x)
		case []any:
			s := make([]string, len(x))
			for i, w := range x {
				s[i] = fmt.Sprint(w)
			}
			v = s
		}
		out[k] = v
	}
	return out
}

// eventArgs are an event's details as its words take them.
func eventArgs(l i18n.Lang, rec *store.Game, e engine.Event) []any {
	g := stateOf(rec)
	kv := []any{}
	if e.Seat >= 0 && e.Seat < len(rec.Seats) {
		kv = append(kv, "Name", seatName(rec, e.Seat))
	}
	for name, v := range e.Args {
		switch x := v.(type) {
		case string:
			v = argWords(l, g, e, name, x)
		case []string:
			words := make([]string, len(x))
			for i, s := range x {
				words[i] = argWords(l, g, e, name, s)
			}
			v = strings.Join(words, ", ")
		case int:
			if name == "Other" {
				v = seatName(rec, x)
			}
		}
		kv = append(kv, name, v)
	}
	return kv
}

// argWords names one word of an event's detail.
func argWords(l i18n.Lang, g *ex.Game, e engine.Event, name, v string) string {
	switch name {
	case "Location":
		return locationName(l, locationByID(v))
	case "Library", "Libraries":
		lib, _ := ex.LibraryByID(v)
		return libraryName(l, lib)
	case "Assistant":
		if lib, ok := ex.LibraryByID(v); ok {
			return l.T("exlibris.library." + lib.ID() + ".assistant.the")
		}
		return l.T("exlibris.term.assistant.a")
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
