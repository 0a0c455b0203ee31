package exlibris

import (
	"context"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"atheneum/bot/face"
	"atheneum/bot/game"
	"atheneum/engine"
	ex "atheneum/engine/exlibris"
	"atheneum/i18n"
	"atheneum/store"
)

// The face's own subcommands, besides the kit's play.
const (
	cmdHand       = "hand"
	cmdCollection = "collection"
	cmdCity       = "city"
	cmdArchive    = "archive"
)

// The options of the face's subcommands.
const (
	optPlayer = "player"
	optCard   = "card"
	optPlace  = "place"
)

// Subcommands are play (your prompt again, for instance when direct
// messages are closed) and archive (a place typed, with suggestions),
// which act; hand, collection and city, answered from the last stored
// state.
func (f *Face) Subcommands() []face.Spec {
	sub := func(name string, readOnly bool, opts ...face.Spec) face.Spec {
		s := face.Sub(name, opts...)
		s.Key, s.ReadOnly = ex.ID+"."+name, readOnly
		return s
	}
	typed := func(name string, required bool) face.Spec {
		return face.Spec{Name: name, Kind: discordgo.ApplicationCommandOptionString, Required: required, Autocomplete: true, MaxLength: 20}
	}
	subs := f.Kit.Subcommands()[:1] // the kit's play
	return append(subs,
		sub(cmdArchive, false, typed(optPlace, true), typed(optCard, false)),
		sub(cmdHand, true),
		sub(cmdCollection, true, face.UserOption(optPlayer, false)),
		sub(cmdCity, true))
}

// HandleCommand answers the face's subcommands; only their author sees
// the answer. Archive is a move, which the adapter plays.
func (f *Face) HandleCommand(ctx context.Context, env face.Env, r face.Reply, name string, opts face.Options, in face.Target) (face.Decision, error) {
	rec := in.Rec()
	l := r.Lang()
	g := stateOf(rec)
	if g == nil {
		return face.Decision{}, face.RefuseID("cmd.in.lobby")
	}
	seat := game.SeatOf(rec, face.InteractionUser(r.Interaction()).ID)
	show := func(m face.Message) (face.Decision, error) {
		m.Content = polish(l, m.Content)
		return face.Decision{Show: &m}, nil
	}
	switch name {
	case face.SubPlay:
		return f.Kit.HandleCommand(ctx, env, r, name, opts, in)
	case cmdHand:
		if seat < 0 {
			return face.Decision{}, face.RefuseID("face.not.playing", "Command", ex.ID)
		}
		return show(face.Message{Content: handAnswer(l, rec, g, seat), Pictures: handPicture(env, rec, seat)})
	case cmdCollection:
		of := seat
		if id := opts.Str(optPlayer); id != "" {
			if of = game.SeatOf(rec, id); of < 0 {
				return face.Decision{}, face.RefuseID("exlibris.face.collection.nobody")
			}
		}
		if of < 0 {
			return face.Decision{}, face.RefuseID("exlibris.face.collection.whose")
		}
		return show(face.Message{Content: collectionAnswer(l, rec, g, of), Pictures: collectionPicture(env, rec, of)})
	case cmdCity:
		return show(face.Message{Content: cityAnswer(l, f, rec, g), Pictures: tablePicture(env, rec)})
	case cmdArchive:
		if seat < 0 {
			return face.Decision{}, face.RefuseID("face.not.playing", "Command", ex.ID)
		}
		return archiveTyped(l, rec, seat, opts.Str(optCard), opts.Str(optPlace))
	}
	return face.Decision{}, face.RefuseID("cmd.unknown", "Command", ex.ID)
}

// handAnswer is /exlibris hand: the seat's hand with each card's books,
// its speciality and the table's categories, its library and assistants.
func handAnswer(l i18n.Lang, rec *store.Game, g *ex.Game, seat int) string {
	view := g.View(seat)
	lines := []string{handLine(l, view, seat), secretLine(l, view, seat)}
	if lib := view.LibraryOf(seat); lib >= 0 {
		lines = append(lines, l.T("exlibris.face.library.power", "Library", libraryName(l, lib),
			"Assistant", assistantName(l, lib), "Power", l.T("exlibris.library."+lib.ID()+".power")))
	}
	if !g.Over() && g.Round() > 0 {
		lines = append(lines, reserveLine(l, view, seat))
	}
	return strings.Join(lines, "\n")
}

// collectionAnswer is /exlibris collection: a seat's collection as
// everyone sees it, row by row, with its books by category and how many
// cards its hand holds.
func collectionAnswer(l i18n.Lang, rec *store.Game, g *ex.Game, seat int) string {
	view := g.View(engine.Spectator)
	lines := []string{l.T("exlibris.face.collection.title", "Name", seatName(rec, seat), "Count", view.CollectionSize(seat))}
	lines = append(lines, collectionRows(l, shelfOf(view, seat))...)
	lines = append(lines, booksLine(l, view, seat), l.T("exlibris.face.collection.hand", "Count", view.HandSize(seat)))
	return strings.Join(lines, "\n")
}

// cityAnswer is /exlibris city: where the game stands, the table's
// categories, each location in play with its cards and assistants, the
// deck and the discard pile.
func cityAnswer(l i18n.Lang, f *Face, rec *store.Game, g *ex.Game) string {
	view := g.View(engine.Spectator)
	var lines []string
	if p := f.Position(l, rec); p != "" {
		lines = append(lines, l.T("exlibris.face.now", "Position", p))
	}
	lines = append(lines, tableLine(l, view))
	if !g.Over() {
		lines = append(lines, cityLines(l, rec, view, 1400)...)
	}
	lines = append(lines, l.T("exlibris.face.city.piles", "Deck", view.DeckSize(), "Discard", len(view.Discard()),
		"Name", seatName(rec, view.FirstPlayer())))
	if s := f.Scores(l, rec); s != "" {
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// archiving lists the cards seat may archive now, each with the places
// it may go to (Next's keys), in the order Next offers them.
func archiving(rec *store.Game, seat int) (cards []string, places map[string][]string) {
	st := rec.State
	if st == nil || st.Over() || !slices.Contains(st.Awaited(), seat) {
		return nil, nil
	}
	places = map[string][]string{}
	for _, c := range st.Next(seat, nil) {
		if _, ok := ex.CardByCode(c.Key); !ok || c.Move != "" {
			continue
		}
		for _, p := range st.Next(seat, []string{c.Key}) {
			if _, ok := parsePlace(p.Key); ok && p.Move != "" {
				places[c.Key] = append(places[c.Key], p.Key)
			}
		}
		if len(places[c.Key]) > 0 {
			cards = append(cards, c.Key)
		}
	}
	return cards, places
}

// archiveTyped plays /exlibris archive: the card (which may be left out
// when only one can be archived) archived at the place typed. Anything
// not offered is refused, saying what is.
func archiveTyped(l i18n.Lang, rec *store.Game, seat int, card, at string) (face.Decision, error) {
	cards, places := archiving(rec, seat)
	if len(cards) == 0 {
		return face.Decision{}, face.RefuseID("exlibris.face.archive.none", "Command", ex.ID)
	}
	card = strings.ToUpper(strings.TrimSpace(card))
	if card == "" && len(cards) == 1 {
		card = cards[0]
	}
	if !slices.Contains(cards, card) {
		return face.Decision{}, face.RefuseID("exlibris.face.archive.card", "Cards", strings.Join(cards, ", "))
	}
	at = strings.ToLower(strings.TrimSpace(at))
	if !slices.Contains(places[card], at) {
		return face.Decision{}, face.RefuseID("exlibris.face.archive.place", "Card", card, "Command", ex.ID)
	}
	for _, c := range rec.State.Next(seat, []string{card}) {
		if c.Key == at && c.Move != "" {
			return face.Decision{Move: c.Move}, nil
		}
	}
	return face.Decision{}, face.ErrStaleChoice
}

// Autocomplete suggests, for /exlibris archive, the cards the asker may
// archive now and the lit places of its collection for the card typed
// (or the first one), named in words, those matching what is typed first.
func (f *Face) Autocomplete(_ context.Context, r face.Reply, name string, opts face.Options, focused string, snap *game.Snapshot) []*discordgo.ApplicationCommandOptionChoice {
	if name != cmdArchive || snap == nil || stateOf(snap.Rec) == nil {
		return nil
	}
	rec, l := snap.Rec, r.Lang()
	seat := game.SeatOf(rec, face.InteractionUser(r.Interaction()).ID)
	cards, places := archiving(rec, seat)
	if len(cards) == 0 {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(opts.Str(focused)))
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(label, value string) {
		if len(out) < face.MaxOptions && (typed == "" || strings.Contains(strings.ToLower(label), typed) || strings.HasPrefix(value, typed)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: face.Clip(polish(l, label), face.MaxLabel), Value: value})
		}
	}
	d, _ := decisionOf(rec, seat)
	switch focused {
	case optCard:
		for _, c := range cards {
			id, _ := ex.CardByCode(c)
			add(cardLabel(l, id), c)
		}
	case optPlace:
		card := strings.ToUpper(strings.TrimSpace(opts.Str(optCard)))
		if !slices.Contains(cards, card) {
			card = cards[0]
		}
		n := newKeyNamer(l, rec, seat, d.Kind, []string{card})
		for _, p := range places[card] {
			text, desc := n.name(p)
			if desc != "" {
				text += " (" + desc + ")"
			}
			add(text, p)
		}
	}
	return out
}
